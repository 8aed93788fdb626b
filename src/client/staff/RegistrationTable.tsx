import { fa } from '../../shared/strings.fa.js';
import { formatWhen } from './format.js';
import type { ListSort } from '../../shared/staff-contract.js';
import type { RegistrationSummary } from './staff-api.js';

export interface RegistrationTableProps {
  items: RegistrationSummary[];
  onOpen: (id: number) => void;
  /** The server's order; a sortable column's header sorts by it, a second press reverses it. */
  sort?: { column: ListSort; direction: 'asc' | 'desc' };
  onSort?: (column: ListSort) => void;
}

export function RegistrationTable({ items, onOpen, sort, onSort }: RegistrationTableProps) {
  if (items.length === 0) return <p className="staff-empty">{fa.staff.empty}</p>;
  const header = (title: string, column?: ListSort) => {
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
  };
  return (
    <table className="staff-table">
      <thead>
        <tr>
          {header(fa.staff.trackingCode, 'tracking_code')}
          {header(fa.staff.pharmacyName, 'pharmacy_name')}
          {header(fa.staff.manager)}
          {header(fa.staff.mobile)}
          {header(fa.staff.statusFilter, 'status')}
          {header(fa.staff.createdAt, 'created_at')}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label={fa.staff.trackingCode}>
              <button type="button" className="staff-link" dir="ltr" onClick={() => onOpen(item.id)}>
                {item.trackingCode}
              </button>
            </td>
            <td data-label={fa.staff.pharmacyName}>{item.pharmacyName}</td>
            <td data-label={fa.staff.manager}>{`${item.firstName} ${item.lastName}`}</td>
            <td data-label={fa.staff.mobile} dir="ltr">
              {item.mobileNumber}
            </td>
            <td data-label={fa.staff.statusFilter}>
              <span className={`staff-status staff-status-${item.status}`}>
                {fa.staff.statuses[item.status] ?? item.status}
              </span>
            </td>
            <td data-label={fa.staff.createdAt}>{formatWhen(item.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
