/**
 * The one-time code as stories and widget tests play it, with no network: any number gets the
 * code STORY_CODE, a new one after 60 s; a wrong code is refused with the server's Persian words.
 */
import { fa } from '../../src/shared/text/strings.fa.js';
import { fill } from '../../src/shared/text/persian.js';
import type { MobileVerification } from '../services.js';

export const STORY_CODE = '12345';

export function storyMobileVerification(verifiedAlready: readonly string[] = []): MobileVerification {
  const verified = new Set(verifiedAlready);
  const listeners = new Set<() => void>();
  const tries = new Map<string, number>();
  return {
    sendCode: async () => {
      await Promise.resolve();
      return { resendAfterMs: 60_000, expiresInMs: 120_000 };
    },
    checkCode: async (mobileNumber, code) => {
      await Promise.resolve();
      if (code !== STORY_CODE) {
        const left = 2 - (tries.get(mobileNumber) ?? 0);
        tries.set(mobileNumber, 3 - left);
        throw new Error(
          left > 0
            ? fill(fa.followup.errors.mobile_code_wrong, { tries: left })
            : fa.followup.errors.mobile_code_expired,
        );
      }
      verified.add(mobileNumber);
      for (const listener of listeners) listener();
    },
    isVerified: (mobileNumber) => verified.has(mobileNumber),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
