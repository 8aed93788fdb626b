/**
 * The shapes the wizard and the server exchange, each written once: its settings, places, a captcha,
 * the address from the pin and a registration's answer (the registration itself is the definition's,
 * schemas/). The server declares these schemas on its routes; the wizard imports the derived types
 * (`import type` only: not a byte of TypeBox in its chunks).
 */
import { Type, type Static } from 'typebox';
import { MAP_PROVIDERS } from './wizard-api.js';
import { StringEnum, TitledChoice } from './common.schemas.js';
import { CodeProof } from './followup.schemas.js';

/** A plan: its number and Persian title. */
export type Tier = TitledChoice;

const Point = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const MapSettings = Type.Object(
  {
    provider: StringEnum(MAP_PROVIDERS),
    tileUrl: Type.String(),
    /** `tiles` only: the template's subdomains for `{s}`. */
    subdomains: Type.Optional(Type.Array(Type.String())),
    /**
     * Whether GET /api/Utility/Address can answer for this map (a service and its key are
     * configured on the server): without one the wizard never asks.
     */
    addressService: Type.Optional(Type.Boolean()),
    attribution: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
    /**
     * `neshan` only (a warning in schemas:check on another provider): its map type and layers. The
     * server fills NESHAN_MAP_DEFAULTS in for any left out, so with `neshan` all three are set.
     */
    type: Type.Optional(Type.String()),
    poi: Type.Optional(Type.Boolean()),
    traffic: Type.Optional(Type.Boolean()),
    center: Point,
    zoom: Type.Number(),
    flyToZoom: Type.Number(),
    flyToDurationSeconds: Type.Number(),
    marker: Type.Object({ width: Type.Integer(), height: Type.Integer() }),
  },
  { additionalProperties: false },
);
export type MapSettings = Static<typeof MapSettings>;

/** GET /api/Register/Config (also inlined into the wizard's pages). */
export const RegisterConfig = Type.Object(
  {
    tiers: Type.Array(TitledChoice),
    defaultTier: Type.Integer(),
    definitionVersion: Type.String(),
    /** Only ever false: the wizard then reports nothing of the visit. */
    analytics: Type.Optional(
      Type.Unsafe<false>(
        Type.Boolean({ enum: [false], description: 'present, false, when ANALYTICS=off: the wizard reports nothing' }),
      ),
    ),
    map: MapSettings,
  },
  { additionalProperties: false },
);
export type RegisterConfig = Static<typeof RegisterConfig>;

/** GET /api/Register/GetCaptcha: a question bound to the pre-session. */
export const Captcha = Type.Object(
  { id: Type.String(), question: Type.String(), options: Type.Array(Type.String(), { minItems: 3, maxItems: 4 }) },
  { additionalProperties: false },
);
export type Captcha = Static<typeof Captcha>;

const place = { id: Type.Integer(), name: Type.String(), latitude: Type.Number(), longitude: Type.Number() };

export const Province = Type.Object(place);
export type Province = Static<typeof Province>;

export const City = Type.Object({ ...place, provinceId: Type.Integer() });
export type City = Static<typeof City>;

/** GET /api/Utility/Locations. */
export const Locations = Type.Object({ provinces: Type.Array(Province), cities: Type.Array(City) });
export type Locations = Static<typeof Locations>;

/** POST /api/Register/Pharmacy's answer. */
export const RegistrationAnswer = Type.Object(
  { message: Type.String(), trackingCode: Type.String() },
  { additionalProperties: false },
);
export type RegistrationAnswer = Static<typeof RegistrationAnswer>;

/** GET /api/Utility/Address?lat=&lng=: the provider's Persian address of a point (reverse geocoding). */
export const AddressSuggestion = Type.Object({ address: Type.String() }, { additionalProperties: false });
export type AddressSuggestion = Static<typeof AddressSuggestion>;

/** POST /api/Utility/Address/Pass: a solved challenge buys this pre-session address lookups. */
export const AddressPassRequest = Type.Object(
  {
    proof: Type.With(CodeProof, {
      description: 'A challenge from GET Utility/Address/Challenge, sent back unchanged, with its solution.',
    }),
  },
  { additionalProperties: false },
);
export type AddressPassRequest = Static<typeof AddressPassRequest>;
