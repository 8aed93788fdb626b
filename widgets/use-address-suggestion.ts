import { useEffect, useRef, useState } from 'react';
import { useWidgetServices, type MapPoint } from './services.js';

/** How long the pin must rest before its address is asked for (its two coordinates arrive apart). */
export const PIN_SETTLE_MS = 400;

function pointOf(latitude: unknown, longitude: unknown): MapPoint | undefined {
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  return finite(latitude) && finite(longitude) ? { latitude, longitude } : undefined;
}

/**
 * The point the manager moved the pin to, once it rests. The first point the step holds (the
 * map's starting centre or a saved one) is not a move: nobody chose it here, and its address
 * would only be noise under a box the manager may already have filled.
 */
function useMovedPoint(latitude: unknown, longitude: unknown): MapPoint | undefined {
  const point = pointOf(latitude, longitude);
  const key = point ? `${point.latitude},${point.longitude}` : '';
  const start = useRef<string | undefined>(undefined);
  const hasMoved = useRef(false);
  const [moved, setMoved] = useState<MapPoint | undefined>(undefined);

  useEffect(() => {
    if (!point) return;
    start.current ??= key;
    if (key === start.current && !hasMoved.current) return;
    hasMoved.current = true;
    // A later point replaces this one before it rests: only the drag's end is asked for.
    const timer = setTimeout(() => setMoved(point), PIN_SETTLE_MS);
    return () => clearTimeout(timer);
    // The key is the point's identity; the object is rebuilt every render.
  }, [key]);

  return moved;
}

/**
 * The provider's address for where the manager moved the pin, or undefined: before any move,
 * while it is asked for, and after any failure (a suggestion is a help, never an error).
 */
export function useAddressSuggestion(latitude: unknown, longitude: unknown): string | undefined {
  const services = useWidgetServices();
  // Without a service for this map the server could only answer 404: nothing is asked.
  const offered = services.useRegisterConfig().data?.map.addressService === true;
  const point = useMovedPoint(latitude, longitude);
  const answer = services.useAddressSuggestion(offered ? point : undefined);
  const address = answer.isError ? undefined : answer.data?.address.trim();
  return address ? address : undefined;
}
