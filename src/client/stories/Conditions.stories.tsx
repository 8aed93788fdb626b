/**
 * The conditional field and step of docs/editing-the-wizard.md (examples 7 and 8) on a copy of the definition (the shipped wizard stays the spec's five
 * steps): «نام بیمارستان» before and after its condition holds, the stepper with the night-shift
 * step skipped and shown, and a review step ("kind": "review") before /manager. Rendered by the
 * app itself, with RJSF's runtime validator (Storybook has no CSP; the app's precompiled
 * validators are built from schemas/ only).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { Ajv, type ValidateFunction } from 'ajv';
import { WizardStory, type WizardStoryProps } from '../../../.storybook/wizard-story.js';
import {
  editHospitalName,
  HOSPITAL_SERVICE,
  insertNightShiftStep,
  insertReviewStep,
  NIGHT_TYPE,
  nightShiftSchema,
  nightShiftUi,
} from '../../../tests/fixtures/conditional-edits.js';
import { addWizardVocabulary, wizardAjvOptions } from '../../shared/definition/ajv-config.js';
import type { StepTest } from '../../shared/definition/step-conditions.js';
import { loadWizard, type LoadedStep } from '../../shared/definition/wizard-definition.js';
import { wizardValidatorOptions } from '../build/ajv-options.js';
import { readBundledJson } from '../wizard-full.js';

type Json = Record<string, unknown>;

function conditionalWizard(withReview = false) {
  const schema = structuredClone(readBundledJson('steps/pharmacy-info.schema.json')) as Json;
  const ui = structuredClone(readBundledJson('steps/pharmacy-info.ui.json')) as Json;
  editHospitalName(schema, ui);
  const wizardJson = structuredClone(readBundledJson('wizard.json')) as Json;
  insertNightShiftStep(wizardJson);
  if (withReview) insertReviewStep(wizardJson);
  const edited: Record<string, unknown> = {
    'wizard.json': wizardJson,
    'steps/pharmacy-info.schema.json': schema,
    'steps/pharmacy-info.ui.json': ui,
    'steps/night-shift.schema.json': nightShiftSchema,
    'steps/night-shift.ui.json': nightShiftUi,
  };
  return loadWizard((file) => (Object.hasOwn(edited, file) ? edited[file] : readBundledJson(file)));
}

const validators = new Map<LoadedStep, ValidatorType>();
const ajv = addWizardVocabulary(new Ajv(wizardAjvOptions));
const conditions = new Map<string, ValidateFunction>();
const stepTest: StepTest = (step, answers) => {
  let validate = conditions.get(step.id);
  if (!validate) conditions.set(step.id, (validate = ajv.compile({ type: 'object', ...step.when })));
  return validate(answers) === true;
};
const loadValidators = () =>
  Promise.resolve((step: LoadedStep) => {
    let validator = validators.get(step);
    if (!validator) validators.set(step, (validator = customizeValidator<unknown, RJSFSchema>(wizardValidatorOptions)));
    return validator;
  });
const definition: WizardStoryProps['definition'] = { wizard: conditionalWizard(), stepTest, loadValidators };
const withReview: WizardStoryProps['definition'] = { wizard: conditionalWizard(true), stepTest, loadValidators };

const pharmacy = { name: 'داروخانه دکتر رازی', hasDavajoo: false };

const meta = {
  title: 'Wizard/Conditions',
  component: WizardStory,
  args: { step: 'pharmacy-info', definition },
  argTypes: { definition: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** «نوع خدمت» is «خصوصی»: no «نام بیمارستان». */
export const HospitalNameBeforeItsCondition: Story = {
  args: { drafts: { 'pharmacy-info': { ...pharmacy, type: 1, service: 1 } } },
  parameters: { storyTest: { path: '/pharmacy-info', value: 'داروخانه دکتر رازی' } },
};

/** «نوع خدمت» is «داخل بیمارستان»: «نام بیمارستان» is asked, and required. */
export const HospitalNameWhileItsConditionHolds: Story = {
  args: { drafts: { 'pharmacy-info': { ...pharmacy, type: 1, service: HOSPITAL_SERVICE } } },
  parameters: { storyTest: { path: '/pharmacy-info', text: ['نام بیمارستان'] } },
};

/** A day pharmacy on /location: «شیفت شب» is skipped, the stepper counts five steps. */
export const NightShiftStepSkipped: Story = {
  args: {
    step: 'location',
    drafts: { 'pharmacy-info': { ...pharmacy, type: 1, service: 1 } },
    completed: ['pharmacy-info'],
  },
  parameters: { storyTest: { path: '/location', text: ['مرحله ۳ از ۵'] } },
};

/** A night pharmacy: «شیفت شب» is the third of six steps. */
export const NightShiftStepShown: Story = {
  args: {
    step: 'night-shift',
    drafts: { 'pharmacy-info': { ...pharmacy, type: NIGHT_TYPE, service: 1 } },
    completed: ['pharmacy-info'],
  },
  parameters: { storyTest: { path: '/night-shift', text: ['مرحله ۳ از ۶', 'نام داروساز شیفت شب'] } },
};

/** The review step: every answer so far in Persian, each step with «ویرایش». */
export const ReviewStep: Story = {
  args: {
    definition: withReview,
    step: 'review',
    drafts: {
      'pharmacy-info': { ...pharmacy, type: 1, service: HOSPITAL_SERVICE, hospitalName: 'بیمارستان امام خمینی' },
      location: {
        selectedState: 8,
        cityId: 301,
        address: 'خیابان انقلاب، پلاک ۱۲',
        latitude: 35.7008,
        longitude: 51.4003,
      },
    },
    completed: ['pharmacy-info', 'location'],
  },
  parameters: { storyTest: { path: '/review', text: ['بازبینی اطلاعات', 'داخل بیمارستان', 'بیمارستان امام خمینی'] } },
};
