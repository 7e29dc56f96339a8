import type { FastifyInstance } from 'fastify';

/**
 * A shutdown closes the keep-alive connections that are idle when it begins (Node's
 * server.close); one whose answer was still going out then (a file still streaming, a slow
 * request) would stay open for the keep-alive timeout (72 s) once answered and hold the drain
 * past its limit. So while closing, each answer that ends closes the connections left idle.
 */
export function closeConnectionsAsAnswered(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
}
