/**
 * The pros whose reviews a musician has reported, in the musician's partition, so that Snip Pro never offers
 * that musician's requests to them again (feedback/pool.ts):
 * - mark  PK USER#<musicianId>  SK REPORTED#<proId>
 * Written in the report's own transaction (shares/disputes.ts putDispute), and kept whatever the admin
 * decides: the musician asked for someone else. Deleted with the musician's partition.
 */
import { config } from '../../lib/config.js';
import { queryAll } from '../../platform/data/index.js';

const PREFIX = 'REPORTED#';

export const reportedMarkPut = (musicianId: string, proId: string, shareId: string, at: string) => ({
  Put: {
    TableName: config.tableName,
    Item: { PK: `USER#${musicianId}`, SK: `${PREFIX}${proId}`, entity: 'reported-pro', proId, shareId, at },
  },
});

/** The pros the musician has reported (one Query: one mark for each pro, however many reviews of theirs). */
export async function reportedBy(musicianId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${musicianId}`, ':prefix': PREFIX },
    ProjectionExpression: 'proId',
  });
  return items.map((i) => (i as { proId: string }).proId);
}
