import { describe, expect, it } from 'vitest';
import { eventText } from '../../../src/client/staff/Timeline.js';
import type { TimelineEvent } from '../../../src/client/staff/staff-api.js';

const event = (action: string, detail: TimelineEvent['detail'] = null): TimelineEvent => ({
  id: 1,
  at: 0,
  action,
  actor: 'agent@example.ir',
  registration_id: null,
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
});
