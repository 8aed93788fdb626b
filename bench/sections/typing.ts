// Typing latency: Playwright drives Debian's Chromium with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), types into a field and measures, per keystroke, the time from the
// key event's timestamp to the next frame: an rAF scheduled in a capturing keydown (or, for
// characters typed without a keydown, beforeinput) listener, then a
// MessageChannel task (which runs after that frame is produced). The Event Timing API
// (PerformanceObserver type "event", durationThreshold 16 — its minimum) reports keystrokes slower
// than 16 ms with their presentation time; per keystroke the larger of the two is kept.
import { chromium, type Browser } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, log, median, round, seedScript } from '../lib/util.js';

export interface TypingSpec {
  name: string;
  url: string;
  label: string;
  text: string;
  seed?: Record<string, string>;
  expectPath?: string;
}

export interface TypingFigure {
  url: string;
  field: string;
  keystrokes: number;
  medianMs: number;
  worstMs: number;
  p90Ms: number;
  frameMedianMs: number;
  frameWorstMs: number;
  eventTimingEntries: number;
  eventTimingWorstMs: number;
  valueAfterTyping: string;
}

interface TypingData {
  frames: Array<{ start: number; latency: number }>;
  events: Array<{ name: string; start: number; duration: number; interactionId: number }>;
}

// Plain JavaScript, not a function: tsx (esbuild keepNames) would wrap a function's inner closures
// in a `__name` helper that does not exist in the page.
const instrument = `
(() => {
  const bench = { frames: [], events: [] };
  window.__typingBench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      bench.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, interactionId: entry.interactionId || 0 });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // A keystroke starts at its keydown, or at its beforeinput when the character comes without one
  // (Playwright inserts non-US characters as text; phone keyboards send key "Unidentified").
  let pending = false;
  const start = (event) => {
    if (pending) return;
    pending = true;
    const begun = event.timeStamp;
    requestAnimationFrame(() => {
      pending = false;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => bench.frames.push({ start: begun, latency: performance.now() - begun });
      channel.port2.postMessage(0);
    });
  };
  addEventListener('keydown', start, true);
  addEventListener('beforeinput', start, true);
})();
`;

export async function launchForTyping(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
}

export async function typingRun(browser: Browser, spec: TypingSpec, delayMs: number): Promise<TypingFigure> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    locale: 'fa-IR',
  });
  try {
    if (spec.seed) {
      await context.addInitScript({ content: seedScript(spec.seed) });
    }
    await context.addInitScript({ content: instrument });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(spec.url, { waitUntil: 'networkidle' });
    if (spec.expectPath && new URL(page.url()).pathname !== spec.expectPath) {
      throw new Error(`${spec.url} redirected to ${new URL(page.url()).pathname}: the seeded draft was not accepted`);
    }
    // The field's title, followed at most by a required mark (the wizard's "*", SurveyJS's own).
    const escaped = spec.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const field = page.getByLabel(new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`)).first();
    await field.waitFor({ state: 'visible', timeout: 15_000 });
    await field.click();
    await page.waitForTimeout(300);
    await page.evaluate(
      'window.__typingBench && (window.__typingBench.frames.length = 0, window.__typingBench.events.length = 0)',
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await field.pressSequentially(spec.text, { delay: delayMs });
    // On a busy machine, at 4× throttling, the last keystrokes' frames can still be queued when
    // typing ends: wait for them (a keystroke missing after 10 s is a broken measurement below).
    await page
      .waitForFunction(`window.__typingBench && window.__typingBench.frames.length >= ${spec.text.length}`, undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const collected = await page.evaluate<TypingData | undefined>('window.__typingBench');
    if (!collected) throw new Error(`the typing instrumentation did not load on ${spec.url}`);
    const value = await field.inputValue().catch(() => '');
    // Event Timing groups a keystroke's events (keydown, beforeinput, input, keyup) by interactionId.
    const interactions = new Map<number, { start: number; duration: number }>();
    for (const event of collected.events) {
      if (!/^key|input/.test(event.name)) continue;
      const id = event.interactionId || Math.round(event.start);
      const known = interactions.get(id);
      if (!known || event.duration > known.duration)
        interactions.set(id, { start: event.start, duration: event.duration });
    }
    const slow = [...interactions.values()];
    const perKey = collected.frames.map((frame) => {
      const timed = slow.filter((entry) => Math.abs(entry.start - frame.start) < 8).map((entry) => entry.duration);
      return Math.max(frame.latency, ...timed);
    });
    if (perKey.length < spec.text.length * 0.9) {
      throw new Error(`only ${perKey.length} of ${spec.text.length} keystrokes were measured on ${spec.url}`);
    }
    const sorted = [...perKey].sort((a, b) => a - b);
    return {
      url: spec.url,
      field: spec.label,
      keystrokes: perKey.length,
      medianMs: round(median(perKey), 1),
      worstMs: round(sorted[sorted.length - 1], 1),
      p90Ms: round(sorted[Math.floor(sorted.length * 0.9)], 1),
      frameMedianMs: round(median(collected.frames.map((frame) => frame.latency)), 1),
      frameWorstMs: round(Math.max(...collected.frames.map((frame) => frame.latency)), 1),
      eventTimingEntries: slow.length,
      eventTimingWorstMs: round(Math.max(0, ...slow.map((entry) => entry.duration)), 1),
      valueAfterTyping: value,
    };
  } finally {
    await context.close();
  }
}

/**
 * The floor of this measurement on this machine: the same keystrokes into a bare <input> and a bare
 * <textarea> on an otherwise empty page (no script, no stylesheet), so the wizard's figures can be
 * read against what Chromium itself costs at 4× CPU. A data: URL: nothing is served.
 */
export function floorSpecs(specs: TypingSpec[]): TypingSpec[] {
  const page = (control: string) =>
    'data:text/html;charset=utf-8,' +
    encodeURIComponent(
      '<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width"></head>' +
        `<body><label for="f">field</label>${control}</body></html>`,
    );
  const longest = (wanted: (spec: TypingSpec) => boolean) =>
    specs.filter(wanted).reduce((a, b) => (b.text.length > a.length ? b.text : a), '');
  return [
    {
      name: 'bare `<input>` (floor)',
      url: page('<input id="f">'),
      label: 'field',
      text: longest((spec) => !/address/.test(spec.name)),
    },
    {
      name: 'bare `<textarea>` (floor)',
      url: page('<textarea id="f"></textarea>'),
      label: 'field',
      text: longest((spec) => /address/.test(spec.name)),
    },
  ];
}

/** Quick mode types this many characters of each text: the smoke run proves the measurement works, no more. */
const QUICK_KEYSTROKES = 12;

export async function typingSection(specs: TypingSpec[], quick: boolean): Promise<Record<string, TypingFigure>> {
  const browser = await launchForTyping();
  const figures: Record<string, TypingFigure> = {};
  try {
    for (const full of specs) {
      const spec = quick ? { ...full, text: [...full.text].slice(0, QUICK_KEYSTROKES).join('') } : full;
      log(
        `  typing ${spec.text.length} characters into «${spec.label}» on ${spec.url.startsWith('data:') ? spec.name : spec.url}`,
      );
      const figure = await typingRun(browser, spec, quick ? 60 : 120);
      log(
        `    median ${figure.medianMs} ms  worst ${figure.worstMs} ms  (${figure.eventTimingEntries} Event Timing entries ≥ 16 ms)`,
      );
      figures[spec.name] = figure;
    }
  } finally {
    await browser.close();
  }
  return figures;
}
