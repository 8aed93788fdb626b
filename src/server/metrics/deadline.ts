/** Thrown when a probe or a read did not answer within its bound. */
export class DeadlineError extends Error {}

/** `promise`, or a DeadlineError after `ms`; the work itself goes on and is ignored. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
