//! Transcendental kernels (rcp, rsq, sqrt, log, exp, sin, cos and the IFLAG form): approximate
//! by specification, so their lanes carry an acceptance set (docs/design/0022).
//!
//! `d` is gpuref's choice: the exact value correctly rounded under the MODE (the float core's
//! `ops::transcendental`). A finite result that is not a special value of the manual's
//! examples or IEEE 754-2019 §9.2 is marked `Accept::Range` with the interval the manual's
//! accuracy statement allows (rule `gcn5.<op>.accuracy`); its flags are not settled.

use super::{Accept, LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{
    cos_rev, exp2, interval_hull, log2, reciprocal, rsqrt, sin_rev, sqrt_ulps, Transcendental, Ulps,
};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{
    is_signaling_nan_bits, Binary16, Binary32, Binary64, Denormals, Flagged, Flags, Format, FpMode,
};

const VOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions")];
const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0022-gcn5-transcendentals.md");
const CITE: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions"), NOTE];
const LEGACY_NOTE: SpecRef =
    SpecRef::new(Spec::Gpuref, "docs/design/0037-gcn5-sad-legacy-clrexcp.md");
/// The legacy rows: the Vega row, R700's LOG_CLAMPED and the note that weighs the readings.
const LEGACY: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP1 Instructions"),
    SpecRef::new(Spec::R700, "9.2 ALU Instructions"),
    LEGACY_NOTE,
];
const CITE_MODE: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP1 Instructions"),
    SpecRef::new(Spec::Vega, "Instructions"),
    NOTE,
];

