/**
 * A raw HTTP/1.1 client over node:http (so the suite can send any method, any bytes, any headers),
 * and an API client that behaves like the wizard: a cookie jar, the XSRF cookie echoed in the
 * X-XSRF-TOKEN header, captchas fetched and answered, Idempotency-Key on submits.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../../src/shared/contracts/wizard-api.js';
import { solveCaptcha, type CaptchaShape } from './captcha.js';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
}

export interface RawRequest {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer | string;
  timeoutMs?: number;
  agent?: http.Agent | false;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in 4 KB pieces. */
  chunked?: boolean;
}

/** Transport failure (connection refused or reset, timeout): no HTTP answer at all. */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A body this large is sent only if no answer came on the headers alone within EARLY_ANSWER_MS.
 * The server refuses an oversize body on its Content-Length and then closes the connection; a
 * client still writing megabytes gets EPIPE, and on a slow machine gets it before it has read the
 * answer that was already sent. Waiting is what a browser's early-response handling amounts to.
 */
const EARLY_ANSWER_BYTES = 64 * 1024;
const EARLY_ANSWER_MS = 2000;

export function rawRequest(request: RawRequest): Promise<HttpResponse> {
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (request.chunked) headers['transfer-encoding'] = 'chunked';
  else if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(body.length);
  }
  return new Promise<HttpResponse>((resolvePromise, reject) => {
    let settled = false;
    let answered = false;
    let bodySent = true;
    const fail = (error: NodeJS.ErrnoException): void => {
      if (settled) return;
      settled = true;
      reject(
        new TransportError(error.code ?? 'ERR', `${request.method} ${request.path.slice(0, 120)}: ${error.message}`),
      );
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: request.port,
        method: request.method,
        path: request.path,
        headers,
        agent: request.agent ?? sharedAgent,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          const buffer = Buffer.concat(chunks);
          const text = buffer.toString('utf8');
          let json: unknown;
          try {
            json = text.length > 0 ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: buffer, text, json });
          // Answered on the headers alone: the unsent body is dropped with the connection.
          if (!bodySent) req.destroy();
        });
      },
    );
    req.setTimeout(request.timeoutMs ?? 30_000, () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', fail);
    if (body !== undefined && request.chunked) {
      for (let at = 0; at < body.length; at += 4096) req.write(body.subarray(at, at + 4096));
      req.end();
    } else if (body !== undefined && body.length > EARLY_ANSWER_BYTES) {
      bodySent = false;
      req.flushHeaders();
      setTimeout(() => {
        if (answered) return;
        bodySent = true;
        req.end(body);
      }, EARLY_ANSWER_MS);
    } else if (body !== undefined) req.end(body);
    else req.end();
  });
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case -> value ('' for flags such as HttpOnly). */
  attributes: Record<string, string>;
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair, ...attributeParts] = raw.split(';');
  const eq = pair.indexOf('=');
  const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
  const value = eq < 0 ? '' : pair.slice(eq + 1).trim();
  const attributes: Record<string, string> = {};
  for (const part of attributeParts) {
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    if (key) attributes[key] = at < 0 ? '' : part.slice(at + 1).trim();
  }
  return { name, value, attributes, raw };
}

export function setCookies(headers: IncomingHttpHeaders): SetCookie[] {
  const raw = headers['set-cookie'];
  return (raw ?? []).map(parseSetCookie);
}

