/**
 * The seam between the server and the pages it sends: the server-side bundle Vite
 * builds once from src/client/prerender.tsx (into the folder beside the client build, see the
 * server's config `ssrDir`) renders every step's page of a version; the server loads that built
 * file, never src/client, and calls it at publish.
 */
import type { DefinitionFiles } from './definition-files.js';

/** The bundle's file in the server-side build folder. */
export const PAGE_RENDERER_FILE = 'prerender.js';

/**
 * Beside it: the inline scripts the pages carry (the page loader), as CSP hash sources
 * (`'sha256-…'`, a JSON array), which the server adds to `script-src` so that these run and no
 * other inline script does.
 */
export const PAGE_SCRIPT_HASHES_FILE = 'page-script-hashes.json';

export interface RenderedPage {
  /** The step's route, e.g. "/welcome". */
  route: string;
  /** The whole page (Register/Config is inlined by the server when it sends it). */
  html: string;
}

export interface PageRenderer {
  /** Every step's page of one version, in the wizard's order. */
  renderPages(input: { version: string; files: DefinitionFiles }): Promise<RenderedPage[]>;
}
