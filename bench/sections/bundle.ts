// Bundle weight: what /welcome's first paint needs (from index.html and Vite's manifest), what each
// later step adds (Chromium's requests per route), the fonts, which dependencies the bytes come from
// (Rolldown's module info from a second, unwritten build with the same config) and whether an ajv
// compiler or eval-like code is in any chunk.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { brotliBytes, fromRoot, gzipBytes, log, root } from '../lib/util.js';

export interface FileSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface SizeTotals {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const sizeCache = new Map<string, FileSize>();

/** Raw, gzip (level 9) and brotli (quality 11) bytes of one built file; `file` relative to dist. */
export function sizeOf(dist: string, file: string): FileSize {
  const path = join(dist, file);
  const cached = sizeCache.get(path);
  if (cached) return cached;
  const data = readFileSync(path);
  const compressible = /\.(js|mjs|css|html|json|svg)$/.test(file);
  const size: FileSize = {
    file,
    rawBytes: data.length,
    // woff2 and images are compressed already; servers do not (and should not) compress them again.
    gzipBytes: compressible ? gzipBytes(data) : data.length,
    brotliBytes: compressible ? brotliBytes(data) : data.length,
  };
  sizeCache.set(path, size);
  return size;
}

export function totals(sizes: FileSize[]): SizeTotals {
  return {
    files: sizes.length,
    rawBytes: sizes.reduce((sum, size) => sum + size.rawBytes, 0),
    gzipBytes: sizes.reduce((sum, size) => sum + size.gzipBytes, 0),
    brotliBytes: sizes.reduce((sum, size) => sum + size.brotliBytes, 0),
  };
}

function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        if (name !== '.vite') walk(path);
      } else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found.sort();
}

