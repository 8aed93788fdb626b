import { readFileSync } from 'node:fs';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH } from '../../src/server/plugins/openapi.js';
import { insightsPaths } from '../../src/shared/contracts/insights.js';
import { fromRoot } from '../../src/server/paths.js';
import { openSession, postRegistration, solvedCaptcha, testApp } from './helpers.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  description?: string;
  parameters?: Array<{ in: string; name: string; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags?: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes?: Record<string, { type: string; in: string; name: string }>;
  };
}

const routes: RouteOptions[] = [];
let app: FastifyInstance;
let document: OpenApiDocument;
beforeAll(async () => {
  app = await testApp({}, { onRoute: (route) => void routes.push(route) });
  const response = await app.inject({ url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(() => app.close());

/** The routes of the API itself: under /api/, minus HEAD (Fastify adds one per GET) and the reference's own. */
function apiRoutes(): Array<{ method: string; url: string; route: RouteOptions }> {
  return routes
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PATH) && route.url !== OPENAPI_PATH)
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method: method.toLowerCase(), url: route.url.replace(/:(\w+)/g, '{$1}'), route })),
    );
}

describe('OpenAPI document at /api/openapi.json', () => {
  it('is OpenAPI 3.1 with info, paths and components', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof document.info.title).toBe('string');
    expect(document.info.version).toBe(app.definitions.live().version);
    expect(typeof document.paths).toBe('object');
    expect(typeof document.components).toBe('object');
  });

  it('only the reference page and the document itself are left out', () => {
    const hidden = routes.filter((route) => route.schema?.hide).map((route) => route.url);
    expect(hidden.length).toBeGreaterThan(0);
    for (const url of hidden) expect(url === OPENAPI_PATH || url.startsWith(DOCS_PATH), url).toBe(true);
  });

  it('lists every route under /api/ with its request and response schemas', () => {
    const listed = apiRoutes();
    expect(listed.length).toBeGreaterThanOrEqual(6);
    for (const { method, url, route } of listed) {
      const operation = document.paths[url]?.[method];
      expect(operation, `${method} ${url}`).toBeDefined();
      const schema = route.schema as
        { body?: Record<string, unknown>; querystring?: { properties?: object } } | undefined;
      if (schema?.body) {
        const body = operation.requestBody?.content['application/json']?.schema;
        expect(body, `${method} ${url} request body`).toBeDefined();
        expect(body?.required, `${method} ${url} request body`).toEqual(schema.body.required);
        expect(Object.keys(body?.properties ?? {})).toEqual(Object.keys(schema.body.properties as object));
      }
      for (const name of Object.keys(schema?.querystring?.properties ?? {})) {
        expect(
          operation.parameters?.some((p) => p.in === 'query' && p.name === name),
          `${method} ${url} ?${name}`,
        ).toBe(true);
      }
      const success = Object.keys(operation.responses).filter((code) => /^2\d\d$/.test(code));
      expect(success.length, `${method} ${url} declares its answer`).toBeGreaterThan(0);
      for (const code of success.filter((c) => c !== '204'))
        expect(
          operation.responses[code].content?.['application/json']?.schema,
          `${method} ${url} ${code}`,
        ).toBeDefined();
      expect(operation.responses['4XX']?.content?.['application/json']?.schema, `${method} ${url} 4XX`).toBeDefined();
    }
  });

  it('names every operation once (operationId), groups it under a declared tag and describes it', () => {
    const declared = new Set((document.tags ?? []).map((tag) => tag.name));
    const ids = apiRoutes().map(({ method, url }) => {
      const operation = document.paths[url][method];
      expect(operation.operationId, `${method} ${url}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags?.length, `${method} ${url}`).toBe(1);
      expect(declared.has(operation.tags![0]), `${method} ${url}: ${operation.tags![0]}`).toBe(true);
      expect(operation.description?.length ?? 0, `${method} ${url}`).toBeGreaterThan(20);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('unsafe methods require the anti-forgery header (a beacon write the pre-session cookie), safe ones do not', () => {
    expect(document.components.securitySchemes?.xsrfToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-XSRF-TOKEN',
    });
    const listed = apiRoutes();
    expect(listed.some(({ method }) => method === 'post')).toBe(true);
    for (const { method, url } of listed) {
      const security = document.paths[url][method].security ?? [];
      const required = security.some((requirement) => 'xsrfToken' in requirement || 'preSession' in requirement);
      expect({ method, url, required }).toEqual({
        method,
        url,
        required: !['get', 'head', 'options'].includes(method),
      });
      const beacon = security.some((requirement) => 'preSession' in requirement);
      expect({ method, url, beacon }).toEqual({ method, url, beacon: url === insightsPaths.events });
    }
  });

  it('every schema in it is valid JSON Schema 2020-12, the dialect of OpenAPI 3.1', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: unknown[] = Object.values(document.components.schemas);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const parameter of operation.parameters ?? []) schemas.push(parameter.schema);
        for (const media of Object.values(operation.requestBody?.content ?? {})) schemas.push(media.schema);
        for (const answer of Object.values(operation.responses))
          for (const media of Object.values(answer.content ?? {})) schemas.push(media.schema);
      }
    }
    expect(schemas.length).toBeGreaterThan(10);
    for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });
});

describe("docs/api.md's example registration body", () => {
  const doc = readFileSync(fromRoot('docs/api.md'), 'utf8');
  const example = /Example registration body:\s*```json\n([\s\S]*?)```/.exec(doc)?.[1];
  const body = JSON.parse(example ?? 'null') as Record<string, unknown> & { adminData: Record<string, unknown> };
  const requestSchema = () =>
    document.paths['/api/Register/Pharmacy'].post.requestBody!.content['application/json'].schema;
  const validator = () => new Ajv2020({ strict: false, validateFormats: false }).compile(requestSchema());

  it('validates against the request schema the document publishes (Persian digits and dashes included)', () => {
    expect(body).not.toBeNull();
    expect(body.adminData.nationalCode).toMatch(/[۰-۹]/);
    const validate = validator();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const ascii = {
      ...body,
      adminData: { ...body.adminData, nationalCode: '0499370899', mobileNumber: '09123456789' },
    };
    expect(validate(ascii)).toBe(true);
    const lettered = { ...body, adminData: { ...body.adminData, nationalCode: '04993708ab' } };
    expect(validate(lettered)).toBe(false);
  });

  it('is taken by the server as it stands, with a real captcha', async () => {
    const session = await openSession(app);
    const captcha = await solvedCaptcha(app, session);
    const response = await postRegistration(app, session, { ...body, captcha });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await app.database.db
      .selectFrom('registrations')
      .select(['national_code', 'mobile_number'])
      .where('tracking_code', '=', response.json<{ trackingCode: string }>().trackingCode)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ national_code: '0499370899', mobile_number: '09123456789' });
  });
});

describe('reference page at /api/docs', () => {
  it('is served from here, under the same strict CSP, with no inline script', async () => {
    const page = await app.inject({ url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline.trim()).toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\//);
    }
    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1]);
    for (const asset of assets) {
      const response = await app.inject({ url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['set-cookie'], asset).toBeUndefined();
    }
  });
});
