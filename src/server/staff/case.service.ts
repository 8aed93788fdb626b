import { NEXT_STATUSES, type CaseStatus } from '../../shared/contracts/staff.js';
import type {
  AssignRequest,
  BulkCaseStatusChange,
  BulkStatusResult,
  CaseDetail,
  CaseSummary,
  CaseStatusChange,
} from '../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../shared/text/console-strings.fa.js';
import type { DatabaseHandle } from '../db/database.js';
import { ApiError } from '../errors.js';
import { caseAnswers, type CaseReading } from './answers.js';
import { appendAudit, auditOf } from '../audit/audit.repository.js';
import {
  findCase,
  findColleague,
  insertNote,
  moveStatus,
  notesOf,
  possibleDuplicates,
  setAssignee,
  type CaseRow,
} from './case.repository.js';
import { parsePayload } from './export.js';
import { findStaffById } from './staff.repository.js';
import type { StaffIdentity } from '../staff-identity.js';
import { queueDecisionSms } from '../sms/decision-sms.js';
import { queueAssigned, queueStatusChanged } from '../webhooks/events.js';

export function caseSummary(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    trackingCode: row.tracking_code,
    status: row.status as CaseStatus,
    createdAt: row.created_at,
    pharmacyName: row.pharmacy_name,
    tier: row.tier,
    type: row.type,
    service: row.service,
    provinceId: row.province_id,
    cityId: row.city_id,
    firstName: row.first_name,
    lastName: row.last_name,
    mobileNumber: row.mobile_number,
    nationalCode: row.national_code,
    assignee:
      row.assignee_id === null || row.assignee_email === null || row.assignee_role === null
        ? null
        : { id: row.assignee_id, email: row.assignee_email, role: row.assignee_role },
    waitingSince: row.waiting_since,
  };
}

/** A case's page: its answers read against its own definition version, notes, timeline, duplicates. */
export async function caseDetail(
  database: DatabaseHandle,
  id: number,
  reading: (version: string) => Promise<CaseReading>,
): Promise<CaseDetail | undefined> {
  const row = await findCase(database.db, id);
  if (!row) return undefined;
  const [notes, timeline, duplicates, definition] = await Promise.all([
    notesOf(database.db, row.id),
    auditOf(database.db, row.id),
    possibleDuplicates(database.db, row),
    reading(row.definition_version),
  ]);
  return {
    ...caseSummary(row),
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    definitionVersion: row.definition_version,
    next: [...(NEXT_STATUSES[row.status as CaseStatus] ?? [])],
    answers: caseAnswers(definition, parsePayload(row), row.province_id),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      createdAt: new Date(Number(note.created_at)).toISOString(),
      author: note.author,
    })),
    timeline,
    duplicates,
  };
}

interface Move {
  from: CaseStatus;
  to: CaseStatus;
  reason: string;
  /** «نمایش به متقاضی»: the status page shows the reason. */
  showReason: boolean;
}

/** Where the SMS of a decision links to (approved and rejected are texted to the manager). */
export interface DecisionNotice {
  publicUrl: string;
}

/** Refuses a change the workflow does not have, or a rejection without its reason; nothing is changed. */
function checkedMove(request: CaseStatusChange): Move {
  const reason = request.reason?.trim() ?? '';
  if (request.to === 'rejected' && reason === '')
    throw new ApiError(400, 'validation', { reason: faConsole.staff.reasonRequired });
  if (!NEXT_STATUSES[request.from].includes(request.to)) throw new ApiError(409, 'status_conflict');
  return { from: request.from, to: request.to, reason, showReason: reason !== '' && request.showReason === true };
}

type MoveOutcome = 'moved' | 'status_conflict' | 'not_found';

