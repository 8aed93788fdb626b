/**
 * The HTTP contract between the wizard and the server (docs/api.md): the paths, names and values
 * both sides run. The shapes exchanged are in wizard-api.schemas.ts.
 */

export const API_BASE = '/api/';

/** Id of the JSON data block in which the server inlines Register/Config into the wizard's pages. */
export const REGISTER_CONFIG_ELEMENT_ID = 'register-config';

export const apiPaths = {
  statistic: '/api/Statistic/Register',
  /** Public and anonymous: one visitor reached a step of the wizard. */
  statisticStep: '/api/Statistic/Step',
  config: '/api/Register/Config',
  captcha: '/api/Register/GetCaptcha',
  registration: '/api/Register/Pharmacy',
  locations: '/api/Utility/Locations',
  /** GET ?lat=&lng=: the point's address from the map provider; 404 address_unavailable without one. */
  address: '/api/Utility/Address',
  /** GET → CodeProofChallenge: the proof of work a browser solves before it may ask for addresses. */
  addressChallenge: '/api/Utility/Address/Challenge',
  /** POST { proof } → 204: the solved proof buys this pre-session a number of address lookups. */
  addressPass: '/api/Utility/Address/Pass',
  /** Liveness: the process answers and reaches its database. */
  health: '/api/health',
  /** Readiness: 200 only when this process should be sent traffic (503 with the reasons otherwise). */
  healthReady: '/api/health/ready',
} as const;

/** Angular's names, so an Angular client works unchanged. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Which map the location step and the console show: `osm` (OpenStreetMap's tiles, no
 * key), `neshan` (Neshan's web SDK: `key` is the web key, `type` its map type, `poi` and `traffic`
 * its layers), or `tiles` (any XYZ raster template, `{key}` filled from MAP_KEY).
 */
export const MAP_PROVIDERS = ['osm', 'neshan', 'tiles'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

/** The spec's map: Neshan's «dreamy» type, points of interest on, traffic off. */
export const NESHAN_MAP_DEFAULTS = { type: 'dreamy', poi: true, traffic: false } as const;

/** The options only Neshan's SDK reads: on another provider they would be silently dropped. */
export const NESHAN_ONLY_MAP_OPTIONS = ['type', 'poi', 'traffic'] as const;
