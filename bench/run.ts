// `npm run bench` — builds the production bundle, starts the real server on a fresh SQLite file,
// measures bundle weight, Lighthouse, typing latency, server throughput, what webhooks cost it and
// the SurveyJS peer; prints a table and writes bench/results.json and bench/results.md.
//
//   --quick     smoke mode (< 90 s): every section with tiny sizes, written to bench/tmp/ instead
//   --no-build  measure what is in dist/ (and bench/peer/dist/) as it is
//   --only=a,b  only these sections (publish, bundle, lighthouse, typing, map, server, staff-list, webhooks, peer)
//
// It fails (exit 1) only when a measurement is broken, never because a budget is missed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import {
  budget,
  budgetHeader,
  budgetRows,
  consoleTable,
  formatNumber,
  kb,
  markdownTable,
  mark,
  mb,
  type Budget,
} from './lib/report.js';
import { startProductServer, type ServerProcess } from './lib/processes.js';
import { CHROMIUM_PATH, errorText, log, parseOptions, privateClientDir, root, round, run } from './lib/util.js';
import { fieldTitle, formSteps, wizard } from './lib/wizard.js';
import {
  analyzeDist,
  jsonFormsPeerDist,
  jsonFormsPeerViteConfig,
  moduleInfo,
  peerDist,
  peerViteConfig,
  productDist,
  productViteConfig,
  sizeOf,
  totals,
  type DistAnalysis,
  type ModuleInfo,
} from './sections/bundle.js';
import { mapMarkdown, mapSection } from './sections/map.js';
import { lighthouseSection, type LighthousePage, type PageSpec } from './sections/lighthouse.js';
import { recordRoutes, type RouteLoad } from './sections/routes.js';
import { serverSection, type ServerSection } from './sections/server.js';
import { publishSection, type PublishSection } from './sections/publish.js';
import { staffListSection } from './sections/staff-list.js';
import { webhooksSection, type WebhookRunFigure, type WebhooksSection } from './sections/webhooks.js';
import { floorSpecs, launchForTyping, typingSection, type TypingFigure, type TypingSpec } from './sections/typing.js';
import { draftSeed } from './lib/wizard.js';

const options = parseOptions(process.argv.slice(2));
const startedAt = Date.now();
const errors: string[] = [];

const KB = 1024;
// First paint from HTML, typing within a frame. The server's throughput ratios (stack ÷ bare
// Fastify) are retired (a few thousand pharmacies never need them); p99, registrations/s and the Locations
// answer's size stay.
const limits = {
  welcomeJsGzipBytes: 95 * KB,
  /** The JS a walk through every step downloads (gzip): where it stood before features crept in. */
  walkedJsGzipBytes: 229 * KB,
  performanceScore: 100,
  /** The first paint is the final paint: the largest one comes at most this long after the first (simulated, median of the runs). */
  lcpAfterFcpMs: 100,
  accessibilityScore: 100,
  welcomeLargestContentfulPaintMs: 1200,
  formLargestContentfulPaintMs: 1500,
  firstContentfulPaintMs: 1000,
  cumulativeLayoutShiftScore: 0.01,
  typingMedianMs: 16,
  typingWorstMs: 33,
  /** A field's median and worst keystroke may exceed the bare field's of the same run by this much. */
  typingOverFloorMs: 8,
  registrationsPerSec: 2000,
  p99Ms: 50,
  staffListP95Ms: 50,
  locationsBrotliBytes: 25 * KB,
  peerJsRatio: 0.556,
  publishMs: 3000,
  propagationMs: 5000,
  // Three subscribed endpoints (receiver answering in 200 ms) against none, same run.
  webhooksRegistrationsRatio: 0.9,
  webhooksStatusP99Ratio: 1.1,
  /** Added to the status p99 allowed when 10 % of it is less: noise at a p99 of a few ms. */
  webhooksStatusP99FloorMs: 5,
};
const lcpLimit = (route: string) =>
  route === wizard.steps[0].route ? limits.welcomeLargestContentfulPaintMs : limits.formLargestContentfulPaintMs;

type Failed = { error: string };
const wanted = (name: string) => !options.only || options.only.has(name);

const sectionMs: Record<string, number> = {};
const loadAverage: Record<string, number> = { start: round(loadavg()[0], 2) };

async function section<T extends object>(name: string, body: () => Promise<T>): Promise<T | Failed | undefined> {
  if (!wanted(name)) return undefined;
  loadAverage[name] = round(loadavg()[0], 2);
  log(`── ${name} (load average ${loadAverage[name]} on ${cpus().length} cores)`);
  const begun = Date.now();
  try {
    return await body();
  } catch (error) {
    const message = errorText(error);
    errors.push(`${name}: ${message}`);
    log(`${name} FAILED: ${message}`);
    if (process.env.BENCH_DEBUG && error instanceof Error) console.error(error.stack);
    return { error: message };
  } finally {
    sectionMs[name] = Date.now() - begun;
  }
}

const ok = <T extends object>(value: T | Failed | undefined): value is T => value !== undefined && !('error' in value);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

// ── build ────────────────────────────────────────────────────────────────────────────────────
// The client is built with the project's own config into bench/tmp/client rather than dist/client,
// so that an `npm run build` running elsewhere (tests, another engineer) cannot change the files
// while they are measured; the server (dist/server) is built by the project's script.
const clientDir = privateClientDir();
let productModules: ModuleInfo[] | undefined;
let peerModules: ModuleInfo[] | undefined;
let jsonFormsModules: ModuleInfo[] | undefined;
if (options.build) {
  log('npm run build:server');
  await run('npm', ['run', 'build:server']);
  log(`vite build (vite.config.ts) → ${relative(root, clientDir)}`);
  productModules = await moduleInfo(productViteConfig(), clientDir);
}
// --no-build measures the project's own build (dist/client), or the bench's last one without it.
const productClient = options.build || !existsSync(join(productDist(), 'index.html')) ? clientDir : productDist();
if (!existsSync(join(productClient, 'index.html')))
  throw new Error(`no client build in ${relative(root, productClient)}: run without --no-build`);
