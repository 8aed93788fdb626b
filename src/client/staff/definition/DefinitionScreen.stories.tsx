import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { DefinitionWorkspace } from './DefinitionScreen.js';

/** The whole screen over the mocked staff API (.storybook/api-mock.ts): the draft is schemas/. */
const meta = {
  title: 'Staff/Definition/DefinitionScreen',
  component: DefinitionWorkspace,
} satisfies Meta<typeof DefinitionWorkspace>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Edit: Story = {
  parameters: {
    storyTest: { text: [faConsole.editor.title, faConsole.editor.files, 'wizard.json', faConsole.editor.noProblems] },
  },
};

export const Publish: Story = {
  args: { initialTab: 'publish' },
  parameters: { storyTest: { text: ['داخل مجتمع پزشکی'], button: faConsole.editor.publish.submit } },
};

export const Versions: Story = {
  args: { initialTab: 'versions' },
  parameters: { storyTest: { text: ['editor@example.ir', faConsole.editor.versions.states.past] } },
};

export const Preview: Story = {
  args: { initialTab: 'preview' },
  parameters: { storyTest: { text: [faConsole.editor.preview.note] } },
};
