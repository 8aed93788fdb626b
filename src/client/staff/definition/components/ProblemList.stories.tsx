import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { placedSampleProblems } from '../definition-fixtures.js';
import { ProblemList } from './ProblemList.js';

const meta = {
  title: 'Staff/Definition/ProblemList',
  component: ProblemList,
  args: { problems: placedSampleProblems, onGo: () => undefined },
} satisfies Meta<typeof ProblemList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The checker's words, each with its file and line (a link to it). */
export const Problems: Story = { parameters: { storyTest: { text: ['patern', 'steps/pharmacy-info.ui.json'] } } };

export const NoProblem: Story = {
  args: { problems: [] },
  parameters: { storyTest: { text: [faConsole.editor.noProblems] } },
};
