import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorSummary } from '../../../widgets/templates/ErrorSummary.js';
import { fieldId, focusField } from '../../../src/client/form/FormStepPage.js';

function Step({ provinceDisabled }: { provinceDisabled: boolean }) {
  return (
    <div data-testid="step">
      <ErrorSummary
        items={[{ field: 'selectedState', id: fieldId('selectedState'), message: 'لطفاً استان را انتخاب کنید.' }]}
        onSelect={() => undefined}
      />
      <div data-field="selectedState">
        <select id={fieldId('selectedState')} aria-label="استان" disabled={provinceDisabled}>
          <option>تهران</option>
        </select>
      </div>
      <button type="submit">ثبت و ادامه</button>
    </div>
  );
}

afterEach(cleanup);

describe('focus on the first invalid field', () => {
  it('goes to the field when it can take focus', () => {
    render(<Step provinceDisabled={false} />);
    screen.getByRole('button').focus();
    focusField(screen.getByTestId('step'), 'selectedState');
    expect(screen.getByRole('combobox', { name: 'استان' })).toHaveFocus();
  });

  it('goes to the error summary while the field is disabled (its list still loading)', () => {
    render(<Step provinceDisabled />);
    screen.getByRole('button').focus();
    focusField(screen.getByTestId('step'), 'selectedState');
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
