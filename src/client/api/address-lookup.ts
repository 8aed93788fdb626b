import { apiPaths } from '../../shared/contracts/wizard-api.js';
import type { AddressSuggestion } from '../../shared/contracts/wizard-api.schemas.js';
import type { CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';
import { addressSuggestionPath, type MapPoint } from '../../../widgets/services.js';
import { solve } from './code-proof.js';
import { ApiError, request } from './http.js';

/** After a 503 (the service's budget is spent) the page asks no more for this long. */
const QUIET_AFTER_CAPACITY_MS = 10 * 60_000;

let quietUntil = 0;
/** The pass being bought: the lookups asked at once wait for the same one. */
let buying: Promise<void> | undefined;

/**
 * The pre-session's pass for address lookups: a proof of work solved off the page's thread
 * (the SMS code's, altcha-lib), then POST Utility/Address/Pass.
 */
async function buyPass(): Promise<void> {
  const challenge = await request<CodeProofChallenge>(apiPaths.addressChallenge);
  const solution = await solve(challenge);
  if (!solution) throw new ApiError(0, 'address_pass', '');
  const proof = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  await request<void>(apiPaths.addressPass, { method: 'POST', body: { proof } });
}

function passBought(): Promise<void> {
  buying ??= buyPass().finally(() => {
    buying = undefined;
  });
  return buying;
}

/**
 * The address of the map's point. The first lookup of a pre-session (and the first after its
 * pass is used up or over) is refused with 403 address_pass: the pass is bought and the lookup
 * asked once more. After a 503 the page keeps quiet for a while (no suggestion, no error) rather
 * than ask a spent service again at every move of the pin.
 */
export async function lookUpAddress(point: MapPoint, signal: AbortSignal): Promise<AddressSuggestion> {
  // As the server would answer, without asking it: the widget shows nothing for a failure.
  if (Date.now() < quietUntil) throw new ApiError(503, 'address_capacity', '');
  try {
    return await request<AddressSuggestion>(addressSuggestionPath(point), { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) quietUntil = Date.now() + QUIET_AFTER_CAPACITY_MS;
    if (!(error instanceof ApiError) || error.code !== 'address_pass') throw error;
  }
  await passBought();
  return request<AddressSuggestion>(addressSuggestionPath(point), { signal });
}
