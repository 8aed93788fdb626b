import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Fixed: changing it makes every stored secret unreadable. */
const KEY_INFO = 'pharmacy-registration webhooks at rest v1';
const FORMAT = 'v1';

/** A new endpoint secret as Standard Webhooks names it: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Seals and opens what an endpoint keeps secret (its signing secrets, its custom header values)
 * with AES-256-GCM under a key derived by HKDF-SHA256 from the server's secret (CSRF_SECRET): a
 * copy of the database alone gives none of them away, and a tampered value fails to open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  open(stored: string): string {
    const [format, body] = stored.split('.');
    if (format !== FORMAT || body === undefined) throw new Error('unknown sealed format');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
