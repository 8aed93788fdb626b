/** The query of the insights' read routes (the console's and the key holders'), which only the server reads. */
import { Type, type Static } from 'typebox';

const day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const version = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

/** The version to read (the live one by default), a second to compare with it, and the Tehran days. */
export const InsightsQuery = Type.Object(
  {
    version: Type.Optional(version('the version to read; the live one when left out')),
    compare: Type.Optional(version('a second version, read beside the first and compared with it')),
    from: Type.Optional(day('first Tehran day, inclusive')),
    to: Type.Optional(day('last Tehran day, inclusive')),
  },
  { additionalProperties: false },
);
export type InsightsQuery = Static<typeof InsightsQuery>;
