import { useMutation } from '@tanstack/react-query';
import { followupPaths } from '../../shared/contracts/followup.js';
import type { StatusAnswer, StatusRequest } from '../../shared/contracts/followup.schemas.js';
import { request } from '../api/http.js';

/**
 * POST Register/Status: the code and the number travel in the body (never in a URL), with the
 * anti-forgery header that `request` adds.
 */
export function useStatusLookup() {
  return useMutation({
    mutationFn: (body: StatusRequest) => request<StatusAnswer>(followupPaths.status, { method: 'POST', body }),
  });
}
