/**
 * The tracks topic: upload, audio processing and its report, versions, deletion.
 * What it offers the topics above it and the entry points: the one way into tracks/ (lint holds it).
 */
export { putBack } from './processing-slots.js';
export { askForPreviews, codecOverFindings, previewJobOf, previewsView } from './codec-previews.js';
export { runPreview } from './preview-run.js';
export { processUpload } from './processing.js';
export { referenceCitations } from './reference-citations.js';
export { closedRequest, createReference, forgetReferences, referencesOf, referenceUrl, removeReference } from './references.js';
export { reportSummary } from './stored-report.js';
export { deleteOwnTracks, type Withdrawal } from './track-deletion.js';
export { trackStatus } from './track-status.js';
export {
  createTrack,
  createUploadTicket,
  listOwnTracks,
  renameTrack,
  saveSnippet,
  signedUrlFor,
  toStackView,
  toTrackView,
  trackReportFor,
  versionsOfTrack,
} from './tracks.js';
