import { useMutation } from '@tanstack/react-query';
import { apiPaths, IDEMPOTENCY_HEADER, type RegistrationAnswer } from '../../shared/api-contract.js';
import { request } from './http.js';

export interface SubmitRegistration {
  registration: Record<string, unknown>;
  /** One UUID per submit attempt, so a retried POST stores one registration. */
  idempotencyKey: string;
}

export function useSubmitRegistration() {
  return useMutation({
    mutationFn: ({ registration, idempotencyKey }: SubmitRegistration) =>
      request<RegistrationAnswer>(apiPaths.registration, {
        method: 'POST',
        body: registration,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
  });
}
