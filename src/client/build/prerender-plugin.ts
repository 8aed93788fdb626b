/**
 * Pre-rendered HTML per step (Node side of the build only). After the client build is written,
 * src/client/prerender.tsx is built for Node with the same Vite config, and every step's route is
 * rendered with React's static renderer into `pages/<route>.html`: the built index.html with the
 * step's first screen inside #root (main.tsx hydrates it), the step's title, its stylesheets
 * inline, its form code as modulepreloads (a content page lists it in
 * `data-idle-modules` instead, fetched when idle), and `preload as=fetch` for the answers its
 * widgets ask for. The page's scripts start after its first paint (see PAGE_LOADER). The server
 * sends each route its page (src/server/plugins/spa.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { PRERENDERED_PAGES_DIR as PAGES_DIR } from '../../shared/api-contract.js';
import type { PrerenderedStep } from '../prerender.js';

interface RenderedStep {
  step: PrerenderedStep;
  html: string;
}

/**
 * Renders every step in a Node process of its own, in production mode: the build's process may
 * already hold React's development build (a tool that imported it), and React's server renderer
 * must meet the same React it was built for.
 */
function renderSteps(entryFile: string): RenderedStep[] {
  const script = [
    `const { steps, renderRoute } = await import(${JSON.stringify(pathToFileURL(entryFile).href)});`,
    'const rendered = [];',
    'for (const step of steps) rendered.push({ step, html: await renderRoute(step.route) });',
    'process.stdout.write(JSON.stringify(rendered));',
  ].join('\n');
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  });
  return JSON.parse(output) as RenderedStep[];
}

/** Modules a form step needs before it can hydrate, and those of a widget that loads its own code. */
const FORM_MODULES = [
  '/src/client/form/FormStepPage.tsx',
  '/src/client/wizard-full.ts',
  '/src/client/form/precompiled.ts',
];
const WIDGET_MODULES: Record<string, string> = { locationMap: '/widgets/map/LocationMapView.tsx' };

export function prerenderPlugin(options: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wizard-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const serverDir = path.join(config.root, 'node_modules', '.cache', `wizard-prerender-${process.pid}`);
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: options.entry, outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const entryName = `${path.basename(options.entry).replace(/\.[^.]+$/, '')}.js`;
        const rendered = renderSteps(path.join(serverDir, entryName));
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        mkdirSync(path.join(outDir, PAGES_DIR), { recursive: true });
        const loader = {
          script: writeAsset(outDir, config.build.assetsDir, 'page-loader', 'js', PAGE_LOADER),
          fonts: fontsAsset(outDir, config.build.assetsDir, webFontFaces(template, outDir)),
        };
        for (const { step, html } of rendered) {
          const assets = stepAssets(bundle, step);
          const page = inlineStylesheets(loadAfterFirstPaint(pageHtml(template, step, html, assets), loader), outDir);
          writeFileSync(path.join(outDir, PAGES_DIR, `${step.route.replace(/^\//, '')}.html`), page);
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

interface StepAssets {
  scripts: string[];
  styles: string[];
  /** Fetched (not run) once the page is idle: the next steps' code. */
  idle: string[];
}

/** The chunks (with their static imports) and stylesheets a step needs beyond index.html's. */
function stepAssets(bundle: Rollup.OutputBundle, step: PrerenderedStep): StepAssets {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inEntry = new Set<string>();
  const collect = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, inEntry);
  const chunksOf = (suffixes: string[]) => {
    const found = new Set<string>();
    for (const suffix of suffixes) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(suffix));
      if (chunk) collect(chunk.fileName, found);
    }
    return [...found].filter((file) => !inEntry.has(file));
  };
  const form = chunksOf(FORM_MODULES);
  // A content page (welcome) fetches the form steps' code for the Next click once it is idle, and
  // does not run it: preloading it with the page delayed the text, running it blocked the page.
  if (step.kind !== 'form') return { scripts: [], styles: [], idle: form };
  // The form's own styles must be in before the first paint; a lazy widget's (Leaflet's) come with
  // its code, after hydration, over a placeholder of the final size.
  const styles = form.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  const widgetChunks = chunksOf(step.widgets.flatMap((widget) => WIDGET_MODULES[widget] ?? []));
  return { scripts: [...new Set([...form, ...widgetChunks])], styles: [...new Set(styles)], idle: [] };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An @font-face rule that downloads a font (the metric-matched local fallback stays inline). */
