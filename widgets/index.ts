/**
 * The custom widgets, keyed exactly by `customWidgetNames` (widgets/names.ts), for RJSF's registry:
 * `<Form widgets={widgets} … />`. Each widget reads its settings from `ui:options` and sibling
 * fields through the stepper's `formContext` (form-context.ts), and their data from the
 * services the app injects (services.ts).
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import './widgets.css';
import AcceptTermsWidget from './AcceptTerms.js';
import AddressTextareaWidget from './AddressTextarea.js';
import CaptchaWidget from './Captcha.js';
import CitySelectWidget from './CitySelect.js';
import LocationMapWidget from './LocationMap.js';
import MobileNumberWidget from './MobileNumber.js';
import NationalCodeWidget from './NationalCode.js';
import ProvinceSelectWidget from './ProvinceSelect.js';
import type { CustomWidgetName } from './names.js';

export const widgets = {
  locationMap: LocationMapWidget,
  provinceSelect: ProvinceSelectWidget,
  citySelect: CitySelectWidget,
  addressTextarea: AddressTextareaWidget,
  mobileNumber: MobileNumberWidget,
  nationalCode: NationalCodeWidget,
  captcha: CaptchaWidget,
  acceptTerms: AcceptTermsWidget,
} satisfies Record<CustomWidgetName, RegistryWidgetsType[string]>;

export type { CustomWidgetName } from './names.js';
