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
