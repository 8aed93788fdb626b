/**
 * WebKit: Debian's WebKitGTK MiniBrowser under a private Xvfb display, driven by WebKitWebDriver
 * over classic W3C WebDriver (webdriver.ts). The driver serves one session at a time, so each
 * launch starts its own driver on a free port and its own display.
 *
 * A phone-sized window: MiniBrowser's toolbar keeps its window at least 447 px wide, so the walk
 * runs in a popup the page opens (no toolbar), 360 × 740.
 *
 * Errors: classic WebDriver has no log events, so a listener is put into the page after each load
 * (`open`) and read back at every check. It cannot see what happens before it is installed: an
 * error thrown while the page's scripts first run, a CSP violation of the first render, or the
 * browser's own console lines (a failed resource load). The walks' wait for each step's heading
 * and the server's log check (no 5xx, no error line) stand in for those.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { freePort } from '../e2e/server.js';
import { findInPage, type Engine, type Handle, type Query } from './engine.js';
import { isElementReference, KEYS, waitForDriver, WebDriverSession, type ElementReference } from './webdriver.js';

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const miniBrowserPath =
  process.env.WEBKIT_BROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Starts Xvfb on the first free display (it writes the number it took to fd 3) and returns it. */
async function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    (xvfb.stdio[2] as Readable).on('data', (chunk: Buffer) => (errors += chunk.toString()));
    (xvfb.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb stopped (exit code ${code}): ${errors.trim()}`)));
    xvfb.once('error', reject);
  });
  return { display: `:${number}`, process: xvfb };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The page's own record of errors, installed after each load (see the header: what it misses). */
function watchInPage(): void {
  const scope = window as unknown as { __engineProblems?: string[] };
  if (scope.__engineProblems) return;
  const seen: string[] = (scope.__engineProblems = []);
  window.addEventListener('error', (event) => seen.push(`pageerror: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => seen.push(`unhandled rejection: ${String(event.reason)}`));
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`),
  );
  const original = console.error.bind(console);
  console.error = (...parts: unknown[]) => {
    seen.push(`console: ${parts.map(String).join(' ')}`);
    original(...parts);
  };
}

function readProblemsInPage(): string[] | null {
  const scope = window as unknown as { __engineProblems?: string[] };
  return scope.__engineProblems ? scope.__engineProblems.splice(0) : null;
}

const referenceOf = (handle: Handle) => handle.engineHandle as ElementReference;
const asArgument = (value: unknown) =>
  value && typeof value === 'object' && 'engineHandle' in value ? referenceOf(value) : value;

/**
 * Opens a toolbar-less popup of a phone's size from the first window (left on about:blank) and
 * moves the session into it; the popup before it, if any, is closed. Each popup is a new tab, so a
 * new manager with no draft.
 */
async function phoneWindow(session: WebDriverSession, first: string, previous?: string): Promise<string> {
  if (previous) {
    await session.command('DELETE', '/window');
    await session.command('POST', '/window', { handle: first });
  }
  const before = await session.command<string[]>('GET', '/window/handles');
  await session.execute("() => void window.open('about:blank', '_blank', 'popup,width=360,height=740')", []);
  const after = await session.command<string[]>('GET', '/window/handles');
  const popup = after.find((handle) => !before.includes(handle));
  if (!popup) throw new Error('MiniBrowser opened no popup (is --javascript-can-open-windows-automatically=true set?)');
  await session.command('POST', '/window', { handle: popup });
  return popup;
}

function pointerDrag(origin: ElementReference, dx: number, dy: number) {
  const steps = 12;
  const moves = Array.from({ length: steps }, () => ({
    type: 'pointerMove',
    duration: 16,
    origin: 'pointer',
    x: Math.round(dx / steps),
    y: Math.round(dy / steps),
  }));
  return {
    actions: [
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', duration: 0, origin, x: 0, y: 0 },
          { type: 'pointerDown', button: 0 },
          ...moves,
          { type: 'pointerUp', button: 0 },
        ],
      },
    ],
  };
}

export async function launchWebKit(baseURL: string): Promise<Engine> {
  const { display, process: xvfb } = await startDisplay();
  const port = await freePort();
  const driver = spawn(webkitDriverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const driverURL = `http://127.0.0.1:${port}`;
  const session = await (async () => {
    await waitForDriver(driverURL);
    return WebDriverSession.start(driverURL, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: miniBrowserPath,
        args: ['--automation', '--javascript-can-open-windows-automatically=true'],
      },
    });
  })().catch(async (error: unknown) => {
    await Promise.all([stop(driver), stop(xvfb)]);
    throw error;
  });
  const first = await session.command<string>('GET', '/window');
  let popup: string | undefined;

  const run = <T>(code: (...args: any[]) => T, ...args: unknown[]) =>
    session.execute<T>(code.toString(), args.map(asArgument));
  return {
    name: 'WebKit',
    async open(path) {
      popup = await phoneWindow(session, first, popup);
      await session.command('POST', '/url', { url: new URL(path, baseURL).href });
      await run(watchInPage);
    },
    location: () => run(() => location.pathname + location.search),
    run,
    async find(query: Query) {
      const found = await run(findInPage, query);
      return isElementReference(found) ? { engineHandle: found } : undefined;
    },
    click: async (target) => void (await session.element(referenceOf(target), 'click')),
    type: async (target, text) => void (await session.element(referenceOf(target), 'value', { text })),
    async select(target, optionText) {
      // A native <select> is set the way WebDriver defines it: a click on its <option>.
      const option = await run(
        (select: HTMLSelectElement, text: string) =>
          [...select.options].find((each) => (each.textContent ?? '').trim() === text) ?? null,
        target,
        optionText,
      );
      if (!isElementReference(option)) throw new Error(`no option «${optionText}» in the select`);
      await session.element(option, 'click');
    },
    async press(key) {
      const value = KEYS[key];
      const keys = {
        type: 'key',
        id: 'keyboard',
        actions: [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ],
      };
      await session.command('POST', '/actions', { actions: [keys] });
    },
    async drag(target, dx, dy) {
      await session.command('POST', '/actions', pointerDrag(referenceOf(target), dx, dy));
      await session.command('DELETE', '/actions');
    },
    screenshot: async () => Buffer.from(await session.command<string>('GET', '/screenshot'), 'base64'),
    async problems() {
      const seen = await run(readProblemsInPage);
      // A load the walk did not make through open() (none expected): watch the new page from here.
      if (seen === null) await run(watchInPage);
      return seen ?? [];
    },
    async close() {
      await session.end().catch(() => undefined);
      await stop(driver);
      await stop(xvfb);
    },
  };
}
