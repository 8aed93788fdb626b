import 'leaflet/dist/leaflet.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { AttributionControl, MapContainer, TileLayer, ZoomControl } from 'react-leaflet';
import type { WidgetProps } from '@rjsf/utils';
import { wizardFormContext } from '../form-context.js';
import { useWidgetServices } from '../services.js';
import type { MapSettings } from '../../src/shared/contracts/wizard-api.schemas.js';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { QueryState } from '../QueryState.js';
import { fieldOption, widgetDeclarations } from '../declarations.js';
import { asId, fillAsGiven, toPersianDigits, type WidgetPropsOf } from '../shared.js';
import {
  initialView,
  isSavedLatitude,
  neshanMapOptions,
  providerOptions,
  tileLayerProps,
  type Place,
} from './centre.js';
import { frameStyle, MapPlaceholder } from './MapPlaceholder.js';
import { useMapAsField, useMyLocation } from './use-map-field.js';
import { useCentreCommit, useFollowPlace, useLatestField, useReportCentre } from './use-map-value.js';

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

function CentreMarkerMap({ widget, settings }: { widget: WidgetProps; settings: MapSettings }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, options, registry } =
    widget as WidgetPropsOf<number>;
  const { formData, setField, pinMoves } = wizardFormContext(registry);
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
  const coordsId = `${id}__coords`;

  const latest = useLatestField({ value, longitude, onChange, setField, onBlur, onFocus, locked });
  const { commit, written } = useCentreCommit(view, latest, longitudeField);
  useFollowPlace(map, {
    restored: view.restored,
    draftLatitude,
    longitude,
    place,
    locations,
    settings,
    written,
    commit,
  });
  useReportCentre(map, commit, pinMoves);
  useMapAsField(map, { id, coordsId, rawErrors, locked }, latest);
  const { geoNote, locate } = useMyLocation(map, settings, commit);

  const provider = providerOptions(settings);
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
      <MapBar coordsId={coordsId} latitude={value} longitude={longitude} locked={locked} onLocate={locate} />
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

/** Under the map: the value in words (read out as it changes) and «موقعیت من». */
function MapBar(props: {
  coordsId: string;
  latitude: unknown;
  longitude: unknown;
  locked: boolean;
  onLocate: () => void;
}) {
  const shownLatitude = typeof props.latitude === 'number' ? props.latitude : undefined;
  const shownLongitude = typeof props.longitude === 'number' ? props.longitude : undefined;
  return (
    <div className="widget-map__bar">
      <p id={props.coordsId} className="widget-map__coords" aria-live="polite" aria-atomic="true">
        {shownLatitude !== undefined && shownLongitude !== undefined
          ? fillAsGiven(fa.widgets.map.coordinates, {
              latitude: persianNumber(shownLatitude),
              longitude: persianNumber(shownLongitude),
            })
          : fa.widgets.map.noCoordinates}
      </p>
      <button
        type="button"
        className="button button--small widget-map__locate"
        disabled={props.locked}
        onClick={props.onLocate}
      >
        {fa.widgets.map.myLocation}
      </button>
    </div>
  );
}

/** TileMap's stages, each built a task after the one before it. */
const MAP_STAGE = 1;
const LAYERS_STAGE = 2;

/**
 * `osm` and `tiles`: react-leaflet's map with an XYZ raster layer, built in three tasks: the widget
 * around it, then the map, then its layer and controls. At 4× CPU the three in one commit were a
 * task of about 110 ms after the step's first paint (the map's creation a fifth of it, with its
 * first layout read; the tile layer's set-up a third), which Lighthouse counts as blocking time.
 * The frame is empty meanwhile, as it is until the tiles arrive.
 */
function TileMap(props: {
  id: string;
  view: { center: [number, number]; zoom: number };
  settings: MapSettings;
  onMap: (map: LeafletMap) => void;
}) {
  const { id, view, settings, onMap } = props;
  const tiles = tileLayerProps(providerOptions(settings));
  const built = useBuiltInTasks(LAYERS_STAGE);
  if (built < MAP_STAGE) return null;
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
      {built >= LAYERS_STAGE && (
        <>
          <ZoomControl position="topleft" zoomInTitle={fa.widgets.map.zoomIn} zoomOutTitle={fa.widgets.map.zoomOut} />
          {settings.attribution && <AttributionControl position="bottomleft" prefix={false} />}
          {tiles && <TileLayer {...tiles} />}
        </>
      )}
    </MapContainer>
  );
}

/** 0 at mount, then one more in each of the next `stages` tasks: how many stages may be built. */
function useBuiltInTasks(stages: number): number {
  const [built, setBuilt] = useState(0);
  useEffect(() => {
    if (built >= stages) return;
    const timeout = setTimeout(() => setBuilt(built + 1), 0);
    return () => clearTimeout(timeout);
  }, [built, stages]);
  return built;
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

/** 35.72 -> «۳۵٫۷۲۰۰۰۰»: six decimals, Persian digits and decimal separator. */
function persianNumber(value: number): string {
  return toPersianDigits(value.toFixed(6)).replace('.', '٫');
}
