import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while a pre-rendered page hydrates, true after: a part that only the
 * browser can draw (the Leaflet map) renders its placeholder until then, so the first client
 * render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
