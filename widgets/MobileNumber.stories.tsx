import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/manager.schema.json';
import uiSchema from '../schemas/steps/manager.ui.json';
import MobileNumberWidget from './MobileNumber.js';
import {
  renderField,
  schemaMessage,
  widgetArgTypes,
  withWidgetProviders,
  type WidgetStoryArgs,
} from './story-helpers.js';

const step = { schema, uiSchema };

/** `mobileNumber`: mask 9999-999-9999, Persian digits shown, 11 ASCII digits stored. */
const meta = {
  title: 'Widgets/MobileNumber',
  decorators: [withWidgetProviders],
  render: renderField(MobileNumberWidget, step, 'mobileNumber'),
  argTypes: widgetArgTypes,
  args: { value: undefined, siblings: {}, rawErrors: [], disabled: false, readonly: false },
  parameters: { api: {} },
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: '09123456789' } };

export const Invalid: Story = {
  args: { value: '0812345', rawErrors: [schemaMessage(step, 'mobileNumber', 'pattern')] },
};

export const Disabled: Story = { args: { value: '09123456789', disabled: true } };
