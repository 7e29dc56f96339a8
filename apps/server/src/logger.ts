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

/**
 * The process logger; subsystems log through `child({ module })`, requests through `request.log`.
 * Every line names the node (`node`), so the logs of a scale-out deployment can be merged.
 */
export const createLogger = (
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'nodeId'>>,
): FastifyBaseLogger =>
  pino({
    level: config.logLevel,
    base: { service: 'paichat', ...(config.nodeId ? { node: config.nodeId } : {}) },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
  });
