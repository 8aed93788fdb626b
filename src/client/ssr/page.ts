/**
 * A step's page as the server sends it (pre-rendered at publish, src/client/prerender.tsx): the
 * built index.html with the step's first screen inside #root (main.tsx hydrates it), the step's
 * title, its stylesheets inline, and its scripts listed for the page's loader (inline, the page's
 * only script until then), which starts them after the first paint (page-loader/page-loader.ts):
 * the form code as modulepreloads (a content page lists it in `data-idle-modules` instead, fetched
 * when idle), and `preload as=fetch` for the version's definition (for the app to hydrate with) and
 * the answers its widgets ask for. Nothing but the HTML is requested before the text is on screen.
 */
import { pageLoaderAttributes } from '../page-loader/attributes.js';
import { APP_SCRIPTS_MARK, type PageAssets } from './page-assets.js';

export interface PageStep {
  route: string;
  /** A step's kind, or `status`: the status page, in the wizard's shell. */
  kind: 'content' | 'form' | 'review' | 'status';
  documentTitle: string;
  /** GET answers its widgets ask for as soon as they mount: the page's loader preloads them after the first paint. */
  fetches: string[];
  /** Modules of its widgets' heavy code: the page preloads their chunks. */
  lazyModules: string[];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Resource hints React put at the start of the rendered markup (the header logo's preload). */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

interface StepFiles {
  scripts: string[];
  styles: string[];
  idle: string[];
}

function stepFiles(assets: PageAssets, step: PageStep): StepFiles {
  // The status page loads its own small chunk, and none of the form steps' code, not even when idle.
  if (step.kind === 'status') return { scripts: assets.status.scripts, styles: assets.status.styles, idle: [] };
  // A content page (welcome) fetches the form steps' code for the Next click once it is idle, and
  // does not run it: preloading it with the page delayed the text, running it blocked the page.
  if (step.kind !== 'form') return { scripts: [], styles: [], idle: assets.idle };
  // The form's own styles must be in before the first paint; a lazy widget's (Leaflet's) come with
  // its code, after hydration, over a placeholder of the final size.
  const widgetChunks = step.lazyModules.flatMap((module) => assets.lazyModules[module] ?? []);
  return { scripts: [...new Set([...assets.form.scripts, ...widgetChunks])], styles: assets.form.styles, idle: [] };
}

function inlineStyle(assets: PageAssets, file: string): string {
  return `<style>${assets.css[file] ?? ''}</style>`;
}

/** Where the page's version is: what the app fetches before it hydrates, and a form's validators. */
export interface VersionUrls {
  definition: string;
  validators: string;
}

/** The whole HTML of a step's page. */
export function composePage(assets: PageAssets, step: PageStep, renderedHtml: string, urls: VersionUrls): string {
  const files = stepFiles(assets, step);
  // Hints belong in <head>; inside #root they would be nodes that hydration does not expect.
  const hints = LEADING_HINTS.exec(renderedHtml)?.[0] ?? '';
  const rootHtml = renderedHtml.slice(hints.length);
  const head = [...(hints ? [hints] : []), ...files.styles.map((file) => inlineStyle(assets, file))].join('\n    ');
  const idle = files.idle.length > 0 ? ` data-idle-modules="${files.idle.map((file) => `/${file}`).join(' ')}"` : '';
  const withRoot = assets.template.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root" data-prerendered="${step.kind}"${idle}>${rootHtml}</div>`,
  );
  if (withRoot === assets.template) throw new Error('index.html has no empty <div id="root"></div> to render into');
  const modules = [
    ...assets.entryModules,
    ...files.scripts.map((file) => `/${file}`),
    ...(step.kind === 'form' ? [urls.validators] : []),
  ];
  // Inline, so that nothing but the HTML is fetched before the first paint; the CSP allows this
  // text by its hash. Its attributes tell it what to start (they are not part of the hash).
  const loader = [
    `<script ${pageLoaderAttributes.entry}="${assets.entry}"`,
    ` ${pageLoaderAttributes.modules}="${modules.join(' ')}"`,
    assets.fonts === undefined ? '' : ` ${pageLoaderAttributes.fonts}="${assets.fonts}"`,
    ` ${pageLoaderAttributes.fetches}="${[urls.definition, ...step.fetches].map(escapeHtml).join(' ')}">`,
    `${assets.loader}</script>`,
  ].join('');
  return withRoot
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(step.documentTitle)}</title>`)
    .replace(APP_SCRIPTS_MARK, () => loader)
    .replace('</head>', () => (head ? `    ${head}\n  </head>` : '</head>'));
}
