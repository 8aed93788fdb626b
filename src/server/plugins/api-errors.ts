import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldMessages, type SchemaError } from '../../shared/definition/schema-messages.js';
import type { ErrorCode } from '../../shared/text/strings.fa.js';
import { ApiError, errorBody, isDatabaseUnavailable } from '../errors.js';

export interface Refusal {
  status: number;
  code: ErrorCode;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  detail?: string;
}

const parserRefusals: Record<string, Refusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_json' },
};

/**
 * Every failure becomes { error: { message, code, fields? } } with a Persian message. Only the
 * log sees what went wrong inside; a 5xx body never carries a stack, SQL or path.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const refusal = refusalOf(app, error);
      if (refusal.status >= 500) request.log.error({ err: loggable(error) }, 'request failed');
      void reply
        .code(refusal.status)
        .header('cache-control', 'no-store')
        .headers(refusal.headers ?? {})
        .type('application/json; charset=utf-8')
        .send(errorBody(refusal.code, refusal.fields, refusal.detail));
    });
  },
  { name: 'api-errors', fastify: '5.x', dependencies: ['definition'] },
);

/** How the error handler answers an error: its status, code and headers (the metrics count refusals by code). */
export function refusalOf(app: FastifyInstance, error: FastifyError): Refusal {
  if (error instanceof ApiError)
    return {
      status: error.statusCode,
      code: error.code,
      fields: error.fields,
      headers: error.headers,
      detail: error.detail,
    };
  if (error.validation) return validationRefusal(app, error);
  const known = error.code ? parserRefusals[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError && error.statusCode === 400) return { status: 400, code: 'bad_json' };
  if (isDatabaseUnavailable(error)) return { status: 503, code: 'unavailable', headers: { 'retry-after': '5' } };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode === 413 ? 413 : 400,
      code: error.statusCode === 413 ? 'too_large' : 'bad_request',
    };
  }
  return { status: 500, code: 'internal' };
}

function validationRefusal(app: FastifyInstance, error: FastifyError): Refusal {
  if (error.validationContext !== 'body') return { status: 400, code: 'bad_request' };
  const { registrationSchema, schemasById } = app.definitions.live().wizard;
  const fields = fieldMessages(error.validation as unknown as SchemaError[], registrationSchema, schemasById);
  return { status: 400, code: 'validation', fields };
}

function loggable(error: FastifyError): Record<string, unknown> {
  return { type: error.name, message: error.message, code: error.code, stack: error.stack };
}
