import type { Meta, StoryObj } from '@storybook/react-vite';
import { WizardStory, wizardSteps, type WizardStoryProps } from '../../../.storybook/wizard-story.js';
import { Header as AppHeader } from './Header.js';

/** The wizard's header: the product logo and «سامانه یکپارچه مدیریت داروخانه», above every step. */
const stepIds = wizardSteps.map((step) => step.id);

type HeaderArgs = Pick<WizardStoryProps, 'step' | 'search'> & { showPage: boolean };

/** The header alone, or the real shell (header, stepper and the step's page) at a step's route. */
function HeaderStory({ showPage, ...props }: HeaderArgs) {
  if (!showPage) return <AppHeader />;
  return <WizardStory key={`${props.step}${props.search ?? ''}`} {...props} />;
}

const meta = {
  title: 'App/Header',
  component: HeaderStory,
  args: { step: 'welcome', search: '', showPage: false },
  argTypes: {
    step: { control: 'select', options: stepIds, description: 'Route of the shell when the page is shown.' },
    search: { control: 'text', description: 'Query string of the visit, e.g. ?tier=2.' },
    showPage: { control: 'boolean', description: 'Show the stepper and the step under the header.' },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HeaderStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Header: Story = {};

/** On a 360 px phone, the smallest screen the wizard is made for. */
export const HeaderOnPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: '360px', overflowX: 'hidden', border: '1px dashed #6b7280' }}>
        <Story />
      </div>
    ),
  ],
};

/** The header with the stepper and the welcome page below it, as a visitor first sees it. */
export const Shell: Story = { args: { showPage: true } };
