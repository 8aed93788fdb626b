import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { sampleVersions } from '../definition-fixtures.js';
import { VersionList } from './VersionList.js';

const meta = {
  title: 'Staff/Definition/VersionList',
  component: VersionList,
  args: { versions: sampleVersions, onRollback: async () => undefined },
} satisfies Meta<typeof VersionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Live, draft and past versions: who published each, when and why; a past one can be published again. */
export const Versions: Story = {
  parameters: {
    storyTest: {
      text: [faConsole.editor.versions.states.live, 'editor@example.ir', 'داخل مجتمع پزشکی'],
      button: faConsole.editor.versions.republishLabel.replace('{version}', '0c72d19e8a'),
    },
  },
};

/** Publishing an earlier version again asks why. */
export const RollingBack: Story = {
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('tbody tr[data-state="past"] button')?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    canvasElement.querySelector<HTMLFormElement>('form')?.requestSubmit();
  },
  parameters: { storyTest: { text: [faConsole.editor.versions.rollbackNoteRequired] } },
};

export const NoVersion: Story = {
  args: { versions: [] },
  parameters: { storyTest: { text: [faConsole.editor.versions.empty] } },
};
