import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { sampleDeliveries } from '../integrations-fixtures.js';
import { DeliveryLog } from './DeliveryLog.js';

const copy = faConsole.integrations.webhooks;

/** An endpoint's delivery log: attempts, the receiver's status and the first 500 bytes of its answer. */
const meta = {
  title: 'Staff/Integrations/DeliveryLog',
  component: DeliveryLog,
  args: { deliveries: sampleDeliveries, onReplay: () => undefined },
} satisfies Meta<typeof DeliveryLog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RetriedThenDelivered: Story = {
  parameters: { storyTest: { text: [copy.states.delivered, sampleDeliveries[1].answer, copy.replay] } },
};

export const Replaying: Story = { args: { replaying: sampleDeliveries[0].id } };

export const Empty: Story = { args: { deliveries: [] }, parameters: { storyTest: { text: [copy.noDeliveries] } } };
