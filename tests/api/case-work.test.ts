import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationRow } from '../../src/server/registration/registration.table.js';
import { disableStaffAccount } from '../../src/server/staff/staff.service.js';
import type {
  AuditAnswer,
  BulkStatusAnswer,
  CaseDetail,
  CasePage,
  CaseSummary,
  Colleague,
} from '../../src/shared/contracts/staff.schemas.js';
import { fa } from '../../src/shared/text/strings.fa.js';
import { faConsole } from '../../src/shared/text/console-strings.fa.js';
import { type DatabaseTarget, databaseTargets, registerOnce, signInStaff, testApp } from './helpers.js';
import { addStaffAccount } from './staff-account.js';

const targets = await databaseTargets();
const PASSWORD = 'a long enough password';
const DAY = 86_400_000;

interface Caller {
  id: number;
  email: string;
  headers: Record<string, string>;
}

describe.each(targets)('case work on $name', (target: DatabaseTarget) => {
  let app: FastifyInstance;
  let now = Date.parse('2025-03-01T08:00:00.000Z');
  let agent: Caller;
  let other: Caller;
  let admin: Caller;
  let editorId: number;
  let template: RegistrationRow;
  let seeded = 0;

  async function caller(email: string, role: 'agent' | 'admin'): Promise<Caller> {
    const id = await addStaffAccount(app.database.db, email, role, PASSWORD, 0);
    const { headers } = await signInStaff(app, email, PASSWORD);
    return { id, email, headers };
  }

  /** New cases copied from one real registration, each made `ageDays` before now (oldest first). */
  async function seedCases(count: number, ageDays = 0): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      seeded += 1;
      const { id: _id, ...row } = template;
      const inserted = await app.database.db
        .insertInto('registrations')
        .values({
          ...row,
          tracking_code: `S${String(seeded).padStart(7, '0')}`,
          status: 'new',
          created_at: new Date(now - ageDays * DAY + i).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.id);
    }
    return ids;
  }

  const list = async (who: Caller, query = ''): Promise<CasePage> => {
    const response = await app.inject({ url: `/api/staff/registrations?${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CasePage>();
  };
  const detail = async (who: Caller, id: number): Promise<CaseDetail> =>
    (await app.inject({ url: `/api/staff/registrations/${id}`, headers: who.headers })).json<CaseDetail>();
  const assign = (who: Caller, id: number, from: number | null, to: number | null) =>
    app.inject({
      method: 'PUT',
      url: `/api/staff/registrations/${id}/assignee`,
      headers: who.headers,
      payload: { from, to },
    });
  const move = (who: Caller, id: number, from: string, to: string, reason?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/registrations/${id}/status`,
      headers: who.headers,
      payload: { from, to, ...(reason ? { reason } : {}) },
    });
  const moveMany = (who: Caller, ids: number[], from: string, to: string, reason?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/staff/registrations/status',
      headers: who.headers,
      payload: { ids, from, to, ...(reason ? { reason } : {}) },
    });
  const auditOf = async (id: number) =>
    (
      await app.database.db
        .selectFrom('audit_events')
        .select(['action', 'detail', 'actor_id'])
        .where('registration_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((event) => ({ ...event, detail: event.detail === null ? null : (JSON.parse(event.detail) as unknown) }));

  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: target.url }, { clock: () => now });
    expect((await registerOnce(app)).statusCode).toBe(200);
    template = await app.database.db.selectFrom('registrations').selectAll().executeTakeFirstOrThrow();
    agent = await caller('agent@example.ir', 'agent');
    other = await caller('other@example.ir', 'agent');
    admin = await caller('admin@example.ir', 'admin');
    editorId = await addStaffAccount(app.database.db, 'editor@example.ir', 'editor', PASSWORD, 0);
    await addStaffAccount(app.database.db, 'gone@example.ir', 'agent', PASSWORD, 0);
    await disableStaffAccount(app.database.db, 'gone@example.ir');
  });
  afterAll(async () => {
    await app.close();
    await target.drop();
  });

  it('lists the colleagues a case can be given to: active agents and admins, no editor', async () => {
    const response = await app.inject({ url: '/api/staff/colleagues', headers: agent.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<Colleague[]>()).toEqual([
      { id: admin.id, email: 'admin@example.ir', role: 'admin' },
      { id: agent.id, email: 'agent@example.ir', role: 'agent' },
      { id: other.id, email: 'other@example.ir', role: 'agent' },
    ]);
  });

  it('«به من بسپار»: an agent takes a case, «کارهای من» finds it, the unassigned count drops, and it is audited', async () => {
    const [id] = await seedCases(1);
    const before = await list(agent);
    const taken = await assign(agent, id, null, agent.id);
    expect(taken.statusCode, taken.body).toBe(204);
    const mine = await list(agent, 'assignee=me');
    expect(mine.items.map((item) => item.id)).toContain(id);
    expect(mine.items.every((item) => item.assignee?.id === agent.id)).toBe(true);
    expect((await list(other, 'assignee=me')).items.map((item) => item.id)).not.toContain(id);
    expect((await list(admin, `assignee=${agent.id}`)).items.map((item) => item.id)).toContain(id);
    expect((await list(admin, 'assignee=none')).items.map((item) => item.id)).not.toContain(id);
    const after = await list(agent, 'status=approved');
    expect(after.unassigned).toBe(before.unassigned - 1);
    expect(after.total).toBe(0);
    expect((await detail(agent, id)).assignee).toEqual({ id: agent.id, email: agent.email, role: 'agent' });
    expect(await auditOf(id)).toEqual([
      { action: 'assign', actor_id: agent.id, detail: { from: null, to: 'agent@example.ir' } },
    ]);
  });

  it('«بی‌مسئول» lists exactly what the unassigned count counts: open cases nobody handles, never a closed one', async () => {
    const [open, closed] = await seedCases(2);
    await app.database.db.updateTable('registrations').set({ status: 'approved' }).where('id', '=', closed).execute();
    now += 2000;
    const unassigned = await list(admin, 'assignee=none&pageSize=100');
    expect(unassigned.items.map((item) => item.id)).toContain(open);
    expect(unassigned.items.map((item) => item.id)).not.toContain(closed);
    expect(unassigned.total).toBe(unassigned.unassigned);
  });

  it('the unassigned count: a change through this process shows at once, one through another within two seconds', async () => {
    const counted = (await list(agent)).unassigned;
    // Rows written straight to the database stand for another process's registrations.
    await seedCases(2);
    expect((await list(agent)).unassigned).toBe(counted);
    now += 2000;
    expect((await list(agent)).unassigned).toBe(counted + 2);
  });

  it('an agent cannot take a case for someone else nor take a handled one; gives back their own; an admin reassigns to a colleague only', async () => {
    const [id] = await seedCases(1);
    expect((await assign(agent, id, null, other.id)).statusCode).toBe(403);
    expect((await assign(agent, id, null, agent.id)).statusCode).toBe(204);
    const stale = await assign(other, id, null, other.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: { code: 'assignment_conflict', message: fa.errors.assignment_conflict } });
    expect((await assign(other, id, agent.id, null)).statusCode).toBe(403);
    expect((await assign(other, id, agent.id, other.id)).statusCode).toBe(403);
    const toEditor = await assign(admin, id, agent.id, editorId);
    expect(toEditor.statusCode).toBe(400);
    expect(toEditor.json()).toMatchObject({
      error: { code: 'validation', fields: { to: faConsole.caseWork.notAColleague } },
    });
    expect((await assign(admin, id, agent.id, agent.id)).statusCode).toBe(400);
    expect((await assign(admin, 999_999, null, agent.id)).statusCode).toBe(404);
    expect((await assign(admin, id, other.id, admin.id)).statusCode).toBe(409);
    expect((await assign(admin, id, agent.id, other.id)).statusCode).toBe(204);
    expect((await assign(other, id, other.id, null)).statusCode).toBe(204);
    expect((await detail(admin, id)).assignee).toBeNull();
    expect((await auditOf(id)).map((event) => event.detail)).toEqual([
      { from: null, to: 'agent@example.ir' },
      { from: 'agent@example.ir', to: 'other@example.ir' },
      { from: 'other@example.ir', to: null },
    ]);
  });

  it('two agents taking the same case at once: exactly one wins, and one assignment is audited', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [id] = await seedCases(1);
      const racers = [agent, other, agent, other, agent, other];
      const answers = await Promise.all(racers.map((who) => assign(who, id, null, who.id)));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 204)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(racers.length - 1);
      const winner = racers[codes.indexOf(204)];
      expect((await detail(admin, id)).assignee?.id).toBe(winner.id);
      expect(await auditOf(id)).toEqual([
        { action: 'assign', actor_id: winner.id, detail: { from: null, to: winner.email } },
      ]);
    }
  });

  it('shows how long an open case has waited, since its last status change; none once closed; sorts by it', async () => {
    const [older, newer, closing] = await seedCases(3, 5);
    await app.database.db
      .updateTable('registrations')
      .set({ created_at: new Date(now - 2 * DAY).toISOString() })
      .where('id', '=', newer)
      .execute();
    const created = (await detail(agent, older)).createdAt;
    expect((await detail(agent, older)).waitingSince).toBe(created);
    now += 60_000;
    expect((await move(agent, older, 'new', 'contacted')).statusCode).toBe(204);
    expect((await detail(agent, older)).waitingSince).toBe(new Date(now).toISOString());
    expect((await move(agent, closing, 'new', 'contacted')).statusCode).toBe(204);
    expect((await move(agent, closing, 'contacted', 'approved')).statusCode).toBe(204);
    expect((await detail(agent, closing)).waitingSince).toBeNull();

    const ours = new Set([older, newer, closing]);
    const order = async (direction: 'asc' | 'desc') =>
      (await list(agent, `sort=waiting_since&direction=${direction}&pageSize=100`)).items
        .filter((item: CaseSummary) => ours.has(item.id))
        .map((item) => item.id);
    // `newer` has waited two days; `older` was just contacted, so it waits since now.
    expect(await order('asc')).toEqual([newer, older, closing]);
    expect(await order('desc')).toEqual([older, newer, closing]);
    const all = (await list(agent, 'sort=waiting_since&direction=asc&pageSize=100')).items;
    const firstClosed = all.findIndex((item) => item.waitingSince === null);
    expect(firstClosed).toBeGreaterThan(0);
    expect(all.slice(firstClosed).every((item) => item.waitingSince === null)).toBe(true);
    const waits = all.slice(0, firstClosed).map((item) => item.waitingSince!);
    expect(waits).toEqual([...waits].sort());
  });

  it('bulk status: each case checked on its own `from` and audited on its own; a rejection needs a reason', async () => {
    const ids = await seedCases(3);
    expect((await move(other, ids[1], 'new', 'contacted')).statusCode).toBe(204);
    const answer = await moveMany(agent, [...ids, 999_999], 'new', 'contacted');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<BulkStatusAnswer>().results).toEqual([
      { id: ids[0], ok: true },
      { id: ids[1], ok: false, code: 'status_conflict' },
      { id: ids[2], ok: true },
      { id: 999_999, ok: false, code: 'not_found' },
    ]);
    for (const id of ids) {
      const events = (await auditOf(id)).filter((event) => event.action === 'status');
      expect(events).toEqual([
        { action: 'status', actor_id: id === ids[1] ? other.id : agent.id, detail: { from: 'new', to: 'contacted' } },
      ]);
    }

    const noReason = await moveMany(agent, ids, 'contacted', 'rejected');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      error: { code: 'validation', fields: { reason: faConsole.staff.reasonRequired } },
    });
    expect((await moveMany(agent, [ids[0], ids[0]], 'contacted', 'approved')).statusCode).toBe(400);
    expect((await moveMany(agent, ids, 'new', 'approved')).statusCode).toBe(409);
    for (const id of ids) expect((await detail(agent, id)).status).toBe('contacted');

    const rejected = await moveMany(agent, ids, 'contacted', 'rejected', 'مدارک ناقص است');
    expect(rejected.json<BulkStatusAnswer>().results.every((result) => result.ok)).toBe(true);
    expect((await auditOf(ids[2])).at(-1)?.detail).toEqual({
      from: 'contacted',
      to: 'rejected',
      reason: 'مدارک ناقص است',
    });
  });

  it('a bulk change racing single changes: every case moves exactly once, with exactly one audit entry', async () => {
    const ids = await seedCases(12);
    const [bulk, ...singles] = await Promise.all([
      moveMany(agent, ids, 'new', 'contacted'),
      ...ids.filter((_, index) => index % 2 === 0).map((id) => move(other, id, 'new', 'contacted')),
      ...ids.filter((_, index) => index % 3 === 0).map((id) => move(admin, id, 'new', 'contacted')),
    ]);
    expect(bulk.statusCode).toBe(200);
    const bulkMoved = bulk
      .json<BulkStatusAnswer>()
      .results.filter((result) => result.ok)
      .map((result) => result.id);
    expect(singles.every((answer) => answer.statusCode === 204 || answer.statusCode === 409)).toBe(true);
    const singleWins = singles.filter((answer) => answer.statusCode === 204).length;
    expect(bulkMoved.length + singleWins).toBe(ids.length);
    for (const id of ids) {
      expect((await detail(agent, id)).status).toBe('contacted');
      expect((await auditOf(id)).filter((event) => event.action === 'status')).toHaveLength(1);
    }
  });

  it('the audit log names the case by id and tracking code, never by a raw registration_id', async () => {
    const [id] = await seedCases(1);
    expect((await assign(agent, id, null, agent.id)).statusCode).toBe(204);
    const response = await app.inject({ url: '/api/staff/audit?limit=5', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [latest] = response.json<AuditAnswer>().events;
    const trackingCode = (await detail(admin, id)).trackingCode;
    expect(latest).toEqual({
      id: expect.any(Number),
      at: new Date(now).toISOString(),
      action: 'assign',
      actor: 'agent@example.ir',
      registration: { id, trackingCode },
      detail: { from: null, to: 'agent@example.ir' },
    });
    expect(response.body).not.toContain('registration_id');
    expect((await detail(admin, id)).timeline.at(-1)).toEqual(latest);
  });
});
