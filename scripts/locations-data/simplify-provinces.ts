/**
 * One-off: writes scripts/locations-data/iran-provinces.simplified.geojson from
 * data/provinces/provinces.min.geojson of hosseinhabibi2004/iran-geojson (see
 * README.md here). Douglas-Peucker at TOLERANCE degrees per ring; a ring the
 * simplification would collapse (small islands such as Kish) is kept whole, so
 * islands stay inside their province. Coordinates rounded to 4 decimals (~11 m).
 *   Run: npx tsx scripts/locations-data/simplify-provinces.ts <provinces.min.geojson>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Polygon, Position, Ring } from './geo';

/** The parts of hosseinhabibi2004/iran-geojson's provinces.min.geojson read here. */
interface SourceProvince {
  properties: { 'name:fa': string; 'name:en': string };
  geometry: { type: 'Polygon'; coordinates: Polygon } | { type: 'MultiPolygon'; coordinates: Polygon[] };
}

const TOLERANCE = 0.01; // degrees, ~1 km: far below the distances the test cares about
const OUT = new URL('./iran-provinces.simplified.geojson', import.meta.url);

function perpendicular([x, y]: Position, [x1, y1]: Position, [x2, y2]: Position): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len === 0) return Math.hypot(x - x1, y - y1);
  return Math.abs(dy * x - dx * y + x2 * y1 - y2 * x1) / len;
}

function douglasPeucker(points: Ring, tolerance: number): Ring {
  if (points.length < 3) return points;
  let index = 0;
  let max = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const d = perpendicular(points[i], points[0], points[points.length - 1]);
    if (d > max) [index, max] = [i, d];
  }
  if (max <= tolerance) return [points[0], points[points.length - 1]];
  const left = douglasPeucker(points.slice(0, index + 1), tolerance);
  return [...left.slice(0, -1), ...douglasPeucker(points.slice(index), tolerance)];
}

const round = ([x, y]: Position): Position => [Math.round(x * 1e4) / 1e4, Math.round(y * 1e4) / 1e4];

function simplifyRing(ring: Ring): Ring {
  const simple = douglasPeucker(ring, TOLERANCE);
  return (simple.length >= 4 ? simple : ring).map(round);
}

const source = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as { features: SourceProvince[] };
const features = source.features.map((f) => {
  const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  return {
    type: 'Feature',
    properties: { name: f.properties['name:fa'], nameEn: f.properties['name:en'] },
    geometry: { type: 'MultiPolygon', coordinates: polygons.map((p) => p.map(simplifyRing)) },
  };
});
const lines = features.map((f) => JSON.stringify(f)).join(',\n');
writeFileSync(OUT, `{"type":"FeatureCollection","features":[\n${lines}\n]}\n`);
console.log(`wrote ${features.length} provinces`);
