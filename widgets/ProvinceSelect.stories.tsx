import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import { sampleLocations } from './story-fixtures.js';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `provinceSelect`: native select of the provinces from Utility/Locations. */
const meta = {
  title: 'Widgets/ProvinceSelect',
  ...fieldStoryMeta(step, 'selectedState', {
    docs: { step: 'location', summary: 'the list of provinces from the server; stores the province’s id.' },
    api: { locations: sampleLocations },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { value: 4 } };

export const Invalid: Story = { args: { rawErrors: [schemaMessage(step, 'selectedState')] } };

export const Disabled: Story = { args: { value: 4, disabled: true } };

export const Loading: Story = { parameters: { api: { locations: 'loading' } } };

export const Failed: Story = { parameters: { api: { locations: 'error' } } };
