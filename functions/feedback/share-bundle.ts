/** A share with everything on it, read for one of its two participants: the first step of every use case on a share. */
import * as shares from './data/shares.js';
import type { ShareBundle } from './data/shares.js';
import { Forbidden, NotFound } from '../lib/errors.js';

export async function bundleFor(userId: string, shareId: string): Promise<ShareBundle> {
  const bundle = await shares.getShareBundle(shareId);
  if (!bundle) throw new NotFound('Feedback request not found');
  if (userId !== bundle.share.sharedByUserId && userId !== bundle.share.sharedWithUserId) {
    throw new Forbidden('This feedback request is not yours');
  }
  return bundle;
}

export const NOT_ACCEPTED = 'Accept the request before reviewing it';
