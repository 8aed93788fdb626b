// Which built files each route asks for, recorded in Chromium: the files requested until the step is
// on screen (what it needs), and those requested after that until the network is idle (prefetched
// for later steps). Each later step is opened directly with the earlier steps' draft seeded.
import type { Browser } from 'playwright';
import { sizeOf, totals, type FileSize } from './bundle.js';
import { log, seedScript } from '../lib/util.js';
import { draftSeed, wizard } from '../lib/wizard.js';

export interface RouteLoad {
  route: string;
  finalPath: string;
  needed: string[];
  prefetched: string[];
  jsGzipBytes: number;
  jsBrotliBytes: number;
  cssGzipBytes: number;
  cssBrotliBytes: number;
  fontBytes: number;
  /** What this route adds to everything the earlier routes needed (walking the wizard forward). */
  extraJsGzipBytes: number;
  extraJsBrotliBytes: number;
  extraCssGzipBytes: number;
  extraFontBytes: number;
  extraFiles: string[];
  prefetchedJsGzipBytes: number;
}

const kindOf = (file: string) =>
  file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : /\.(woff2?|ttf|otf)$/.test(file) ? 'font' : 'other';

function sum(dist: string, files: string[], kind: string, measure: 'gzipBytes' | 'brotliBytes' | 'rawBytes'): number {
  return totals(files.filter((file) => kindOf(file) === kind).map((file): FileSize => sizeOf(dist, file)))[measure];
}

export async function recordRoutes(
  browser: Browser,
  base: string,
  dist: string,
  routes: string[],
  version: string,
  settleMs = 1500,
): Promise<RouteLoad[]> {
  const loads: RouteLoad[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const step = wizard.steps.find((candidate) => candidate.route === route);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      await context.addInitScript({ content: seedScript(draftSeed(route, version)) });
      // A pre-rendered step is on screen with its HTML, and works once React has hydrated it
      // (#root[data-hydrated]); its code starts after the first paint, so that mark is when it is ready.
      const readySelector = `#root[data-hydrated] ${step?.kind === 'form' ? 'form' : 'h1'}`;
      // The moment the step is on screen, taken in the page (a MutationObserver), so an idle
      // prefetch that starts right after it is never counted as needed.
      await context.addInitScript({
        content: `(() => {
          const check = () => {
            if (window.__routeReadyAt === undefined && document.querySelector(${JSON.stringify(readySelector)})) {
              window.__routeReadyAt = performance.now();
            }
          };
          new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
        })();`,
      });
      const page = await context.newPage();
      await page.goto(base + route, { waitUntil: 'domcontentloaded' });
      await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(settleMs);
      await page.waitForLoadState('networkidle');
      const timing = await page.evaluate<{
        readyAt?: number;
        loadAt?: number;
        resources: Array<{ name: string; start: number }>;
      }>(`({
        readyAt: window.__routeReadyAt,
        loadAt: performance.getEntriesByType('navigation')[0]?.loadEventStart,
        resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime })),
      })`);
      if (timing.readyAt === undefined) throw new Error(`${route}: could not tell when ${readySelector} appeared`);
      // What the page asks for until it is hydrated, or until its load event if that comes later
      // (its loader, script, modulepreloads, stylesheets, fonts), is what it needs to work.
      timing.readyAt = Math.max(timing.readyAt, timing.loadAt ?? 0);
      const files = timing.resources
        .map((entry) => ({ url: new URL(entry.name), start: entry.start }))
        .filter(
          ({ url }) =>
            url.origin === base && !url.pathname.startsWith('/api/') && /\.(js|css|woff2?|ttf|otf)$/.test(url.pathname),
        )
        .map(({ url, start }) => ({ file: url.pathname.replace(/^\//, ''), start }));
      // Fonts are never prefetched: every font the route asks for is needed by what it shows.
      const isNeeded = (entry: { file: string; start: number }) =>
        entry.start <= (timing.readyAt ?? 0) || kindOf(entry.file) === 'font';
      const needed = [...new Set(files.filter(isNeeded).map((entry) => entry.file))];
      const prefetched = [...new Set(files.map((entry) => entry.file))].filter((file) => !needed.includes(file));
      const extra = needed.filter((file) => !seen.has(file));
      needed.forEach((file) => seen.add(file));
      const load: RouteLoad = {
        route,
        finalPath: new URL(page.url()).pathname,
        needed,
        prefetched,
        jsGzipBytes: sum(dist, needed, 'js', 'gzipBytes'),
        jsBrotliBytes: sum(dist, needed, 'js', 'brotliBytes'),
        cssGzipBytes: sum(dist, needed, 'css', 'gzipBytes'),
        cssBrotliBytes: sum(dist, needed, 'css', 'brotliBytes'),
        fontBytes: sum(dist, needed, 'font', 'rawBytes'),
        extraJsGzipBytes: sum(dist, extra, 'js', 'gzipBytes'),
        extraJsBrotliBytes: sum(dist, extra, 'js', 'brotliBytes'),
        extraCssGzipBytes: sum(dist, extra, 'css', 'gzipBytes'),
        extraFontBytes: sum(dist, extra, 'font', 'rawBytes'),
        extraFiles: extra,
        prefetchedJsGzipBytes: sum(dist, prefetched, 'js', 'gzipBytes'),
      };
      if (load.finalPath !== route)
        throw new Error(`${route} redirected to ${load.finalPath}: the seeded draft was not accepted`);
      log(
        `  ${route}: needs ${load.needed.length} files (JS ${load.jsGzipBytes} B gz), adds JS ${load.extraJsGzipBytes} B gz, prefetches ${load.prefetched.length}`,
      );
      loads.push(load);
    } finally {
      await context.close();
    }
  }
  return loads;
}
