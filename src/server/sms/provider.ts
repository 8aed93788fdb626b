import type { SmsKind } from './sms.table.js';

/** One message as a provider sends it. */
export interface OutgoingSms {
  id: number;
  kind: SmsKind;
  /** The mobile number, 11 digits (never logged whole: see maskMobile). */
  receptor: string;
  /** A notice's text. */
  message: string | null;
  /** A code message's code. */
  token: string | null;
}

/**
 * What came of one attempt. `transient`: the network, a timeout, the provider's 5xx or an answer
 * that is not its JSON (a proxy): tried again later. `permanent`: the provider refused the message
 * itself (4xx: bad key, number, template, no credit), which trying again does not fix.
 */
export type SendOutcome = { ok: true; providerId?: string } | { ok: false; permanent: boolean; reason: string };

export interface SmsProvider {
  readonly name: 'log' | 'kavenegar';
  send(sms: OutgoingSms): Promise<SendOutcome>;
}

/** 0912•••6789: enough for a colleague to recognise a number, not enough to call it. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return '•'.repeat(mobile.length);
  return `${mobile.slice(0, 4)}${'•'.repeat(mobile.length - 8)}${mobile.slice(-4)}`;
}
