/**
 * Loads Neshan's SDK (widgets/vendor/neshan-leaflet) once, as its own file, and hands back its `L`.
 * The file is a UMD script with its own Leaflet 1.9.4: run as a classic script it sets `window.L`,
 * which is put back as it was so the SDK's Leaflet never replaces another one on the page.
 */
import type * as Leaflet from 'leaflet';
import sdkUrl from '../vendor/neshan-leaflet/leaflet.js?url';
import '../vendor/neshan-leaflet/leaflet.css';

export type NeshanLeaflet = typeof Leaflet;

let loading: Promise<NeshanLeaflet> | undefined;

export function loadNeshanSdk(): Promise<NeshanLeaflet> {
  loading ??= new Promise<NeshanLeaflet>((resolve, reject) => {
    const holder = window as unknown as { L?: unknown };
    const previous = holder.L;
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.onload = () => {
      const sdk = holder.L as NeshanLeaflet | undefined;
      holder.L = previous;
      if (sdk?.Map) resolve(sdk);
      else reject(new Error('Neshan SDK did not define L.Map'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Neshan SDK failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
