import { apiPaths, XSRF_COOKIE, XSRF_HEADER } from '../../shared/contracts/wizard-api.js';
import type { ApiErrorBody } from '../../shared/contracts/common.schemas.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';

/** A failed call, carrying the server's Persian message and per-field messages (JSON pointers). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole answer, for a caller that needs more than the message (e.g. a refused publish's problems). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/**
 * JSON call to the API. Non-GET calls carry the anti-forgery header read from the XSRF-TOKEN
 * cookie (docs/api.md, «Cookies and the anti-forgery header»). A refused token is renewed once with a GET and the call retried, so a manager
 * whose cookie expired on the last step does not lose the submission.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const writes = options.method === 'POST' || options.method === 'PUT' || options.method === 'PATCH';
    if (!(error instanceof ApiError) || error.code !== 'csrf' || !writes) throw error;
    await send(apiPaths.config, {});
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET') {
    // A DELETE carries no body, and a JSON content type with an empty body is refused.
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', fa.errors.network);
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error;
  const fallback = status >= 500 ? fa.errors.unavailable : fa.errors.internal;
  return new ApiError(status, error?.code ?? 'internal', error?.message ?? fallback, error?.fields ?? {}, body);
}
