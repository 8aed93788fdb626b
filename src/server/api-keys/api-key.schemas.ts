/**
 * The key routes' own shapes: the console's parameter and the /api/v1 readers' query, parameter
 * and answers (the console's bodies and answers are in src/shared/contracts/integrations.schemas.ts).
 */
import { Type, type Static } from 'typebox';
import { Instant, Nullable, OpenObject } from '../../shared/contracts/common.schemas.js';
import { CaseAnswer, CaseSummary } from '../../shared/contracts/staff.schemas.js';
import { ACCOUNT_ID_PATTERN, CaseFilterQuery, MAX_STORED_INTEGER } from '../staff/routes/schemas.js';

export const KeyIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_STORED_INTEGER, description: 'the key id' }),
});

/** The console's filters, less `me` (a key is nobody's colleague), with the cursor and `updated_since`. */
export const ReaderListQuery = Type.Object(
  {
    ...CaseFilterQuery.properties,
    assignee: Type.Optional(
      Type.String({
        pattern: `^(none|${ACCOUNT_ID_PATTERN})$`,
        description: "`none` (open cases nobody handles) or a colleague's account id",
      }),
    ),
    updated_since: Type.Optional(
      Type.With(Instant, { description: 'changed (made, or its status moved) at or after this instant' }),
    ),
    cursor: Type.Optional(
      Type.String({ maxLength: 100, description: 'the `nextCursor` of the page before; none for the first' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
export type ReaderListQuery = Static<typeof ReaderListQuery>;

export const RegistrationIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_STORED_INTEGER, description: 'the registration id' }),
});

/**
 * Who handles a case, as another system may know it: the account id (the `assignee` filter takes
 * it) and a name made from it. Never the colleague's e-mail address or role: a key is not staff.
 */
export const ReaderAssignee = Type.Object(
  {
    id: Type.Integer({ description: "the colleague's account id" }),
    name: Type.String({ description: 'a display name made from the id («کارشناس ۳»)' }),
  },
  { additionalProperties: false },
);
export type ReaderAssignee = Static<typeof ReaderAssignee>;

/**
 * The console list's summary of a case, with when it last changed and the version it was made
 * under; its colleague as ReaderAssignee, and no waiting time.
 */
export const ReaderSummary = Type.Interface(
  [Type.Omit(CaseSummary, ['assignee', 'waitingSince'])],
  {
    updatedAt: Type.With(Instant, { description: 'its last status change, else when it was made' }),
    definitionVersion: Type.String({ description: 'the version of the form it was made under' }),
    assignee: Type.Union([ReaderAssignee, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ReaderSummary = Static<typeof ReaderSummary>;

const exampleSummary = {
  id: 42,
  trackingCode: 'K7M2Q9XA',
  status: 'approved',
  createdAt: '2026-01-10T08:00:00.000Z',
  updatedAt: '2026-01-11T10:15:00.000Z',
  definitionVersion: '3f9a2c1d',
  pharmacyName: 'داروخانه دکتر رضایی',
  tier: 1,
  type: 1,
  service: 2,
  provinceId: 8,
  cityId: 301,
  firstName: 'مریم',
  lastName: 'رضایی',
  mobileNumber: '09123456789',
  nationalCode: '0499370899',
  assignee: { id: 3, name: 'کارشناس ۳' },
} as const satisfies ReaderSummary;

export const ReaderPage = Type.Object(
  {
    items: Type.Array(ReaderSummary),
    /** Pass it as `cursor` for the next page; null when there was none when this page was read. */
    nextCursor: Nullable(Type.String(), { description: 'the next page’s cursor; null at the end' }),
  },
  { additionalProperties: false, examples: [{ items: [exampleSummary], nextCursor: 'cjE6NDI' }] },
);
export type ReaderPage = Static<typeof ReaderPage>;

export const ReaderDetail = Type.Interface(
  [ReaderSummary],
  {
    address: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    answers: Type.Array(
      Type.Object(
        {
          ...CaseAnswer.properties,
          path: Type.With(CaseAnswer.properties.path, { description: 'JSON Pointer of the field in `values`' }),
        },
        { additionalProperties: false },
      ),
      { description: "the answers as the console's reader words them, in the order of the form" },
    ),
    values: OpenObject({ description: 'the registration as it was sent and stored' }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        ...exampleSummary,
        address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
        latitude: 35.7,
        longitude: 51.4,
        answers: [{ path: '/pharmacyName', title: 'نام داروخانه', value: 'داروخانه دکتر رضایی' }],
        values: { pharmacyName: 'داروخانه دکتر رضایی' },
      },
    ],
  },
);
export type ReaderDetail = Static<typeof ReaderDetail>;
