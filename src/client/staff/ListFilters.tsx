import { useId, useState, type FormEvent } from 'react';
import type { Locations } from '../../shared/api-contract.js';
import type { FilterChoices, FilterField } from '../../shared/staff-contract.js';
import { fa } from '../../shared/strings.fa.js';
import { formText } from './format.js';
import { formatJalaliDay, parseJalaliDay, tehranDayStart } from './jalali.js';
import { anyRegistration, type ListQuery } from './staff-api.js';

export interface ListFiltersProps {
  query: ListQuery;
  /** Plans, pharmacy types and services from schemas/; their selects wait for them. */
  choices?: FilterChoices;
  locations?: Locations;
  onSearch: (query: ListQuery) => void;
}

type DayField = 'fromDay' | 'toDay';

/** The list's search and filters: status, province and city, plan, type, service, a Jalali date range. */
export function ListFilters({ query, choices, locations, onSearch }: ListFiltersProps) {
  const id = useId();
  const [provinceId, setProvinceId] = useState(query.provinceId);
  const [dayErrors, setDayErrors] = useState<Partial<Record<DayField, string>>>({});
  const cities = locations?.cities.filter((city) => String(city.provinceId) === provinceId) ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const errors = checkDays(formText(data, 'fromDay'), formText(data, 'toDay'));
    setDayErrors(errors);
    const invalid = errors.fromDay ? 'fromDay' : errors.toDay ? 'toDay' : undefined;
    if (invalid) {
      const input = event.currentTarget.elements.namedItem(invalid);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    const days = (name: DayField) => {
      const day = parseJalaliDay(formText(data, name));
      return day ? formatJalaliDay(day) : '';
    };
    onSearch({
      q: formText(data, 'q').trim(),
      status: formText(data, 'status'),
      provinceId: formText(data, 'provinceId'),
      cityId: formText(data, 'cityId'),
      tier: formText(data, 'tier'),
      type: formText(data, 'type'),
      service: formText(data, 'service'),
      fromDay: days('fromDay'),
      toDay: days('toDay'),
      page: 1,
      sort: query.sort,
      direction: query.direction,
    });
  };

  const dayInput = (name: DayField, label: string) => {
    const error = dayErrors[name];
    const errorId = `${id}-${name}-error`;
    return (
      <label>
        {label}
        <input
          name={name}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          defaultValue={query[name]}
          placeholder={fa.staff.dayHint}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <span id={errorId} className="staff-field-error">
            {error}
          </span>
        )}
      </label>
    );
  };

  return (
    // The key resets the uncontrolled fields when «پاک کردن فیلترها» empties the query.
    <form key={JSON.stringify(query)} className="staff-filters" role="search" onSubmit={submit} noValidate>
      <label className="staff-filters__search">
        {fa.staff.search}
        <input name="q" type="search" defaultValue={query.q} placeholder={fa.staff.searchHint} />
      </label>
      <label>
        {fa.staff.statusFilter}
        <select name="status" defaultValue={query.status}>
          <option value="">{fa.staff.anyChoice}</option>
          {Object.entries(fa.staff.statuses).map(([value, title]) => (
            <option key={value} value={value}>
              {title}
            </option>
          ))}
        </select>
      </label>
      <label>
        {fa.staff.province}
        <select name="provinceId" value={provinceId} onChange={(event) => setProvinceId(event.target.value)}>
          <option value="">{fa.staff.anyChoice}</option>
          {locations?.provinces.map((province) => (
            <option key={province.id} value={province.id}>
              {province.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {fa.staff.city}
        <select
          key={provinceId}
          name="cityId"
          defaultValue={provinceId === query.provinceId ? query.cityId : ''}
          disabled={!provinceId}
        >
          <option value="">{provinceId ? fa.staff.anyChoice : fa.widgets.locations.cityAfterProvince}</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
      </label>
      {choices && <ChoiceSelect name="tier" field={choices.tier} value={query.tier} />}
      {choices && <ChoiceSelect name="type" field={choices.type} value={query.type} />}
      {choices && <ChoiceSelect name="service" field={choices.service} value={query.service} />}
      {dayInput('fromDay', fa.staff.fromDay)}
      {dayInput('toDay', fa.staff.toDay)}
      <div className="staff-filters__actions">
        <button type="submit" className="staff-primary">
          {fa.staff.search}
        </button>
        <button
          type="button"
          className="staff-link"
          onClick={() => {
            setProvinceId('');
            setDayErrors({});
            onSearch({ ...anyRegistration, sort: query.sort, direction: query.direction });
          }}
        >
          {fa.staff.clearFilters}
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
        <option value="">{fa.staff.anyChoice}</option>
        {field.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A Persian message for a day that is not one, or a range that ends before it starts. */
function checkDays(fromText: string, toText: string): Partial<Record<DayField, string>> {
  const from = parseJalaliDay(fromText);
  const to = parseJalaliDay(toText);
  const errors: Partial<Record<DayField, string>> = {};
  if (fromText.trim() && !from) errors.fromDay = fa.staff.dayInvalid;
  if (toText.trim() && !to) errors.toDay = fa.staff.dayInvalid;
  if (from && to && tehranDayStart(to) < tehranDayStart(from)) errors.toDay = fa.staff.dayOrder;
  return errors;
}
