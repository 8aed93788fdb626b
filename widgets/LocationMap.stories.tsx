import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { MapSettings, RegisterConfig } from '../src/shared/contracts/wizard-api.schemas.js';
import { providerOptions } from './map/centre.js';
import schema from '../schemas/steps/location.schema.json';
import uiSchema from '../schemas/steps/location.ui.json';
import { sampleConfig, sampleLocations } from './story-fixtures.js';
import { fieldStoryMeta, schemaMessage, type WidgetStoryArgs } from './story-helpers.js';

const step = { schema, uiSchema };

/** `locationMap`: fixed centre marker; works (pans, updates) with no tiles reachable. */
const meta = {
  title: 'Widgets/LocationMap',
  ...fieldStoryMeta(step, 'latitude', {
    docs: {
      step: 'location',
      summary:
        'a map with a fixed centre marker the manager pans to the pharmacy; stores the latitude in its field and the longitude in a hidden sibling, and recentres on the chosen province and city.',
    },
    api: { config: sampleConfig, locations: sampleLocations },
  }),
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

/** The configured provider and its options, shown under the map (the stand-in draws blank tiles). */
const withProviderCaption: Decorator<WidgetStoryArgs> = (Story, context) => {
  const { map } = (context.parameters.api as { config: RegisterConfig }).config;
  const options = providerOptions(map);
  return (
    <>
      <Story />
      <p data-testid="map-provider" dir="ltr">
        provider: {options.provider} · maptype: {options.type} · poi: {String(options.poi)} · traffic:{' '}
        {String(options.traffic)} · tiles: {options.tileUrl}
      </p>
    </>
  );
};

const providerStory = (map: Partial<MapSettings>): Story => ({
  decorators: [withProviderCaption],
  parameters: {
    api: { config: { ...sampleConfig, map: { ...sampleConfig.map, ...map } }, locations: sampleLocations },
  },
});

/** Provider `osm`: OpenStreetMap's tiles, no key. */
export const ProviderOsm: Story = providerStory({ provider: 'osm' });

/** Provider `tiles`: an XYZ template with subdomains and `{key}` (Map.ir's shape). */
export const ProviderTiles: Story = providerStory({
  provider: 'tiles',
  tileUrl: 'https://{s}.map.ir/shiveh/xyz/1.0.0/Shiveh:Shiveh@EPSG:3857@png/{z}/{x}/{y}.png?x-api-key={key}',
  subdomains: ['map'],
  key: 'story-web-key',
  attribution: '© Map.ir',
});

/** Provider `neshan`: the spec's options (key, maptype «dreamy», POI on, traffic off) on Neshan's SDK. */
export const ProviderNeshan: Story = providerStory({
  provider: 'neshan',
  key: 'web.0123456789abcdef0123456789abcdef',
  type: 'dreamy',
  poi: true,
  traffic: false,
});
