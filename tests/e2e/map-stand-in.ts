/**
 * Local stand-ins for the map providers' hosts, shared by the e2e tests and the bench:
 * page routes that answer every request of the map (Neshan's quota check, tiles, images) on the
 * machine and refuse, and record, anything else that would leave it.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';

/** A 1×1 PNG served for every tile. */
export const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eQOAAVgAqnWTRlUAAAAAElFTkSuQmCC',
  'base64',
);

// The SDK checks the key's shape (a web key: «web.» and 32 hex digits) before asking for anything.
export const NESHAN_WEB_KEY = 'web.0123456789abcdef0123456789abcdef';
export const NESHAN_HOSTS = /(^|\.)neshan\.org$/;
export const OSM_HOSTS = /(^|\.)openstreetmap\.org$/;

export interface StandIn {
  /** Requests the stand-in answered, as `METHOD url`, and the quota check's api-key headers. */
  answered: string[];
  apiKeys: string[];
  /** Requests to any other host: must stay empty. */
  escaped: string[];
}

/** Answers the hosts matching `hosts` locally and refuses (and records) anything else off the machine. */
export async function mapStandIn(page: Page, hosts: RegExp): Promise<StandIn> {
  const standIn: StandIn = { answered: [], apiKeys: [], escaped: [] };
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (!hosts.test(url.hostname)) {
        standIn.escaped.push(request.url());
        return route.abort();
      }
      standIn.answered.push(`${request.method()} ${request.url()}`);
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
      if (url.hostname === 'api.neshan.org') {
        const key = request.headers()['api-key'];
        if (key) standIn.apiKeys.push(key);
        return route.fulfill({ status: 200, headers: cors, contentType: 'application/json', body: '{}' });
      }
      return route.fulfill({ status: 200, headers: cors, contentType: 'image/png', body: TILE_PNG });
    },
  );
  return standIn;
}

export const neshanStandIn = (page: Page): Promise<StandIn> => mapStandIn(page, NESHAN_HOSTS);

/** Neshan's base-map tiles (the map type is in their path); tile5-8 carry the labels (POI), trts the traffic. */
export const NESHAN_BASE_TILE_HOSTS = /^tile[1-4]\.neshan\.org$/;

/** The distinct paths the stand-in answered on the hosts matching `hosts`. */
export function pathsOn(standIn: StandIn, hosts: RegExp): Set<string> {
  return new Set(
    standIn.answered
      .map((line) => new URL(line.split(' ')[1]))
      .filter((url) => hosts.test(url.hostname))
      .map((url) => url.pathname),
  );
}

/**
 * A copy of `schemas` whose register-config.json names Neshan's map with the spec's options (map
 * type dreamy, POI on, traffic off): the folder a Neshan server of the e2e tests or the bench reads.
 */
export function neshanSchemas(schemas: string): string {
  const schemasDir = join(mkdtempSync(join(tmpdir(), 'pharmacy-neshan-')), 'schemas');
  cpSync(schemas, schemasDir, { recursive: true });
  const configFile = join(schemasDir, 'register-config.json');
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as { map: Record<string, unknown> };
  config.map = { ...config.map, provider: 'neshan', type: 'dreamy', poi: true, traffic: false };
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  return schemasDir;
}
