import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import schema from '../schemas/steps/manager.schema.json';
import uiSchema from '../schemas/steps/manager.ui.json';
import { STORY_CODE } from './verify/story-verification.js';
import { fieldStoryMeta, renderField, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `mobileNumber`: mask 9999-999-9999, Persian digits shown, 11 ASCII digits stored. */
const meta = {
  title: 'Widgets/MobileNumber',
  ...fieldStoryMeta(step, 'mobileNumber', {
    docs: {
      step: 'manager',
      summary:
        'a mobile number typed in Persian or Latin digits, shown in the mask’s shape, stored as 11 ASCII digits.',
    },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: '09123456789' } };

export const Invalid: Story = {
  args: { value: '0812345', rawErrors: [schemaMessage(step, 'mobileNumber', 'pattern')] },
};

export const Disabled: Story = { args: { value: '09123456789', disabled: true } };

/**
 * The field declared `"verify": "sms"` (docs/editing-the-wizard.md, «شماره همراه با کد پیامکی»):
 * off in the shipped schemas/, one line to turn on. The stories' service texts the code 12345.
 */
const verifiedStep = {
  schema: {
    ...schema,
    properties: { ...schema.properties, mobileNumber: { ...schema.properties.mobileNumber, verify: 'sms' } },
  },
  uiSchema,
};
const verifiedField = renderField(verifiedStep, 'mobileNumber');

export const SmsVerificationNeeded: Story = {
  render: verifiedField,
  args: { value: '09123456789' },
  parameters: { storyTest: { button: fa.followup.otp.send } },
};

export const SmsCodeConfirmed: Story = {
  render: verifiedField,
  args: { value: '09123456789' },
  parameters: { storyTest: { text: [fa.followup.otp.verified] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: fa.followup.otp.send }));
    await userEvent.type(await canvas.findByLabelText(fa.followup.otp.codeLabel), STORY_CODE);
    await userEvent.click(canvas.getByRole('button', { name: fa.followup.otp.confirm }));
    await canvas.findByText(fa.followup.otp.verified);
  },
};

export const SmsCodeWrong: Story = {
  render: verifiedField,
  args: { value: '09123456789' },
  parameters: { storyTest: { text: ['کد درست نیست'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: fa.followup.otp.send }));
    await userEvent.type(await canvas.findByLabelText(fa.followup.otp.codeLabel), '۵۴۳۲۱');
    await userEvent.click(canvas.getByRole('button', { name: fa.followup.otp.confirm }));
    await canvas.findByText(/کد درست نیست/);
  },
};

export const SmsVerified: Story = {
  render: verifiedField,
  args: { value: '09123456789' },
  parameters: { verifiedMobiles: ['09123456789'], storyTest: { text: [fa.followup.otp.verified] } },
};
