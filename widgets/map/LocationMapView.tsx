import 'leaflet/dist/leaflet.css';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { AttributionControl, MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import type { WidgetProps } from '@rjsf/utils';
import { wizardFormContext } from '../form-context.js';
import { useWidgetServices } from '../services.js';
import type { MapSettings } from '../../src/shared/api-contract.js';
import { fa } from '../../src/shared/strings.fa.js';
import { QueryState } from '../QueryState.js';
import { fieldOption, widgetDeclarations } from '../declarations.js';
import { asId, describedBy, fill, invalid, toPersianDigits, type WidgetPropsOf } from '../shared.js';
import {
  flyTargetFor,
  initialView,
  isSavedLatitude,
  isSavedLongitude,
  neshanMapOptions,
  providerOptions,
  roundCoordinates,
  tileLayerProps,
  type Coordinates,
  type FlyTarget,
  type Place,
} from './centre.js';
import { frameStyle, MapPlaceholder } from './MapPlaceholder.js';

/** Neshan's SDK (its own Leaflet) loads only when the live config names `neshan`. */
const NeshanSurface = lazy(() => import('./NeshanSurface.js'));

/** The lazy part of `locationMap` (see widgets/LocationMap.tsx): waits for Register/Config. */
export default function LocationMapView(props: WidgetProps) {
  const config = useWidgetServices().useRegisterConfig();
  if (!config.data) {
    return (
      <MapPlaceholder id={props.id}>
        <QueryState
          id={props.id}
          loading={config.isPending && fa.widgets.map.loading}
          error={config.isError && fa.widgets.map.configError}
          detail={config.error?.message}
          onRetry={() => void config.refetch()}
        />
      </MapPlaceholder>
    );
  }
  return <CentreMarkerMap widget={props} settings={config.data.map} />;
}

type GeoNote = { kind: 'status' | 'error'; text: string } | undefined;

function CentreMarkerMap({ widget, settings }: { widget: WidgetProps; settings: MapSettings }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, options, registry } =
    widget as WidgetPropsOf<number>;
  const { formData, setField } = wizardFormContext(registry);
  const declared = widgetDeclarations.locationMap;
  const longitudeField = fieldOption(declared, options, 'longitudeField');
  const provinceField = fieldOption(declared, options, 'provinceField');
  const cityField = fieldOption(declared, options, 'cityField');
  const longitude = formData[longitudeField];
  // The draft's point: a restored draft reaches it in the same render as the province and city,
  // while RJSF's `value` follows a render later.
  const draftLatitude = formData[widget.name];
  const place: Place = { province: asId(formData[provinceField]), city: asId(formData[cityField]) };
  const locations = useWidgetServices().useLocations().data;
  const locked = Boolean(disabled || readonly);

  const [view] = useState(() =>
    initialView({ latitude: isSavedLatitude(draftLatitude) ? draftLatitude : value, longitude }, settings),
  );
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [geoNote, setGeoNote] = useState<GeoNote>(undefined);
  const coordsId = `${id}__coords`;

  // Handlers registered once with Leaflet read the newest props through this ref.
  const latest = useRef({ value, longitude, onChange, setField, onBlur, onFocus, locked });
  useLayoutEffect(() => {
    latest.current = { value, longitude, onChange, setField, onBlur, onFocus, locked };
  });

  // The point the map itself last wrote: a saved point that differs came from elsewhere.
  const written = useRef<Coordinates | undefined>(
    view.restored ? { latitude: view.center[0], longitude: view.center[1] } : undefined,
  );

  const commit = useCallback(
    (latitude: number, lng: number) => {
      const next = roundCoordinates(latitude, lng);
      written.current = next;
      const current = latest.current;
      if (current.value !== next.latitude) current.onChange(next.latitude);
      if (current.longitude !== next.longitude) current.setField(longitudeField, next.longitude);
    },
    [longitudeField],
  );

  // No saved point: the value starts at the configured centre (35.72 / 51.39).
  useEffect(() => {
    if (!view.restored) commit(view.center[0], view.center[1]);
  }, [commit, view]);

  // The place the map shows. Without a saved point, a province or city picked while the map was
  // still loading is still to be flown to.
  const lastPlace = useRef<Place>(view.restored ? place : {});

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
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, locations, place.province, place.city, settings]);

  // The centre after every drag, zoom, keyboard pan or flight is the value.
  useEffect(() => {
    if (!map) return;
    const report = () => {
      const centre = map.getCenter();
      commit(centre.lat, centre.lng);
    };
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map, commit]);

  // The container is the widget's focusable element: role, name, hint, error and focus events.
  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', fa.widgets.map.label);
    container.setAttribute('aria-describedby', describedBy(id, coordsId));
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
  }, [map, id, coordsId]);

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    if (invalid(rawErrors)) container.setAttribute('aria-invalid', 'true');
    else container.removeAttribute('aria-invalid');
  }, [map, rawErrors]);

  // disabled / readonly: the map shows the point but cannot be moved.
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

  const provider = providerOptions(settings);
  const shownLatitude = typeof value === 'number' ? value : undefined;
  const shownLongitude = typeof longitude === 'number' ? longitude : undefined;
  const surfaceStyle = { position: 'absolute', inset: 0 } as const;

  return (
    <div className="widget-map">
      <div className="widget-map__frame" style={frameStyle}>
        {provider.provider === 'neshan' ? (
          <Suspense fallback={null}>
            <NeshanSurface
              id={id}
              className="widget-map__map"
              style={surfaceStyle}
              center={view.center}
              zoom={view.zoom}
              neshan={neshanMapOptions(provider)}
              mapOptions={{ keyboardPanDelta: 60 }}
              zoomTitles={{ zoomIn: fa.widgets.map.zoomIn, zoomOut: fa.widgets.map.zoomOut }}
              onMap={setMap}
            />
          </Suspense>
        ) : (
          <TileMap id={id} view={view} settings={settings} onMap={setMap} />
        )}
        <CentreMarker width={settings.marker.width} height={settings.marker.height} />
      </div>
      <div className="widget-map__bar">
        <p id={coordsId} className="widget-map__coords" aria-live="polite" aria-atomic="true">
          {shownLatitude !== undefined && shownLongitude !== undefined
            ? fill(fa.widgets.map.coordinates, {
                latitude: persianNumber(shownLatitude),
                longitude: persianNumber(shownLongitude),
              })
            : fa.widgets.map.noCoordinates}
        </p>
        <button type="button" className="button button--small widget-map__locate" disabled={locked} onClick={locate}>
          {fa.widgets.map.myLocation}
        </button>
      </div>
      {geoNote && (
        <p
          className={`widget-state widget-state--${geoNote.kind}`}
          role={geoNote.kind === 'error' ? 'alert' : 'status'}
        >
          {geoNote.text}
        </p>
      )}
    </div>
  );
}

