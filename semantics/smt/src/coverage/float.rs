//! The float coverage models: IBM FPgen-style models of the exact result of a rounded
//! operation, and GPU models (flush boundaries, legacy zeros, float-to-int limits, 16-bit
//! overflow under FP16_OVFL).
//!
//! The exact result `x` is formed in z3's FP theory in a wide format `W` (3 more exponent
//! bits; at least 4 more significand bits, twice the precision plus 2 for products) and
//! the conditions require it to be exact there (`x` rounded toward zero equals `x` rounded
//! up; products of two operands always are). Every condition is then stated on `x` against
//! the result format `F`: `dn` and `up`, `x` rounded down and up to `F`, are the two
//! neighbours of an inexact result; `mid` their midpoint; `q` a quarter of their distance
//! (one unit of the precision two bits finer than `F`). `fp.fma` is not used (unsound in
//! libz3 4.8.12): a fused multiply-add forms the exact product in `W` and adds.

use super::{Class, Coverage, Format, FpOp, OpKind};
use crate::Model;

const fn cov(name: &'static str, class: Class, what: &'static str) -> Coverage {
    Coverage {
        name,
        class,
        what,
        modes: &[],
    }
}

/// FP16_OVFL set, round toward zero (single and double/half), denormals allowed,
/// DX10_CLAMP, IEEE.
pub const F16_OVFL_RTZ: u32 = 0x80_03ff;

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
    Coverage { name: "gpu.f16_overflow", class: Class::Half, what: "a 16-bit result with |exact result| >= 2^16 (past MAX + ulp/2 in every rounding mode), run with FP16_OVFL set and rounding toward zero", modes: &[F16_OVFL_RTZ] },
];

fn model(name: &str) -> Coverage {
    *MODELS
        .iter()
        .find(|c| c.name == name)
        .expect("a float coverage model")
}

/// Bits `x` (an input term) as a float of `f`.
fn fp(f: Format, x: &str) -> String {
    format!("((_ to_fp {} {}) {x})", f.e, f.m + 1)
}

/// Float term `x` converted to `f` with rounding `rm`.
fn to(f: Format, rm: &str, x: &str) -> String {
    format!("((_ to_fp {} {}) {rm} {x})", f.e, f.m + 1)
}

fn bias(f: Format) -> i64 {
    (1i64 << (f.e - 1)) - 1
}

/// The positive power of two `2^k` in `w` (in range).
fn pow2(w: Format, k: i64) -> String {
    let e = (k + bias(w)) as u64;
    format!("(fp #b0 (_ bv{e} {}) (_ bv0 {}))", w.e, w.m)
}

/// The positive value of `f` with bits `bits`, in `w`.
fn val(w: Format, f: Format, bits: u64) -> String {
    to(w, "RNE", &fp(f, &format!("(_ bv{bits} {})", f.w())))
}

/// The wide format of an operation.
fn wide(op: &FpOp) -> Format {
    let (i, o) = (op.input, op.output);
    let e = i.e.max(o.e) + 3;
    let m = match op.kind {
        OpKind::Mul { .. } => 2 * (i.m + 1) + 2,
        OpKind::MulAdd { .. } => 2 * (i.m + 1) + 3,
        _ => i.m.max(o.m) + 4,
    };
    Format { e, m }
}

/// The exact result in `w` rounded with `rm`, and conditions the operation needs for it
/// to be the value the instruction rounds.
fn result(op: &FpOp, w: Format, rm: &str) -> (String, Vec<String>) {
    let a = |i: usize| to(w, "RNE", &fp(op.input, op.operands[i]));
    match op.kind {
        OpKind::Add => (format!("(fp.add {rm} {} {})", a(0), a(1)), vec![]),
        OpKind::Sub => (format!("(fp.sub {rm} {} {})", a(0), a(1)), vec![]),
        OpKind::Mul { .. } => (format!("(fp.mul {rm} {} {})", a(0), a(1)), vec![]),
        OpKind::MulAdd { fused, .. } => {
            let p = format!("(fp.mul RNE {} {})", a(0), a(1));
            let mut need = vec![];
            if !fused {
                // The product is rounded first: keep to exact products, where both
                // readings of the operation meet.
                need.push(format!(
                    "(fp.eq {} {})",
                    to(op.output, "RTZ", &p),
                    to(op.output, "RTP", &p)
                ));
            }
            (format!("(fp.add {rm} {p} {})", a(2)), need)
        }
        OpKind::Convert | OpKind::ToInt { .. } => (a(0), vec![]),
    }
}

/// Whether the operation's value in `w` is always exact (no need to compare roundings).
fn always_exact(op: &FpOp) -> bool {
    matches!(
        op.kind,
        OpKind::Mul { .. } | OpKind::Convert | OpKind::ToInt { .. }
    )
}

