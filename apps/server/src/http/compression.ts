import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * HTTP compression of answers made per request (JSON envelopes, the OpenAPI document): brotli
 * or gzip, as the client accepts, above COMPRESS_THRESHOLD_BYTES. Brotli at quality 4, which is
 * about gzip's speed with smaller output; the web app's static files are compressed once at
 * build time at the highest levels and sent as they are (web-app.ts), and an answer that already
 * has an encoding, a partial one (206) or a type that does not compress (pictures, video) is left
 * alone. Request bodies are not inflated: a small compressed body could unpack past the limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}
