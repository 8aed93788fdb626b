import { useId, useState, type FormEvent } from 'react';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { formText } from '../../ui/format.js';
import { STEP_ID, removable } from '../draft-text.js';

export interface FileListProps {
  files: readonly string[];
  open: string;
  /** Problems per file. */
  problemCounts: Readonly<Record<string, number>>;
  onOpen: (file: string) => void;
  /** A new form step: its id (its two files are made from it). */
  onAddStep: (id: string) => void;
  onRemove: (file: string) => void;
}

/** Files in the order product staff look for them: wizard.json first, then the rest by path. */
export function fileOrder(files: Iterable<string>): string[] {
  const rank = (file: string) => (file === 'wizard.json' ? 0 : file.startsWith('steps/') ? 2 : 1);
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The draft's files, each with its number of problems; a new step's pair is added here, a step's file removed. */
export function FileList({ files, open, problemCounts, onOpen, onAddStep, onRemove }: FileListProps) {
  const [removing, setRemoving] = useState<string>();
  const headingId = useId();

  return (
    <nav className="definition-files" aria-labelledby={headingId}>
      <h2 id={headingId}>{faConsole.editor.files}</h2>
      <ul>
        {fileOrder(files).map((file) => (
          <li key={file}>
            <button
              type="button"
              className="definition-file"
              aria-current={file === open ? 'true' : undefined}
              onClick={() => onOpen(file)}
            >
              <bdi dir="ltr">{file}</bdi>
              {problemCounts[file] ? (
                <span className="definition-count">
                  {fill(faConsole.editor.problemCount, { count: problemCounts[file] })}
                </span>
              ) : null}
            </button>
            {removable(file) && removing !== file && (
              <button
                type="button"
                className="staff-link"
                aria-label={fill(faConsole.editor.removeFile, { file })}
                onClick={() => setRemoving(file)}
              >
                {faConsole.editor.remove}
              </button>
            )}
            {removing === file && (
              <span
                className="definition-confirm"
                role="group"
                aria-label={fill(faConsole.editor.confirmRemove, { file })}
              >
                <span>{fill(faConsole.editor.confirmRemove, { file })}</span>
                <button
                  type="button"
                  className="staff-link"
                  onClick={() => {
                    setRemoving(undefined);
                    onRemove(file);
                  }}
                >
                  {faConsole.editor.confirm}
                </button>
                <button type="button" className="staff-link" onClick={() => setRemoving(undefined)}>
                  {faConsole.editor.cancel}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <AddStep files={files} onAddStep={onAddStep} />
    </nav>
  );
}

/** A new form step: its id is asked for, checked, and its two files are made from it. */
function AddStep({ files, onAddStep }: Pick<FileListProps, 'files' | 'onAddStep'>) {
  const [adding, setAdding] = useState(false);
  const [idError, setIdError] = useState<string>();
  const errorId = useId();

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = formText(new FormData(event.currentTarget), 'stepId').trim();
    if (!STEP_ID.test(id)) return setIdError(faConsole.editor.stepIdInvalid);
    if (files.includes(`steps/${id}.schema.json`) || files.includes(`steps/${id}.ui.json`))
      return setIdError(faConsole.editor.stepExists);
    setIdError(undefined);
    setAdding(false);
    onAddStep(id);
  };

  return adding ? (
    <form className="definition-add" onSubmit={add} noValidate>
      <label>
        {faConsole.editor.stepId}
        <input
          name="stepId"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={idError ? true : undefined}
          aria-describedby={idError ? errorId : undefined}
        />
      </label>
      {idError && (
        <p id={errorId} className="staff-error" role="alert">
          {idError}
        </p>
      )}
      <button type="submit" className="staff-primary">
        {faConsole.editor.create}
      </button>
      <button type="button" className="staff-link" onClick={() => setAdding(false)}>
        {faConsole.editor.cancel}
      </button>
    </form>
  ) : (
    <button type="button" className="staff-link" onClick={() => setAdding(true)}>
      {faConsole.editor.addStep}
    </button>
  );
}
