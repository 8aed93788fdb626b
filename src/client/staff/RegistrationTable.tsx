import { fa } from '../../shared/strings.fa.js';
import { formatWhen } from './format.js';
import type { RegistrationSummary } from './staff-api.js';

export interface RegistrationTableProps {
  items: RegistrationSummary[];
  onOpen: (id: number) => void;
}

export function RegistrationTable({ items, onOpen }: RegistrationTableProps) {
  if (items.length === 0) return <p className="staff-empty">{fa.staff.empty}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{fa.staff.trackingCode}</th>
          <th scope="col">{fa.staff.pharmacyName}</th>
          <th scope="col">{fa.staff.manager}</th>
          <th scope="col">{fa.staff.mobile}</th>
          <th scope="col">{fa.staff.statusFilter}</th>
          <th scope="col">{fa.staff.createdAt}</th>
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
