import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * How long typing may pause before the value is handed to RJSF. The keystroke's only debounce: it
 * sits here, the first layer, because only here can RJSF be spared a recompute of the whole form
 * per keystroke; the wizard's store writes what it is handed at once.
 */
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

/**
 * Runs `task` once `due()` (a time on performance.now's clock) has passed; returns a cancel. One
 * timer for a whole burst of typing: a keystroke only moves the due time, instead of clearing a
 * timer and setting another (a measurable part of a keystroke's script at 4× CPU).
 */
function whenDue(due: () => number, task: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout>;
  const check = () => {
    const wait = due() - performance.now();
    if (wait > 0) timeout = setTimeout(check, wait);
    else task();
  };
  timeout = setTimeout(check, Math.max(0, due() - performance.now()));
  return () => clearTimeout(timeout);
}

export interface TypedValueOptions<E> {
  /** Hand each keystroke to RJSF after its frame (while the field shows an error, so the message follows). */
  immediate?: boolean;
  /** Called after the field's text was rewritten from RJSF's value (a textarea refits its height). */
  onRewritten?: (element: E) => void;
}

export interface TypedValue<T, E> {
  /** The field's element: the text lives in it, not in React state. */
  ref: RefObject<E | null>;
  /** What the field shows for RJSF's value: its `defaultValue`. */
  defaultValue: string;
  /** The manager typed: `next` reaches RJSF later (see below). */
  change: (next: T) => void;
  /** Hand what was typed to RJSF now. */
  flush: () => void;
}

/**
 * A text field that types at the frame rate. RJSF recomputes the whole form on every change it is
 * handed (rjsf-team/react-jsonschema-form#3715 and #4695), and even a re-render of the one field costs a few ms at 4× CPU.
 * So the field is uncontrolled: a keystroke changes only the DOM, with no React render at all, and
 * the value reaches RJSF once typing pauses; at once when the field loses focus, Enter is pressed
 * (a submit then sees it) or the page is hidden (the draft is saved); and after each keystroke's
 * frame while the field shows an error (the message follows the text). When RJSF's value changes
 * from elsewhere (a draft restored, a value normalised) and nothing typed is pending, the field's
 * text is rewritten to `shown` of it.
 */
export function useTypedValue<T, E extends HTMLInputElement | HTMLTextAreaElement>(
  value: T,
  shown: string,
  onChange: (next: T) => void,
  options: TypedValueOptions<E> = {},
): TypedValue<T, E> {
  const ref = useRef<E | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const cancel = useRef<(() => void) | undefined>(undefined);
  /** When the pause after the last keystroke ends (performance.now's clock). */
  const pauseEnds = useRef(0);
  const latestOnChange = useRef(onChange);
  const latestOnRewritten = useRef(options.onRewritten);
  const immediate = options.immediate ?? false;

  useEffect(() => {
    latestOnChange.current = onChange;
    latestOnRewritten.current = options.onRewritten;
  }, [onChange, options.onRewritten]);

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
      if (immediate) {
        cancel.current ??= afterNextPaint(flush);
        return;
      }
      pauseEnds.current = performance.now() + TYPING_PAUSE_MS;
      cancel.current ??= whenDue(() => pauseEnds.current, flush);
    },
    [flush, immediate],
  );

  // RJSF's value changed: the field shows it, unless the manager's typing is still on its way.
  useLayoutEffect(() => {
    const element = ref.current;
    if (pending.current !== null || !element || element.value === shown) return;
    element.value = shown;
    latestOnRewritten.current?.(element);
  }, [shown]);

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

  return { ref, defaultValue: shown, change, flush };
}
