import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insightsPaths } from '../../../src/shared/contracts/insights.js';
import type { InsightBatch } from '../../../src/shared/contracts/insights.schemas.js';
import type * as InsightsModule from '../../../src/client/state/insights.js';

type Insights = typeof InsightsModule;

let fetchBodies: InsightBatch[];
let beaconBodies: InsightBatch[];

async function freshModule(): Promise<Insights> {
  vi.resetModules();
  return import('../../../src/client/state/insights.js');
}

beforeEach(() => {
  fetchBodies = [];
  beaconBodies = [];
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(insightsPaths.events);
      fetchBodies.push(JSON.parse(init.body as string) as InsightBatch);
      return new Response(null, { status: 204 });
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => {
      expect(url).toBe(insightsPaths.events);
      void body.text().then((text) => beaconBodies.push(JSON.parse(text) as InsightBatch));
      return true;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the wizard’s note of a visit', () => {
  it('sends nothing before its sender is in, then one request per step change, each event once per visit', async () => {
    const insights = await freshModule();
    insights.noteStep('welcome');
    expect(fetchBodies).toEqual([]);
    insights.startInsights('v1', true, Promise.resolve());
    await vi.waitFor(() => expect(fetchBodies).toHaveLength(1));
    expect(fetchBodies[0]).toMatchObject({ version: 'v1', at: { step: 'welcome' }, events: [{ type: 'shown' }] });
    expect(fetchBodies[0].visit).toMatch(/^[A-Za-z0-9_-]{22}$/);

    insights.noteCompleted('welcome');
    insights.noteStep('manager');
    insights.noteFocus('manager', 'nationalCode');
    insights.noteFocus('manager', 'nationalCode');
    insights.noteChecked('manager', ['nationalCode'], new Map([['nationalCode', 'ir-national-code']]));
    insights.noteChecked('manager', ['nationalCode'], new Map());
    // Focus, blur and checks send nothing by themselves: only the step change did.
    expect(fetchBodies).toHaveLength(2);
    insights.noteStep('welcome');
    insights.noteStep('manager');
    expect(fetchBodies).toHaveLength(4);
    const events = fetchBodies.flatMap((body) => body.events);
    expect(events.filter((event) => event.type === 'touched')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'shown')).toHaveLength(2);
    expect(events).toContainEqual({
      type: 'invalid',
      step: 'manager',
      field: 'nationalCode',
      rule: 'ir-national-code',
    });
    expect(events).toContainEqual({ type: 'corrected', step: 'manager', field: 'nationalCode' });
  });

  it('sends what is left with sendBeacon when the page is hidden, with where the manager is', async () => {
    const insights = await freshModule();
    insights.startInsights('v1', true, Promise.resolve());
    insights.noteStep('location');
    await vi.waitFor(() => expect(fetchBodies).toHaveLength(1));
    insights.noteFocus('location', 'address');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(beaconBodies).toHaveLength(1));
    expect(beaconBodies[0]).toMatchObject({
      visit: fetchBodies[0].visit,
      at: { step: 'location', field: 'address' },
      events: [{ type: 'touched', step: 'location', field: 'address' }],
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('with ANALYTICS=off keeps nothing and loads no sender', async () => {
    const insights = await freshModule();
    insights.noteStep('welcome');
    insights.startInsights('v1', false, Promise.resolve());
    insights.noteStep('manager');
    insights.noteRegistered();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchBodies).toEqual([]);
    expect(beaconBodies).toEqual([]);
  });
});
