import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CodeProof, CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';
import type { DatabaseHandle } from '../db/database.js';
import { spendProof } from './mobile-code.repository.js';

/** PBKDF2 rounds of one step: the browser runs them natively (WebCrypto), as fast as a bot's own code. */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';
export const PROOF_STEP_ROUNDS = 1000;
/** Long enough for a manager who opened the step and types slowly; the client solves again after it. */
export const PROOF_LIFETIME_MS = 10 * 60_000;

export interface CodeProofs {
  /** A new signed challenge for this pre-session. */
  issue(session: string): Promise<CodeProofChallenge>;
  /** Whether the proof solves a challenge issued to this session, in time, and was not spent before; spends it. */
  spend(session: string, proof: CodeProof): Promise<boolean>;
}

/**
 * Proofs of work before a one-time code (altcha-lib, self-hosted; docs/decisions/code-request-cost.md).
 * A challenge hides a random step number up to `difficulty`; the server derives that step's key
 * once, when it issues the challenge, and signs it, so checking a proof is two HMACs and no work.
 * The challenge carries its session (as an HMAC) and its expiry, under the same signature.
 */
export function codeProofs(options: {
  secret: string;
  difficulty: number;
  database: DatabaseHandle;
  clock: () => number;
}): CodeProofs {
  const derived = (purpose: string) => createHmac('sha256', options.secret).update(purpose).digest('base64url');
  const signatureSecret = derived('code-proof-signature');
  const keySignatureSecret = derived('code-proof-key');
  const sessionTag = (session: string) =>
    createHmac('sha256', derived('code-proof-session')).update(session).digest('base64url');
  return {
    async issue(session) {
      // The expiry is the server's clock in the signed data, not altcha's own (the wall clock).
      const data = { session: sessionTag(session), expiresAt: options.clock() + PROOF_LIFETIME_MS };
      const challenge = await createChallenge({
        algorithm: PROOF_ALGORITHM,
        cost: PROOF_STEP_ROUNDS,
        counter: randomInt(0, options.difficulty + 1),
        deriveKey,
        data,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return { parameters: { ...challenge.parameters, data }, signature: challenge.signature ?? '' };
    },
    async spend(session, proof) {
      const { parameters } = proof.challenge;
      const { expiresAt } = parameters.data;
      if (expiresAt <= options.clock() || parameters.data.session !== sessionTag(session)) return false;
      const verified = await verifySolution({
        challenge: proof.challenge,
        solution: proof.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }).then(
        (result) => result.verified,
        // A malformed challenge the schema let through (odd-length hex) is a wrong proof, not a 500.
        () => false,
      );
      if (!verified) return false;
      return spendProof(options.database.db, parameters.nonce, expiresAt);
    },
  };
}
