import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleLocations } from '../../../../../widgets/story-fixtures.js';
import { ListFilters, type ListFiltersProps } from './ListFilters.js';
import { anyRegistration } from '../list-query.js';
import { sampleChoices } from '../list-fixtures.js';
import { sampleColleagues } from '../../ui/staff-fixtures.js';

const onSearch: ListFiltersProps['onSearch'] = () => undefined;

const meta = {
  title: 'Staff/ListFilters',
  component: ListFilters,
  args: {
    query: anyRegistration,
    choices: sampleChoices,
    locations: sampleLocations,
    colleagues: sampleColleagues,
    onSearch,
  },
} satisfies Meta<typeof ListFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: every registration; the city waits for a province. */
export const Empty: Story = {};

/** A colleague's working view: their own contacted night-and-day pharmacies of one city this autumn. */
export const Filtered: Story = {
  args: {
    query: {
      ...anyRegistration,
      q: '۰۹۱۲',
      status: 'contacted',
      assignee: 'me',
      provinceId: String(sampleLocations.provinces[0].id),
      cityId: String(sampleLocations.cities.find((city) => city.provinceId === sampleLocations.provinces[0].id)!.id),
      type: String(sampleChoices.type.choices[1].id),
      from: '1405-07-01',
      to: '1405-09-30',
    },
  },
  parameters: { storyTest: { value: '۱۴۰۵/۰۹/۳۰' } },
};

/** Before the plans, types, colleagues and provinces have come: those selects wait. */
export const Loading: Story = { args: { choices: undefined, locations: undefined, colleagues: undefined } };
