/**
 * Data written by earlier versions, moved to what this version reads: users and tracks from GSI1 to GSI3
 * (and the users counted). Idempotent, and cheap when there is nothing left (a Query per user type): the
 * local stack runs it at every start, and after a deploy `npm run migrate` runs it against AWS.
 */
import { moveLegacyTracks } from './tracks.js';
import { moveLegacyUsers } from './users.js';

export async function migrateData(): Promise<{ users: number; tracks: number }> {
  let tracks = 0;
  const users = await moveLegacyUsers(async (userId) => {
    tracks += await moveLegacyTracks(userId);
  });
  return { users, tracks };
}
