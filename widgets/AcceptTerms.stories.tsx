import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/manager.schema.json';
import uiSchema from '../schemas/steps/manager.ui.json';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `acceptTerms`: checkbox and the «مشاهده قوانین» button opening the rules dialog. */
const meta = {
  title: 'Widgets/AcceptTerms',
  ...fieldStoryMeta(step, 'acceptTerms', {
    docs: {
      step: 'manager',
      summary:
        'a checkbox the manager ticks to accept the rules, and a button opening them in a dialog; required means ticked (`"const": true`).',
    },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: true } };

export const Invalid: Story = { args: { value: false, rawErrors: [schemaMessage(step, 'acceptTerms')] } };

export const Disabled: Story = { args: { value: true, disabled: true } };
