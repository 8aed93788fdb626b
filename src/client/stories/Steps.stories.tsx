/**
 * Every step of schemas/wizard.json, rendered from its JSON by the app itself: <WizardApp> in a
 * MemoryRouter at the step's route (header, stepper, route guard, the generic RJSF form step with
 * the custom widgets and the precompiled validators), the shared draft seeded as earlier steps
 * would have left it, and the API mocked by the global decorator (.storybook/preview.tsx):
 * Register/Config, Utility/Locations and a captcha seeded, and POST /api/Register/Pharmacy answered
 * with success or a Persian failure as the `registrationOutcome` / `failureMessage` args say.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { defaultApiMock, type ApiMockArgs } from '../../../.storybook/api-mock.js';
import { WizardStory, wizardSteps, type WizardStoryProps } from '../../../.storybook/wizard-story.js';
import { fa } from '../../shared/text/strings.fa.js';
import type { Drafts, LoadedStep } from '../../shared/definition/wizard-definition.js';
import { sampleCaptcha } from '../../../widgets/story-fixtures.js';
import { validAnswers, withCaptcha } from '../../../tests/fixtures/registration.js';

type StepStoryArgs = WizardStoryProps & ApiMockArgs;

function stepById(id: string): LoadedStep {
  const step = wizardSteps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`schemas/wizard.json has no step "${id}"`);
  return step;
}

/** Form steps before `id` (the route guard opens a step only once they are complete). */
function formStepsBefore(id: string): string[] {
  const index = wizardSteps.findIndex((step) => step.id === id);
  return wizardSteps
    .slice(0, index)
    .filter((step) => step.kind === 'form')
    .map((step) => step.id);
}

const filledDrafts: Drafts = {
  ...validAnswers,
  manager: withCaptcha({ id: sampleCaptcha.id, validOptionIndex: 1 }),
};

/** The drafts of the steps before `id`, filled. */
function draftsBefore(id: string): Drafts {
  return Object.fromEntries(formStepsBefore(id).map((stepId) => [stepId, filledDrafts[stepId]]));
}

/** Opens step `id` with everything before it done (and its own draft filled when asked). */
function at(id: string, options: { filled?: boolean } = {}): Partial<StepStoryArgs> {
  const drafts = draftsBefore(id);
  if (options.filled && filledDrafts[id]) drafts[id] = filledDrafts[id];
  return { step: id, drafts, completed: formStepsBefore(id) };
}

const stepIds = wizardSteps.map((step) => step.id);

function renderStep(args: StepStoryArgs) {
  const {
    registrationOutcome: _outcome,
    failureMessage: _message,
    failureFields: _fields,
    trackingCode: _code,
    apiDelayMs: _delay,
    ...props
  } = args;
  // Any control change starts the visit again with the new seed.
  return <WizardStory key={JSON.stringify(props)} {...props} />;
}

