/**
 * Final submit: the registration body (schemas/registration.schema.json, docs/api.md) built from the step
 * drafts by the mapping in wizard.json, posted once per attempt with its own Idempotency-Key;
 * success or failure stored for /enter; the server's field errors mapped back to their steps; a
 * spent captcha replaced.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  buildRegistration,
  stepFieldAt,
  type Drafts,
  type LoadedStep,
  type LoadedWizard,
} from '../../shared/definition/wizard-definition.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { ApiError } from '../api/http.js';
import { queryKeys, registerConfigQuery } from '../api/queries.js';
import { useSubmitRegistration } from '../api/submit.js';
import { resultStep } from '../wizard/navigation.js';
import { resolveTier } from '../wizard/tier.js';
import { useWizardEnv } from '../wizard/wizard-env.js';
import type { ServerErrors } from '../state/wizard-storage.js';
import { useWizardStore } from '../state/wizard-store.js';
import { noteRefused, noteRegistered } from '../state/insights.js';

/** `error.fields` (JSON pointers of the posted body) -> step id -> field -> message. */
export function serverErrorsByStep(wizard: LoadedWizard, fields: Record<string, string>): ServerErrors {
  const byStep: ServerErrors = {};
  for (const [pointer, message] of Object.entries(fields)) {
    const target = stepFieldAt(wizard, pointer);
    if (!target) continue;
    byStep[target.stepId] ??= {};
    byStep[target.stepId][target.field] ??= message;
  }
  return byStep;
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The server no longer accepts the version this tab was filled in: the live one is loaded instead. */
const DEFINITION_OUTDATED = 'definition_outdated';

/**
 * Opens the live version: a fresh page of the first step, which carries the answers that still fit
 * over from this version's state (state/version-drafts.ts) and says so.
 */
function openLiveVersion(wizard: LoadedWizard): void {
  window.location.assign(`${wizard.steps[0].route}${window.location.search}`);
}

/** `wizard` is the full definition (with schemas): the registration mapping walks the step schemas. */
export function useRegistrationSubmit(wizard: LoadedWizard, step: LoadedStep) {
  const { state, actions } = useWizardStore();
  const { version, preview } = useWizardEnv();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useSubmitRegistration();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async (stepData: Record<string, unknown>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      const drafts: Drafts = { ...state.drafts, [step.id]: stepData };
      const target = resultStep(wizard, step);
      try {
        const config = await queryClient.ensureQueryData(registerConfigQuery).catch(() => undefined);
        const tier = config ? resolveTier(config, state.tier)?.id : state.tier;
        const registration = buildRegistration(wizard, drafts, { tier });
        if (preview) {
          // The staff preview posts nothing: the result step shows what would have been posted.
          actions.succeed({
            success: true,
            message: fa.wizardVersions.previewMessage,
            previewBody: JSON.stringify(registration, null, 2),
          });
        } else {
          const answer = await mutation.mutateAsync({ registration, idempotencyKey: newIdempotencyKey(), version });
          noteRegistered();
          actions.succeed({
            success: true,
            message: answer?.message || fa.registration.successMessage,
            trackingCode: answer?.trackingCode,
          });
        }
      } catch (error) {
        const apiError = error instanceof ApiError ? error : undefined;
        if (apiError?.code === DEFINITION_OUTDATED) {
          openLiveVersion(wizard);
          return;
        }
        const refused = serverErrorsByStep(wizard, apiError?.fields ?? {});
        if (!preview)
          for (const [stepId, fields] of Object.entries(refused))
            for (const field of Object.keys(fields)) noteRefused(stepId, field);
        actions.fail({ success: false, message: apiError?.message || fa.registration.failedMessage }, refused);
        // The captcha was spent by this attempt, right or wrong: the manager gets a fresh one.
        void queryClient.invalidateQueries({ queryKey: queryKeys.captcha });
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
      if (target) void navigate(target.route);
    },
    [actions, mutation, navigate, queryClient, state.drafts, state.tier, step, wizard, version, preview],
  );

  return { submit, busy };
}
