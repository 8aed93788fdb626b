import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../../shared/strings.fa.js';
import { RegistrationView } from './RegistrationView.js';
import { sampleRegistration } from './staff-fixtures.js';

const meta = {
  title: 'Staff/RegistrationView',
  component: RegistrationView,
  args: {
    registration: sampleRegistration,
    onBack: () => undefined,
    onMove: async () => undefined,
    onNote: async () => undefined,
  },
} satisfies Meta<typeof RegistrationView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Contacted: it may be approved, or rejected with a reason. */
export const Contacted: Story = {};

export const New: Story = {
  args: {
    registration: {
      ...sampleRegistration,
      status: 'new',
      next: ['contacted'],
      timeline: [],
      notes: [],
      duplicates: [],
    },
  },
};

export const RejectionWithoutReason: Story = { args: { error: fa.staff.reasonRequired } };
