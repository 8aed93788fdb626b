/** What the server acknowledged, checked against what the database holds. */
import type { Row } from './db.js';
import type { Attempt } from './load.js';

export interface Reconciliation {
  acknowledged: number;
  rowsFound: number;
  lost: Attempt[];
  duplicates: string[];
  mismatched: Attempt[];
  unexpectedRows: number;
}

/** Every acknowledged registration against the rows: found once, with the data that was sent. */
export function reconcile(attempts: Attempt[], rows: Row[]): Reconciliation {
  const byTracking = new Map<string, Row[]>();
  const byNationalCode = new Map<string, number>();
  for (const row of rows) {
    const code = String(row.tracking_code);
    byTracking.set(code, [...(byTracking.get(code) ?? []), row]);
    const national = String(row.national_code);
    byNationalCode.set(national, (byNationalCode.get(national) ?? 0) + 1);
  }
  const acknowledged = attempts.filter((a) => a.status === 200 && a.trackingCode);
  const lost = acknowledged.filter((a) => (byTracking.get(a.trackingCode!) ?? []).length === 0);
  const mismatched = acknowledged.filter((a) => {
    const found = byTracking.get(a.trackingCode!) ?? [];
    return found.length === 1 && String(found[0].national_code) !== a.registration?.adminData.nationalCode;
  });
  const duplicates = [...byNationalCode].filter(([, n]) => n > 1).map(([code]) => code);
  const acknowledgedCodes = new Set(acknowledged.map((a) => a.trackingCode));
  return {
    acknowledged: acknowledged.length,
    rowsFound: acknowledged.length - lost.length,
    lost,
    duplicates,
    mismatched,
    unexpectedRows: rows.filter((row) => !acknowledgedCodes.has(String(row.tracking_code))).length,
  };
}

export function summarise(attempts: Attempt[]): string {
  const byStatus = new Map<string, number>();
  for (const a of attempts) {
    const key = a.status === 0 ? `no answer (${a.error?.slice(0, 60)})` : `${a.stage ?? 'register'} ${a.status}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return [...byStatus].map(([k, n]) => `${k}: ${n}`).join(', ');
}
