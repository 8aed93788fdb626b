import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { JalaliDayInput } from './JalaliDayInput.js';
import { sampleNow } from '../staff-fixtures.js';

const meta = {
  title: 'Staff/JalaliDayInput',
  component: JalaliDayInput,
  args: { name: 'from', label: faConsole.staff.fromDay, today: sampleNow },
} satisfies Meta<typeof JalaliDayInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** A day from the address (1405-09-03) shown as staff write it. */
export const Filled: Story = {
  args: { defaultValue: '1405-09-03' },
  parameters: { storyTest: { value: '۱۴۰۵/۰۹/۰۳' } },
};

/** A day the calendar lacks: the message is read out with the field. */
export const Invalid: Story = { args: { defaultValue: '1404/12/30', error: faConsole.staff.dayInvalid } };

/** The calendar opened beside the field, on the typed day's month. */
export const CalendarOpen: Story = {
  args: { defaultValue: '1405-09-03' },
  play: async ({ canvasElement }) => {
    const toggle = canvasElement.querySelector<HTMLButtonElement>('button[aria-expanded]');
    toggle?.click();
  },
  parameters: { storyTest: { text: ['آذر ۱۴۰۵'] } },
};