if (!options.build) log(`--no-build: measuring ${relative(root, productClient)} as it is`);
if (wanted('peer') && (options.build || !existsSync(join(peerDist(), 'index.html')))) {
  log('vite build (bench/peer/vite.config.ts) → bench/peer/dist');
  // Quick mode serves no peer page, so its .br/.gz files (slow to make for 2 MB) are not written.
  peerModules = await moduleInfo(peerViteConfig(), peerDist(), !options.quick);
}
if (wanted('peer') && (options.build || !existsSync(join(jsonFormsPeerDist(), 'index.html')))) {
  log('vite build (bench/peer-jsonforms/vite.config.ts) → bench/peer-jsonforms/dist');
  jsonFormsModules = await moduleInfo(jsonFormsPeerViteConfig(), jsonFormsPeerDist(), !options.quick);
}

const formRoutes = formSteps.map((step) => step.route);
const welcomeRoute = wizard.steps[0].route;
const lighthouseRoutes = options.quick ? [welcomeRoute] : [welcomeRoute, ...formRoutes];
const addressText = 'خیابان ولیعصر بالاتر از میدان ونک کوچه بهار پلاک دوازده'.slice(0, 40);
const pharmacyNameText = 'داروخانه شبانه‌روزی دکتر رازی';
const typingSpecs: TypingSpec[] = [
  {
    name: 'pharmacy name',
    url: '',
    label: fieldTitle('pharmacy-info', 'name'),
    text: pharmacyNameText,
    expectPath: '/pharmacy-info',
  },
  {
    name: 'manager mobile',
    url: '',
    label: fieldTitle('manager', 'mobileNumber'),
    text: '۰۹۱۲۳۴۵۶۷۸۹',
    expectPath: '/manager',
  },
  {
    name: 'location address',
    url: '',
    label: fieldTitle('location', 'address'),
    text: addressText,
    expectPath: '/location',
  },
];

// ── publish, then bundle, Lighthouse and typing against one server ─────────────────────────────
let app: ServerProcess | undefined;
const needsApp = wanted('publish') || wanted('bundle') || wanted('lighthouse') || wanted('typing');
let appError: string | undefined;
if (needsApp) {
  try {
    app = await startProductServer('wizard server', { clientDir: productClient });
  } catch (error) {
    appError = errorText(error);
  }
}
const requireApp = (): ServerProcess => {
  if (!app) throw new Error(`the server did not start: ${appError}`);
  return app;
};

// The wizard measured below is a version published through the staff API, with one new
// field; a second process on the same database must serve it within the budget.
const publish = await section('publish', async () => {
  const server = requireApp();
  const second = await startProductServer('second wizard server (same database)', {
    clientDir: productClient,
    dir: server.dir,
  });
  let figures: PublishSection;
  try {
    figures = await publishSection(server, second);
  } finally {
    await second.stop();
  }
  const budgets: Budget[] = [
    budget('publish', 'publish (check, validators, pages, switch)', figures.publishMs, '<=', limits.publishMs, 'ms'),
    budget(
      'publish',
      'until a second process serves the new version',
      figures.propagationMs,
      '<=',
      limits.propagationMs,
      'ms',
    ),
  ];
  return { ...figures, budgets };
});

