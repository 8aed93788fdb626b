import { describe, expect, it } from 'vitest';
import {
  anyRegistration,
  listParams,
  listSearch,
  readListQuery,
  sortedBy,
} from '../../../src/client/staff/list/list-query.js';

describe("the list's address", () => {
  it('carries only what differs from the whole list, and reads back the same query', () => {
    const query = {
      ...anyRegistration,
      q: 'رازی',
      status: 'new',
      assignee: 'me',
      provinceId: '4',
      cityId: '203',
      from: '1405-09-01',
      page: 3,
      pageSize: 50,
      sort: 'waiting_since' as const,
      direction: 'asc' as const,
    };
    const search = listSearch(query);
    expect(search.toString()).toBe(
      'q=%D8%B1%D8%A7%D8%B2%DB%8C&status=new&provinceId=4&cityId=203&assignee=me&from=1405-09-01&page=3&pageSize=50&sort=waiting_since&direction=asc',
    );
    expect(readListQuery(search)).toEqual(query);
    expect(listSearch(anyRegistration).toString()).toBe('');
  });

  it('ignores what the list does not know, instead of failing', () => {
    const query = readListQuery(
      new URLSearchParams(
        'status=lost&assignee=everyone&cityId=12&page=-2&pageSize=7&sort=mobile&from=1405-13-01&to=۱۴۰۵/۰۹/۳',
      ),
    );
    // A city without its province is dropped with it; the day typed in Persian digits is kept.
    expect(query).toEqual({ ...anyRegistration, to: '1405-09-03' });
  });

  it("asks the API for the Tehran days' instants, the last day included", () => {
    const params = listParams({ ...anyRegistration, from: '1405-09-03', to: '1405-09-03' });
    expect(params.get('from')).toBe('2026-11-23T20:30:00.000Z');
    expect(params.get('to')).toBe('2026-11-24T20:30:00.000Z');
    expect(params.get('pageSize')).toBe('25');
  });

  it('sorts a new column from its natural end, and reverses on a second press', () => {
    expect(sortedBy({ ...anyRegistration, page: 4 }, 'waiting_since')).toMatchObject({
      sort: 'waiting_since',
      direction: 'asc',
      page: 1,
    });
    expect(sortedBy(anyRegistration, 'created_at')).toMatchObject({ direction: 'asc' });
  });
});
