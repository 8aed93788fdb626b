import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../../../shared/text/strings.fa.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { fill } from '../../../shared/text/persian.js';
import { SignInForm } from './SignInForm.js';

const meta = {
  title: 'Staff/SignInForm',
  component: SignInForm,
  args: { onSubmit: async () => undefined },
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** After a failed sign-in: one generic message, whatever went wrong. */
export const Failed: Story = { args: { error: fa.errors.sign_in_failed } };
/** After several wrong attempts in a row: the wait, in words, as the server says it. */
export const Locked: Story = {
  args: { error: fill(fa.errors.sign_in_locked, { wait: fill(faConsole.staff.waitMinutes, { count: 14 }) }) },
};
