;; The per-sample scans of the technical report (./loudness.ts) in 128-bit SIMD, four samples per step:
;; - samples made safe in place, as each block of the true peak first reads them (then the K-weighting and the
;;   clips read them safe): NaN as silence, anything beyond +-16 (+24 dBFS) or infinite as +-16;
;; - the sample peak, and the samples in runs of 3 or more at full scale (clips);
;; - the true peak: the three points between each two samples (4x oversampling, shared/true-peak.ts), each phase
;;   folded by its symmetry, in blocks of 256 that are skipped when their samples, at the interpolator's
;;   largest gain, cannot beat the peak so far.
;; Maxima are taken with pmax, one instruction where max is several (for NaN and -0, which safe samples do not
;; have). Memory: the folded taps at 0 (SUM, DIFF, MID: 6 f32 each), the scan's sample peak (f32) at 96 and clips
;; (i32) at 100, the caller's samples from 128, each run of them followed by 4 spare floats.
;; Built into ./sample-scan-kernel.ts by `npm run build:wasm`.
(module
  (memory (export "memory") 1)

  (func $lanesMax (param $v v128) (result f32)
    (f32.max
      (f32.max (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.max (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; Makes ext[lo .. hi] (hi - lo >= 3) safe in place, four at a time (the last four overlapping), and returns
  ;; the largest |sample|: NaN as silence, anything beyond +-16 or infinite as +-16.
  (func $safeMax (param $ext i32) (param $lo i32) (param $hi i32) (result f32)
    (local $i i32) (local $a i32) (local $v v128) (local $mx v128) (local $mn v128)
    (local.set $mx (v128.const f32x4 0 0 0 0))
    (local.set $mn (v128.const f32x4 0 0 0 0))
    (local.set $i (local.get $lo))
    (block $done
      (loop $next
        (local.set $a (i32.add (local.get $ext) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $v (v128.load align=4 (local.get $a)))
        (local.set $v (v128.bitselect (local.get $v) (v128.const i32x4 0 0 0 0) (f32x4.eq (local.get $v) (local.get $v))))
        (local.set $v (f32x4.pmin (f32x4.pmax (local.get $v) (v128.const f32x4 -16 -16 -16 -16)) (v128.const f32x4 16 16 16 16)))
        (v128.store align=4 (local.get $a) (local.get $v))
        (local.set $mx (f32x4.pmax (local.get $mx) (local.get $v)))
        (local.set $mn (f32x4.pmin (local.get $mn) (local.get $v)))
        (br_if $done (i32.ge_s (local.get $i) (i32.sub (local.get $hi) (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (if (i32.gt_s (local.get $i) (i32.sub (local.get $hi) (i32.const 3)))
          (then (local.set $i (i32.sub (local.get $hi) (i32.const 3)))))
        (br $next)))
    (call $lanesMax (f32x4.pmax (local.get $mx) (f32x4.neg (local.get $mn)))))

  ;; The largest |point| between ext[i] and ext[i + 1] for i in [start, end] (end - start >= 3), or tp.
  (func $points (param $ext i32) (param $start i32) (param $end i32) (param $tp f32) (result f32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $a4 v128) (local $a5 v128)
    (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128) (local $e4 v128) (local $e5 v128)
    (local $m0 v128) (local $m1 v128) (local $m2 v128) (local $m3 v128) (local $m4 v128) (local $m5 v128)
    (local $i i32) (local $b i32) (local $last i32)
    (local $v v128) (local $w v128) (local $s v128) (local $p v128) (local $q v128) (local $m v128) (local $mx v128) (local $mn v128)
    (local.set $a0 (v128.load32_splat (i32.const 0)))
    (local.set $a1 (v128.load32_splat (i32.const 4)))
    (local.set $a2 (v128.load32_splat (i32.const 8)))
    (local.set $a3 (v128.load32_splat (i32.const 12)))
    (local.set $a4 (v128.load32_splat (i32.const 16)))
    (local.set $a5 (v128.load32_splat (i32.const 20)))
    (local.set $e0 (v128.load32_splat (i32.const 24)))
    (local.set $e1 (v128.load32_splat (i32.const 28)))
    (local.set $e2 (v128.load32_splat (i32.const 32)))
    (local.set $e3 (v128.load32_splat (i32.const 36)))
    (local.set $e4 (v128.load32_splat (i32.const 40)))
    (local.set $e5 (v128.load32_splat (i32.const 44)))
    (local.set $m0 (v128.load32_splat (i32.const 48)))
    (local.set $m1 (v128.load32_splat (i32.const 52)))
    (local.set $m2 (v128.load32_splat (i32.const 56)))
    (local.set $m3 (v128.load32_splat (i32.const 60)))
    (local.set $m4 (v128.load32_splat (i32.const 64)))
    (local.set $m5 (v128.load32_splat (i32.const 68)))
    (local.set $mx (f32x4.splat (local.get $tp)))
    (local.set $mn (f32x4.neg (local.get $mx)))
    (local.set $last (i32.sub (local.get $end) (i32.const 3)))
    (local.set $i (local.get $start))
    (block $done
      (loop $next
        ;; Points i .. i + 3 read ext[i - 5 .. i + 3 + 6].
        (local.set $b (i32.add (local.get $ext) (i32.shl (i32.sub (local.get $i) (i32.const 5)) (i32.const 2))))
        (local.set $v (v128.load offset=0 align=4 (local.get $b)))
        (local.set $w (v128.load offset=44 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.mul (local.get $a0) (local.get $s)))
        (local.set $q (f32x4.mul (local.get $e0) (f32x4.sub (local.get $v) (local.get $w))))
        (local.set $m (f32x4.mul (local.get $m0) (local.get $s)))
        (local.set $v (v128.load offset=4 align=4 (local.get $b)))
        (local.set $w (v128.load offset=40 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.add (local.get $p) (f32x4.mul (local.get $a1) (local.get $s))))
        (local.set $q (f32x4.add (local.get $q) (f32x4.mul (local.get $e1) (f32x4.sub (local.get $v) (local.get $w)))))
        (local.set $m (f32x4.add (local.get $m) (f32x4.mul (local.get $m1) (local.get $s))))
        (local.set $v (v128.load offset=8 align=4 (local.get $b)))
        (local.set $w (v128.load offset=36 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.add (local.get $p) (f32x4.mul (local.get $a2) (local.get $s))))
        (local.set $q (f32x4.add (local.get $q) (f32x4.mul (local.get $e2) (f32x4.sub (local.get $v) (local.get $w)))))
        (local.set $m (f32x4.add (local.get $m) (f32x4.mul (local.get $m2) (local.get $s))))
        (local.set $v (v128.load offset=12 align=4 (local.get $b)))
        (local.set $w (v128.load offset=32 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.add (local.get $p) (f32x4.mul (local.get $a3) (local.get $s))))
        (local.set $q (f32x4.add (local.get $q) (f32x4.mul (local.get $e3) (f32x4.sub (local.get $v) (local.get $w)))))
        (local.set $m (f32x4.add (local.get $m) (f32x4.mul (local.get $m3) (local.get $s))))
        (local.set $v (v128.load offset=16 align=4 (local.get $b)))
        (local.set $w (v128.load offset=28 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.add (local.get $p) (f32x4.mul (local.get $a4) (local.get $s))))
        (local.set $q (f32x4.add (local.get $q) (f32x4.mul (local.get $e4) (f32x4.sub (local.get $v) (local.get $w)))))
        (local.set $m (f32x4.add (local.get $m) (f32x4.mul (local.get $m4) (local.get $s))))
        (local.set $v (v128.load offset=20 align=4 (local.get $b)))
        (local.set $w (v128.load offset=24 align=4 (local.get $b)))
        (local.set $s (f32x4.add (local.get $v) (local.get $w)))
        (local.set $p (f32x4.add (local.get $p) (f32x4.mul (local.get $a5) (local.get $s))))
        (local.set $q (f32x4.add (local.get $q) (f32x4.mul (local.get $e5) (f32x4.sub (local.get $v) (local.get $w)))))
        (local.set $m (f32x4.add (local.get $m) (f32x4.mul (local.get $m5) (local.get $s))))
        ;; The largest |point| is the larger of the largest point and -(the smallest): no abs per point.
        (local.set $v (f32x4.add (local.get $p) (local.get $q)))
        (local.set $w (f32x4.sub (local.get $p) (local.get $q)))
        (local.set $mx (f32x4.pmax (local.get $mx) (f32x4.pmax (f32x4.pmax (local.get $v) (local.get $w)) (local.get $m))))
        (local.set $mn (f32x4.pmin (local.get $mn) (f32x4.pmin (f32x4.pmin (local.get $v) (local.get $w)) (local.get $m))))
        (br_if $done (i32.ge_s (local.get $i) (local.get $last)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (if (i32.gt_s (local.get $i) (local.get $last)) (then (local.set $i (local.get $last))))
        (br $next)))
    (call $lanesMax (f32x4.pmax (local.get $mx) (f32x4.neg (local.get $mn)))))

  ;; How many of ext[from .. to) are in a run of 3 or more samples at full scale (|x| >= 0.9999, where a 16-bit
  ;; file's largest code is 0.99997): those that end, sit in or start such a run, from the samples 2 either
  ;; side. One full-scale sample alone is a loud peak, not a clip.
  (func $clips (param $ext i32) (param $from i32) (param $to i32) (result i32)
    (local $i i32) (local $f0 v128) (local $f1 v128) (local $f2 v128) (local $f3 v128) (local $f4 v128)
    (local $in v128) (local $count v128)
    (local.set $count (v128.const i32x4 0 0 0 0))
    (local.set $i (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $to)))
        (local.set $f0 (f32x4.ge (f32x4.abs (v128.load align=4 (i32.add (local.get $ext) (i32.shl (i32.sub (local.get $i) (i32.const 2)) (i32.const 2))))) (v128.const f32x4 0.9999 0.9999 0.9999 0.9999)))
        (local.set $f1 (f32x4.ge (f32x4.abs (v128.load align=4 (i32.add (local.get $ext) (i32.shl (i32.sub (local.get $i) (i32.const 1)) (i32.const 2))))) (v128.const f32x4 0.9999 0.9999 0.9999 0.9999)))
        (local.set $f2 (f32x4.ge (f32x4.abs (v128.load align=4 (i32.add (local.get $ext) (i32.shl (local.get $i) (i32.const 2))))) (v128.const f32x4 0.9999 0.9999 0.9999 0.9999)))
        (local.set $f3 (f32x4.ge (f32x4.abs (v128.load align=4 (i32.add (local.get $ext) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2))))) (v128.const f32x4 0.9999 0.9999 0.9999 0.9999)))
        (local.set $f4 (f32x4.ge (f32x4.abs (v128.load align=4 (i32.add (local.get $ext) (i32.shl (i32.add (local.get $i) (i32.const 2)) (i32.const 2))))) (v128.const f32x4 0.9999 0.9999 0.9999 0.9999)))
        (local.set $in (v128.and (local.get $f2)
          (v128.or (v128.and (local.get $f0) (local.get $f1))
            (v128.or (v128.and (local.get $f1) (local.get $f3)) (v128.and (local.get $f3) (local.get $f4))))))
        ;; Lanes at or past `to` read beyond the samples: not counted.
        (local.set $in (v128.and (local.get $in)
          (i32x4.lt_s (i32x4.add (i32x4.splat (local.get $i)) (v128.const i32x4 0 1 2 3)) (i32x4.splat (local.get $to)))))
        (local.set $count (i32x4.sub (local.get $count) (local.get $in)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $next)))
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $count)) (i32x4.extract_lane 1 (local.get $count)))
      (i32.add (i32x4.extract_lane 2 (local.get $count)) (i32x4.extract_lane 3 (local.get $count)))))

  ;; Scans ext[0 .. length) (length >= 15), whose samples from `fresh` on are new and those before are the
  ;; previous scan's last ones: makes them safe, writes their sample peak and the clips among
  ;; ext[fresh - 2 .. length - 2) (the last two are counted next time, when the samples after them are
  ;; known), and returns the true peak after `tp`, over the points of i in [5, length - 7].
  (func (export "scan") (param $ext i32) (param $length i32) (param $fresh i32) (param $tp f32) (param $gain f32) (result f32)
    (local $start i32) (local $end i32) (local $last i32) (local $local f32) (local $peak f32)
    (local.set $last (i32.sub (local.get $length) (i32.const 7)))
    (local.set $start (i32.const 5))
    (block $done
      (loop $next
        (br_if $done (i32.gt_s (local.get $start) (local.get $last)))
        (local.set $end (i32.add (local.get $start) (i32.const 255)))
        (if (i32.gt_s (local.get $end) (local.get $last)) (then (local.set $end (local.get $last))))
        ;; A block of fewer than four points starts earlier: its earlier points are real ones too.
        (if (i32.lt_s (i32.sub (local.get $end) (local.get $start)) (i32.const 3))
          (then (local.set $start (i32.sub (local.get $end) (i32.const 3)))))
        (local.set $local (call $safeMax (local.get $ext) (i32.sub (local.get $start) (i32.const 5)) (i32.add (local.get $end) (i32.const 6))))
        (local.set $peak (f32.max (local.get $peak) (local.get $local)))
        (local.set $tp (f32.max (local.get $tp) (local.get $local)))
        (if (f32.gt (f32.mul (local.get $local) (local.get $gain)) (local.get $tp))
          (then (local.set $tp (call $points (local.get $ext) (local.get $start) (local.get $end) (local.get $tp)))))
        (local.set $start (i32.add (local.get $end) (i32.const 1)))
        (br $next)))
    (f32.store (i32.const 96) (local.get $peak))
    (i32.store (i32.const 100)
      (if (result i32) (f32.ge (local.get $peak) (f32.const 0.9999))
        (then (call $clips (local.get $ext) (i32.sub (local.get $fresh) (i32.const 2)) (i32.sub (local.get $length) (i32.const 2))))
        (else (i32.const 0))))
    (local.get $tp))
  ;; The K-weighting of `groups` groups of four samples from byte $x (the two before them read too), with
  ;; the sums of their squares per 100 ms step and of the samples. A group gives its four outputs at once from
  ;; the two before it, for each biquad (a shelf, b0 b1 b2 a1 a2, then a high-pass, 1 -2 1 h1 h2): with the
  ;; input's part u[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] and g the impulse response of 1 / (1 + a1 z^-1 + a2 z^-2),
  ;;   y[n+k] = sum over j <= k of g[j] u[n+k-j]  +  alpha[k] y[n-1]  +  beta[k] y[n-2],   k = 0 .. 3,
  ;; where alpha and beta are what y[n-1] = 1 and y[n-2] = 1 alone give. WEIGH (128) holds, as f32x4: B0 B1 B2
  ;; (each b four times), G1 G2 G3 (g[j] in the lanes j .. 3 that have an input j back in the group, 0 in the
  ;; others, so that a lane shuffle without a blend gives the term) and ALPHA BETA (by lane) of the shelf, then
  ;; H1 H2 H3, ALPHA BETA of the high-pass; then the state: the last group's shelf outputs (336) and high-pass
  ;; outputs (352), the squares (368) and the samples (384) of the step so far by lane (f32x4: a step has 1200
  ;; at most per lane, at 48 kHz), and as f64x2 pairs the sums of the samples of the steps ended, by lane
  ;; (400, 416). The first step ends after `first` samples (1 or more), the next every `step` (100 or more);
  ;; each step ended writes its sum of squares to $out (f64), and the count is returned. Sums stay by lane
  ;; until a step ends, so they do not depend on how the groups were split between calls.
  (func (export "weigh") (param $x i32) (param $groups i32) (param $first i32) (param $step i32) (param $out i32) (result i32)
    (local $B0 v128) (local $B1 v128) (local $B2 v128) (local $G1 v128) (local $G2 v128) (local $G3 v128) (local $Aa v128) (local $Ab v128) (local $H1 v128) (local $H2 v128) (local $H3 v128) (local $Ca v128) (local $Cb v128)
    (local $X v128) (local $D v128) (local $U v128) (local $M v128) (local $G v128) (local $Y v128) (local $Q v128)
    (local $Mp v128) (local $Yp v128) (local $SQ v128) (local $SX v128) (local $S0 v128) (local $S1 v128) (local $Q0 v128)
    (local $in v128) (local $end i32) (local $until i32) (local $ended i32)
    (local.set $B0 (v128.load offset=0 (i32.const 128)))
    (local.set $B1 (v128.load offset=16 (i32.const 128)))
    (local.set $B2 (v128.load offset=32 (i32.const 128)))
    (local.set $G1 (v128.load offset=48 (i32.const 128)))
    (local.set $G2 (v128.load offset=64 (i32.const 128)))
    (local.set $G3 (v128.load offset=80 (i32.const 128)))
    (local.set $Aa (v128.load offset=96 (i32.const 128)))
    (local.set $Ab (v128.load offset=112 (i32.const 128)))
    (local.set $H1 (v128.load offset=128 (i32.const 128)))
    (local.set $H2 (v128.load offset=144 (i32.const 128)))
    (local.set $H3 (v128.load offset=160 (i32.const 128)))
    (local.set $Ca (v128.load offset=176 (i32.const 128)))
    (local.set $Cb (v128.load offset=192 (i32.const 128)))
    (local.set $Mp (v128.load (i32.const 336)))
    (local.set $Yp (v128.load (i32.const 352)))
    (local.set $SQ (v128.load (i32.const 368)))
    (local.set $SX (v128.load (i32.const 384)))
    (local.set $S0 (v128.load (i32.const 400)))
    (local.set $S1 (v128.load (i32.const 416)))
    (local.set $until (local.get $first))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $groups) (i32.const 4))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (local.set $X (v128.load align=4 (local.get $x)))
        ;; The shelf.
        (local.set $U (f32x4.add
          (f32x4.add (f32x4.mul (local.get $B0) (local.get $X)) (f32x4.mul (local.get $B1) (v128.load align=4 (i32.sub (local.get $x) (i32.const 4)))))
          (f32x4.mul (local.get $B2) (v128.load align=4 (i32.sub (local.get $x) (i32.const 8))))))
        (local.set $U (f32x4.add
          (f32x4.add (local.get $U) (f32x4.mul (local.get $G1) (i8x16.shuffle 0 1 2 3 0 1 2 3 4 5 6 7 8 9 10 11 (local.get $U) (local.get $U))))
          (f32x4.add (f32x4.mul (local.get $G2) (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 4 5 6 7 (local.get $U) (local.get $U))) (f32x4.mul (local.get $G3) (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 (local.get $U) (local.get $U))))))
        (local.set $M (f32x4.add
          (f32x4.add (local.get $U) (f32x4.mul (local.get $Ab) (i8x16.shuffle 8 9 10 11 8 9 10 11 8 9 10 11 8 9 10 11 (local.get $Mp) (local.get $Mp))))
          (f32x4.mul (local.get $Aa) (i8x16.shuffle 12 13 14 15 12 13 14 15 12 13 14 15 12 13 14 15 (local.get $Mp) (local.get $Mp)))))
        ;; The high-pass, on m[n] - 2 m[n-1] + m[n-2].
        (local.set $D (i8x16.shuffle 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 (local.get $Mp) (local.get $M)))
        (local.set $G (f32x4.sub
          (f32x4.add (local.get $M) (i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 (local.get $Mp) (local.get $M)))
          (f32x4.add (local.get $D) (local.get $D))))
        (local.set $G (f32x4.add
          (f32x4.add (local.get $G) (f32x4.mul (local.get $H1) (i8x16.shuffle 0 1 2 3 0 1 2 3 4 5 6 7 8 9 10 11 (local.get $G) (local.get $G))))
          (f32x4.add (f32x4.mul (local.get $H2) (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 4 5 6 7 (local.get $G) (local.get $G))) (f32x4.mul (local.get $H3) (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 (local.get $G) (local.get $G))))))
        (local.set $Y (f32x4.add
          (f32x4.add (local.get $G) (f32x4.mul (local.get $Cb) (i8x16.shuffle 8 9 10 11 8 9 10 11 8 9 10 11 8 9 10 11 (local.get $Yp) (local.get $Yp))))
          (f32x4.mul (local.get $Ca) (i8x16.shuffle 12 13 14 15 12 13 14 15 12 13 14 15 12 13 14 15 (local.get $Yp) (local.get $Yp)))))
        (local.set $Q (f32x4.mul (local.get $Y) (local.get $Y)))
        (local.set $SX (f32x4.add (local.get $SX) (local.get $X)))
        (if (i32.gt_s (local.get $until) (i32.const 4))
          (then
            (local.set $SQ (f32x4.add (local.get $SQ) (local.get $Q)))
            (local.set $until (i32.sub (local.get $until) (i32.const 4))))
          (else
            ;; A step ends after lane until - 1: the lanes before are its last, the rest start the next.
            (local.set $in (i32x4.lt_s (v128.const i32x4 0 1 2 3) (i32x4.splat (local.get $until))))
            (local.set $SQ (f32x4.add (local.get $SQ) (v128.and (local.get $Q) (local.get $in))))
            (local.set $Q0 (f64x2.add (f64x2.promote_low_f32x4 (local.get $SQ))
              (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $SQ) (local.get $SQ)))))
            (f64.store (i32.add (local.get $out) (i32.shl (local.get $ended) (i32.const 3)))
              (f64.add (f64x2.extract_lane 0 (local.get $Q0)) (f64x2.extract_lane 1 (local.get $Q0))))
            (local.set $ended (i32.add (local.get $ended) (i32.const 1)))
            (local.set $SQ (v128.andnot (local.get $Q) (local.get $in)))
            (local.set $S0 (f64x2.add (local.get $S0) (f64x2.promote_low_f32x4 (local.get $SX))))
            (local.set $S1 (f64x2.add (local.get $S1) (f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $SX) (local.get $SX)))))
            (local.set $SX (v128.const i32x4 0 0 0 0))
            (local.set $until (i32.add (local.get $until) (i32.sub (local.get $step) (i32.const 4))))))
        (local.set $Mp (local.get $M))
        (local.set $Yp (local.get $Y))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br $next)))
    (v128.store (i32.const 336) (local.get $Mp))
    (v128.store (i32.const 352) (local.get $Yp))
    (v128.store (i32.const 368) (local.get $SQ))
    (v128.store (i32.const 384) (local.get $SX))
    (v128.store (i32.const 400) (local.get $S0))
    (v128.store (i32.const 416) (local.get $S1))
    (local.get $ended))
)
