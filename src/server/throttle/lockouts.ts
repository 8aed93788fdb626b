/** Told the kind of a key (its prefix, e.g. `account`, `sms-number`) each time one earns its lock. */
export type LockoutListener = (kind: string) => void;

const listeners = new Set<LockoutListener>();

/** Listens for locks earned in this process (the metrics count them); returns how to stop listening. */
export function onLockout(listener: LockoutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A key just earned its lock. Only the key's prefix leaves this room: the rest names a person
 * (an e-mail, a tracking code, a number's hash, an address).
 */
export function lockoutEarned(key: string): void {
  if (listeners.size === 0) return;
  const kind = /^([a-z][a-z-]{0,30}):/.exec(key)?.[1] ?? 'other';
  for (const listener of listeners) listener(kind);
}
