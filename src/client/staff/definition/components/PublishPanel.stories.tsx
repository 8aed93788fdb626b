import type { Meta, StoryObj } from '@storybook/react-vite';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { sampleDiff } from '../definition-fixtures.js';
import { PublishPanel } from './PublishPanel.js';

const meta = {
  title: 'Staff/Definition/PublishPanel',
  component: PublishPanel,
  args: { problemCount: 0, saved: true, diff: sampleDiff, onPublish: async () => '5d1e0a9b7c' },
} satisfies Meta<typeof PublishPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The changes in words and as JSON; a note is asked before publishing. */
export const Ready: Story = {
  parameters: {
    storyTest: { text: ['داخل مجتمع پزشکی', faConsole.editor.publish.raw], button: faConsole.editor.publish.submit },
  },
};

/** Publishing waits for a note. */
export const NoteMissing: Story = {
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await Promise.resolve();
  },
  parameters: { storyTest: { text: [faConsole.editor.publish.noteRequired] } },
};

/** The checker reports problems: publishing is refused until they are fixed. */
export const Blocked: Story = {
  args: { problemCount: 2 },
  parameters: { storyTest: { text: [fill(faConsole.editor.publish.blocked, { count: 2 })] } },
};

export const Unsaved: Story = {
  args: { saved: false },
  parameters: { storyTest: { text: [faConsole.editor.publish.unsaved] } },
};

export const NoChange: Story = {
  args: { diff: { ...sampleDiff, changes: [], files: [] } },
  parameters: { storyTest: { text: [faConsole.editor.publish.noChanges] } },
};

/** Under the changes, each changed field's error and abandonment shares: the version before the live one beside it. */
export const WithFieldFigures: Story = {
  args: {
    fieldFigures: {
      live: '3f9a1c07e2',
      previous: '1b7c22d09e',
      figures: [
        {
          step: 'pharmacy-info',
          stepTitle: 'اطلاعات داروخانه',
          field: 'name',
          title: 'نام داروخانه',
          live: { errorShare: 0.042, abandonedShare: 0.011 },
          previous: { errorShare: 0.087, abandonedShare: 0.024 },
        },
      ],
    },
  },
  parameters: { storyTest: { text: [faConsole.editor.publish.figures, 'نام داروخانه (اطلاعات داروخانه)'] } },
};
