import { useCallback, useMemo, useRef } from 'react';
import { useWizardStore } from '../state/wizard-store.js';
import { withoutHiddenAnswers } from './conditional-fields.js';
import type { StepDefinition } from './use-step-definition.js';

type Data = Record<string, unknown>;

/**
 * The step's draft in the shared store. Every write leaves out the answers of conditional fields
 * whose condition no longer holds, so they leave sessionStorage and are never posted; a changed
 * field the server had found fault with loses the server's message.
 */
export function useStepDraft({ step, schema, validator, conditional }: StepDefinition) {
  const { state, actions } = useWizardStore();
  const draft = useMemo<Data>(() => state.drafts[step.id] ?? {}, [state.drafts, step.id]);
  const serverMessages = state.serverErrors[step.id];
  // Read through refs, so saveDraft keeps its identity while the manager types (the widget context
  // depends on it, and a new context re-renders every field).
  const latest = useRef({ draft, serverMessages });
  latest.current = { draft, serverMessages };

  const visibleAnswers = useCallback(
    (data: Data) => withoutHiddenAnswers(validator, schema, conditional, data),
    [validator, schema, conditional],
  );

  const saveDraft = useCallback(
    (data: Data) => {
      const kept = visibleAnswers(data);
      const { draft: previous, serverMessages: messages } = latest.current;
      if (messages) {
        const changed = Object.keys(messages).filter(
          (field) => JSON.stringify(kept[field]) !== JSON.stringify(previous[field]),
        );
        if (changed.length) actions.clearServerErrors(step.id, changed);
      }
      actions.setDraft(step.id, kept);
      return kept;
    },
    [actions, step.id, visibleAnswers],
  );

  return { draft, serverMessages, saveDraft, visibleAnswers };
}
