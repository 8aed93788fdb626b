/**
 * How the map's centre and the step's data follow each other: the centre is the value (latitude
 * in the field, longitude in its sibling), a saved point that arrives later is shown as it is, and
 * a province or city picked elsewhere flies the map there.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import type { Locations, MapSettings } from '../../src/shared/contracts/wizard-api.schemas.js';
import {
  flyTargetFor,
  isSavedLatitude,
  isSavedLongitude,
  roundCoordinates,
  type Coordinates,
  type MapView,
  type Place,
} from './centre.js';
import { moveTo } from './move-to.js';
import type { PinMoves } from '../pin-moves.js';

/** What handlers registered once with Leaflet need of the newest props. */
export interface LatestField {
  value: number | undefined;
  longitude: unknown;
  onChange: (value: number | undefined) => void;
  setField: (name: string, value: unknown) => void;
  onBlur: (id: string, value: unknown) => void;
  onFocus: (id: string, value: unknown) => void;
  locked: boolean;
}

/** Handlers registered once with Leaflet read the newest props through this ref. */
export function useLatestField(field: LatestField): RefObject<LatestField> {
  const latest = useRef(field);
  useLayoutEffect(() => {
    latest.current = field;
  });
  return latest;
}

/**
 * `commit` writes a centre into the field and its longitude sibling (rounded, only what changed);
 * `written` is the point the map itself last wrote: a saved point that differs came from elsewhere.
 * With no saved point, the value starts at the configured centre (35.72 / 51.39).
 */
export function useCentreCommit(view: MapView, latest: RefObject<LatestField>, longitudeField: string) {
  const written = useRef<Coordinates | undefined>(
    view.restored ? { latitude: view.center[0], longitude: view.center[1] } : undefined,
  );

  const commit = useCallback(
    (latitude: number, lng: number): Coordinates => {
      const next = roundCoordinates(latitude, lng);
      written.current = next;
      const current = latest.current;
      if (current.value !== next.latitude) current.onChange(next.latitude);
      if (current.longitude !== next.longitude) current.setField(longitudeField, next.longitude);
      return next;
    },
    [latest, longitudeField],
  );

  useEffect(() => {
    if (!view.restored) commit(view.center[0], view.center[1]);
  }, [commit, view]);

  return { commit, written };
}

export interface FollowedData {
  restored: boolean;
  /** The draft's point: reaches the map in the same render as the province and city. */
  draftLatitude: unknown;
  longitude: unknown;
  place: Place;
  locations: Locations | undefined;
  settings: MapSettings;
  written: RefObject<Coordinates | undefined>;
  commit: (latitude: number, longitude: number) => void;
}

/** The map follows a saved point arriving late, and a province or city picked after mounting. */
export function useFollowPlace(map: LeafletMap | null, data: FollowedData) {
  const { draftLatitude, longitude, place, locations, settings, written, commit } = data;
  // The place the map shows. Without a saved point, a province or city picked while the map was
  // still loading is still to be flown to.
  const lastPlace = useRef<Place>(data.restored ? place : {});

  // A saved point that arrives after the map (a draft restored while it loaded) is shown as it is,
  // and the place that came with it is not flown to (that would replace the manager's point by
  // the city's centre).
  useEffect(() => {
    if (!map || !isSavedLatitude(draftLatitude) || !isSavedLongitude(longitude)) return;
    const own = written.current;
    // One coordinate equal to the map's own write is that write reaching the draft in two steps.
    if (own && (own.latitude === draftLatitude || own.longitude === longitude)) return;
    written.current = { latitude: draftLatitude, longitude };
    lastPlace.current = place;
    map.setView([draftLatitude, longitude], settings.flyToZoom, { animate: false });
    // place is rebuilt every render; it is read, not followed.
  }, [map, draftLatitude, longitude, settings]);

  // A province or city picked after mounting flies the map there.
  useEffect(() => {
    if (!map || !locations) return;
    const target = flyTargetFor(lastPlace.current, place, locations, settings);
    lastPlace.current = place;
    // The picked place is the position now, not after the 1.5 s flight: a quick Continue must keep it.
    if (target) {
      commit(target.center[0], target.center[1]);
      moveTo(map, target);
    }
    // place is rebuilt every render; its two ids are the dependencies.
  }, [map, locations, place.province, place.city, settings]);
}

/** Keys with which Leaflet's keyboard handler pans the focused map. */
const PAN_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * The centre after every drag, zoom, keyboard pan or flight is the value. A move the manager made
 * by hand (a drag or the arrow keys) also tells the form where they put the pin (pin-moves.ts).
 */
export function useReportCentre(
  map: LeafletMap | null,
  commit: (latitude: number, longitude: number) => Coordinates,
  pinMoves: PinMoves,
) {
  useEffect(() => {
    if (!map) return;
    let byHand = false;
    const handMove = () => {
      byHand = true;
    };
    const panKey = (event: KeyboardEvent) => {
      if (PAN_KEYS.has(event.key)) byHand = true;
    };
    const report = () => {
      const centre = map.getCenter();
      const point = commit(centre.lat, centre.lng);
      if (byHand) pinMoves.placed(point);
      byHand = false;
    };
    const container = map.getContainer();
    map.on('dragstart', handMove);
    container.addEventListener('keydown', panKey);
    map.on('moveend', report);
    return () => {
      map.off('dragstart', handMove);
      container.removeEventListener('keydown', panKey);
      map.off('moveend', report);
    };
  }, [map, commit, pinMoves]);
}
