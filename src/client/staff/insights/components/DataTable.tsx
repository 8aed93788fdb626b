import type { Table } from '../insights-table.js';

/** One of the screen's tables: the numbers of a chart as text, or a comparison. */
export function DataTable({ table, id }: { table: Table; id?: string }) {
  return (
    <div className="staff-insights-table">
      <table className="staff-table" id={id}>
        <caption>{table.title}</caption>
        <thead>
          <tr>
            {table.head.map((heading) => (
              <th scope="col" key={heading} dir="auto">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={`${row[0]}-${index}`}>
              {row.map((text, column) => (
                <td key={column} data-label={table.head[column]} dir="auto">
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
