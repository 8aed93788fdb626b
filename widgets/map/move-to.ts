import type { Map as LeafletMap } from 'leaflet';
import type { FlyTarget } from './centre.js';

/** Flies (or jumps, when motion is reduced or the map has no size) to a target. */
export function moveTo(map: LeafletMap, target: FlyTarget): void {
  const size = map.getSize();
  const reduced =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduced || size.x === 0 || size.y === 0) {
    map.setView(target.center, target.zoom, { animate: false });
    return;
  }
  map.flyTo(target.center, target.zoom, { duration: target.durationSeconds });
}
