/** What the tracks area's routes take and give (functions/routes.ts joins every area's). */
import {
  createTrackInput,
  createUploadInput,
  deleteTracksInput,
  deleteTracksView,
  listTracksInput,
  signedUrlInput,
  signedUrlView,
  trackListView,
  trackView,
  updateSnippetInput,
  uploadTicket,
} from '../../shared/schemas/tracks.js';
import type { AreaSchemas } from '../lib/route.js';

export const tracksSchemas = {
  createUploadUrl: { input: createUploadInput, output: uploadTicket },
  createTrack: { input: createTrackInput, output: trackView },
  listTracks: { input: listTracksInput, output: trackListView },
  getSignedUrl: { input: signedUrlInput, output: signedUrlView },
  updateSnippet: { input: updateSnippetInput, output: trackView },
  deleteTracks: { input: deleteTracksInput, output: deleteTracksView },
} as const satisfies AreaSchemas<'tracks'>;