const meta = {
  title: 'Wizard/Steps',
  component: WizardStory,
  render: renderStep,
  args: {
    step: 'welcome',
    search: '',
    drafts: {},
    completed: [],
    registrationOutcome: defaultApiMock.registrationOutcome,
    failureMessage: defaultApiMock.failureMessage,
    trackingCode: defaultApiMock.trackingCode,
    apiDelayMs: 0,
  },
  argTypes: {
    step: { control: 'select', options: stepIds, description: 'The step of schemas/wizard.json the visit opens at.' },
    search: { control: 'text', description: 'Query string of the visit, e.g. ?tier=2.' },
    drafts: { control: 'object', description: 'The shared draft: step id -> field values.' },
    completed: { control: 'check', options: stepIds, description: 'Steps whose Continue already passed.' },
    tier: { control: { type: 'number', min: 1 }, description: 'Plan remembered from an earlier ?tier=.' },
    result: { control: 'object', description: 'Outcome of the last registration (what /enter shows).' },
    serverErrors: { control: 'object', description: "The server's field messages: step id -> field -> message." },
    registrationOutcome: {
      control: 'inline-radio',
      options: ['success', 'failure'],
      description: 'How the mocked POST /api/Register/Pharmacy answers.',
      table: { category: 'Mocked API' },
    },
    failureMessage: {
      control: 'text',
      description: 'Persian error.message of a failed registration.',
      table: { category: 'Mocked API' },
    },
    failureFields: {
      control: 'object',
      description: 'error.fields of a failed registration.',
      table: { category: 'Mocked API' },
    },
    trackingCode: {
      control: 'text',
      description: 'Tracking code of a successful registration.',
      table: { category: 'Mocked API' },
    },
    apiDelayMs: {
      control: { type: 'number', min: 0, step: 100 },
      description: 'Delay of every mocked answer.',
      table: { category: 'Mocked API' },
    },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<StepStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const pharmacyInfo = stepById('pharmacy-info');
const location = stepById('location');
const manager = stepById('manager');
const enter = stepById('enter');

/** Waits for the lazy form step (RJSF, widgets, validators) to replace its placeholder. */
async function formReady(canvasElement: HTMLElement, button: string) {
  const canvas = within(canvasElement);
  return canvas.findByRole('button', { name: button }, { timeout: 10_000 });
}

// ——— welcome ———

export const Welcome: Story = {
  tags: ['step:welcome'],
  args: { step: 'welcome' },
  parameters: { storyTest: { path: '/welcome', text: [stepById('welcome').title, fa.ui.welcome.greeting] } },
};

/** Opened from a link with ?tier=2: the plan is read, kept and shown. */
export const WelcomeWithTier: Story = {
  tags: ['step:welcome'],
  args: { step: 'welcome', search: '?tier=2' },
  parameters: { storyTest: { path: '/welcome?tier=2', text: ['طرح پایه'] } },
};

// ——— pharmacy-info ———

export const PharmacyInfoEmpty: Story = {
  tags: ['step:pharmacy-info'],
  args: at('pharmacy-info'),
  parameters: {
    storyTest: { path: pharmacyInfo.route, text: [pharmacyInfo.title], button: pharmacyInfo.buttons?.next },
  },
};

export const PharmacyInfoFilled: Story = {
  tags: ['step:pharmacy-info'],
  args: at('pharmacy-info', { filled: true }),
  parameters: {
    storyTest: {
      path: pharmacyInfo.route,
      button: pharmacyInfo.buttons?.next,
      value: validAnswers['pharmacy-info'].name,
    },
  },
};

/** Continue pressed on an empty step: blocked, a summary at the top, a message under each field. */
export const PharmacyInfoInvalidAfterContinue: Story = {
  tags: ['step:pharmacy-info'],
  args: { ...at('pharmacy-info'), drafts: { 'pharmacy-info': { name: 'ر' } } },
  parameters: {
    storyTest: {
      path: pharmacyInfo.route,
      text: [fa.ui.form.errorSummaryTitle, 'نام داروخانه دست‌کم ۲ حرف است.', 'لطفاً نوع داروخانه را انتخاب کنید.'],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await formReady(canvasElement, pharmacyInfo.buttons?.next ?? ''));
    await canvas.findByText(fa.ui.form.errorSummaryTitle);
    await waitFor(() => expect(canvasElement.querySelector('[aria-invalid="true"]')).not.toBeNull());
  },
};

// ——— location ———

export const LocationEmpty: Story = {
  tags: ['step:location'],
  args: at('location'),
  parameters: { storyTest: { path: location.route, text: [location.title], button: location.buttons?.next } },
};

export const LocationFilled: Story = {
  tags: ['step:location'],
  args: at('location', { filled: true }),
  parameters: {
    storyTest: { path: location.route, button: location.buttons?.next, value: validAnswers.location.address },
  },
};

export const LocationInvalidAfterContinue: Story = {
  tags: ['step:location'],
  args: at('location'),
  parameters: {
    storyTest: { path: location.route, text: [fa.ui.form.errorSummaryTitle, 'لطفاً استان را انتخاب کنید.'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await formReady(canvasElement, location.buttons?.next ?? ''));
    await canvas.findByText(fa.ui.form.errorSummaryTitle);
  },
};

// ——— manager ———

export const ManagerEmpty: Story = {
  tags: ['step:manager'],
  args: at('manager'),
  parameters: {
    storyTest: { path: manager.route, text: [manager.title, sampleCaptcha.question], button: manager.buttons?.submit },
  },
};

export const ManagerFilled: Story = {
  tags: ['step:manager'],
  args: at('manager', { filled: true }),
  parameters: { storyTest: { path: manager.route, button: manager.buttons?.submit, value: 'مریم' } },
};

/** The server refused a field after a submit: its message is shown on that field. */
export const ManagerServerFieldError: Story = {
  tags: ['step:manager'],
  args: {
    ...at('manager', { filled: true }),
    serverErrors: { manager: { nationalCode: 'این کد ملی پیش‌تر برای داروخانه دیگری ثبت شده است.' } },
  },
  parameters: { storyTest: { path: manager.route, text: ['این کد ملی پیش‌تر برای داروخانه دیگری ثبت شده است.'] } },
};

/** «ثبت نهایی» through the mocked POST: success, then /enter with the tracking code. */
export const ManagerSubmitSuccess: Story = {
  tags: ['step:manager'],
  args: { ...at('manager', { filled: true }), registrationOutcome: 'success', trackingCode: 'PH-7K3Q9' },
  parameters: {
    storyTest: {
      path: enter.route,
      text: [fa.registration.successHeading, 'PH-7K3Q9'],
      posts: 'POST /api/Register/Pharmacy',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await formReady(canvasElement, manager.buttons?.submit ?? ''));
    await canvas.findByRole('heading', { level: 1, name: fa.registration.successHeading }, { timeout: 10_000 });
  },
};

/** «ثبت نهایی» through the mocked POST: a Persian failure, then /enter with the server's message. */
export const ManagerSubmitFailure: Story = {
  tags: ['step:manager'],
  args: {
    ...at('manager', { filled: true }),
    registrationOutcome: 'failure',
    failureMessage: fa.errors.captcha_invalid,
  },
  parameters: {
    storyTest: {
      path: enter.route,
      text: [fa.registration.failureHeading, fa.errors.captcha_invalid, fa.ui.result.tryAgain],
      posts: 'POST /api/Register/Pharmacy',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await formReady(canvasElement, manager.buttons?.submit ?? ''));
    await canvas.findByRole('heading', { level: 1, name: fa.registration.failureHeading }, { timeout: 10_000 });
  },
};

// ——— enter ———

/** /enter after a registration; the outcome follows the `registrationOutcome`, `failureMessage` and `trackingCode` controls. */
function renderResult(args: StepStoryArgs) {
  const success = (args.registrationOutcome ?? 'success') === 'success';
  const result = success
    ? { success, message: fa.registration.successMessage, trackingCode: args.trackingCode }
    : { success, message: args.failureMessage ?? fa.registration.failedMessage };
  return renderStep({ ...args, result });
}

export const EnterSuccess: Story = {
  tags: ['step:enter'],
  args: { ...at('enter'), drafts: {}, registrationOutcome: 'success', trackingCode: 'PH-7K3Q9' },
  render: renderResult,
  parameters: {
    storyTest: { path: enter.route, text: [fa.registration.successHeading, 'PH-7K3Q9', fa.ui.result.startOver] },
  },
};

export const EnterFailure: Story = {
  tags: ['step:enter'],
  args: {
    ...at('enter', { filled: true }),
    drafts: filledDrafts,
    registrationOutcome: 'failure',
    failureMessage: fa.errors.captcha_invalid,
  },
  render: renderResult,
  parameters: {
    storyTest: {
      path: enter.route,
      text: [fa.registration.failureHeading, fa.errors.captcha_invalid, fa.ui.result.tryAgain],
    },
  },
};