/// The condition of a result model: `body` over `x`, `ax`, `dn`, `up`, `mid`, `q` (floats
/// of `w`), `x` exact.
fn on_result(op: &FpOp, body: &str) -> String {
    let w = wide(op);
    let f = op.output;
    let (xz, mut need) = result(op, w, "RTZ");
    let exact = if always_exact(op) {
        "(not (fp.isInfinite x))".to_string()
    } else {
        let (xp, _) = result(op, w, "RTP");
        format!("(and (fp.eq x {xp}) (not (fp.isInfinite x)))")
    };
    need.push(exact);
    format!(
        "(let ((x {xz})) (let ((ax (fp.abs x)) (dn {}) (up {})) (let ((mid (fp.mul RNE (fp.add RNE dn up) {half})) (q (fp.mul RNE (fp.sub RNE up dn) {quarter}))) (and {} {body}))))",
        to(w, "RNE", &to(f, "RTN", "x")),
        to(w, "RNE", &to(f, "RTP", "x")),
        need.join(" "),
        half = pow2(w, -1),
        quarter = pow2(w, -2),
    )
}

/// The magnitude bits of an operand.
fn mag(f: Format, x: &str) -> String {
    format!("((_ extract {} 0) {x})", f.w() - 2)
}

fn lit(v: u64, w: u32) -> String {
    format!("(_ bv{v} {w})")
}

pub fn conditions(m: &Model) -> Vec<(Coverage, String)> {
    let Some(op) = &m.op else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let f = op.output;
    let w = wide(op);
    let inexact = "(not (fp.isInfinite dn)) (not (fp.isInfinite up)) (not (fp.eq dn up))";
    let max = val(w, f, ((1u64 << f.e) - 2) << f.m | ((1u64 << f.m) - 1));
    let min_normal = val(w, f, 1 << f.m);
    let max_sub = val(w, f, (1 << f.m) - 1);
    let emax = bias(f);
    let rounded = !matches!(op.kind, OpKind::ToInt { .. });
    let mut push = |name: &str, body: String| out.push((model(name), on_result(op, &body)));
    if rounded {
        push(
            "fpgen.exact",
            "(fp.eq dn up) (not (fp.isZero x))".to_string(),
        );
        push("fpgen.tie", format!("{inexact} (fp.eq x mid)"));
        push(
            "fpgen.near_tie_above",
            format!("{inexact} (fp.eq x (fp.add RNE mid q))"),
        );
        push(
            "fpgen.near_tie_below",
            format!("{inexact} (fp.eq x (fp.sub RNE mid q))"),
        );
        push(
            "fpgen.sticky_only",
            format!("{inexact} (fp.lt x (fp.add RNE dn q))"),
        );
        push(
            "fpgen.guard_sticky",
            format!("{inexact} (fp.gt x mid) (fp.lt x (fp.add RNE mid q))"),
        );
        let addend = match op.kind {
            OpKind::Add | OpKind::Sub => Some(0),
            OpKind::MulAdd { .. } => Some(2),
            _ => None,
        };
        if let Some(i) = addend {
            let c = to(w, "RNE", &fp(op.input, op.operands[i]));
            push(
                "fpgen.cancel_massive",
                format!(
                    "(not (fp.isZero x)) (fp.leq ax (fp.mul RNE (fp.abs {c}) {}))",
                    pow2(w, -i64::from(f.m + 1))
                ),
            );
        }
        push("fpgen.largest_finite", format!("(fp.eq ax {max})"));
        let half_ulp_max = pow2(w, emax - i64::from(f.m) - 1);
        push(
            "fpgen.overflow_before_rounding",
            format!("(fp.gt ax {max}) (fp.lt ax (fp.add RNE {max} {half_ulp_max}))"),
        );
        push(
            "fpgen.overflow_after_rounding",
            format!("(fp.eq ax (fp.add RNE {max} {half_ulp_max}))"),
        );
        let half_min_sub = pow2(w, 1 - emax - i64::from(f.m) - 1);
        push(
            "fpgen.underflow_before_rounding",
            format!("(fp.lt ax {min_normal}) (fp.geq ax (fp.sub RNE {min_normal} {half_min_sub}))"),
        );
        push("fpgen.min_normal", format!("(fp.eq ax {min_normal})"));
        push(
            "fpgen.result_min_subnormal",
            format!("(not (fp.isZero x)) (fp.leq ax {})", val(w, f, 4)),
        );
        push(
            "fpgen.result_max_subnormal",
            format!(
                "(fp.geq ax {}) (fp.leq ax {max_sub})",
                val(w, f, (1 << f.m) - 4)
            ),
        );
        push("gpu.flush_boundary_result", format!("(fp.eq ax {max_sub})"));
        if f == Format::H {
            push("gpu.f16_overflow", format!("(fp.geq ax {})", pow2(w, 16)));
        }
    }
    // Operand models: the first operand's bits.
    let i = op.input;
    let a0 = mag(i, op.operands[0]);
    let iw = i.w() - 1;
    out.push((
        model("gpu.flush_boundary_operand"),
        format!(
            "(or (= {a0} {}) (= {a0} {}))",
            lit((1 << i.m) - 1, iw),
            lit(1 << i.m, iw)
        ),
    ));
    out.push((
        model("fpgen.operand_min_subnormal"),
        format!(
            "(and (bvuge {a0} {}) (bvule {a0} {}))",
            lit(1, iw),
            lit(4, iw)
        ),
    ));
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
