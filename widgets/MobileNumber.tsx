import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { MaskedDigitsInput } from './masked/MaskedDigitsInput.js';
import { mobileDigits } from './masked/mask.js';
import { fieldOption, widgetDeclarations } from './declarations.js';

/** Only a field declared `"verify": "sms"` fetches the code's part (and it, the proof of work's solver). */
const MobileVerification = lazy(() =>
  import('./verify/MobileVerification.js').then((module) => ({ default: module.MobileVerification })),
);

/**
 * `mobileNumber`: Iranian mobile number. `ui:options.mask` (default `9999-999-9999`) lays the
 * digits out; Persian digits and a pasted `+98 912 …` are accepted; the value is 11 ASCII digits.
 * When the field's schema says `"verify": "sms"`, the number is confirmed by a texted code below it.
 */
export default function MobileNumberWidget(props: WidgetProps) {
  const mask = fieldOption(widgetDeclarations.mobileNumber, props.options, 'mask');
  const input = <MaskedDigitsInput widget={props} mask={mask} toDigits={mobileDigits} autoComplete="tel-national" />;
  if (props.schema.verify !== 'sms') return input;
  const value = typeof props.value === 'string' ? props.value : undefined;
  return (
    <>
      {input}
      <Suspense fallback={null}>
        <MobileVerification
          id={props.id}
          mobileNumber={value}
          disabled={props.disabled || props.readonly}
          // The same value again: the form checks the field anew, now verified.
          onVerified={() => props.onChange(value)}
        />
      </Suspense>
    </>
  );
}
