import 'leaflet/dist/leaflet.css';
import { lazy, Suspense } from 'react';
import { AttributionControl, CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import type { MapSettings } from '../../../../shared/contracts/wizard-api.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { neshanMapOptions, providerOptions, tileLayerProps } from '../../../../../widgets/map/centre.js';

/** Neshan's SDK (its own Leaflet) loads only when the live config names `neshan`. */
const NeshanSurface = lazy(() => import('../../../../../widgets/map/NeshanSurface.js'));

export interface RegistrationMapProps {
  latitude: number;
  longitude: number;
  settings: MapSettings;
}

const markerStyle = { color: '#0b5e4a', weight: 3, fillOpacity: 0.5 };

/**
 * Where the manager put the pharmacy, on the wizard's map provider and options. Leaflet is loaded
 * only when a registration's page opens (see StaffApp), so the console's list and the wizard never
 * carry it.
 */
export default function RegistrationMap({ latitude, longitude, settings }: RegistrationMapProps) {
  const provider = providerOptions(settings);
  const centre: [number, number] = [latitude, longitude];
  if (provider.provider === 'neshan') {
    return (
      <Suspense fallback={null}>
        <NeshanSurface
          className="staff-map"
          center={centre}
          zoom={settings.flyToZoom}
          neshan={neshanMapOptions(provider)}
          mapOptions={{ scrollWheelZoom: false }}
          onMap={(map) => map.getContainer().setAttribute('aria-label', faConsole.staff.position)}
          decorate={(L) => [L.circleMarker(centre, { radius: 10, ...markerStyle })]}
        />
      </Suspense>
    );
  }
  const tiles = tileLayerProps(provider);
  return (
    <MapContainer
      className="staff-map"
      center={centre}
      zoom={settings.flyToZoom}
      attributionControl={false}
      scrollWheelZoom={false}
      aria-label={faConsole.staff.position}
    >
      {tiles && <TileLayer {...tiles} />}
      {settings.attribution && <AttributionControl position="bottomleft" prefix={false} />}
      <CircleMarker center={centre} radius={10} pathOptions={markerStyle} />
    </MapContainer>
  );
}
