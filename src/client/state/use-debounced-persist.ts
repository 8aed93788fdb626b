/**
 * "Save, debounced, with a flush": the one way the client keeps something it must not lose (the
 * wizard's state in sessionStorage, the definition editor's draft on the server) without paying
 * for a save on every change.
 */
import { useEffect, useMemo, useRef } from 'react';

export interface DebouncedPersistOptions {
  delayMs: number;
  /**
   * `pause`: each change pushes the save back, so it happens once changes stop for `delayMs`.
   * `at-most`: the first change sets the time, so a save happens at most `delayMs` after it
   * however long the changes go on.
   */
  wait: 'pause' | 'at-most';
  /** Save at once when the page is hidden or left (`pagehide`, `beforeunload`, `visibilitychange`). */
  flushOnLeave: boolean;
  /** What unmounting does with a save still waiting: make it now, or drop it. */
  onUnmount: 'flush' | 'drop';
}

export interface DebouncedPersist<R> {
  /** A change to save: the save runs after the delay (see `wait`). */
  schedule: () => void;
  /** Saves now; a waiting save is no longer due. */
  flush: () => R;
  /** The waiting save is dropped. */
  cancel: () => void;
}

/** `save` is read when it runs, so it may close over the latest render. */
export function useDebouncedPersist<R>(save: () => R, options: DebouncedPersistOptions): DebouncedPersist<R> {
  const { delayMs, wait, flushOnLeave, onUnmount } = options;
  const latestSave = useRef(save);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latestSave.current = save;
  }, [save]);

  const persist = useMemo<DebouncedPersist<R>>(() => {
    const cancel = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    };
    const flush = () => {
      cancel();
      return latestSave.current();
    };
    const schedule = () => {
      if (wait === 'at-most' && timer.current !== undefined) return;
      cancel();
      timer.current = setTimeout(flush, delayMs);
    };
    return { schedule, flush, cancel };
  }, [delayMs, wait]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') persist.flush();
    };
    const listening = flushOnLeave && typeof window !== 'undefined';
    if (listening) {
      window.addEventListener('pagehide', persist.flush);
      window.addEventListener('beforeunload', persist.flush);
      document.addEventListener('visibilitychange', onHidden);
    }
    return () => {
      if (listening) {
        window.removeEventListener('pagehide', persist.flush);
        window.removeEventListener('beforeunload', persist.flush);
        document.removeEventListener('visibilitychange', onHidden);
      }
      if (onUnmount === 'flush') persist.flush();
      else persist.cancel();
    };
  }, [persist, flushOnLeave, onUnmount]);

  return persist;
}
