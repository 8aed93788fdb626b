import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import type { StatusAnswer } from '../../shared/contracts/followup.schemas.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { StatusAnswerView, StatusLookup } from './StatusPage.js';

/** «پیگیری ثبت‌نام» (/status): the form, and each answer a manager can get. */
const meta = {
  title: 'Pages/Status',
  component: StatusAnswerView,
  args: {
    answer: {
      trackingCode: 'K7Q9P2XM',
      pharmacyName: 'داروخانه دکتر رازی',
      status: 'new',
      changedAt: '2026-11-20T06:30:00.000Z',
    } satisfies StatusAnswer,
  },
} satisfies Meta<typeof StatusAnswerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Form: Story = {
  render: () => (
    <MemoryRouter initialEntries={['/status']}>
      <StatusLookup />
    </MemoryRouter>
  ),
  parameters: { storyTest: { text: [fa.followup.status.title], button: fa.followup.status.submit } },
};

/** Followed from the result page: the tracking code is filled in, never the number. */
export const FormWithCode: Story = {
  render: () => (
    <MemoryRouter initialEntries={['/status?code=K7Q9P2XM']}>
      <StatusLookup />
    </MemoryRouter>
  ),
  parameters: { storyTest: { value: 'K7Q9P2XM' } },
};

export const Received: Story = {
  parameters: { storyTest: { text: [fa.followup.status.statuses.new, fa.followup.status.next.new] } },
};

export const Contacted: Story = {
  args: { answer: { ...meta.args.answer, status: 'contacted' } },
  parameters: { storyTest: { text: [fa.followup.status.statuses.contacted] } },
};

export const Approved: Story = {
  args: { answer: { ...meta.args.answer, status: 'approved' } },
  parameters: { storyTest: { text: [fa.followup.status.statuses.approved, fa.followup.status.next.approved] } },
};

/** The colleague chose «نمایش به متقاضی»: the reason is shown. */
export const NotApprovedWithReason: Story = {
  args: {
    answer: { ...meta.args.answer, status: 'rejected', reason: 'پروانه داروخانه هنوز صادر نشده است.' },
  },
  parameters: { storyTest: { text: [fa.followup.status.statuses.rejected, 'پروانه داروخانه هنوز صادر نشده است.'] } },
};