use Status::{Contested, Inferred, Specified, Unspecified};

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.v_exp_f32.accuracy", status: Specified, cites: CITE,
        statement: "V_EXP_F32 is accurate to 1 ULP: a finite result may be either neighbour of the exact 2^x (the round-down or round-up value); the manual's examples exp(-inf) = 0, exp(-0) = 1, exp(+inf) = +inf are exact" },
    Rule { id: "gcn5.v_log_f32.accuracy", status: Specified, cites: CITE,
        statement: "V_LOG_F32 is accurate to 1 ULP: a finite result may be either neighbour of the exact log2(x); log(±0) = -inf, log(x < 0) = NaN, log(1) = 0, log(+inf) = +inf are exact" },
    Rule { id: "gcn5.v_exp_legacy_f32.accuracy", status: Inferred, cites: LEGACY,
        statement: "V_EXP_LEGACY_F32 (\"power with legacy semantics\", never defined) is V_EXP_F32 wherever every reading we can cite agrees (V_EXP_F32, DirectX 9's exp = pow(2, x), R700's EXP_IEEE): the 1 ULP interval of V_EXP_F32, exp(-inf) = +0, exp(±0) = 1, exp(+inf) = +inf, denormals as V_EXP_F32 (rule gcn5.valu.trans_f32_denorm)" },
    Rule { id: "gcn5.v_exp_legacy_f32.nan", status: Unspecified, cites: LEGACY,
        statement: "V_EXP_LEGACY_F32 of a NaN: no reading says which NaN; the lane accepts any NaN, flags open" },
    Rule { id: "gcn5.v_log_legacy_f32.accuracy", status: Inferred, cites: LEGACY,
        statement: "V_LOG_LEGACY_F32 of a positive finite or infinite source is V_LOG_F32's (1 ULP interval, log(1) = 0, log(+inf) = +inf, denormals as V_LOG_F32): every cited reading agrees there" },
    Rule { id: "gcn5.v_log_legacy_f32.zero", status: Contested, cites: LEGACY,
        statement: "V_LOG_LEGACY_F32 where the logarithm is -inf (a zero, or a denormal flushed): DirectX 9's log and R700's LOG_CLAMPED give -MAX_FLT (0xff7fffff), V_LOG_F32 gives -inf; gpuref writes -MAX_FLT (AMD's other legacy rows follow DX9 rules) and accepts both, flags open" },
    Rule { id: "gcn5.v_log_legacy_f32.negative", status: Contested, cites: LEGACY,
        statement: "V_LOG_LEGACY_F32 of a negative nonzero source: DirectX 9's log ignores the sign (log2|x|), V_LOG_F32 and R700 give NaN; gpuref writes log2|x| and, since no one acceptance set holds a NaN and an interval, accepts any value, flags open" },
    Rule { id: "gcn5.v_log_legacy_f32.nan", status: Unspecified, cites: LEGACY,
        statement: "V_LOG_LEGACY_F32 of a NaN: no reading says which NaN; the lane accepts any NaN, flags open" },
    Rule { id: "gcn5.v_rcp_f32.accuracy", status: Specified, cites: CITE,
        statement: "V_RCP_F32 (and V_RCP_IFLAG_F32) is accurate to 1 ULP: either neighbour of the exact 1/x; rcp(±0) = ±inf, rcp(±inf) = ±0 are exact" },
    Rule { id: "gcn5.v_rsq_f32.accuracy", status: Specified, cites: CITE,
        statement: "V_RSQ_F32 is accurate to 1 ULP: either neighbour of the exact 1/sqrt(x); rsq(±0) = ±inf, rsq(x < 0) = NaN, rsq(+inf) = +0 are exact" },
    Rule { id: "gcn5.v_sqrt_f32.accuracy", status: Specified, cites: CITE,
        statement: "V_SQRT_F32 is accurate to 1 ULP: either neighbour of the exact sqrt(x); sqrt(±0) = ±0, sqrt(x < 0) = NaN, sqrt(+inf) = +inf are exact" },
    Rule { id: "gcn5.valu.trans_f16.accuracy", status: Specified, cites: CITE,
        statement: "V_RCP/SQRT/RSQ/LOG/EXP_F16 are accurate to 0.51 ULP: the nearest value, the other neighbour only when the exact value is within 0.01 ULP of their midpoint, and the MODE's own rounding" },
    Rule { id: "gcn5.valu.trans_f64.accuracy", status: Specified, cites: CITE,
        statement: "V_RCP_F64, V_RSQ_F64 and V_SQRT_F64 are accurate to 2^29 ULP: any value from 2^29 - 1 steps below the round-down of the exact value to 2^29 - 1 steps above its round-up; denormals are supported (MODE applies)" },
    Rule { id: "gcn5.valu.trans_f32_denorm", status: Contested, cites: CITE_MODE,
        statement: "V_EXP/LOG/RCP/RSQ/SQRT_F32 say \"denormals are flushed\"; whether that holds whatever FP_DENORM says (the instruction text overrides the mode, as the manual's rounding-and-denormal note allows) or follows the mode's output setting (LLVM #203566) is contested (D8): gpuref flushes input and output, and where MODE keeps denormals and the two readings differ the lane accepts the hull of both" },
    Rule { id: "gcn5.v_rcp_iflag_f32.flags", status: Specified, cites: CITE,
        statement: "V_RCP_IFLAG_F32 is V_RCP_F32 that raises no floating-point exception; its integer DIV_BY_ZERO (for a zero input) has no float flag and is not modelled" },
    Rule { id: "gcn5.v_sin_f32.accuracy", status: Unspecified, cites: CITE,
        statement: "V_SIN/COS_F32 and _F16 state no accuracy; gpuref accepts both neighbours of the exact sin(2πx) or cos(2πx) until a measurement settles the bound" },
    Rule { id: "gcn5.v_sin_f32.range", status: Contested, cites: CITE,
        statement: "the Vega manual states no valid input range for V_SIN/V_COS; gem5 and CLRX read a range of [-256, 256] outside which the result is 0 (D18); gpuref returns the exact function everywhere and, for |x| > 256, also accepts 0 (the hull of both readings)" },
    Rule { id: "gcn5.v_sin_f32.zero_sign", status: Inferred, cites: CITE,
        statement: "V_SIN_F32(-MaxFloat) = +0 in the manual, where IEEE sinPi gives -0: gpuref returns +0 for every nonzero input whose sine is an exact zero (the angle reduced to [0, 1) first) and accepts either zero; sin(-0) = -0 stays exact" },
];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_EXP_F32",       v_exp_f32,       Specified,   VOP1),
    k("V_LOG_F32",       v_log_f32,       Specified,   VOP1),
    k("V_RCP_F32",       v_rcp_f32,       Specified,   VOP1),
    k("V_RCP_IFLAG_F32", v_rcp_iflag_f32, Specified,   VOP1),
    k("V_RSQ_F32",       v_rsq_f32,       Specified,   VOP1),
    k("V_SQRT_F32",      v_sqrt_f32,      Specified,   VOP1),
    k("V_RCP_F64",       v_rcp_f64,       Specified,   VOP1),
    k("V_RSQ_F64",       v_rsq_f64,       Specified,   VOP1),
    k("V_SQRT_F64",      v_sqrt_f64,      Specified,   VOP1),
    k("V_SIN_F32",       v_sin_f32,       Unspecified, VOP1),
    k("V_COS_F32",       v_cos_f32,       Unspecified, VOP1),
    k("V_RCP_F16",       v_rcp_f16,       Specified,   VOP1),
    k("V_SQRT_F16",      v_sqrt_f16,      Specified,   VOP1),
    k("V_RSQ_F16",       v_rsq_f16,       Specified,   VOP1),
    k("V_LOG_F16",       v_log_f16,       Specified,   VOP1),
    k("V_EXP_F16",       v_exp_f16,       Specified,   VOP1),
    k("V_SIN_F16",       v_sin_f16,       Unspecified, VOP1),
    k("V_COS_F16",       v_cos_f16,       Unspecified, VOP1),
    k("V_EXP_LEGACY_F32", legacy::v_exp_legacy_f32, Inferred,  LEGACY),
    k("V_LOG_LEGACY_F32", legacy::v_log_legacy_f32, Contested, LEGACY),
];

