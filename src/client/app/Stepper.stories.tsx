import type { Meta, StoryObj } from '@storybook/react-vite';
import { shellWizard } from '../wizard-source.js';
import { Stepper } from './Stepper.js';

/** The stepper's numbered circles, from the steps of schemas/wizard.json; one story per current step. */
const steps = shellWizard.steps;
const stepIds = steps.map((step) => step.id);

const meta = {
  title: 'App/Stepper',
  component: Stepper,
  args: { steps, currentId: stepIds[0], completed: [] },
  argTypes: {
    steps: { control: 'object', description: 'The steps of schemas/wizard.json, in order.' },
    currentId: { control: 'select', options: stepIds, description: 'The step on screen (aria-current="step").' },
    completed: { control: 'check', options: stepIds, description: 'Steps already passed.' },
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="app-body" style={{ padding: '1rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stories for the step at `index` of wizard.json, with every earlier form step completed. */
function atStep(index: number): Story {
  const step = steps[index];
  return {
    name: `${index + 1}. ${step.title}`,
    args: {
      currentId: step.id,
      completed: steps
        .slice(0, index)
        .filter((earlier) => earlier.kind === 'form')
        .map((earlier) => earlier.id),
    },
  };
}

export const Welcome: Story = atStep(0);
export const PharmacyInfo: Story = atStep(1);
export const Location: Story = atStep(2);
export const Manager: Story = atStep(3);
export const Enter: Story = atStep(4);

/** A route outside the definition: no circle is current. */
export const NoCurrentStep: Story = { args: { currentId: undefined } };
