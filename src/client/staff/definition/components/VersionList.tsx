import { useId, useState, type FormEvent } from 'react';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { formatWhen, formText } from '../../ui/format.js';
import { consoleScreens } from '../../../../shared/contracts/staff.js';
import type { DefinitionVersionSummary } from '../api/definition-api.js';

export interface VersionListProps {
  versions: readonly DefinitionVersionSummary[];
  /** Publishes an earlier version again; resolves when it is live, rejects with a Persian message. */
  onRollback: (version: string, note: string) => Promise<void>;
}

/** A version id is a content hash: its first characters tell versions apart on screen. */
export const shortVersion = (version: string): string => version.slice(0, 10);

/** A text naming a version: the id stays as it is (fill() would turn its digits Persian). */
export const naming = (template: string, version: string): string =>
  template.replace('{version}', shortVersion(version));

function RollbackForm({
  version,
  onRollback,
  onCancel,
}: {
  version: string;
  onRollback: VersionListProps['onRollback'];
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const errorId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = formText(new FormData(event.currentTarget), 'note').trim();
    if (!note) return setError(faConsole.editor.versions.rollbackNoteRequired);
    setError(undefined);
    setBusy(true);
    try {
      await onRollback(version, note);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : fa.errors.internal);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="definition-rollback"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={naming(faConsole.editor.versions.republishLabel, version)}
    >
      <label htmlFor={noteId}>{faConsole.editor.versions.rollbackNote}</label>
      <input
        id={noteId}
        name="note"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="staff-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="staff-primary" disabled={busy}>
        {faConsole.editor.versions.confirmRollback}
      </button>
      <button type="button" className="staff-link" onClick={onCancel}>
        {faConsole.editor.cancel}
      </button>
    </form>
  );
}

/** A version's id, and for a published one the link to what managers did with it («رفتار فرم»). */
function VersionCell({ entry }: { entry: DefinitionVersionSummary }) {
  return (
    <td data-label={faConsole.editor.versions.version}>
      <code dir="ltr" title={entry.version}>
        {shortVersion(entry.version)}
      </code>{' '}
      {entry.state !== 'draft' && (
        <a
          className="staff-link"
          href={`${consoleScreens.insights.path}?version=${encodeURIComponent(entry.version)}`}
          aria-label={`${faConsole.insights.link} ${shortVersion(entry.version)}`}
        >
          {faConsole.insights.link}
        </a>
      )}
    </td>
  );
}

/** «نسخه‌ها»: live, draft and past versions, who published each and why; an earlier one is published again in one action. */
export function VersionList({ versions, onRollback }: VersionListProps) {
  const [open, setOpen] = useState<string>();
  const [done, setDone] = useState<string>();
  if (versions.length === 0) return <p>{faConsole.editor.versions.empty}</p>;
  return (
    <section className="definition-versions">
      <h2>{faConsole.editor.versions.heading}</h2>
      {done && (
        <p className="definition-done" role="status">
          {naming(faConsole.editor.versions.rolledBack, done)}
        </p>
      )}
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{faConsole.editor.versions.version}</th>
            <th scope="col">{faConsole.editor.versions.state}</th>
            <th scope="col">{faConsole.editor.versions.publishedAt}</th>
            <th scope="col">{faConsole.editor.versions.publishedBy}</th>
            <th scope="col">{faConsole.editor.versions.note}</th>
            <th scope="col">
              <span className="visually-hidden">{faConsole.editor.versions.republish}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((entry) => (
            <tr key={`${entry.state}:${entry.version}`} data-state={entry.state}>
              <VersionCell entry={entry} />
              <td data-label={faConsole.editor.versions.state}>
                {faConsole.editor.versions.states[entry.state] ?? entry.state}
              </td>
              <td data-label={faConsole.editor.versions.publishedAt}>
                {entry.publishedAt ? formatWhen(entry.publishedAt) : '—'}
              </td>
              <td data-label={faConsole.editor.versions.publishedBy}>
                <bdi>{entry.publishedBy ?? '—'}</bdi>
              </td>
              <td data-label={faConsole.editor.versions.note}>{entry.note ?? '—'}</td>
              <td>
                {entry.state === 'past' &&
                  (open === entry.version ? (
                    <RollbackForm
                      version={entry.version}
                      onCancel={() => setOpen(undefined)}
                      onRollback={async (version, note) => {
                        await onRollback(version, note);
                        setOpen(undefined);
                        setDone(version);
                      }}
                    />
                  ) : (
                    <button
                      type="button"
                      className="staff-link"
                      aria-label={naming(faConsole.editor.versions.republishLabel, entry.version)}
                      onClick={() => setOpen(entry.version)}
                    >
                      {faConsole.editor.versions.republish}
                    </button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
