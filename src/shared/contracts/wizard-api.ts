/**
 * The HTTP contract between the wizard and the server (docs/api.md). Types only; the
 * server's route JSON Schemas mirror these and its tests import both.
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

export interface Tier {
  id: number;
  title: string;
}

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

/** GET /api/Utility/Address?lat=&lng=: the provider's Persian address of a point (reverse geocoding). */
export interface AddressSuggestion {
  address: string;
}

export interface MapSettings {
  provider: MapProvider;
  tileUrl: string;
  /** `tiles` only: the template's subdomains for `{s}`. */
  subdomains?: string[];
  /**
   * Whether GET /api/Utility/Address can answer for this map (a service and its key are
   * configured on the server): without one the wizard never asks.
   */
  addressService?: boolean;
  attribution?: string;
  key?: string;
  /**
   * `neshan` only (a warning in schemas:check on another provider): its map type and layers. The
   * server fills NESHAN_MAP_DEFAULTS in for any left out, so with `neshan` all three are set.
   */
  type?: string;
  poi?: boolean;
  traffic?: boolean;
  center: { latitude: number; longitude: number };
  zoom: number;
  flyToZoom: number;
  flyToDurationSeconds: number;
  marker: { width: number; height: number };
}

export interface RegisterConfig {
  tiers: Tier[];
  defaultTier: number;
  map: MapSettings;
  definitionVersion: string;
  /** false when the server is run with ANALYTICS=off: the wizard then reports nothing of the visit. */
  analytics?: false;
}

export interface Captcha {
  id: string;
  question: string;
  options: string[];
}

export interface Province {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

export interface City {
  id: number;
  name: string;
  provinceId: number;
  latitude: number;
  longitude: number;
}

export interface Locations {
  provinces: Province[];
  cities: City[];
}

export interface RegistrationAnswer {
  message: string;
  trackingCode: string;
}
