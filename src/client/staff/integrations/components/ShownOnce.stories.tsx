import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { sampleApiKey, sampleRotatedSecret, sampleSecret, sampleWebhooks } from '../integrations-fixtures.js';
import { ShownOnce } from './ShownOnce.js';

const copy = faConsole.integrations;

/** A secret or a key the server answers once. */
const meta = {
  title: 'Staff/Integrations/ShownOnce',
  component: ShownOnce,
  args: {
    title: copy.webhooks.secretTitle,
    subject: sampleWebhooks[0].url,
    value: sampleSecret,
    onDone: () => undefined,
  },
} satisfies Meta<typeof ShownOnce>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewSecret: Story = { parameters: { storyTest: { text: [copy.shownOnce], value: sampleSecret } } };

export const RotatedSecret: Story = {
  args: { value: sampleRotatedSecret, note: copy.webhooks.rotatedNote },
  parameters: { storyTest: { text: [copy.webhooks.rotatedNote], value: sampleRotatedSecret } },
};

export const NewKey: Story = {
  args: { title: fill(copy.apiKeys.keyTitle, { name: 'CRM فروش' }), subject: undefined, value: sampleApiKey },
  parameters: { storyTest: { value: sampleApiKey, button: copy.copy } },
};
