import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Locations } from '../../../shared/api-contract.js';
import { consoleScreens, type CaseSummary } from '../../../shared/staff-contract.js';
import { faConsole } from '../../../shared/console-strings.fa.js';
import { fill } from '../../../shared/text.js';
import { useLocations } from '../../api/queries.js';
import { BulkStatusBar, type BulkOutcome } from './components/BulkStatusBar.js';
import { ListFilters } from './components/ListFilters.js';
import { filterParams, listParams, listSearch, readListQuery, sortedBy, type ListQuery } from './list-query.js';
import { Pager } from './components/Pager.js';
import { QueryError } from '../ui/components/QueryError.js';
import { RegistrationTable } from './components/RegistrationTable.js';
import type { CaseLinkState } from '../ui/case-path.js';
import { listApi } from './api/list-api.js';
import { useBulkStatus } from './hooks/use-bulk-status.js';
import { useCaseList } from './hooks/use-case-list.js';
import { useFilterChoices } from './hooks/use-filter-choices.js';
import { useColleagues } from '../ui/hooks/use-colleagues.js';
import { useMe } from '../shell/hooks/use-session.js';

/** The city's name, else the province's, else the id (until /api/Utility/Locations has come). */
function placeName(locations: Locations | undefined, item: CaseSummary): string {
  const city = locations?.cities.find((candidate) => candidate.id === item.cityId);
  if (city) return city.name;
  return locations?.provinces.find((province) => province.id === item.provinceId)?.name ?? '';
}

const listPath = consoleScreens.registrations.path;

/** The list of cases at /staff/registrations: filters, sort and page in the address. */
export function RegistrationsScreen() {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readListQuery(search), [search]);
  const params = listParams(query);
  const list = useCaseList(params);
  const me = useMe().data;
  const choices = useFilterChoices();
  const locations = useLocations();
  const colleagues = useColleagues();
  const bulk = useBulkStatus();
  // A selection belongs to the list it was made in: another page or filter starts with none.
  const listKey = params.toString();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: '', ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<number>();
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>();

  const go = (next: ListQuery) => setSearch(listSearch(next));
  const hrefOf = (page: number) => {
    const next = listSearch({ ...query, page }).toString();
    return next ? `${listPath}?${next}` : listPath;
  };
  const items = list.data?.items ?? [];
  const selectedItems = items.filter((item) => selected.has(item.id));
  const exportFilters = filterParams(query);

  return (
    <section className="staff-card" aria-labelledby="registrations-heading">
      <h1 id="registrations-heading">{faConsole.staff.registrationsScreen}</h1>
      <ListFilters
        query={query}
        choices={choices.data}
        locations={locations.data}
        colleagues={colleagues.data}
        onSearch={go}
      />
      <p className="staff-exports">
        <button type="button" className="staff-link" onClick={() => go({ ...query, assignee: 'me', page: 1 })}>
          {faConsole.staff.myCases}
        </button>
        {list.data && (
          <button type="button" className="staff-link" onClick={() => go({ ...query, assignee: 'none', page: 1 })}>
            {fill(faConsole.staff.unassignedCount, { count: list.data.unassigned })}
          </button>
        )}
        {me?.role === 'admin' && (
          <>
            <a href={listApi.exportUrl('csv', exportFilters)} download>
              {faConsole.staff.exportCsv}
            </a>
            <a href={listApi.exportUrl('json', exportFilters)} download>
              {faConsole.staff.exportJson}
            </a>
          </>
        )}
      </p>
      <QueryError error={choices.error ?? locations.error} />
      <QueryError error={list.error} onRetry={() => void list.refetch()} />
      <BulkStatusBar
        selected={selectedItems}
        busy={bulk.isPending}
        outcomes={outcomes}
        error={bulk.error?.message}
        onClear={() => setSelection({ key: listKey, ids: new Set() })}
        onApply={(change) => {
          const codes = new Map(selectedItems.map((item) => [item.id, item.trackingCode]));
          bulk.mutate(
            { ids: [...codes.keys()], ...change },
            {
              onSuccess: (answer) => {
                setOutcomes(answer.results.map((result) => ({ ...result, trackingCode: codes.get(result.id) ?? '' })));
                setSelection({ key: listKey, ids: new Set() });
              },
            },
          );
        }}
      />
      {list.data && (
        <div aria-busy={list.isPlaceholderData}>
          <RegistrationTable
            items={items}
            sort={{ column: query.sort, direction: query.direction }}
            onSort={(column) => go(sortedBy(query, column))}
            placeOf={(item) => placeName(locations.data, item)}
            selection={{ selected, onChange: (ids) => setSelection({ key: listKey, ids }) }}
            linkState={{ listSearch: search.toString() } satisfies CaseLinkState}
          />
          <Pager
            total={list.data.total}
            page={query.page}
            pageSize={query.pageSize}
            hrefOf={hrefOf}
            onPageSize={(pageSize) => go({ ...query, pageSize, page: 1 })}
          />
        </div>
      )}
      {list.isPending && <p className="staff-loading">{faConsole.staff.loading}</p>}
    </section>
  );
}
