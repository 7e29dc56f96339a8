import type { FastifyInstance } from 'fastify';
import { alreadyDurable, type Durability } from '../db/durability';

/**
 * Every answer leaves only once what was committed before it is on disk (db/durability.ts):
 * what a request wrote, and what it read of others' writes, survives a power loss before the
 * client holds it. Nothing waits while every commit is synced, nor on PostgreSQL.
 */
export function holdAnswersUntilDurable(app: FastifyInstance, durability: Durability): void {
  if (durability === alreadyDurable) return;
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (durability.settled) {
      done(null, payload);
      return;
    }
    durability.flush().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
