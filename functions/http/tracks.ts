/** HTTP handlers of the tracks area. */
import { refundAtOnce } from '../domain/payments.js';
import { startListening } from '../domain/listening-sessions.js';
import { deleteOwnTracks } from '../domain/track-deletion.js';
import * as tracks from '../domain/tracks.js';
import { areaHandler } from './area-handler.js';
import { tracksSchemas } from '../../shared/api/route-schemas/tracks.js';

export const handler = areaHandler('tracks', tracksSchemas, {
  createUploadUrl: async ({ input, caller }) => tracks.createUploadTicket(caller.user, input),
  createTrack: async ({ input, caller }) => tracks.toTrackView(await tracks.createTrack(caller.user, input)),
  listTracks: async ({ input, caller }) => {
    const page = await tracks.listOwnTracks(caller.user.id, input.cursor);
    return { ...page, tracks: page.tracks.map(tracks.toStackView) };
  },
  getSignedUrl: async ({ input, caller }) => tracks.signedUrlFor(caller.user.id, input.trackId),
  startListening: async ({ input, caller }) => startListening(caller.user.id, input.id),
  getTrackReport: async ({ input, caller }) => tracks.trackReportFor(caller.user.id, input.trackId),
  listTrackVersions: async ({ input, caller }) => {
    const stack = await tracks.versionsOfTrack(caller.user.id, input.trackId);
    return { versions: [stack, ...stack.versions].map(tracks.toTrackView) };
  },
  updateSnippet: async ({ input, caller }) => tracks.toTrackView(await tracks.saveSnippet(caller.user.id, input.id, input.snippet)),
  renameTrack: async ({ input, caller }) => tracks.toTrackView(await tracks.renameTrack(caller.user.id, input.id, input.title)),
  deleteTracks: async ({ input, caller }) =>
    deleteOwnTracks(caller.user.id, input.ids, { impersonated: Boolean(caller.actor), withdraw: refundAtOnce }),
});
