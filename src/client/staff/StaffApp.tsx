import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { FunnelAnswer, StaffMe } from '../../shared/staff-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { ApiError } from '../api/http.js';
import { formText } from './format.js';
import { FunnelView } from './FunnelView.js';
import { RegistrationTable } from './RegistrationTable.js';
import { RegistrationView } from './RegistrationView.js';
import { SignInForm } from './SignInForm.js';
import { staffApi, type FunnelFilter, type RegistrationList, type RegistrationPage } from './staff-api.js';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : fa.errors.internal);

/** The staff console: sign-in, the list with search and a status filter, and a registration's page. */
export function StaffApp() {
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [query, setQuery] = useState({ q: '', status: '', page: 1 });
  const [list, setList] = useState<RegistrationList>();
  const [open, setOpen] = useState<RegistrationPage>();
  // undefined: the list is shown; a filter: the funnel is, with that filter.
  const [funnelFilter, setFunnelFilter] = useState<FunnelFilter>();
  const [funnel, setFunnel] = useState<FunnelAnswer>();

  const handle = useCallback((caught: unknown) => {
    if (caught instanceof ApiError && caught.status === 401) setMe(null);
    setError(messageOf(caught));
  }, []);

  useEffect(() => {
    staffApi.me().then(setMe, () => setMe(null));
  }, []);

  useEffect(() => {
    if (!me) return;
    staffApi.list(query).then((found) => {
      setList(found);
      setError(undefined);
    }, handle);
  }, [me, query, handle]);

  useEffect(() => {
    if (!me || !funnelFilter) return;
    staffApi.funnel(funnelFilter).then((found) => {
      setFunnel(found);
      setError(undefined);
    }, handle);
  }, [me, funnelFilter, handle]);

  const openRegistration = (id: number) => staffApi.registration(id).then(setOpen, handle);

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

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setQuery({ q: formText(data, 'q'), status: formText(data, 'status'), page: 1 });
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
              setOpen(undefined);
            }, handle)
          }
        >
          {fa.staff.signOut}
        </button>
      </header>
      <main className="staff-main">
        {funnelFilter ? (
          <FunnelView
            answer={funnel}
            filter={funnelFilter}
            error={error}
            onFilter={setFunnelFilter}
            onBack={() => {
              setFunnelFilter(undefined);
              setError(undefined);
            }}
          />
        ) : open ? (
          <RegistrationView
            registration={open}
            error={error}
            onBack={() => {
              setOpen(undefined);
              setError(undefined);
              setQuery({ ...query });
            }}
            onMove={async (to, reason) => {
              try {
                await staffApi.moveStatus(open.id, open.status, to, reason);
                setError(undefined);
                await openRegistration(open.id);
              } catch (caught) {
                handle(caught);
              }
            }}
            onNote={async (body) => {
              try {
                await staffApi.addNote(open.id, body);
                setError(undefined);
                await openRegistration(open.id);
              } catch (caught) {
                handle(caught);
              }
            }}
          />
        ) : (
          <section className="staff-card">
            <form className="staff-filters" role="search" onSubmit={search}>
              <label>
                {fa.staff.search}
                <input name="q" type="search" defaultValue={query.q} placeholder={fa.staff.searchHint} />
              </label>
              <label>
                {fa.staff.statusFilter}
                <select name="status" defaultValue={query.status}>
                  <option value="">{fa.staff.allStatuses}</option>
                  {Object.entries(fa.staff.statuses).map(([value, title]) => (
                    <option key={value} value={value}>
                      {title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="staff-primary">
                {fa.staff.search}
              </button>
            </form>
            <p className="staff-exports">
              <button
                type="button"
                className="staff-link"
                onClick={() => setFunnelFilter({ from: '', to: '', version: '' })}
              >
                {fa.staff.funnel}
              </button>
            </p>
            {me.role === 'admin' && (
              <p className="staff-exports">
                <a href={staffApi.exportUrl('csv', query.status)} download>
                  {fa.staff.exportCsv}
                </a>
                <a href={staffApi.exportUrl('json', query.status)} download>
                  {fa.staff.exportJson}
                </a>
              </p>
            )}
            {error && (
              <p className="staff-error" role="alert">
                {error}
              </p>
            )}
            {list && (
              <>
                <p className="staff-total">
                  {fa.staff.total}: {list.total.toLocaleString('fa-IR')}
                </p>
                <RegistrationTable items={list.items} onOpen={(id) => void openRegistration(id)} />
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
        )}
      </main>
    </>
  );
}
