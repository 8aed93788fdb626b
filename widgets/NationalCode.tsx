import type { WidgetProps } from '@rjsf/utils';
import { MaskedDigitsInput } from './masked/MaskedDigitsInput.js';

/**
 * `nationalCode`: at most `schema.maxLength` (10) digits; Persian and Arabic-Indic digits are
 * accepted and the value holds ASCII digits. `ui:options.mask` may lay them out (default: none).
 */
export default function NationalCodeWidget(props: WidgetProps) {
  const length = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : 10;
  const mask = typeof props.options.mask === 'string' ? props.options.mask : '9'.repeat(length);
  return <MaskedDigitsInput widget={props} mask={mask} autoComplete="off" />;
}
