/** Parts of the API's route schemas that routes of several rooms share, and the typed app they are declared on. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { Type, type TSchemaOptions } from 'typebox';

/**
 * The app as a route module sees it: request parts and answers typed from the route's TypeBox
 * schemas (a plugin typed FastifyPluginAsyncTypebox is handed this instance).
 */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** No body: declared as JSON's null, typed as nothing, so `reply.code(204).send()` needs no payload. */
export const Nothing = (options?: TSchemaOptions) => Type.Unsafe<undefined>(Type.Null(options));

/**
 * The answer of a route that answers nothing: `response: { 204: noContent, ... }` (written out, not
 * spread from an object, whose numeric key would become text and lose the 204's own type).
 */
export const noContent = Nothing({ description: 'Done; nothing to answer.' });
