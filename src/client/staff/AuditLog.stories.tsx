import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuditLog } from './AuditLog.js';
import { sampleAudit } from './staff-fixtures.js';

const meta = {
  title: 'Staff/AuditLog',
  component: AuditLog,
  args: { events: sampleAudit, onOpen: () => undefined },
} satisfies Meta<typeof AuditLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An export, a case's status change and note, a sign-in: newest first. */
export const Latest: Story = {};

export const Empty: Story = { args: { events: [] } };
