//! The float coverage models: IBM FPgen-style models of the exact result of a rounded
//! operation, and GPU models (flush boundaries, legacy zeros, float-to-int limits, 16-bit
//! overflow where the mode saturates it).
//!
//! The result models are stated on the exact result of the model's operation at the bit
//! level (exact.rs): its magnitude `cv_s` in a fixed-point frame of the result format F,
//! F's rounding unit at that magnitude `cv_u` (a power of two) and the bits below it
//! `cv_d`. Guard, round and sticky are then comparisons of `cv_d` with `cv_u / 2` and
//! `cv_u / 4`; thresholds are comparisons of `cv_s` with frame constants. Both are about
//! the magnitude: `near_tie_above` is guard 1 round 1 whatever the sign.

use super::exact::{self, bias, lit as flit, sk};
use super::{cov, Class, Coverage, Format, FpOp, OpKind};
use crate::Model;

use super::RunMode::{ClampKeepsNan, ClampNanToZero, OutputScaleApplies, OverflowSaturatesRtz};

#[rustfmt::skip]
pub const MODELS: &[Coverage] = &[
    cov("fpgen.exact",                  Class::Rounded, "a non-zero finite result exact in F (no rounding)"),
    cov("fpgen.tie",                    Class::Rounded, "the exact result is the midpoint of two neighbours in F (guard 1, round 0, sticky 0)"),
    cov("fpgen.near_tie_above",         Class::Rounded, "the exact result is the midpoint plus a quarter unit in the last place of F (guard 1, round 1, sticky 0)"),
    cov("fpgen.near_tie_below",         Class::Rounded, "the exact result is the midpoint minus a quarter unit in the last place of F (guard 0, round 1, sticky 0)"),
    cov("fpgen.sticky_only",            Class::Rounded, "the exact result lies strictly between dn and dn + ulp/4 (guard 0, round 0, sticky 1)"),
    cov("fpgen.guard_sticky",           Class::Rounded, "the exact result lies strictly between the midpoint and midpoint + ulp/4 (guard 1, round 0, sticky 1)"),
    cov("fpgen.cancel_massive",         Class::Sum,     "a non-zero exact result at most 2^-p times the addend's magnitude (p: F's precision): massive cancellation"),
    cov("fpgen.largest_finite",         Class::Rounded, "|exact result| = the largest finite value of F"),
    cov("fpgen.overflow_before_rounding", Class::Rounded, "MAX < |exact result| < MAX + ulp(MAX)/2: over the range before rounding, not after rounding to nearest"),
    cov("fpgen.overflow_after_rounding",  Class::Rounded, "|exact result| = MAX + ulp(MAX)/2: the tie that rounding to nearest takes to infinity"),
    cov("fpgen.underflow_before_rounding", Class::Rounded, "MIN_NORMAL - MIN_SUBNORMAL/2 <= |exact result| < MIN_NORMAL: tiny before rounding, normal after rounding to nearest"),
    cov("fpgen.min_normal",             Class::Rounded, "|exact result| = the smallest normal of F"),
    cov("fpgen.result_min_subnormal",   Class::Rounded, "0 < |exact result| <= 4 * MIN_SUBNORMAL (the smallest subnormal and a few ulp around it)"),
    cov("fpgen.result_max_subnormal",   Class::Rounded, "MAX_SUBNORMAL - 3 * MIN_SUBNORMAL <= |exact result| <= MAX_SUBNORMAL (the largest subnormal and a few ulp below it)"),
    cov("gpu.flush_boundary_result",    Class::Rounded, "|exact result| = the largest subnormal of F (kept or flushed by FP_DENORM)"),
    cov("gpu.flush_boundary_operand",   Class::Operand, "the first operand's magnitude is the largest subnormal or the smallest normal of its format"),
    cov("fpgen.operand_min_subnormal",  Class::Operand, "the first operand's magnitude is one of the four smallest subnormals"),
    cov("gpu.legacy_zero",              Class::Legacy,  "one factor is +-0 and the other +-infinity or a NaN (DX9's 0 * x = 0)"),
    cov("gpu.cvt_upper_below",          Class::ToInt,   "the operand is the largest float below 2^(N-1) (signed) or 2^N (unsigned): just inside the integer range"),
    cov("gpu.cvt_upper_at",             Class::ToInt,   "the operand is 2^(N-1) (signed) or 2^N (unsigned): the first value past the integer range"),
    cov("gpu.cvt_upper_above",          Class::ToInt,   "the operand is the smallest float above 2^(N-1) (signed) or 2^N (unsigned)"),
    cov("gpu.cvt_lower_at",             Class::ToInt,   "the operand is -2^(N-1) (signed: the lowest integer) or the float just above -1.0 (unsigned: truncates to 0)"),
    cov("gpu.cvt_lower_beyond",         Class::ToInt,   "the operand is the float just below -2^(N-1) (signed) or -1.0 (unsigned): just outside the integer range"),
    cov("gpu.pk_tie_lo",                Class::Packed,  "a packed 16-bit row's low half: its exact result is a tie (as fpgen.tie)"),
    cov("gpu.pk_tie_hi",                Class::Packed,  "a packed 16-bit row's high half: its exact result is a tie (as fpgen.tie)"),
    Coverage { name: "gpu.pk_f16_overflow_lo", class: Class::Packed, what: "a packed 16-bit row's low half: |exact result| >= 2^16 (as gpu.f16_overflow), run where 16-bit overflow saturates, rounding toward zero", modes: &[OverflowSaturatesRtz], mods: "" },
    Coverage { name: "gpu.pk_f16_overflow_hi", class: Class::Packed, what: "a packed 16-bit row's high half: |exact result| >= 2^16 (as gpu.f16_overflow), run where 16-bit overflow saturates, rounding toward zero", modes: &[OverflowSaturatesRtz], mods: "" },
    Coverage { name: "gpu.f16_overflow", class: Class::Half, what: "a 16-bit result with |exact result| >= 2^16 (past MAX + ulp/2 in every rounding mode), run where 16-bit overflow saturates, rounding toward zero", modes: &[OverflowSaturatesRtz], mods: "" },
    Coverage { name: "gpu.clamp_above_one", class: Class::Modifier, what: "1.0 < exact result < 2.0, run with CLAMP: the clamp's upper edge (1.0)", modes: &[ClampNanToZero], mods: "clamp" },
    Coverage { name: "gpu.clamp_below_zero", class: Class::Modifier, what: "-1.0 < exact result < 0, run with CLAMP: the clamp's lower edge (+0)", modes: &[ClampNanToZero], mods: "clamp" },
    Coverage { name: "gpu.clamp_nan", class: Class::Modifier, what: "the first operand is a NaN, run with CLAMP where the clamp turns a NaN into +0 and where it passes it", modes: &[ClampNanToZero, ClampKeepsNan], mods: "clamp" },
    Coverage { name: "gpu.omod_overflow", class: Class::Modifier, what: "2^EMAX <= |exact result| <= MAX, exact in F, no subnormal operand, run with OMOD x2 where OMOD applies: a finite result the multiply takes past MAX", modes: &[OutputScaleApplies], mods: "mul:2" },
    Coverage { name: "gpu.omod_mul4_overflow", class: Class::Modifier, what: "2^(EMAX-1) <= |exact result| < 2^EMAX, exact in F, no subnormal operand, run with OMOD x4 where OMOD applies: x4 overflows where x2 would not", modes: &[OutputScaleApplies], mods: "mul:4" },
    Coverage { name: "gpu.omod_to_subnormal", class: Class::Modifier, what: "MIN_NORMAL <= |exact result| < 2 MIN_NORMAL, exact in F, no subnormal operand, run with OMOD x0.5 where OMOD applies: a normal result the multiply takes below the smallest normal (flushed)", modes: &[OutputScaleApplies], mods: "div:2" },
];

