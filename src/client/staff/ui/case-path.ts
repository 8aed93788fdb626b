import { consoleScreens } from '../../../shared/contracts/staff.js';

/** A case's address in the console (/staff/registrations/:id). */
export const casePath = (id: number): string => consoleScreens.registration.path.replace(':id', String(id));

/** What a link from the list carries to a case: the list's address, so «بازگشت به فهرست» returns to it. */
export interface CaseLinkState {
  listSearch: string;
}

/** The list a case's page goes back to: the one it was opened from, else the whole list. */
export function listHrefFrom(state: unknown): string {
  const search = (state as Partial<CaseLinkState> | null)?.listSearch;
  const list = consoleScreens.registrations.path;
  return typeof search === 'string' && search ? `${list}?${search}` : list;
}
