import type { Meta, StoryObj } from '@storybook/react-vite';
import { FunnelView } from './FunnelView.js';
import { sampleFunnel } from './staff-fixtures.js';

const meta = {
  title: 'Staff/FunnelView',
  component: FunnelView,
  args: {
    answer: sampleFunnel,
    filter: { from: '', to: '', version: '' },
    onFilter: () => undefined,
    onBack: () => undefined,
  },
} satisfies Meta<typeof FunnelView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoDaysTwoPlans: Story = {};

export const NothingCounted: Story = { args: { answer: { versions: [], rows: [] } } };