fn model(name: &str) -> Coverage {
    *MODELS
        .iter()
        .find(|c| c.name == name)
        .expect("a float coverage model")
}

/// The condition of a result model: `body` over the exact result's rounding analysis in
/// F (`cv_et`, `cv_kept`, `cv_d`, `cv_nz`; exact.rs), the operation's operands finite and
/// the result not zero.
fn on_result(op: &FpOp, body: &str) -> String {
    let ex = exact::exact(op);
    exact::wrap(
        &ex.lets,
        &format!("(and {} cv_nz {body})", ex.need.join(" ")),
    )
}

/// The magnitude bits of an operand.
fn mag(f: Format, x: &str) -> String {
    format!("((_ extract {} 0) {x})", f.w() - 2)
}

fn lit(v: u64, w: u32) -> String {
    format!("(_ bv{v} {w})")
}

fn zext(t: &str, by: u32) -> String {
    format!("((_ zero_extend {by}) {t})")
}

/// The operand models of an operand `x` of format `i`: its magnitude at the flush
/// boundary or among the smallest subnormals.
pub fn operand_models(i: Format, x: &str) -> Vec<(Coverage, String)> {
    let a0 = mag(i, x);
    let iw = i.w() - 1;
    vec![
        (
            model("gpu.flush_boundary_operand"),
            format!(
                "(or (= {a0} {}) (= {a0} {}))",
                lit((1 << i.m) - 1, iw),
                lit(1 << i.m, iw)
            ),
        ),
        (
            model("fpgen.operand_min_subnormal"),
            format!(
                "(and (bvuge {a0} {}) (bvule {a0} {}))",
                lit(1, iw),
                lit(4, iw)
            ),
        ),
    ]
}

