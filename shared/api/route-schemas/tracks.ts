/** What the tracks area's routes take and give (shared/api/routes.ts joins every area's). */
import {
  createTrackInput,
  createUploadInput,
  deleteTracksInput,
  deleteTracksView,
  listTracksInput,
  listeningSessionInput,
  listeningSessionView,
  renameTrackInput,
  signedUrlInput,
  signedUrlView,
  trackListView,
  trackReportInput,
  trackVersionsInput,
  trackVersionsView,
  trackView,
  updateSnippetInput,
  uploadTicket,
} from '../../schemas/tracks.js';
import { technicalReport } from '../../schemas/technical-report.js';
import {
  createReferenceInput,
  deletedReferenceView,
  referenceInput,
  referencesView,
  referenceUploadView,
  requestReferencesInput,
} from '../../schemas/references.js';
import type { AreaSchemas } from '../route.js';

export const tracksSchemas = {
  createUploadUrl: { input: createUploadInput, output: uploadTicket },
  createTrack: { input: createTrackInput, output: trackView },
  listTracks: { input: listTracksInput, output: trackListView },
  getSignedUrl: { input: signedUrlInput, output: signedUrlView },
  startListening: { input: listeningSessionInput, output: listeningSessionView },
  getTrackReport: { input: trackReportInput, output: technicalReport },
  listTrackVersions: { input: trackVersionsInput, output: trackVersionsView },
  updateSnippet: { input: updateSnippetInput, output: trackView },
  renameTrack: { input: renameTrackInput, output: trackView },
  deleteTracks: { input: deleteTracksInput, output: deleteTracksView },
  createReference: { input: createReferenceInput, output: referenceUploadView },
  listReferences: { input: requestReferencesInput, output: referencesView },
  getReferenceUrl: { input: referenceInput, output: signedUrlView },
  deleteReference: { input: referenceInput, output: deletedReferenceView },
} as const satisfies AreaSchemas<'tracks'>;
