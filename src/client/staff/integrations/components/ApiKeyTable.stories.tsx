import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { sampleApiKeys } from '../integrations-fixtures.js';
import { ApiKeyTable } from './ApiKeyTable.js';

const copy = faConsole.integrations.apiKeys;

/** The keys: their first characters, last use and revocation, never the key itself. */
const meta = {
  title: 'Staff/Integrations/ApiKeyTable',
  component: ApiKeyTable,
  args: { keys: sampleApiKeys, onRevoke: () => undefined },
} satisfies Meta<typeof ApiKeyTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ActiveAndRevoked: Story = {
  parameters: { storyTest: { text: [sampleApiKeys[0].prefix, copy.never], button: copy.revoke } },
};

export const Empty: Story = { args: { keys: [] }, parameters: { storyTest: { text: [copy.empty] } } };
