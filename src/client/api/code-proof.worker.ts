/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { CodeProofChallenge } from '../../shared/contracts/followup.schemas.js';

/** Solves one challenge off the page's thread, so typing never waits on the proof of work. */
self.onmessage = async (event: MessageEvent<CodeProofChallenge>) => {
  try {
    self.postMessage(await solveChallenge({ challenge: event.data, deriveKey }));
  } catch {
    self.postMessage(null);
  }
};
