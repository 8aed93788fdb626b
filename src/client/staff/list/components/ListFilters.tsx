import { useState, type FormEvent } from 'react';
import type { Locations } from '../../../../shared/contracts/wizard-api.schemas.js';
import type { Colleague, FilterChoices, FilterField } from '../../../../shared/contracts/staff.schemas.js';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { dayKeyOf, submittedDayRangeForm, type DayRangeErrors } from '../../ui/day-range.js';
import { formText } from '../../ui/format.js';
import { JalaliDayInput } from '../../ui/components/JalaliDayInput.js';
import { anyRegistration, type ListQuery } from '../list-query.js';

export interface ListFiltersProps {
  query: ListQuery;
  /** Plans, pharmacy types and services from schemas/; their selects wait for them. */
  choices?: FilterChoices;
  locations?: Locations;
  /** Colleagues a case can be handled by, for the assignee filter (besides «کارهای من» and nobody). */
  colleagues?: Colleague[];
  onSearch: (query: ListQuery) => void;
}

/** The list's search and filters: status, who handles it, province and city, plan, type, service, a Jalali date range. */
export function ListFilters({ query, choices, locations, colleagues, onSearch }: ListFiltersProps) {
  const [provinceId, setProvinceId] = useState(query.provinceId);
  const [dayErrors, setDayErrors] = useState<DayRangeErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const data = submittedDayRangeForm(event, setDayErrors);
    if (!data) return;
    onSearch(searchedQuery(data, query));
  };

  return (
    // The key resets the uncontrolled fields when the address changes (Back, «پاک کردن فیلترها»).
    <form key={JSON.stringify(query)} className="staff-filters" role="search" onSubmit={submit} noValidate>
      <label className="staff-filters__search">
        {faConsole.staff.search}
        <input name="q" type="search" defaultValue={query.q} placeholder={faConsole.staff.searchHint} />
      </label>
      <label>
        {faConsole.staff.statusFilter}
        <select name="status" defaultValue={query.status}>
          <option value="">{faConsole.staff.anyChoice}</option>
          {Object.entries(faConsole.staff.statuses).map(([value, title]) => (
            <option key={value} value={value}>
              {title}
            </option>
          ))}
        </select>
      </label>
      <AssigneeSelect value={query.assignee} colleagues={colleagues} />
      <PlaceSelects query={query} locations={locations} provinceId={provinceId} onProvince={setProvinceId} />
      {choices && <ChoiceSelect name="tier" field={choices.tier} value={query.tier} />}
      {choices && <ChoiceSelect name="type" field={choices.type} value={query.type} />}
      {choices && <ChoiceSelect name="service" field={choices.service} value={query.service} />}
      <JalaliDayInput name="from" label={faConsole.staff.fromDay} defaultValue={query.from} error={dayErrors.from} />
      <JalaliDayInput name="to" label={faConsole.staff.toDay} defaultValue={query.to} error={dayErrors.to} />
      <div className="staff-filters__actions">
        <button type="submit" className="staff-primary">
          {faConsole.staff.search}
        </button>
        <button
          type="button"
          className="staff-link"
          onClick={() => {
            setProvinceId('');
            setDayErrors({});
            onSearch({ ...anyRegistration, sort: query.sort, direction: query.direction, pageSize: query.pageSize });
          }}
        >
          {faConsole.staff.clearFilters}
        </button>
      </div>
    </form>
  );
}

function ChoiceSelect({ name, field, value }: { name: string; field: FilterField; value: string }) {
  return (
    <label>
      {field.title}
      <select name={name} defaultValue={value}>
        <option value="">{faConsole.staff.anyChoice}</option>
        {field.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The query the form asks for: its fields over the list's order and page size, from the first page. */
function searchedQuery(data: FormData, query: ListQuery): ListQuery {
  return {
    ...query,
    q: formText(data, 'q').trim(),
    status: formText(data, 'status'),
    assignee: formText(data, 'assignee'),
    provinceId: formText(data, 'provinceId'),
    cityId: formText(data, 'cityId'),
    tier: formText(data, 'tier'),
    type: formText(data, 'type'),
    service: formText(data, 'service'),
    from: dayKeyOf(formText(data, 'from')),
    to: dayKeyOf(formText(data, 'to')),
    page: 1,
  };
}

function AssigneeSelect({ value, colleagues }: { value: string; colleagues?: Colleague[] }) {
  return (
    <label>
      {faConsole.staff.assignee}
      <select name="assignee" defaultValue={value}>
        <option value="">{faConsole.staff.anyChoice}</option>
        <option value="me">{faConsole.staff.myCases}</option>
        <option value="none">{faConsole.staff.nobody}</option>
        {colleagues?.map((colleague) => (
          <option key={colleague.id} value={colleague.id}>
            {colleague.email}
          </option>
        ))}
      </select>
    </label>
  );
}

interface PlaceSelectsProps {
  query: ListQuery;
  locations?: Locations;
  /** The province chosen in the form, before it is searched: the city select offers its cities. */
  provinceId: string;
  onProvince: (provinceId: string) => void;
}

function PlaceSelects({ query, locations, provinceId, onProvince }: PlaceSelectsProps) {
  const cities = locations?.cities.filter((city) => String(city.provinceId) === provinceId) ?? [];
  return (
    <>
      <label>
        {faConsole.staff.province}
        <select name="provinceId" value={provinceId} onChange={(event) => onProvince(event.target.value)}>
          <option value="">{faConsole.staff.anyChoice}</option>
          {locations?.provinces.map((province) => (
            <option key={province.id} value={province.id}>
              {province.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {faConsole.staff.city}
        <select
          key={provinceId}
          name="cityId"
          defaultValue={provinceId === query.provinceId ? query.cityId : ''}
          disabled={!provinceId}
        >
          <option value="">{provinceId ? faConsole.staff.anyChoice : fa.widgets.locations.cityAfterProvince}</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
