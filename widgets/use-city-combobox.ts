import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { City } from '../src/shared/contracts/wizard-api.schemas.js';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { filterCities, searchKey } from './locations.js';
import { fillAsGiven, toPersianDigits } from './shared.js';

export interface CityComboboxInput {
  id: string;
  provinceId: number | undefined;
  /** The cities of the chosen province, in the order they are offered. */
  provinceCities: City[];
  selectedId: number | undefined;
  /** Disabled or read-only: the list does not open. */
  locked: boolean | undefined;
  /** The input itself cannot be used (disabled, Locations not here yet, no province). */
  inputDisabled: boolean | undefined;
  onChoose: (cityId: number) => void;
  onBlur: () => void;
}

/**
 * The state of the city combobox (ARIA 1.2: editable input with list autocomplete): the typed
 * search, whether the listbox is open, the active option, and the keyboard and blur handling.
 */
export function useCityCombobox(input: CityComboboxInput) {
  const { id, provinceId, provinceCities, selectedId, locked } = input;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const matches = useMemo(() => filterCities(provinceCities, query ?? ''), [provinceCities, query]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  // A new province starts a new search (reset while rendering, as React advises, not in an effect).
  const [searchedProvince, setSearchedProvince] = useState(provinceId);
  if (searchedProvince !== provinceId) {
    setSearchedProvince(provinceId);
    setQuery(null);
    close();
  }

  useActiveOptionInView(listRef, id, open ? active : -1);

  const expanded = open && !locked && !input.inputDisabled;
  const choose = (city: City) => {
    setQuery(null);
    close();
    if (city.id !== selectedId) input.onChoose(city.id);
  };
  const openList = (at: number) => {
    if (locked) return;
    setOpen(true);
    setActive(at);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    moveThroughList(event, {
      expanded,
      matches,
      active,
      selectedId,
      searching: query !== null,
      openList,
      setActive,
      choose,
      close,
      clearSearch: () => setQuery(null),
    });
  };

  const handleBlur = () => {
    if (query !== null) {
      const exact = exactMatch(provinceCities, query);
      if (exact) choose(exact);
      else setQuery(null);
    }
    close();
    input.onBlur();
  };

  const type = (text: string) => {
    setQuery(text);
    setOpen(true);
    setActive(-1);
  };

  const toggle = () => {
    if (expanded) setOpen(false);
    else openList(-1);
    inputRef.current?.focus();
  };

  return {
    query,
    expanded,
    active,
    matches,
    inputRef,
    listRef,
    status: matchStatus(expanded && query !== null, matches),
    choose,
    openList,
    type,
    toggle,
    handleKeyDown,
    handleBlur,
  };
}

/** Scrolls the active option into the listbox's view (`active` -1: the list is closed or none is). */
function useActiveOptionInView(listRef: RefObject<HTMLUListElement | null>, id: string, active: number) {
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.ownerDocument.getElementById(cityOptionId(id, active));
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [listRef, id, active]);
}

/** The city whose name is the typed text (ignoring the differences searchKey ignores). */
function exactMatch(cities: City[], query: string): City | undefined {
  const key = searchKey(query);
  return key === '' ? undefined : cities.find((city) => searchKey(city.name) === key);
}

/** What a screen reader hears while searching: how many cities match, or that none does. */
function matchStatus(searching: boolean, matches: City[]): string {
  if (!searching) return '';
  return matches.length === 0
    ? fa.widgets.locations.cityNoMatch
    : fillAsGiven(fa.widgets.locations.cityMatches, { count: toPersianDigits(matches.length) });
}

interface ListKeyState {
  expanded: boolean;
  matches: City[];
  active: number;
  selectedId: number | undefined;
  searching: boolean;
  openList: (at: number) => void;
  setActive: (update: (current: number) => number) => void;
  choose: (city: City) => void;
  close: () => void;
  clearSearch: () => void;
}

/** ↓ ↑ Enter Escape and Alt+↓ on the input, as ARIA's combobox pattern has them. */
function moveThroughList(event: KeyboardEvent<HTMLInputElement>, state: ListKeyState): void {
  const { expanded, matches, active } = state;
  const last = matches.length - 1;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (!expanded) state.openList(event.altKey ? -1 : selectedIndex(matches, state.selectedId));
      else state.setActive((current) => Math.min(current + 1, last));
      break;
    case 'ArrowUp':
      event.preventDefault();
      if (!expanded) state.openList(last);
      else state.setActive((current) => (current <= 0 ? 0 : current - 1));
      break;
    case 'Enter': {
      if (!expanded) break;
      event.preventDefault();
      const city = active >= 0 ? matches[active] : matches.length === 1 ? matches[0] : undefined;
      if (city) state.choose(city);
      break;
    }
    case 'Escape':
      if (expanded) {
        event.preventDefault();
        state.close();
      } else if (state.searching) {
        event.preventDefault();
        state.clearSearch();
      }
      break;
    default:
      break;
  }
}

export function cityOptionId(id: string, index: number): string {
  return `${id}__option-${index}`;
}

function selectedIndex(cities: City[], selectedId: number | undefined): number {
  const index = selectedId === undefined ? -1 : cities.findIndex((city) => city.id === selectedId);
  return index >= 0 ? index : 0;
}

/** The combobox's state and handlers, without its element refs (read only by React). */
export type CityCombobox = Omit<ReturnType<typeof useCityCombobox>, 'inputRef' | 'listRef'>;
