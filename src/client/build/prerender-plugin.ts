/**
 * What the server needs to render each step's page of any published version (Node side of the
 * build only). After the client build is written: src/client/prerender.tsx is built once for Node
 * with the same Vite config into the server-side folder beside the client (`../ssr`), with
 * `page-assets.json` (ssr/page-assets.ts): the built index.html with its stylesheets inline and
 * its scripts handed to the page loader (src/client/page-loader/, built here on its own, inline in
 * every page; its CSP hash goes into `page-script-hashes.json` for the server), and
 * which chunks and stylesheets a form step, a content step and each widget's lazy module need.
 * The server loads that bundle at start and at publish (src/server/definition/artifacts.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { PAGE_SCRIPT_HASHES_FILE } from '../../shared/definition/page-renderer.js';
import { widgetDeclarations } from '../../shared/definition/widget-declarations.js';
import { APP_SCRIPTS_MARK, PAGE_ASSETS_FILE, type PageAssets } from '../ssr/page-assets.js';

/** Modules a form step needs before it can hydrate (a widget's own lazy code: its declaration). */
const FORM_MODULES = [
  '/src/client/form/FormStepPage.tsx',
  '/src/client/definition/precompiled.ts',
  '/src/client/definition/validator-runtime.ts',
];
/** The status page's own chunk. */
const STATUS_MODULES = ['/src/client/status/StatusPage.tsx'];
/** The app's entry: only its build gets the server-side bundle (not Storybook's). */
const APP_ENTRY = '/src/client/main.tsx';

const PAGE_LOADER_ENTRY = 'src/client/page-loader/page-loader.ts';

/** The chunks of the app's build that a pre-rendered page runs before it is hydrated, by kind. */
interface PageChunks {
  /** The wizard entry's own chunk and its static imports: every page has them. */
  wizardEntry: Set<string>;
  form: string[];
  status: string[];
  /** A widget's lazy module -> its chunks beyond the entry's and the form's. */
  lazyModules: Record<string, string[]>;
}

/**
 * Which chunks each kind of page needs, from the chunks' static imports. A form step's list is
 * what its loader preloads: a chunk left out of it is found only once the chunk importing it has
 * arrived, one more round trip before the step works.
 */
export function pageChunks(chunks: Rollup.OutputChunk[]): PageChunks {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const collect = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
  };
  // Only the wizard's entry: a chunk the console's entry shares with a form step (React Query's)
  // is still a form step's to preload.
  const wizardEntry = new Set<string>();
  for (const chunk of chunks) if (isAppEntry(chunk)) collect(chunk.fileName, wizardEntry);
  const chunksOf = (suffixes: string[], besides: Set<string> = wizardEntry) => {
    const found = new Set<string>();
    for (const suffix of suffixes) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(suffix));
      if (chunk) collect(chunk.fileName, found);
    }
    return [...found].filter((file) => !besides.has(file));
  };
  const form = chunksOf(FORM_MODULES);
  const beforeForm = new Set([...wizardEntry, ...form]);
  const lazyModules: Record<string, string[]> = {};
  for (const declaration of Object.values(widgetDeclarations)) {
    if (declaration.lazyModule) lazyModules[declaration.lazyModule] = chunksOf([declaration.lazyModule], beforeForm);
  }
  return { wizardEntry, form, status: chunksOf(STATUS_MODULES), lazyModules };
}

function isAppEntry(chunk: Rollup.OutputChunk): boolean {
  return chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith(APP_ENTRY));
}

/**
 * The page loader (src/client/page-loader/page-loader.ts) as one self-contained classic script:
 * built by Vite on its own, as an IIFE, which every page carries inline.
 */
async function buildPageLoader(root: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: path.join(root, PAGE_LOADER_ENTRY), formats: ['iife'], name: 'wizardPageLoader' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result)) throw new Error('the page loader build returned no output');
  const chunk = result.output.find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error('the page loader build returned no script');
  const code = chunk.code.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('the page loader cannot go inline: it holds </script or <!--');
  return code;
}

/** The CSP source that allows exactly this inline script's text (CSP Level 2 hash source). */
function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** The server-side folder: beside the client build (dist/client -> dist/ssr). */
export function ssrDirOf(clientOutDir: string): string {
  return path.resolve(clientOutDir, '..', 'ssr');
}

export function prerenderPlugin(options: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wizard-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const chunks = chunksIn(bundle);
      if (!chunks.some(isAppEntry)) return;
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const ssrDir = ssrDirOf(outDir);
      rmSync(ssrDir, { recursive: true, force: true });
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: options.entry, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      const assets = await pageAssets(config.root, outDir, config.build.assetsDir, chunks);
      mkdirSync(ssrDir, { recursive: true });
      writeFileSync(path.join(ssrDir, PAGE_ASSETS_FILE), JSON.stringify(assets));
      writeFileSync(path.join(ssrDir, PAGE_SCRIPT_HASHES_FILE), JSON.stringify([scriptHashSource(assets.loader)]));
    },
  };
}

async function pageAssets(
  root: string,
  outDir: string,
  assetsDir: string,
  chunks: Rollup.OutputChunk[],
): Promise<PageAssets> {
  const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const loader = await buildPageLoader(root);
  const fonts = fontsAsset(outDir, assetsDir, webFontFaces(indexHtml, outDir));
  const { template, entry, entryModules } = appScriptsOut(indexHtml);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const { form, status, lazyModules } = pageChunks(chunks);
  const styles = [...new Set(form.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
  const statusStyles = [...new Set(status.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]))];
  const css = Object.fromEntries([...styles, ...statusStyles].map((file) => [file, inlineCss(outDir, file)]));
  return {
    template: inlineStylesheets(template, outDir),
    loader,
    ...(fonts === undefined ? {} : { fonts }),
    entry,
    entryModules,
    form: { scripts: form, styles },
    status: { scripts: status, styles: statusStyles },
    idle: form,
    lazyModules,
    css,
  };
}

function chunksIn(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** index.html without its module script and modulepreloads (the loader starts them), and their list. */
function appScriptsOut(html: string): { template: string; entry: string; entryModules: string[] } {
  const entryModules: string[] = [];
  let entry: string | undefined;
  const template = html
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_tag, href: string) => {
      entryModules.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return APP_SCRIPTS_MARK;
    });
  if (entry === undefined) throw new Error('index.html has no module script for the page loader to start');
  return { template, entry, entryModules };
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
  return html.replace(STYLESHEET_LINK, (_link, file: string) => `<style>${inlineCss(outDir, file)}</style>`);
}

/** A stylesheet's rules as they go inside a page's <style>: web fonts out, never closing the element. */
function inlineCss(outDir: string, file: string): string {
  return readFileSync(path.join(outDir, file), 'utf8')
    .replace(WEB_FONT_FACE, '')
    .replace(/<\/style/gi, '<\\/style');
}

/** The @font-face rules of index.html's stylesheets that download a font. */
function webFontFaces(template: string, outDir: string): string {
  const faces = [...template.matchAll(STYLESHEET_LINK)].flatMap(
    ([, file]) => readFileSync(path.join(outDir, file), 'utf8').match(WEB_FONT_FACE) ?? [],
  );
  // Storybook's build renders with its own page, which links no web font: nothing to defer then.
  return faces.join('');
}

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
