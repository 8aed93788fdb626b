/**
 * Geometry shared by scripts/build-locations.ts and its data test: point in a
 * GeoJSON MultiPolygon (even-odd ray casting over every ring, so holes count)
 * and great-circle distance. Positions are [longitude, latitude] as in GeoJSON.
 */
import { readFileSync } from 'node:fs';

const PROVINCES_FILE = new URL('./iran-provinces.simplified.geojson', import.meta.url);

/** [longitude, latitude], as in GeoJSON. */
export type Position = [number, number];
export type Ring = Position[];
/** Outer ring then holes. */
export type Polygon = Ring[];

export interface ProvinceOutline {
  name: string;
  polygons: Polygon[];
}

/** The shape simplify-provinces.ts writes. */
interface SimplifiedProvincesFile {
  features: { properties: { name: string; nameEn: string }; geometry: { coordinates: Polygon[] } }[];
}

/** Province outlines from the vendored OSM extract: [{ name, polygons }]. */
export function loadProvinceOutlines(): ProvinceOutline[] {
  const geojson = JSON.parse(readFileSync(PROVINCES_FILE, 'utf8')) as SimplifiedProvincesFile;
  return geojson.features.map((f) => ({ name: f.properties.name, polygons: f.geometry.coordinates }));
}

function inRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inOutline(outline: ProvinceOutline, lat: number, lon: number): boolean {
  return outline.polygons.some((polygon) => polygon.filter((ring) => inRing(lon, lat, ring)).length % 2 === 1);
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** Distance in km from the point to the outline's nearest vertex, 0 inside. */
export function distanceOutsideKm(outline: ProvinceOutline, lat: number, lon: number): number {
  if (inOutline(outline, lat, lon)) return 0;
  let best = Infinity;
  for (const polygon of outline.polygons) {
    for (const ring of polygon) {
      for (const [x, y] of ring) best = Math.min(best, distanceKm(lat, lon, y, x));
    }
  }
  return best;
}
