import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useHydrated } from './use-hydrated.js';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { MapPlaceholder } from './map/MapPlaceholder.js';

/** Leaflet, react-leaflet and leaflet.css load only when a step shows the map. */
const LocationMapView = lazy(() => import('./map/LocationMapView.js'));

/**
 * `locationMap`: the pharmacy's position on a map with a marker fixed at the centre. Its value is
 * the latitude; `ui:options`: `longitudeField` (sibling written with the longitude, default
 * `longitude`), `provinceField` and `cityField` (siblings whose changes fly the map, defaults
 * `selectedState` and `cityId`). Settings (tiles, centre, zooms, marker size) from Register/Config.
 */
export default function LocationMapWidget(props: WidgetProps) {
  // Leaflet needs a browser: the pre-rendered HTML and its hydration show the placeholder.
  const hydrated = useHydrated();
  const placeholder = (
    <MapPlaceholder id={props.id}>
      <span role="status" className="widget-state widget-state--loading">
        {fa.widgets.map.loading}
      </span>
    </MapPlaceholder>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LocationMapView {...props} />
    </Suspense>
  );
}