/** Size of the measured version's validators module, as the server sends it. */
async function versionValidatorsSize(url: string, measured: string) {
  const path = `/api/definition/${measured}/validators.js`;
  const answer = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  const data = Buffer.from(await answer.arrayBuffer());
  return {
    file: path,
    rawBytes: data.length,
    gzipBytes: gzipSync(data, { level: 9 }).length,
    brotliBytes: brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The version the wizard is measured in: the published one, else whatever the server has live. */
async function measuredVersion(): Promise<string> {
  if (ok(publish)) return publish.version;
  const config = await fetch(`${requireApp().url}/api/Register/Config`);
  return ((await config.json()) as { definitionVersion: string }).definitionVersion;
}
const version = app ? await measuredVersion() : '';
for (const spec of typingSpecs) spec.seed = draftSeed(spec.expectPath!, version);

let productAnalysis: DistAnalysis | undefined;
const bundle = await section('bundle', async () => {
  const analysis = await analyzeDist(productClient, productViteConfig(), 'wizard', productModules);
  productAnalysis = analysis;
  const server = requireApp();
  const browser = await launchForTyping();
  let routes: RouteLoad[];
  try {
    routes = await recordRoutes(
      browser,
      server.url,
      productClient,
      [welcomeRoute, ...formRoutes],
      version,
      options.quick ? 300 : 1500,
    );
  } finally {
    await browser.close();
  }
  const welcome = routes[0];
  // What a manager walking every step downloads: each route's needs and prefetches together
  // (chunks loaded only on demand, such as the markdown renderer, are not in it).
  const walkedFiles = [...new Set(routes.flatMap((route) => [...route.needed, ...route.prefetched]))].filter((file) =>
    file.endsWith('.js'),
  );
  // The version's validators come from the server (/api/definition/…/validators.js), not from the
  // build: a form step needs them, so the walked wizard counts them.
  const validatorsModule = await versionValidatorsSize(server.url, version);
  const walkedFromBuild = totals(walkedFiles.map((file) => sizeOf(productClient, file)));
  const walked = {
    ...walkedFromBuild,
    rawBytes: walkedFromBuild.rawBytes + validatorsModule.rawBytes,
    gzipBytes: walkedFromBuild.gzipBytes + validatorsModule.gzipBytes,
    brotliBytes: walkedFromBuild.brotliBytes + validatorsModule.brotliBytes,
  };
  const budgets: Budget[] = [
    budget(
      'bundle',
      `${welcomeRoute} first-load JS (gzip)`,
      analysis.firstLoad.jsGzipBytes,
      '<=',
      limits.welcomeJsGzipBytes,
      'B',
    ),
    budget(
      'bundle',
      `JS requested before ${welcomeRoute} is on screen (gzip)`,
      welcome.jsGzipBytes,
      '<=',
      limits.welcomeJsGzipBytes,
      'B',
    ),
    budget(
      'bundle',
      `RJSF/ajv/Leaflet modules in ${welcomeRoute}'s first load`,
      analysis.firstLoadForbidden.length,
      '=',
      0,
      'count',
    ),
    budget(
      'bundle',
      'ajv compiler modules or eval-like code in any chunk',
      analysis.compilerModules.length + analysis.compilerHits.length,
      '=',
      0,
      'count',
    ),
  ];
  return {
    welcome: {
      js: analysis.firstLoad.js,
      css: analysis.firstLoad.css,
      fontsPreloaded: analysis.firstLoad.fontsPreloaded,
      jsRawBytes: analysis.firstLoad.jsRawBytes,
      jsGzipBytes: analysis.firstLoad.jsGzipBytes,
      jsBrotliBytes: analysis.firstLoad.jsBrotliBytes,
      cssRawBytes: analysis.firstLoad.cssRawBytes,
      cssGzipBytes: analysis.firstLoad.cssGzipBytes,
      cssBrotliBytes: analysis.firstLoad.cssBrotliBytes,
      fontBytes: welcome.fontBytes,
      idlePrefetchJsGzipBytes: welcome.prefetchedJsGzipBytes,
      forbiddenInFirstLoad: analysis.firstLoadForbidden,
    },
    routes,
    walkedJs: { ...walked, files: [...walkedFiles, validatorsModule.file] },
    versionValidators: validatorsModule,
    lazyChunks: analysis.lazyChunks,
    allJs: analysis.allJs,
    allCss: analysis.allCss,
    fonts: analysis.fonts,
    dependencies: analysis.dependencies.slice(0, 15),
    chunks: analysis.chunks,
    ajvCompiler: { modules: analysis.compilerModules, signatureHits: analysis.compilerHits },
    budgets,
  };
});

const lighthouse = await section('lighthouse', async () => {
  const server = requireApp();
  const specs: PageSpec[] = lighthouseRoutes.map((route) => ({
    name: route,
    url: server.url + route,
    seed: draftSeed(route, version),
    expectPath: route,
  }));
  const pages = await lighthouseSection(specs, options.quick ? 1 : 3);
  const budgets: Budget[] = Object.entries(pages).flatMap(([route, page]) => [
    budget('lighthouse', `${route} performance`, page.performanceScore, '>=', limits.performanceScore, 'score'),
    budget('lighthouse', `${route} accessibility`, page.accessibilityScore, '>=', limits.accessibilityScore, 'score'),
    budget('lighthouse', `${route} FCP`, page.firstContentfulPaintMs, '<=', limits.firstContentfulPaintMs, 'ms'),
    budget('lighthouse', `${route} LCP`, page.largestContentfulPaintMs, '<=', lcpLimit(route), 'ms'),
    budget(
      'lighthouse',
      `${route} LCP after FCP (median of ${page.runs})`,
      page.medianLcpAfterFcpMs,
      '<=',
      limits.lcpAfterFcpMs,
      'ms',
    ),
    budget(
      'lighthouse',
      `${route} CLS`,
      page.cumulativeLayoutShiftScore,
      '<=',
      limits.cumulativeLayoutShiftScore,
      'score',
    ),
  ]);
  for (const [route, page] of Object.entries(pages)) {
    if (page.warnings.some((warning) => warning.startsWith('redirected')))
      throw new Error(`${route}: ${page.warnings.join('; ')}`);
  }
  return {
    preset: 'mobile, simulated Slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown',
    runsPerPage: options.quick ? 1 : 3,
    pages,
    budgets,
  };
});

const typing = await section('typing', async () => {
  const server = requireApp();
  const specs = typingSpecs.map((spec) => ({ ...spec, url: server.url + spec.expectPath }));
  const fields = await typingSection(specs, options.quick);
  // Measured in the same run, reported beside the fields, never budgeted: what Chromium alone costs.
  const floor = await typingSection(floorSpecs(specs), options.quick);
  const floorOf = (name: string) => Object.values(floor)[/address/.test(name) ? 1 : 0];
  const budgets: Budget[] = Object.entries(fields).flatMap(([name, figure]) => {
    const bare = floorOf(name);
    return [
      budget('typing', `${name} median`, figure.medianMs, '<=', limits.typingMedianMs, 'ms'),
      budget('typing', `${name} worst`, figure.worstMs, '<=', limits.typingWorstMs, 'ms'),
      ...(bare
        ? [
            budget(
              'typing',
              `${name} median over the bare field's (${formatNumber(bare.medianMs)} ms)`,
              round(figure.medianMs - bare.medianMs, 1),
              '<=',
              limits.typingOverFloorMs,
              'ms',
            ),
            budget(
              'typing',
              `${name} worst over the bare field's (${formatNumber(bare.worstMs)} ms)`,
              round(figure.worstMs - bare.worstMs, 1),
              '<=',
              limits.typingOverFloorMs,
              'ms',
            ),
          ]
        : []),
    ];
  });
  return { cpuThrottlingRatio: 4, fields, floor, budgets };
});

await app?.stop();

// ── map: osm beside neshan (stand-in), own servers; reported, not budgeted ─────────────────────
const map = await section('map', () => mapSection(options.quick, productClient));

// ── server throughput, own processes ─────────────────────────────────────────────────────────
const server = await section('server', async () => {
  const figures: ServerSection = await serverSection(options.quick, productClient);
  const by = (target: string) => figures.runs.find((figure) => figure.target === target);
  const budgets: Budget[] = [
    budget(
      'server',
      'Locations answer (brotli, as sent)',
      figures.locationsBytes.brotli,
      '<=',
      limits.locationsBrotliBytes,
      'B',
    ),
  ];
  const registration = by('registration');
  if (registration) {
    const disk = `disk ${formatNumber(figures.fsyncPerSec)} fsync/s`;
    budgets.push(
      budget(
        'server',
        `registrations/s (synchronous=FULL; ${disk})`,
        registration.requestsPerSec,
        '>=',
        limits.registrationsPerSec,
        'req/s',
      ),
    );
  }
  for (const figure of figures.runs)
    budgets.push(budget('server', `${figure.target} p99`, figure.latencyP99Ms, '<=', limits.p99Ms, 'ms'));
  for (const figure of figures.runs) {
    if (figure.requests > 0 && figure.errors + figure.non2xx > figure.requests * 0.01) {
      throw new Error(
        `${figure.target}: ${figure.non2xx} non-2xx and ${figure.errors} errors of ${figure.requests} requests — ${figures.notes.join('; ')}`,
      );
    }
  }
  return { ...figures, budgets };
});

// ── the staff console's list at 100,000 registrations, SQLite and PostgreSQL ─────────────────
const staffList = await section('staff-list', async () => {
  const figures = await staffListSection(options.quick, productClient);
  const budgets: Budget[] = figures.runs.map((run) =>
    budget(
      'staff-list',
      `filtered list page p95 at ${formatNumber(run.registrations)} registrations (${run.database})`,
      run.p95Ms,
      '<=',
      limits.staffListP95Ms,
      'ms',
    ),
  );
  // A database that could not be measured is a missed budget, not a silent pass.
  for (const missing of figures.notMeasured)
    budgets.push(
      budget(
        'staff-list',
        `filtered list page p95 (${missing.database}: not measured)`,
        Number.NaN,
        '<=',
        limits.staffListP95Ms,
        'ms',
      ),
    );
  return { ...figures, budgets };
});

// ── webhooks: three endpoints subscribed against none, same run ─────────────────────────────
const webhooks = await section('webhooks', async () => {
  const figures = await webhooksSection(options.quick, productClient);
  const [none, subscribed] = figures.runs;
  const statusLimit = Math.max(
    none.statusP99Ms * limits.webhooksStatusP99Ratio,
    none.statusP99Ms + limits.webhooksStatusP99FloorMs,
  );
  const budgets: Budget[] = [
    budget(
      'webhooks',
      `registrations/s, ${subscribed.name} ÷ ${none.name}`,
      round(subscribed.registrationsPerSec / none.registrationsPerSec, 3),
      '>=',
      limits.webhooksRegistrationsRatio,
      'ratio',
    ),
    budget(
      'webhooks',
      `status change p99, ${subscribed.name} (≤ 1.1 × or + 5 ms of ${formatNumber(none.statusP99Ms, 1)} ms)`,
      subscribed.statusP99Ms,
      '<=',
      round(statusLimit, 1),
      'ms',
    ),
  ];
  return { ...figures, budgets };
});

// ── the peers: SurveyJS and JSON Forms ──────────────────────────────────────────────────────
interface PeerSpec {
  key: string;
  name: string;
  library: string;
  dist: string;
  config: string;
  modules?: ModuleInfo[];
}
const peerSpecs: PeerSpec[] = [
  {
    key: 'surveyjs',
    name: 'SurveyJS',
    library: 'survey-core 3.0.0 + survey-react-ui 3.0.0 (bench/peer)',
    dist: peerDist(),
    config: peerViteConfig(),
    modules: peerModules,
  },
  {
    key: 'jsonforms',
    name: 'JSON Forms',
    library:
      '@jsonforms/core + @jsonforms/react + @jsonforms/vanilla-renderers 3.8.0, validation off (bench/peer-jsonforms)',
    dist: jsonFormsPeerDist(),
    config: jsonFormsPeerViteConfig(),
    modules: jsonFormsModules,
  },
];
/** The typed fields on the peers' pages (`?page=N`, N = the form step's index). */
const peerTypingSpecs = (url: string, name: string): TypingSpec[] => [
  {
    name: `${name} pharmacy name`,
    url: `${url}/?page=0`,
    label: fieldTitle('pharmacy-info', 'name'),
    text: pharmacyNameText,
  },
  {
    name: `${name} location address`,
    url: `${url}/?page=1`,
    label: fieldTitle('location', 'address'),
    text: addressText,
  },
  {
    name: `${name} manager mobile`,
    url: `${url}/?page=2`,
    label: fieldTitle('manager', 'mobileNumber'),
    text: '۰۹۱۲۳۴۵۶۷۸۹',
  },
];

async function measurePeer(spec: PeerSpec) {
  const analysis = await analyzeDist(spec.dist, spec.config, spec.key, spec.modules);
  let pages: Record<string, LighthousePage> = {};
  let fields: Record<string, TypingFigure> = {};
  if (!options.quick) {
    const peerServer = await startProductServer(`${spec.key} peer server`, { clientDir: spec.dist });
    try {
      const specs: PageSpec[] = formSteps.map((step, index) => ({
        name: `${spec.name} ${step.route}`,
        url: `${peerServer.url}/?page=${index}`,
      }));
      pages = await lighthouseSection(specs);
      fields = await typingSection(peerTypingSpecs(peerServer.url, spec.name), false);
    } finally {
      await peerServer.stop();
    }
  }
  return {
    name: spec.name,
    library: spec.library,
    firstLoad: {
      jsGzipBytes: analysis.firstLoad.jsGzipBytes,
      jsBrotliBytes: analysis.firstLoad.jsBrotliBytes,
      cssGzipBytes: analysis.firstLoad.cssGzipBytes,
      cssBrotliBytes: analysis.firstLoad.cssBrotliBytes,
    },
    allJs: analysis.allJs,
    allCss: analysis.allCss,
    fontBytes: analysis.fonts.totalBytes,
    dependencies: analysis.dependencies.slice(0, 8),
    lighthouse: pages,
    typing: fields,
  };
}

const peer = await section('peer', async () => {
  const measured: Record<string, Awaited<ReturnType<typeof measurePeer>>> = {};
  for (const spec of peerSpecs) measured[spec.key] = await measurePeer(spec);
  const surveyjs = measured.surveyjs;
  const ours = productAnalysis ?? (await analyzeDist(productClient, productViteConfig(), 'wizard', productModules));
  // Ours: the JS a manager downloads walking every step (from the bundle section's route loads),
  // else every chunk; a peer's: every chunk (one bundle, all loaded).
  const walked = ok(bundle) ? bundle.walkedJs : undefined;
  const oursGzip = walked?.gzipBytes ?? ours.allJs.gzipBytes;
  const oursBrotli = walked?.brotliBytes ?? ours.allJs.brotliBytes;
  const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
  // The peers were built with the location step's fields and no map; ours without its map chunk compares like with like.
  const mapChunks = ours.chunks.filter((chunk) => chunk.mapRatio > 0.5);
  const oursWithoutMapGzip =
    oursGzip -
    mapChunks
      .filter((chunk) => !walked || walked.files.includes(chunk.file))
      .reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const ratios = Object.fromEntries(
    Object.entries(measured).map(([key, figures]) => [
      key,
      {
        jsGzip: ratio(oursGzip, figures.allJs.gzipBytes),
        jsBrotli: ratio(oursBrotli, figures.allJs.brotliBytes),
        allChunksGzip: ratio(ours.allJs.gzipBytes, figures.allJs.gzipBytes),
        withoutMapGzip: ratio(oursWithoutMapGzip, figures.allJs.gzipBytes),
      },
    ]),
  );
  const budgets: Budget[] = [
    budget(
      'peer',
      `our wizard's JS${walked ? ' (every step walked)' : ''} / SurveyJS peer JS (gzip)`,
      ratios.surveyjs.jsGzip,
      '<=',
      limits.peerJsRatio,
      'ratio',
    ),
    budget(
      'peer',
      `our wizard's JS${walked ? ' (every step walked)' : ''} (gzip)`,
      oursGzip,
      '<=',
      limits.walkedJsGzipBytes,
      'B',
    ),
  ];
  return {
    ours: {
      measured: walked ? 'JS downloaded walking every step' : 'every chunk',
      jsGzipBytes: oursGzip,
      jsBrotliBytes: oursBrotli,
      allChunksJsGzipBytes: ours.allJs.gzipBytes,
      withoutMapJsGzipBytes: oursWithoutMapGzip,
      mapChunks: mapChunks.map((chunk) => chunk.file),
    },
    peers: measured,
    ratios,
    surveyjs,
    budgets,
  };
});

// ── results ──────────────────────────────────────────────────────────────────────────────────
const meta = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  chromium: chromiumVersion(),
  commit: git(['rev-parse', '--short', 'HEAD']),
  quick: options.quick,
  durationMs: Date.now() - startedAt,
  sectionMs,
  /** 1-minute load average when each section began: above the core count, figures are disturbed. */
  loadAverage,
  errors,
};
const results = { meta, publish, bundle, lighthouse, typing, map, server, staffList, webhooks, peer };
const budgets: Budget[] = [publish, bundle, lighthouse, typing, server, staffList, webhooks, peer].flatMap((part) =>
  ok(part) && 'budgets' in part ? part.budgets : [],
);

mkdirSync(options.outDir, { recursive: true });
const jsonPath = join(options.outDir, 'results.json');
const mdPath = join(options.outDir, 'results.md');
writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(mdPath, renderMarkdown());

console.log(`\n${consoleTable(budgetHeader, budgetRows(budgets))}\n`);
const failed = budgets.filter((entry) => !entry.pass).length;
log(
  `${budgets.length - failed} of ${budgets.length} budgets met; wrote ${relative(root, jsonPath)} and ${relative(root, mdPath)}`,
);
if (errors.length > 0) {
  log(`broken measurements:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
process.exit(0);

function renderMarkdown(): string {
  const out: string[] = [];
  out.push('# Benchmark results', '');
  out.push(
    `${meta.date} · Node ${meta.node} · ${meta.cpu} × ${meta.cores} · ${meta.chromium} · commit ${meta.commit}${meta.quick ? ' · **quick (smoke) mode: sizes too small to quote**' : ''} · ${formatNumber(meta.durationMs / 1000)} s`,
    '',
    'Written by `npm run bench` (bench/run.ts). Budgets are `limits` in bench/run.ts; ✓ met, ✗ missed (margin negative = over the limit).',
    '',
  );
  if (errors.length > 0) out.push('**Broken measurements:**', '', ...errors.map((error) => `- ${error}`), '');
  const busiest = Math.max(...Object.values(loadAverage));
  if (busiest > meta.cores) {
    out.push(
      `**The machine was busy during this run** (load average up to ${busiest} on ${meta.cores} cores: ${Object.entries(
        loadAverage,
      )
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}); timings are pessimistic.`,
      '',
    );
  }
  out.push('## Budgets', '', markdownTable(budgetHeader, budgetRows(budgets)), '');

  if (ok(bundle)) {
    out.push(
      '## Bundle',
      '',
      'gzip level 9 and brotli quality 11 of the built files (what the server sends); fonts as stored (woff2 is compressed).',
      '',
    );
    out.push(
      markdownTable(
        ['what', 'JS gzip', 'JS brotli', 'CSS gzip', 'CSS brotli', 'fonts'],
        [
          [
            `${welcomeRoute} first load (index.html + static imports)`,
            kb(bundle.welcome.jsGzipBytes),
            kb(bundle.welcome.jsBrotliBytes),
            kb(bundle.welcome.cssGzipBytes),
            kb(bundle.welcome.cssBrotliBytes),
            kb(bundle.welcome.fontBytes),
          ],
          ...bundle.routes.map((route) => [
            `${route.route}: needed before on screen`,
            kb(route.jsGzipBytes),
            kb(route.jsBrotliBytes),
            kb(route.cssGzipBytes),
            kb(route.cssBrotliBytes),
            kb(route.fontBytes),
          ]),
          ...bundle.routes
            .slice(1)
            .map((route) => [
              `${route.route}: extra over the steps before`,
              kb(route.extraJsGzipBytes),
              kb(route.extraJsBrotliBytes),
              kb(route.extraCssGzipBytes),
              '',
              kb(route.extraFontBytes),
            ]),
          [`${welcomeRoute}: prefetched after first paint`, kb(bundle.welcome.idlePrefetchJsGzipBytes), '', '', '', ''],
          [
            'every step walked (needs + prefetches)',
            kb(bundle.walkedJs.gzipBytes),
            kb(bundle.walkedJs.brotliBytes),
            '',
            '',
            '',
          ],
          [
            'whole wizard (every chunk, on-demand ones too)',
            kb(bundle.allJs.gzipBytes),
            kb(bundle.allJs.brotliBytes),
            kb(bundle.allCss.gzipBytes),
            kb(bundle.allCss.brotliBytes),
            kb(bundle.fonts.totalBytes),
          ],
        ],
      ),
      '',
    );
    if (bundle.lazyChunks.length > 0) {
      out.push('Lazy chunks (dynamic imports, beyond the first load):', '');
      out.push(
        markdownTable(
          ['source', 'JS gzip', 'JS brotli', 'CSS gzip'],
          bundle.lazyChunks.map((chunk) => [
            chunk.source,
            kb(chunk.jsGzipBytes),
            kb(chunk.jsBrotliBytes),
            kb(chunk.cssGzipBytes),
          ]),
        ),
        '',
      );
    }
    out.push('Chunks (biggest dependencies by rendered bytes):', '');
    out.push(
      markdownTable(
        ['chunk', 'gzip', 'brotli', 'made of'],
        bundle.chunks.map((chunk) => [
          chunk.file.replace(/^assets\//, ''),
          kb(chunk.gzipBytes),
          kb(chunk.brotliBytes),
          chunk.packages.map((pkg) => `${pkg.name} ${kb(pkg.renderedBytes)}`).join(', '),
        ]),
      ),
      '',
    );
    out.push('Biggest dependencies (share of all JS before minification; gzip estimated by share of each chunk):', '');
    out.push(
      markdownTable(
        ['dependency', 'share', '≈ gzip', `in ${welcomeRoute} first load`],
        bundle.dependencies.map((dep) => [
          dep.name,
          `${formatNumber(dep.shareRatio * 100, 1)} %`,
          kb(dep.estimatedGzipBytes),
          dep.inFirstLoad ? 'yes' : 'no',
        ]),
      ),
      '',
    );
    out.push(
      `Fonts: ${bundle.fonts.files.map((file) => `${file.file.replace(/^assets\//, '')} (${kb(file.rawBytes)})`).join(', ') || 'none'}.`,
      '',
    );
    out.push(
      `ajv compiler: ${bundle.ajvCompiler.modules.length === 0 && bundle.ajvCompiler.signatureHits.length === 0 ? 'none in any chunk (no ajv/dist/core or compile modules; no `new Function(`, `CodeGen: `, `Error compiling schema` strings)' : `${bundle.ajvCompiler.modules.join(', ')} ${bundle.ajvCompiler.signatureHits.map((hit) => `${hit.file}: ${hit.signature}`).join(', ')}`}.`,
      '',
    );
  }

  if (ok(lighthouse)) {
    out.push(
      '## Lighthouse',
      '',
      `${lighthouse.preset}; later steps opened with the earlier steps' draft seeded in sessionStorage; ${lighthouse.runsPerPage} run(s) per page, the median run by performance score shown (all scores in results.json).`,
      '',
    );
    out.push(lighthouseTable(lighthouse.pages), '');
    out.push(
      "Largest contentful paint element (median run), and what the page had started before the observed LCP besides itself (the simulation adds each such request's modelled time to FCP and LCP):",
      '',
      ...Object.entries(lighthouse.pages).map(
        ([route, page]) =>
          `- ${route}: \`${(page.lcpElement ?? 'unknown').replace(/`/g, "'")}\`; before LCP: ${page.requestsBeforeLcp.length > 0 ? page.requestsBeforeLcp.join(', ') : 'nothing'}`,
      ),
      '',
    );
    const failing = Object.entries(lighthouse.pages).flatMap(([route, page]) =>
      page.failedAudits.map((audit) => `- ${route}: ${audit}`),
    );
    if (failing.length > 0) out.push('Audits below full marks:', '', ...failing, '');
    const tasks = Object.entries(lighthouse.pages).flatMap(([route, page]) =>
      page.longTasks.map((task) => `- ${route}: ${task}`),
    );
    if (tasks.length > 0) out.push('Long tasks (simulated 4× CPU):', '', ...tasks, '');
    out.push(
      `Lighthouse benchmarkIndex of this machine: ${Object.values(lighthouse.pages)
        .map((page) => page.benchmarkIndex)
        .join(', ')}.`,
      '',
    );
  }

  if (ok(typing)) {
    out.push(
      '## Typing',
      '',
      'Chromium, 4× CPU slowdown, keystroke → next frame (rAF + task after it, or Event Timing duration when larger).',
      '',
    );
    out.push(
      markdownTable(
        ['field', 'keys', 'median', 'p90', 'worst', 'Event Timing ≥ 16 ms', 'value after'],
        Object.entries(typing.fields).map(([name, figure]) => [
          `${name} (${figure.url.replace(/^https?:\/\/[^/]+/, '')})`,
          figure.keystrokes,
          `${mark(figure.medianMs <= limits.typingMedianMs)} ${formatNumber(figure.medianMs, 1)} ms`,
          `${formatNumber(figure.p90Ms, 1)} ms`,
          `${mark(figure.worstMs <= limits.typingWorstMs)} ${formatNumber(figure.worstMs, 1)} ms`,
          figure.eventTimingEntries,
          figure.valueAfterTyping,
        ]),
      ),
      '',
      'The floor, same run: the same keystrokes into a bare field on an empty page (no script, no stylesheet). Event Timing rounds durations to 8 ms and reports none under 16 ms, so a keystroke that paints in the next frame counts as 16 ms.',
      '',
      markdownTable(
        ['field', 'keys', 'median', 'p90', 'worst', 'Event Timing ≥ 16 ms'],
        Object.entries(typing.floor).map(([name, figure]) => [
          name,
          figure.keystrokes,
          `${formatNumber(figure.medianMs, 1)} ms`,
          `${formatNumber(figure.p90Ms, 1)} ms`,
          `${formatNumber(figure.worstMs, 1)} ms`,
          figure.eventTimingEntries,
        ]),
      ),
      '',
    );
  }

  if (ok(server)) {
    out.push(
      '## Server',
      '',
      `autocannon, ${server.connections} connections, ${server.secondsPerRun} s per run, browser-like headers (Accept-Encoding, cookies of an earlier GET); servers in their own processes on a fresh SQLite file (WAL, synchronous=FULL).`,
      '',
    );
    out.push(
      markdownTable(
        ['target', 'request', 'req/s', 'p50', 'p99', 'non-2xx', 'note'],
        server.runs.map((figure) => [
          figure.target,
          `${figure.method} ${figure.path}`,
          formatNumber(figure.requestsPerSec),
          `${formatNumber(figure.latencyP50Ms, 1)} ms`,
          `${formatNumber(figure.latencyP99Ms, 1)} ms`,
          figure.non2xx + figure.errors,
          figure.note,
        ]),
      ),
      '',
    );
    out.push(
      `Disk: ${formatNumber(server.fsyncPerSec)} fsync/s, ${formatNumber(server.fdatasyncPerSec)} fdatasync/s (4 KB write + sync loop in the database's folder). ` +
        `Server resident memory after the run: ${mb(server.serverRssAfterRunBytes)}. ` +
        `Locations answer: ${kb(server.locationsBytes.brotli)} brotli, ${kb(server.locationsBytes.gzip)} gzip, ${kb(server.locationsBytes.identity)} uncompressed. ` +
        `${formatNumber(server.preparedRegistrations)} registrations prepared (one session, token and solved captcha each).`,
      '',
    );
    if (server.notes.length > 0) out.push(...server.notes.map((note) => `- ${note}`), '');
  }

  if (ok(staffList)) {
    out.push(
      '## Staff list',
      '',
      "Registrations seeded into the real server's migrated database (the server's column map, spread over a year, every status), then each filtered page of `GET /api/staff/registrations` asked in turn by a signed-in agent over HTTP, one request at a time after a warm-up round; latency measured by the client.",
      '',
    );
    out.push(
      markdownTable(
        ['database', 'registrations', 'seeded in', 'requests', 'p50', 'p95', 'max'],
        staffList.runs.map((run) => [
          run.database,
          formatNumber(run.registrations),
          `${formatNumber(run.seedMs / 1000, 1)} s`,
          run.requests,
          `${formatNumber(run.p50Ms, 1)} ms`,
          `${formatNumber(run.p95Ms, 1)} ms`,
          `${formatNumber(run.maxMs, 1)} ms`,
        ]),
      ),
      '',
    );
    for (const run of staffList.runs) {
      out.push(
        `${run.database}, per query:`,
        '',
        markdownTable(
          ['query', 'matches', 'p50', 'p95'],
          run.queries.map((query) => [
            `${query.name} (\`${query.path.replace('/api/staff/registrations', '')}\`)`,
            formatNumber(query.total),
            `${formatNumber(query.p50Ms, 1)} ms`,
            `${formatNumber(query.p95Ms, 1)} ms`,
          ]),
        ),
        '',
      );
    }
    for (const missing of staffList.notMeasured) out.push(`- ${missing.database} not measured: ${missing.reason}`, '');
  }

  if (ok(map)) out.push(...mapMarkdown(map));

  if (ok(webhooks)) out.push(...webhooksMarkdown(webhooks));

  if (ok(peer)) {
    out.push(
      '## Peers: SurveyJS and JSON Forms',
      '',
      'The same three form steps (pharmacy-info, location without the map, manager), built and served the same way:',
      '',
    );
    out.push(...Object.values(peer.peers).map((figures) => `- ${figures.name}: ${figures.library}`), '');
    const ourLighthouse = ok(lighthouse) ? lighthouse.pages : {};
    const ourTyping = ok(typing) ? typing.fields : {};
    out.push(
      markdownTable(
        [
          '',
          'whole JS gzip',
          'whole JS brotli',
          'first-load JS gzip',
          'CSS gzip',
          'ours ÷ it (gzip)',
          'ours without map ÷ it',
        ],
        [
          [
            `ours (${peer.ours.measured})`,
            kb(peer.ours.jsGzipBytes),
            kb(peer.ours.jsBrotliBytes),
            ok(bundle) ? kb(bundle.welcome.jsGzipBytes) : '—',
            ok(bundle) ? kb(bundle.allCss.gzipBytes) : '—',
            '',
            '',
          ],
          ...Object.entries(peer.peers).map(([key, figures]) => [
            figures.name,
            kb(figures.allJs.gzipBytes),
            kb(figures.allJs.brotliBytes),
            kb(figures.firstLoad.jsGzipBytes),
            kb(figures.allCss.gzipBytes),
            `${formatNumber(peer.ratios[key].jsGzip, 3)}×`,
            `${formatNumber(peer.ratios[key].withoutMapGzip, 3)}×`,
          ]),
        ],
      ),
      '',
    );
    const routesOf = formSteps.map((step) => step.route);
    if (Object.values(peer.peers).some((figures) => Object.keys(figures.lighthouse).length > 0)) {
      out.push(
        markdownTable(
          ['Lighthouse performance (LCP)', ...routesOf],
          [
            [
              'ours',
              ...routesOf.map((route) =>
                ourLighthouse[route]
                  ? `${ourLighthouse[route].performanceScore} (${formatNumber(ourLighthouse[route].largestContentfulPaintMs)} ms)`
                  : '—',
              ),
            ],
            ...Object.values(peer.peers).map((figures) => [
              figures.name,
              ...routesOf.map((route) => {
                const page = figures.lighthouse[`${figures.name} ${route}`];
                return page ? `${page.performanceScore} (${formatNumber(page.largestContentfulPaintMs)} ms)` : '—';
              }),
            ]),
          ],
        ),
        '',
      );
      const fieldNames = ['pharmacy name', 'location address', 'manager mobile'];
      const oursFor: Record<string, string> = {
        'pharmacy name': 'pharmacy name',
        'location address': 'location address',
        'manager mobile': 'manager mobile',
      };
      // A field that kept no typed character (SurveyJS's mask refuses Persian digits) measured nothing.
      const typedNothing = (figure: TypingFigure) => !/[^\s_-]/.test(figure.valueAfterTyping);
      const cell = (figure?: TypingFigure) =>
        figure
          ? `${formatNumber(figure.medianMs, 1)} / ${formatNumber(figure.worstMs, 1)} ms` +
            (typedNothing(figure) ? ` (nothing typed: «${figure.valueAfterTyping}»)` : '')
          : '—';
      out.push(
        markdownTable(
          ['typing, median / worst (4× CPU)', ...fieldNames],
          [
            ['ours', ...fieldNames.map((field) => cell(ourTyping[oursFor[field]]))],
            ...Object.values(peer.peers).map((figures) => [
              figures.name,
              ...fieldNames.map((field) => cell(figures.typing[`${figures.name} ${field}`])),
            ]),
          ],
        ),
        '',
      );
    }
  }
  return `${out.join('\n')}\n`;
}

