/**
 * The operators' view of feedback: prints the newest feedback first, each with its sender,
 * app version, device and pictures (their stored files, under DATA_DIR/uploads), control
 * characters escaped (./printable.ts). Reads the database the server is configured with (the
 * same environment: DATABASE_URL, DATA_DIR).
 *
 *   npm run feedback -w apps/server                 # the newest 20
 *   npm run feedback -w apps/server -- --limit 100
 */
import path from 'node:path';
import { configFromEnv } from '../config';
import { migrateToLatest, openDatabase } from '../db';
import { listFeedback } from '../modules/feedback/repo';
import { printable } from './printable';

const at = process.argv.indexOf('--limit');
const limit = at >= 0 ? Number(process.argv[at + 1]) : 20;
if (!Number.isInteger(limit) || limit <= 0) {
  process.stderr.write('--limit needs a positive whole number\n');
  process.exit(2);
}

const config = configFromEnv(process.env);
const { db, dialect } = openDatabase(config.database);
try {
  await migrateToLatest(db, dialect);
  const rows = await listFeedback(db, limit);
  if (rows.length === 0) process.stdout.write('No feedback yet.\n');
  for (const row of rows) {
    const who = `${row.nick_name} (${row.chat_no ?? `user ${row.user_id}`})`;
    const app = [row.app_version && `version ${row.app_version}`, row.device].filter(Boolean).join(', ');
    const heading = `#${row.id}  ${new Date(row.created_at).toISOString()}  ${who}${app ? `  [${app}]` : ''}`;
    process.stdout.write(`${printable(heading)}\n`);
    process.stdout.write(`${printable(row.text).replace(/^/gm, '  ')}\n`);
    for (const name of row.images) process.stdout.write(`  picture: ${path.join(config.uploadDir, name)}\n`);
    process.stdout.write('\n');
  }
} finally {
  await db.destroy();
}
