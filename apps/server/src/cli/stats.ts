/**
 * The operators' view of usage statistics: prints the counts the collector (/stat/report) kept,
 * per UTC day, app key, event and value, newest day first. Reads the database the server is
 * configured with (the same environment: DATABASE_URL, DATA_DIR).
 *
 *   npm run stats -w apps/server                  # the last 7 days
 *   npm run stats -w apps/server -- --days 30
 */
import { configFromEnv } from '../config';
import { migrateToLatest, openDatabase } from '../db';
import { listStatCounts } from '../modules/stats/repo';
import { utcDay } from '../modules/stats/service';
import { printable } from './printable';

const DAY_MS = 24 * 60 * 60 * 1000;

const at = process.argv.indexOf('--days');
const days = at >= 0 ? Number(process.argv[at + 1]) : 7;
if (!Number.isInteger(days) || days <= 0) {
  process.stderr.write('--days needs a positive whole number\n');
  process.exit(2);
}

const config = configFromEnv(process.env);
const { db, dialect } = openDatabase(config.database);
try {
  await migrateToLatest(db, dialect);
  const rows = await listStatCounts(db, utcDay(Date.now() - (days - 1) * DAY_MS));
  if (rows.length === 0) process.stdout.write(`No statistics in the last ${days} days.\n`);
  for (const row of rows) {
    const event = row.value === '' ? row.name : `${row.name}  ${row.value}`;
    process.stdout.write(
      `${row.day}  ${row.app_key}  ${String(row.count).padStart(8)}  ${printable(event)}\n`,
    );
  }
} finally {
  await db.destroy();
}
