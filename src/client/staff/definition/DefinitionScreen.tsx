/**
 * «ویرایش فرم»: the draft of the wizard's definition edited, previewed, published and
 * rolled back by product staff. Loaded as its own chunk, only when the screen is opened.
 */
import { useState } from 'react';
import { fa } from '../../../shared/text/strings.fa.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { ApiError } from '../../api/http.js';
import type { DefinitionProblem } from './api/definition-api.js';
import { DraftEditorView } from './components/DraftEditorView.js';
import { previewSource } from './preview/preview-path.js';
import { PreviewFrame } from './components/PreviewFrame.js';
import { PublishPanel, PublishRefused } from './components/PublishPanel.js';
import {
  useDefinitionDiff,
  useLiveAgainstPrevious,
  usePreviewToken,
  usePublish,
  useRollback,
  useVersions,
} from './hooks/definition-queries.js';
import { useDraftEditor, type DraftEditor } from './hooks/use-draft-editor.js';
import { VersionList } from './components/VersionList.js';
import { changedFieldFigures, previousVersion } from './changed-field-figures.js';
import './definition.css';

const TABS = ['edit', 'preview', 'publish', 'versions'] as const;
export type DefinitionTab = (typeof TABS)[number];

function problemsOf(error: ApiError): DefinitionProblem[] {
  const body = error.body as { problems?: DefinitionProblem[]; error?: { problems?: DefinitionProblem[] } } | undefined;
  return body?.problems ?? body?.error?.problems ?? [];
}

function PublishTab({ editor }: { editor: DraftEditor }) {
  const diff = useDefinitionDiff(editor.status === 'saved');
  const behaviour = useLiveAgainstPrevious(diff.data !== undefined && diff.data.changes.length > 0);
  const publish = usePublish();
  return (
    <PublishPanel
      problemCount={editor.problems.length}
      saved={editor.status === 'saved'}
      diff={diff.data}
      diffError={diff.error?.message}
      fieldFigures={{
        figures: diff.data && behaviour.data ? changedFieldFigures(diff.data.changes, behaviour.data) : undefined,
        live: behaviour.data?.first.version,
        previous: behaviour.data ? previousVersion(behaviour.data) : undefined,
        error: behaviour.error?.message,
      }}
      onPublish={async (note) => {
        try {
          return (await publish.mutateAsync(note)).version;
        } catch (error) {
          if (error instanceof ApiError) throw new PublishRefused(error.message, problemsOf(error));
          throw error;
        }
      }}
    />
  );
}

/** The frame's address carries a preview token of its own: each load, and each saved revision, gets a new one. */
function PreviewTab({ editor }: { editor: DraftEditor }) {
  const [loads, setLoads] = useState(0);
  const blocked = editor.problems.length > 0;
  const token = usePreviewToken(editor.revision, loads, editor.ready && !blocked);
  return (
    <PreviewFrame
      src={token.data ? previewSource(editor.revision, token.data.token) : undefined}
      blocked={blocked}
      unsaved={editor.status !== 'saved'}
      error={token.error?.message}
      onReload={() => setLoads((count) => count + 1)}
    />
  );
}

function VersionsTab() {
  const versions = useVersions();
  const rollback = useRollback();
  if (versions.error)
    return (
      <p className="staff-error" role="alert">
        {versions.error.message}
      </p>
    );
  if (!versions.data) return <p role="status">{fa.ui.loading}</p>;
  return (
    <VersionList
      versions={versions.data}
      onRollback={async (version, note) => {
        await rollback.mutateAsync({ version, note });
      }}
    />
  );
}

export function DefinitionWorkspace({ initialTab = 'edit' }: { initialTab?: DefinitionTab }) {
  const [tab, setTab] = useState<DefinitionTab>(initialTab);
  const editor = useDraftEditor();
  return (
    <section className="staff-card definition-screen">
      <h1>{faConsole.editor.title}</h1>
      <nav aria-label={faConsole.editor.tabsLabel} className="definition-tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={tab === name ? 'page' : undefined}
            onClick={() => setTab(name)}
          >
            {faConsole.editor.tabs[name]}
          </button>
        ))}
      </nav>
      {/* The editor stays mounted behind the other tabs: its files keep their undo history. */}
      <div hidden={tab !== 'edit'}>
        <DraftEditorView editor={editor} />
      </div>
      {tab === 'preview' && <PreviewTab editor={editor} />}
      {tab === 'publish' && <PublishTab editor={editor} />}
      {tab === 'versions' && <VersionsTab />}
    </section>
  );
}

/** The console's route (screens.tsx): the console's React Query client is above it. */
export default function DefinitionScreen() {
  return <DefinitionWorkspace />;
}
