import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locations } from '../../shared/contracts/wizard-api.schemas.js';

/** The locations answer, prepared once: body in three encodings with their strong ETags. */
export interface LocationsResource {
  /** The provinces and cities themselves (their names, for the staff console's answers). */
  data: Locations;
  provinceOfCity: Map<number, number>;
  variants: Record<Encoding, { body: Buffer; etag: string }>;
}

export type Encoding = 'identity' | 'gzip' | 'br';

export function loadLocations(file: string): LocationsResource {
  const text = readFileSync(file, 'utf8');
  const data = JSON.parse(text) as Locations;
  if (!Array.isArray(data.provinces) || !Array.isArray(data.cities)) {
    throw new Error(`${file} must hold { "provinces": [...], "cities": [...] }`);
  }
  const body = Buffer.from(JSON.stringify({ provinces: data.provinces, cities: data.cities }));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return {
    data: { provinces: data.provinces, cities: data.cities },
    provinceOfCity: new Map(data.cities.map((city) => [city.id, city.provinceId])),
    variants: {
      identity: { body, etag: `"${hash}"` },
      // Each encoding is a different representation, so each gets its own strong tag.
      gzip: { body: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` },
      br: {
        body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        etag: `"${hash}-br"`,
      },
    },
  };
}

/** br when accepted, else gzip, else the plain body (q=0 means refused). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names any current representation of the resource. */
export function matchesAnyTag(ifNoneMatch: string | undefined, resource: LocationsResource): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return Object.values(resource.variants).some((variant) => tags.includes(variant.etag));
}
