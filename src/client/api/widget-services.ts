import type { WidgetServices } from '../../../widgets/services.js';
import { mobileVerification } from './mobile-verification.js';
import { useAddressSuggestion, useCaptcha, useLocations, useRegisterConfig } from './queries.js';

/** The widgets' services over the API, cached by React Query (one object for the session). */
export const queryWidgetServices: WidgetServices = {
  useRegisterConfig,
  useLocations,
  useCaptcha: () => useCaptcha(),
  useAddressSuggestion,
  mobileVerification,
};
