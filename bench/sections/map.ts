// The location step's map on each provider: OSM's tiles (the shipped config) beside
// Neshan's SDK, on a server of its own whose register-config.json names neshan with a web-shaped
// key. The providers' hosts are answered on the machine by the e2e tests' stand-in (a 1×1 PNG per
// tile), so the figures are the map's own code and the page's work, never a real tile server.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { NESHAN_HOSTS, NESHAN_WEB_KEY, OSM_HOSTS, mapStandIn, neshanSchemas } from '../../tests/e2e/map-stand-in.js';
import { sizeOf, totals } from './bundle.js';
import { startProductServer, type ServerProcess } from '../lib/processes.js';
import { fromRoot, log, median, round, seedScript } from '../lib/util.js';
import { draftSeed, formSteps } from '../lib/wizard.js';
import { launchForTyping } from './typing.js';
import { formatNumber, kb, markdownTable } from '../lib/report.js';

export type MapProvider = 'osm' | 'neshan';

export interface MapFigure {
  provider: MapProvider;
  /** Built JS/CSS files /location fetched until its first tile, that the step after it does not need. */
  files: string[];
  jsGzipBytes: number;
  jsBrotliBytes: number;
  cssGzipBytes: number;
  cssBrotliBytes: number;
  /** From navigation start to the end of the first tile's response (Resource Timing), per run. */
  firstTileRunsMs: number[];
  firstTileMs: number;
  tilesAnswered: number;
}

export interface MapSection {
  runs: number;
  providers: MapFigure[];
}

const TILE_HOSTS: Record<MapProvider, RegExp> = { osm: OSM_HOSTS, neshan: NESHAN_HOSTS };
// Neshan's quota check goes to api.neshan.org: a JSON answer, not a tile.
const isTile = (provider: MapProvider, url: URL) =>
  TILE_HOSTS[provider].test(url.hostname) && url.hostname !== 'api.neshan.org';

const locationRoute = formSteps.find((step) => step.id === 'location')?.route ?? '/location';
// The step after the location: its needs are the wizard's without the map.
const controlRoute = formSteps[formSteps.findIndex((step) => step.route === locationRoute) + 1]?.route;

const neshanSchemasDir = (): string => neshanSchemas(fromRoot('schemas'));

async function liveVersion(server: ServerProcess): Promise<string> {
  const answer = await fetch(`${server.url}/api/Register/Config`);
  return ((await answer.json()) as { definitionVersion: string }).definitionVersion;
}

const builtFiles = (page: Page, base: string): Promise<string[]> =>
  page.evaluate(
    ({ origin }) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === origin && /\.(js|css)$/.test(url.pathname))
        .map((url) => url.pathname.replace(/^\//, '')),
    { origin: base },
  );

/** JS/CSS a step without the map fetches: subtracted from /location's files. */
async function controlFiles(browser: Browser, base: string, version: string): Promise<Set<string>> {
  if (!controlRoute) return new Set();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    await context.addInitScript({ content: seedScript(draftSeed(controlRoute, version)) });
    const page = await context.newPage();
    await page.goto(base + controlRoute, { waitUntil: 'load' });
    await page.locator('#root[data-hydrated] form').first().waitFor({ timeout: 20_000 });
    // Pre-rendered steps prefetch nothing, so all it fetches until the network is idle is its own.
    await page.waitForLoadState('networkidle');
    return new Set(await builtFiles(page, base));
  } finally {
    await context.close();
  }
}

interface LocationRun {
  files: string[];
  firstTileMs: number;
  tilesAnswered: number;
}

