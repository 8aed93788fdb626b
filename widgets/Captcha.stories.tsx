import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/manager.schema.json';
import uiSchema from '../schemas/steps/manager.ui.json';
import { sampleCaptcha } from './story-fixtures.js';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `captcha`: the security question as a radio group; the value is the option index. */
const meta = {
  title: 'Widgets/Captcha',
  ...fieldStoryMeta(step, 'captchaAnswer', {
    docs: {
      step: 'manager',
      summary:
        'the security question from the server as a radio group; the answer stored is the option’s index, the question’s id goes into a hidden sibling.',
    },
    api: { captcha: sampleCaptcha },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: 1, siblings: { captchaId: sampleCaptcha.id } } };

export const Invalid: Story = { args: { rawErrors: [schemaMessage(step, 'captchaAnswer')] } };

export const Disabled: Story = { args: { value: 1, siblings: { captchaId: sampleCaptcha.id }, disabled: true } };

export const Loading: Story = { parameters: { api: { captcha: 'loading' } } };

export const Failed: Story = { parameters: { api: { captcha: 'error' } } };
