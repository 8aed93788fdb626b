import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConsoleHeader } from './ConsoleHeader.js';
import { consoleRoutes, mayOpen, navigationFor } from './screens.js';
import { adminMe, agentMe } from '../ui/staff-fixtures.js';
import { atAddress } from '../ui/staff-story.js';

const meta = {
  title: 'Staff/ConsoleHeader',
  component: ConsoleHeader,
  decorators: [atAddress('/staff/funnel')],
  args: { me: agentMe, links: navigationFor('agent'), onSignOut: () => undefined },
} satisfies Meta<typeof ConsoleHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An agent on the funnel: the list and the funnel, the funnel marked as the current page. */
export const Agent: Story = {};

/** An admin also sees the audit log. */
export const Admin: Story = { args: { me: adminMe, links: navigationFor('admin') } };

/** An editor, before any screen of theirs is in the console: no empty navigation. */
export const EditorWithoutScreens: Story = {
  args: {
    me: { id: 7, email: 'editor@example.ir', role: 'editor' },
    links: navigationFor(
      'editor',
      consoleRoutes.filter((route) => !mayOpen('editor', route.screen)),
    ),
  },
};
