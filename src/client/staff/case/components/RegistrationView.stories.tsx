import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { sampleConfig } from '../../../../../widgets/story-fixtures.js';
import { AssigneeControl } from './AssigneeControl.js';
import { RegistrationView } from './RegistrationView.js';
import { agentMe, sampleAgent, sampleNow, sampleRegistration } from '../../ui/staff-fixtures.js';
import { atAddress } from '../../ui/staff-story.js';

const meta = {
  title: 'Staff/RegistrationView',
  component: RegistrationView,
  decorators: [atAddress('/staff/registrations/1')],
  args: {
    registration: sampleRegistration,
    backHref: '/staff/registrations?status=contacted',
    now: sampleNow,
    onMove: () => undefined,
    onNote: async () => undefined,
    assignment: <AssigneeControl assignee={sampleAgent} me={agentMe} onAssign={() => undefined} />,
  },
} satisfies Meta<typeof RegistrationView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Contacted, handled by the agent: it may be approved, or rejected with a reason. */
export const Contacted: Story = {
  parameters: { storyTest: { text: ['۰۹۱۲ ۳۴۵ ۶۷۸۹', '۰۴۹۹۳۷۰۸۹۹', '۳ روز در انتظار', 'خیر'] } },
};

export const New: Story = {
  args: {
    registration: {
      ...sampleRegistration,
      status: 'new',
      assignee: null,
      next: ['contacted'],
      timeline: [],
      notes: [],
      duplicates: [],
    },
    assignment: <AssigneeControl assignee={null} me={agentMe} onAssign={() => undefined} />,
  },
};

/** With the wizard's map settings: the position is one answer, with the map (tiles from the settings' server). */
export const WithMap: Story = { args: { mapSettings: sampleConfig.map } };

/** The same position on Neshan's map (the spec's options), when the config names `neshan`. */
export const WithNeshanMap: Story = {
  args: {
    mapSettings: {
      ...sampleConfig.map,
      provider: 'neshan',
      key: 'web.0123456789abcdef0123456789abcdef',
      type: 'dreamy',
    },
  },
};

export const RejectionWithoutReason: Story = { args: { error: faConsole.staff.reasonRequired } };
