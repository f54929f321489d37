/** What a codec preview (./codec-preview.ts) runs a master through: a profile's encoder and the decoder of what it writes. */
export interface Codec {
  /** Encodes a block of planar samples (within full scale); what it writes, in the pieces its decoder takes. */
  encode(channels: Float32Array[]): Uint8Array[];
  finalize(): Uint8Array[];
  decode(pieces: Uint8Array[]): Float32Array[];
  flush(): Float32Array[];
  free(): void;
  /** Samples (at `rate`) the decode runs behind the master. */
  delay: number;
  /** The decode's sample rate. */
  rate: number;
}
