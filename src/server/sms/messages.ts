import { fa } from '../../shared/text/strings.fa.js';
import { STATUS_ROUTE } from '../../shared/contracts/followup.js';

/**
 * A notice's text from its template in strings.fa.ts. Values are put in as they are (not in
 * Persian digits, unlike the UI's fill): a tracking code and an address must be typed back exactly.
 */
function fillAsIs(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}

/** The status page's address, the tracking code filled in (never the mobile). */
export function statusPageUrl(publicUrl: string, trackingCode: string): string {
  return `${publicUrl}${STATUS_ROUTE}?code=${encodeURIComponent(trackingCode)}`;
}

export function receiptText(publicUrl: string, trackingCode: string): string {
  return fillAsIs(fa.followup.sms.receipt, { code: trackingCode, url: statusPageUrl(publicUrl, trackingCode) });
}

export function decisionText(publicUrl: string, decision: 'approved' | 'rejected', trackingCode: string): string {
  return fillAsIs(fa.followup.sms[decision], { code: trackingCode, url: statusPageUrl(publicUrl, trackingCode) });
}