/** One case's move, compare-and-set on its status, audited in the same transaction. */
async function moveOne(
  database: DatabaseHandle,
  actor: StaffIdentity,
  id: number,
  move: Move,
  now: number,
  notice: DecisionNotice,
): Promise<MoveOutcome> {
  const moved = await database.transaction('durable', async (trx) => {
    const moved = await moveStatus(trx, id, move.from, move.to, new Date(now).toISOString());
    if (!moved) return false;
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'status',
      registrationId: id,
      detail: {
        from: move.from,
        to: move.to,
        ...(move.reason ? { reason: move.reason } : {}),
        ...(move.showReason ? { showReason: true } : {}),
      },
    });
    // An approval or a rejection is texted to the manager, queued with the change itself.
    await queueDecisionSms(trx, { registrationId: id, to: move.to, publicUrl: notice.publicUrl, now });
    // The receivers' event, with the change; the reason only if the applicant sees it too.
    await queueStatusChanged(
      trx,
      { id, trackingCode: moved.tracking_code, status: move.to, definitionVersion: moved.definition_version },
      { from: move.from, to: move.to, byRole: actor.role, shownReason: move.showReason ? move.reason : undefined },
      now,
    );
    return true;
  });
  if (moved) return 'moved';
  return (await findCase(database.db, id)) ? 'status_conflict' : 'not_found';
}

export async function moveCase(
  database: DatabaseHandle,
  actor: StaffIdentity,
  id: number,
  request: CaseStatusChange,
  now: number,
  notice: DecisionNotice,
): Promise<void> {
  const outcome = await moveOne(database, actor, id, checkedMove(request), now, notice);
  if (outcome === 'status_conflict') throw new ApiError(409, 'status_conflict');
  if (outcome === 'not_found') throw new ApiError(404, 'not_found');
}

/**
 * One change over many cases: each is checked on its own `from` and audited on its own, so a case
 * a colleague moved meanwhile is reported and left as it is, and the others still move.
 */
export async function moveCases(
  database: DatabaseHandle,
  actor: StaffIdentity,
  request: BulkCaseStatusChange,
  now: number,
  notice: DecisionNotice,
): Promise<BulkStatusResult[]> {
  const move = checkedMove(request);
  const results: BulkStatusResult[] = [];
  for (const id of request.ids) {
    const outcome = await moveOne(database, actor, id, move, now, notice);
    results.push(outcome === 'moved' ? { id, ok: true } : { id, ok: false, code: outcome });
  }
  return results;
}

export async function addNote(
  database: DatabaseHandle,
  actor: StaffIdentity,
  id: number,
  text: string,
  now: number,
): Promise<void> {
  const body = text.trim();
  if (body === '') throw new ApiError(400, 'validation', { body: faConsole.staff.noteRequired });
  if (!(await findCase(database.db, id))) throw new ApiError(404, 'not_found');
  await database.transaction('durable', async (trx) => {
    await insertNote(trx, id, actor.accountId, body, now);
    await appendAudit(trx, { at: now, actorId: actor.accountId, action: 'note', registrationId: id, detail: { body } });
  });
}

/**
 * Who handles a case, compare-and-set on `from`. An agent takes a case nobody handles, or gives
 * back their own; an admin hands any case to any colleague of a case role, or to nobody.
 */
export async function assignCase(
  database: DatabaseHandle,
  actor: StaffIdentity,
  id: number,
  request: AssignRequest,
  now: number,
): Promise<void> {
  const { from, to } = request;
  if (from === to) throw new ApiError(400, 'validation', { to: faConsole.caseWork.sameAssignee });
  const mayDo =
    actor.role === 'admin' || (from === null && to === actor.accountId) || (from === actor.accountId && to === null);
  if (!mayDo) throw new ApiError(403, 'forbidden');
  const target = to === null ? undefined : await findColleague(database.db, to);
  if (to !== null && !target) throw new ApiError(400, 'validation', { to: faConsole.caseWork.notAColleague });
  const row = await findCase(database.db, id);
  if (!row) throw new ApiError(404, 'not_found');
  const assigned = await database.transaction('durable', async (trx) => {
    if (!(await setAssignee(trx, id, from, to))) return false;
    // The receivers' event, with the change (a case's code and version never change).
    await queueAssigned(
      trx,
      { id, trackingCode: row.tracking_code, status: row.status, definitionVersion: row.definition_version },
      now,
    );
    await appendAudit(trx, {
      at: now,
      actorId: actor.accountId,
      action: 'assign',
      registrationId: id,
      detail: {
        from: from === null ? null : ((await findStaffById(trx, from))?.email ?? null),
        to: target?.email ?? null,
      },
    });
    return true;
  });
  if (!assigned) throw new ApiError(409, 'assignment_conflict');
}