/// A float-core transcendental: operand bits, mode, accuracy in ulps.
type Op<F> = fn(<F as Format>::Bits, &FpMode, Ulps) -> Transcendental<<F as Format>::Bits>;

/// The 2^29 ULP of the double-precision rows.
const F64_ULPS: Ulps = Ulps::whole(1 << 29);
/// The 0.51 ULP of the half-precision rows.
const F16_ULPS: Ulps = Ulps(51);

/// A transcendental's lane: exact for a special value and for an exactly representable
/// result the accuracy allows no neighbour of (the manual's examples rcp(-2) = -0.5,
/// log(1) = 0, ...), else the accuracy interval.
fn lane<F: Format>(t: Transcendental<F::Bits>, rule: &'static str) -> LaneOut {
    let out = LaneOut::float(t.result.map(Into::into));
    if t.special || (t.lo == t.hi && t.lo == t.result.value) {
        out
    } else {
        let (lo, hi) = (t.lo.into(), t.hi.into());
        out.unsettled(Accept::Range { lo, hi }, rule, false)
    }
}

fn bits<F: Format>(v: u64) -> F::Bits {
    F::bits_from_u64(v & (F::SIGN_MASK | F::ABS_MASK))
}

/// MODE.IEEE = 0 with a signalling NaN operand: any NaN (rule `gcn5.valu.ieee0_snan`).
fn snan_ieee0<F: Format>(x: &LaneIn, c: &LaneCtx, out: LaneOut) -> LaneOut {
    if !c.mode.ieee() && is_signaling_nan_bits::<F>(bits::<F>(x.s0)) {
        out.unsettled(Accept::AnyNan, "gcn5.valu.ieee0_snan", false)
    } else {
        out
    }
}

/// The single-precision rows the manual says flush denormals (rule
/// `gcn5.valu.trans_f32_denorm`): computed with input and output flushing; where MODE keeps
/// denormals and that reading differs, the lane accepts the hull of both.
fn flushed_f32(x: &LaneIn, c: &LaneCtx, op: Op<Binary32>, rule: &'static str) -> LaneOut {
    snan_ieee0::<Binary32>(x, c, flushed_f32_raw(x, c, op, rule))
}
fn flushed_f32_raw(x: &LaneIn, c: &LaneCtx, op: Op<Binary32>, rule: &'static str) -> LaneOut {
    let mode = c.fp(Width::Single);
    let mut ftz = mode;
    ftz.denormals.single = Denormals::FLUSH;
    let s0 = bits::<Binary32>(x.s0);
    let a = op(s0, &ftz, Ulps::ONE);
    let b = op(s0, &mode, Ulps::ONE);
    if a == b {
        return lane::<Binary32>(a, rule);
    }
    let (lo, hi) =
        interval_hull::<Binary32>((a.lo.into(), a.hi.into()), (b.lo.into(), b.hi.into()));
    LaneOut::float(a.result.map(u64::from)).unsettled(
        Accept::Range { lo, hi },
        "gcn5.valu.trans_f32_denorm",
        false,
    )
}

