import type { Meta, StoryObj } from '@storybook/react-vite';
import { RegistrationTable } from './RegistrationTable.js';
import { sampleSummary } from './staff-fixtures.js';

const meta = {
  title: 'Staff/RegistrationTable',
  component: RegistrationTable,
  args: {
    items: [
      sampleSummary,
      {
        ...sampleSummary,
        id: 2,
        trackingCode: 'Q2W8N4RT',
        status: 'rejected',
        pharmacyName: 'داروخانه شبانه‌روزی سینا',
      },
    ],
    onOpen: () => undefined,
  },
} satisfies Meta<typeof RegistrationTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Rows: Story = {};

export const NothingFound: Story = { args: { items: [] } };

/** On a 360 px phone each row is a card with its labels. */
export const OnPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

/** Sorted by pharmacy name, A→Z: the header says so to screen readers (aria-sort) and shows ▲. */
export const SortedByName: Story = {
  args: { sort: { column: 'pharmacy_name', direction: 'asc' }, onSort: () => undefined },
};