function lighthouseTable(
  pages: Record<string, LighthousePage & { performanceScores?: number[]; lcpAfterFcpMs?: number[] }>,
): string {
  return markdownTable(
    [
      'page',
      'performance',
      'accessibility',
      'best practices',
      'FCP (observed)',
      'LCP (observed)',
      'LCP − FCP, each run',
      'TBT',
      'CLS',
      'transfer',
    ],
    Object.entries(pages).map(([name, page]) => [
      name,
      `${mark(page.performanceScore >= limits.performanceScore)} ${page.performanceScore}${page.performanceScores && page.performanceScores.length > 1 ? ` (${page.performanceScores.join(', ')})` : ''}`,
      `${mark(page.accessibilityScore >= limits.accessibilityScore)} ${page.accessibilityScore}`,
      page.bestPracticesScore,
      `${mark(page.firstContentfulPaintMs <= limits.firstContentfulPaintMs)} ${formatNumber(page.firstContentfulPaintMs)} ms (${formatNumber(page.observedFirstContentfulPaintMs)} ms)`,
      `${mark(page.largestContentfulPaintMs <= lcpLimit(name))} ${formatNumber(page.largestContentfulPaintMs)} ms (${formatNumber(page.observedLargestContentfulPaintMs)} ms)`,
      (page.lcpAfterFcpMs ?? [page.largestContentfulPaintMs - page.firstContentfulPaintMs])
        .map((gap) => `${mark(gap <= limits.lcpAfterFcpMs)} ${formatNumber(gap)} ms`)
        .join(', '),
      `${formatNumber(page.totalBlockingTimeMs)} ms`,
      `${mark(page.cumulativeLayoutShiftScore <= limits.cumulativeLayoutShiftScore)} ${formatNumber(page.cumulativeLayoutShiftScore, 3)}`,
      kb(page.totalTransferBytes),
    ]),
  );
}

