import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import {
  getChatMessages,
  getChatSessions,
  getGroupInfo,
  getMoment,
  getMomentAlbum,
  getMomentFeed,
  listFavorites,
  listFriendApplies,
  listFriends,
  listNearby,
  listSavedGroups,
  searchMessages,
  syncMessages,
} from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The endpoints whose answers can be large (lists and pages): only their answers are compressed.
 * Every other answer (a send, most of the API) is a small envelope, and skips the plugin's
 * hooks altogether instead of paying them to find it is below the threshold.
 */
const LARGE_ANSWERS = new Set(
  [
    getChatSessions,
    getChatMessages,
    syncMessages,
    searchMessages,
    getMomentFeed,
    getMomentAlbum,
    getMoment,
    listFriends,
    listFriendApplies,
    listFavorites,
    listSavedGroups,
    getGroupInfo,
    listNearby,
  ].map((endpoint) => endpoint.path),
);

/** The API docs: the OpenAPI document and swagger-ui's scripts. */
const DOCS_PREFIX = '/api/docs';

/**
 * HTTP compression of the large answers made per request (LARGE_ANSWERS, the API docs): brotli
 * or gzip, as the client accepts, above COMPRESS_THRESHOLD_BYTES. Brotli at quality 4, which is
 * about gzip's speed with smaller output; the web app's static files are compressed once at
 * build time at the highest levels and sent as they are (web-app.ts), and an answer that already
 * has an encoding, a partial one (206) or a type that does not compress (pictures, video) is left
 * alone. Request bodies are not inflated: a small compressed body could unpack past the limits.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads each route's `compress`.
  app.addHook('onRoute', (route) => {
    if (route.compress !== undefined) return;
    const large = LARGE_ANSWERS.has(route.url) || route.url.startsWith(DOCS_PREFIX);
    route.compress = large ? {} : false;
  });
  await app.register(compress, {
    global: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
}
