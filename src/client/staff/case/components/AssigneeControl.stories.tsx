import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { AssigneeControl } from './AssigneeControl.js';
import { adminMe, agentMe, sampleAgent, sampleColleagues } from '../../ui/staff-fixtures.js';

const meta = {
  title: 'Staff/AssigneeControl',
  component: AssigneeControl,
  args: { assignee: null, me: agentMe, onAssign: () => undefined },
} satisfies Meta<typeof AssigneeControl>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody handles it: an agent may take it. */
export const Unassigned: Story = { parameters: { storyTest: { button: faConsole.staff.assignToMe } } };

/** The agent's own case: they may give it back. */
export const Mine: Story = {
  args: { assignee: sampleAgent },
  parameters: { storyTest: { button: faConsole.staff.giveBack } },
};

/** An admin may give anyone's case to a colleague. */
export const AdminReassigns: Story = {
  args: { assignee: sampleAgent, me: adminMe, colleagues: sampleColleagues },
  parameters: { storyTest: { button: faConsole.staff.reassign } },
};

/** Someone took it meanwhile: the server's message. */
export const TakenMeanwhile: Story = { args: { error: 'این پرونده را همکار دیگری برداشته است؛ صفحه را تازه کنید.' } };