/** `osm` and `tiles`: react-leaflet's map with an XYZ raster layer. */
function TileMap(props: {
  id: string;
  view: { center: [number, number]; zoom: number };
  settings: MapSettings;
  onMap: (map: LeafletMap) => void;
}) {
  const { id, view, settings, onMap } = props;
  const tiles = tileLayerProps(providerOptions(settings));
  return (
    <MapContainer
      id={id}
      className="widget-map__map"
      style={{ position: 'absolute', inset: 0 }}
      center={view.center}
      zoom={view.zoom}
      zoomControl={false}
      attributionControl={false}
      keyboardPanDelta={60}
      ref={onMap}
    >
      <ZoomControl position="topleft" zoomInTitle={fa.widgets.map.zoomIn} zoomOutTitle={fa.widgets.map.zoomOut} />
      {settings.attribution && <AttributionControl position="bottomleft" prefix={false} />}
      {tiles && <TileLayer {...tiles} />}
    </MapContainer>
  );
}

/** The marker: an icon pinned by CSS to the centre of the frame (its tip on the centre point). */
function CentreMarker({ width, height }: { width: number; height: number }) {
  return (
    <svg
      className="widget-map__marker"
      role="img"
      aria-label={fa.widgets.map.markerAlt}
      width={width}
      height={height}
      viewBox="0 0 80 120"
      style={{
        position: 'absolute',
        left: '50%',
        top: '50%',
        transform: 'translate(-50%, -100%)',
        pointerEvents: 'none',
        zIndex: 500,
      }}
    >
      <path
        d="M40 118C40 118 6 70 6 40a34 34 0 0 1 68 0c0 30-34 78-34 78z"
        fill="#0b6e4f"
        stroke="#ffffff"
        strokeWidth="4"
      />
      <circle cx="40" cy="40" r="13" fill="#ffffff" />
    </svg>
  );
}

/** Flies (or jumps, when motion is reduced or the map has no size) to a target. */
function moveTo(map: LeafletMap, target: FlyTarget): void {
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

/** 35.72 -> «۳۵٫۷۲۰۰۰۰»: six decimals, Persian digits and decimal separator. */
function persianNumber(value: number): string {
  return toPersianDigits(value.toFixed(6)).replace('.', '٫');
}
