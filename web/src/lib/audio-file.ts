import { AUDIO_FILE_ERROR, MAX_TRACK_BYTES } from '@shared/constants';

/** The audio files the server decodes, and the content type to declare when the browser gives none. */
export const AUDIO_EXTENSIONS: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  wave: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  m4a: 'audio/mp4',
  mp4a: 'audio/mp4',
  aac: 'audio/aac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
};

/** What the file chooser offers. */
export const AUDIO_ACCEPT = ['audio/*', ...Object.keys(AUDIO_EXTENSIONS).map((e) => `.${e}`)].join(',');

const AUDIO_TYPE = /^audio\/[\w.+-]+$/;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The content type to upload a file with, or null when the file is not audio: the browser's type when it
 * says audio, else the type its extension stands for (browsers leave some audio types empty or generic).
 */
export function audioContentType(file: { name: string; type: string }): string | null {
  const type = (file.type || '').toLowerCase().split(';')[0].trim();
  if (AUDIO_TYPE.test(type)) return type;
  const fromExtension = AUDIO_EXTENSIONS[extensionOf(file.name)];
  if (!fromExtension) return null;
  // A declared type that is clearly something else (an image, a document) wins over the name.
  if (type && !/^(application\/octet-stream|video\/(ogg|mp4))$/.test(type)) return null;
  return fromExtension;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export function checkAudioFile(file: { name: string; type: string; size: number }): string | null {
  if (!audioContentType(file)) return AUDIO_FILE_ERROR;
  if (file.size <= 0) return 'The file is empty';
  if (file.size > MAX_TRACK_BYTES) return 'The file is larger than 200 MB';
  return null;
}

/** A title suggested from a file name: the name without its extension, separators as spaces. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** 1.2 MB, 820 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