/// No operand of `op` is a subnormal (under a MODE that flushes input denormals the
/// operation would read zero instead).
fn no_subnormal_operands(op: &FpOp) -> String {
    let i = op.input;
    let n = match op.kind {
        OpKind::Add | OpKind::Sub | OpKind::Mul { .. } => 2,
        OpKind::MulAdd { .. } => 3,
        OpKind::Convert | OpKind::ToInt { .. } => 1,
    };
    let terms: Vec<String> = op.operands[..n]
        .iter()
        .map(|x| {
            format!(
                "(or (distinct ((_ extract {} {}) {x}) {}) (= ((_ extract {} 0) {x}) {}))",
                i.w() - 2,
                i.m,
                lit(0, i.e),
                i.m - 1,
                lit(0, i.m)
            )
        })
        .collect();
    format!("(and {})", terms.join(" "))
}

/// The packed 16-bit rows: each half's operation, as the model's inputs' halves.
fn packed(m: &Model) -> Vec<(Coverage, String)> {
    const LO: [&str; 3] = [
        "((_ extract 15 0) s0)",
        "((_ extract 15 0) s1)",
        "((_ extract 15 0) s2)",
    ];
    const HI: [&str; 3] = [
        "((_ extract 31 16) s0)",
        "((_ extract 31 16) s1)",
        "((_ extract 31 16) s2)",
    ];
    let Some(kind) = m.packed_op.clone() else {
        return Vec::new();
    };
    let n = if matches!(kind, OpKind::MulAdd { .. }) {
        3
    } else {
        2
    };
    let mut out = Vec::new();
    for (half, ops) in [("lo", LO), ("hi", HI)] {
        let op = FpOp {
            kind: kind.clone(),
            input: Format::H,
            output: Format::H,
            operands: ops[..n].to_vec(),
        };
        for (c, cond) in op_conditions(&op) {
            let name = match (c.name, half) {
                ("fpgen.tie", "lo") => "gpu.pk_tie_lo",
                ("fpgen.tie", _) => "gpu.pk_tie_hi",
                ("gpu.f16_overflow", "lo") => "gpu.pk_f16_overflow_lo",
                ("gpu.f16_overflow", _) => "gpu.pk_f16_overflow_hi",
                _ => continue,
            };
            out.push((model(name), cond));
        }
    }
    out
}

pub fn conditions(m: &Model) -> Vec<(Coverage, String)> {
    match &m.op {
        Some(op) => op_conditions(op),
        None => packed(m),
    }
}

