/**
 * A password hash for the tests whose subject is not the hash: the stored form of password.ts
 * (`scrypt$N$r$p$salt$key`) at N=2^10 instead of OWASP's 2^17 (128 MiB, some 0.4 s of one core).
 * verifyPassword reads the cost from the stored hash, so a sign-in against it takes the production
 * path in milliseconds. That production hashes at the full cost (hashPassword, createStaffAccount,
 * changeStaffPassword, the decoy checked for unknown e-mails) is proved in staff-accounts.test.ts.
 * No import of the server here: staff-accounts.test.ts uses it while it stands in for password.ts.
 */
import { randomBytes, scrypt } from 'node:crypto';

const TEST_COST = 2 ** 10;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

const hashes = new Map<string, Promise<string>>();

/** Made once per password and test file. */
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    const salt = randomBytes(16);
    hash = new Promise<string>((resolve, reject) =>
      scrypt(password.normalize('NFC'), salt, 32, { N: TEST_COST, r: BLOCK_SIZE, p: PARALLELISM }, (error, key) =>
        error
          ? reject(error)
          : resolve(
              [
                'scrypt',
                TEST_COST,
                BLOCK_SIZE,
                PARALLELISM,
                salt.toString('base64url'),
                key.toString('base64url'),
              ].join('$'),
            ),
      ),
    );
    hashes.set(password, hash);
  }
  return hash;
}
