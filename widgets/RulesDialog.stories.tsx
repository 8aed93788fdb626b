import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { RulesDialog } from './RulesDialog.js';
import { withWidgetProviders } from './story-helpers.js';

/** The rules dialog shared by acceptTerms and /enter (articles from schemas/wizard.json#/rules). */
function RulesDemo({ startOpen }: { startOpen: boolean }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {fa.widgets.terms.rulesButton}
      </button>
      <RulesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const meta = {
  title: 'Widgets/RulesDialog',
  component: RulesDemo,
  decorators: [withWidgetProviders],
  args: { startOpen: false },
  argTypes: { startOpen: { control: 'boolean' } },
  render: (args) => <RulesDemo key={String(args.startOpen)} {...args} />,
} satisfies Meta<typeof RulesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = { args: { startOpen: true } };
