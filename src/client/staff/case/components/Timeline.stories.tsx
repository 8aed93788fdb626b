import type { Meta, StoryObj } from '@storybook/react-vite';
import { Timeline } from './Timeline.js';
import { sampleRegistration } from '../../ui/staff-fixtures.js';

const meta = {
  title: 'Staff/Timeline',
  component: Timeline,
  args: { events: sampleRegistration.timeline },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StatusNoteAndAssignment: Story = {};

export const Rejected: Story = {
  args: {
    events: [
      {
        id: 3,
        at: '2026-11-22T10:00:00.000Z',
        action: 'status',
        actor: 'admin@example.ir',
        registration: { id: 1, trackingCode: '7K3M9QXD' },
        detail: { from: 'contacted', to: 'rejected', reason: 'مجوز داروخانه معتبر نیست.' },
      },
    ],
  },
};
