import { describe, expect, it, vi } from 'vitest';
import { codeProofSupply } from '../../../src/client/api/code-proof.js';
import type { CodeProof } from '../../../src/shared/contracts/followup.schemas.js';

let issued = 0;
const proofExpiringIn = (ms: number): CodeProof => ({
  challenge: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: String((issued += 1)),
      salt: '00',
      cost: 1,
      keyLength: 32,
      keyPrefix: '00',
      data: { session: 's', expiresAt: Date.now() + ms },
    },
    signature: '00',
  },
  solution: { counter: 0, derivedKey: '00' },
});

describe('the proofs of work the code requests carry', () => {
  it('solves one ahead when asked to, once, and hands it out once', async () => {
    const solveNext = vi.fn(async () => proofExpiringIn(600_000));
    const supply = codeProofSupply(solveNext);
    supply.prepare();
    supply.prepare();
    expect(solveNext).toHaveBeenCalledTimes(1);
    const first = await supply.take();
    expect(solveNext).toHaveBeenCalledTimes(1);
    const second = await supply.take();
    expect(solveNext).toHaveBeenCalledTimes(2);
    expect(second.challenge.parameters.nonce).not.toBe(first.challenge.parameters.nonce);
  });

  it('solves again instead of sending a prepared proof about to expire, or one that failed', async () => {
    const stale = vi.fn(async () => proofExpiringIn(10_000));
    const staleSupply = codeProofSupply(stale);
    staleSupply.prepare();
    await staleSupply.take();
    expect(stale).toHaveBeenCalledTimes(2);

    let calls = 0;
    const flaky = codeProofSupply(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return proofExpiringIn(600_000);
    });
    flaky.prepare();
    await expect(flaky.take()).resolves.toMatchObject({ solution: { counter: 0 } });
    expect(calls).toBe(2);
  });
});
