/** What the server acknowledged, checked against what the database holds. */
import type { Row } from './db.js';
import type { Registration } from './data.js';
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
    return found.length === 1 && a.registration !== undefined && rowDiffers(found[0], a.registration);
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

/** The columns a registration must be stored with (normalised values, as the manager meant them). */
export function expectedColumns(r: Registration): Record<string, unknown> {
  return {
    pharmacy_name: r.name,
    type: r.type,
    service: r.service,
    city_id: r.cityId,
    tier: r.tier,
    latitude: r.latitude,
    longitude: r.longitude,
    address: r.address,
    has_davajoo: r.hasDavajoo ? 1 : 0,
    first_name: r.adminData.firstName,
    last_name: r.adminData.lastName,
    national_code: r.adminData.nationalCode,
    mobile_number: r.adminData.mobileNumber,
    status: 'new',
  };
}

export function rowDiffers(row: Row, r: Registration): string | undefined {
  for (const [column, value] of Object.entries(expectedColumns(r))) {
    const stored = typeof value === 'number' ? Number(row[column]) : row[column];
    if (stored !== value) return `${column}: stored ${JSON.stringify(row[column])}, sent ${JSON.stringify(value)}`;
  }
  return undefined;
}
