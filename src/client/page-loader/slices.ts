/**
 * How long one task may spend on the loader's steps before the rest waits for the next (ms). Each
 * preload the loader adds starts its fetch inside `appendChild`; at 4× CPU the twenty-odd of a
 * form step took 40–126 ms in one task right after the first paint. A fast device still does them
 * all in one task.
 */
export const SLICE_MS = 8;

/** Runs `steps` in order, in tasks of about SLICE_MS each (the step that crosses it ends its task). */
export function inSlices(steps: ReadonlyArray<() => void>): void {
  // A message, not a timer: a timer in a tab loaded in the background waits a second.
  const channel = new MessageChannel();
  let next = 0;
  const slice = () => {
    const started = performance.now();
    while (next < steps.length) {
      steps[next]();
      next += 1;
      if (performance.now() - started >= SLICE_MS) break;
    }
    if (next < steps.length) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  channel.port1.onmessage = slice;
  slice();
}
