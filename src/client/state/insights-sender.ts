/**
 * Sends what insights.ts noted, loaded after first paint: each event once per visit (the visit is
 * the tab's, kept in sessionStorage with what it has sent), one request per step change, and the
 * rest with sendBeacon when the page is hidden or closed.
 */
import { insightsPaths, type InsightEvent } from '../../shared/contracts/insights.js';
import type { InsightBatch } from '../../shared/contracts/insights.schemas.js';

const STORE_KEY = 'insights-visit';

interface Visit {
  id: string;
  /** Each event sent, by its kind and names (never a time). */
  sent: string[];
}

function newVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function loadVisit(version: string): Visit {
  try {
    const stored = JSON.parse(storage()?.getItem(`${STORE_KEY}:${version}`) ?? 'null') as Visit | null;
    if (stored && typeof stored.id === 'string' && Array.isArray(stored.sent)) return stored;
  } catch {
    // Unreadable: a new visit.
  }
  return { id: newVisitId(), sent: [] };
}

/** What insights.ts hands over: the events noted since, and where the manager is. */
type TakeNoted = () => { events: InsightEvent[]; at: InsightBatch['at'] };

/** Starts sending for `version` what `takeNoted` gives; returns what sends the step's batch now. */
export function startSender(version: string, takeNoted: TakeNoted): () => void {
  const visit = loadVisit(version);
  const sent = new Set(visit.sent);
  let lastAt = 'null';
  /** Registered: this page's visit is over, and nothing more is sent from it. */
  let over = false;

  const batch = (): InsightBatch | undefined => {
    const { events, at } = takeNoted();
    if (over) return undefined;
    const fresh = events.filter((event) => {
      const { ms: _ms, ...names } = event as typeof event & { ms?: number };
      const key = JSON.stringify(names);
      if (sent.has(key)) return false;
      sent.add(key);
      return true;
    });
    const atKey = JSON.stringify(at ?? null);
    if (fresh.length === 0 && atKey === lastAt) return undefined;
    lastAt = atKey;
    // A registered visit is over: a page opened afterwards in this tab starts a new one.
    over = fresh.some((event) => event.type === 'registered');
    const key = `${STORE_KEY}:${version}`;
    if (over) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify({ id: visit.id, sent: [...sent] }));
    return { visit: visit.id, version, at, events: fresh };
  };

  const send = (hidden: boolean) => {
    const body = batch();
    if (!body) return;
    const json = JSON.stringify(body);
    if (hidden) navigator.sendBeacon(insightsPaths.events, new Blob([json], { type: 'application/json' }));
    else
      void fetch(insightsPaths.events, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: json,
        keepalive: true,
        credentials: 'same-origin',
      }).catch(() => undefined);
  };

  addEventListener('pagehide', () => send(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send(true);
  });
  return () => send(false);
}
