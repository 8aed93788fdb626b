import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pager } from './Pager.js';
import { atAddress } from '../../ui/staff-story.js';

const meta = {
  title: 'Staff/Pager',
  component: Pager,
  decorators: [atAddress('/staff/registrations?page=2')],
  args: {
    total: 137,
    page: 2,
    pageSize: 25,
    hrefOf: (page) => `/staff/registrations?page=${page}`,
    onPageSize: () => undefined,
  },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Page 2 of 6, 25 a page, 137 found. */
export const MiddlePage: Story = { parameters: { storyTest: { text: ['صفحهٔ ۲ از ۶', '۱۳۷ ثبت‌نام'] } } };

export const FirstPage: Story = { args: { page: 1 } };

/** Everything on one page: neither previous nor next leads anywhere. */
export const OnePage: Story = { args: { total: 8, page: 1, pageSize: 10 } };