const WEB_FONT_FACE = /@font-face\{[^}]*url\([^}]*\}/g;

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The stylesheets go into the page itself: on a slow network each linked one is another round
 * trip before anything can be drawn (the CSP allows inline styles). The chunk loader may still
 * fetch a form chunk's stylesheet when that chunk loads; the rules are the same. Their web fonts
 * are left to the page's loader (see PAGE_LOADER).
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(STYLESHEET_LINK, (_link, file: string) => {
    const css = readFileSync(path.join(outDir, file), 'utf8')
      .replace(WEB_FONT_FACE, '')
      .replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/** The @font-face rules of index.html's stylesheets that download a font. */
function webFontFaces(template: string, outDir: string): string {
  const faces = [...template.matchAll(STYLESHEET_LINK)].flatMap(
    ([, file]) => readFileSync(path.join(outDir, file), 'utf8').match(WEB_FONT_FACE) ?? [],
  );
  // Storybook's build renders with its own page, which links no web font: nothing to defer then.
  return faces.join('');
}

/** Resource hints React put at the start of the rendered markup (the header logo's preload). */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

function pageHtml(template: string, step: PrerenderedStep, renderedHtml: string, assets: StepAssets): string {
  // Hints belong in <head>; inside #root they would be nodes that hydration does not expect.
  const hints = LEADING_HINTS.exec(renderedHtml)?.[0] ?? '';
  const rootHtml = renderedHtml.slice(hints.length);
  const head = [
    ...(hints ? [hints] : []),
    ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...step.fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
    ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  const idle = assets.idle.length > 0 ? ` data-idle-modules="${assets.idle.map((file) => `/${file}`).join(' ')}"` : '';
  const withRoot = template.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root" data-prerendered="${step.kind}"${idle}>${rootHtml}</div>`,
  );
  if (withRoot === template) throw new Error('index.html has no empty <div id="root"></div> to pre-render into');
  return withRoot
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(step.documentTitle)}</title>`)
    .replace('</head>', () => `    ${head}\n  </head>`);
}

/**
 * The page's own loader, a classic script (the CSP allows only files of our origin, so it cannot be
 * inline): once the first contentful paint has reached the screen (its Paint Timing entry, which
 * Chromium reports at presentation, tens of ms after the frame's main-thread paint on a slow phone;
 * the next frame where Paint Timing is missing) it adds the web fonts' stylesheet, then the
 * modulepreloads and the module script the page listed. On a slow network the HTML and its inline styles then have
 * the line to themselves until the text is on screen (in the metric-matched fallback font, which
 * Vazirmatn replaces without moving anything); fetched with the HTML, fonts and code competed with
 * them, and Lighthouse counted every font and script fetched before that paint towards FCP and LCP.
 * Without JavaScript the page keeps the fallback font.
 *
 * Until the app has taken the page over, a link the browser follows itself keeps the page's query:
 * a manager who taps «شروع» on /welcome?tier=3 before the app's code is in still reaches
 * /pharmacy-info?tier=3, where the app reads the plan (the pre-rendered links cannot know it).
 */
const PAGE_LOADER = `(function () {
  document.addEventListener('click', function (event) {
    var root = document.getElementById('root');
    if (!location.search || !root || root.hasAttribute('data-hydrated')) return;
    var link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    if (link && root.contains(link) && !link.search) link.search = location.search;
  }, true);
  var loader = document.currentScript;
  var modules = (loader.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var entry = loader.getAttribute('data-entry');
  var fonts = loader.getAttribute('data-fonts');
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element[name] = attributes[name];
    document.head.appendChild(element);
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (fonts) add('link', { rel: 'stylesheet', href: fonts });
    modules.forEach(function (href) {
      add('link', { rel: 'modulepreload', crossOrigin: '', href: href });
    });
    add('script', { type: 'module', crossOrigin: '', src: entry });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page that paints nothing contentful for a while (a tab opened in the background) still loads.
  setTimeout(start, 2000);
})();
`;

/** The web fonts' stylesheet for the loader, when the page declares any. */
function fontsAsset(outDir: string, assetsDir: string, faces: string): string | undefined {
  return faces === '' ? undefined : writeAsset(outDir, assetsDir, 'page-fonts', 'css', faces);
}

/** Writes a file of the build under a content hash (cached for a year like the other assets); its URL. */
function writeAsset(outDir: string, assetsDir: string, name: string, extension: string, content: string): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 8);
  const file = `${assetsDir}/${name}-${hash}.${extension}`;
  writeFileSync(path.join(outDir, file), content);
  return `/${file}`;
}

/** Moves the page's module script and modulepreloads into the loader's list. */
function loadAfterFirstPaint(html: string, loader: { script: string; fonts: string | undefined }): string {
  const modules: string[] = [];
  let entry: string | undefined;
  const withoutPreloads = html.replace(
    /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g,
    (_tag, href: string) => {
      modules.push(href);
      return '';
    },
  );
  const loaded = withoutPreloads.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, src: string) => {
      entry = src;
      const fonts = loader.fonts === undefined ? '' : ` data-fonts="${loader.fonts}"`;
      const lists = `data-entry="${src}" data-modules="${modules.join(' ')}"${fonts}`;
      return `<script defer src="${loader.script}" ${lists}></script>`;
    },
  );
  // Storybook's build renders with its own page and scripts: those are left as they are.
  return entry === undefined ? html : loaded;
}