/// The models of a float operation.
fn op_conditions(op: &FpOp) -> Vec<(Coverage, String)> {
    let mut out = Vec::new();
    let f = op.output;
    let p = f.m + 1;
    let ex = exact::exact(op);
    let dw = ex.dw;
    let d = |v: u64| exact::shifted(v, dw - 2, dw);
    let (zero, quarter, half, three) = (flit(0, dw), d(1), d(2), d(3));
    let kept = |v: u64| flit(v, p);
    let ones = kept((1 << p) - 1);
    let (emin, emax) = (sk(1 - bias(f)), sk(bias(f)));
    let at_max = format!("(= cv_et {emax}) (= cv_kept {ones})");
    // Inexact and below MAX (both neighbours finite): the top bit's exponent below F's
    // largest, or at it with a kept significand short of all ones.
    let inexact = format!(
        "(distinct cv_d {zero}) (or (bvslt cv_et {emax}) (and (= cv_et {emax}) (distinct cv_kept {ones})))"
    );
    let sub_top = kept((1 << f.m) - 1);
    // Add, subtract and multiply-add read their operands in F's format: only for I = F
    // (every such model today).
    let rounded = match op.kind {
        OpKind::ToInt { .. } => false,
        OpKind::Add | OpKind::Sub | OpKind::MulAdd { .. } => op.input == op.output,
        OpKind::Mul { .. } | OpKind::Convert => true,
    };
    let mut push = |name: &str, body: String| out.push((model(name), on_result(op, &body)));
    if rounded {
        push(
            "fpgen.exact",
            format!("(= cv_d {zero}) (bvsle cv_et {emax})"),
        );
        push("fpgen.tie", format!("{inexact} (= cv_d {half})"));
        push(
            "fpgen.near_tie_above",
            format!("{inexact} (= cv_d {three})"),
        );
        push(
            "fpgen.near_tie_below",
            format!("{inexact} (= cv_d {quarter})"),
        );
        push(
            "fpgen.sticky_only",
            format!("{inexact} (bvult cv_d {quarter})"),
        );
        push(
            "fpgen.guard_sticky",
            format!("{inexact} (bvugt cv_d {half}) (bvult cv_d {three})"),
        );
        if let (Some((cg, cw, ce)), wd) = (&ex.addend, ex.window) {
            // 0 < |x| <= 2^-p |addend|: by the exponents of the leading ones, then by the
            // significands aligned at the top (the window's sticky bit is below the
            // addend's last bit).
            let top = format!(
                "(bvshl {} {})",
                zext(cg, wd - cw),
                flit(u64::from(wd - cw), wd)
            );
            push(
                "fpgen.cancel_massive",
                format!(
                    "(distinct {cg} {}) (let ((ex (bvadd cv_re {}))) (or (bvslt ex {ce}) (and (= ex {ce}) (bvule cv_rg {top}))))",
                    flit(0, *cw),
                    sk(p.into())
                ),
            );
        }
        push("fpgen.largest_finite", format!("{at_max} (= cv_d {zero})"));
        push(
            "fpgen.overflow_before_rounding",
            format!("{at_max} (distinct cv_d {zero}) (bvult cv_d {half})"),
        );
        push(
            "fpgen.overflow_after_rounding",
            format!("{at_max} (= cv_d {half})"),
        );
        push(
            "fpgen.underflow_before_rounding",
            format!("(= cv_et {emin}) (= cv_kept {sub_top}) (bvuge cv_d {half})"),
        );
        push(
            "fpgen.min_normal",
            format!(
                "(= cv_et {emin}) (= cv_kept {}) (= cv_d {zero})",
                kept(1 << f.m)
            ),
        );
        push(
            "fpgen.result_min_subnormal",
            format!(
                "(= cv_et {emin}) (or (bvult cv_kept {four}) (and (= cv_kept {four}) (= cv_d {zero})))",
                four = kept(4)
            ),
        );
        push(
            "fpgen.result_max_subnormal",
            format!(
                "(= cv_et {emin}) (bvuge cv_kept {}) (or (bvult cv_kept {sub_top}) (and (= cv_kept {sub_top}) (= cv_d {zero})))",
                kept((1 << f.m) - 4)
            ),
        );
        push(
            "gpu.flush_boundary_result",
            format!("(= cv_et {emin}) (= cv_kept {sub_top}) (= cv_d {zero})"),
        );
        if f == Format::H {
            push("gpu.f16_overflow", format!("(bvsge cv_et {})", sk(16)));
        }
        // The modifier models (note 0041, "Modifier models"): the sign of the exact result
        // is the window's sign bit for a sum, the operands' for a product or conversion.
        let neg = match op.kind {
            OpKind::Add | OpKind::Sub | OpKind::MulAdd { .. } => {
                format!("(= ((_ extract {0} {0}) cv_r) #b1)", ex.window)
            }
            OpKind::Mul { .. } => "(xor cv_n0 cv_n1)".to_string(),
            _ => "cv_n0".to_string(),
        };
        let one = kept(1 << f.m);
        push(
            "gpu.clamp_above_one",
            format!(
                "(not {neg}) (= cv_et {}) (or (distinct cv_kept {one}) (distinct cv_d {zero}))",
                sk(0)
            ),
        );
        push(
            "gpu.clamp_below_zero",
            format!("{neg} (bvslt cv_et {})", sk(0)),
        );
        let normal_ops = no_subnormal_operands(op);
        push(
            "gpu.omod_overflow",
            format!("(= cv_et {emax}) (= cv_d {zero}) {normal_ops}"),
        );
        push(
            "gpu.omod_mul4_overflow",
            format!("(= cv_et {}) (= cv_d {zero}) {normal_ops}", sk(bias(f) - 1)),
        );
        push(
            "gpu.omod_to_subnormal",
            format!("(= cv_et {emin}) (bvuge cv_kept {one}) (= cv_d {zero}) {normal_ops}"),
        );
    }
    // Operand models: the first operand's bits.
    let i = op.input;
    let iw = i.w() - 1;
    out.extend(operand_models(i, op.operands[0]));
    if !matches!(op.kind, OpKind::ToInt { .. }) {
        let x = op.operands[0];
        out.push((
            model("gpu.clamp_nan"),
            format!(
                "(and (= ((_ extract {} {}) {x}) {}) (distinct ((_ extract {} 0) {x}) {}))",
                i.w() - 2,
                i.m,
                lit((1 << i.e) - 1, i.e),
                i.m - 1,
                lit(0, i.m)
            ),
        ));
    }
    if let OpKind::Mul { legacy: true } | OpKind::MulAdd { legacy: true, .. } = op.kind {
        let (a, b) = (op.operands[0], op.operands[1]);
        let zero = |x: &str| format!("(= {} {})", mag(i, x), lit(0, iw));
        let special = |x: &str| {
            format!(
                "(= ((_ extract {} {}) {x}) {})",
                i.w() - 2,
                i.m,
                lit((1 << i.e) - 1, i.e)
            )
        };
        out.push((
            model("gpu.legacy_zero"),
            format!(
                "(or (and {} {}) (and {} {}))",
                zero(a),
                special(b),
                zero(b),
                special(a)
            ),
        ));
    }
    if let OpKind::ToInt { signed, width } = op.kind {
        // 2^k as bits of the operand format, if it is finite there.
        let pow = |k: u32| -> Option<u64> {
            let e = i64::from(k) + bias(i);
            (e < (1 << i.e) - 1).then(|| (e as u64) << i.m)
        };
        let sign = 1u64 << (i.w() - 1);
        let x = op.operands[0];
        let eq = |v: u64| format!("(= {x} {})", lit(v, i.w()));
        if let Some(lim) = pow(if signed { width - 1 } else { width }) {
            out.push((model("gpu.cvt_upper_below"), eq(lim - 1)));
            out.push((model("gpu.cvt_upper_at"), eq(lim)));
            out.push((model("gpu.cvt_upper_above"), eq(lim + 1)));
        }
        let low = if signed { pow(width - 1) } else { pow(0) };
        if let Some(low) = low {
            let (at, beyond) = if signed {
                (low, low + 1)
            } else {
                (low - 1, low)
            };
            out.push((model("gpu.cvt_lower_at"), eq(sign | at)));
            out.push((model("gpu.cvt_lower_beyond"), eq(sign | beyond)));
        }
    }
    out
}
