import type { Meta, StoryObj } from '@storybook/react-vite';
import { JalaliCalendar } from './JalaliCalendar.js';
import { jalaliDayOf } from '../jalali.js';
import { sampleNow } from '../staff-fixtures.js';

const meta = {
  title: 'Staff/JalaliCalendar',
  component: JalaliCalendar,
  args: { today: jalaliDayOf(sampleNow), onPick: () => undefined, onClose: () => undefined },
} satisfies Meta<typeof JalaliCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: today's month, today marked. */
export const ThisMonth: Story = { parameters: { storyTest: { text: ['آذر ۱۴۰۵'] } } };

/** A chosen day in another month: the calendar opens there. */
export const WithChosenDay: Story = {
  args: { value: { year: 1405, month: 1, day: 13 } },
  parameters: { storyTest: { text: ['فروردین ۱۴۰۵'] } },
};

/** Esfand of a leap year has 30 days. */
export const LeapEsfand: Story = {
  args: { value: { year: 1403, month: 12, day: 30 } },
  parameters: { storyTest: { text: ['اسفند ۱۴۰۳', '۳۰'] } },
};
