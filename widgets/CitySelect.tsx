import { useEffect, useMemo, type Ref } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { wizardFormContext } from './form-context.js';
import type { City } from '../src/shared/contracts/wizard-api.schemas.js';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { useSortedLocations } from './locations.js';
import { QueryState, stateId } from './QueryState.js';
import { fieldOption, widgetDeclarations } from './declarations.js';
import { asId, describedBy, invalid, type WidgetPropsOf } from './shared.js';
import { cityOptionId, useCityCombobox, type CityCombobox } from './use-city-combobox.js';

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
  const { provinceCities, selectedCity, locations } = useProvinceCities(provinceId, selectedId, onChange);
  const { sorted, isPending, isError, error, refetch } = locations;

  const locked = disabled || readonly;
  const waiting = sorted === undefined;
  // Why the field cannot be used yet is said inside it (its placeholder) and to screen readers (its
  // description), never in a line below it: a returning manager's restored province, or Locations
  // arriving, would otherwise move everything under the field.
  const noProvince = provinceId === undefined;
  const inputDisabled = disabled || waiting || noProvince;
  const { inputRef, listRef, ...box } = useCityCombobox({
    id,
    provinceId,
    provinceCities,
    selectedId,
    locked,
    inputDisabled,
    onChoose: (cityId) => onChange(cityId),
    onBlur: () => onBlur(id, value),
  });
  const { expanded, active } = box;
  const listId = `${id}__listbox`;
  const hintId = `${id}__province-hint`;

  return (
    <div className="widget-combobox">
      <div className="widget-combobox__field">
        <CityInput
          id={id}
          htmlName={props.htmlName}
          box={box}
          inputRef={inputRef}
          listId={listId}
          describedBy={describedBy(
            id,
            noProvince && hintId,
            (isError ? waiting : isPending && !noProvince) && stateId(id),
          )}
          text={box.query ?? selectedCity?.name ?? ''}
          placeholder={cityPlaceholder({ noProvince, loading: waiting && !isError, configured: placeholder })}
          disabled={inputDisabled}
          readOnly={readonly}
          required={required}
          rawErrors={rawErrors}
          onFocus={() => onFocus(id, value)}
        />
        <ListToggle listId={listId} expanded={expanded} disabled={inputDisabled || locked} onToggle={box.toggle} />
      </div>
      <CityOptions
        id={id}
        listId={listId}
        listRef={listRef}
        label={props.label}
        expanded={expanded}
        active={active}
        matches={box.matches}
        selectedId={selectedId}
        onChoose={box.choose}
      />
      <div className="visually-hidden" role="status" aria-live="polite">
        {box.status}
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

/**
 * The cities of the chosen province and the chosen city; a city of another province than the one
 * now chosen is cleared (the province filters the cities).
 */
function useProvinceCities(
  provinceId: number | undefined,
  selectedId: number | undefined,
  onChange: (value: number | undefined) => void,
) {
  const locations = useSortedLocations();
  const { sorted } = locations;
  const provinceCities = useMemo(
    () => (sorted && provinceId !== undefined ? (sorted.citiesByProvince.get(provinceId) ?? []) : []),
    [sorted, provinceId],
  );
  const selectedCity = selectedId !== undefined ? sorted?.cityById.get(selectedId) : undefined;

  useEffect(() => {
    if (selectedCity && selectedCity.provinceId !== provinceId) onChange(undefined);
    // onChange changes identity on every render; the check itself is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedCity, provinceId]);

  return { provinceCities, selectedCity, locations };
}

interface ListToggleProps {
  listId: string;
  expanded: boolean;
  disabled: boolean | undefined;
  onToggle: () => void;
}

/** ▾ beside the input: opens or closes the list with the mouse, keeping the focus in the input. */
function ListToggle({ listId, expanded, disabled, onToggle }: ListToggleProps) {
  return (
    <button
      type="button"
      className="widget-combobox__toggle"
      tabIndex={-1}
      aria-label={fa.widgets.locations.cityShowList}
      aria-expanded={expanded}
      aria-controls={listId}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onToggle}
    >
      <span aria-hidden="true">▾</span>
    </button>
  );
}

interface CityInputProps {
  id: string;
  htmlName: string | undefined;
  box: CityCombobox;
  inputRef: Ref<HTMLInputElement>;
  listId: string;
  describedBy: string | undefined;
  text: string;
  placeholder: string;
  disabled: boolean | undefined;
  readOnly: boolean | undefined;
  required: boolean | undefined;
  rawErrors: string[] | undefined;
  onFocus: () => void;
}

/** The combobox's editable input: typing searches, the keys move through the list. */
function CityInput({ id, box, inputRef, listId, ...field }: CityInputProps) {
  const { expanded, active } = box;
  return (
    <input
      ref={inputRef}
      type="text"
      id={id}
      name={field.htmlName || id}
      className="widget-input"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={expanded && active >= 0 ? cityOptionId(id, active) : undefined}
      aria-invalid={invalid(field.rawErrors)}
      aria-describedby={field.describedBy}
      aria-required={field.required || undefined}
      autoComplete="off"
      spellCheck={false}
      value={field.text}
      placeholder={field.placeholder}
      disabled={field.disabled}
      readOnly={field.readOnly}
      onChange={(event) => box.type(event.target.value)}
      onKeyDown={box.handleKeyDown}
      onClick={() => !expanded && box.openList(-1)}
      onBlur={box.handleBlur}
      onFocus={field.onFocus}
    />
  );
}

interface CityOptionsProps {
  id: string;
  listId: string;
  listRef: Ref<HTMLUListElement>;
  label: string | undefined;
  expanded: boolean;
  active: number;
  matches: City[];
  selectedId: number | undefined;
  onChoose: (city: City) => void;
}

/** The combobox's listbox popup: the matching cities while it is open. */
function CityOptions({
  id,
  listId,
  listRef,
  label,
  expanded,
  active,
  matches,
  selectedId,
  onChoose,
}: CityOptionsProps) {
  return (
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label={label || undefined}
      className="widget-combobox__list"
      hidden={!expanded}
    >
      {expanded &&
        matches.map((city, index) => (
          // The keyboard chooses through the input (aria-activedescendant, Enter), as ARIA's combobox pattern has it.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={city.id}
            id={cityOptionId(id, index)}
            role="option"
            aria-selected={city.id === selectedId}
            className={index === active ? 'widget-combobox__option is-active' : 'widget-combobox__option'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(city)}
          >
            {city.name}
          </li>
        ))}
    </ul>
  );
}

/** What the field says while empty: why it cannot be used yet, or the configured invitation. */
function cityPlaceholder(state: { noProvince: boolean; loading: boolean; configured: string | undefined }): string {
  if (state.noProvince) return fa.widgets.locations.cityAfterProvince;
  if (state.loading) return fa.widgets.locations.cityLoading;
  return state.configured || fa.widgets.locations.cityPlaceholder;
}
