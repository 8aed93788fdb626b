// Lighthouse (Node API) on Debian's Chromium through puppeteer-core, default mobile preset: simulated
// Slow 4G and 4× CPU slowdown, Moto G Power screen. Later steps need the draft of the earlier ones:
// the page is given it with Page.addScriptToEvaluateOnNewDocument (puppeteer's
// evaluateOnNewDocument), which writes sessionStorage before any of the app's scripts run — the
// state a manager has after filling the earlier steps in the same tab. Nothing is added to the product.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, fromRoot, log, round, seedScript } from '../lib/util.js';

export interface LighthousePage {
  url: string;
  finalUrl: string;
  performanceScore: number;
  accessibilityScore: number;
  bestPracticesScore: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShiftScore: number;
  speedIndexMs: number;
  /**
   * The same paints as the unthrottled page really drew them (Lighthouse's `metrics` audit, from
   * the trace): the simulated figures above add, to each, the modelled time of every request the
   * page had started before that paint.
   */
  observedFirstContentfulPaintMs: number;
  observedLargestContentfulPaintMs: number;
  totalTransferBytes: number;
  requests: number;
  /** The largest contentful paint's element (its HTML snippet). */
  lcpElement?: string;
  /** Requests started before the observed LCP, besides the page itself (what the simulation counts towards it). */
  requestsBeforeLcp: string[];
  /** Lighthouse's CPU benchmark of this machine at the time (higher = faster; < 1000 is a slow or busy machine). */
  benchmarkIndex: number;
  longTasks: string[];
  failedAudits: string[];
  warnings: string[];
}

export interface PageSpec {
  name: string;
  url: string;
  /** sessionStorage entries to write before the page's scripts run. */
  seed?: Record<string, string>;
  /** The path the page must stay on; a redirect means the seed was not accepted. */
  expectPath?: string;
}

function auditTitle(
  lhr: { audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string }> },
  id: string,
): string {
  return lhr.audits[id]?.title ?? id;
}

export async function launchForLighthouse(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
    defaultViewport: null,
  });
}

export async function lighthousePage(
  browser: Browser,
  spec: PageSpec,
  reportDir: string,
  attempt = 0,
): Promise<LighthousePage> {
  const page = await browser.newPage();
  try {
    if (spec.seed) {
      await page.evaluateOnNewDocument(seedScript(spec.seed));
    }
    const result = await lighthouse(
      spec.url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${spec.url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(
      join(reportDir, `${spec.name.replace(/[^a-z0-9-]+/gi, '_')}${attempt > 0 ? `.${attempt + 1}` : ''}.json`),
      JSON.stringify(lhr),
    );
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const failedAudits = Object.values(lhr.categories)
      .flatMap((category) =>
        category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ({ category: category.id, id: ref.id })),
      )
      .filter(({ id }) => {
        const audit = lhr.audits[id];
        return (
          audit &&
          audit.score !== null &&
          audit.score < (id.match(/^(first|largest|total|cumulative|speed)/) ? 0.9 : 1) &&
          audit.scoreDisplayMode !== 'informative'
        );
      })
      .map(
        ({ category, id }) =>
          `${category}: ${auditTitle(lhr as never, id)} (${id}, ${lhr.audits[id].displayValue ?? round((lhr.audits[id].score ?? 0) * 100)})`,
      );
    // Lighthouse 12 names the element in `largest-contentful-paint-element`; later versions in the
    // LCP breakdown insight, as its `node` item.
    type LcpNode = { type?: string; snippet?: string; nodeLabel?: string; items?: Array<{ node?: LcpNode }> };
    const lcpDetails = (id: string) => (lhr.audits[id]?.details as { items?: LcpNode[] } | undefined)?.items ?? [];
    const lcpNode =
      lcpDetails('lcp-breakdown-insight').find((item) => item.type === 'node') ??
      lcpDetails('largest-contentful-paint-element')[0]?.items?.[0]?.node;
    const networkItems = (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ url: string; resourceType?: string; rendererStartTime?: number }> } | undefined
    )?.items;
    const observed = (
      lhr.audits.metrics?.details as
        | { items?: Array<{ observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }> }
        | undefined
    )?.items?.[0];
    const observedLcp = observed?.observedLargestContentfulPaint ?? Number.NaN;
    const finalUrl = lhr.finalDisplayedUrl;
    const warnings = [...lhr.runWarnings];
    if (spec.expectPath && new URL(finalUrl).pathname !== spec.expectPath) {
      warnings.push(`redirected to ${new URL(finalUrl).pathname}: the seeded draft was not accepted`);
    }
    return {
      url: spec.url,
      finalUrl,
      performanceScore: score('performance'),
      accessibilityScore: score('accessibility'),
      bestPracticesScore: score('best-practices'),
      firstContentfulPaintMs: round(numeric('first-contentful-paint')),
      largestContentfulPaintMs: round(numeric('largest-contentful-paint')),
      totalBlockingTimeMs: round(numeric('total-blocking-time')),
      cumulativeLayoutShiftScore: round(numeric('cumulative-layout-shift'), 4),
      speedIndexMs: round(numeric('speed-index')),
      observedFirstContentfulPaintMs: round(observed?.observedFirstContentfulPaint ?? Number.NaN),
      observedLargestContentfulPaintMs: round(observedLcp),
      totalTransferBytes: round(numeric('total-byte-weight')),
      requests: networkItems?.length ?? 0,
      lcpElement: lcpNode?.snippet && `${lcpNode.snippet} «${(lcpNode.nodeLabel ?? '').slice(0, 40)}»`,
      requestsBeforeLcp: (networkItems ?? [])
        .filter(
          (item) =>
            item.resourceType !== 'Document' &&
            !item.url.startsWith('data:') &&
            (item.rendererStartTime ?? Infinity) < observedLcp,
        )
        .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')} at ${round(item.rendererStartTime ?? 0)} ms`),
      benchmarkIndex: round(lhr.environment.benchmarkIndex),
      longTasks: (
        (
          lhr.audits['long-tasks']?.details as
            { items?: Array<{ url: string; duration: number; startTime: number }> } | undefined
        )?.items ?? []
      )
        .slice(0, 6)
        .map(
          (task) =>
            `${round(task.duration)} ms at ${round(task.startTime)} ms: ${task.url.replace(/^https?:\/\/[^/]+/, '')}`,
        ),
      failedAudits,
      warnings,
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** Lighthouse's own trace errors (NO_NAVSTART, NO_FCP…) happen now and then on a busy machine: retry twice. */
async function withRetry<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const message = (error as Error).message;
      if (attempt >= 3 || !/^Lighthouse: (NO_|PROTOCOL_TIMEOUT|PAGE_HUNG|FAILED_DOCUMENT_REQUEST)/.test(message))
        throw error;
      log(`    ${message.slice(0, 80)} — retrying`);
    }
  }
}

