import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Code, ErrorId } from '@paichat/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refusal } from './envelope';
import { sendEnvelope } from './error-handler';

/**
 * Serves the built web app (WEB_DIST) at `/` when it exists, preferring the `.br`/`.gz`
 * files the build writes next to each asset. The app routes by hash (`/#/…`), so the server
 * only ever sees `/`; a browser that lands on any other unknown page still gets index.html,
 * while API clients get the 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      preCompressed: true,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        // Vite names assets by content hash: cache them forever, revalidate everything else.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendEnvelope(reply, 404, refusal(Code.NOT_FOUND, 'Not found', ErrorId.notFound));
  });
  return hasWebApp;
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    !path.extname(request.url.split('?')[0] ?? '')
  );
}
