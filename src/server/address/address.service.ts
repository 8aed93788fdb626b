import type { FastifyBaseLogger } from 'fastify';
import type { MapProvider } from '../../shared/contracts/wizard-api.js';
import type { MapServiceConfig, MapServiceKind } from '../config.js';

/** A point as the route checked it: inside Iran's box, in degrees. */
export interface Point {
  lat: number;
  lng: number;
}

/** What one provider's answer says: the full address and, when given apart, its city and province. */
interface ProviderAddress {
  address: string;
  city?: string;
  province?: string;
}

interface ServiceAdapter {
  defaultUrl: string;
  request(base: string, point: Point, key: string): { url: string; headers: Record<string, string> };
  read(body: unknown): ProviderAddress | undefined;
}

/** Neshan's reverse geocoding v5: `Api-Key` header; `{ status: 'OK', formatted_address, city, state }`. */
const neshan: ServiceAdapter = {
  defaultUrl: 'https://api.neshan.org',
  request: (base, point, key) => ({
    url: `${base}/v5/reverse?lat=${point.lat}&lng=${point.lng}`,
    headers: { 'Api-Key': key },
  }),
  read: (body) => {
    if (!isRecord(body) || body.status !== 'OK') return undefined;
    return addressOf(body.formatted_address, body.city, body.state);
  },
};

/** Map.ir's reverse: `x-api-key` header; `postal_address` (city, main street, last street) with `city` and `province`. */
const mapir: ServiceAdapter = {
  defaultUrl: 'https://map.ir',
  request: (base, point, key) => ({
    url: `${base}/reverse?lat=${point.lat}&lon=${point.lng}`,
    headers: { 'x-api-key': key },
  }),
  read: (body) => {
    if (!isRecord(body)) return undefined;
    return addressOf(body.postal_address ?? body.address, body.city, body.province);
  },
};

const adapters: Record<MapServiceKind, ServiceAdapter> = { neshan, mapir };

/** A reverse-geocoding answer is a few hundred bytes; a larger one is not read into memory. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** The answer's JSON, read up to MAX_ANSWER_BYTES; undefined (and the rest left unread) past it. */
async function boundedJson(response: Response): Promise<unknown> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES || !response.body) {
    await response.body?.cancel();
    return undefined;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(part.value);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/** Points within about 11 m share one answer: a pin dragged back and forth asks the provider once. */
const CACHE_DECIMALS = 4;
const CACHE_ENTRIES = 10_000;
const CACHE_MS = 24 * 3_600_000;

/**
 * Reverse geocoding through the configured service, cached by rounded point. Every failure (no
 * service, its error codes — Neshan's 470 and 480–485 among them —, a timeout, a body that is not
 * what it documents) is `undefined`: no suggestion, never an error on the step.
 */
/** The service for a map: MAP_SERVICE when set, Neshan's for the `neshan` map, none otherwise (and none without a key). */
export function addressServiceKind(config: MapServiceConfig, provider: MapProvider): MapServiceKind | undefined {
  if (!config.key) return undefined;
  if (config.kind) return config.kind;
  return provider === 'neshan' ? 'neshan' : undefined;
}

export class AddressService {
  private readonly cache = new Map<string, { address: string; until: number }>();
  private readonly pending = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly config: MapServiceConfig,
    private readonly log: FastifyBaseLogger,
    /** Counts a call to the paid service before it is made; throws to refuse it (address-budget.ts). */
    private readonly beforeCall: () => Promise<void> = async () => undefined,
  ) {}

  kindFor(provider: MapProvider): MapServiceKind | undefined {
    return addressServiceKind(this.config, provider);
  }

  async addressOf(provider: MapProvider, point: Point): Promise<string | undefined> {
    const kind = this.kindFor(provider);
    if (!kind) return undefined;
    const cacheKey = `${kind}:${point.lat.toFixed(CACHE_DECIMALS)},${point.lng.toFixed(CACHE_DECIMALS)}`;
    const cached = this.cache.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.address;
    // Requests for the same point at once share one call to the provider.
    const asked = this.pending.get(cacheKey) ?? this.ask(kind, cacheKey, point);
    this.pending.set(cacheKey, asked);
    return asked;
  }

  private async ask(kind: MapServiceKind, cacheKey: string, point: Point): Promise<string | undefined> {
    try {
      // Only a call that reaches the provider is counted: an answer from the cache costs nothing.
      await this.beforeCall();
      const found = await this.fetchAddress(kind, point);
      if (found) this.remember(cacheKey, found);
      return found;
    } finally {
      this.pending.delete(cacheKey);
    }
  }

  private async fetchAddress(kind: MapServiceKind, point: Point): Promise<string | undefined> {
    const adapter = adapters[kind];
    const { url, headers } = adapter.request(this.config.url ?? adapter.defaultUrl, point, this.config.key ?? '');
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (!response.ok) {
        // The status and the provider's own code say what went wrong (a key, a quota); the key is in no line.
        this.log.warn({ service: kind, status: response.status }, 'map service refused an address');
        return undefined;
      }
      const body = await boundedJson(response);
      if (body === undefined) {
        this.log.warn({ service: kind, limitBytes: MAX_ANSWER_BYTES }, 'map service answered more than an address');
        return undefined;
      }
      const found = adapter.read(body);
      if (!found) this.log.warn({ service: kind }, 'map service answered without an address');
      return found ? streetAddress(found) : undefined;
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'unknown';
      this.log.warn({ service: kind, reason }, 'map service did not answer an address');
      return undefined;
    }
  }

  private remember(cacheKey: string, address: string): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(cacheKey, { address, until: Date.now() + CACHE_MS });
  }
}

/**
 * The street address the address box asks for: the provider's address without the province and
 * the city at its start (the form has fields for both), and without the separators left behind.
 */
export function streetAddress({ address, city, province }: ProviderAddress): string | undefined {
  let rest = address.trim();
  for (const part of [province, city]) {
    if (!part) continue;
    for (const prefix of [`استان ${part}`, `شهر ${part}`, part]) {
      if (rest.startsWith(prefix)) {
        rest = rest.slice(prefix.length).replace(/^[\s،,\-–/]+/, '');
        break;
      }
    }
  }
  return rest === '' ? undefined : rest;
}

function addressOf(address: unknown, city: unknown, province: unknown): ProviderAddress | undefined {
  if (typeof address !== 'string' || address.trim() === '') return undefined;
  return {
    address,
    city: typeof city === 'string' ? city : undefined,
    province: typeof province === 'string' ? province : undefined,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
