/** The widgets' form-context contract (declared in widgets/), as the stepper provides it. */
export type { WizardFormContext } from '../../../widgets/form-context.js';
