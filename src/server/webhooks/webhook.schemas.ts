/**
 * The webhook routes' own shapes: parameters, the log's query, the bodies of the actions; what the
 * console sends and reads is in src/shared/contracts/integrations.schemas.ts.
 */
import { Type } from 'typebox';

export const EndpointParams = Type.Object({ id: Type.Integer({ minimum: 1, description: 'the endpoint id' }) });

export const DeliveriesQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
  { additionalProperties: false },
);

export const DeliveryParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'the endpoint id' }),
  deliveryId: Type.Integer({ minimum: 1, description: 'the delivery (attempt) id' }),
});

/** The body of the actions that take none (rotate, test, replay): nothing, or `{}`. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** The rotation's body: nothing, or whether to drop a rotated-out secret that still signs. */
export const RotateBody = Type.Object(
  {
    dropPrevious: Type.Optional(
      Type.Boolean({
        description:
          'while the secret rotated out last still signs (24 hours), a rotation is refused (409 `webhook_rotation_pending`) unless this is true: it then stops signing at once',
      }),
    ),
  },
  { additionalProperties: false },
);
