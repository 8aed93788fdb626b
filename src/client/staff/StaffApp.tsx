import { useCallback, useEffect, useState } from 'react';
import type { Locations, MapSettings } from '../../shared/api-contract.js';
import type { FilterChoices, FunnelAnswer, ListSort, StaffMe } from '../../shared/staff-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { ApiError } from '../api/http.js';
import { AuditLog } from './AuditLog.js';
import { FunnelView } from './FunnelView.js';
import { ListFilters } from './ListFilters.js';
import { RegistrationTable } from './RegistrationTable.js';
import { RegistrationView } from './RegistrationView.js';
import { SignInForm } from './SignInForm.js';
import {
  anyRegistration,
  staffApi,
  type FunnelFilter,
  type ListQuery,
  type RegistrationList,
  type RegistrationPage,
  type TimelineEvent,
} from './staff-api.js';

/** A second press on a column reverses it; a new column starts newest first (dates) or A→Z. */
function nextDirection(query: ListQuery, column: ListSort): ListQuery['direction'] {
  if (query.sort === column) return query.direction === 'asc' ? 'desc' : 'asc';
  return column === 'created_at' ? 'desc' : 'asc';
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : fa.errors.internal);

/** What the console shows besides the list (undefined). */
type Screen = { kind: 'registration'; page: RegistrationPage } | { kind: 'funnel' } | { kind: 'audit' };

/** The staff console: sign-in, the filtered list, a registration's page, the funnel and the audit log. */
export function StaffApp() {
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState<ListQuery>(anyRegistration);
  const [list, setList] = useState<RegistrationList>();
  const [screen, setScreen] = useState<Screen>();
  const [choices, setChoices] = useState<FilterChoices>();
  const [locations, setLocations] = useState<Locations>();
  const [mapSettings, setMapSettings] = useState<MapSettings>();
  const [funnelFilter, setFunnelFilter] = useState<FunnelFilter>({ from: '', to: '', version: '' });
  const [funnel, setFunnel] = useState<FunnelAnswer>();
  const [audit, setAudit] = useState<TimelineEvent[]>();

  const handle = useCallback((caught: unknown) => {
    if (caught instanceof ApiError && caught.status === 401) setMe(null);
    setError(messageOf(caught));
  }, []);

  useEffect(() => {
    staffApi.me().then(setMe, () => setMe(null));
  }, []);

  // What the filters and the map are drawn with: asked once per sign-in, beside the first page.
  useEffect(() => {
    if (!me) return;
    staffApi.filters().then(setChoices, handle);
    staffApi.locations().then(setLocations, handle);
    staffApi.mapSettings().then(setMapSettings, handle);
  }, [me, handle]);

  useEffect(() => {
    if (!me) return;
    staffApi.list(query).then((found) => {
      setList(found);
      setError(undefined);
    }, handle);
  }, [me, query, handle]);

  useEffect(() => {
    if (!me || screen?.kind !== 'funnel') return;
    staffApi.funnel(funnelFilter).then((found) => {
      setFunnel(found);
      setError(undefined);
    }, handle);
  }, [me, screen?.kind, funnelFilter, handle]);

  useEffect(() => {
    if (!me || screen?.kind !== 'audit') return;
    staffApi.audit().then((found) => {
      setAudit(found.events);
      setError(undefined);
    }, handle);
  }, [me, screen?.kind, handle]);

  const openRegistration = (id: number) =>
    staffApi.registration(id).then((page) => {
      setScreen({ kind: 'registration', page });
      setError(undefined);
    }, handle);

  const backToList = () => {
    setScreen(undefined);
    setError(undefined);
    setQuery({ ...query });
  };

  if (me === undefined) return null;
  if (me === null) {
    return (
      <main className="staff-main">
        <SignInForm
          error={error}
          onSubmit={async (email, password) => {
            try {
              setMe(await staffApi.signIn(email, password));
              setError(undefined);
            } catch (caught) {
              setError(messageOf(caught));
            }
          }}
        />
      </main>
    );
  }

  const main = () => {
    if (screen?.kind === 'funnel') {
      return (
        <FunnelView
          answer={funnel}
          filter={funnelFilter}
          error={error}
          onFilter={setFunnelFilter}
          onBack={backToList}
        />
      );
    }
    if (screen?.kind === 'audit') {
      return (
        <section className="staff-card">
          <button type="button" className="staff-link" onClick={backToList}>
            {fa.staff.back}
          </button>
          <h1>{fa.staff.auditLog}</h1>
          {error && (
            <p className="staff-error" role="alert">
              {error}
            </p>
          )}
          {audit && <AuditLog events={audit} onOpen={(id) => void openRegistration(id)} />}
        </section>
      );
    }
    if (screen?.kind === 'registration') {
      const open = screen.page;
      const act = async (change: () => Promise<void>) => {
        try {
          await change();
          await openRegistration(open.id);
        } catch (caught) {
          handle(caught);
        }
      };
      return (
        <RegistrationView
          registration={open}
          mapSettings={mapSettings}
          error={error}
          onBack={backToList}
          onMove={(to, reason) => act(() => staffApi.moveStatus(open.id, open.status, to, reason))}
          onNote={(body) => act(() => staffApi.addNote(open.id, body))}
        />
      );
    }
    return (
      <section className="staff-card">
        <ListFilters query={query} choices={choices} locations={locations} onSearch={setQuery} />
        <p className="staff-exports">
          <button type="button" className="staff-link" onClick={() => setScreen({ kind: 'funnel' })}>
            {fa.staff.funnel}
          </button>
          {me.role === 'admin' && (
            <>
              <button type="button" className="staff-link" onClick={() => setScreen({ kind: 'audit' })}>
                {fa.staff.auditLog}
              </button>
              <a href={staffApi.exportUrl('csv', query)} download>
                {fa.staff.exportCsv}
              </a>
              <a href={staffApi.exportUrl('json', query)} download>
                {fa.staff.exportJson}
              </a>
            </>
          )}
        </p>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        {list && (
          <>
            <p className="staff-total" role="status">
              {fa.staff.total}: {list.total.toLocaleString('fa-IR')}
            </p>
            <RegistrationTable
              items={list.items}
              onOpen={(id) => void openRegistration(id)}
              sort={{ column: query.sort, direction: query.direction }}
              onSort={(column) =>
                setQuery({ ...query, sort: column, direction: nextDirection(query, column), page: 1 })
              }
            />
            <nav className="staff-pages">
              <button
                type="button"
                disabled={list.page <= 1}
                onClick={() => setQuery({ ...query, page: query.page - 1 })}
              >
                {fa.staff.previous}
              </button>
              <button
                type="button"
                disabled={list.page * list.pageSize >= list.total}
                onClick={() => setQuery({ ...query, page: query.page + 1 })}
              >
                {fa.staff.next}
              </button>
            </nav>
          </>
        )}
      </section>
    );
  };

  return (
    <>
      <header className="staff-header">
        <span className="staff-title">{fa.staff.title}</span>
        <bdi>{me.email}</bdi>
        <button
          type="button"
          className="staff-link"
          onClick={() =>
            void staffApi.signOut().then(() => {
              setMe(null);
              setScreen(undefined);
            }, handle)
          }
        >
          {fa.staff.signOut}
        </button>
      </header>
      <main className="staff-main">{main()}</main>
    </>
  );
}
