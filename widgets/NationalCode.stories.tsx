import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/manager.schema.json';
import uiSchema from '../schemas/steps/manager.ui.json';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `nationalCode`: ten digits at most, Persian digits accepted, ASCII stored. */
const meta = {
  title: 'Widgets/NationalCode',
  ...fieldStoryMeta(step, 'nationalCode', {
    docs: {
      step: 'manager',
      summary:
        'a national code typed in Persian or Latin digits, stored as ASCII digits (the schema’s pattern and checksum format judge it).',
    },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: '0012345679' } };

export const Invalid: Story = {
  args: { value: '0012345678', rawErrors: [schemaMessage(step, 'nationalCode', 'format')] },
};

export const Disabled: Story = { args: { value: '0012345679', disabled: true } };
