import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { QueryError } from './QueryError.js';

const meta = {
  title: 'Staff/QueryError',
  component: QueryError,
  args: { error: new Error(fa.errors.network) },
} satisfies Meta<typeof QueryError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Failed: Story = {};

export const FailedWithRetry: Story = {
  args: { onRetry: () => undefined },
  parameters: { storyTest: { button: faConsole.staff.retry } },
};
