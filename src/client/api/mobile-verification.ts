import { followupPaths } from '../../shared/contracts/followup.js';
import type { MobileCodeSent } from '../../shared/contracts/followup.schemas.js';
import type { MobileVerification } from '../../../widgets/services.js';
import { codeProofSupply, type CodeProofSupply } from './code-proof.js';
import { ApiError, request } from './http.js';

const STORAGE_KEY = 'wizard-verified-mobiles';

/**
 * The mobile number's one-time code over the API (POST Register/MobileCode and …/Check). The
 * numbers verified are remembered in sessionStorage, as the draft is: a reload keeps them, as the
 * server keeps them for the same pre-session cookie; another tab or visit starts afresh.
 *
 * Each code request carries a proof of work: the first is solved as soon as the widget shows, the
 * next right after a code is sent (for «ارسال دوباره»). A proof the server refused (expired,
 * spent) is solved again once.
 */
export function createMobileVerification(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  proofs: CodeProofSupply = codeProofSupply(),
): MobileVerification {
  const listeners = new Set<() => void>();
  const read = (): string[] => {
    try {
      const stored: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
    } catch {
      return [];
    }
  };
  let verified = new Set(read());
  return {
    sendCode: async (mobileNumber) => {
      const ask = async () =>
        request<MobileCodeSent>(followupPaths.mobileCode, {
          method: 'POST',
          body: { mobileNumber, proof: await proofs.take() },
        });
      try {
        return await ask().catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'mobile_code_proof') return ask();
          throw error;
        });
      } finally {
        proofs.prepare();
      }
    },
    checkCode: async (mobileNumber, code) => {
      await request<void>(followupPaths.mobileCodeCheck, { method: 'POST', body: { mobileNumber, code } });
      verified = new Set([...verified, mobileNumber]);
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify([...verified]));
      } catch {
        // Storage full or refused: the verification still holds for this page.
      }
      for (const listener of listeners) listener();
    },
    isVerified: (mobileNumber) => verified.has(mobileNumber),
    subscribe: (listener) => {
      // The widget is on screen: a number is about to be typed.
      proofs.prepare();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage refused (a privacy setting): verifications last as long as the page.
    return undefined;
  }
}

/** The app's one instance for the tab. */
export const mobileVerification = createMobileVerification(sessionStore());
