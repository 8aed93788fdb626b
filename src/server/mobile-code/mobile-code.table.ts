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

/** A proof of work spent on a code, kept until its challenge has expired. */
export interface CodeProofTable {
  nonce: string;
  expires_at: number;
}

declare module '../db/tables.js' {
  interface Database {
    /** The mobile numbers' one-time codes (migration 014). */
    mobile_codes: MobileCodeTable;
    /** Proofs of work spent on a code (migration 015). */
    code_proofs: CodeProofTable;
  }
}
