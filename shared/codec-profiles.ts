/**
 * The lossy encodings a master is heard through after release, each as a service streams it, for the codec
 * previews (functions/tracks/audio/codec-preview.ts): the master encoded and decoded again by the same encoder
 * family, then measured. Where the services publish their formats:
 * - Spotify, 'Audio quality' in its support pages: Ogg Vorbis at Normal 96 kbit/s, High 160 and Very high 320
 *   (Premium) in the apps; AAC 128/256 in the web player.
 * - Deezer, 'Audio quality': MP3 128 kbit/s (Standard), MP3 320 (High quality), FLAC.
 * - SoundCloud, 'What audio formats does SoundCloud stream in?': MP3 128 kbit/s and Opus 64; AAC 256 for Go+.
 * - YouTube and YouTube Music: Opus at about 128-160 kbit/s (its 'high' audio, format 251) and AAC 128 (140).
 * - Apple Music: AAC 256 kbit/s; Tidal and Amazon Music: AAC at 320 or lossless.
 * Vorbis is set by quality, as Spotify's encodes are: q2, q5 and q9 give about 96, 160 and 320 kbit/s at 44.1
 * kHz stereo (libvorbis's nominal rates).
 */
export type CodecFormat = 'mp3' | 'vorbis' | 'opus' | 'aac';

export interface CodecProfile {
  id: string;
  format: CodecFormat;
  /** What the UI calls it. */
  label: string;
  /** Nominal bit rate, kbit/s. */
  kbps: number;
  /** Where it is heard. */
  heardOn: string;
  /** Why it is not previewed, for a format with no faithful open encoder here; the UI says it. */
  notPreviewed?: string;
}

export const CODEC_PROFILES = [
  { id: 'vorbis-320', format: 'vorbis', label: 'Ogg Vorbis 320', kbps: 320, heardOn: 'Spotify Very high (Premium)' },
  { id: 'vorbis-160', format: 'vorbis', label: 'Ogg Vorbis 160', kbps: 160, heardOn: 'Spotify High' },
  { id: 'vorbis-96', format: 'vorbis', label: 'Ogg Vorbis 96', kbps: 96, heardOn: 'Spotify Normal' },
  { id: 'mp3-320', format: 'mp3', label: 'MP3 320', kbps: 320, heardOn: 'Deezer High quality, downloads' },
  { id: 'mp3-128', format: 'mp3', label: 'MP3 128', kbps: 128, heardOn: 'SoundCloud, Deezer Standard' },
  { id: 'opus-160', format: 'opus', label: 'Opus 160', kbps: 160, heardOn: 'YouTube, YouTube Music' },
  {
    id: 'aac-256',
    format: 'aac',
    label: 'AAC 256',
    kbps: 256,
    heardOn: 'Apple Music, Spotify web player, SoundCloud Go+',
    notPreviewed: 'No faithful open AAC encoder is available to preview it with: a stand-in would mislead.',
  },
] as const satisfies readonly CodecProfile[];

export type CodecProfileId = (typeof CODEC_PROFILES)[number]['id'];

export const codecProfile = (id: string): CodecProfile | undefined => CODEC_PROFILES.find((p) => p.id === id);

/** The profiles previewed: every one but those with no faithful open encoder. */
export const PREVIEWED_PROFILES = CODEC_PROFILES.filter((p) => !('notPreviewed' in p)).map((p) => p.id) as [
  CodecProfileId,
  ...CodecProfileId[],
];

/** Vorbis quality for each previewed Vorbis rate (libvorbis's nominal rates at 44.1 kHz stereo). */
export const VORBIS_QUALITY: Record<number, number> = { 320: 9, 160: 5, 96: 2 };