async function locationRun(
  browser: Browser,
  provider: MapProvider,
  base: string,
  version: string,
): Promise<LocationRun> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    await context.addInitScript({ content: seedScript(draftSeed(locationRoute, version)) });
    const page = await context.newPage();
    const standIn = await mapStandIn(page, TILE_HOSTS[provider]);
    await page.goto(base + locationRoute, { waitUntil: 'domcontentloaded' });
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== locationRoute) throw new Error(`${provider}: ${locationRoute} redirected to ${finalPath}`);
    const tileHosts = TILE_HOSTS[provider].source;
    const handle = await page.waitForFunction(
      ({ hosts }) => {
        const pattern = new RegExp(hosts);
        const ends = performance
          .getEntriesByType('resource')
          .filter((entry) => {
            const url = new URL(entry.name);
            return pattern.test(url.hostname) && url.hostname !== 'api.neshan.org';
          })
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd)
          .filter((end) => end > 0);
        return ends.length > 0 ? Math.min(...ends) : undefined;
      },
      { hosts: tileHosts },
      { timeout: 30_000, polling: 100 },
    );
    const firstTileMs = (await handle.jsonValue()) as number;
    if (standIn.escaped.length > 0)
      throw new Error(`${provider}: requests left the machine: ${standIn.escaped.join(' ')}`);
    const tilesAnswered = standIn.answered.filter((line) => isTile(provider, new URL(line.split(' ')[1]))).length;
    return { files: await builtFiles(page, base), firstTileMs, tilesAnswered };
  } finally {
    await context.close();
  }
}

async function measureProvider(
  browser: Browser,
  provider: MapProvider,
  server: ServerProcess,
  dist: string,
  runs: number,
): Promise<MapFigure> {
  const version = await liveVersion(server);
  const control = await controlFiles(browser, server.url, version);
  const results: LocationRun[] = [];
  for (let index = 0; index < runs; index += 1) results.push(await locationRun(browser, provider, server.url, version));
  const files = [...new Set(results.flatMap((result) => result.files))].filter((file) => !control.has(file)).sort();
  const of = (kind: string) => totals(files.filter((file) => file.endsWith(kind)).map((file) => sizeOf(dist, file)));
  const [js, css] = [of('.js'), of('.css')];
  const firstTileRunsMs = results.map((result) => round(result.firstTileMs));
  const figure: MapFigure = {
    provider,
    files,
    jsGzipBytes: js.gzipBytes,
    jsBrotliBytes: js.brotliBytes,
    cssGzipBytes: css.gzipBytes,
    cssBrotliBytes: css.brotliBytes,
    firstTileRunsMs,
    firstTileMs: round(median(firstTileRunsMs)),
    tilesAnswered: results[results.length - 1].tilesAnswered,
  };
  log(
    `  ${provider}: map JS ${js.gzipBytes} B gz, CSS ${css.gzipBytes} B gz (${files.length} files), first tile ${figure.firstTileMs} ms`,
  );
  return figure;
}

export async function mapSection(quick: boolean, dist: string): Promise<MapSection> {
  const runs = quick ? 1 : 5;
  const browser = await launchForTyping();
  const providers: MapFigure[] = [];
  try {
    const osm = await startProductServer('map-osm', { clientDir: dist });
    try {
      providers.push(await measureProvider(browser, 'osm', osm, dist, runs));
    } finally {
      await osm.stop();
    }
    const schemasDir = neshanSchemasDir();
    const neshan = await startProductServer('map-neshan', {
      clientDir: dist,
      extraEnv: { SCHEMAS_DIR: schemasDir, MAP_KEY: NESHAN_WEB_KEY },
    });
    try {
      providers.push(await measureProvider(browser, 'neshan', neshan, dist, runs));
    } finally {
      await neshan.stop();
      rmSync(join(schemasDir, '..'), { recursive: true, force: true });
    }
  } finally {
    await browser.close();
  }
  return { runs, providers };
}

export function mapMarkdown(figures: MapSection): string[] {
  return [
    '## Map',
    '',
    `/location on each map provider, Chromium without CPU slowdown, ${figures.runs} run(s) each (median shown). Tile and Neshan API hosts answered locally by the e2e tests' stand-in (a 1×1 PNG per tile), so the first tile measures the page and the map's code, not a tile server. Map files: the JS/CSS /location fetched until its first tile that the next step does not fetch. Reported only: no budget (the /location LCP, CLS and typing budgets above are osm's).`,
    '',
    markdownTable(
      ['provider', 'map JS gzip', 'map JS brotli', 'map CSS gzip', 'map CSS brotli', 'files', 'first tile', 'runs'],
      figures.providers.map((figure) => [
        figure.provider,
        kb(figure.jsGzipBytes),
        kb(figure.jsBrotliBytes),
        kb(figure.cssGzipBytes),
        kb(figure.cssBrotliBytes),
        figure.files.join(', '),
        `${formatNumber(figure.firstTileMs)} ms`,
        figure.firstTileRunsMs.map((ms) => formatNumber(ms)).join(', '),
      ]),
    ),
    '',
  ];
}