function webhooksMarkdown(figures: WebhooksSection): string[] {
  const events = (run: WebhookRunFigure) =>
    run.endpoints === 0
      ? '—'
      : `${formatNumber(run.received)} received (${formatNumber(run.verified)} verified: ${
          Object.entries(run.receivedByEvent)
            .map(([type, count]) => `${type} ${formatNumber(count)}`)
            .join(', ') || 'none'
        })`;
  const outbox = (run: WebhookRunFigure) =>
    Object.entries(run.outbox)
      .map(([state, rows]) => `${state} ${formatNumber(rows)}`)
      .join(', ') || 'empty';
  return [
    '## Webhooks',
    '',
    `A server per round, each on a fresh SQLite file with \`WEBHOOK_ALLOW_PRIVATE=true\`: no endpoint, then endpoints subscribed to every event (added by an admin through \`POST /api/staff/webhooks\`). Receiver in the bench process: ${figures.receiver}. Registrations: autocannon, ${figures.connections} connections, ${figures.secondsPerRun} s, ${formatNumber(figures.preparedPerRun)} prepared per run. Status changes: new → contacted by a signed-in admin, ${figures.statusConcurrency} at a time, latency measured by the client around each request.`,
    '',
    markdownTable(
      [
        'run',
        'registrations/s',
        'registration p99',
        'status changes',
        'status p50',
        'status p99',
        'status max',
        'outbox at the end',
        'receiver',
      ],
      figures.runs.map((run) => [
        `${run.name} (${run.rounds} round${run.rounds === 1 ? '' : 's'})`,
        formatNumber(run.registrationsPerSec),
        `${formatNumber(run.registrationP99Ms, 1)} ms`,
        formatNumber(run.statusChanges),
        `${formatNumber(run.statusP50Ms, 1)} ms`,
        `${formatNumber(run.statusP99Ms, 1)} ms`,
        `${formatNumber(run.statusMaxMs, 1)} ms`,
        outbox(run),
        events(run),
      ]),
    ),
    '',
    `Rounds in the order ${figures.order.join(', ')}; each its own server on a fresh file. Registrations/s is the mean of a kind's rounds, its p99 the worst round's; status latencies are pooled. Per round: ${figures.runs
      .map(
        (run) =>
          `${run.name} ${run.perRound.map((one) => `${formatNumber(one.registrationsPerSec)}/s, p99 ${formatNumber(one.statusP99Ms, 1)} ms`).join('; ')}`,
      )
      .join(' · ')}.`,
    '',
    ...figures.notes.map((note) => `- ${note}`),
    ...(figures.notes.length > 0 ? [''] : []),
  ];
}
