/** A file we refuse, with a reason a musician can act on (shown in the UI). */
export class AudioRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AudioRejected';
  }
}

const EXPORT_HINT = 'Please export it as MP3, WAV, FLAC, OGG, M4A or AIFF.';

export const REASONS = {
  empty: 'This file is empty.',
  notAudio: 'This file is not audio we can read.',
  noSound: 'This file has no sound we can decode.',
  tooLong: 'Audio longer than 4 hours is not accepted.',
  tooLarge: 'Files larger than 200 MB are not accepted.',
  damaged: 'This file is damaged: part of it could not be decoded. Please export it again.',
  incomplete: 'This file is incomplete (its export or upload was cut short). Please export it again.',
  mostlyNotAudio: 'Most of this file is not audio: it may be damaged. Please export it again.',
  video: 'This looks like a video. Please upload the audio only.',
  noAudioTrack: 'This file has no audio track.',
  unsupportedFormat: (name: string) => `${name} files are not supported. ${EXPORT_HINT}`,
  unsupportedCodec: (container: string, codec: string) =>
    `This ${container} file uses an encoding we cannot read (${codec}). ${EXPORT_HINT}`,
} as const;
