import { Link } from 'react-router-dom';
import type { ListSort } from '../../../../shared/contracts/staff.js';
import type { CaseSummary } from '../../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fillVerbatim, formatMobile, formatWaiting, formatWhen, personName, telHref } from '../../ui/format.js';
import { casePath } from '../../ui/case-path.js';

/** Cases ticked for a change together; the table offers a box per row and one for the page. */
export interface CaseSelection {
  selected: ReadonlySet<number>;
  onChange: (selected: ReadonlySet<number>) => void;
}

export interface RegistrationTableProps {
  items: CaseSummary[];
  /** The server's order; a sortable column's header sorts by it, a second press reverses it. */
  sort?: { column: ListSort; direction: 'asc' | 'desc' };
  onSort?: (column: ListSort) => void;
  /** The city's name (from /api/Utility/Locations); the id until the names have come. */
  placeOf?: (item: CaseSummary) => string;
  selection?: CaseSelection;
  /** The moment waiting times are counted to (stories fix it; the app uses now). */
  now?: number;
  /** Carried to the case's page with its link (the list's address, for «بازگشت به فهرست»). */
  linkState?: unknown;
}

interface ColumnHeaderProps {
  title: string;
  /** The server's sort this column orders by; none for a column the list cannot sort on. */
  column?: ListSort;
  sort?: RegistrationTableProps['sort'];
  onSort?: (column: ListSort) => void;
}

function ColumnHeader({ title, column, sort, onSort }: ColumnHeaderProps) {
  if (!column || !onSort) return <th scope="col">{title}</th>;
  const active = sort?.column === column;
  const order = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={order}>
      <button type="button" className="staff-sort" onClick={() => onSort(column)}>
        {title}
        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

interface CaseRowProps extends Pick<RegistrationTableProps, 'placeOf' | 'now' | 'linkState'> {
  item: CaseSummary;
  selected?: boolean;
  /** Ticks or unticks the row; none when the table offers no selection. */
  onToggle?: () => void;
}

function CaseRow({ item, selected, onToggle, placeOf, now, linkState }: CaseRowProps) {
  return (
    <tr className={selected ? 'staff-row--selected' : undefined}>
      {onToggle && (
        <td className="staff-select">
          <input
            type="checkbox"
            aria-label={fillVerbatim(faConsole.staff.selectCase, { code: item.trackingCode })}
            checked={selected}
            onChange={onToggle}
          />
        </td>
      )}
      <td data-label={faConsole.staff.trackingCode}>
        <Link to={casePath(item.id)} state={linkState} className="staff-row-link" dir="ltr">
          {item.trackingCode}
        </Link>
      </td>
      <td data-label={faConsole.staff.pharmacyName}>{item.pharmacyName}</td>
      <td data-label={faConsole.staff.place}>{placeOf ? placeOf(item) : ''}</td>
      <td data-label={faConsole.staff.manager}>{personName(item)}</td>
      <td data-label={faConsole.staff.mobile}>
        <a className="staff-above-row" href={telHref(item.mobileNumber)} dir="ltr">
          {formatMobile(item.mobileNumber)}
        </a>
      </td>
      <td data-label={faConsole.staff.statusFilter}>
        <span className={`staff-status staff-status-${item.status}`}>
          {faConsole.staff.statuses[item.status] ?? item.status}
        </span>
      </td>
      <td data-label={faConsole.staff.assignee}>
        {item.assignee ? (
          <bdi>{item.assignee.email}</bdi>
        ) : (
          <span className="staff-muted">{faConsole.staff.nobody}</span>
        )}
      </td>
      <td data-label={faConsole.staff.waiting}>{item.waitingSince ? formatWaiting(item.waitingSince, now) : '—'}</td>
      <td data-label={faConsole.staff.createdAt}>{formatWhen(item.createdAt)}</td>
    </tr>
  );
}

/**
 * The list of cases. Each row is one link to its case (the tracking code, stretched over the row by
 * CSS), so a click anywhere on the row, Enter on the focused code, a middle click or «open in new
 * tab» all open it; the box to select a row and the mobile's tel: link sit above that link.
 */
export function RegistrationTable({ items, sort, onSort, placeOf, selection, now, linkState }: RegistrationTableProps) {
  if (items.length === 0) return <p className="staff-empty">{faConsole.staff.empty}</p>;
  const header = (title: string, column?: ListSort) => (
    <ColumnHeader title={title} column={column} sort={sort} onSort={onSort} />
  );
  const ids = items.map((item) => item.id);
  const allSelected = selection !== undefined && ids.every((id) => selection.selected.has(id));
  const toggle = (id: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  return (
    <table className="staff-table staff-cases">
      <thead>
        <tr>
          {selection && (
            <th scope="col" className="staff-select">
              <input
                type="checkbox"
                aria-label={faConsole.staff.selectPage}
                checked={allSelected}
                onChange={() => selection.onChange(allSelected ? new Set() : new Set(ids))}
              />
            </th>
          )}
          {header(faConsole.staff.trackingCode, 'tracking_code')}
          {header(faConsole.staff.pharmacyName, 'pharmacy_name')}
          {header(faConsole.staff.place)}
          {header(faConsole.staff.manager)}
          {header(faConsole.staff.mobile)}
          {header(faConsole.staff.statusFilter, 'status')}
          {header(faConsole.staff.assignee)}
          {header(faConsole.staff.waiting, 'waiting_since')}
          {header(faConsole.staff.createdAt, 'created_at')}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <CaseRow
            key={item.id}
            item={item}
            selected={selection?.selected.has(item.id)}
            onToggle={selection && (() => toggle(item.id))}
            placeOf={placeOf}
            now={now}
            linkState={linkState}
          />
        ))}
      </tbody>
    </table>
  );
}
