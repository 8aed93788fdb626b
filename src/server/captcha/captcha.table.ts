/** An issued captcha. Times are epoch milliseconds; the answer never leaves the server. */
export interface CaptchaTable {
  id: string;
  session: string;
  answer: number;
  created_at: number;
  expires_at: number;
  spent_at: number | null;
}

declare module '../db/tables.js' {
  interface Database {
    captchas: CaptchaTable;
  }
}
