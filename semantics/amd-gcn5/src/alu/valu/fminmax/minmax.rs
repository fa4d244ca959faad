//! V_MIN/V_MAX_F16/F32/F64, V_MIN3/V_MAX3/V_MED3_F16/F32 (Vega "VOP2 Instructions",
//! "VOP3A & VOP3B Instructions"). The manual's pseudocode is followed branch by branch;
//! the readings peers dispute (D3, D4) are run beside it and give the acceptance set.

use super::{ftz, is_nan, is_snan, settle, width_mask};
use crate::alu::mode::Width;
use crate::alu::valu::{LaneCtx, LaneIn, LaneOut};
use gpuref_float::ops::{max_num, min_num};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::FpMode;
use gpuref_float::{Binary16, Binary32, Binary64, DenormModes, Denormals, Flagged, Flags, Format};

const TWO_NANS: &str = "gcn5.v_minmax.two_nans";
const DENORM: &str = "gcn5.v_minmax.denorm";
const SNAN_FLAG: &str = "gcn5.v_minmax.snan_flag";
const MED3_ZERO: &str = "gcn5.v_med3.zero";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Denorm {
    /// Operands read under the mode's input flush, the result not output-flushed.
    Mode,
    /// Nothing flushed.
    Raw,
    /// Operands as `Mode`, and a subnormal result flushed when the mode flushes outputs.
    OutFlush,
}

/// One reading of the disputed points.
#[derive(Clone, Copy)]
struct Reading {
    /// Two NaN operands: the first (S0), not the manual's S1 (rule `gcn5.v_minmax.two_nans`).
    first_nan: bool,
    denorm: Denorm,
    /// MED3's `MAX3(..) == S0` asks which operand MAX3 picked, not numeric equality.
    by_operand: bool,
}

const fn r(first_nan: bool, denorm: Denorm, by_operand: bool) -> Reading {
    Reading {
        first_nan,
        denorm,
        by_operand,
    }
}

/// The manual's reading.
const MANUAL: Reading = r(false, Denorm::Mode, false);

/// The other readings, each with the rule of the first point in which it differs.
#[rustfmt::skip]
const ALTS: [(Reading, &str); 11] = [
    (r(true,  Denorm::Mode,     false), TWO_NANS),
    (r(false, Denorm::Raw,      false), DENORM),
    (r(false, Denorm::OutFlush, false), DENORM),
    (r(false, Denorm::Mode,     true),  MED3_ZERO),
    (r(true,  Denorm::Raw,      false), TWO_NANS),
    (r(true,  Denorm::OutFlush, false), TWO_NANS),
    (r(true,  Denorm::Mode,     true),  TWO_NANS),
    (r(false, Denorm::Raw,      true),  DENORM),
    (r(false, Denorm::OutFlush, true),  DENORM),
    (r(true,  Denorm::Raw,      true),  TWO_NANS),
    (r(true,  Denorm::OutFlush, true),  TWO_NANS),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Min,
    Max,
    Min3,
    Max3,
    Med3,
}

impl Op {
    fn arity(self) -> usize {
        match self {
            Op::Min | Op::Max => 2,
            _ => 3,
        }
    }
}

/// The smaller or larger of two non-NaN operands read under `m`, −0 < +0 (the
/// pseudocode's zero branches, then `<`, `>=` or `>`: after the zero branches and input
/// flushing, equal operands have equal bits, so the three comparisons agree).
fn pick<F: Format>(a: u64, b: u64, max: bool, m: &FpMode) -> Flagged<u64> {
    let (a, b) = (F::bits_from_u64(a), F::bits_from_u64(b));
    let r = if max {
        max_num::<F, AmdGcn5>(a, b, m)
    } else {
        min_num::<F, AmdGcn5>(a, b, m)
    };
    r.map(Into::into)
}

