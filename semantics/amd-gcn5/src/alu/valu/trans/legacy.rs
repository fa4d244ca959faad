//! V_EXP_LEGACY_F32 and V_LOG_LEGACY_F32 (Vega "VOP1 Instructions", opcodes 75/76): "power"
//! and "base 2 logarithm with legacy semantics", never defined (docs/design/0037). AMD's
//! other LEGACY rows say "DX9 rules", so the readings are V_EXP_F32/V_LOG_F32's (IEEE), the
//! DirectX 9 `exp`/`log` instructions, and R700's LOG_CLAMPED (R700 manual, "ALU
//! Instructions": log(0) clamped to -MAX_FLOAT). Where they agree the lane is V_EXP_F32's
//! or V_LOG_F32's, with its 1 ULP interval; where they differ it accepts every reading
//! (or any value, where the set cannot be written as one interval).

use super::{flushed_f32, Accept, LaneCtx, LaneIn, LaneOut};
use gpuref_float::ops::{exp2, log2};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::Binary32;

/// -MAX_FLT and -inf, binary32.
const NEG_MAX: u64 = 0xff7f_ffff;
const NEG_INF: u64 = 0xff80_0000;

fn is_nan(v: u64) -> bool {
    v & 0x7fff_ffff > 0x7f80_0000
}

/// A NaN source: any NaN (neither DX9 nor the manual says which NaN the legacy rows give).
fn nan_source(x: &LaneIn, out: LaneOut, rule: &'static str) -> LaneOut {
    if is_nan(x.s0 & 0xffff_ffff) {
        out.unsettled(Accept::AnyNan, rule, false)
    } else {
        out
    }
}

/// `D.f = pow(2.0, S0.f)`. Every cited reading computes 2^x with V_EXP_F32's special values
/// (rule `gcn5.v_exp_legacy_f32.accuracy`); a NaN source gives any NaN (rule
/// `gcn5.v_exp_legacy_f32.nan`).
pub(super) fn v_exp_legacy_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let out = flushed_f32(
        x,
        c,
        exp2::<Binary32, AmdGcn5>,
        "gcn5.v_exp_legacy_f32.accuracy",
    );
    nan_source(x, out, "gcn5.v_exp_legacy_f32.nan")
}

