import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { sampleTexts } from '../definition-fixtures.js';
import { FileList } from './FileList.js';

const meta = {
  title: 'Staff/Definition/FileList',
  component: FileList,
  args: {
    files: Object.keys(sampleTexts),
    open: 'wizard.json',
    problemCounts: {},
    onOpen: () => undefined,
    onAddStep: () => undefined,
    onRemove: () => undefined,
  },
  parameters: { storyTest: { text: ['wizard.json', 'steps/manager.ui.json'] } },
} satisfies Meta<typeof FileList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Files: Story = {};

/** The checker found problems in two files: each shows how many. */
export const WithProblems: Story = {
  args: {
    open: 'steps/pharmacy-info.schema.json',
    problemCounts: { 'steps/pharmacy-info.schema.json': 2, 'steps/pharmacy-info.ui.json': 1 },
  },
  parameters: { storyTest: { text: ['۲ ایراد', '۱ ایراد'] } },
};

/** Adding a form step: its id is asked, and a wrong one is refused with a Persian message. */
export const AddingAStep: Story = {
  play: async ({ canvasElement }) => {
    const button = [...canvasElement.querySelectorAll('button')].find(
      (element) => element.textContent === faConsole.editor.addStep,
    );
    button?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const input = canvasElement.querySelector<HTMLInputElement>('input[name="stepId"]');
    if (input) input.value = 'Contact Step';
    canvasElement.querySelector<HTMLFormElement>('form')?.requestSubmit();
  },
  parameters: { storyTest: { text: [faConsole.editor.stepIdInvalid] } },
};
