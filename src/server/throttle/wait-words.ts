import { fa } from '../../shared/text/strings.fa.js';
import { faConsole } from '../../shared/text/console-strings.fa.js';
import { fill } from '../../shared/text/persian.js';
import type { ErrorCode } from '../../shared/text/strings.fa.js';
import { ApiError } from '../errors.js';

/** «۴۰ ثانیه» or «۱۵ دقیقه»: how long is left, in the words the sign-in lock uses. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60
    ? fill(faConsole.staff.waitSeconds, { count: seconds })
    : fill(faConsole.staff.waitMinutes, { count: Math.ceil(seconds / 60) });
}

/** 429 with the wait in Retry-After and, in words, in the code's message (its `{wait}`). */
export function waitError(code: ErrorCode & keyof typeof fa.followup.errors, retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(
    429,
    code,
    undefined,
    { 'retry-after': String(seconds) },
    fill(fa.followup.errors[code], { wait: waitInWords(retryAfterMs) }),
  );
}
