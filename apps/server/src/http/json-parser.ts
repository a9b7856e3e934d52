import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies through Fastify's secure parser (prototype-poisoning keys are an error, SEC-10), with one
 * allowance: the spec's front end posts several calls with no body at all (venueconfig), sometimes
 * still labelled JSON, so an empty JSON body reads as no body instead of a 400.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // Fastify's default parser answers through `done`; its type also admits the promise form, which it is not.
    void parseJson(request, text, done);
  });
}