/// A row that follows the MODE's denormal setting for its width.
fn moded<F: Format>(
    x: &LaneIn,
    c: &LaneCtx,
    w: Width,
    op: Op<F>,
    ulps: Ulps,
    rule: &'static str,
) -> LaneOut {
    snan_ieee0::<F>(x, c, lane::<F>(op(bits::<F>(x.s0), &c.fp(w), ulps), rule))
}

/// An f16 row: MODE's half-precision denormal setting, 0.51 ULP, and FP16_OVFL (rule
/// `gcn5.valu.fp16_ovfl`: an overflowed result becomes ±MAX_FP16, the interval's infinite
/// end too).
fn half(x: &LaneIn, c: &LaneCtx, op: Op<Binary16>) -> LaneOut {
    snan_ieee0::<Binary16>(x, c, half_raw(x, c, op))
}
fn half_raw(x: &LaneIn, c: &LaneCtx, op: Op<Binary16>) -> LaneOut {
    let mut t = op(bits::<Binary16>(x.s0), &c.fp(Width::Half), F16_ULPS);
    if c.mode.fp16_ovfl() && t.result.flags.contains(Flags::OVERFLOW) {
        let sat = |v: u16| {
            if v & 0x7fff == 0x7c00 {
                (v & 0x8000) | 0x7bff
            } else {
                v
            }
        };
        t.result.value = sat(t.result.value);
        t.lo = sat(t.lo);
        t.hi = sat(t.hi);
    }
    lane::<Binary16>(t, "gcn5.valu.trans_f16.accuracy")
}

/// V_SIN/V_COS (rules `gcn5.v_sin_f32.*`): the exact function of the angle in revolutions,
/// +0 for an exact zero of a nonzero input, and 0 also accepted beyond |x| = 256.
fn trig<F: Format>(x: &LaneIn, c: &LaneCtx, w: Width, op: Op<F>, sin: bool) -> LaneOut {
    snan_ieee0::<F>(x, c, trig_raw::<F>(x, c, w, op, sin))
}
fn trig_raw<F: Format>(x: &LaneIn, c: &LaneCtx, w: Width, op: Op<F>, sin: bool) -> LaneOut {
    let s0 = bits::<F>(x.s0);
    let v: u64 = s0.into();
    let t = op(s0, &c.fp(w), Ulps::ONE);
    let r: u64 = t.result.value.into();
    let abs = v & F::ABS_MASK;
    // 256 = 2^8: exponent field BIAS + 8, fraction 0.
    let range = (F::BIAS as u64 + 8) << F::FRAC_BITS;
    if t.special && abs != 0 {
        return lane::<F>(t, "gcn5.v_sin_f32.accuracy"); // NaN and infinities
    }
    if sin && r & F::ABS_MASK == 0 && abs != 0 {
        let out = LaneOut::float(Flagged::new(0u64, t.result.flags));
        return out.unsettled(
            Accept::Range {
                lo: F::SIGN_MASK,
                hi: 0,
            },
            "gcn5.v_sin_f32.zero_sign",
            false,
        );
    }
    // Beyond 256 a result the exact function does not settle also accepts 0; exact results
    // (quarter turns, like the manual's ±MaxFloat examples) stay exact.
    if abs > range && abs < F::INFINITY && t.lo != t.hi {
        let (lo, hi) = interval_hull::<F>((t.lo.into(), t.hi.into()), (0, 0));
        let out = LaneOut::float(t.result.map(Into::into));
        return out.unsettled(Accept::Range { lo, hi }, "gcn5.v_sin_f32.range", false);
    }
    lane::<F>(t, "gcn5.v_sin_f32.accuracy")
}

