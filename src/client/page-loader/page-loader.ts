/**
 * The pre-rendered page's own loader, a classic script inline in the page's head (a module script
 * has no `document.currentScript`), which the CSP allows by the hash of its text: a file, even of
 * our origin, would be a request started with the HTML, and Lighthouse counts every request
 * started before the first paint towards FCP and LCP. Built by Vite on its own into one
 * self-contained script (build/prerender-plugin.ts), whose hash the server adds to `script-src`.
 *
 * Once the first contentful paint has reached the screen (its Paint Timing entry, which Chromium
 * reports at presentation, tens of ms after the frame's main-thread paint on a slow phone; the
 * next frame where Paint Timing is missing) it adds the web fonts' stylesheet, then the answers
 * and modulepreloads the page listed, then the module script, in tasks of a few ms each
 * (slices.ts). On a slow network the HTML and its inline styles then have the line to themselves
 * until the text is on screen (in the
 * metric-matched fallback font, which Vazirmatn replaces without moving anything); fetched with
 * the HTML, fonts and code competed with them, and Lighthouse counted every font and script
 * fetched before that paint towards FCP and LCP. Without JavaScript the page keeps the fallback font.
 *
 * Until the app has taken the page over, a link the browser follows itself keeps the page's query:
 * a manager who taps «شروع» on /welcome?tier=3 before the app's code is in still reaches
 * /pharmacy-info?tier=3, where the app reads the plan (the pre-rendered links cannot know it).
 */
import { pageLoaderAttributes } from './attributes.js';
import { inSlices } from './slices.js';

/** A page with no contentful paint for this long (a tab opened in the background) still loads. */
const START_AT_THE_LATEST_MS = 2000;

function listOf(script: HTMLOrSVGScriptElement, attribute: string): string[] {
  return (script.getAttribute(attribute) ?? '').split(' ').filter(Boolean);
}

function addToHead(element: HTMLElement): void {
  document.head.appendChild(element);
}

function link(rel: string, href: string, crossOrigin?: string, as?: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  if (crossOrigin !== undefined) element.crossOrigin = crossOrigin;
  if (as !== undefined) element.as = as;
  return element;
}

/** Keeps `?tier=` on a link followed before the app hydrated (see the module comment). */
function keepQueryOnEarlyLinks(): void {
  document.addEventListener(
    'click',
    (event) => {
      const root = document.getElementById('root');
      if (!location.search || !root || root.hasAttribute('data-hydrated')) return;
      const target = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
      if (target instanceof HTMLAnchorElement && root.contains(target) && !target.search)
        target.search = location.search;
    },
    true,
  );
}

function loadApp(script: HTMLOrSVGScriptElement): void {
  // Made at once (no fetch starts before an element is in the page); added a slice at a time.
  const elements: HTMLElement[] = [];
  const fonts = script.getAttribute(pageLoaderAttributes.fonts);
  if (fonts) elements.push(link('stylesheet', fonts));
  for (const href of listOf(script, pageLoaderAttributes.fetches)) elements.push(link('preload', href, '', 'fetch'));
  for (const href of listOf(script, pageLoaderAttributes.modules)) elements.push(link('modulepreload', href, ''));
  const entry = script.getAttribute(pageLoaderAttributes.entry);
  if (entry) {
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    elements.push(app);
  }
  inSlices(elements.map((element) => () => addToHead(element)));
}

/** Calls `start` once, on the frame after the first contentful paint (or after a fallback delay). */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, START_AT_THE_LATEST_MS);
}

const script = document.currentScript;
keepQueryOnEarlyLinks();
if (script) afterFirstPaint(() => loadApp(script));
