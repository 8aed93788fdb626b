import type { WidgetProps } from '@rjsf/utils';
import { MaskedDigitsInput } from './masked/MaskedDigitsInput.js';
import { mobileDigits } from './masked/mask.js';
import { fieldOption, widgetDeclarations } from './declarations.js';

/**
 * `mobileNumber`: Iranian mobile number. `ui:options.mask` (default `9999-999-9999`) lays the
 * digits out; Persian digits and a pasted `+98 912 …` are accepted; the value is 11 ASCII digits.
 */
export default function MobileNumberWidget(props: WidgetProps) {
  const mask = fieldOption(widgetDeclarations.mobileNumber, props.options, 'mask');
  return <MaskedDigitsInput widget={props} mask={mask} toDigits={mobileDigits} autoComplete="tel-national" />;
}
