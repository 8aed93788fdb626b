/**
 * The pieces every room's contract schemas are built of. A route's shape is written once, as a
 * TypeBox schema the server declares on the route (validation, serialisation, the OpenAPI
 * document); its TypeScript type is derived with Static. TypeBox runs on the server only: the
 * client imports these files with `import type` (.dependency-cruiser.cjs).
 */
import { Type, type Static, type TSchema, type TSchemaOptions, type TUnsafe } from 'typebox';
import type { ErrorCode } from '../text/strings.fa.js';

/** A moment, as every answer writes it (`Type.With(Instant, { description })` says which). */
export const Instant = Type.String({ format: 'date-time' });

/**
 * One of a few strings, as `{ type: 'string', enum }`: the form OpenAPI readers and code
 * generators know (TypeBox's own Enum leaves `type` out, a union of literals becomes `anyOf`).
 */
export const StringEnum = <const Values extends readonly string[]>(values: Values, options?: TSchemaOptions) =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A scalar or null, as `{ type: [type, 'null'] }` (null joins an `enum` too): the compact form
 * the answers' serialiser writes without trying each branch of an `anyOf`.
 */
export function Nullable<Scalar extends TSchema>(
  schema: Scalar,
  options?: TSchemaOptions,
): TUnsafe<Static<Scalar> | null> {
  const { type, enum: values } = schema as { type?: unknown; enum?: readonly unknown[] };
  if (typeof type !== 'string') throw new TypeError('Nullable takes a schema of one type');
  return Type.Unsafe<Static<Scalar> | null>({
    ...schema,
    ...options,
    type: [type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  });
}

/**
 * An object of any keys whose values all have one shape, as `{ type: 'object', additionalProperties }`
 * and typed as a Record (TypeBox's own Record writes `patternProperties` instead).
 */
export const Dictionary = <Value extends TSchema>(value: Value, options?: TSchemaOptions) =>
  Type.Unsafe<Record<string, Static<Value>>>({ type: 'object', additionalProperties: value, ...options });

/** An object of any keys and values (a registration as it was sent, a definition's files). */
export const OpenObject = (options?: TSchemaOptions) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...options });

/** A choice by id with its Persian title: the wizard's plans, the console's filter choices. */
export const TitledChoice = Type.Object({ id: Type.Integer(), title: Type.String() }, { additionalProperties: false });
export type TitledChoice = Static<typeof TitledChoice>;

/** The body of every refusal (4xx and 5xx): the code's Persian message and, for a form, each field's. */
export const ApiErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        message: Type.String(),
        code: Type.Unsafe<ErrorCode>(Type.String()),
        /** JSON pointer of the request body -> Persian message. */
        fields: Type.Optional(Dictionary(Type.String())),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ApiErrorBody = Static<typeof ApiErrorBody>;
