import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fa } from '../../../../shared/text/strings.fa.js';
import { PreviewFrame } from './PreviewFrame.js';

const meta = {
  title: 'Staff/Definition/PreviewFrame',
  component: PreviewFrame,
  args: { src: 'about:blank', onReload: fn() },
} satisfies Meta<typeof PreviewFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The wizard in a frame of phone width (360 px); desktop (1280 px) is one choice away. */
export const Phone: Story = {
  parameters: { storyTest: { text: [faConsole.editor.preview.phone, faConsole.editor.preview.desktop] } },
};

/** The draft has changes not yet saved: the preview says it shows the last saved draft. */
export const Unsaved: Story = {
  args: { unsaved: true },
  parameters: { storyTest: { text: [faConsole.editor.preview.unsaved] } },
};

/** The checker reports problems: no preview until they are fixed. */
export const Blocked: Story = {
  args: { blocked: true },
  parameters: { storyTest: { text: [faConsole.editor.preview.blocked] } },
};

/** The server refused the preview's address (here: it expired); «بارگیری دوباره» asks for a new one. */
export const Refused: Story = {
  args: { src: undefined, error: fa.errors.preview_expired },
  parameters: { storyTest: { text: [fa.errors.preview_expired], button: faConsole.editor.preview.reload } },
};

/** The address is on its way. */
export const Loading: Story = {
  args: { src: undefined },
  parameters: { storyTest: { text: [faConsole.staff.loading] } },
};
