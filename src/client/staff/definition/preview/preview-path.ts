/**
 * Where the preview of a saved draft revision lives: a page of the staff console's own bundle
 * (staff.html) that renders only the wizard, framed by the editor's «پیش‌نمایش». The revision is
 * part of the path, so the wizard's own links (relative to it) keep it. The page is sandboxed (an
 * opaque origin, no cookie): it reads the draft with the preview token the console gives it.
 */
import { DEFINITION_PREVIEW_PATH } from '../../../../shared/definition/definition-preview.js';

export const PREVIEW_BASE = DEFINITION_PREVIEW_PATH;

/**
 * The preview's first page for a revision: the wizard opens its first step from there. The preview
 * token rides in the fragment, which the browser never sends: it stays out of the server's logs.
 */
export function previewSource(revision: number, token: string): string {
  return `${PREVIEW_BASE}/${revision}/#${new URLSearchParams({ token }).toString()}`;
}

/** The preview token in a preview page's fragment (`#token=…`). */
export function previewToken(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? undefined;
}

/** The revision a preview page is for, or undefined when the path is not a preview's. */
export function previewRevision(pathname: string): number | undefined {
  const match = new RegExp(`^${PREVIEW_BASE}/(\\d+)(/|$)`).exec(pathname);
  return match ? Number(match[1]) : undefined;
}
