/** One mobile number's current code in one pre-session. */
export interface MobileCodeTable {
  session: string;
  mobile_number: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  tries: number;
  verified_at: number | null;
}
