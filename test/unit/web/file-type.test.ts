import { describe, expect, it } from 'vitest';
import { MAX_TRACK_BYTES } from '../../../shared/constants';
import { AUDIO_FILE_ERROR, createUploadInput } from '../../../shared/schemas/tracks';
import { AUDIO_ACCEPT, audioContentType, checkAudioFile, formatBytes, titleFromFileName } from '../../../web/src/lib/audio-file';

const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('audio file checks', () => {
  it('takes the browser type when it says audio', () => {
    expect(audioContentType(f('song.mp3', 'audio/mpeg'))).toBe('audio/mpeg');
    expect(audioContentType(f('song.wav', 'audio/wav'))).toBe('audio/wav');
    expect(audioContentType(f('take.WAV', 'audio/x-wav'))).toBe('audio/x-wav');
    expect(audioContentType(f('noext', 'audio/flac'))).toBe('audio/flac');
  });
  it('guesses the type from the extension when the browser gives none', () => {
    expect(audioContentType(f('song.mp3', ''))).toBe('audio/mpeg');
    expect(audioContentType(f('SONG.WAV', ''))).toBe('audio/wav');
    expect(audioContentType(f('a.flac', ''))).toBe('audio/flac');
    expect(audioContentType(f('a.ogg', 'video/ogg'))).toBe('audio/ogg');
    expect(audioContentType(f('a.m4a', 'application/octet-stream'))).toBe('audio/mp4');
    expect(audioContentType(f('a.aac', ''))).toBe('audio/aac');
  });
  it('refuses anything else with the spec message', () => {
    expect(audioContentType(f('cover.png', 'image/png'))).toBeNull();
    expect(audioContentType(f('notes.txt', 'text/plain'))).toBeNull();
    expect(audioContentType(f('song', ''))).toBeNull();
    expect(audioContentType(f('song.mp3', 'image/png'))).toBeNull();
    expect(checkAudioFile(f('cover.png', 'image/png'))).toBe(AUDIO_FILE_ERROR);
    expect(checkAudioFile(f('clip.mp4', 'video/mp4'))).toBe(AUDIO_FILE_ERROR);
  });
  it('refuses an empty file and one over 200 MB', () => {
    expect(checkAudioFile(f('a.mp3', 'audio/mpeg', 0))).toBe('The file is empty');
    expect(checkAudioFile(f('a.mp3', 'audio/mpeg', MAX_TRACK_BYTES))).toBeNull();
    expect(checkAudioFile(f('a.mp3', 'audio/mpeg', MAX_TRACK_BYTES + 1))).toBe('The file is larger than 200 MB');
  });
  it('only ever sends a content type the API accepts', () => {
    for (const name of ['a.mp3', 'a.wav', 'a.flac', 'a.ogg', 'a.m4a', 'a.aac', 'a.aiff', 'a.aif', 'a.opus', 'a.oga']) {
      const type = audioContentType(f(name, ''))!;
      expect(createUploadInput.safeParse({ filename: name, contentType: type, size: 10 }).success).toBe(true);
    }
  });
  it('offers audio files in the chooser', () => {
    expect(AUDIO_ACCEPT.split(',')).toEqual(expect.arrayContaining(['audio/*', '.mp3', '.wav']));
  });
  it('suggests a title and formats sizes', () => {
    expect(titleFromFileName('My_Song  final.mp3')).toBe('My Song final');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(12)).toBe('12 B');
  });
});
