/**
 * Stories of the console: its components inside a router at a console address, and its screens
 * with their calls answered from the story's React Query cache (seeded here, never fetched).
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Decorator } from '@storybook/react-vite';
import type { StaffMe } from '../../../shared/staff-contract.js';
import { sampleChoices, sampleColleagues } from './staff-fixtures.js';
import { staffKeys } from '../staff-queries.js';

/** A story's router at a console address (the list unless it says otherwise). */
export const atAddress =
  (address = '/staff/registrations'): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={[address]}>
      <Story />
    </MemoryRouter>
  );

export interface StaffSeeds {
  me: StaffMe | null;
  /** Further answers, by query key (staffKeys). */
  answers?: Array<[readonly unknown[], unknown]>;
}

/** The console's cache as it is once its calls have been answered: nothing is fetched again. */
export function SeededConsole({ seeds, children }: { seeds: StaffSeeds; children: ReactNode }) {
  const client = useQueryClient();
  useState(() => {
    client.setQueryDefaults(staffKeys.all, { staleTime: Infinity, retry: false });
    client.setQueryData(staffKeys.me, seeds.me);
    client.setQueryData(staffKeys.filters, sampleChoices);
    client.setQueryData(staffKeys.colleagues, sampleColleagues);
    for (const [key, value] of seeds.answers ?? []) client.setQueryData(key, value);
    return true;
  });
  return children;
}