/** A browser-like cookie jar for one origin: later Set-Cookie wins, Max-Age=0 or a past Expires deletes. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(headers: IncomingHttpHeaders): void {
    for (const cookie of setCookies(headers)) {
      const maxAge = cookie.attributes['max-age'];
      const expires = cookie.attributes.expires;
      const deleted =
        (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) < Date.now());
      if (deleted) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The XSRF cookie, whatever prefix production gives it (XSRF-TOKEN or __Host-XSRF-TOKEN). */
  xsrf(): string | undefined {
    for (const [name, value] of this.cookies)
      if (name === 'XSRF-TOKEN' || name.endsWith('-XSRF-TOKEN')) return decodeURIComponent(value);
    return undefined;
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

/** The contract's paths, as the wizard itself uses them. */
export const paths = apiPaths;

export interface ClientOptions {
  /** Sent as X-Forwarded-For on every request (to play a client behind a proxy, or to spoof one). */
  forwardedFor?: string;
  /** Sent as Sec-Fetch-Site on every request; a browser on our own page sends same-origin. */
  secFetchSite?: string;
  timeoutMs?: number;
}

export interface PostOptions {
  headers?: Record<string, string | undefined>;
  idempotencyKey?: string;
  /** Leave out the X-XSRF-TOKEN header, or send this value instead of the cookie's. */
  xsrf?: string | null;
  chunked?: boolean;
}

/** One visitor: its own cookies, its own token, fetching and answering captchas as the wizard does. */
export class ApiClient {
  readonly jar = new CookieJar();
  requests = 0;

  constructor(
    readonly port: number,
    readonly options: ClientOptions = {},
  ) {}

  #baseHeaders(): Record<string, string | undefined> {
    return {
      accept: 'application/json',
      cookie: this.jar.header(),
      'x-forwarded-for': this.options.forwardedFor,
      'sec-fetch-site': this.options.secFetchSite,
    };
  }

  async get(path: string, headers: Record<string, string | undefined> = {}): Promise<HttpResponse> {
    this.requests += 1;
    const response = await rawRequest({
      port: this.port,
      method: 'GET',
      path,
      headers: { ...this.#baseHeaders(), ...headers },
      timeoutMs: this.options.timeoutMs,
    });
    this.jar.store(response.headers);
    return response;
  }

  /** Any method, any body: the token and cookies of this visitor ride along unless told otherwise. */
  async send(
    method: string,
    path: string,
    body: Buffer | string | undefined,
    options: PostOptions = {},
  ): Promise<HttpResponse> {
    this.requests += 1;
    const xsrf = options.xsrf === undefined ? this.jar.xsrf() : (options.xsrf ?? undefined);
    const headers: Record<string, string | undefined> = {
      ...this.#baseHeaders(),
      'content-type': 'application/json',
      'x-xsrf-token': xsrf,
      'idempotency-key': options.idempotencyKey,
      ...options.headers,
    };
    const response = await rawRequest({
      port: this.port,
      method,
      path,
      headers,
      body,
      timeoutMs: this.options.timeoutMs,
      chunked: options.chunked,
    });
    this.jar.store(response.headers);
    return response;
  }

  postJson(path: string, value: unknown, options: PostOptions = {}): Promise<HttpResponse> {
    return this.send('POST', path, JSON.stringify(value), options);
  }

  /** What the wizard does on load: read the settings, which also hands out the pre-session and XSRF cookies. */
  async start(): Promise<HttpResponse> {
    const response = await this.get(paths.config);
    if (response.status !== 200 && response.status !== 304) throw new HttpStatusError(response, 'Config');
    if (this.jar.xsrf() === undefined) {
      // Some servers hand the token out with the first captcha instead.
      await this.get(paths.captcha);
    }
    return response;
  }

  async captcha(): Promise<CaptchaShape & { response: HttpResponse }> {
    const response = await this.get(paths.captcha);
    if (response.status !== 200) throw new HttpStatusError(response, 'GetCaptcha');
    return { ...(response.json as CaptchaShape), response };
  }

  /** A fresh captcha answered right, as a manager would: `{ id, validOptionIndex }`. */
  async solvedCaptcha(): Promise<{ id: string; validOptionIndex: number; answerText: string }> {
    const captcha = await this.captcha();
    const index = solveCaptcha(captcha);
    return { id: captcha.id, validOptionIndex: index, answerText: captcha.options[index] };
  }

  register(body: unknown, options: PostOptions = {}): Promise<HttpResponse> {
    return this.postJson(paths.registration, body, { idempotencyKey: randomUUID(), ...options });
  }
}

export class HttpStatusError extends Error {
  constructor(
    readonly response: HttpResponse,
    what: string,
  ) {
    super(`${what} answered ${response.status}: ${response.text.slice(0, 300)}`);
    this.name = 'HttpStatusError';
  }
}

/** Persian/Arabic-script letters (not just digits or punctuation). */
export const persianLetters = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

/** The error body of the contract, with a Persian message; returns a reason when it is not. */
export function errorBodyProblem(response: HttpResponse): string | undefined {
  const error = (response.json as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
  if (!error)
    return `no { error } body (content-type ${response.headers['content-type']}): ${response.text.slice(0, 120)}`;
  if (typeof error.message !== 'string' || !persianLetters.test(error.message))
    return `error.message is not Persian: ${JSON.stringify(error.message)}`;
  if (typeof error.code !== 'string' || error.code.length === 0)
    return `error.code missing: ${JSON.stringify(error.code)}`;
  return undefined;
}

export function errorCode(response: HttpResponse): string | undefined {
  return (response.json as { error?: { code?: string } } | undefined)?.error?.code;
}
