/**
 * Stories of the console's screens: their calls answered from the story's React Query cache (seeded
 * here, never fetched).
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffMe } from '../../../shared/contracts/staff.schemas.js';
import { sampleChoices } from '../list/list-fixtures.js';
import { sampleColleagues } from '../ui/staff-fixtures.js';
import { staffKeys } from '../ui/query-keys.js';

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
