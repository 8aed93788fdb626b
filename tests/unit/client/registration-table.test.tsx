import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../src/client/staff/list/components/RegistrationTable.stories.js';
import type { ListSort } from '../../../src/shared/contracts/staff.js';
import { faConsole } from '../../../src/shared/text/console-strings.fa.js';

const { SortedByName } = composeStories(stories);

afterEach(cleanup);

describe('the staff list table', () => {
  it('says which column it is sorted by, and sorts by the column whose header is pressed', async () => {
    const onSort = vi.fn<(column: ListSort) => void>();
    render(<SortedByName onSort={onSort} />);
    const name = screen.getByRole('columnheader', { name: new RegExp(faConsole.staff.pharmacyName) });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: new RegExp(faConsole.staff.createdAt) })).not.toHaveAttribute(
      'aria-sort',
    );
    // The manager's name is not a sort the server offers: no button in its header.
    expect(
      within(screen.getByRole('columnheader', { name: faConsole.staff.manager })).queryByRole('button'),
    ).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: faConsole.staff.createdAt }));
    expect(onSort).toHaveBeenCalledWith('created_at');
  });
});
