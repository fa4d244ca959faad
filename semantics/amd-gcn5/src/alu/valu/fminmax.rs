//! Float min/max/med3, the legacy multiply and the MAD/MAC/FMA families (VOP2, VOP3A).
//! Decisions and the dispute dossier (D1, D3, D4): docs/design/0024-gcn5-fminmax-mad.md.
//!
//! Where peers disagree, a kernel runs under each reading ([`minmax`]'s `Reading`, [`mad`]'s
//! product flush) and the lane's acceptance set is the set of results ([`accept_of`]); `d`
//! is the manual's reading.

mod mad;
mod minmax;

use super::{Accept, LaneOut, VectorKernelRow};
use crate::alu::k;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::Format;
use Status::{Contested, Inferred, Specified, Unspecified};

const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0024-gcn5-fminmax-mad.md");
const VOP2: SpecRef = SpecRef::new(Spec::Vega, "VOP2 Instructions");
const VOP3: SpecRef = SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions");
const MODE: SpecRef = SpecRef::new(Spec::Vega, "Mode register");
const DENORM: SpecRef = SpecRef::new(Spec::Vega, "Denormalized and Rounding Modes");
const GFX908: SpecRef = SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx908");

const C_VOP2: &[SpecRef] = &[VOP2, MODE, NOTE];
const C_VOP3: &[SpecRef] = &[VOP3, MODE, NOTE];
const C_MAD2: &[SpecRef] = &[VOP2, VOP3, DENORM, NOTE];
const C_MAD3: &[SpecRef] = &[VOP3, DENORM, NOTE];
const C_FMAC: &[SpecRef] = &[GFX908, VOP3, NOTE];

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.v_minmax.nan", status: Specified, cites: &[VOP2, VOP3, MODE, NOTE],
        statement: "V_MIN/V_MAX_F16/F32/F64 (and MIN3/MAX3, MED3 built on them): with MODE.IEEE a signalling S0, else a signalling S1, is returned quieted (invalid raised); otherwise a NaN operand loses to the other operand, which is returned as it is (IEEE = 0 never quiets)" },
    Rule { id: "gcn5.v_minmax.two_nans", status: Contested, cites: &[VOP2, VOP3, NOTE],
        statement: "with two NaN operands the manual returns S1 (quieted if IEEE and signalling) unless IEEE and S0 is signalling; a gfx1201 measurement (rocjitsu) returns the first NaN in source order: lanes with two NaNs and no IEEE-signalling S0 accept any NaN" },
    Rule { id: "gcn5.v_minmax.zero", status: Specified, cites: &[VOP2, VOP3],
        statement: "min(+0, -0) and min(-0, +0) are -0; max of them is +0, in either operand order" },
    Rule { id: "gcn5.v_minmax.denorm", status: Unspecified, cites: &[VOP2, DENORM, NOTE],
        statement: "whether min/max/med3 flush subnormal operands or results under FP_DENORM is not stated (only the F16 forms say they support denormals): operands are read under the mode's input flush and the result is not output-flushed; lanes where flushing nothing, or also flushing the result, changes it accept both" },
    Rule { id: "gcn5.v_minmax.snan_flag", status: Unspecified, cites: &[MODE, NOTE],
        statement: "with IEEE = 0 nothing says whether a signalling NaN operand of min/max raises invalid: we raise nothing and leave the flags unsettled" },
    Rule { id: "gcn5.v_med3.zero", status: Contested, cites: &[VOP3, NOTE],
        statement: "V_MED3's test MAX3(...) == S0 reads as numeric (+0 == -0, the pseudocode) or as which operand MAX3 picked (a gfx1201 measurement gives -0 for (-0, +0, -0)); we follow the pseudocode, and lanes where the two differ accept either zero" },
    Rule { id: "gcn5.v_mul_legacy_f32.zero", status: Inferred, cites: &[VOP2, VOP3, NOTE],
        statement: "DX9 rules: if either operand is ±0, or a subnormal the mode flushes, the product is +0 even with an infinite or NaN other operand (the manual's '0.0*x = 0.0', LLVM's folds and an ACO hardware test agree on +0); otherwise the IEEE product" },
    Rule { id: "gcn5.v_mul_legacy_f32.snan", status: Unspecified, cites: &[VOP2, NOTE],
        statement: "0 × signalling NaN gives +0 under DX9 rules; whether it raises invalid is not stated: we raise nothing and leave the flags unsettled" },
    Rule { id: "gcn5.v_mad_f32.fused", status: Inferred, cites: &[VOP3, NOTE],
        statement: "V_MAD_F32/F16 (and MAC, MADMK, MADAK, MAD_LEGACY) round the product and then the sum under the mode's rounding: the manual calls only FMA fused and gives MAD 1 ULP against FMA's 0.5; LLVM models MAD as two rounding steps" },
    Rule { id: "gcn5.v_mad_f32.denorm", status: Specified, cites: &[VOP3, DENORM],
        statement: "V_MAD_F32 and V_MAD_F16: 'denormals are flushed' whatever FP_DENORM says: subnormal operands read as zeros of their sign and tiny results become zeros of their sign" },
    Rule { id: "gcn5.v_mac_f32.denorm", status: Inferred, cites: &[VOP2, VOP3, NOTE],
        statement: "V_MAC, V_MADMK, V_MADAK (F32, F16) and V_MAD_LEGACY_F32/F16 say nothing of denormals; they are the MAD operation in other encodings (LLVM selects them only with denormals flushed), so they flush as V_MAD does" },
    Rule { id: "gcn5.v_mad_f32.product_flush", status: Unspecified, cites: &[VOP3, NOTE],
        statement: "whether MAD flushes a tiny rounded product before the add is not stated (LLVM's FMAD_FTZ discussion assumes it does): we flush it; lanes where keeping it changes the result accept both" },
    Rule { id: "gcn5.v_madmk.k", status: Specified, cites: &[VOP2],
        statement: "V_MADMK: D = S0 × K + S1; V_MADAK: D = S0 × S1 + K; K is the literal dword (its low 16 bits for F16), passed to the kernel as LaneIn.s2" },
    Rule { id: "gcn5.v_mac.addend", status: Specified, cites: &[VOP2],
        statement: "V_MAC_F32/F16 and V_FMAC_F32 add the destination's old value (LaneIn.d; its low 16 bits for F16)" },
    Rule { id: "gcn5.v_mad_legacy_f16.same_math", status: Inferred, cites: &[VOP3, NOTE],
        statement: "V_MAD_LEGACY_F16 and V_FMA_LEGACY_F16 compute what V_MAD_F16 and V_FMA_F16 compute (no DX9 rule is printed for them); the legacy forms differ in zeroing [31:16] of the destination when op_sel[3] is 0, which the executor does" },
    Rule { id: "gcn5.valu.f16_ovfl_mad", status: Inferred, cites: &[MODE, NOTE],
        statement: "FP16_OVFL applies to the final f16 result of MAD/MAC/FMA: an infinite result with the overflow flag becomes ±MAX_FP16 unless an operand is infinite ('preserving true INF values': an overflowed product plus an infinite addend of its sign stays infinite); an intermediate product that overflowed is not clamped first" },
];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_MUL_LEGACY_F32",  mad::v_mul_legacy_f32,  Inferred,  C_VOP2),
    k("V_MIN_F32",         minmax::v_min_f32,       Contested, C_VOP2),
    k("V_MAX_F32",         minmax::v_max_f32,       Contested, C_VOP2),
    k("V_MIN_F16",         minmax::v_min_f16,       Contested, C_VOP2),
    k("V_MAX_F16",         minmax::v_max_f16,       Contested, C_VOP2),
    k("V_MIN_F64",         minmax::v_min_f64,       Contested, C_VOP3),
    k("V_MAX_F64",         minmax::v_max_f64,       Contested, C_VOP3),
    k("V_MIN3_F32",        minmax::v_min3_f32,      Contested, C_VOP3),
    k("V_MAX3_F32",        minmax::v_max3_f32,      Contested, C_VOP3),
    k("V_MED3_F32",        minmax::v_med3_f32,      Contested, C_VOP3),
    k("V_MIN3_F16",        minmax::v_min3_f16,      Contested, C_VOP3),
    k("V_MAX3_F16",        minmax::v_max3_f16,      Contested, C_VOP3),
    k("V_MED3_F16",        minmax::v_med3_f16,      Contested, C_VOP3),
    k("V_MAC_F32",         mad::v_mac_f32,          Inferred,  C_MAD2),
    k("V_MADMK_F32",       mad::v_madmk_f32,        Inferred,  C_MAD2),
    k("V_MADAK_F32",       mad::v_madak_f32,        Inferred,  C_MAD2),
    k("V_MAC_F16",         mad::v_mac_f16,          Inferred,  C_MAD2),
    k("V_MADMK_F16",       mad::v_madmk_f16,        Inferred,  C_MAD2),
    k("V_MADAK_F16",       mad::v_madak_f16,        Inferred,  C_MAD2),
    k("V_FMAC_F32",        mad::v_fmac_f32,         Inferred,  C_FMAC),
    k("V_MAD_LEGACY_F32",  mad::v_mad_legacy_f32,   Inferred,  C_MAD3),
    k("V_MAD_F32",         mad::v_mad_f32,          Inferred,  C_MAD3),
    k("V_FMA_F32",         mad::v_fma_f32,          Specified, C_MAD3),
    k("V_FMA_F64",         mad::v_fma_f64,          Specified, C_MAD3),
    k("V_FMA_F16",         mad::v_fma_f16,          Specified, C_MAD3),
    k("V_MAD_F16",         mad::v_mad_f16,          Inferred,  C_MAD3),
    k("V_MAD_LEGACY_F16",  mad::v_mad_legacy_f16,   Inferred,  C_MAD3),
    k("V_FMA_LEGACY_F16",  mad::v_fma_legacy_f16,   Inferred,  C_MAD3),
];

