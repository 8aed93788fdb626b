import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

/**
 * JSON is the only body the API reads. Fastify's text/plain parser goes (so a form-like "simple
 * request" from another site cannot even be parsed), and JSON bodies must be valid UTF-8 — the
 * stock parser would quietly turn bad bytes into U+FFFD and store them.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        done(new ApiError(400, 'bad_json'), undefined);
        return;
      }
      void parseJson(request, bytes.toString('utf8'), done);
    });
  },
  { name: 'body-parsing', fastify: '5.x' },
);
