import type { FastifyBaseLogger } from 'fastify';
import { maskMobile, type SmsProvider } from './provider.js';

/**
 * SMS_PROVIDER=log, the default: a message is "sent" by a line in the server log, with the number's
 * middle digits masked and a code's digits hidden (the outbox row holds the message for whoever
 * reads the database: the e2e tests, a developer). For development and for a company that has no
 * SMS contract yet.
 */
export function logProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    send: async (sms) => {
      log.info(
        {
          sms: {
            id: sms.id,
            kind: sms.kind,
            to: maskMobile(sms.receptor),
            text: sms.kind === 'code' ? '(a one-time code)' : sms.message,
          },
        },
        'SMS written to the log (SMS_PROVIDER=log)',
      );
      return { ok: true, providerId: `log-${sms.id}` };
    },
  };
}
