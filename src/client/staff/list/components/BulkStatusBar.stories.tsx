import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { BulkStatusBar } from './BulkStatusBar.js';
import { sampleList } from '../list-fixtures.js';

const [fresh, contacted, closed] = sampleList.items;

const meta = {
  title: 'Staff/BulkStatusBar',
  component: BulkStatusBar,
  args: {
    selected: [fresh, { ...fresh, id: 9, trackingCode: 'Z8R4M2QW' }],
    onApply: () => undefined,
    onClear: () => undefined,
  },
} satisfies Meta<typeof BulkStatusBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two new cases: they can be marked contacted together. */
export const TwoNew: Story = {
  parameters: { storyTest: { button: `${faConsole.staff.moveTo} «${faConsole.staff.statuses.contacted}»` } },
};

/** Contacted cases may be approved, or rejected with one reason for all. */
export const Contacted: Story = { args: { selected: [contacted] } };

/** Cases of different statuses: no move is offered. */
export const MixedStatuses: Story = {
  args: { selected: [fresh, contacted] },
  parameters: { storyTest: { text: [faConsole.staff.bulkMixed] } },
};

export const ClosedCases: Story = {
  args: { selected: [closed] },
  parameters: { storyTest: { text: [faConsole.staff.bulkNone] } },
};

/** After the change: one case moved, one had moved meanwhile. */
export const WithOutcomes: Story = {
  args: {
    selected: [],
    outcomes: [
      { id: 1, ok: true, trackingCode: fresh.trackingCode },
      { id: 9, ok: false, code: 'status_conflict', trackingCode: 'Z8R4M2QW' },
    ],
  },
  parameters: { storyTest: { text: [faConsole.staff.bulkCodes.status_conflict] } },
};