/** A page's median run, with what every run scored and how long after its FCP each run's LCP came (simulated). */
export type LighthouseMedian = LighthousePage & {
  runs: number;
  performanceScores: number[];
  lcpAfterFcpMs: number[];
  medianLcpAfterFcpMs: number;
};

/**
 * Each page `runs` times (Lighthouse's advice against variance: take the median run); the run with
 * the median performance score is reported, with the spread of the scores beside it.
 */
export async function lighthouseSection(specs: PageSpec[], runs = 1): Promise<Record<string, LighthouseMedian>> {
  const browser = await launchForLighthouse();
  const pages: Record<string, LighthouseMedian> = {};
  try {
    for (const spec of specs) {
      const attempts: LighthousePage[] = [];
      for (let attempt = 0; attempt < runs; attempt++) {
        log(`  lighthouse ${spec.name} (${spec.url})${runs > 1 ? ` run ${attempt + 1}/${runs}` : ''}`);
        const figure = await withRetry(() =>
          lighthousePage(browser, spec, fromRoot('bench', 'tmp', 'lighthouse'), attempt),
        );
        log(
          `    perf ${figure.performanceScore}  a11y ${figure.accessibilityScore}  bp ${figure.bestPracticesScore}  FCP ${figure.firstContentfulPaintMs} ms  LCP ${figure.largestContentfulPaintMs} ms (observed ${figure.observedFirstContentfulPaintMs} / ${figure.observedLargestContentfulPaintMs} ms)  TBT ${figure.totalBlockingTimeMs} ms  CLS ${figure.cumulativeLayoutShiftScore}  ${figure.totalTransferBytes} B  (benchmarkIndex ${figure.benchmarkIndex})`,
        );
        if (figure.requestsBeforeLcp.length > 0) log(`    started before LCP: ${figure.requestsBeforeLcp.join(', ')}`);
        for (const warning of figure.warnings) log(`    warning: ${warning}`);
        attempts.push(figure);
      }
      const sorted = [...attempts].sort((a, b) => a.performanceScore - b.performanceScore);
      const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
      const gaps = attempts.map((attempt) => attempt.largestContentfulPaintMs - attempt.firstContentfulPaintMs);
      pages[spec.name] = {
        ...chosen,
        runs,
        performanceScores: attempts.map((attempt) => attempt.performanceScore),
        lcpAfterFcpMs: gaps,
        medianLcpAfterFcpMs: [...gaps].sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 2)],
      };
    }
  } finally {
    await browser.close();
  }
  return pages;
}
