import { useEffect } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { wizardFormContext } from './form-context.js';
import { useWidgetServices } from './services.js';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { QueryState } from './QueryState.js';
import { fieldOption, widgetDeclarations } from './declarations.js';
import { describedBy, invalid, type WidgetPropsOf } from './shared.js';

/**
 * `captcha`: the security question and its options as a radio group; the value is the chosen
 * option's index. Each newly fetched captcha writes its id into the sibling field
 * `ui:options.idField` (default `captchaId`) and clears an answer given to an older one.
 * «پرسش تازه» fetches another question.
 */
export default function CaptchaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required, options, registry } =
    props as WidgetPropsOf<number>;
  const idField = fieldOption(widgetDeclarations.captcha, options, 'idField');
  const { data: captcha, isPending, isError, isFetching, error, refetch } = useWidgetServices().useCaptcha();
  const captchaId = captcha?.id;

  useCaptchaIdField(captchaId, { value, onChange, registry, idField });

  const refreshing = isFetching && captcha !== undefined;
  const locked = disabled || readonly || refreshing;
  const newQuestion = () => void refetch();

  if (captcha === undefined) {
    return (
      <CaptchaUnavailable id={id} failed={isError} pending={isPending} detail={error?.message} onRetry={newQuestion} />
    );
  }

  const legendId = `${id}__question`;
  return (
    <div className="widget-captcha">
      <fieldset
        role="radiogroup"
        className="widget-captcha__group"
        aria-labelledby={legendId}
        aria-required={required || undefined}
        aria-invalid={invalid(rawErrors)}
        aria-busy={refreshing || undefined}
        disabled={disabled}
      >
        <legend id={legendId} className="widget-captcha__question">
          {captcha.question}
        </legend>
        {captcha.options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}__option-${index}`;
          return (
            <div key={`${captcha.id}-${index}`} className="widget-captcha__option">
              <input
                type="radio"
                id={optionId}
                name={props.htmlName || id}
                value={index}
                checked={value === index}
                disabled={locked}
                aria-labelledby={`${id}__option-label-${index}`}
                aria-describedby={describedBy(id)}
                onChange={() => onChange(index)}
                onBlur={() => onBlur(id, value)}
                onFocus={() => onFocus(id, value)}
              />
              {/* aria-labelledby keeps the option's name its own although the field template labels the id (`${id}__label`). */}
              <label id={`${id}__option-label-${index}`} htmlFor={optionId}>
                {option}
              </label>
            </div>
          );
        })}
      </fieldset>
      <button
        type="button"
        className="button button--small widget-captcha__refresh"
        disabled={disabled || refreshing}
        onClick={newQuestion}
      >
        {fa.widgets.captcha.newQuestion}
      </button>
      <QueryState
        id={id}
        loading={refreshing && fa.widgets.captcha.loading}
        error={isError && fa.widgets.captcha.error}
        detail={error?.message}
        onRetry={newQuestion}
      />
    </div>
  );
}

/**
 * Each newly fetched captcha writes its id into the sibling field `idField` and clears an answer
 * given to an older one.
 */
function useCaptchaIdField(
  captchaId: string | undefined,
  field: Pick<WidgetPropsOf<number>, 'value' | 'onChange' | 'registry'> & { idField: string },
) {
  const { formData, setField } = wizardFormContext(field.registry);
  useEffect(() => {
    if (captchaId === undefined || formData[field.idField] === captchaId) return;
    // An answer belongs to the question it was given for.
    if (field.value !== undefined) field.onChange(undefined);
    setField(field.idField, captchaId);
    // Only a new captcha should trigger this, not every keystroke elsewhere in the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [captchaId]);
}

interface CaptchaUnavailableProps {
  id: string;
  failed: boolean;
  pending: boolean;
  detail: string | undefined;
  onRetry: () => void;
}

/** No question yet: loading, or failed with «تلاش دوباره». */
function CaptchaUnavailable({ id, failed, pending, detail, onRetry }: CaptchaUnavailableProps) {
  return (
    <div className="widget-captcha">
      {failed ? (
        <div id={id} tabIndex={-1} className="widget-state widget-state--error" role="alert">
          <span>
            {detail && detail !== fa.widgets.captcha.error
              ? `${fa.widgets.captcha.error} ${detail}`
              : fa.widgets.captcha.error}
          </span>{' '}
          <button type="button" className="button button--small" onClick={onRetry}>
            {fa.widgets.retry}
          </button>
        </div>
      ) : (
        <div id={id} tabIndex={-1} className="widget-state widget-state--loading" role="status" aria-busy={pending}>
          {fa.widgets.captcha.loading}
        </div>
      )}
    </div>
  );
}
