;; The per-sample scans of the technical report (./loudness.ts) in 128-bit SIMD, four samples per step:
;; - samples made safe in place, as each block of the true peak first reads them (then the K-weighting and the
;;   clips read them safe): NaN as silence, anything beyond +-16 (+24 dBFS) or infinite as +-16;
;; - the sample peak, and the samples in runs of 3 or more at full scale (clips);
;; - the true peak: the three points between each two samples (4x oversampling, ./true-peak.ts), each phase
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
    (local $i i32) (local $a i32) (local $v v128) (local $mx v128)
    (local.set $mx (v128.const f32x4 0 0 0 0))
    (local.set $i (local.get $lo))
    (block $done
      (loop $next
        (local.set $a (i32.add (local.get $ext) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $v (v128.load align=4 (local.get $a)))
        (local.set $v (v128.bitselect (local.get $v) (v128.const i32x4 0 0 0 0) (f32x4.eq (local.get $v) (local.get $v))))
        (local.set $v (f32x4.pmin (f32x4.pmax (local.get $v) (v128.const f32x4 -16 -16 -16 -16)) (v128.const f32x4 16 16 16 16)))
        (v128.store align=4 (local.get $a) (local.get $v))
        (local.set $mx (f32x4.pmax (local.get $mx) (f32x4.abs (local.get $v))))
        (br_if $done (i32.ge_s (local.get $i) (i32.sub (local.get $hi) (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (if (i32.gt_s (local.get $i) (i32.sub (local.get $hi) (i32.const 3)))
          (then (local.set $i (i32.sub (local.get $hi) (i32.const 3)))))
        (br $next)))
    (call $lanesMax (local.get $mx)))

  ;; The largest |point| between ext[i] and ext[i + 1] for i in [start, end] (end - start >= 3), or tp.
  (func $points (param $ext i32) (param $start i32) (param $end i32) (param $tp f32) (result f32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $a4 v128) (local $a5 v128)
    (local $e0 v128) (local $e1 v128) (local $e2 v128) (local $e3 v128) (local $e4 v128) (local $e5 v128)
    (local $m0 v128) (local $m1 v128) (local $m2 v128) (local $m3 v128) (local $m4 v128) (local $m5 v128)
    (local $i i32) (local $b i32) (local $last i32)
    (local $v v128) (local $w v128) (local $s v128) (local $p v128) (local $q v128) (local $m v128) (local $mx v128)
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
        (local.set $mx (f32x4.pmax (local.get $mx) (f32x4.abs (f32x4.add (local.get $p) (local.get $q)))))
        (local.set $mx (f32x4.pmax (local.get $mx) (f32x4.abs (f32x4.sub (local.get $p) (local.get $q)))))
        (local.set $mx (f32x4.pmax (local.get $mx) (f32x4.abs (local.get $m))))
        (br_if $done (i32.ge_s (local.get $i) (local.get $last)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (if (i32.gt_s (local.get $i) (local.get $last)) (then (local.set $i (local.get $last))))
        (br $next)))
    (call $lanesMax (local.get $mx)))

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
    (local.get $tp)))
