import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { listParams, readListQuery } from '../list/list-query.js';
import { consoleRoutes, mayOpen } from './screens.js';
import { StaffApp } from './StaffApp.js';
import { adminMe, agentMe, sampleRegistration } from '../ui/staff-fixtures.js';
import { sampleAudit } from '../audit/audit-fixtures.js';
import { sampleFunnel } from '../funnel/funnel-fixtures.js';
import { sampleList } from '../list/list-fixtures.js';
import { staffKeys } from '../ui/query-keys.js';
import { atAddress } from '../ui/staff-story.js';
import { SeededConsole, type StaffSeeds } from './seeded-console.js';

const listKey = (search = '') => staffKeys.list(listParams(readListQuery(new URLSearchParams(search))).toString());

/** The whole console at an address, its calls answered from the cache. */
const consoleAt = (address: string, seeds: StaffSeeds): Partial<Story> => ({
  decorators: [
    (Story) => (
      <SeededConsole seeds={seeds}>
        <Story />
      </SeededConsole>
    ),
    atAddress(address),
  ],
});

const meta = {
  title: 'Staff/StaffApp',
  component: StaffApp,
} satisfies Meta<typeof StaffApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A link followed while signed out: the sign-in form, at the link's address. */
export const SignedOut: Story = {
  ...consoleAt('/staff/registrations/1', { me: null }),
  parameters: { storyTest: { button: faConsole.staff.signIn } },
};

/** An agent's list: their screens in the navigation, the filters, the cases and the pager. */
export const AgentList: Story = {
  ...consoleAt('/staff/registrations', { me: agentMe, answers: [[listKey(), sampleList]] }),
  parameters: { storyTest: { text: [sampleList.items[1].pharmacyName, 'صفحهٔ ۱ از ۱'] } },
};

/** «کارهای من»: the list filtered by the address. */
export const AgentMyCases: Story = {
  ...consoleAt('/staff/registrations?assignee=me', {
    me: agentMe,
    answers: [[listKey('assignee=me'), { ...sampleList, total: 1, items: [sampleList.items[1]] }]],
  }),
  parameters: { storyTest: { text: [sampleList.items[1].pharmacyName] } },
};

/** A case at its own address. */
export const AgentCase: Story = {
  ...consoleAt('/staff/registrations/1', { me: agentMe, answers: [[staffKeys.case(1), sampleRegistration]] }),
  parameters: { storyTest: { text: [sampleRegistration.pharmacyName, faConsole.staff.giveBack] } },
};

export const Funnel: Story = {
  ...consoleAt('/staff/funnel', { me: agentMe, answers: [[staffKeys.funnel(''), sampleFunnel]] }),
  parameters: { storyTest: { text: ['۳۰ آبان ۱۴۰۵'] } },
};

export const AdminAudit: Story = {
  ...consoleAt('/staff/audit', { me: adminMe, answers: [[staffKeys.audit, { events: sampleAudit }]] }),
  parameters: { storyTest: { text: [faConsole.staff.auditLog] } },
};

/** An agent following a link to the audit log: not for their role. */
export const AgentOnAdminScreen: Story = {
  ...consoleAt('/staff/audit', { me: agentMe }),
  parameters: { storyTest: { text: [faConsole.staff.notYourScreen] } },
};

/** An editor before any screen of theirs is in the console: one sentence, no broken list. */
export const EditorWithoutScreens: Story = {
  ...consoleAt('/staff', { me: { id: 7, email: 'editor@example.ir', role: 'editor' } }),
  args: { routes: consoleRoutes.filter((route) => !mayOpen('editor', route.screen)) },
  parameters: { storyTest: { text: [faConsole.staff.noScreens] } },
};
