import { createHmac } from 'node:crypto';
import type { CodeProof, CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';
import type { DatabaseHandle } from '../db/database.js';
import { codeProofs } from '../mobile-code/code-proof.js';
import { grantUses, spendUse } from '../throttle/throttle.repository.js';

/** Lookups one solved proof buys a pre-session: a manager drags the pin a few times, a bot pays again. */
export const LOOKUPS_PER_PASS = 40;
/** How long a pass lasts: the location step, with time to spare. */
export const PASS_LIFETIME_MS = 60 * 60_000;

export interface AddressPasses {
  challenge(session: string): Promise<CodeProofChallenge>;
  /** Spends a proof of this pre-session and grants it LOOKUPS_PER_PASS lookups; false for a wrong or spent proof. */
  grant(session: string, proof: CodeProof): Promise<boolean>;
  /** Spends one lookup of this pre-session's pass; false without a pass, or with one used up or over. */
  spend(session: string): Promise<boolean>;
}

/**
 * What an address lookup costs a client before it costs us: the wizard's pre-session cookie and a
 * proof of work solved for it (the one the SMS code asks, altcha-lib, under a secret of its own so
 * the two proofs never stand for each other). The pass is counted in the database under an HMAC
 * of the pre-session id, never the id itself.
 */
export function addressPasses(options: {
  secret: string;
  difficulty: number;
  database: DatabaseHandle;
  clock: () => number;
}): AddressPasses {
  const derived = (purpose: string) => createHmac('sha256', options.secret).update(purpose).digest('base64url');
  const proofs = codeProofs({ ...options, secret: derived('address-proof') });
  const passKey = (session: string) =>
    `address-pass:${createHmac('sha256', derived('address-pass')).update(session).digest('base64url')}`;
  return {
    challenge: (session) => proofs.issue(session),
    async grant(session, proof) {
      if (!(await proofs.spend(session, proof))) return false;
      const now = options.clock();
      await grantUses(options.database.db, passKey(session), now, now + PASS_LIFETIME_MS);
      return true;
    },
    spend: (session) => spendUse(options.database.db, passKey(session), options.clock(), LOOKUPS_PER_PASS),
  };
}
