/** The proof of work's shapes in the HTTP contract (route schemas, so the OpenAPI document shows them). */
const hex = (maxLength: number) => ({ type: 'string', pattern: '^[0-9a-f]*$', maxLength }) as const;
export const challengeSchema = {
  type: 'object',
  required: ['parameters', 'signature'],
  additionalProperties: false,
  properties: {
    parameters: {
      type: 'object',
      required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix', 'data'],
      additionalProperties: false,
      properties: {
        algorithm: { type: 'string', maxLength: 32 },
        nonce: hex(64),
        salt: hex(64),
        cost: { type: 'integer' },
        keyLength: { type: 'integer' },
        keyPrefix: hex(128),
        keySignature: hex(128),
        data: {
          type: 'object',
          required: ['session', 'expiresAt'],
          additionalProperties: false,
          properties: {
            session: { type: 'string', maxLength: 64 },
            expiresAt: { type: 'integer', description: 'Milliseconds since the epoch.' },
          },
        },
      },
    },
    signature: hex(128),
  },
} as const;
export const proofSchema = {
  type: 'object',
  required: ['challenge', 'solution'],
  additionalProperties: false,
  description: 'A challenge from GET MobileCode/Challenge, sent back unchanged, with its solution.',
  properties: {
    challenge: challengeSchema,
    solution: {
      type: 'object',
      required: ['counter', 'derivedKey'],
      additionalProperties: false,
      properties: { counter: { type: 'integer', minimum: 0 }, derivedKey: hex(128) },
    },
  },
} as const;
