import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Locations } from '../../../shared/contracts/wizard-api.schemas.js';
import { consoleScreens } from '../../../shared/contracts/staff.js';
import type { CaseSummary } from '../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { fill } from '../../../shared/text/persian.js';
import { useLocations } from '../../api/queries.js';
import { BulkStatusBar, type BulkOutcome, type BulkStatusBarProps } from './components/BulkStatusBar.js';
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
import { useMe } from '../session/hooks/use-session.js';

/** The city's name, else the province's, else the id (until /api/Utility/Locations has come). */
function placeName(locations: Locations | undefined, item: CaseSummary): string {
  const city = locations?.cities.find((candidate) => candidate.id === item.cityId);
  if (city) return city.name;
  return locations?.provinces.find((province) => province.id === item.provinceId)?.name ?? '';
}

const listPath = consoleScreens.registrations.path;

type BulkChange = Parameters<BulkStatusBarProps['onApply']>[0];

/** A selection belongs to the list it was made in: another page or filter starts with none. */
function useCaseSelection(listKey: string) {
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: '', ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<number>();
  const select = (ids: ReadonlySet<number>) => setSelection({ key: listKey, ids });
  return { selected, select, clear: () => select(new Set()) };
}

/** One status change for the ticked cases; each case's outcome is shown by its tracking code. */
function useBulkChange(selectedItems: CaseSummary[], clear: () => void) {
  const bulk = useBulkStatus();
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>();
  const apply = (change: BulkChange) => {
    const codes = new Map(selectedItems.map((item) => [item.id, item.trackingCode]));
    bulk.mutate(
      { ids: [...codes.keys()], ...change },
      {
        onSuccess: (answer) => {
          setOutcomes(answer.results.map((result) => ({ ...result, trackingCode: codes.get(result.id) ?? '' })));
          clear();
        },
      },
    );
  };
  return { bulk, outcomes, apply };
}

interface ListShortcutsProps {
  query: ListQuery;
  /** How many cases nobody handles; unknown until the list has come. */
  unassigned?: number;
  isAdmin: boolean;
  go: (next: ListQuery) => void;
}

/** «کارهای من», the cases nobody handles, and (for admins) the list's export. */
function ListShortcuts({ query, unassigned, isAdmin, go }: ListShortcutsProps) {
  const exportFilters = filterParams(query);
  return (
    <p className="staff-exports">
      <button type="button" className="staff-link" onClick={() => go({ ...query, assignee: 'me', page: 1 })}>
        {faConsole.staff.myCases}
      </button>
      {unassigned !== undefined && (
        <button type="button" className="staff-link" onClick={() => go({ ...query, assignee: 'none', page: 1 })}>
          {fill(faConsole.staff.unassignedCount, { count: unassigned })}
        </button>
      )}
      {isAdmin && (
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
  );
}

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
  const { selected, select, clear } = useCaseSelection(params.toString());
  const items = list.data?.items ?? [];
  const selectedItems = items.filter((item) => selected.has(item.id));
  const { bulk, outcomes, apply } = useBulkChange(selectedItems, clear);

  const go = (next: ListQuery) => setSearch(listSearch(next));
  const hrefOf = (page: number) => {
    const next = listSearch({ ...query, page }).toString();
    return next ? `${listPath}?${next}` : listPath;
  };

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
      <ListShortcuts query={query} unassigned={list.data?.unassigned} isAdmin={me?.role === 'admin'} go={go} />
      <QueryError error={choices.error ?? locations.error} />
      <QueryError error={list.error} onRetry={() => void list.refetch()} />
      <BulkStatusBar
        selected={selectedItems}
        busy={bulk.isPending}
        outcomes={outcomes}
        error={bulk.error?.message}
        onClear={clear}
        onApply={apply}
      />
      {list.data && (
        <div aria-busy={list.isPlaceholderData}>
          <RegistrationTable
            items={items}
            sort={{ column: query.sort, direction: query.direction }}
            onSort={(column) => go(sortedBy(query, column))}
            placeOf={(item) => placeName(locations.data, item)}
            selection={{ selected, onChange: select }}
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