/// `D.f = pow(2.0, S0.f)`.
fn v_exp_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    flushed_f32(x, c, exp2::<Binary32, AmdGcn5>, "gcn5.v_exp_f32.accuracy")
}
/// `D.f = log2(S0.f)`.
fn v_log_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    flushed_f32(x, c, log2::<Binary32, AmdGcn5>, "gcn5.v_log_f32.accuracy")
}
/// `D.f = 1.0 / S0.f`.
fn v_rcp_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    flushed_f32(
        x,
        c,
        reciprocal::<Binary32, AmdGcn5>,
        "gcn5.v_rcp_f32.accuracy",
    )
}
/// `D.f = 1.0 / S0.f`: "can raise integer DIV_BY_ZERO exception but cannot raise
/// floating-point exceptions" (rule `gcn5.v_rcp_iflag_f32.flags`).
fn v_rcp_iflag_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let mut out = v_rcp_f32(x, c);
    out.flags = Flags::NONE;
    out
}
/// `D.f = 1.0 / sqrt(S0.f)`.
fn v_rsq_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    flushed_f32(x, c, rsqrt::<Binary32, AmdGcn5>, "gcn5.v_rsq_f32.accuracy")
}
/// `D.f = sqrt(S0.f)`.
fn v_sqrt_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    flushed_f32(
        x,
        c,
        sqrt_ulps::<Binary32, AmdGcn5>,
        "gcn5.v_sqrt_f32.accuracy",
    )
}
/// `D.d = 1.0 / S0.d`.
fn v_rcp_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    moded::<Binary64>(
        x,
        c,
        Width::Double,
        reciprocal::<Binary64, AmdGcn5>,
        F64_ULPS,
        "gcn5.valu.trans_f64.accuracy",
    )
}
/// `D.f16 = 1.0 / sqrt(S0.f16)` as printed (the row is the double-precision one:
/// `D.d = 1.0 / sqrt(S0.d)`).
fn v_rsq_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    moded::<Binary64>(
        x,
        c,
        Width::Double,
        rsqrt::<Binary64, AmdGcn5>,
        F64_ULPS,
        "gcn5.valu.trans_f64.accuracy",
    )
}
/// `D.d = sqrt(S0.d)`.
fn v_sqrt_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    moded::<Binary64>(
        x,
        c,
        Width::Double,
        sqrt_ulps::<Binary64, AmdGcn5>,
        F64_ULPS,
        "gcn5.valu.trans_f64.accuracy",
    )
}
/// `D.f = sin(S0.f * 2 * PI)`.
fn v_sin_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    trig::<Binary32>(x, c, Width::Single, sin_rev::<Binary32, AmdGcn5>, true)
}
/// `D.f = cos(S0.f * 2 * PI)`.
fn v_cos_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    trig::<Binary32>(x, c, Width::Single, cos_rev::<Binary32, AmdGcn5>, false)
}
/// `D.f16 = 1.0 / S0.f16`.
fn v_rcp_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    half(x, c, reciprocal::<Binary16, AmdGcn5>)
}
/// `D.f16 = sqrt(S0.f16)`.
fn v_sqrt_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    half(x, c, sqrt_ulps::<Binary16, AmdGcn5>)
}
/// `D.f16 = 1.0 / sqrt(S0.f16)`.
fn v_rsq_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    half(x, c, rsqrt::<Binary16, AmdGcn5>)
}
/// `D.f16 = log2(S0.f)`.
fn v_log_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    half(x, c, log2::<Binary16, AmdGcn5>)
}
/// `D.f16 = pow(2.0, S0.f16)`.
fn v_exp_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    half(x, c, exp2::<Binary16, AmdGcn5>)
}
/// `D.f16 = sin(S0.f16 * 2 * PI)`.
fn v_sin_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    trig::<Binary16>(x, c, Width::Half, sin_rev::<Binary16, AmdGcn5>, true)
}
/// `D.f16 = cos(S0.f16 * 2 * PI)`.
fn v_cos_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    trig::<Binary16>(x, c, Width::Half, cos_rev::<Binary16, AmdGcn5>, false)
}

mod legacy;

#[cfg(test)]
mod tests;
