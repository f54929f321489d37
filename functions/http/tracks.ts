/** HTTP handlers of the tracks area. */
import { refundAtOnce } from '../money/index.js';
import { endPoolRequestsOfGoneTracks, pooledOf, startListening } from '../feedback/index.js';
import {
  deleteOwnTracks,
  createUploadTicket,
  toTrackView,
  createTrack,
  listOwnTracks,
  toStackView,
  signedUrlFor,
  trackReportFor,
  versionsOfTrack,
  saveSnippet,
  renameTrack,
  createReference,
  referencesOf,
  referenceUrl,
  removeReference,
} from '../tracks/index.js';
import { areaHandler } from './area-handler.js';
import { tracksSchemas } from '../../shared/api/route-schemas/tracks.js';

export const handler = areaHandler('tracks', tracksSchemas, {
  createUploadUrl: async ({ input, caller }) => createUploadTicket(caller.user, input),
  createTrack: async ({ input, caller }) => toTrackView(await createTrack(caller.user, input)),
  listTracks: async ({ input, caller }) => {
    const page = await listOwnTracks(caller.user.id, input.cursor);
    return { ...page, tracks: page.tracks.map(toStackView) };
  },
  getSignedUrl: async ({ input, caller }) => signedUrlFor(caller.user.id, input.trackId, input.preview),
  startListening: async ({ input, caller }) => startListening(caller.user.id, input.id),
  getTrackReport: async ({ input, caller }) => trackReportFor(caller.user.id, input.trackId),
  listTrackVersions: async ({ input, caller }) => {
    const stack = await versionsOfTrack(caller.user.id, input.trackId);
    return { versions: [stack, ...stack.versions].map(toTrackView) };
  },
  updateSnippet: async ({ input, caller }) => toTrackView(await saveSnippet(caller.user.id, input.id, input.snippet)),
  renameTrack: async ({ input, caller }) => toTrackView(await renameTrack(caller.user.id, input.id, input.title)),
  createReference: async ({ input, caller }) => createReference(caller.user.id, input),
  listReferences: async ({ input, caller }) => referencesOf(caller.user.id, input.id),
  getReferenceUrl: async ({ input, caller }) => referenceUrl(caller.user.id, input.id, input.referenceId),
  deleteReference: async ({ input, caller }) => removeReference(caller.user.id, input.id, input.referenceId),
  deleteTracks: async ({ input, caller }) => {
    const impersonated = Boolean(caller.actor);
    // The musician's Snip Pro requests, read beside the deletion: those on a track it took are refunded at once
    // (not by an impersonating admin, who moves no money: the scheduled check finds the track gone and refunds them).
    const [result, waiting] = await Promise.all([
      deleteOwnTracks(caller.user.id, input.ids, { impersonated, withdraw: refundAtOnce }),
      // Not read (the table's trouble): the deletion still answers, and the scheduled check ends them.
      impersonated ? [] : pooledOf(caller.user.id).catch(() => []),
    ]);
    await endPoolRequestsOfGoneTracks(waiting);
    return result;
  },
});
