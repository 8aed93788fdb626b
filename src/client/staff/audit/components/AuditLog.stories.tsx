import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuditLog } from './AuditLog.js';
import { sampleAudit } from '../audit-fixtures.js';
import { atAddress } from '../../ui/staff-story.js';

const meta = {
  title: 'Staff/AuditLog',
  component: AuditLog,
  decorators: [atAddress('/staff/audit')],
  args: { events: sampleAudit },
} satisfies Meta<typeof AuditLog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An export, a case's status change, note and assignment, a sign-in: newest first, each case linked by its code. */
export const Latest: Story = { parameters: { storyTest: { text: ['7K3M9QXD', 'سپردن پرونده: به agent@example.ir'] } } };

export const Empty: Story = { args: { events: [] } };
