import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterCities } from '../../../widgets/locations.js';
import { persianCollator } from '../../../widgets/shared.js';
import { cityOf, ISFAHAN, locations, TEHRAN } from './fixtures.js';
import { renderWidget } from './render-widget.js';

const both = ['selectedState', 'cityId'];

afterEach(() => vi.unstubAllGlobals());

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('provinceSelect', () => {
  it('lists the 31 provinces by Persian name and stores the id as a number', async () => {
    const view = renderWidget({ step: 'location', fields: ['selectedState'], api: { locations } });
    const select = screen.getByRole('combobox', { name: 'استان' });
    const names = within(select)
      .getAllByRole('option')
      .slice(1)
      .map((option) => option.textContent ?? '');
    expect(names).toHaveLength(31);
    expect(names).toEqual([...names].sort(persianCollator.compare));
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('انتخاب استان');
    await view.user.selectOptions(select, 'اصفهان');
    expect(view.data().selectedState).toBe(ISFAHAN.id);
    expect(select).toHaveAttribute('id', 'root_selectedState');
  });

  it('shows a Persian loading note while the list is on its way', () => {
    renderWidget({ step: 'location', fields: ['selectedState'], api: { locations: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('در حال بارگیری فهرست استان‌ها و شهرها');
    const select = screen.getByRole('combobox', { name: 'استان' });
    expect(select).toBeDisabled();
    // The select shows its final text from the first paint on (no loading text swapped later, which
    // would be a later paint); the loading note is for screen readers, off the page's flow.
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('انتخاب استان');
    expect(screen.getByRole('status')).toHaveClass('visually-hidden');
  });

  it('shows a Persian error with a retry that fetches again', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(locations));
    vi.stubGlobal('fetch', fetchMock);
    const view = renderWidget({ step: 'location', fields: ['selectedState'], api: { locations: 'error' } });
    expect(screen.getByRole('alert')).toHaveTextContent('فهرست استان‌ها و شهرها بارگیری نشد.');
    await view.user.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'استان' })).toBeEnabled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/Utility/Locations');
  });

  it('fetches provinces and cities once for both selects', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(locations));
    vi.stubGlobal('fetch', fetchMock);
    renderWidget({ step: 'location', fields: both });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'استان' })).toBeEnabled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('citySelect', () => {
  it('is disabled with a Persian hint until a province is chosen', () => {
    renderWidget({ step: 'location', fields: both, api: { locations } });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    expect(city).toBeDisabled();
    expect(city).toHaveAccessibleDescription(/نخست استان را انتخاب کنید/);
    // Said inside the field, not on a line below it that would vanish when a province is chosen.
    expect(city).toHaveAttribute('placeholder', 'نخست استان را انتخاب کنید');
    expect(document.getElementById(`${city.id}__province-hint`)).toHaveClass('visually-hidden');
  });

  it("says inside the field, not below it, that a restored province's cities are on their way", () => {
    renderWidget({
      step: 'location',
      fields: both,
      api: { locations: 'loading' },
      formData: { selectedState: TEHRAN.id, cityId: 1 },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    expect(city).toBeDisabled();
    expect(city).toHaveAttribute('placeholder', 'در حال بارگیری شهرها…');
    expect(city).toHaveAccessibleDescription(/در حال بارگیری/);
    const shownStates = screen
      .getAllByRole('status', { hidden: true })
      .filter((status) => status.textContent && !status.classList.contains('visually-hidden'));
    expect(shownStates).toEqual([]);
  });

  it('gives the same hint while the list is still on its way, so nothing moves when it arrives', () => {
    renderWidget({ step: 'location', fields: both, api: { locations: 'loading' } });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    expect(city).toBeDisabled();
    expect(city).toHaveAccessibleDescription(/^\s*نخست استان را انتخاب کنید/);
  });

  it('offers only the cities of the chosen province, filtered as the manager types', async () => {
    const view = renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: TEHRAN.id },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    await view.user.click(city);
    const listbox = screen.getByRole('listbox');
    const offered = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    const tehranCities = locations.cities.filter((c) => c.provinceId === TEHRAN.id);
    expect(offered).toHaveLength(tehranCities.length);
    expect(offered).toContain('اسلامشهر');
    expect(offered).not.toContain('کاشان');

    await view.user.type(city, 'اسلام');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['اسلامشهر']);
    expect(screen.getByText('۱ شهر پیدا شد.')).toBeInTheDocument();
    await view.user.keyboard('{Enter}');
    expect(view.data().cityId).toBe(cityOf(TEHRAN.id, 'اسلامشهر').id);
    expect(city).toHaveValue('اسلامشهر');
    expect(city).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the ARIA combobox keys: arrows move, Enter picks, Escape closes then restores', async () => {
    const view = renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: ISFAHAN.id },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    city.focus();
    await view.user.keyboard('{ArrowDown}');
    expect(city).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(city).toHaveAttribute('aria-activedescendant', options[0].id);
    await view.user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(city).toHaveAttribute('aria-activedescendant', options[1].id);
    await view.user.keyboard('{Enter}');
    const chosen = options[1].textContent;
    expect(city).toHaveValue(chosen);
    expect(view.data().cityId).toBe(cityOf(ISFAHAN.id, chosen).id);

    await view.user.type(city, 'زzz');
    expect(city).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('شهری با این نام در این استان پیدا نشد.')).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    expect(city).toHaveAttribute('aria-expanded', 'false');
    await view.user.keyboard('{Escape}');
    expect(city).toHaveValue(chosen);
    expect(view.data().cityId).toBe(cityOf(ISFAHAN.id, chosen).id);
  });

  it('picks a city by click and by typing its exact name then leaving', async () => {
    const view = renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: ISFAHAN.id },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    await view.user.click(screen.getByRole('button', { name: 'نمایش فهرست شهرها' }));
    await view.user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'کاشان' }));
    expect(view.data().cityId).toBe(cityOf(ISFAHAN.id, 'کاشان').id);
    await view.user.clear(city);
    await view.user.type(city, 'اصفهان');
    await view.user.tab();
    expect(view.data().cityId).toBe(cityOf(ISFAHAN.id, 'اصفهان').id);
  });

  it('clears a city of another province when the province changes, and restores a saved pair', async () => {
    const kashan = cityOf(ISFAHAN.id, 'کاشان');
    const view = renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: ISFAHAN.id, cityId: kashan.id },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    expect(city).toHaveValue('کاشان');
    expect(view.data().cityId).toBe(kashan.id);
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'استان' }), 'تهران');
    await waitFor(() => expect(view.data().cityId).toBeUndefined());
    expect(view.data().selectedState).toBe(TEHRAN.id);
    expect(city).toHaveValue('');
  });

  it('marks itself invalid with the error wired, and honours disabled', () => {
    renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: TEHRAN.id },
      errors: { cityId: ['لطفاً شهر را انتخاب کنید.'] },
    });
    const city = screen.getByRole('combobox', { name: 'شهر' });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city.getAttribute('aria-describedby')).toContain('root_cityId__error');
    expect(city).toHaveAttribute('id', 'root_cityId');
  });

  it('is disabled when the form is', () => {
    renderWidget({
      step: 'location',
      fields: both,
      api: { locations },
      formData: { selectedState: TEHRAN.id },
      disabled: true,
    });
    expect(screen.getByRole('combobox', { name: 'شهر' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'استان' })).toBeDisabled();
  });
});

describe('filterCities', () => {
  const towns = [
    { id: 1, name: 'بندرکنگان', provinceId: 7, latitude: 27.84, longitude: 52.07 },
    { id: 2, name: 'قائم\u200cشهر', provinceId: 27, latitude: 36.46, longitude: 52.86 },
    { id: 3, name: 'کنگاور', provinceId: 22, latitude: 34.5, longitude: 47.96 },
  ];
  const found = (query: string) => filterCities(towns, query).map((c) => c.id);

  it('finds a town with or without «بندر», space, ZWNJ or hamza, and in Arabic letters', () => {
    expect(found('کنگان')).toEqual([1]);
    expect(found('بندر کنگان')).toEqual([1]);
    expect(found('بندر')).toEqual([1]);
    expect(found('قائمشهر')).toEqual([2]);
    expect(found('قایم شهر')).toEqual([2]);
    expect(found('كنگاور')).toEqual([3]);
  });
});
