/**
 * The map widget's logic without Leaflet or a DOM: rounding, the first view (restore a saved
 * point or start at the configured centre), which place to fly to when the province or city
 * changes, the tile URL and the provider's options. Tested on its own because jsdom cannot lay a map out.
 */
import { NESHAN_MAP_DEFAULTS, type MapProvider } from '../../src/shared/contracts/wizard-api.js';
import type { Locations, MapSettings } from '../../src/shared/contracts/wizard-api.schemas.js';

export type LatLngTuple = [latitude: number, longitude: number];

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface MapView {
  center: LatLngTuple;
  zoom: number;
  /** True when the view comes from a saved point (draft), false for the configured default. */
  restored: boolean;
}

export interface FlyTarget {
  center: LatLngTuple;
  zoom: number;
  durationSeconds: number;
}

export interface Place {
  province?: number;
  city?: number;
}

/** Six decimals (about 11 cm): what the form stores and the server receives. */
export function roundCoordinate(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function roundCoordinates(latitude: number, longitude: number): Coordinates {
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}

/** A usable saved latitude: a finite, non-zero number (the draft's default 0 means "not set"). */
export function isSavedLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 && Math.abs(value) <= 90;
}

/** A usable saved longitude, by the same rule. */
export function isSavedLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 && Math.abs(value) <= 180;
}

/** A saved latitude restores the view there at the fly-to zoom (14); else the configured centre and zoom. */
export function initialView(saved: { latitude?: unknown; longitude?: unknown }, settings: MapSettings): MapView {
  if (isSavedLatitude(saved.latitude)) {
    const longitude = isSavedLongitude(saved.longitude) ? saved.longitude : settings.center.longitude;
    return { center: [saved.latitude, longitude], zoom: settings.flyToZoom, restored: true };
  }
  return { center: [settings.center.latitude, settings.center.longitude], zoom: settings.zoom, restored: false };
}

/**
 * Where to fly after the province or city fields changed from `previous` to `next`: a newly
 * chosen city wins; else a newly chosen province; clearing either flies nowhere.
 */
export function flyTargetFor(
  previous: Place,
  next: Place,
  locations: Locations,
  settings: MapSettings,
): FlyTarget | undefined {
  const to = (point: Coordinates | undefined): FlyTarget | undefined =>
    point && Number.isFinite(point.latitude) && Number.isFinite(point.longitude)
      ? {
          center: [point.latitude, point.longitude],
          zoom: settings.flyToZoom,
          durationSeconds: settings.flyToDurationSeconds,
        }
      : undefined;
  if (next.city !== undefined && next.city !== previous.city) {
    const target = to(locations.cities.find((city) => city.id === next.city));
    if (target) return target;
  }
  if (next.province !== undefined && next.province !== previous.province) {
    return to(locations.provinces.find((province) => province.id === next.province));
  }
  return undefined;
}

/** The tile URL with `{key}` filled; undefined when the template needs a key and none is configured. */
export function tileUrlFor(settings: Pick<MapSettings, 'tileUrl' | 'key'>): string | undefined {
  if (!settings.tileUrl) return undefined;
  if (!settings.tileUrl.includes('{key}')) return settings.tileUrl;
  if (!settings.key) return undefined;
  return settings.tileUrl.split('{key}').join(encodeURIComponent(settings.key));
}

// The map provider's options, read from Register/Config in one place: where `type`, `poi` and
// `traffic` live in MapSettings may move, and only providerOptions() would change.

export interface ProviderOptions {
  provider: MapProvider;
  key: string | undefined;
  type: string;
  poi: boolean;
  traffic: boolean;
  tileUrl: string;
  subdomains: string[] | undefined;
  attribution: string | undefined;
}

export function providerOptions(settings: MapSettings): ProviderOptions {
  return {
    provider: settings.provider,
    key: settings.key,
    type: settings.type ?? NESHAN_MAP_DEFAULTS.type,
    poi: settings.poi ?? NESHAN_MAP_DEFAULTS.poi,
    traffic: settings.traffic ?? NESHAN_MAP_DEFAULTS.traffic,
    tileUrl: settings.tileUrl,
    subdomains: settings.subdomains,
    attribution: settings.attribution,
  };
}

/** react-leaflet TileLayer props for `osm` and `tiles`; undefined when the template needs a missing key. */
export function tileLayerProps(
  options: ProviderOptions,
): { url: string; attribution?: string; subdomains?: string[] } | undefined {
  const url = tileUrlFor(options);
  if (!url) return undefined;
  const subdomains = options.subdomains?.length ? options.subdomains : undefined;
  return { url, attribution: options.attribution, ...(subdomains ? { subdomains } : {}) };
}

/** The options Neshan's SDK documents for `new L.Map(el, …)`: key, maptype, poi, traffic. */
export interface NeshanMapOptions {
  key: string;
  maptype: string;
  poi: boolean;
  traffic: boolean;
}

export function neshanMapOptions(options: ProviderOptions): NeshanMapOptions {
  return { key: options.key ?? '', maptype: options.type, poi: options.poi, traffic: options.traffic };
}
