import { APP_VERSION, APP_VERSION_CODE, getAppDownload } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { route } from '../../http/route';

/** The download page's facts, as the server is configured (config.ts, APP_DOWNLOAD_*). */
export function appRoutes(app: FastifyInstance, download: Config['appDownload']): void {
  route(app, getAppDownload, async () => ({
    url: download.url,
    size: download.sizeBytes,
    version: APP_VERSION,
    versionCode: APP_VERSION_CODE,
    updatedAt: download.updatedAt,
  }));
}