/// `D.f = log2(S0.f)`. gpuref's choice is DX9's `log`: log2(|x|), and -MAX_FLT where the
/// logarithm is -inf (rules `gcn5.v_log_legacy_f32.*`).
pub(super) fn v_log_legacy_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let s0 = x.s0 & 0xffff_ffff;
    if is_nan(s0) {
        let out = flushed_f32(x, c, log2::<Binary32, AmdGcn5>, "gcn5.v_log_f32.accuracy");
        return nan_source(x, out, "gcn5.v_log_legacy_f32.nan");
    }
    let abs = LaneIn {
        s0: s0 & 0x7fff_ffff,
        ..*x
    };
    let mut out = flushed_f32(
        &abs,
        c,
        log2::<Binary32, AmdGcn5>,
        "gcn5.v_log_legacy_f32.accuracy",
    );
    // The clamp of -inf to -MAX_FLT (DX9 `log`, R700 LOG_CLAMPED); V_LOG_F32 keeps -inf.
    if out.d == Some(NEG_INF) {
        out.d = Some(NEG_MAX);
        if out.unsettled.is_none() {
            out = out.unsettled(
                Accept::Range {
                    lo: NEG_INF,
                    hi: NEG_MAX,
                },
                "gcn5.v_log_legacy_f32.zero",
                false,
            );
        }
    }
    // A negative source: NaN (V_LOG_F32, R700) or log2(|x|) (DX9, whose `log` ignores the
    // sign): no one interval holds both, so any value.
    if s0 & 0x8000_0000 != 0 && s0 & 0x7fff_ffff != 0 {
        out = out.unsettled(Accept::Mask(0), "gcn5.v_log_legacy_f32.negative", false);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alu::valu::testing::{call, srcs, KEEP};
    use gpuref_float::Flags;

    fn run(name: &str, s0: u64, mode: u32) -> LaneOut {
        call(name, srcs([s0, 0, 0]), mode, false)
    }
    const FLUSH: u32 = 0;

    fn open(o: &LaneOut) -> Option<(Accept, &'static str)> {
        o.unsettled.map(|u| (u.accept, u.rule))
    }

    #[test]
    fn exp_legacy_is_exp_where_every_reading_agrees() {
        // Worked by hand: 2^-1 = 0.5 (0x3f000000), 2^10 = 1024 (0x44800000), exp(-inf) = +0,
        // exp(-0) = 1.0, exp(+inf) = +inf: exact (DX9 pow(2, x) and V_EXP_F32 agree).
        for (s0, d) in [
            (0xbf80_0000, 0x3f00_0000),
            (0x4120_0000, 0x4480_0000),
            (0xff80_0000, 0),
            (0x8000_0000, 0x3f80_0000),
            (0x7f80_0000, 0x7f80_0000),
        ] {
            let o = run("V_EXP_LEGACY_F32", s0, KEEP);
            assert_eq!((o.d, o.unsettled), (Some(d), None), "{s0:#x}");
        }
        // 2^0.5 = 1.41421356: 0x3fb504f3 below, 0x3fb504f4 above (1 ULP interval).
        let o = run("V_EXP_LEGACY_F32", 0x3f00_0000, KEEP);
        assert_eq!(
            open(&o),
            Some((
                Accept::Range {
                    lo: 0x3fb5_04f3,
                    hi: 0x3fb5_04f4
                },
                "gcn5.v_exp_legacy_f32.accuracy"
            ))
        );
        // A NaN source: any NaN.
        let o = run("V_EXP_LEGACY_F32", 0x7fc0_0001, KEEP);
        assert_eq!(
            open(&o),
            Some((Accept::AnyNan, "gcn5.v_exp_legacy_f32.nan"))
        );
    }

    #[test]
    fn log_legacy_readings() {
        // Worked by hand: log2 8 = 3 (0x40400000) and log2 1 = +0 exact; log(+inf) = +inf.
        for (s0, d) in [
            (0x4100_0000, 0x4040_0000),
            (0x3f80_0000, 0),
            (0x7f80_0000, 0x7f80_0000),
        ] {
            let o = run("V_LOG_LEGACY_F32", s0, KEEP);
            assert_eq!((o.d, o.unsettled), (Some(d), None), "{s0:#x}");
        }
        // log(±0): DX9 and LOG_CLAMPED give -MAX_FLT (0xff7fffff), V_LOG_F32 -inf: both.
        for s0 in [0, 0x8000_0000] {
            let o = run("V_LOG_LEGACY_F32", s0, KEEP);
            assert_eq!(o.d, Some(NEG_MAX));
            assert_eq!(
                open(&o),
                Some((
                    Accept::Range {
                        lo: NEG_INF,
                        hi: NEG_MAX
                    },
                    "gcn5.v_log_legacy_f32.zero"
                ))
            );
            assert!(!o.unsettled.expect("open").flags_settled);
        }
        // A denormal flushed (MODE flushes): log(0) as above.
        let o = run("V_LOG_LEGACY_F32", 1, FLUSH);
        assert_eq!(o.d, Some(NEG_MAX));
        // log2(-8): DX9 |x| → 3 (gpuref's value); V_LOG_F32 NaN: any value accepted.
        let o = run("V_LOG_LEGACY_F32", 0xc100_0000, KEEP);
        assert_eq!(o.d, Some(0x4040_0000));
        assert_eq!(
            open(&o),
            Some((Accept::Mask(0), "gcn5.v_log_legacy_f32.negative"))
        );
        // NaN: any NaN; the flags of a quiet NaN are none.
        let o = run("V_LOG_LEGACY_F32", 0x7fc0_0000, KEEP);
        assert_eq!(
            open(&o),
            Some((Accept::AnyNan, "gcn5.v_log_legacy_f32.nan"))
        );
        assert_eq!(o.flags, Flags::NONE);
    }
}
