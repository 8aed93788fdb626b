import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { Layer, Map as LeafletMap } from 'leaflet';
import { fa } from '../../src/shared/text/wizard-strings.fa.js';
import { loadNeshanSdk, type NeshanLeaflet } from './neshan-sdk.js';
import type { NeshanMapOptions } from './centre.js';

export interface NeshanSurfaceProps {
  id?: string;
  className?: string;
  style?: CSSProperties;
  center: [number, number];
  zoom: number;
  /** From neshanMapOptions (centre.ts), so this chunk never imports the other Leaflet. */
  neshan: NeshanMapOptions;
  /** Leaflet map options beside Neshan's own (keyboardPanDelta, scrollWheelZoom…). */
  mapOptions?: Record<string, unknown>;
  /** Adds the zoom buttons with these titles (the SDK's own buttons are English). */
  zoomTitles?: { zoomIn: string; zoomOut: string };
  onMap: (map: LeafletMap) => void;
  /** Layers on the SDK's own L (a console marker): kept on the map whatever the SDK does. */
  decorate?: (L: NeshanLeaflet) => Layer[];
}

/**
 * The `neshan` provider's map: created imperatively on the SDK's own Leaflet (its own lazy chunk),
 * never through react-leaflet, whose Leaflet is another copy. The caller drives it as a Leaflet map.
 */
export default function NeshanSurface(props: NeshanSurfaceProps) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Created once: later view changes go through the map the caller received.
  const initial = useRef(props);

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    const { center, zoom, neshan, mapOptions, zoomTitles, onMap, decorate } = initial.current;
    loadNeshanSdk().then(
      (L) => {
        if (cancelled || !element.current) return;
        map = new L.Map(element.current, {
          ...mapOptions,
          ...neshan,
          center,
          zoom,
          zoomControl: false,
        });
        if (zoomTitles) {
          const titles = { zoomInTitle: zoomTitles.zoomIn, zoomOutTitle: zoomTitles.zoomOut };
          L.control.zoom({ position: 'topleft', ...titles }).addTo(map);
        }
        for (const layer of decorate?.(L) ?? []) keepOn(map, layer, () => cancelled);
        onMap(map);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, []);

  return (
    <div id={props.id} ref={element} className={props.className} style={props.style}>
      {failed && (
        <span role="alert" className="widget-state widget-state--error">
          {fa.widgets.map.sdkError}
        </span>
      )}
    </div>
  );
}

/**
 * Adds a layer and puts it back when the SDK clears the map's layers (it does once its quota check
 * answers, to apply the map type), unless the map itself is going away.
 */
function keepOn(map: LeafletMap, layer: Layer, disposed: () => boolean): void {
  layer.on('remove', () => {
    setTimeout(() => {
      if (!disposed() && !map.hasLayer(layer)) layer.addTo(map);
    });
  });
  layer.addTo(map);
}
