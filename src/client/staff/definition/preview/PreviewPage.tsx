/**
 * The preview page (inside the editor's frame): the real wizard — the same `<WizardApp>` and
 * definition source the managers' page uses — rendered from the saved draft at one revision, in
 * preview mode (nothing posted or counted; the last step shows the body that would have been
 * posted) and with its answers kept in memory only: the frame is sandboxed, so the browser's
 * storage is not there to use.
 */
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { fa } from '../../../../shared/text/strings.fa.js';
import { faConsole } from '../../../../shared/text/console-strings.fa.js';
import { WizardApp } from '../../../app/WizardApp.js';
import { fetchDraftSource, readyDefinitionOf, type ReadyDefinition } from '../../../definition/source.js';
import { MemoryStorage } from './memory-storage.js';
import { PREVIEW_BASE } from './preview-path.js';

type Loaded = { definition: ReadyDefinition } | { error: string };

/**
 * The draft's definition with its validators already loaded: the token that opens them expires in
 * minutes, and an editor may reach the first form step later than that.
 */
async function loadDraft(token: string): Promise<ReadyDefinition> {
  const definition = await readyDefinitionOf(await fetchDraftSource(token));
  const validators = await definition.loadValidators();
  return { ...definition, loadValidators: () => Promise.resolve(validators) };
}

export interface PreviewPageProps {
  revision: number;
  /** The preview token from the page's fragment; without it, nothing can be read. */
  token: string | undefined;
}

export default function PreviewPage({ revision, token }: PreviewPageProps) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [storage] = useState(() => new MemoryStorage());

  useEffect(() => {
    let current = true;
    const loading = token ? loadDraft(token) : Promise.reject(new Error(fa.errors.preview_invalid));
    loading.then(
      (definition) => current && setLoaded({ definition }),
      (error: unknown) => current && setLoaded({ error: error instanceof Error ? error.message : fa.errors.internal }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!loaded) return <p role="status">{fa.ui.loading}</p>;
  if ('error' in loaded) {
    return (
      <main className="preview-failure">
        <p role="alert">{loaded.error}</p>
        <p>{faConsole.editor.preview.failed}</p>
      </main>
    );
  }
  return (
    <BrowserRouter basename={`${PREVIEW_BASE}/${revision}`}>
      <WizardApp
        wizard={loaded.definition.wizard}
        loadValidators={loaded.definition.loadValidators}
        stepTest={loaded.definition.stepTest}
        version={loaded.definition.version}
        storage={storage}
        preview
      />
    </BrowserRouter>
  );
}
