import type { WidgetProps } from '@rjsf/utils';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { useSortedLocations } from './locations.js';
import { QueryState, stateId } from './QueryState.js';
import { asId, describedBy, invalid, type WidgetPropsOf } from './shared.js';

/**
 * `provinceSelect`: a native select of the 31 provinces, sorted by Persian name, from the one
 * Utility/Locations fetch. The value is the province id (integer).
 */
export default function ProvinceSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required, placeholder, options } =
    props as WidgetPropsOf<number>;
  const { sorted, isPending, isError, error, refetch } = useSortedLocations();
  const selected = asId(value);
  const ready = sorted !== undefined;
  const toValue = (text: string): number | undefined =>
    text === '' ? (options.emptyValue as number | undefined) : Number(text);

  return (
    <div className="widget-select">
      <select
        id={id}
        name={props.htmlName || id}
        className="widget-input"
        value={ready && selected !== undefined ? String(selected) : ''}
        required={required}
        disabled={disabled || readonly || !ready}
        aria-invalid={invalid(rawErrors)}
        aria-describedby={describedBy(id, !ready && stateId(id))}
        aria-busy={isPending || undefined}
        onChange={(event) => onChange(toValue(event.target.value))}
        onBlur={(event) => onBlur(id, toValue(event.target.value))}
        onFocus={(event) => onFocus(id, toValue(event.target.value))}
      >
        {/*
          The select says what it asks for from the first paint on, while the list loads (disabled,
          announced by the state below): the text on screen is final, never swapped once in.
        */}
        <option value="">{placeholder || fa.widgets.locations.provincePlaceholder}</option>
        {sorted?.provinces.map((province) => (
          <option key={province.id} value={province.id}>
            {province.name}
          </option>
        ))}
      </select>
      <QueryState
        id={id}
        loading={isPending && fa.widgets.locations.loading}
        loadingUnseen
        error={isError && !ready && fa.widgets.locations.error}
        detail={error?.message}
        onRetry={() => void refetch()}
      />
    </div>
  );
}
