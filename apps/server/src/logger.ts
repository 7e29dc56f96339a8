import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';

/** The socket URL carries the token (`/ws?Authorization=…`): it must never reach a log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]Authorization=)[^&]*/gi, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
}

/** The process logger; subsystems log through `child({ module })`, requests through `request.log`. */
export const createLogger = (config: Pick<Config, 'logLevel'>): FastifyBaseLogger =>
  pino({
    level: config.logLevel,
    base: { service: 'paichat' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
  });
