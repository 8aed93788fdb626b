import { useMutation } from '@tanstack/react-query';
import { apiPaths, IDEMPOTENCY_HEADER } from '../../shared/contracts/wizard-api.js';
import type { RegistrationAnswer } from '../../shared/contracts/wizard-api.schemas.js';
import { DEFINITION_VERSION_HEADER } from '../../shared/contracts/definition.js';
import { request } from './http.js';

export interface SubmitRegistration {
  registration: Record<string, unknown>;
  /** One UUID per submit attempt, so a retried POST stores one registration. */
  idempotencyKey: string;
  /** The definition version the answers were given in; the server validates against it. */
  version?: string;
}

export function useSubmitRegistration() {
  return useMutation({
    mutationFn: ({ registration, idempotencyKey, version }: SubmitRegistration) =>
      request<RegistrationAnswer>(apiPaths.registration, {
        method: 'POST',
        body: registration,
        headers: {
          [IDEMPOTENCY_HEADER]: idempotencyKey,
          ...(version === undefined ? {} : { [DEFINITION_VERSION_HEADER]: version }),
        },
      }),
  });
}
