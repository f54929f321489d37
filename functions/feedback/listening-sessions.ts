/**
 * A reviewer's listening session: the request's track, presigned, with a session id the server records
 * (feedback/review-work.ts). Apart from the review's work so that what reads a review carries no S3 client.
 */
import { SIGNED_URL_TTL_SECONDS } from '../../shared/constants.js';
import type { ListeningSessionView } from '../../shared/schemas/tracks.js';
import { presignDownload } from '../tracks/data/index.js';
import { openListeningSession } from './review-work.js';

export async function startListening(userId: string, shareId: string): Promise<ListeningSessionView> {
  const { share, session } = await openListeningSession(userId, shareId);
  const signedUrl = await presignDownload(share.trackAudioUrl, SIGNED_URL_TTL_SECONDS);
  return { signedUrl, expiresIn: SIGNED_URL_TTL_SECONDS, session };
}
