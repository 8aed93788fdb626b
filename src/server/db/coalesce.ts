/**
 * Gathers the items added during one turn of the event loop and hands them to `flush` together:
 * a hundred captchas issued in one turn become one multi-row INSERT instead of a hundred.
 */
export function coalesce<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let items: T[] = [];
  let pending: Promise<void> | undefined;
  return (item) => {
    items.push(item);
    pending ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = items;
        items = [];
        pending = undefined;
        flush(batch).then(resolve, reject);
      });
    });
    return pending;
  };
}

/** Splits rows into chunks that stay under every database's bound-parameter limit. */
export function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
