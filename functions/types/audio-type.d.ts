declare module 'audio-type' {
  /** The audio format of a file's first bytes ('mp3', 'wav', 'flac', 'ogg', ...), or undefined. */
  export default function getType(bytes: Uint8Array): string | undefined;
}
