import type { Meta, StoryObj } from '@storybook/react-vite';
import { FunnelView } from './FunnelView.js';
import { sampleFunnel } from '../funnel-fixtures.js';

const meta = {
  title: 'Staff/FunnelView',
  component: FunnelView,
  args: {
    answer: sampleFunnel,
    filter: { from: '', to: '', version: '' },
    onFilter: () => undefined,
  },
} satisfies Meta<typeof FunnelView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoDaysTwoPlans: Story = {};

export const NothingCounted: Story = { args: { answer: { versions: [], rows: [] } } };

/** Autumn 1405 of one version: the days as Jalali dates, the same fields as the list's. */
export const FilteredByDays: Story = {
  args: { filter: { from: '1405-07-01', to: '1405-09-30', version: '3f9c2a1b' } },
  parameters: { storyTest: { value: '۱۴۰۵/۰۷/۰۱' } },
};
