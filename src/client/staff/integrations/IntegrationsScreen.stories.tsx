import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ApiMockArgs } from '../../../../.storybook/api-mock.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import IntegrationsScreen from './IntegrationsScreen.js';
import {
  refusedUrlMessage,
  sampleApiKey,
  sampleApiKeys,
  sampleDeliveries,
  sampleSecret,
  sampleWebhooks,
} from './integrations-fixtures.js';

const copy = faConsole.integrations;

/** «یکپارچه‌سازی» over the mocked staff API (.storybook/api-mock.ts); the args steer only the mock. */
const meta = {
  title: 'Staff/Integrations/IntegrationsScreen',
  render: () => <IntegrationsScreen />,
} satisfies Meta<ApiMockArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

async function addEndpoint(canvasElement: HTMLElement, url: string): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: copy.webhooks.add }));
  await userEvent.type(canvas.getByRole('textbox', { name: copy.webhooks.url }), url);
  await userEvent.type(canvas.getByRole('textbox', { name: copy.webhooks.description }), 'CRM');
  await userEvent.click(canvas.getByRole('button', { name: copy.webhooks.save }));
}

/** Two endpoints (one disabled by the server after a 410) and two keys (one revoked). */
export const WithEndpointsAndKeys: Story = {
  parameters: {
    storyTest: {
      text: [sampleWebhooks[0].url, copy.webhooks.disabledBy.gone, sampleApiKeys[0].prefix, copy.apiKeys.active],
    },
  },
};

/** An endpoint just added: its secret, once, focused, with the copy button and the warning. */
export const SecretShownOnce: Story = {
  parameters: { storyTest: { text: [copy.shownOnce], value: sampleSecret, button: copy.copy } },
  play: async ({ canvasElement }) => {
    await addEndpoint(canvasElement, 'https://erp.example.ir/hooks');
    const secret = await within(canvasElement).findByDisplayValue(sampleSecret);
    await waitFor(() => expect(secret).toHaveFocus());
  },
};

/** A key just created: shown once, like a secret. */
export const KeyShownOnce: Story = {
  parameters: { storyTest: { text: [copy.shownOnce], value: sampleApiKey } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: copy.apiKeys.name }), 'انبار مرکزی');
    await userEvent.click(canvas.getByRole('button', { name: copy.apiKeys.create }));
    await canvas.findByDisplayValue(sampleApiKey);
  },
};

/** An address that reaches a private network: the server's words above the form and at the field. */
export const RefusedUrl: Story = {
  args: { webhookUrl: 'refused' },
  parameters: { storyTest: { text: [copy.errorSummary, refusedUrlMessage] } },
  play: async ({ canvasElement }) => {
    await addEndpoint(canvasElement, 'http://10.0.0.1/hook');
    const url = within(canvasElement).getByRole('textbox', { name: copy.webhooks.url });
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
  },
};

/** The first endpoint's delivery log: a 500 then its retry delivered, and a ping nobody answered. */
export const DeliveryLog: Story = {
  parameters: {
    storyTest: { text: [sampleDeliveries[1].answer, copy.webhooks.noStatus, copy.webhooks.replay] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole('button', { name: copy.webhooks.showDeliveries });
    await userEvent.click(first);
    await canvas.findByText(sampleDeliveries[1].answer);
  },
};
