import { useMemo } from 'react';
import type { City, Province } from '../src/shared/contracts/wizard-api.schemas.js';
import { foldPlaceName } from '../src/shared/text/normalize.js';
import { useWidgetServices } from './services.js';
import { persianCollator } from './shared.js';

export interface SortedLocations {
  provinces: Province[];
  citiesByProvince: Map<number, City[]>;
  cityById: Map<number, City>;
}

/** Provinces and cities sorted by Persian name, cities grouped by province; one shared fetch. */
export function useSortedLocations() {
  const query = useWidgetServices().useLocations();
  const sorted = useMemo(
    () => (query.data ? sortLocations(query.data.provinces, query.data.cities) : undefined),
    [query.data],
  );
  return { ...query, sorted };
}

export function sortLocations(provinces: Province[], cities: City[]): SortedLocations {
  const byName = (a: { name: string }, b: { name: string }) => persianCollator.compare(a.name, b.name);
  const citiesByProvince = new Map<number, City[]>();
  const cityById = new Map<number, City>();
  for (const city of [...cities].sort(byName)) {
    cityById.set(city.id, city);
    const list = citiesByProvince.get(city.provinceId);
    if (list) list.push(city);
    else citiesByProvince.set(city.provinceId, [city]);
  }
  return { provinces: [...provinces].sort(byName), citiesByProvince, cityById };
}

/** Search key: a place name folded so spelling variants match (see foldPlaceName). */
export function searchKey(text: string): string {
  return foldPlaceName(text);
}

/** Cities whose name contains the query (names starting with it first). */
export function filterCities(cities: City[], query: string): City[] {
  const key = searchKey(query);
  if (key === '') return cities;
  const starts: City[] = [];
  const contains: City[] = [];
  for (const city of cities) {
    const name = searchKey(city.name);
    // The key drops a leading «بندر»; kept here too, «بندر» typed alone still lists the ports.
    const withPort = /^\s*بندر/.test(city.name) ? `بندر${name}` : name;
    if (name.startsWith(key) || withPort.startsWith(key)) starts.push(city);
    else if (name.includes(key)) contains.push(city);
  }
  return [...starts, ...contains];
}
