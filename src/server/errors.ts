import { Type } from 'typebox';
import { fa, type ErrorCode } from '../shared/text/strings.fa.js';
import { ApiErrorBody } from '../shared/contracts/common.schemas.js';

/** A refusal the client can act on: status, stable code, and the Persian message of that code. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** A message that says more than the code's own, e.g. how long to wait; Persian too. */
  readonly detail?: string;

  constructor(
    statusCode: number,
    code: ErrorCode,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
    detail?: string,
  ) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
    this.detail = detail;
  }
}

/** Every error code's Persian message: the common ones and those of the status page and the one-time codes. */
const messages: Record<ErrorCode, string> = { ...fa.errors, ...fa.followup.errors };

export function errorBody(code: ErrorCode, fields?: Record<string, string>, detail?: string): ApiErrorBody {
  const message = detail ?? messages[code];
  return { error: fields ? { message, code, fields } : { message, code } };
}

/** The failure body every route declares for its 4xx and 5xx answers. */
export const errorResponseSchema = Type.With(ApiErrorBody, { $id: 'ApiError' });

/** Every route's 4xx and 5xx answers, spread into its `response` schemas. */
export const errorResponses = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_NOTADB',
]);

/**
 * Whether an error means "the database cannot answer now" (503, retry later) rather than a bug:
 * network errors, PostgreSQL connection/shutdown/resource classes, SQLite busy or disk trouble.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (unavailableCodes.has(code) || code.startsWith('SQLITE_IOERR')) return true;
    if (/^(08|53|57P)/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|database is closed|Cannot use a pool after calling end|driver has already been destroyed/i.test(
      message,
    )
  );
}
