;; The analysis findings' per-sample work (./findings.ts) in 128-bit SIMD, four frames per step, on the
;; report's runs where they lie in its kernel's memory (./sample-scan.ts), once made safe: each run holds the
;; channel's last samples before the new ones, so the history the prediction reads is in place. One pass over
;; each group of four frames takes
;; - each of the first two channels' prediction residuals (each sample against the cubic through its two
;;   neighbours either side): their energy, and their largest two more than two frames apart, which a vector
;;   test only filters for the scalar code; the samples' sums, and the channels' products for the correlation;
;; - runs of frames at full scale (any channel) and of digital silence (every channel), told to the caller as
;;   they end ($ended), from the shortest that can count: four frames at a time while none is either and no
;;   run is open, or while all go on the open run; frame by frame otherwise.
;; - each whole group's mid (the mean of its four frames of the first two channels) through two one-pole
;;   low-passes (the low band) and one at the low-mid corner: the groups start at multiples of four frames, so
;;   these are every fourth frame's, whatever the pushes' sizes (a group a step's or a push's edge cuts is left
;;   out), in the same pass (a second one cost as much again in loop and loads).
;; The lanes of a group past the run's end are masked (the run has spare floats after it); a mono run's
;; residuals, sums and products are taken once (about a tenth of the kernel's time on a mono file).
;; STATE (f64, from $state): the open step's sums in STEP_FIELDS' order (./finding-rules.ts): frames 0, sq 8,
;; low 16, hf 24, lr 32, ll 40, rr 48, sumL 56, sumR 64, maxD 72, maxAt 80, max2 88, slope 96, mids 104; then the
;; filters lp1 112, lp2 120, mp 128, the last mid 136, their coefficients 144 and 152, the open runs of full
;; scale 160 and of silence 168, the shortest silence to tell 176, the open silence's edge before it 184;
;; 32 bytes of scratch at 192. Frames are
;; counted in f64: four hours at 192 kHz pass 2^31.
;; Built into ./findings-scan-kernel.ts by `npm run build:wasm`.
(module
  (import "env" "memory" (memory 1))
  ;; A run ended at frame $frame: full scale ($kind 0) or silence (1), $run frames long; a silence's $edge is the
  ;; smaller of the largest |sample| in the 8 frames before it and in the 8 after it (as far as the run goes).
  (import "env" "ended" (func $ended (param $kind i32) (param $frame f64) (param $run f64) (param $edge f32)))

  (func $sum4 (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  (func $add (param $at i32) (param $v f64)
    (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (local.get $v))))

  ;; The squared residuals of frames $i .. $i + $n - 1 (left at scratch 192, right at 208, by lane) against
  ;; the largest two so far more than two frames apart (frame = $base + index, of the sample two back).
  (func $largest (param $state i32) (param $i i32) (param $n i32) (param $base f64)
    (local $k i32) (local $e f64) (local $at f64) (local $max1 f64) (local $max1At f64) (local $max2 f64)
    (local.set $max1 (f64.load offset=72 (local.get $state)))
    (local.set $max1At (f64.load offset=80 (local.get $state)))
    (local.set $max2 (f64.load offset=88 (local.get $state)))
    (loop $lane
      (local.set $at (f64.add (local.get $base) (f64.convert_i32_s (i32.sub (i32.add (local.get $i) (i32.and (local.get $k) (i32.const 3))) (i32.const 2)))))
      (local.set $e (f64.promote_f32 (f32.load offset=192
        (i32.add (local.get $state) (i32.add (i32.shl (i32.and (local.get $k) (i32.const 3)) (i32.const 2)) (i32.shl (i32.shr_u (local.get $k) (i32.const 2)) (i32.const 4)))))))
      (if (f64.gt (local.get $e) (local.get $max2))
        (then
          (if (f64.gt (local.get $e) (local.get $max1))
            (then
              (if (f64.gt (f64.sub (local.get $at) (local.get $max1At)) (f64.const 2)) (then (local.set $max2 (local.get $max1))))
              (local.set $max1 (local.get $e))
              (local.set $max1At (local.get $at)))
            (else
              (if (f64.gt (f64.sub (local.get $at) (local.get $max1At)) (f64.const 2)) (then (local.set $max2 (local.get $e))))))))
      ;; Lanes 0 .. n - 1 of the left, then of the right (k = 4 .. 4 + n - 1).
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (if (i32.eq (local.get $k) (local.get $n)) (then (local.set $k (i32.const 4))))
      (br_if $lane (i32.lt_s (local.get $k) (i32.add (i32.const 4) (local.get $n)))))
    (f64.store offset=72 (local.get $state) (local.get $max1))
    (f64.store offset=80 (local.get $state) (local.get $max1At))
    (f64.store offset=88 (local.get $state) (local.get $max2)))

  ;; The largest |sample| of frame $i over the $channels runs from byte $runs, $stride apart.
  (func $frameMax (param $runs i32) (param $stride i32) (param $channels i32) (param $i i32) (result f32)
    (local $c i32) (local $m f32) (local $a i32)
    (local.set $a (i32.add (local.get $runs) (i32.shl (local.get $i) (i32.const 2))))
    (loop $next
      (local.set $m (f32.max (local.get $m) (f32.abs (f32.load (local.get $a)))))
      (local.set $a (i32.add (local.get $a) (local.get $stride)))
      (local.set $c (i32.add (local.get $c) (i32.const 1)))
      (br_if $next (i32.lt_s (local.get $c) (local.get $channels))))
    (local.get $m))

  ;; The largest |sample| of frames [from, to) (every channel).
  (func $peak (param $runs i32) (param $stride i32) (param $channels i32) (param $from i32) (param $to i32) (result f32)
    (local $m f32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $from) (local.get $to)))
        (local.set $m (f32.max (local.get $m) (call $frameMax (local.get $runs) (local.get $stride) (local.get $channels) (local.get $from))))
        (local.set $from (i32.add (local.get $from) (i32.const 1)))
        (br $next)))
    (local.get $m))

  ;; Frames $i .. $i + $n - 1 one by one, as ./findings.ts describes the rule, on the open runs in STATE; the
  ;; runs' samples go to $last. A silence's edge before it is kept at 184 (a run holds at least 8 samples
  ;; before its new ones).
  (func $runFrames (param $runs i32) (param $stride i32) (param $channels i32) (param $i i32) (param $n i32) (param $last i32) (param $base f64) (param $state i32)
    (local $k i32) (local $at i32) (local $x f32) (local $clip f64) (local $silent f64) (local $frame f64) (local $after i32)
    (local.set $clip (f64.load offset=160 (local.get $state)))
    (local.set $silent (f64.load offset=168 (local.get $state)))
    (loop $frame
      (local.set $at (i32.add (local.get $i) (local.get $k)))
      (local.set $x (call $frameMax (local.get $runs) (local.get $stride) (local.get $channels) (local.get $at)))
      (local.set $frame (f64.add (local.get $base) (f64.convert_i32_s (local.get $at))))
      (if (f32.ge (local.get $x) (f32.const 0.9999))
        (then (local.set $clip (f64.add (local.get $clip) (f64.const 1))))
        (else
          (if (f64.gt (local.get $clip) (f64.const 0))
            (then
              (if (f64.ge (local.get $clip) (f64.const 3))
                (then (call $ended (i32.const 0) (local.get $frame) (local.get $clip) (f32.const 0))))
              (local.set $clip (f64.const 0))))
          (if (f32.lt (local.get $x) (f32.const 1e-4))
            (then
              (if (f64.eq (local.get $silent) (f64.const 0))
                (then (f64.store offset=184 (local.get $state) (f64.promote_f32
                  (call $peak (local.get $runs) (local.get $stride) (local.get $channels) (i32.sub (local.get $at) (i32.const 8)) (local.get $at))))))
              (local.set $silent (f64.add (local.get $silent) (f64.const 1))))
            (else
              (if (f64.gt (local.get $silent) (f64.const 0))
                (then
                  (if (f64.ge (local.get $silent) (f64.load offset=176 (local.get $state)))
                    (then
                      (local.set $after (i32.add (local.get $at) (i32.const 8)))
                      (if (i32.gt_s (local.get $after) (local.get $last)) (then (local.set $after (local.get $last))))
                      (call $ended (i32.const 1) (local.get $frame) (local.get $silent)
                        (f32.min (f32.demote_f64 (f64.load offset=184 (local.get $state)))
                          (call $peak (local.get $runs) (local.get $stride) (local.get $channels) (local.get $at) (local.get $after))))))
                  (local.set $silent (f64.const 0))))))))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $frame (i32.lt_s (local.get $k) (local.get $n))))
    (f64.store offset=160 (local.get $state) (local.get $clip))
    (f64.store offset=168 (local.get $state) (local.get $silent)))

  ;; Frames [from, to) of the $channels runs from byte $runs, $stride apart (frame = $base + index); a whole group's
  ;; first frame is at a multiple of four (the caller starts $from there, or ends $to before the next).
  (func $frames (param $runs i32) (param $stride i32) (param $channels i32) (param $from i32) (param $to i32) (param $last i32) (param $base f64) (param $state i32)
    (local $i i32) (local $a i32) (local $b i32) (local $c i32) (local $right i32)
    (local $in v128) (local $vl v128) (local $vr v128) (local $d2l v128) (local $d2r v128) (local $bar v128)
    (local $suml v128) (local $sumr v128) (local $hf v128) (local $lr v128) (local $ll v128) (local $rr v128)
    (local $m v128) (local $full v128) (local $quiet v128) (local $clip f64) (local $silent f64)
    (local $s v128) (local $mean f64) (local $y f64) (local $lp1 f64) (local $lp2 f64) (local $mp f64) (local $prev f64)
    (local $lc f64) (local $mc f64) (local $lq f64) (local $mq f64) (local $sq f64) (local $low f64) (local $mids f64) (local $slope f64)
    (local.set $right (if (result i32) (i32.gt_s (local.get $channels) (i32.const 1)) (then (local.get $stride)) (else (i32.const 0))))
    (local.set $lp1 (f64.load offset=112 (local.get $state)))
    (local.set $lp2 (f64.load offset=120 (local.get $state)))
    (local.set $mp (f64.load offset=128 (local.get $state)))
    (local.set $prev (f64.load offset=136 (local.get $state)))
    (local.set $lc (f64.load offset=144 (local.get $state)))
    (local.set $mc (f64.load offset=152 (local.get $state)))
    (local.set $lq (f64.sub (f64.const 1) (local.get $lc)))
    (local.set $mq (f64.sub (f64.const 1) (local.get $mc)))
    (local.set $bar (f32x4.splat (f32.demote_f64 (f64.load offset=88 (local.get $state)))))
    (local.set $clip (f64.load offset=160 (local.get $state)))
    (local.set $silent (f64.load offset=168 (local.get $state)))
    (local.set $i (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $to)))
        (local.set $in (if (result v128) (i32.le_s (i32.add (local.get $i) (i32.const 4)) (local.get $to))
          (then (v128.const i32x4 -1 -1 -1 -1))
          (else (i32x4.lt_s (v128.const i32x4 0 1 2 3) (i32x4.splat (i32.sub (local.get $to) (local.get $i)))))))
        (local.set $a (i32.add (local.get $runs) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $b (i32.add (local.get $a) (local.get $right)))
        (local.set $vl (v128.and (v128.load align=4 (local.get $a)) (local.get $in)))
        ;; Each sample two back against the cubic through the two either side of it:
        ;; x2 - (4 (x3 + x1) - x4 - v) / 6, the x's 1 to 4 samples back.
        (local.set $d2l (f32x4.sub
          (v128.load align=4 (i32.sub (local.get $a) (i32.const 8)))
          (f32x4.mul
            (f32x4.sub
              (f32x4.sub
                (f32x4.mul (f32x4.splat (f32.const 4))
                  (f32x4.add (v128.load align=4 (i32.sub (local.get $a) (i32.const 12))) (v128.load align=4 (i32.sub (local.get $a) (i32.const 4)))))
                (v128.load align=4 (i32.sub (local.get $a) (i32.const 16))))
              (local.get $vl))
            (f32x4.splat (f32.const 0x1.555556p-3)))))
        (local.set $d2l (v128.and (f32x4.mul (local.get $d2l) (local.get $d2l)) (local.get $in)))
        ;; A mono run's residuals, sums and products are taken once (its right side is its left).
        (if (local.get $right)
          (then
            (local.set $vr (v128.and (v128.load align=4 (local.get $b)) (local.get $in)))
            (local.set $d2r (f32x4.sub
              (v128.load align=4 (i32.sub (local.get $b) (i32.const 8)))
              (f32x4.mul
                (f32x4.sub
                  (f32x4.sub
                    (f32x4.mul (f32x4.splat (f32.const 4))
                      (f32x4.add (v128.load align=4 (i32.sub (local.get $b) (i32.const 12))) (v128.load align=4 (i32.sub (local.get $b) (i32.const 4)))))
                    (v128.load align=4 (i32.sub (local.get $b) (i32.const 16))))
                  (local.get $vr))
                (f32x4.splat (f32.const 0x1.555556p-3)))))
            (local.set $d2r (v128.and (f32x4.mul (local.get $d2r) (local.get $d2r)) (local.get $in)))
            (local.set $sumr (f32x4.add (local.get $sumr) (local.get $vr)))
            (local.set $hf (f32x4.add (local.get $hf) (f32x4.add (local.get $d2l) (local.get $d2r))))
            (local.set $lr (f32x4.add (local.get $lr) (f32x4.mul (local.get $vl) (local.get $vr))))
            (local.set $rr (f32x4.add (local.get $rr) (f32x4.mul (local.get $vr) (local.get $vr)))))
          (else
            (local.set $vr (local.get $vl))
            (local.set $hf (f32x4.add (local.get $hf) (local.get $d2l)))))
        (local.set $suml (f32x4.add (local.get $suml) (local.get $vl)))
        (local.set $ll (f32x4.add (local.get $ll) (f32x4.mul (local.get $vl) (local.get $vl))))
        ;; Every whole group (the caller starts them at multiples of four frames) is one frame of the low bands:
        ;; its mean of the first two channels through two one-pole low-passes (the low band) and one at the
        ;; low-mid corner, y = q y + c x. Their waits on the last group's state overlap the work above.
        (if (i32x4.all_true (local.get $in))
          (then
            (local.set $s (f32x4.add (local.get $vl) (local.get $vr)))
            (local.set $s (f32x4.add (local.get $s) (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $s) (local.get $s))))
            (local.set $mean (f64.mul (f64.promote_f32 (f32.add (f32x4.extract_lane 0 (local.get $s)) (f32x4.extract_lane 1 (local.get $s)))) (f64.const 0.125)))
            (local.set $lp1 (f64.add (f64.mul (local.get $lq) (local.get $lp1)) (f64.mul (local.get $lc) (local.get $mean))))
            (local.set $lp2 (f64.add (f64.mul (local.get $lq) (local.get $lp2)) (f64.mul (local.get $lc) (local.get $lp1))))
            (local.set $sq (f64.add (local.get $sq) (f64.mul (local.get $mean) (local.get $mean))))
            (local.set $low (f64.add (local.get $low) (f64.mul (local.get $lp2) (local.get $lp2))))
            (local.set $mp (f64.add (f64.mul (local.get $mq) (local.get $mp)) (f64.mul (local.get $mc) (local.get $mean))))
            (local.set $y (f64.sub (local.get $mp) (local.get $lp2)))
            (local.set $mids (f64.add (local.get $mids) (f64.mul (local.get $y) (local.get $y))))
            (local.set $y (f64.sub (local.get $mean) (local.get $prev)))
            (local.set $slope (f64.add (local.get $slope) (f64.mul (local.get $y) (local.get $y))))
            (local.set $prev (local.get $mean))))
        (if (v128.any_true (v128.or (f32x4.gt (local.get $d2l) (local.get $bar)) (f32x4.gt (local.get $d2r) (local.get $bar))))
          (then
            (v128.store offset=192 (local.get $state) (local.get $d2l))
            (v128.store offset=208 (local.get $state) (local.get $d2r))
            (call $largest (local.get $state) (local.get $i) (select (i32.sub (local.get $to) (local.get $i)) (i32.const 4) (i32.lt_s (i32.sub (local.get $to) (local.get $i)) (i32.const 4))) (local.get $base))
            (local.set $bar (f32x4.splat (f32.demote_f64 (f64.load offset=88 (local.get $state)))))))
        ;; Full scale and silence: the first two channels, then any more.
        (local.set $m (f32x4.pmax (f32x4.abs (local.get $vl)) (f32x4.abs (local.get $vr))))
        (if (i32.gt_s (local.get $channels) (i32.const 2))
          (then
            (local.set $c (i32.const 2))
            (loop $channel
              (local.set $b (i32.add (local.get $b) (local.get $stride)))
              (local.set $m (f32x4.pmax (local.get $m) (f32x4.abs (v128.load align=4 (local.get $b)))))
              (local.set $c (i32.add (local.get $c) (i32.const 1)))
              (br_if $channel (i32.lt_s (local.get $c) (local.get $channels))))))
        (local.set $full (f32x4.ge (local.get $m) (f32x4.splat (f32.const 0.9999))))
        (local.set $quiet (f32x4.lt (local.get $m) (f32x4.splat (f32.const 1e-4))))
        (block $slow
          (block $fast
            (br_if $slow (i32.eqz (i32x4.all_true (local.get $in))))
            (if (f64.eq (f64.add (local.get $clip) (local.get $silent)) (f64.const 0))
              (then
                (br_if $slow (v128.any_true (v128.or (local.get $full) (local.get $quiet))))
                (br $fast)))
            ;; A run is open: four frames that all go on it.
            (if (i32x4.all_true (local.get $full))
              (then
                (local.set $clip (f64.add (local.get $clip) (f64.const 4)))
                (br $fast)))
            (br_if $slow (f64.gt (local.get $clip) (f64.const 0)))
            (br_if $slow (i32.eqz (i32x4.all_true (v128.andnot (local.get $quiet) (local.get $full)))))
            (local.set $silent (f64.add (local.get $silent) (f64.const 4))))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (br $next))
        (f64.store offset=160 (local.get $state) (local.get $clip))
        (f64.store offset=168 (local.get $state) (local.get $silent))
        (call $runFrames (local.get $runs) (local.get $stride) (local.get $channels) (local.get $i)
          (select (i32.sub (local.get $to) (local.get $i)) (i32.const 4) (i32.lt_s (i32.sub (local.get $to) (local.get $i)) (i32.const 4)))
          (local.get $last) (local.get $base) (local.get $state))
        (local.set $clip (f64.load offset=160 (local.get $state)))
        (local.set $silent (f64.load offset=168 (local.get $state)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $next)))
    (f64.store offset=160 (local.get $state) (local.get $clip))
    (f64.store offset=168 (local.get $state) (local.get $silent))
    (if (i32.eqz (local.get $right))
      (then
        (local.set $sumr (local.get $suml))
        (local.set $lr (local.get $ll))
        (local.set $rr (local.get $ll))))
    (call $add (i32.add (local.get $state) (i32.const 24)) (f64.promote_f32 (call $sum4 (local.get $hf))))
    (call $add (i32.add (local.get $state) (i32.const 32)) (f64.promote_f32 (call $sum4 (local.get $lr))))
    (call $add (i32.add (local.get $state) (i32.const 40)) (f64.promote_f32 (call $sum4 (local.get $ll))))
    (call $add (i32.add (local.get $state) (i32.const 48)) (f64.promote_f32 (call $sum4 (local.get $rr))))
    (call $add (i32.add (local.get $state) (i32.const 56)) (f64.promote_f32 (call $sum4 (local.get $suml))))
    (call $add (i32.add (local.get $state) (i32.const 64)) (f64.promote_f32 (call $sum4 (local.get $sumr))))
    (f64.store offset=112 (local.get $state) (local.get $lp1))
    (f64.store offset=120 (local.get $state) (local.get $lp2))
    (f64.store offset=128 (local.get $state) (local.get $mp))
    (f64.store offset=136 (local.get $state) (local.get $prev))
    ;; The low band and the mid stand for every frame: each group's mean for four.
    (call $add (i32.add (local.get $state) (i32.const 8)) (f64.mul (local.get $sq) (f64.const 4)))
    (call $add (i32.add (local.get $state) (i32.const 16)) (f64.mul (local.get $low) (f64.const 4)))
    (call $add (i32.add (local.get $state) (i32.const 104)) (local.get $mids))
    (call $add (i32.add (local.get $state) (i32.const 96)) (local.get $slope)))

  ;; The new frames [from, to) of the $channels runs from byte $runs, $stride apart; index $from is frame
  ;; $frame of the rate (the decimated groups start at multiples of four). The open step ends at $step frames:
  ;; each step that ends is written to $out (its sums, 14 f64) and its sums start again. Returns the steps ended.
  (func (export "scan") (param $runs i32) (param $stride i32) (param $channels i32) (param $from i32) (param $to i32)
      (param $frame f64) (param $step i32) (param $state i32) (param $out i32) (result i32)
    (local $end i32) (local $first i32) (local $base f64) (local $ended i32) (local $k i32)
    (local.set $base (f64.sub (local.get $frame) (f64.convert_i32_s (local.get $from))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $from) (local.get $to)))
        (local.set $end (i32.add (local.get $from) (i32.sub (local.get $step) (i32.trunc_f64_s (f64.load (local.get $state))))))
        (if (i32.gt_s (local.get $end) (local.get $to)) (then (local.set $end (local.get $to))))
        (local.set $first (i32.add (local.get $from)
          (i32.and (i32.sub (i32.const 0) (i32.wrap_i64 (i64.trunc_f64_s (f64.add (local.get $base) (f64.convert_i32_s (local.get $from)))))) (i32.const 3))))
        (if (i32.gt_s (local.get $first) (local.get $end)) (then (local.set $first (local.get $end))))
        ;; The frames before the first multiple of four, then whole groups from there.
        (if (i32.lt_s (local.get $from) (local.get $first))
          (then (call $frames (local.get $runs) (local.get $stride) (local.get $channels) (local.get $from) (local.get $first) (local.get $to) (local.get $base) (local.get $state))))
        (call $frames (local.get $runs) (local.get $stride) (local.get $channels) (local.get $first) (local.get $end) (local.get $to) (local.get $base) (local.get $state))
        ;; A mono run is both sides.
        (if (i32.eq (local.get $channels) (i32.const 1))
          (then (f64.store offset=64 (local.get $state) (f64.load offset=56 (local.get $state)))))
        (call $add (local.get $state) (f64.convert_i32_s (i32.sub (local.get $end) (local.get $from))))
        (if (i32.ge_s (i32.trunc_f64_s (f64.load (local.get $state))) (local.get $step))
          (then
            (local.set $k (i32.const 0))
            (loop $field
              (f64.store (i32.add (local.get $out) (local.get $k)) (f64.load (i32.add (local.get $state) (local.get $k))))
              (f64.store (i32.add (local.get $state) (local.get $k)) (f64.const 0))
              (local.set $k (i32.add (local.get $k) (i32.const 8)))
              (br_if $field (i32.lt_s (local.get $k) (i32.const 112))))
            (local.set $out (i32.add (local.get $out) (i32.const 112)))
            (local.set $ended (i32.add (local.get $ended) (i32.const 1)))))
        (local.set $from (local.get $end))
        (br $next)))
    (local.get $ended))
)
