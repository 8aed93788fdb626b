import type { FunnelAnswer } from '../../../shared/contracts/staff.schemas.js';

export const sampleFunnel: FunnelAnswer = {
  versions: ['3f9c2a1b'],
  rows: [
    {
      day: '2026-11-21',
      tier: 1,
      visits: 120,
      steps: { '1': 110, '2': 64, '3': 41, '4': 30, '5': 26 },
      registrations: 24,
      conversion: 0.2,
    },
    {
      day: '2026-11-20',
      tier: 2,
      visits: 40,
      steps: { '1': 38, '2': 20, '3': 12, '4': 9, '5': 8 },
      registrations: 7,
      conversion: 0.175,
    },
  ],
};
