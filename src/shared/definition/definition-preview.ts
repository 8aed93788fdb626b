import { consoleScreens } from '../contracts/staff.js';

/**
 * The pages of the editor's preview: the wizard rendered from the draft, framed by the
 * console's «ویرایش فرم». The only pages the server lets a page of its own origin frame.
 */
export const DEFINITION_PREVIEW_PATH = `${consoleScreens.definition.path}/preview`;

/**
 * What a preview page may do, said by both its CSP (`sandbox`) and the console's frame attribute:
 * run its scripts and handle its own forms, as an opaque origin. Never `allow-same-origin`: the
 * draft is an editor's text, and whatever it makes the page do, it cannot read the console, its
 * cookies or call the staff API as the colleague looking at it.
 */
export const PREVIEW_SANDBOX: readonly string[] = ['allow-scripts', 'allow-forms'];
