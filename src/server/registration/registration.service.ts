import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RegistrationAnswer } from '../../shared/contracts/wizard-api.schemas.js';
import { fa } from '../../shared/text/strings.fa.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { Database } from '../db/tables.js';
import type { Definition } from '../definition/definition.js';
import { ApiError } from '../errors.js';
import {
  claimKey,
  readKey,
  releaseKey,
  storeResponse,
  type IdempotencyRow,
} from '../idempotency/idempotency.repository.js';
import { formColumns, type ColumnFields } from './registration.columns.js';
import { floorErrors } from './registration.floor.js';
import { insertRegistration } from './registration.repository.js';
import type { NewRegistration } from './registration.table.js';
import { newTrackingCode } from './tracking-code.js';
import { receiptText } from '../sms/messages.js';
import { enqueueSms } from '../sms/outbox.repository.js';
import { queueRegistrationCreated } from '../webhooks/events.js';

export interface RegistrationDeps {
  definition: Definition;
  provinceOfCity: Map<number, number>;
  writes: GroupCommit;
  captcha: CaptchaService;
  clock: () => number;
  /** The site's address, which the SMS receipt links to. */
  publicUrl: string;
  /** Told once a new registration is on disk (not for an Idempotency-Key replay): the metrics count it. */
  onStored?: () => void;
}

/**
 * The registration body after normalisation and schema validation: the fields the
 * columns hold (registration.columns.ts), the captcha, and whatever else schemas/ adds.
 */
export type RegistrationForm = ColumnFields & {
  captcha: { id?: string; validOptionIndex: number };
  [extra: string]: unknown;
};

export interface RegistrationRequest {
  form: RegistrationForm;
  session: string;
  idempotencyKey?: string;
}

type Outcome =
  | { kind: 'stored'; answer: RegistrationAnswer; replayed?: true }
  | { kind: 'captcha_invalid' }
  | { kind: 'conflict' }
  | { kind: 'in_progress' };

/**
 * Stores one registration: holds it to the floor of what is stored (registration.floor.ts: the
 * plan, the city, every column's own rule), then — in the durable group commit — claims
 * the idempotency key, spends the captcha and inserts the row, all in one transaction. Resolves
 * only after that transaction is on disk.
 */
export async function register(deps: RegistrationDeps, request: RegistrationRequest): Promise<RegistrationAnswer> {
  const provinceId = checkFloor(deps, request.form);
  const row = toRow(deps, request.form, provinceId);
  const requestHash = hashOf(request.form);
  const outcome = await deps.writes.submit((db) => store(db, deps, request, row, requestHash));
  switch (outcome.kind) {
    case 'stored':
      if (!outcome.replayed) deps.onStored?.();
      return outcome.answer;
    case 'captcha_invalid':
      throw new ApiError(400, 'captcha_invalid');
    case 'conflict':
      throw new ApiError(422, 'idempotency_conflict');
    case 'in_progress':
      throw new ApiError(503, 'unavailable', undefined, { 'retry-after': '1' });
  }
}

async function store(
  db: Kysely<Database>,
  deps: RegistrationDeps,
  { form, session, idempotencyKey: key }: RegistrationRequest,
  row: Omit<NewRegistration, 'tracking_code'>,
  requestHash: string,
): Promise<Outcome> {
  // The answer is known before anything is written, so the claim carries it: one statement fewer.
  let answer: RegistrationAnswer = { message: fa.registration.successMessage, trackingCode: newTrackingCode() };
  if (
    key &&
    !(await claimKey(db, {
      key,
      session,
      request_hash: requestHash,
      created_at: deps.clock(),
      response: JSON.stringify(answer),
    }))
  ) {
    return replay(await readKey(db, key), session, requestHash);
  }
  const right = await deps.captcha.check(db, { id: form.captcha.id, index: form.captcha.validOptionIndex, session });
  if (!right) {
    // The captcha stays spent; the key is freed, since nothing was stored under it.
    if (key) await releaseKey(db, key);
    return { kind: 'captcha_invalid' };
  }
  const { id, trackingCode } = await insertWithFreshCode(db, row, answer.trackingCode);
  // The receipt is queued with the registration, in its transaction: never sent for a registration
  // that was not stored, never lost for one that was. The SMS worker sends it later: a slow or
  // failing SMS provider is never on the registration's path.
  await enqueueSms(
    db,
    {
      kind: 'receipt',
      receptor: row.mobile_number,
      message: receiptText(deps.publicUrl, trackingCode),
      registrationId: id,
    },
    deps.clock(),
  );
  // The same holds for the receivers' event, one outbox row per subscribed endpoint.
  await queueRegistrationCreated(
    db,
    { id, trackingCode, status: 'new', definitionVersion: row.definition_version },
    deps.clock(),
  );
  if (trackingCode !== answer.trackingCode) {
    answer = { ...answer, trackingCode };
    if (key) await storeResponse(db, key, JSON.stringify(answer));
  }
  return { kind: 'stored', answer };
}

function replay(row: IdempotencyRow | undefined, session: string, requestHash: string): Outcome {
  if (!row) return { kind: 'in_progress' };
  if (row.session !== session || row.request_hash !== requestHash) return { kind: 'conflict' };
  if (row.response === null) return { kind: 'in_progress' };
  return { kind: 'stored', answer: JSON.parse(row.response) as RegistrationAnswer, replayed: true };
}

/** Inserts with `firstCode`, drawing another code on the (one in a trillion) clash. */
async function insertWithFreshCode(
  db: Kysely<Database>,
  row: Omit<NewRegistration, 'tracking_code'>,
  firstCode: string,
): Promise<{ id: number; trackingCode: string }> {
  let trackingCode = firstCode;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const id = await insertRegistration(db, { ...row, tracking_code: trackingCode });
    if (id !== undefined) return { id, trackingCode };
    trackingCode = newTrackingCode();
  }
  throw new Error('no free tracking code after 8 attempts');
}

/**
 * The floor, whatever the version said: a registration below it is refused with the floor's own
 * field messages (400 'validation', as the version's own rules answer), before anything is written.
 */
function checkFloor({ definition, provinceOfCity }: RegistrationDeps, form: RegistrationForm): number {
  const { fields, provinceId } = floorErrors(definition.wizard, form, {
    tiers: definition.registerConfig.tiers,
    provinceOfCity,
  });
  if (Object.keys(fields).length > 0 || provinceId === undefined) throw new ApiError(400, 'validation', fields);
  return provinceId;
}

function toRow(
  deps: RegistrationDeps,
  form: RegistrationForm,
  provinceId: number,
): Omit<NewRegistration, 'tracking_code'> {
  const { captcha: _captcha, ...kept } = form;
  const payload = { ...kept, hasDavajoo: form.hasDavajoo ?? false };
  return {
    ...formColumns(form),
    province_id: provinceId,
    created_at: new Date(deps.clock()).toISOString(),
    definition_version: deps.definition.version,
    // The captcha is a one-time check, not part of the registration: never stored.
    payload: JSON.stringify(payload),
  };
}

/** The same registration always hashes the same, whatever order its keys came in. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
