import { afterEach, describe, expect, it, vi } from 'vitest';

/** The SDK's script element the loader appended (jsdom does not run it: the test plays its part). */
function sdkScript(): HTMLScriptElement {
  const scripts = [...document.head.querySelectorAll('script')];
  const script = scripts.at(-1);
  if (!script) throw new Error('no script appended');
  return script;
}

const holder = window as unknown as { L?: unknown };

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete holder.L;
  vi.resetModules();
});

describe("Neshan's SDK loader", () => {
  it("hands back the SDK's own L, puts the page's L back, and loads the file once", async () => {
    const { loadNeshanSdk } = await import('../../../widgets/map/neshan-sdk.js');
    const pageLeaflet = { page: true };
    holder.L = pageLeaflet;
    const first = loadNeshanSdk();
    const second = loadNeshanSdk();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(sdkScript().src).toMatch(/neshan-leaflet\/leaflet\.js|leaflet[^/]*\.js/);
    // What the UMD file does when run as a classic script: it replaces window.L.
    const sdk = { Map: class {} };
    holder.L = sdk;
    sdkScript().dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(sdk);
    await expect(second).resolves.toBe(sdk);
    expect(holder.L).toBe(pageLeaflet);
  });

  it('rejects when the file fails, and tries again on the next call', async () => {
    const { loadNeshanSdk } = await import('../../../widgets/map/neshan-sdk.js');
    const failed = loadNeshanSdk();
    sdkScript().dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/failed to load/);
    void loadNeshanSdk().catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });
});
