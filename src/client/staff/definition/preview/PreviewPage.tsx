/**
 * The preview page (inside the editor's frame): the real wizard — the same `<WizardApp>` and
 * definition source the managers' page uses — rendered from the saved draft at one revision, in
 * preview mode (nothing posted or counted; the last step shows the body that would have been
 * posted) and with its answers kept in memory only.
 */
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { fa } from '../../../../shared/strings.fa.js';
import { faConsole } from '../../../../shared/console-strings.fa.js';
import { WizardApp } from '../../../app/WizardApp.js';
import { fetchDraftSource, wizardDefinitionOf, type WizardDefinition } from '../../../definition/source.js';
import { MemoryStorage } from './memory-storage.js';
import { PREVIEW_BASE } from './preview-path.js';

type Loaded = { definition: WizardDefinition } | { error: string };

export default function PreviewPage({ revision }: { revision: number }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [storage] = useState(() => new MemoryStorage());

  useEffect(() => {
    let current = true;
    fetchDraftSource(revision)
      .then(wizardDefinitionOf)
      .then(
        (definition) => current && setLoaded({ definition }),
        (error: unknown) =>
          current && setLoaded({ error: error instanceof Error ? error.message : fa.errors.internal }),
      );
    return () => {
      current = false;
    };
  }, [revision]);

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
