import { useId, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import wizard from '../schemas/wizard.json';
import { fa } from '../src/shared/text/wizard-strings.fa.js';
import { toPersianDigits } from './shared.js';
import { trapTab, useModalDialog } from './use-modal-dialog.js';

/** The rules' copy: product copy kept in schemas/wizard.json#/rules. */
export const rules: { title: string; articles: string[] } = wizard.rules;

export interface RulesDialogProps {
  open: boolean;
  /** Called on Escape, the close button or a click on the backdrop; the caller sets `open` false. */
  onClose: () => void;
}

/**
 * The rules in a modal dialog: a native `<dialog>` opened with `showModal()` (top layer, inert
 * page, Escape) where the browser has it, else the same element with `open` plus a focus trap and
 * Escape handled here (jsdom, old browsers). Focus moves to the close button on opening and back
 * to whatever had it (the «مشاهده قوانین» button) on closing. Used by acceptTerms and by /enter.
 */
export function RulesDialog({ open, onClose }: RulesDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(open, closeRef);
  const titleId = useId();

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Native Escape: let React state close it, so focus return runs in one place.
    event.preventDefault();
    onClose();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') trapTab(event);
  };

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the ::backdrop lands on the dialog element itself.
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // A click on the backdrop closes it, as Escape does from the keyboard (the dialog's own cancel).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="rules-dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={handleCancel}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
    >
      {open && (
        <div className="rules-dialog__body">
          <h2 id={titleId} className="rules-dialog__title">
            {rules.title}
          </h2>
          <ol className="rules-dialog__articles">
            {rules.articles.map((article, index) => (
              <li key={index}>
                <span className="rules-dialog__number">{toPersianDigits(index + 1)}. </span>
                {article}
              </li>
            ))}
          </ol>
          <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
            {fa.widgets.terms.close}
          </button>
        </div>
      )}
    </dialog>
  );
}
