import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import { sampleLocations } from './story-fixtures.js';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `citySelect`: searchable combobox of the cities of the chosen province. */
const meta = {
  title: 'Widgets/CitySelect',
  ...fieldStoryMeta(step, 'cityId', {
    docs: {
      step: 'location',
      summary:
        'a searchable list of the cities of the province chosen in a sibling field; disabled until a province is chosen; stores the city’s id.',
    },
    siblings: { selectedState: 8 },
    api: { locations: sampleLocations },
  }),
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No province yet: disabled with a hint. */
export const Empty: Story = { args: { siblings: {} } };

/** A province chosen: type to search, arrows and Enter to pick. */
export const WithProvince: Story = {};

export const Filled: Story = { args: { value: 318 } };

export const Invalid: Story = { args: { rawErrors: [schemaMessage(step, 'cityId')] } };

export const Disabled: Story = { args: { value: 318, disabled: true } };

export const Loading: Story = { parameters: { api: { locations: 'loading' } } };

export const Failed: Story = { parameters: { api: { locations: 'error' } } };