/// `V_MIN`/`V_MAX` of one width under reading `first_nan` (the NaN branches of the
/// pseudocode; rule `gcn5.v_minmax.nan`).
fn min_max<F: Format>(
    a: u64,
    b: u64,
    max: bool,
    ieee: bool,
    m: &FpMode,
    first_nan: bool,
) -> Flagged<u64> {
    let (na, nb) = (is_nan::<F>(a), is_nan::<F>(b));
    if !na && !nb {
        return pick::<F>(a, b, max, m);
    }
    let invalid = Flags::when(ieee && (is_snan::<F>(a) || is_snan::<F>(b)), Flags::INVALID);
    let d = if ieee && is_snan::<F>(a) {
        a | F::QUIET_BIT
    } else if ieee && is_snan::<F>(b) {
        if first_nan && na {
            a
        } else {
            b | F::QUIET_BIT
        }
    } else if na && nb {
        if first_nan {
            a
        } else {
            b
        }
    } else if na {
        return pick::<F>(b, b, max, m);
    } else {
        return pick::<F>(a, a, max, m);
    };
    Flagged::new(d, invalid)
}

/// One operation under one reading.
fn eval<F: Format>(op: Op, s: [u64; 3], ieee: bool, mode: &FpMode, rd: Reading) -> Flagged<u64> {
    let m = match rd.denorm {
        Denorm::Raw => mode.with_denormals(DenormModes::all(Denormals::KEEP)),
        _ => *mode,
    };
    let mm = |a: u64, b: u64, max: bool| min_max::<F>(a, b, max, ieee, &m, rd.first_nan);
    let two = |a: u64, b: u64, c: u64, max: bool| {
        let x = mm(a, b, max);
        mm(x.value, c, max).with_flags(x.flags)
    };
    let r = match op {
        Op::Min => mm(s[0], s[1], false),
        Op::Max => mm(s[0], s[1], true),
        Op::Min3 => two(s[0], s[1], s[2], false),
        Op::Max3 => two(s[0], s[1], s[2], true),
        Op::Med3 if s.iter().any(|&v| is_nan::<F>(v)) => two(s[0], s[1], s[2], false),
        Op::Med3 => {
            // Operands as read under the mode (max of an operand with itself).
            let mut flags = Flags::NONE;
            let mut t = s;
            for v in &mut t {
                let x = mm(*v, *v, true);
                flags = flags.union(x.flags);
                *v = x.value;
            }
            let top = two(t[0], t[1], t[2], true).value;
            let is_top = |v: u64| top == v || (!rd.by_operand && (top | v) & F::ABS_MASK == 0);
            let (p, q) = if is_top(t[0]) {
                (t[1], t[2])
            } else if is_top(t[1]) {
                (t[0], t[2])
            } else {
                (t[0], t[1])
            };
            mm(p, q, true).with_flags(flags)
        }
    };
    if rd.denorm == Denorm::OutFlush && mode.denormals_for::<F>().flush_outputs {
        r.map(ftz::<F>)
    } else {
        r
    }
}

/// One lane of `op`: the manual's reading in `d`, the other readings' results as the
/// acceptance set.
fn lane<F: Format>(op: Op, x: &LaneIn, c: &LaneCtx, w: Width) -> LaneOut {
    let s = [x.s0, x.s1, x.s2].map(|v| v & width_mask::<F>());
    let ieee = c.mode.ieee();
    let mode = c.fp(w);
    let main = eval::<F>(op, s, ieee, &mode, MANUAL);
    let alts = ALTS.map(|(rd, rule)| (eval::<F>(op, s, ieee, &mode, rd).value, rule));
    let ieee0_snan = !ieee && s.iter().take(op.arity()).any(|&v| is_snan::<F>(v));
    let denorm_agrees = ALTS
        .iter()
        .zip(alts.iter())
        .filter(|((rd, _), _)| !rd.first_nan && !rd.by_operand && rd.denorm != Denorm::Mode)
        .all(|(_, (v, _))| *v == main.value);
    let flag_rule = if ieee0_snan { SNAN_FLAG } else { DENORM };
    settle::<F>(
        LaneOut::float(main),
        &alts,
        !ieee0_snan && denorm_agrees,
        flag_rule,
    )
}

