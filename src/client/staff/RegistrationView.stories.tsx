import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../../shared/strings.fa.js';
import { sampleConfig } from '../../../widgets/story-fixtures.js';
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

/** With the wizard's map settings: the pharmacy's position on the map (tiles from the settings' server). */
export const WithMap: Story = { args: { mapSettings: sampleConfig.map } };

export const RejectionWithoutReason: Story = { args: { error: fa.staff.reasonRequired } };
