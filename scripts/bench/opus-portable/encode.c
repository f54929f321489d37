/*
 * Encodes 16-bit interleaved stereo PCM with libopus as ffmpeg's libopus wrapper does for `-c:a libopus -b:a
 * KBPS` (a multistream encoder of one coupled stream, application audio, complexity 10, unconstrained VBR, no
 * loss expected, no FEC, 20 ms frames, the last one padded with silence, then one frame of silence for the
 * look-ahead), and writes each packet after its length (4 bytes, little-endian). Linked against a libopus built
 * from its source without its x86 intrinsics, it gives what libopus's portable C gives, which is the arithmetic
 * the preview's WebAssembly encoder has (make-opus-portable-references.ts).
 *
 *   encode IN.s16 OUT.packets KBPS RATE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <opus_multistream.h>

int main(int argc, char **argv) {
  if (argc != 5) return 2;
  FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
  int kbps = atoi(argv[3]), rate = atoi(argv[4]), frame = rate / 50, err = 0;
  if (!in || !out || frame <= 0) return 2;
  unsigned char mapping[2] = {0, 1};
  OpusMSEncoder *enc = opus_multistream_encoder_create(rate, 2, 1, 1, mapping, OPUS_APPLICATION_AUDIO, &err);
  if (err != OPUS_OK) return 3;
  opus_multistream_encoder_ctl(enc, OPUS_SET_BITRATE(kbps * 1000));
  opus_multistream_encoder_ctl(enc, OPUS_SET_COMPLEXITY(10));
  opus_multistream_encoder_ctl(enc, OPUS_SET_VBR(1));
  opus_multistream_encoder_ctl(enc, OPUS_SET_VBR_CONSTRAINT(0));
  opus_multistream_encoder_ctl(enc, OPUS_SET_PACKET_LOSS_PERC(0));
  opus_multistream_encoder_ctl(enc, OPUS_SET_INBAND_FEC(0));
  opus_multistream_encoder_ctl(enc, OPUS_SET_PHASE_INVERSION_DISABLED(0));
  short *pcm = malloc(sizeof(short) * 2 * frame);
  unsigned char packet[4000];
  int ended = 0;
  for (;;) {
    size_t got = ended ? 0 : fread(pcm, 2 * sizeof(short), frame, in);
    if (got < (size_t)frame) memset(pcm + 2 * got, 0, sizeof(short) * 2 * (frame - got));
    int len = opus_multistream_encode(enc, pcm, frame, packet, sizeof packet);
    if (len < 0) return 4;
    unsigned char size[4] = {len & 255, (len >> 8) & 255, 0, 0};
    fwrite(size, 1, 4, out);
    fwrite(packet, 1, len, out);
    if (ended) break;
    if (got < (size_t)frame) ended = 1;
  }
  fclose(out);
  opus_multistream_encoder_destroy(enc);
  return 0;
}
