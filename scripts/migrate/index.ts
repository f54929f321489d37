/**
 * Moves data written by an earlier version to what this one reads (functions/data/migrations.ts), against
 * the deployed table: `TABLE_NAME=<the stack's TableName output> npm run migrate`, with the operator's AWS
 * credentials and region. Run it right after a deploy; running it again does nothing.
 */
import { migrateData } from '../../functions/data/migrations.js';
import { migratePayments } from './payments.js';
import { ENV } from '../../functions/lib/config.js';

if (!process.env[ENV.tableName]) {
  console.error(`Set ${ENV.tableName} to the table's name (the stack's outputs list it).`);
  process.exit(1);
}
const moved = await migrateData();
const payments = await migratePayments();
console.log(
  `Moved ${moved.users} users and ${moved.tracks} tracks to the GSI3 lists; freed ${moved.commentIds} places of deleted comments; brought ${payments} payments up to date.`,
);
