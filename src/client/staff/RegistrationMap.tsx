import 'leaflet/dist/leaflet.css';
import { AttributionControl, CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import type { MapSettings } from '../../shared/api-contract.js';
import { faConsole } from '../../shared/console-strings.fa.js';
import { tileUrlFor } from '../../../widgets/map/centre.js';

export interface RegistrationMapProps {
  latitude: number;
  longitude: number;
  settings: MapSettings;
}

/**
 * Where the manager put the pharmacy, on the wizard's map and tiles. Leaflet is loaded only when a
 * registration's page opens (see StaffApp), so the console's list and the wizard never carry it.
 */
export default function RegistrationMap({ latitude, longitude, settings }: RegistrationMapProps) {
  const tiles = tileUrlFor(settings);
  const centre: [number, number] = [latitude, longitude];
  return (
    <MapContainer
      className="staff-map"
      center={centre}
      zoom={settings.flyToZoom}
      attributionControl={false}
      scrollWheelZoom={false}
      aria-label={faConsole.staff.position}
    >
      {tiles && <TileLayer url={tiles} attribution={settings.attribution} />}
      {settings.attribution && <AttributionControl position="bottomleft" prefix={false} />}
      <CircleMarker center={centre} radius={10} pathOptions={{ color: '#0b5e4a', weight: 3, fillOpacity: 0.5 }} />
    </MapContainer>
  );
}
