import type { ReactNode } from 'react';

/** The map's frame at its final height, shown while Leaflet or the settings load: no layout shift. */
export function MapPlaceholder({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <div className="widget-map">
      <div id={id} tabIndex={-1} className="widget-map__frame widget-map__frame--placeholder" style={frameStyle}>
        {children}
      </div>
    </div>
  );
}

/** Height reserved for the map (a CSS variable lets the page's layout stretch it beside the form). */
export const frameStyle = { position: 'relative', height: 'var(--widget-map-height, 22rem)' } as const;
