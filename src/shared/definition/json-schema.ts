/**
 * A JSON Schema as the definition's files hold it: read, walked and compiled, never typed further.
 * Its own module so the readers of schemas (conditions, the definition model) share it without
 * importing each other.
 */
export type JsonSchema = Record<string, unknown>;
