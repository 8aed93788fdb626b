import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleLocations } from '../../../../../widgets/story-fixtures.js';
import { RegistrationTable } from './RegistrationTable.js';
import { sampleList } from '../list-fixtures.js';
import { sampleCity, sampleNow } from '../../ui/staff-fixtures.js';
import { atAddress } from '../../ui/staff-story.js';

const meta = {
  title: 'Staff/RegistrationTable',
  component: RegistrationTable,
  decorators: [atAddress()],
  args: {
    items: sampleList.items,
    now: sampleNow,
    placeOf: (item) => sampleLocations.cities.find((city) => city.id === item.cityId)?.name ?? '',
  },
} satisfies Meta<typeof RegistrationTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new case nobody has, one an agent is calling, a closed one: each row one link to its case. */
export const Rows: Story = {
  parameters: { storyTest: { text: ['۴ روز در انتظار', '۰۹۱۲ ۳۴۵ ۶۷۸۹', sampleCity.name] } },
};

export const NothingFound: Story = { args: { items: [] } };

/** On a 360 px phone each row is a card with its labels. */
export const OnPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

/** Sorted by pharmacy name, A→Z: the header says so to screen readers (aria-sort) and shows ▲. */
export const SortedByName: Story = {
  args: { sort: { column: 'pharmacy_name', direction: 'asc' }, onSort: () => undefined },
};

/** Longest waiting first, two cases ticked for a change together. */
export const Selected: Story = {
  args: {
    sort: { column: 'waiting_since', direction: 'asc' },
    onSort: () => undefined,
    selection: { selected: new Set([1, 2]), onChange: () => undefined },
  },
};
