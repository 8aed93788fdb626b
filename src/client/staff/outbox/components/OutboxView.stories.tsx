import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OutboxAnswer } from '../../../../shared/contracts/followup.schemas.js';
import { OutboxView } from './OutboxView.js';

const at = Date.UTC(2026, 10, 20, 6, 30);
const sample: OutboxAnswer = {
  provider: 'kavenegar',
  counts: { waiting: 1, sending: 0, sent: 2, failed: 2 },
  items: [
    {
      id: 5,
      kind: 'code',
      receptor: '0935•••4567',
      status: 'failed',
      attempts: 3,
      createdAt: at + 240_000,
      sentAt: null,
      nextAttemptAt: null,
      error: 'expired',
      trackingCode: null,
    },
    {
      id: 4,
      kind: 'approved',
      receptor: '0912•••6789',
      status: 'waiting',
      attempts: 2,
      createdAt: at + 180_000,
      sentAt: null,
      nextAttemptAt: at + 200_000,
      error: 'Kavenegar 502: خطای داخلی سرور',
      trackingCode: 'K7Q9P2XM',
    },
    {
      id: 3,
      kind: 'rejected',
      receptor: '0919•••1122',
      status: 'failed',
      attempts: 1,
      createdAt: at + 120_000,
      sentAt: null,
      nextAttemptAt: null,
      error: 'Kavenegar 418: اعتبار حساب شما کافی نیست',
      trackingCode: 'M3X8R2TB',
    },
    {
      id: 2,
      kind: 'code',
      receptor: '0912•••6789',
      status: 'sent',
      attempts: 1,
      createdAt: at + 60_000,
      sentAt: at + 61_000,
      nextAttemptAt: null,
      error: null,
      trackingCode: null,
    },
    {
      id: 1,
      kind: 'receipt',
      receptor: '0912•••6789',
      status: 'sent',
      attempts: 1,
      createdAt: at,
      sentAt: at + 1_000,
      nextAttemptAt: null,
      error: null,
      trackingCode: 'K7Q9P2XM',
    },
  ],
};

/** The SMS outbox (admins): sent, waiting and failed, numbers masked. */
const meta = {
  title: 'Staff/Outbox',
  component: OutboxView,
  args: { answer: sample, status: '', onStatus: () => undefined, onRefresh: () => undefined },
} satisfies Meta<typeof OutboxView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Mixed: Story = { parameters: { storyTest: { text: ['0912•••6789', 'اعتبار حساب شما کافی نیست'] } } };

export const OnlyFailed: Story = {
  args: { status: 'failed', answer: { ...sample, items: sample.items.filter((item) => item.status === 'failed') } },
};

export const Empty: Story = {
  args: { answer: { provider: 'log', counts: { waiting: 0, sending: 0, sent: 0, failed: 0 }, items: [] } },
};
