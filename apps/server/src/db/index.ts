export { openDatabase, type Database } from './connect';
export { migrateToLatest } from './migrate';
export { isUniqueViolation } from './errors';
export type * from './schema';
