import type { Meta, StoryObj } from '@storybook/react-vite';
import { placedSampleProblems, sampleTexts } from '../definition-fixtures.js';
import { CodeEditor } from './CodeEditor.js';

const meta = {
  title: 'Staff/Definition/CodeEditor',
  component: CodeEditor,
  args: { file: 'wizard.json', text: sampleTexts['wizard.json'], problems: [], onChange: () => undefined },
} satisfies Meta<typeof CodeEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** wizard.json: Persian titles inside the LTR JSON, completion from wizard.schema.json. */
export const WizardJson: Story = { parameters: { storyTest: { text: ['پیش‌ثبت‌نام داروخانه'] } } };

/** A step schema with the checker's problems at their lines (gutter marks and underlines). */
export const WithProblems: Story = {
  args: {
    file: 'steps/pharmacy-info.schema.json',
    text: sampleTexts['steps/pharmacy-info.schema.json'],
    problems: placedSampleProblems.filter((problem) => problem.file === 'steps/pharmacy-info.schema.json'),
    reveal: { line: 12 },
  },
  parameters: { storyTest: { text: ['نام داروخانه'] } },
};
