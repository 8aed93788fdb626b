import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../src/client/staff/list/components/ListFilters.stories.js';
import { anyRegistration, type ListQuery } from '../../../src/client/staff/list/list-query.js';
import { sampleChoices } from '../../../src/client/staff/list/list-fixtures.js';
import { sampleLocations } from '../../../widgets/story-fixtures.js';
import { faConsole } from '../../../src/shared/text/console-strings.fa.js';

const { Empty, Filtered } = composeStories(stories);

afterEach(cleanup);

const searchButton = () => screen.getByRole('button', { name: faConsole.staff.search });

describe('the staff list filters', () => {
  it('send every filter, the Jalali days as the address keeps them', async () => {
    const onSearch = vi.fn<(query: ListQuery) => void>();
    render(<Empty onSearch={onSearch} />);
    const user = userEvent.setup();
    const province = sampleLocations.provinces[0];
    const city = sampleLocations.cities.find((candidate) => candidate.provinceId === province.id)!;
    const type = sampleChoices.type.choices[1];

    expect(screen.getByRole('combobox', { name: faConsole.staff.city })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: faConsole.staff.province }), province.name);
    await user.selectOptions(screen.getByRole('combobox', { name: faConsole.staff.city }), city.name);
    await user.selectOptions(screen.getByRole('combobox', { name: sampleChoices.type.title }), type.title);
    await user.selectOptions(
      screen.getByRole('combobox', { name: faConsole.staff.statusFilter }),
      faConsole.staff.statuses.new,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: faConsole.staff.assignee }), faConsole.staff.myCases);
    await user.type(screen.getByRole('searchbox', { name: faConsole.staff.search }), ' ۰۹۱۲۳ ');
    await user.type(screen.getByRole('textbox', { name: faConsole.staff.fromDay }), '1405-7-1');
    await user.type(screen.getByRole('textbox', { name: faConsole.staff.toDay }), '۱۴۰۵/۰۹/۳۰');
    await user.click(searchButton());

    expect(onSearch).toHaveBeenCalledWith({
      ...anyRegistration,
      q: '۰۹۱۲۳',
      status: 'new',
      provinceId: String(province.id),
      cityId: String(city.id),
      type: String(type.id),
      assignee: 'me',
      from: '1405-07-01',
      to: '1405-09-30',
    });
  });

  it('refuse a day that is not one, with a Persian message on the field and focus on it', async () => {
    const onSearch = vi.fn();
    render(<Empty onSearch={onSearch} />);
    const user = userEvent.setup();
    const from = screen.getByRole('textbox', { name: faConsole.staff.fromDay });
    await user.type(from, '1404/12/30');
    await user.click(searchButton());

    expect(onSearch).not.toHaveBeenCalled();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(faConsole.staff.dayInvalid);
    expect(from).toHaveFocus();
  });

  it('refuse a range that ends before it starts', async () => {
    const onSearch = vi.fn();
    render(<Empty onSearch={onSearch} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: faConsole.staff.fromDay }), '1405/09/10');
    const to = screen.getByRole('textbox', { name: faConsole.staff.toDay });
    await user.type(to, '1405/09/01');
    await user.click(searchButton());

    expect(onSearch).not.toHaveBeenCalled();
    expect(to).toHaveAccessibleDescription(faConsole.staff.dayOrder);
  });

  it('show the current filters, and clear them all at once', async () => {
    const onSearch = vi.fn();
    render(<Filtered onSearch={onSearch} />);
    expect(screen.getByRole('combobox', { name: faConsole.staff.city })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: faConsole.staff.fromDay })).toHaveValue('۱۴۰۵/۰۷/۰۱');
    await userEvent.setup().click(screen.getByRole('button', { name: faConsole.staff.clearFilters }));
    expect(onSearch).toHaveBeenCalledWith(anyRegistration);
  });
});
