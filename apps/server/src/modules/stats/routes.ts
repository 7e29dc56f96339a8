import { statBeacon, statConfig, statReport } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { StatsService } from './service';

/** The statistics collector: open without signing in, budgeted per address. */
export function statsRoutes(app: FastifyInstance, stats: StatsService): void {
  route(app, statConfig, async (input) => stats.config(input), { rateLimit: RATE_LIMITS.statConfig });
  route(app, statReport, (input) => stats.report(input.appKey, input.events), {
    rateLimit: RATE_LIMITS.statReport,
  });
  route(app, statBeacon, (input) => stats.report(input.appKey, input.d), {
    rateLimit: RATE_LIMITS.statReport,
  });
}
