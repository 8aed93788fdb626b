import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '../../../api/http.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { refusedUrlMessage, sampleWebhooks } from '../integrations-fixtures.js';
import { WebhookForm } from './WebhookForm.js';

const copy = faConsole.integrations;

/** Adding or editing an endpoint. */
const meta = {
  title: 'Staff/Integrations/WebhookForm',
  component: WebhookForm,
  args: { onSubmit: () => undefined, onCancel: () => undefined },
} satisfies Meta<typeof WebhookForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = { parameters: { storyTest: { text: [copy.webhooks.addTitle, copy.webhooks.events] } } };

/** Header values are never shown again: the names, and a choice to replace them. */
export const Edit: Story = {
  args: { endpoint: sampleWebhooks[0] },
  parameters: { storyTest: { value: sampleWebhooks[0].url, text: ['X-Gateway-Key', copy.webhooks.replaceHeaders] } },
};

export const RefusedUrl: Story = {
  args: { error: new ApiError(400, 'webhook_url_refused', refusedUrlMessage) },
  parameters: { storyTest: { text: [copy.errorSummary, refusedUrlMessage] } },
};
