import { useSyncExternalStore } from 'react';
import type { MapPoint } from './services.js';

/**
 * Where the manager last put the map's pin by hand: a drag, or the arrow keys on the map (the
 * same move for a keyboard). Flights to a picked province or city, a restored point and the
 * starting centre are not: nobody chose them here, and their address would only be noise under
 * the address box. The map writes it; the address box reads it (one per form, in its context).
 */
export interface PinMoves {
  placed: (point: MapPoint) => void;
  last: () => MapPoint | undefined;
  subscribe: (listener: () => void) => () => void;
}

export function createPinMoves(): PinMoves {
  let last: MapPoint | undefined;
  const listeners = new Set<() => void>();
  return {
    placed: (point) => {
      last = point;
      for (const listener of listeners) listener();
    },
    last: () => last,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The point the manager last placed the pin at, re-rendering when it changes. */
export function useLastPlacedPin(moves: PinMoves): MapPoint | undefined {
  return useSyncExternalStore(moves.subscribe, moves.last, moves.last);
}
