/**
 * The records of tracks, as other topics and the entry points read and write them: the one way into
 * tracks/data/ (lint holds it).
 */
export { presignDownload } from './media.js';
export { TRACK_ENTITY, countTracks, getTrack, pageTracksOf, type TrackRecord } from './tracks.js';
