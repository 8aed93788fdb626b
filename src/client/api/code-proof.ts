import type { Solution } from 'altcha-lib';
import { followupPaths } from '../../shared/contracts/followup.js';
import type { CodeProof, CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';
import { ApiError, request } from './http.js';

/** A proof this close to its expiry is solved again rather than sent to be refused. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Solves on the page in short slices, where there is no Web Worker (an old browser, a test page).
 * The solver is fetched then: only a field declared `"verify": "sms"` on screen asks for a proof,
 * so no step carries it with its form.
 */
async function solveOnPage(challenge: CodeProofChallenge): Promise<Solution | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/pbkdf2'),
  ]);
  return solveChallenge({ challenge, deriveKey });
}

/** Solves in a Web Worker (its own script, with the solver); where there is none, on the page. */
export function solve(challenge: CodeProofChallenge): Promise<Solution | null> {
  if (typeof Worker === 'undefined') return solveOnPage(challenge);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./code-proof.worker.ts', import.meta.url), { type: 'module' });
    const finish = (solution: Solution | null) => {
      worker.terminate();
      resolve(solution);
    };
    worker.onmessage = (event: MessageEvent<Solution | null>) => finish(event.data);
    worker.onerror = () => finish(null);
    worker.postMessage(challenge);
  });
}

async function solvedProof(): Promise<CodeProof> {
  const challenge = await request<CodeProofChallenge>(followupPaths.mobileCodeChallenge);
  const solution = await solve(challenge);
  if (!solution) throw new ApiError(0, 'mobile_code_proof', fa.followup.errors.mobile_code_proof);
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

export interface CodeProofSupply {
  /** Starts solving the next proof ahead of need, unless one is already on its way. */
  prepare(): void;
  /** A solved proof, used once: the one prepared when it is still fresh, else a new one. */
  take(): Promise<CodeProof>;
}

/**
 * The proof of work each code request carries (docs/decisions/code-request-cost.md). One is solved
 * while the manager is still typing the number, so «ارسال کد» rarely waits for it.
 */
export function codeProofSupply(solveNext: () => Promise<CodeProof> = solvedProof): CodeProofSupply {
  let next: Promise<CodeProof> | undefined;
  const prepare = () => {
    if (next) return;
    next = solveNext();
    // A failure here is met again, and shown, when the proof is taken.
    next.catch(() => undefined);
  };
  return {
    prepare,
    async take() {
      const prepared = next;
      next = undefined;
      const proof = await prepared?.catch(() => undefined);
      if (proof && proof.challenge.parameters.data.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return proof;
      return solveNext();
    },
  };
}
