/**
 * The draft while it is edited: one text per file, saved on the server when typing pauses (a text
 * that is not JSON yet too, so nothing typed is lost), with the checker's problems of the last save. A save carries the revision it was based on; a stale one is
 * refused (409) and nothing more is sent until the editor reloads the draft, so neither side's work
 * is overwritten.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/http.js';
import { useDebouncedPersist, type DebouncedPersist } from '../../../state/use-debounced-persist.js';
import type { DefinitionProblem, DefinitionTexts, DraftAnswer } from '../api/definition-api.js';
import type { PlacedProblem } from '../draft-text.js';
import { placeProblem, saveOf, textsOf } from '../draft-text.js';
import { definitionKeys, useDraftQuery, useSaveDraft } from './definition-queries.js';

/** How long typing must pause before the draft is saved. */
export const SAVE_PAUSE_MS = 800;

export type SaveStatus = 'saved' | 'editing' | 'saving' | 'conflict' | 'failed';

export interface DraftEditor {
  /** False until the draft has come. */
  ready: boolean;
  loadError?: string;
  texts: DefinitionTexts;
  /** The revision the server has; the preview renders it. */
  revision: number;
  status: SaveStatus;
  /** Every problem of the draft, placed in the texts as they are now. */
  problems: PlacedProblem[];
  /** Bumped each time the draft is (re)loaded from the server: editors keyed by it start afresh. */
  generation: number;
  change: (file: string, text: string) => void;
  addFiles: (texts: DefinitionTexts) => void;
  removeFile: (file: string) => void;
  /** Saves now (after a failure, or before publishing). */
  saveNow: () => Promise<void>;
  /** Drops the local texts and loads the draft as the server has it. */
  reload: () => Promise<void>;
}

/** The server's draft, held locally: loaded, reset on reload, and updated by each save's answer. */
function useServerDraft() {
  const draft = useDraftQuery();
  const [texts, setTexts] = useState<DefinitionTexts>({});
  const [revision, setRevision] = useState(0);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [serverProblems, setServerProblems] = useState<DefinitionProblem[]>([]);
  const [generation, setGeneration] = useState(0);
  const textsRef = useRef(texts);
  const revisionRef = useRef(0);
  const statusRef = useRef<SaveStatus>('saved');

  const moveTo = useCallback((next: SaveStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  // The draft as the server has it: on first load and after each reload.
  const reset = useCallback(
    (fresh: DraftAnswer) => {
      const freshTexts = textsOf(fresh.files, fresh.texts);
      textsRef.current = freshTexts;
      revisionRef.current = fresh.revision;
      setTexts(freshTexts);
      setRevision(fresh.revision);
      setServerProblems(fresh.problems);
      setGeneration((count) => count + 1);
      moveTo('saved');
    },
    [moveTo],
  );
  const loaded = draft.data;
  useEffect(() => {
    if (loaded) reset(loaded);
  }, [loaded, reset]);

  return {
    draft,
    texts,
    setTexts,
    revision,
    setRevision,
    status,
    serverProblems,
    setServerProblems,
    generation,
    textsRef,
    revisionRef,
    statusRef,
    moveTo,
    reset,
  };
}

export function useDraftEditor(): DraftEditor {
  const queryClient = useQueryClient();
  const save = useSaveDraft();
  const local = useServerDraft();
  const { draft, textsRef, revisionRef, statusRef, moveTo, reset, setRevision, setServerProblems } = local;
  const saving = useRef<Promise<void> | null>(null);
  // Typing pauses SAVE_PAUSE_MS before a save; leaving the editor drops a save still waiting.
  const persist: DebouncedPersist<Promise<void>> = useDebouncedPersist(() => saveDraft(), {
    delayMs: SAVE_PAUSE_MS,
    wait: 'pause',
    flushOnLeave: false,
    onUnmount: 'drop',
  });

  const saveDraft = useCallback(async (): Promise<void> => {
    if (statusRef.current === 'conflict') return;
    if (saving.current) {
      // One save at a time: the next starts from the revision this one gets.
      await saving.current;
      return persist.flush();
    }
    const sent = textsRef.current;
    moveTo('saving');
    const run = (async () => {
      try {
        const saved = await save.mutateAsync({ revision: revisionRef.current, ...saveOf(sent) });
        revisionRef.current = saved.revision;
        setRevision(saved.revision);
        setServerProblems(saved.problems);
        void queryClient.invalidateQueries({ queryKey: definitionKeys.diff });
        moveTo(textsRef.current === sent ? 'saved' : 'editing');
      } catch (error) {
        moveTo(error instanceof ApiError && error.status === 409 ? 'conflict' : 'failed');
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
    if (statusRef.current === 'editing') persist.schedule();
  }, [save, queryClient, moveTo, persist, textsRef, revisionRef, statusRef, setRevision, setServerProblems]);

  const edit = useCallback(
    (next: DefinitionTexts) => {
      textsRef.current = next;
      local.setTexts(next);
      if (statusRef.current === 'conflict') return;
      if (statusRef.current !== 'saving') moveTo('editing');
      persist.schedule();
    },
    [moveTo, persist, textsRef, statusRef, local.setTexts],
  );

  const { texts, serverProblems } = local;
  const problems = useMemo(
    () => serverProblems.map((problem) => placeProblem(problem, texts[problem.file])),
    [serverProblems, texts],
  );

  return {
    // Ready once the texts are in (they are set from the answer in an effect, a render after it).
    ready: local.generation > 0,
    loadError: draft.error?.message,
    texts,
    revision: local.revision,
    status: local.status,
    problems,
    generation: local.generation,
    change: (file, text) => edit({ ...textsRef.current, [file]: text }),
    addFiles: (added) => edit({ ...textsRef.current, ...added }),
    removeFile: (file) => edit(Object.fromEntries(Object.entries(textsRef.current).filter(([name]) => name !== file))),
    saveNow: persist.flush,
    reload: async () => {
      persist.cancel();
      const fresh = await draft.refetch();
      if (fresh.data) reset(fresh.data);
    },
  };
}
