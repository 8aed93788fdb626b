/** Parts of the API's JSON schemas that routes of several rooms share. */

/** A moment, as every answer writes it. */
export const instant = { type: 'string', format: 'date-time' } as const;

/** The answer of a route that answers nothing. */
export const noContent = { 204: { type: 'null', description: 'Done; nothing to answer.' } } as const;

/** A list of choices by id with their Persian titles: the wizard's tiers, the console's filter choices. */
export const titledChoicesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'title'],
    additionalProperties: false,
    properties: { id: { type: 'integer' }, title: { type: 'string' } },
  },
} as const;
