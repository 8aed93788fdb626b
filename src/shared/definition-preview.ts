import { consoleScreens } from './staff-contract.js';

/**
 * The pages of the editor's preview (issue 19): the wizard rendered from the draft, framed by the
 * console's «ویرایش فرم». The only pages the server lets a page of its own origin frame.
 */
export const DEFINITION_PREVIEW_PATH = `${consoleScreens.definition.path}/preview`;
