import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { InsightsView } from './InsightsView.js';
import { fixtureVersions, nothingCounted, oneVersion, tooFewToSay, twoVersionsCompared } from '../insights-fixtures.js';

const t = faConsole.insights;

const meta = {
  title: 'Staff/InsightsView',
  component: InsightsView,
  args: {
    answer: oneVersion,
    filter: { version: '', compare: '', from: '', to: '' },
    onFilter: () => undefined,
  },
} satisfies Meta<typeof InsightsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing counted for the version in the period. */
export const Empty: Story = {
  args: { answer: nothingCounted },
  parameters: { storyTest: { text: [t.empty] } },
};

/** One version: the step funnel and the fields by managers lost, each chart with its table. */
export const OneVersion: Story = {
  parameters: { storyTest: { text: [t.funnelChart, t.lossChart, 'آدرس را کامل‌تر بنویسید.', t.csv] } },
};

/** Two versions side by side: each rate, the difference and its 95 % interval. */
export const TwoVersionsCompared: Story = {
  args: {
    answer: twoVersionsCompared,
    filter: { version: fixtureVersions.first, compare: fixtureVersions.second, from: '', to: '' },
  },
  parameters: { storyTest: { text: [t.comparison, t.verdicts.lower] } },
};

/** Too few visits on either side: «هنوز معلوم نیست». */
export const TooFewToSay: Story = {
  args: {
    answer: tooFewToSay,
    filter: { version: fixtureVersions.first, compare: fixtureVersions.second, from: '', to: '' },
  },
  parameters: { storyTest: { text: [t.verdicts.unclear] } },
};
