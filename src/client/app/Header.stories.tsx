import type { Meta, StoryObj } from '@storybook/react-vite';
import { WizardStory, wizardSteps, type WizardStoryProps } from '../../../.storybook/wizard-story.js';

/**
 * The header of spec §2 (logo and «سامانه یکپارچه مدیریت داروخانه») with the skip link. It is part
 * of the app shell in WizardApp.tsx (not a component of its own), so the story renders the real
 * shell at a step's route and shows its top only; "Shell" shows it with the stepper and the page.
 */
const stepIds = wizardSteps.map((step) => step.id);

type HeaderArgs = Pick<WizardStoryProps, 'step' | 'search'> & { showPage: boolean };

function HeaderStory({ showPage, ...props }: HeaderArgs) {
  return (
    <div className={showPage ? undefined : 'story-header-only'}>
      {/* The shell's body (stepper and step) is hidden, not removed: the header is what is shown. */}
      {!showPage && <style>{'.story-header-only .app-body { display: none; }'}</style>}
      <WizardStory key={`${props.step}${props.search ?? ''}`} {...props} />
    </div>
  );
}

const meta = {
  title: 'App/Header',
  component: HeaderStory,
  args: { step: 'welcome', search: '', showPage: false },
  argTypes: {
    step: { control: 'select', options: stepIds, description: 'Route of the shell (a step of schemas/wizard.json).' },
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
