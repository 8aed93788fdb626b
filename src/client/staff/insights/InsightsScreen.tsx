import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { gregorianDayOf, jalaliDayKey, parseJalaliDay } from '../ui/jalali.js';
import { QueryError } from '../ui/components/QueryError.js';
import { InsightsView, type InsightsFilter } from './components/InsightsView.js';
import { useInsights } from './hooks/use-insights.js';

const VERSION = /^[\w.-]{1,64}$/;

/** The filter from the address (/staff/insights?version=…&compare=…&from=1405-09-01&to=1405-09-30). */
function readFilter(search: URLSearchParams): InsightsFilter {
  const day = (name: string) => {
    const found = parseJalaliDay(search.get(name) ?? '');
    return found ? jalaliDayKey(found) : '';
  };
  const version = (name: string) => {
    const value = search.get(name) ?? '';
    return VERSION.test(value) ? value : '';
  };
  return { version: version('version'), compare: version('compare'), from: day('from'), to: day('to') };
}

function addressOf(filter: InsightsFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['version', 'compare', 'from', 'to'] as const) if (filter[name]) params.set(name, filter[name]);
  return params;
}

/** The API counts Tehran days by their Gregorian dates. */
function apiParams(filter: InsightsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.version) params.set('version', filter.version);
  if (filter.compare) params.set('compare', filter.compare);
  for (const name of ['from', 'to'] as const) {
    const day = parseJalaliDay(filter[name]);
    if (day) params.set(name, gregorianDayOf(day));
  }
  return params;
}

/** «رفتار فرم» at /staff/insights, its versions and days in the address. */
export default function InsightsScreen() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => readFilter(search), [search]);
  const insights = useInsights(apiParams(filter));
  return (
    <InsightsView
      answer={insights.data}
      filter={filter}
      error={<QueryError error={insights.error} onRetry={() => void insights.refetch()} />}
      onFilter={(next) => setSearch(addressOf(next))}
    />
  );
}