/// `if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); else if (IEEE_MODE && S1.f == sNaN) D.f = Quiet(S1.f); else if (S0.f == NaN) D.f = S1.f; else if (S1.f == NaN) D.f = S0.f; else if (S0.f == +0.0 && S1.f == -0.0) D.f = S1.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S0.f; else D.f = (S0.f < S1.f ? S0.f : S1.f)`.
pub(super) fn v_min_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary32>(Op::Min, x, c, Width::Single)
}
/// `... else if (S0.f == +0.0 && S1.f == -0.0) D.f = S0.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S1.f; else if (IEEE_MODE) D.f = (S0.f >= S1.f ? S0.f : S1.f); else D.f = (S0.f > S1.f ? S0.f : S1.f)` (NaN branches as V_MIN_F32).
pub(super) fn v_max_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary32>(Op::Max, x, c, Width::Single)
}
/// As V_MIN_F32 on `S0.f16`, `S1.f16`: `... D.f16 = (S0.f16 < S1.f16 ? S0.f16 : S1.f16)`.
pub(super) fn v_min_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary16>(Op::Min, x, c, Width::Half)
}
/// As V_MAX_F32 on `S0.f16`, `S1.f16`: `... else if (IEEE_MODE) D.f16 = (S0.f16 >= S1.f16 ? S0.f16 : S1.f16)`.
pub(super) fn v_max_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary16>(Op::Max, x, c, Width::Half)
}
/// As V_MIN_F32 on `S0.d`, `S1.d`: `... D.d = (S0.d < S1.d ? S0.d : S1.d)`.
pub(super) fn v_min_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary64>(Op::Min, x, c, Width::Double)
}
/// As V_MAX_F32 on `S0.d`, `S1.d`: `... else if (IEEE_MODE) D.d = (S0.d >= S1.d ? S0.d : S1.d)`.
pub(super) fn v_max_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary64>(Op::Max, x, c, Width::Double)
}
/// `D.f = V_MIN_F32(V_MIN_F32(S0.f, S1.f), S2.f)`.
pub(super) fn v_min3_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary32>(Op::Min3, x, c, Width::Single)
}
/// `D.f = V_MAX_F32(V_MAX_F32(S0.f, S1.f), S2.f)`.
pub(super) fn v_max3_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary32>(Op::Max3, x, c, Width::Single)
}
/// `if (isNan(S0.f) || isNan(S1.f) || isNan(S2.f)) D.f = V_MIN3_F32(S0.f, S1.f, S2.f); else if (V_MAX3_F32(S0.f, S1.f, S2.f) == S0.f) D.f = V_MAX_F32(S1.f, S2.f); else if (V_MAX3_F32(S0.f, S1.f, S2.f) == S1.f) D.f = V_MAX_F32(S0.f, S2.f); else D.f = V_MAX_F32(S0.f, S1.f)`.
pub(super) fn v_med3_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary32>(Op::Med3, x, c, Width::Single)
}
/// `D.f16 = V_MIN_F16(V_MIN_F16(S0.f16, S1.f16), S2.f16)`.
pub(super) fn v_min3_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary16>(Op::Min3, x, c, Width::Half)
}
/// `D.f16 = V_MAX_F16(V_MAX_F16(S0.f16, S1.f16), S2.f16)`.
pub(super) fn v_max3_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary16>(Op::Max3, x, c, Width::Half)
}
/// As V_MED3_F32 on f16 operands, built on V_MIN3_F16, V_MAX3_F16 and V_MAX_F16.
pub(super) fn v_med3_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    lane::<Binary16>(Op::Med3, x, c, Width::Half)
}
