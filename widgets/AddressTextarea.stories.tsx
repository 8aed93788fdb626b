import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import AddressTextareaWidget from './AddressTextarea.js';
import {
  renderField,
  schemaMessage,
  widgetArgTypes,
  withWidgetProviders,
  type WidgetStoryArgs,
} from './story-helpers.js';

const step = { schema, uiSchema };

/** `addressTextarea`: grows with its content; the hint is `ui:help`. */
const meta = {
  title: 'Widgets/AddressTextarea',
  decorators: [withWidgetProviders],
  render: renderField(AddressTextareaWidget, step, 'address'),
  argTypes: widgetArgTypes,
  args: { value: undefined, siblings: {}, rawErrors: [], disabled: false, readonly: false },
  parameters: { api: {} },
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = {
  args: {
    value: 'خیابان ولیعصر، بالاتر از پارک ساعی، کوچه نیلوفر، پلاک ۱۲، طبقه همکف\nروبه‌روی درمانگاه شبانه‌روزی',
  },
};

export const Invalid: Story = { args: { value: 'کوچه', rawErrors: [schemaMessage(step, 'address', 'minLength')] } };

export const Disabled: Story = { args: { value: 'خیابان ولیعصر، پلاک ۱۲', disabled: true } };
