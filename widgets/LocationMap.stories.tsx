import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import LocationMapWidget from './LocationMap.js';
import { sampleConfig, sampleLocations } from './story-fixtures.js';
import {
  renderField,
  schemaMessage,
  widgetArgTypes,
  withWidgetProviders,
  type WidgetStoryArgs,
} from './story-helpers.js';

const step = { schema, uiSchema };

/** `locationMap`: fixed centre marker; works (pans, updates) with no tiles reachable. */
const meta = {
  title: 'Widgets/LocationMap',
  decorators: [withWidgetProviders],
  render: renderField(LocationMapWidget, step, 'latitude', false),
  argTypes: widgetArgTypes,
  args: { value: undefined, siblings: {}, rawErrors: [], disabled: false, readonly: false },
  parameters: { api: { config: sampleConfig, locations: sampleLocations } },
} satisfies Meta<WidgetStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing saved: starts at the configured centre (Tehran, zoom 11). */
export const Empty: Story = {};

/** A saved point is restored at zoom 14. */
export const Filled: Story = { args: { value: 32.654627, siblings: { longitude: 51.667983, selectedState: 4 } } };

export const Invalid: Story = { args: { rawErrors: [schemaMessage(step, 'latitude')] } };

export const Disabled: Story = { args: { value: 35.72, siblings: { longitude: 51.39 }, disabled: true } };

export const Loading: Story = { parameters: { api: { config: 'loading', locations: sampleLocations } } };

export const Failed: Story = { parameters: { api: { config: 'error', locations: sampleLocations } } };
