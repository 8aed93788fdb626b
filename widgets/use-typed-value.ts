import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** How long typing may pause before the value is handed to RJSF. */
const TYPING_PAUSE_MS = 300;

/** Runs `task` in a task after the next frame (so after the keystroke's paint); returns a cancel. */
function afterNextPaint(task: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timeout !== undefined) clearTimeout(timeout);
  };
}

function afterPause(task: () => void): () => void {
  const timeout = setTimeout(task, TYPING_PAUSE_MS);
  return () => clearTimeout(timeout);
}

/**
 * A text field's value while the manager types. RJSF recomputes the whole form on every change
 * it is handed (its issues #3715, #4695), which at 4× CPU costs more than a frame. So a keystroke
 * re-renders only the field, and the value reaches RJSF once typing pauses; at once when the field
 * loses focus, Enter is pressed (a submit then sees it) or the page is hidden (the draft is saved);
 * and after each keystroke's frame while the field shows an error (the message follows the text).
 * When RJSF's value changes from elsewhere (a draft restored, a value normalised), the field
 * follows it.
 */
export function useTypedValue<T>(value: T, onChange: (next: T) => void, options: { immediate?: boolean } = {}) {
  const [typed, setTyped] = useState<{ value: T } | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const cancel = useRef<(() => void) | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  const immediate = options.immediate ?? false;

  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  const flush = useCallback(() => {
    cancel.current?.();
    cancel.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (next) latestOnChange.current(next.value);
  }, []);

  const change = useCallback(
    (next: T) => {
      pending.current = { value: next };
      setTyped({ value: next });
      if (immediate) {
        cancel.current ??= afterNextPaint(flush);
        return;
      }
      cancel.current?.();
      cancel.current = afterPause(flush);
    },
    [flush, immediate],
  );

  // RJSF has the value (or another one): show RJSF's again.
  useEffect(() => {
    if (pending.current === null) setTyped(null);
  }, [value]);

  // Leaving or hiding the page: the value reaches RJSF, and through it the draft, before the
  // store saves (capture listeners run before the store's).
  useEffect(() => {
    const leave = () => {
      if (pending.current) flushSync(flush);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave, true);
    document.addEventListener('visibilitychange', hidden, true);
    return () => {
      window.removeEventListener('pagehide', leave, true);
      document.removeEventListener('visibilitychange', hidden, true);
      flush();
    };
  }, [flush]);

  return { value: typed ? typed.value : value, change, flush };
}