const stripBase = (href: string) => href.replace(/^\.?\//, '').split(/[?#]/)[0];

/** The files index.html asks for itself: module scripts, modulepreloads, stylesheets, preloads. */
export function htmlReferences(dist: string): {
  scripts: string[];
  modulepreloads: string[];
  styles: string[];
  preloads: string[];
} {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = {
    scripts: [] as string[],
    modulepreloads: [] as string[],
    styles: [] as string[],
    preloads: [] as string[],
  };
  const attrs = (tag: string) => {
    const map: Record<string, string> = {};
    for (const match of tag.matchAll(/([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      map[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
    }
    return map;
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const a = attrs(tag.slice(7));
    if (a.src && !/^https?:/.test(a.src)) refs.scripts.push(stripBase(a.src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(tag.slice(5));
    if (!a.href || /^(https?:|data:)/.test(a.href)) continue;
    const rel = (a.rel ?? '').toLowerCase();
    if (rel === 'modulepreload') refs.modulepreloads.push(stripBase(a.href));
    else if (rel === 'stylesheet') refs.styles.push(stripBase(a.href));
    else if (rel === 'preload') refs.preloads.push(stripBase(a.href));
  }
  return refs;
}

function readManifest(dist: string): Manifest | undefined {
  const path = join(dist, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/** Static import closure of manifest keys: every chunk that must load before the entry runs. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export interface FirstLoad {
  js: string[];
  css: string[];
  fontsPreloaded: string[];
  source: 'manifest' | 'html';
}

/** The JS and CSS the first paint needs: index.html's references and their static imports. */
export function firstLoad(dist: string): FirstLoad {
  const refs = htmlReferences(dist);
  const manifest = readManifest(dist);
  const js = new Set<string>([...refs.scripts, ...refs.modulepreloads].filter((file) => file.endsWith('.js')));
  const css = new Set<string>(refs.styles);
  if (manifest) {
    const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
    const keys = [...js].map((file) => byFile.get(file)).filter((key): key is string => key !== undefined);
    for (const key of staticClosure(manifest, keys)) {
      js.add(manifest[key].file);
      for (const file of manifest[key].css ?? []) css.add(file);
    }
  }
  return {
    js: [...js],
    css: [...css],
    fontsPreloaded: refs.preloads.filter((file) => /\.(woff2?|ttf|otf)$/.test(file)),
    source: manifest ? 'manifest' : 'html',
  };
}

export interface LazyChunk {
  source: string;
  files: string[];
  jsGzipBytes: number;
  jsBrotliBytes: number;
  cssGzipBytes: number;
}

/** Each dynamic import (manifest, else the build's module info) with what it adds beyond the first load. */
function lazyChunks(dist: string, first: FirstLoad, info: ModuleInfo[]): LazyChunk[] {
  const manifest = readManifest(dist) ?? manifestFrom(info);
  if (!manifest) return [];
  const loaded = new Set([...first.js, ...first.css]);
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const closure = [...staticClosure(manifest, [key])];
      const chunks = closure.map((k) => manifest[k].file).filter((file) => !loaded.has(file));
      const js = [...chunks, ...scriptsLoadedByUrl(dist, chunk.file).filter((file) => !loaded.has(file))];
      const css = closure.flatMap((k) => manifest[k].css ?? []).filter((file) => !loaded.has(file));
      const jsTotals = totals(js.map((file) => sizeOf(dist, file)));
      return {
        source: chunk.src ?? chunk.name ?? key,
        files: [...js, ...new Set(css)],
        jsGzipBytes: jsTotals.gzipBytes,
        jsBrotliBytes: jsTotals.brotliBytes,
        cssGzipBytes: totals([...new Set(css)].map((file) => sizeOf(dist, file))).gzipBytes,
      };
    })
    .sort((a, b) => b.jsGzipBytes - a.jsGzipBytes);
}

/**
 * Scripts a chunk runs by URL rather than by import (Neshan's SDK, emitted as a `?url` asset and run
 * as a classic script): part of what its dynamic import costs, though no import graph names them.
 */
function scriptsLoadedByUrl(dist: string, entry: string): string[] {
  // Only the dynamic import's own chunk: shared chunks name workers that load on their own terms.
  const code = readFileSync(join(dist, entry), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/["'`]\/(assets\/[\w.-]+\.js)["'`]/g)) {
    if (match[1] !== entry && existsSync(join(dist, match[1]))) found.add(match[1]);
  }
  return [...found];
}

/** A manifest-like view of the build (keyed by file name) from Rolldown's chunk info. */
function manifestFrom(info: ModuleInfo[]): Manifest | undefined {
  if (info.length === 0) return undefined;
  return Object.fromEntries(
    info.map((chunk) => [
      chunk.chunk,
      {
        file: chunk.chunk,
        src: chunk.facadeModuleId ? relative(root, chunk.facadeModuleId.replace(/^\0/, '')) : undefined,
        isDynamicEntry: chunk.isDynamicEntry,
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        css: chunk.css,
      },
    ]),
  );
}

export interface CompilerHit {
  file: string;
  signature: string;
  excerpt: string;
}

/** Strings that survive minification and exist only in ajv's compiler or in eval-like code. */
const compilerSignatures = [
  'new Function(',
  'CodeGen: ',
  'Error compiling schema',
  'ajv implementation error',
  'schema with key or id',
  'strict mode: unknown keyword',
];

function compilerHits(dist: string, files: string[]): CompilerHit[] {
  const hits: CompilerHit[] = [];
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dist, file), 'utf8');
    for (const signature of compilerSignatures) {
      const at = text.indexOf(signature);
      if (at >= 0) hits.push({ file, signature, excerpt: text.slice(Math.max(0, at - 60), at + 80) });
    }
  }
  return hits;
}

export interface ModuleInfo {
  chunk: string;
  modules: Record<string, number>;
  /** Static imports (file names), dynamic imports, and whether the chunk is a dynamic import's target. */
  imports: string[];
  dynamicImports: string[];
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  css: string[];
}

/**
 * A build with the given config file that records which modules fill each chunk. With `outDir` it
 * is the real build (written there, every plugin kept); without, a second build, not written, of
 * the same config, without the plugins that only write extra files (precompression; also dropped
 * when `precompress` is false).
 */
export async function moduleInfo(configFile: string, outDir?: string, precompress = true): Promise<ModuleInfo[]> {
  const { build, loadConfigFromFile } = await import('vite');
  const chunks: ModuleInfo[] = [];
  const recorder: Plugin = {
    name: 'bench-module-info',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) modules[id] = info.renderedLength;
        const meta = (output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
        chunks.push({
          chunk: output.fileName,
          modules,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          isDynamicEntry: output.isDynamicEntry,
          facadeModuleId: output.facadeModuleId,
          css: meta?.importedCss ? [...meta.importedCss] : [],
        });
      }
    },
  };
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, configFile);
  if (!loaded) throw new Error(`could not load ${configFile}`);
  const plugins = (
    await Promise.all([loaded.config.plugins ?? []].flat(Infinity as 1).map((plugin) => Promise.resolve(plugin)))
  ).flat(Infinity as 1);
  const kept =
    outDir && precompress
      ? plugins
      : plugins.filter(
          (plugin) =>
            !(plugin && typeof plugin === 'object' && 'name' in plugin && /compress/i.test(String(plugin.name))),
        );
  await build({
    ...loaded.config,
    configFile: false,
    logLevel: 'warn',
    plugins: [...(kept as Plugin[]), recorder],
    build: outDir
      ? { ...loaded.config.build, outDir, emptyOutDir: true, reportCompressedSize: false }
      : { ...loaded.config.build, write: false, reportCompressedSize: false },
  });
  return chunks;
}

/** `react-dom`, `@rjsf/core`, or the project folder (`src/client`, `widgets`, `schemas`). */
export function packageOf(id: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const at = clean.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const parts = clean.slice(at + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (clean.startsWith(root)) {
    const parts = relative(root, clean).split('/');
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (clean.startsWith('vite/') || clean.includes('vite')) return 'vite (runtime helpers)';
  return clean.split('/')[0] || clean;
}

export interface DependencyShare {
  name: string;
  renderedBytes: number;
  shareRatio: number;
  estimatedGzipBytes: number;
  inFirstLoad: boolean;
}

/**
 * Bytes by dependency. Rendered lengths are before minification, so each module's gzip bytes are
 * estimated as its share of its chunk's rendered length times the chunk's real gzip size.
 */
export function dependencyShares(dist: string, info: ModuleInfo[], firstJs: string[]): DependencyShare[] {
  const byName = new Map<string, DependencyShare>();
  const total = info.reduce((sum, chunk) => sum + Object.values(chunk.modules).reduce((a, b) => a + b, 0), 0);
  for (const chunk of info) {
    const chunkRendered = Object.values(chunk.modules).reduce((a, b) => a + b, 0);
    const chunkGzip = existsSync(join(dist, chunk.chunk)) ? sizeOf(dist, chunk.chunk).gzipBytes : 0;
    for (const [id, length] of Object.entries(chunk.modules)) {
      const name = packageOf(id);
      const entry = byName.get(name) ?? {
        name,
        renderedBytes: 0,
        shareRatio: 0,
        estimatedGzipBytes: 0,
        inFirstLoad: false,
      };
      entry.renderedBytes += length;
      entry.estimatedGzipBytes += chunkRendered > 0 ? (length / chunkRendered) * chunkGzip : 0;
      if (length > 0 && firstJs.includes(chunk.chunk)) entry.inFirstLoad = true;
      byName.set(name, entry);
    }
  }
  return [...byName.values()]
    .filter((entry) => entry.renderedBytes > 0)
    .map((entry) => ({
      ...entry,
      shareRatio: total > 0 ? Math.round((entry.renderedBytes / total) * 1000) / 1000 : 0,
      estimatedGzipBytes: Math.round(entry.estimatedGzipBytes),
    }))
    .sort((a, b) => b.renderedBytes - a.renderedBytes);
}

export interface DistAnalysis {
  dist: string;
  firstLoad: FirstLoad & {
    jsGzipBytes: number;
    jsBrotliBytes: number;
    jsRawBytes: number;
    cssGzipBytes: number;
    cssBrotliBytes: number;
    cssRawBytes: number;
  };
  allJs: SizeTotals;
  allCss: SizeTotals;
  fonts: { files: FileSize[]; totalBytes: number };
  lazyChunks: LazyChunk[];
  compilerHits: CompilerHit[];
  dependencies: DependencyShare[];
  compilerModules: string[];
  firstLoadForbidden: string[];
  chunks: ChunkSummary[];
}

export interface ChunkSummary {
  file: string;
  gzipBytes: number;
  brotliBytes: number;
  /** Dependencies by rendered bytes, biggest first (top 5). */
  packages: Array<{ name: string; renderedBytes: number }>;
  /** Share of the chunk that is Leaflet (leaflet, react-leaflet). */
  mapRatio: number;
}

function chunkSummaries(dist: string, info: ModuleInfo[]): ChunkSummary[] {
  return info
    .filter((chunk) => existsSync(join(dist, chunk.chunk)))
    .map((chunk) => {
      const byName = new Map<string, number>();
      for (const [id, length] of Object.entries(chunk.modules))
        byName.set(packageOf(id), (byName.get(packageOf(id)) ?? 0) + length);
      const total = [...byName.values()].reduce((a, b) => a + b, 0);
      const map = [...byName.entries()]
        .filter(([name]) => /leaflet/.test(name))
        .reduce((sum, [, length]) => sum + length, 0);
      const size = sizeOf(dist, chunk.chunk);
      return {
        file: chunk.chunk,
        gzipBytes: size.gzipBytes,
        brotliBytes: size.brotliBytes,
        packages: [...byName.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([name, renderedBytes]) => ({ name, renderedBytes })),
        mapRatio: total > 0 ? Math.round((map / total) * 1000) / 1000 : 0,
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const forbiddenOnWelcome = /^(@rjsf\/|ajv|leaflet$|react-leaflet$|@react-leaflet\/)/;
const compilerModule = /node_modules\/ajv\/dist\/(core|ajv|compile\/)/;

export async function analyzeDist(
  dist: string,
  configFile: string,
  label: string,
  built?: ModuleInfo[],
): Promise<DistAnalysis> {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`${label}: ${relative(root, dist)}/index.html is missing (build failed?)`);
  const first = firstLoad(dist);
  const files = listFiles(dist);
  const js = files.filter((file) => extname(file) === '.js');
  const css = files.filter((file) => extname(file) === '.css');
  const fonts = files.filter((file) => /\.(woff2?|ttf|otf|eot)$/.test(file));
  const firstJs = totals(first.js.map((file) => sizeOf(dist, file)));
  const firstCss = totals(first.css.map((file) => sizeOf(dist, file)));
  let info: ModuleInfo[] = built ?? [];
  if (!built) {
    log(`${label}: module info build (${relative(root, configFile)}, not written)`);
    info = await moduleInfo(configFile);
  }
  const unmatched = info.filter((chunk) => !existsSync(join(dist, chunk.chunk)));
  if (info.length > 0 && unmatched.length > 0) {
    throw new Error(
      `${label}: ${unmatched.length} chunks of the module-info build are not in ${relative(root, dist)} (rebuilt meanwhile?): ${unmatched.map((chunk) => chunk.chunk).join(', ')}`,
    );
  }
  const dependencies = dependencyShares(dist, info, first.js);
  const compilerModules = info.flatMap((chunk) =>
    Object.keys(chunk.modules)
      .filter((id) => compilerModule.test(id))
      .map((id) => `${chunk.chunk}: ${relative(root, id)}`),
  );
  const firstLoadForbidden = dependencies
    .filter((dep) => dep.inFirstLoad && forbiddenOnWelcome.test(dep.name))
    .map((dep) => dep.name);
  return {
    dist,
    firstLoad: {
      ...first,
      jsRawBytes: firstJs.rawBytes,
      jsGzipBytes: firstJs.gzipBytes,
      jsBrotliBytes: firstJs.brotliBytes,
      cssRawBytes: firstCss.rawBytes,
      cssGzipBytes: firstCss.gzipBytes,
      cssBrotliBytes: firstCss.brotliBytes,
    },
    allJs: totals(js.map((file) => sizeOf(dist, file))),
    allCss: totals(css.map((file) => sizeOf(dist, file))),
    fonts: {
      files: fonts.map((file) => sizeOf(dist, file)),
      totalBytes: fonts.reduce((sum, file) => sum + sizeOf(dist, file).rawBytes, 0),
    },
    lazyChunks: lazyChunks(dist, first, info),
    compilerHits: compilerHits(dist, js),
    dependencies,
    compilerModules,
    firstLoadForbidden,
    chunks: chunkSummaries(dist, info),
  };
}

export const productDist = () => fromRoot('dist', 'client');
export const productViteConfig = () => fromRoot('vite.config.ts');
export const peerDist = () => fromRoot('bench', 'peer', 'dist');
export const peerViteConfig = () => fromRoot('bench', 'peer', 'vite.config.ts');
export const jsonFormsPeerDist = () => fromRoot('bench', 'peer-jsonforms', 'dist');
export const jsonFormsPeerViteConfig = () => fromRoot('bench', 'peer-jsonforms', 'vite.config.ts');