/// The bits of a value of format `F`.
fn width_mask<F: Format>() -> u64 {
    F::SIGN_MASK | F::ABS_MASK
}
fn is_nan<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK > F::INFINITY
}
fn is_snan<F: Format>(x: u64) -> bool {
    is_nan::<F>(x) && x & F::QUIET_BIT == 0
}
fn is_subnormal<F: Format>(x: u64) -> bool {
    x & F::EXP_MASK == 0 && x & F::FRAC_MASK != 0
}
/// A subnormal flushed to the zero of its sign; other values unchanged.
fn ftz<F: Format>(x: u64) -> u64 {
    if is_subnormal::<F>(x) {
        x & F::SIGN_MASK
    } else {
        x
    }
}
/// A non-NaN value's position in the vector format's numeric order (-0 just before +0).
fn numeric_key<F: Format>(x: u64) -> i64 {
    // The vector format's total order: -0 sorts just before +0, so a range that spans
    // both zeros names them both.
    let mag = (x & F::ABS_MASK) as i64;
    if x & F::SIGN_MASK != 0 {
        -2 * mag - 1
    } else {
        2 * mag
    }
}

/// The acceptance set of a lane whose readings give `values` (`values[0]` is gpuref's):
/// `None` when they agree; any NaN when all are NaNs; either zero when all are zeros;
/// otherwise the numeric interval they span.
fn accept_of<F: Format>(values: &[u64]) -> Option<Accept> {
    let first = *values.first()?;
    if values.iter().all(|&v| v == first) {
        return None;
    }
    if values.iter().all(|&v| is_nan::<F>(v)) {
        return Some(Accept::AnyNan);
    }
    if values.iter().any(|&v| is_nan::<F>(v)) {
        return Some(Accept::Mask(0));
    }
    if values.iter().all(|&v| v & F::ABS_MASK == 0) {
        return Some(Accept::Mask(width_mask::<F>() & !F::SIGN_MASK));
    }
    let lo = values
        .iter()
        .copied()
        .min_by_key(|&v| numeric_key::<F>(v))?;
    let hi = values
        .iter()
        .copied()
        .max_by_key(|&v| numeric_key::<F>(v))?;
    Some(Accept::Range { lo, hi })
}

/// A lane whose result `out` (the manual's reading) is settled only as far as the
/// alternatives in `alts` (value and the rule that names the reading) agree with it;
/// `flags_settled` false leaves the flags open (by `flag_rule` when `d` is settled).
fn settle<F: Format>(
    out: LaneOut,
    alts: &[(u64, &'static str)],
    flags_settled: bool,
    flag_rule: &'static str,
) -> LaneOut {
    let d = out.d.unwrap_or(0);
    let mut values = [d; 16];
    let mut n = 1;
    let mut rule = None;
    for &(v, r) in alts {
        if n < values.len() {
            values[n] = v;
            n += 1;
        }
        if v != d && rule.is_none() {
            rule = Some(r);
        }
    }
    let rule = rule.unwrap_or(flag_rule);
    match accept_of::<F>(&values[..n]) {
        Some(a) => out.unsettled(a, rule, flags_settled),
        None if !flags_settled => out.unsettled(Accept::Mask(width_mask::<F>()), rule, false),
        None => out,
    }
}

#[cfg(test)]
mod tests;
