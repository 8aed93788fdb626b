import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { placedSampleProblems, sampleEditor } from '../definition-fixtures.js';
import { DraftEditorView } from './DraftEditorView.js';

const meta = {
  title: 'Staff/Definition/DraftEditorView',
  component: DraftEditorView,
  args: { editor: sampleEditor() },
} satisfies Meta<typeof DraftEditorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {
  parameters: { storyTest: { text: [faConsole.editor.status.saved, faConsole.editor.noProblems] } },
};

/** The checker's problems in the list, counted per file, and at their lines in the open file. */
export const WithProblems: Story = {
  args: { editor: sampleEditor({ problems: placedSampleProblems }) },
  parameters: { storyTest: { text: ['patern', faConsole.editor.problems] } },
};

export const Saving: Story = {
  args: { editor: sampleEditor({ status: 'saving' }) },
  parameters: { storyTest: { text: [faConsole.editor.status.saving] } },
};

/** A file that is not JSON yet is saved as typed; the checker's words for it, at its line. */
export const NotJson: Story = {
  args: {
    editor: sampleEditor({
      problems: [
        {
          file: 'wizard.json',
          line: 4,
          pointer: '',
          message:
            'The file is not valid JSON: there is a comma before "}" (JSON allows no comma after the last item) at line 4, column 1. Correct the text at that spot (an editor such as VS Code underlines it in red); no other check of this file can run until it is valid JSON.',
          level: 'error',
          code: 'json-syntax',
        },
      ],
    }),
  },
  parameters: { storyTest: { text: [faConsole.editor.status.saved, 'not valid JSON'] } },
};

/** Another editor saved first: this save was refused, and the editor says what to do. */
export const StaleSave: Story = {
  args: { editor: sampleEditor({ status: 'conflict' }) },
  parameters: {
    storyTest: { text: [faConsole.editor.conflict, faConsole.editor.conflictHelp], button: faConsole.editor.reload },
  },
};

export const SaveFailed: Story = {
  args: { editor: sampleEditor({ status: 'failed' }) },
  parameters: { storyTest: { text: [faConsole.editor.status.failed], button: faConsole.editor.retrySave } },
};

export const Loading: Story = {
  args: { editor: sampleEditor({ ready: false, texts: {} }) },
  parameters: { storyTest: { text: [faConsole.editor.loading] } },
};
