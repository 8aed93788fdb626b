import { useEffect, useState } from 'react';
import { useLastPlacedPin, type PinMoves } from './pin-moves.js';
import { useWidgetServices, type MapPoint } from './services.js';

/** How long the pin must rest before its address is asked for (arrow keys move it in steps). */
export const PIN_SETTLE_MS = 400;

function pointOf(latitude: unknown, longitude: unknown): MapPoint | undefined {
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  return finite(latitude) && finite(longitude) ? { latitude, longitude } : undefined;
}

/**
 * The point the manager put the pin at by hand, once it rests, while the step still holds it: a
 * flight to another city afterwards takes the suggestion away rather than leave one for a place
 * the pin no longer marks.
 */
function usePlacedPoint(pinMoves: PinMoves, latitude: unknown, longitude: unknown): MapPoint | undefined {
  const placed = useLastPlacedPin(pinMoves);
  const [rested, setRested] = useState<MapPoint | undefined>(undefined);
  useEffect(() => {
    // A later move replaces this one before it rests: only where the hand stopped is asked for.
    const timer = setTimeout(() => setRested(placed), PIN_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [placed]);
  const held = pointOf(latitude, longitude);
  if (!rested || !held || held.latitude !== rested.latitude || held.longitude !== rested.longitude) return undefined;
  return rested;
}

/**
 * The provider's address for where the manager moved the pin, or undefined: before any move,
 * while it is asked for, and after any failure (a suggestion is a help, never an error).
 */
export function useAddressSuggestion(pinMoves: PinMoves, latitude: unknown, longitude: unknown): string | undefined {
  const services = useWidgetServices();
  // Without a service for this map the server could only answer 404: nothing is asked.
  const offered = services.useRegisterConfig().data?.map.addressService === true;
  const point = usePlacedPoint(pinMoves, latitude, longitude);
  const answer = services.useAddressSuggestion(offered ? point : undefined);
  const address = answer.isError ? undefined : answer.data?.address.trim();
  return address ? address : undefined;
}
