/**
 * What the walks need from a browser, whatever drives it: puppeteer over WebDriver BiDi (Firefox,
 * firefox.ts) or plain W3C WebDriver (WebKit, webkit.ts). Elements are found in the page by the
 * same rules Playwright's roles follow for this wizard (a control by its label, a button by its
 * text), so the walks read like the Chromium ones; input goes through the driver (real clicks and
 * key presses), never through a script that sets values.
 */

/** What to look for: a form control by its label, a button or link by its text, and so on. */
export interface Query {
  kind: 'control' | 'checkbox' | 'radio' | 'button' | 'option' | 'heading' | 'dialog' | 'map';
  name: string;
}

/** A found element, as the driver refers to it. */
export type Handle = { readonly engineHandle: unknown };

/**
 * In-page code: a function the driver sends as source (so it may use nothing from outside its own
 * body), run with JSON arguments; a Handle argument arrives as its element.
 */
export type InPage<Result> = (...args: any[]) => Result;

export interface Engine {
  readonly name: string;
  /** A new tab (a manager with no draft) loads a page of the wizard and is watched for errors. */
  open(path: string): Promise<void>;
  /** Path and query of the page shown. */
  location(): Promise<string>;
  run<Result>(code: InPage<Result>, ...args: unknown[]): Promise<Result>;
  find(query: Query): Promise<Handle | undefined>;
  click(target: Handle): Promise<void>;
  type(target: Handle, text: string): Promise<void>;
  /** Picks an option of a native <select> by its text. */
  select(target: Handle, optionText: string): Promise<void>;
  /** One key on the focused element: WebDriver's key names (ArrowUp, Escape). */
  press(key: 'ArrowUp' | 'Escape'): Promise<void>;
  /** A mouse drag from the middle of `target` by (dx, dy) CSS pixels. */
  drag(target: Handle, dx: number, dy: number): Promise<void>;
  /** A PNG of the viewport (kept when a walk fails). */
  screenshot(): Promise<Buffer>;
  /** Page errors, console errors and CSP violations seen since the last call. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * In the page: the first visible element matching the query. Names are compared as a screen reader
 * reads them, trimmed, without the required-field asterisk RJSF adds to a label.
 */
export function findInPage(query: Query): Element | null {
  const normal = (text: string | null | undefined) =>
    (text ?? '')
      .replace(/\s+/g, ' ')
      .replace(/\s*\*\s*$/, '')
      .trim();
  const textOf = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return normal(textOf(labelledBy));
    const label = element.getAttribute('aria-label');
    if (label) return normal(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return normal([...labels].map((each) => each.textContent).join(' '));
    return normal(element.textContent);
  };
  const visible = (element: Element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const selectors: Record<Query['kind'], string> = {
    control: 'input:not([type=checkbox]):not([type=radio]), select, textarea',
    checkbox: 'input[type=checkbox]',
    radio: 'input[type=radio]',
    button: 'button, a[href], [role=button]',
    option: '[role=option]',
    heading: 'h1, h2, h3, h4, h5, h6',
    dialog: 'dialog[open], [role=dialog]',
    map: '[role=application]',
  };
  const wanted = normal(query.name);
  for (const element of document.querySelectorAll(selectors[query.kind])) {
    if (visible(element) && nameOf(element) === wanted) return element;
  }
  return null;
}

/** In the page: how a native <select>'s option of this text is known to the driver (its value). */
export function optionValueInPage(select: Element, text: string): string | null {
  const option = [...(select as HTMLSelectElement).options].find((each) => (each.textContent ?? '').trim() === text);
  return option ? option.value : null;
}

/** In the page: does the (enabled) native <select> offer an option of this text? */
export function optionOfferedInPage(select: Element, text: string): boolean {
  const element = select as HTMLSelectElement;
  return !element.disabled && [...element.options].some((each) => (each.textContent ?? '').trim() === text);
}

/** In the page: the value a control shows (a select's chosen option's text, an input's value). */
export function shownValueInPage(control: Element): string | boolean {
  if (control instanceof HTMLSelectElement) return (control.selectedOptions[0]?.textContent ?? '').trim();
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked;
  return ((control as HTMLInputElement).value ?? '').trim();
}

/**
 * In the page: is the wizard right to left? The root's dir and lang, and the computed direction of
 * every visible heading, label, control and button: each element that is not `rtl` is named. Left
 * to right only where the markup says so (dir="ltr" on the digit fields) and in the map (its
 * attribution is left to right on purpose).
 */
export function directionInPage(): { dir: string; lang: string; notRtl: string[] } {
  const notRtl: string[] = [];
  const selector = 'body, main, form, h1, h2, h3, label, legend, input, select, textarea, button, p, dialog[open]';
  for (const element of document.querySelectorAll(selector)) {
    if (element.closest('.leaflet-container') || element.getClientRects().length === 0) continue;
    if (element.closest('[dir]')?.getAttribute('dir') === 'ltr') continue;
    const direction = getComputedStyle(element).direction;
    if (direction !== 'rtl') {
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      notRtl.push(`${name} «${(element.textContent ?? '').trim().slice(0, 40)}» is ${direction}`);
    }
  }
  return { dir: document.documentElement.dir, lang: document.documentElement.lang, notRtl };
}

/** In the page: has React taken the pre-rendered page over (main.tsx marks #root)? */
export function hydratedInPage(): boolean {
  return document.getElementById('root')?.hasAttribute('data-hydrated') ?? false;
}

/** In the page: the text of the captcha's radio group (its question and options), as shown. */
export function captchaTextInPage(): string | null {
  return document.querySelector<HTMLElement>('[role=radiogroup]')?.innerText ?? null;
}

/** In the page: everything the page shows as text. */
export function pageTextInPage(): string {
  return document.body.innerText;
}
