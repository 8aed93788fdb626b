import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/server/webhooks/address-check.js';
import { retryAfter, signatureHeaders } from '../../../src/server/webhooks/delivery.js';
import { newWebhookSecret, SecretBox } from '../../../src/server/webhooks/webhook-crypto.js';
import { retryDelay, RETRY_SCHEDULE_MS } from '../../../src/server/webhooks/webhook.worker.js';

const SERVER_SECRET = 'a server secret that is long enough 0123456789';

describe('the webhook secret box', () => {
  it('opens what it sealed, with a fresh nonce each time', () => {
    const box = new SecretBox(SERVER_SECRET);
    const secret = newWebhookSecret();
    const [one, two] = [box.seal(secret), box.seal(secret)];
    expect(one).not.toBe(two);
    expect(one).not.toContain(secret.slice(6, 20));
    expect(box.open(one)).toBe(secret);
    expect(box.open(two)).toBe(secret);
  });

  it('refuses a tampered value and a value sealed under another server secret', () => {
    const sealed = new SecretBox(SERVER_SECRET).seal('{"Authorization":"Bearer x"}');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => new SecretBox(SERVER_SECRET).open(`v1.${bytes.toString('base64url')}`)).toThrow();
    expect(() => new SecretBox(`${SERVER_SECRET}!`).open(sealed)).toThrow();
  });

  it('makes secrets of 32 random bytes that the receivers’ library takes', () => {
    const secret = newWebhookSecret();
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const at = Date.now();
    const headers = signatureHeaders({ webhookId: 'msg_1', body: '{"type":"ping"}', secrets: [secret], at });
    expect(new Webhook(secret).verify('{"type":"ping"}', headers)).toEqual({ type: 'ping' });
  });
});

describe('webhook delivery rules', () => {
  it('tells public unicast addresses from every other range', () => {
    for (const address of ['93.184.216.34', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±20 %), then gives up', () => {
    RETRY_SCHEDULE_MS.forEach((base, index) => {
      expect(retryDelay(index + 1, () => 0)).toBe(Math.round(base * 0.8));
      expect(retryDelay(index + 1, () => 1)).toBe(Math.round(base * 1.2));
    });
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(retryDelay(RETRY_SCHEDULE_MS.length + 1)).toBeUndefined();
  });

  it('reads Retry-After in seconds or as a date, within a day', () => {
    const now = Date.parse('2026-01-10T08:00:00Z');
    expect(retryAfter('120', now)).toBe(120_000);
    expect(retryAfter('Sat, 10 Jan 2026 08:05:00 GMT', now)).toBe(300_000);
    expect(retryAfter('9999999', now)).toBe(24 * 3_600_000);
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter(undefined, now)).toBeUndefined();
  });
});
