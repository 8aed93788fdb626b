/**
 * What the build leaves for the pages rendered at publish (build/prerender-plugin.ts writes it
 * beside the server-side bundle; ssr/page.ts reads it): the built index.html made ready to take a
 * step's first screen, and which of the bundle's files each kind of step needs.
 */
export interface PageAssets {
  /**
   * The built index.html with its stylesheets inline (their web fonts left to the loader), its
   * module script and modulepreloads taken out, and APP_SCRIPTS_MARK where the page loader goes.
   */
  template: string;
  /**
   * The page loader (page-loader/page-loader.ts, built on its own): the text of the classic script
   * each page carries inline, allowed by the CSP through its hash (PAGE_SCRIPT_HASHES_FILE).
   */
  loader: string;
  /** The web fonts' stylesheet the loader adds after the first paint, when the app has web fonts. */
  fonts?: string;
  /** The app's module script. */
  entry: string;
  /** The modules index.html preloads with it. */
  entryModules: string[];
  /** What a form step needs beyond the entry: its chunks, and its stylesheets (inlined from `css`). */
  form: { scripts: string[]; styles: string[] };
  /** What the status page (/status) needs beyond the entry: its own chunks and stylesheets. */
  status: { scripts: string[]; styles: string[] };
  /** The form steps' chunks, fetched (not run) by a content page once it is idle. */
  idle: string[];
  /** A widget's lazy module (widgets' declarations) -> its chunks beyond the entry's and the form's. */
  lazyModules: Record<string, string[]>;
  /** A stylesheet file -> its rules as they go inline (web fonts out). */
  css: Record<string, string>;
}

/** Where the page loader's script goes in the template. */
export const APP_SCRIPTS_MARK = '<!--wizard-app-scripts-->';

/** The file the build writes the assets into, beside the server-side bundle. */
export const PAGE_ASSETS_FILE = 'page-assets.json';
