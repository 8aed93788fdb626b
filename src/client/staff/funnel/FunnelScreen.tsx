import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FunnelView, type FunnelFilter } from './components/FunnelView.js';
import { gregorianDayOf, jalaliDayKey, parseJalaliDay } from '../ui/jalali.js';
import { QueryError } from '../ui/components/QueryError.js';
import { useFunnel } from './hooks/use-funnel.js';

const VERSION = /^[\w.-]{1,64}$/;

/** The filter from the address (/staff/funnel?from=1405-09-01&to=1405-09-30&version=…). */
function readFunnelFilter(search: URLSearchParams): FunnelFilter {
  const day = (name: string) => {
    const found = parseJalaliDay(search.get(name) ?? '');
    return found ? jalaliDayKey(found) : '';
  };
  const version = search.get('version') ?? '';
  return { from: day('from'), to: day('to'), version: VERSION.test(version) ? version : '' };
}

function addressOf(filter: FunnelFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['from', 'to', 'version'] as const) if (filter[name]) params.set(name, filter[name]);
  return params;
}

/** The API counts Tehran days by their Gregorian dates. */
function apiParams(filter: FunnelFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['from', 'to'] as const) {
    const day = parseJalaliDay(filter[name]);
    if (day) params.set(name, gregorianDayOf(day));
  }
  if (filter.version) params.set('version', filter.version);
  return params;
}

/** The registration funnel at /staff/funnel, its days and version in the address. */
export default function FunnelScreen() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => readFunnelFilter(search), [search]);
  const funnel = useFunnel(apiParams(filter));
  return (
    <FunnelView
      answer={funnel.data}
      filter={filter}
      error={<QueryError error={funnel.error} onRetry={() => void funnel.refetch()} />}
      onFilter={(next) => setSearch(addressOf(next))}
    />
  );
}
