import { Link } from 'react-router-dom';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { PAGE_SIZES } from '../list-query.js';

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  /** The address of another page (pages are links: a colleague can open one in a new tab). */
  hrefOf: (page: number) => string;
  onPageSize: (pageSize: number) => void;
}

/** Below the list: how many were found, which page of how many, and how many a page holds. */
export function Pager({ total, page, pageSize, hrefOf, onPageSize }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const step = (to: number, title: string) =>
    to >= 1 && to <= pages ? (
      <Link to={hrefOf(to)} className="staff-pages__step">
        {title}
      </Link>
    ) : (
      <span className="staff-pages__step staff-pages__step--off" aria-disabled="true">
        {title}
      </span>
    );
  return (
    <nav className="staff-pages" aria-label={faConsole.staff.pages}>
      {step(page - 1, faConsole.staff.previous)}
      <span aria-current="page">{fill(faConsole.staff.pageOf, { page, pages })}</span>
      {step(page + 1, faConsole.staff.next)}
      <span className="staff-pages__total">{fill(faConsole.staff.totalFound, { count: total })}</span>
      <label className="staff-pages__size">
        {faConsole.staff.pageSize}
        <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size.toLocaleString('fa-IR')}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
