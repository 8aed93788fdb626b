import { describe, expect, it } from 'vitest';
import { eventText } from '../../../src/client/staff/ui/event-text.js';
import type { AuditEvent } from '../../../src/shared/contracts/staff.schemas.js';

const event = (action: string, detail: AuditEvent['detail'] = null): AuditEvent => ({
  id: 1,
  at: '2026-11-21T08:55:00.000Z',
  action: action as AuditEvent['action'],
  actor: 'agent@example.ir',
  registration: null,
  detail,
});

describe('an audit event in the timeline and the audit log', () => {
  it('says the action once when there is nothing more to say', () => {
    expect(eventText(event('sign_in'))).toBe('ورود');
    expect(eventText(event('unknown_action'))).toBe('unknown_action');
  });

  it('adds what a status change, a note and an export did', () => {
    expect(eventText(event('status', { from: 'new', to: 'rejected', reason: 'مدارک ناقص' }))).toBe(
      'تغییر وضعیت: به «رد شد»؛ مدارک ناقص',
    );
    expect(eventText(event('note', { body: 'تماس گرفته شد' }))).toBe('یادداشت: تماس گرفته شد');
    expect(eventText(event('export', { format: 'csv', count: 1200 }))).toBe('خروجی: CSV، ۱٬۲۰۰ ثبت‌نام');
  });

  it('says whom a case was given to, or that nobody handles it now', () => {
    expect(eventText(event('assign', { from: null, to: 'agent@example.ir' }))).toBe(
      'سپردن پرونده: به agent@example.ir',
    );
    expect(eventText(event('assign', { from: 'agent@example.ir', to: null }))).toBe('سپردن پرونده: بی‌مسئول شد');
  });
});
