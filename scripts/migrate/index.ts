/**
 * Moves data written by an earlier version to what this one reads (scripts/migrate/all.ts), against the
 * deployed table: `TABLE_NAME=<TableName output> MEDIA_BUCKET=<MediaBucketName output> npm run migrate`, with the operator's AWS
 * credentials and region. Run it before a deploy (what it writes, the version before reads too) and again
 * right after (for what that version wrote meanwhile); running it again does nothing.
 */
import { describeMigrated, migrateAll } from './all.js';
import { ENV } from '../../functions/lib/config.js';

if (!process.env[ENV.tableName] || !process.env[ENV.mediaBucket]) {
  console.error(`Set ${ENV.tableName} and ${ENV.mediaBucket} to the table's and the media bucket's names (the stack's outputs list them).`);
  process.exit(1);
}
console.log(describeMigrated(await migrateAll()) ?? 'Nothing to migrate: the table is up to date.');
