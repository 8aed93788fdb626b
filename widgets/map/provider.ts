/**
 * The map provider's options, read from Register/Config in one place: where `type`, `poi` and
 * `traffic` live in MapSettings may move (issue 25), and only this function would change.
 */
import type { MapProvider, MapSettings } from '../../src/shared/api-contract.js';
import { tileUrlFor } from './centre.js';

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
    type: settings.type,
    poi: settings.poi,
    traffic: settings.traffic,
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
