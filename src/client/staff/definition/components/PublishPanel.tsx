import { useId, useState, type FormEvent } from 'react';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { fill } from '../../../../shared/text/persian.js';
import { formText } from '../../ui/format.js';
import { naming } from './VersionList.js';
import type { DefinitionDiff, DefinitionProblem } from '../api/definition-api.js';
import { ChangedFieldTable, type ChangedFieldTableProps } from './ChangedFieldTable.js';

export interface PublishPanelProps {
  /** Problems the checker reports on the draft: publishing is refused while there is any. */
  problemCount: number;
  /** False while the draft has changes not yet saved. */
  saved: boolean;
  diff?: DefinitionDiff;
  diffError?: string;
  /** The changed fields' figures in the live version and the one before it (none while there is no diff). */
  fieldFigures?: ChangedFieldTableProps;
  /** Publishes with the note; resolves to the new version, or rejects with the server's message and problems. */
  onPublish: (note: string) => Promise<string>;
}

function RawJson({ diff }: { diff: DefinitionDiff }) {
  if (diff.files.length === 0) return null;
  return (
    <details className="definition-raw">
      <summary>{faConsole.editor.publish.raw}</summary>
      {diff.files.map(({ file, live, draft }) => (
        <section key={file}>
          <h4>
            <bdi dir="ltr">{file}</bdi>
          </h4>
          <div className="definition-raw-pair">
            <figure>
              <figcaption>{faConsole.editor.publish.live}</figcaption>
              <pre dir="ltr">{live ?? faConsole.editor.publish.absent}</pre>
            </figure>
            <figure>
              <figcaption>{faConsole.editor.publish.draft}</figcaption>
              <pre dir="ltr">{draft ?? faConsole.editor.publish.absent}</pre>
            </figure>
          </div>
        </section>
      ))}
    </details>
  );
}

/** An error a refused publish carries: the server's message and, when the checker refused it, its problems. */
export class PublishRefused extends Error {
  constructor(
    message: string,
    readonly problems: DefinitionProblem[] = [],
  ) {
    super(message);
  }
}

/** The publish form's state: a note is required, and a refusal keeps the server's message and problems. */
function usePublishForm(onPublish: PublishPanelProps['onPublish']) {
  const [noteError, setNoteError] = useState<string>();
  const [refused, setRefused] = useState<PublishRefused>();
  const [published, setPublished] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const note = formText(new FormData(form), 'note').trim();
    if (!note) return setNoteError(faConsole.editor.publish.noteRequired);
    setNoteError(undefined);
    setRefused(undefined);
    setBusy(true);
    try {
      setPublished(await onPublish(note));
      form.reset();
    } catch (error) {
      setRefused(error instanceof PublishRefused ? error : new PublishRefused(fa.errors.internal));
    } finally {
      setBusy(false);
    }
  };
  return { noteError, refused, published, busy, submit };
}

/** The changes against the live version, in words, then as JSON. */
function ChangeList({ diff, diffError }: Pick<PublishPanelProps, 'diff' | 'diffError'>) {
  const changesId = useId();
  return (
    <>
      <h3 id={changesId}>{faConsole.editor.publish.changes}</h3>
      {diffError && (
        <p className="staff-error" role="alert">
          {diffError}
        </p>
      )}
      {!diff && !diffError && <p role="status">{faConsole.editor.publish.loadingDiff}</p>}
      {diff && diff.changes.length === 0 && <p>{faConsole.editor.publish.noChanges}</p>}
      {diff && diff.changes.length > 0 && (
        <ul aria-labelledby={changesId} className="definition-changes">
          {diff.changes.map((change, index) => (
            <li key={index} data-change={change.kind}>
              {change.words}
            </li>
          ))}
        </ul>
      )}
      {diff && <RawJson diff={diff} />}
    </>
  );
}

function RefusalProblems({ refused }: { refused: PublishRefused }) {
  return (
    <div className="staff-error" role="alert">
      <p>{refused.message}</p>
      {refused.problems.length > 0 && (
        <ul dir="ltr" lang="en">
          {refused.problems.map((problem, index) => (
            <li key={index}>
              {problem.file}
              {problem.line ? `:${problem.line}` : ''} {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** «انتشار»: the changes against the live version, in words and as JSON, and a note to publish with. */
export function PublishPanel({ problemCount, saved, diff, diffError, fieldFigures, onPublish }: PublishPanelProps) {
  const { noteError, refused, published, busy, submit } = usePublishForm(onPublish);
  const noteId = useId();
  const noteErrorId = useId();
  const blocked = problemCount > 0 || !saved;

  return (
    <section className="definition-publish">
      <h2>{faConsole.editor.publish.heading}</h2>
      {published && (
        <p className="definition-done" role="status">
          {naming(faConsole.editor.publish.published, published)}
        </p>
      )}
      {problemCount > 0 && (
        <p className="staff-error" role="alert">
          {fill(faConsole.editor.publish.blocked, { count: problemCount })}
        </p>
      )}
      {problemCount === 0 && !saved && <p role="status">{faConsole.editor.publish.unsaved}</p>}
      <ChangeList diff={diff} diffError={diffError} />
      {diff && diff.changes.length > 0 && fieldFigures && <ChangedFieldTable {...fieldFigures} />}
      <form className="definition-publish-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={noteId}>{faConsole.editor.publish.note}</label>
        <textarea
          id={noteId}
          name="note"
          rows={3}
          required
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? noteErrorId : undefined}
        />
        {noteError && (
          <p id={noteErrorId} className="staff-error" role="alert">
            {noteError}
          </p>
        )}
        {refused && <RefusalProblems refused={refused} />}
        <button type="submit" className="staff-primary" disabled={blocked || busy}>
          {busy ? faConsole.editor.publish.publishing : faConsole.editor.publish.submit}
        </button>
      </form>
    </section>
  );
}
