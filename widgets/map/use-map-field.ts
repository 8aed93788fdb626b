import { useEffect, useState, type RefObject } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import type { MapSettings } from '../../src/shared/contracts/wizard-api.schemas.js';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { describedBy, invalid } from '../shared.js';
import { presentIds } from '../templates/field-focus.js';
import { moveTo } from './move-to.js';
import type { LatestField } from './use-map-value.js';

/**
 * The map's container is the widget's focusable element: role, name, hint, error and focus
 * events; disabled / readonly, the map shows the point but cannot be moved.
 */
export function useMapAsField(
  map: LeafletMap | null,
  field: { id: string; coordsId: string; rawErrors: string[] | undefined; locked: boolean },
  latest: RefObject<LatestField>,
) {
  const { id, coordsId, rawErrors, locked } = field;
  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', fa.widgets.map.label);
    // Set here, after the field's template dropped the ids missing from the page (the map is
    // created a task after the widget), so it drops them itself: the hint exists only with ui:help.
    const present = presentIds(container.ownerDocument, describedBy(id, coordsId).split(' '));
    if (present.length) container.setAttribute('aria-describedby', present.join(' '));
    container.setAttribute('aria-roledescription', fa.widgets.map.roleDescription);
    container.tabIndex = 0;
    const focus = () => latest.current.onFocus(id, latest.current.value);
    const blur = () => latest.current.onBlur(id, latest.current.value);
    container.addEventListener('focus', focus);
    container.addEventListener('blur', blur);
    return () => {
      container.removeEventListener('focus', focus);
      container.removeEventListener('blur', blur);
    };
  }, [map, id, coordsId, latest]);

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    if (invalid(rawErrors)) container.setAttribute('aria-invalid', 'true');
    else container.removeAttribute('aria-invalid');
  }, [map, rawErrors]);

  useEffect(() => {
    if (!map) return;
    const handlers = [map.dragging, map.keyboard, map.scrollWheelZoom, map.doubleClickZoom, map.touchZoom, map.boxZoom];
    for (const handler of handlers) {
      if (!handler) continue;
      if (locked) handler.disable();
      else handler.enable();
    }
    // Leaflet's keyboard handler drops the tab stop when disabled; the field must stay reachable.
    map.getContainer().tabIndex = 0;
  }, [map, locked]);
}

export type GeoNote = { kind: 'status' | 'error'; text: string } | undefined;

/** «موقعیت من»: the browser's position becomes the value and the map flies there. */
export function useMyLocation(
  map: LeafletMap | null,
  settings: MapSettings,
  commit: (latitude: number, longitude: number) => void,
) {
  const [geoNote, setGeoNote] = useState<GeoNote>(undefined);
  const locate = () => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setGeoNote({ kind: 'error', text: fa.widgets.map.geoUnavailable });
      return;
    }
    setGeoNote({ kind: 'status', text: fa.widgets.map.locating });
    geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude: lng } = position.coords;
        commit(latitude, lng);
        if (map)
          moveTo(map, {
            center: [latitude, lng],
            zoom: settings.flyToZoom,
            durationSeconds: settings.flyToDurationSeconds,
          });
        setGeoNote({ kind: 'status', text: fa.widgets.map.geoFound });
      },
      (error) => {
        setGeoNote({ kind: 'error', text: error.code === 1 ? fa.widgets.map.geoDenied : fa.widgets.map.geoFailed });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return { geoNote, locate };
}
