import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { wizardFormContext } from './form-context.js';
import type { City } from '../src/shared/api-contract.js';
import { fa } from '../src/shared/strings.fa.js';
import { filterCities, searchKey, useSortedLocations } from './locations.js';
import { QueryState, stateId } from './QueryState.js';
import { fieldOption, widgetDeclarations } from './declarations.js';
import { asId, describedBy, fill, invalid, toPersianDigits, type WidgetPropsOf } from './shared.js';

/**
 * `citySelect`: a searchable city picker, the ARIA 1.2 combobox pattern (editable input with list
 * autocomplete, a listbox popup, ↓ ↑ Enter Escape, Alt+↓). Only the cities of the province held in
 * the sibling field `ui:options.provinceField` (default `selectedState`) are offered; it is disabled
 * with a hint until a province is chosen, and when the province changes to one the chosen city does
 * not belong to, the city is cleared. The value is the city id (integer).
 */
export default function CitySelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required, placeholder, options } =
    props as WidgetPropsOf<number>;
  const { formData } = wizardFormContext(props.registry);
  const provinceField = fieldOption(widgetDeclarations.citySelect, options, 'provinceField');
  const provinceId = asId(formData[provinceField]);
  const selectedId = asId(value);
  const { sorted, isPending, isError, error, refetch } = useSortedLocations();

  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const provinceCities = useMemo(
    () => (sorted && provinceId !== undefined ? (sorted.citiesByProvince.get(provinceId) ?? []) : []),
    [sorted, provinceId],
  );
  const matches = useMemo(() => filterCities(provinceCities, query ?? ''), [provinceCities, query]);
  const selectedCity = selectedId !== undefined ? sorted?.cityById.get(selectedId) : undefined;

  // A city of another province than the one now chosen is cleared (spec §2: the province filters).
  useEffect(() => {
    if (selectedCity && selectedCity.provinceId !== provinceId) onChange(undefined);
    // onChange changes identity on every render; the check itself is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedCity, provinceId]);

  // A new province starts a new search (reset while rendering, as React advises, not in an effect).
  const [searchedProvince, setSearchedProvince] = useState(provinceId);
  if (searchedProvince !== provinceId) {
    setSearchedProvince(provinceId);
    setQuery(null);
    setOpen(false);
    setActive(-1);
  }

  useEffect(() => {
    if (!open || active < 0) return;
    const option = listRef.current?.ownerDocument.getElementById(optionId(id, active));
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const locked = disabled || readonly;
  const waiting = sorted === undefined;
  // Why the field cannot be used yet is said inside it (its placeholder) and to screen readers (its
  // description), never in a line below it: a returning manager's restored province, or Locations
  // arriving, would otherwise move everything under the field.
  const noProvince = provinceId === undefined;
  const inputDisabled = disabled || waiting || noProvince;
  const listId = `${id}__listbox`;
  const hintId = `${id}__province-hint`;
  const expanded = open && !locked && !inputDisabled;

  const choose = (city: City) => {
    setQuery(null);
    setOpen(false);
    setActive(-1);
    if (city.id !== selectedId) onChange(city.id);
  };

  const openList = (at: number) => {
    if (locked) return;
    setOpen(true);
    setActive(at);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) openList(event.altKey ? -1 : selectedIndex(matches, selectedId));
        else setActive((current) => Math.min(current + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) openList(last);
        else setActive((current) => (current <= 0 ? 0 : current - 1));
        break;
      case 'Enter': {
        if (!expanded) break;
        event.preventDefault();
        const city = active >= 0 ? matches[active] : matches.length === 1 ? matches[0] : undefined;
        if (city) choose(city);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        break;
      default:
        break;
    }
  };

  const handleBlur = () => {
    if (query !== null) {
      const key = searchKey(query);
      const exact = key === '' ? undefined : provinceCities.find((city) => searchKey(city.name) === key);
      if (exact) choose(exact);
      else setQuery(null);
    }
    setOpen(false);
    setActive(-1);
    onBlur(id, value);
  };

  const status =
    expanded && query !== null
      ? matches.length === 0
        ? fa.widgets.locations.cityNoMatch
        : fill(fa.widgets.locations.cityMatches, { count: toPersianDigits(matches.length) })
      : '';

  return (
    <div className="widget-combobox">
      <div className="widget-combobox__field">
        <input
          ref={inputRef}
          type="text"
          id={id}
          name={props.htmlName || id}
          className="widget-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(id, active) : undefined}
          aria-invalid={invalid(rawErrors)}
          aria-describedby={describedBy(
            id,
            noProvince && hintId,
            (isError ? waiting : isPending && !noProvince) && stateId(id),
          )}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          value={query ?? selectedCity?.name ?? ''}
          placeholder={cityPlaceholder({ noProvince, loading: waiting && !isError, configured: placeholder })}
          disabled={inputDisabled}
          readOnly={readonly}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          onClick={() => !expanded && openList(-1)}
          onBlur={handleBlur}
          onFocus={() => onFocus(id, value)}
        />
        <button
          type="button"
          className="widget-combobox__toggle"
          tabIndex={-1}
          aria-label={fa.widgets.locations.cityShowList}
          aria-expanded={expanded}
          aria-controls={listId}
          disabled={inputDisabled || locked}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (expanded) setOpen(false);
            else openList(-1);
            inputRef.current?.focus();
          }}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={props.label || undefined}
        className="widget-combobox__list"
        hidden={!expanded}
      >
        {expanded &&
          matches.map((city, index) => (
            // The keyboard chooses through the input (aria-activedescendant, Enter), as ARIA's combobox pattern has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={city.id}
              id={optionId(id, index)}
              role="option"
              aria-selected={city.id === selectedId}
              className={index === active ? 'widget-combobox__option is-active' : 'widget-combobox__option'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(city)}
            >
              {city.name}
            </li>
          ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
      {noProvince && (
        <p id={hintId} className="visually-hidden">
          {fa.widgets.locations.cityNeedsProvince}
        </p>
      )}
      <QueryState
        id={id}
        loading={isPending && !noProvince && fa.widgets.locations.loading}
        loadingUnseen
        error={isError && waiting && fa.widgets.locations.error}
        detail={error?.message}
        onRetry={() => void refetch()}
      />
    </div>
  );
}

/** What the field says while empty: why it cannot be used yet, or the configured invitation. */
function cityPlaceholder(state: { noProvince: boolean; loading: boolean; configured: string | undefined }): string {
  if (state.noProvince) return fa.widgets.locations.cityAfterProvince;
  if (state.loading) return fa.widgets.locations.cityLoading;
  return state.configured || fa.widgets.locations.cityPlaceholder;
}

function optionId(id: string, index: number): string {
  return `${id}__option-${index}`;
}

function selectedIndex(cities: City[], selectedId: number | undefined): number {
  const index = selectedId === undefined ? -1 : cities.findIndex((city) => city.id === selectedId);
  return index >= 0 ? index : 0;
}
