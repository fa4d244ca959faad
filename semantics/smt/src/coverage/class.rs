//! Coverage models of the float rows that declare no rounded operation: operand pairs of
//! min/max and compares (signed zeros, NaN classes and payloads, neighbouring encodings),
//! round-to-integral boundaries, the division helpers' branch boundaries and the operand
//! extremes of the approximate rows (reciprocal, square root, ...). A row's family and
//! operand format are what its model declares ([`Model::family`]), checked against the
//! model's input widths. Conditions are on the operands' bits only.

use super::{cov, Class, Coverage, Format};
use crate::Model;

#[rustfmt::skip]
pub const MODELS: &[Coverage] = &[
    cov("gpu.pair_signed_zeros",   Class::Pair,     "S0 and S1 are zeros of opposite signs (+0 and -0, either order)"),
    cov("gpu.pair_snan_number",    Class::Pair,     "one of S0 and S1 is a signalling NaN, the other not a NaN"),
    cov("gpu.pair_qnan_number",    Class::Pair,     "one of S0 and S1 is a quiet NaN, the other not a NaN"),
    cov("gpu.pair_nan_payloads",   Class::Pair,     "S0 and S1 are NaNs with different encodings (payload, sign or quiet bit)"),
    cov("gpu.pair_adjacent",       Class::Pair,     "S1 is the next encoding above S0: finite, same sign, one unit in the last place apart"),
    cov("gpu.rnd_tie",             Class::RoundInt, "|S0| = k + 1/2 for an integer k >= 1 (a tie of round-to-nearest-integer)"),
    cov("gpu.rnd_half",            Class::RoundInt, "|S0| = 1/2"),
    cov("gpu.rnd_largest_nonint",  Class::RoundInt, "|S0| = 2^m - 1/2, the largest value of the format that is not an integer"),
    cov("gpu.rnd_all_integers",    Class::RoundInt, "|S0| = 2^m, the smallest magnitude from which every value of the format is an integer"),
    cov("gpu.div_scale_gap_at",    Class::Div,      "V_DIV_SCALE: exponent(S2) - exponent(S1) = 96 (F32) or 768 (F64), S0 = S1, both finite and not zero"),
    cov("gpu.div_scale_gap_below", Class::Div,      "V_DIV_SCALE: exponent(S2) - exponent(S1) one below 96 / 768, S0 = S1, both finite and not zero"),
    cov("gpu.div_scale_tiny_at",   Class::Div,      "V_DIV_SCALE: exponent(S2) = 23 (F32) or 53 (F64), the largest 'numerator is tiny', S0 = S2, S1 finite and not zero"),
    cov("gpu.div_scale_tiny_above", Class::Div,     "V_DIV_SCALE: exponent(S2) = 24 / 54, one above 'numerator is tiny', S0 = S2, S1 finite and not zero"),
    cov("gpu.div_fixup_gap_at",    Class::Div,      "V_DIV_FIXUP: exponent(S2) - exponent(S1) = -151 (F32) or -1076 (F64), the first difference below -150 / -1075 (underflow), S2 not zero"),
    cov("gpu.div_fixup_gap_above", Class::Div,      "V_DIV_FIXUP: exponent(S2) - exponent(S1) = -150 / -1075, one above the underflow branch, S2 not zero"),
    cov("gpu.operand_exp_extreme", Class::Operand,  "S0's exponent field is 1 (the smallest normal binade) or the largest finite one (also: the flush boundary and smallest subnormal operand models)"),
];

fn model(name: &str) -> Coverage {
    *MODELS
        .iter()
        .find(|c| c.name == name)
        .expect("a class coverage model")
}

fn lit(v: u64, w: u32) -> String {
    format!("(_ bv{v} {w})")
}

/// The families of float rows this file has coverage models for: a model declares its
/// family and operand format ([`Model::family`]), so coverage never reads a mnemonic.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// Min, max, min3, max3, med3: operand pairs (signed zeros, NaN classes, neighbours).
    MinMax,
    /// Float compares (not the class tests).
    Compare,
    /// Round to integral and the fraction.
    RoundInt,
    /// The division's scale step (its branch boundaries).
    DivScale,
    /// The division's fixup step (its underflow branch).
    DivFixup,
    /// Rows whose operand extremes are covered (approximate rows, exponent helpers).
    Approx,
}

/// Terms on one operand's bits.
struct Bits {
    f: Format,
}

impl Bits {
    fn exp(&self, x: &str) -> String {
        format!("((_ extract {} {}) {x})", self.f.w() - 2, self.f.m)
    }
    fn frac(&self, x: &str) -> String {
        format!("((_ extract {} 0) {x})", self.f.m - 1)
    }
    fn mag(&self, x: &str) -> String {
        format!("((_ extract {} 0) {x})", self.f.w() - 2)
    }
    fn sign(&self, x: &str) -> String {
        format!("((_ extract {0} {0}) {x})", self.f.w() - 1)
    }
    fn exp_is(&self, x: &str, v: u64) -> String {
        format!("(= {} {})", self.exp(x), lit(v, self.f.e))
    }
    fn nan(&self, x: &str) -> String {
        format!(
            "(and {} (distinct {} {}))",
            self.exp_is(x, (1 << self.f.e) - 1),
            self.frac(x),
            lit(0, self.f.m)
        )
    }
    fn quiet(&self, x: &str) -> String {
        format!(
            "(and {} (= ((_ extract {1} {1}) {x}) #b1))",
            self.nan(x),
            self.f.m - 1
        )
    }
    fn snan(&self, x: &str) -> String {
        format!(
            "(and {} (= ((_ extract {1} {1}) {x}) #b0))",
            self.nan(x),
            self.f.m - 1
        )
    }
    fn finite(&self, x: &str) -> String {
        format!("(not {})", self.exp_is(x, (1 << self.f.e) - 1))
    }
    fn zero(&self, x: &str) -> String {
        format!("(= {} {})", self.mag(x), lit(0, self.f.w() - 1))
    }
    /// |x| equals the magnitude bits `v`.
    fn mag_is(&self, x: &str, v: u64) -> String {
        format!("(= {} {})", self.mag(x), lit(v, self.f.w() - 1))
    }
    /// The magnitude bits of the positive value `k * 2^e` (`k` odd, normal).
    fn value(&self, k: u64, e: i64) -> u64 {
        let bits = 64 - k.leading_zeros() as i64;
        let top = e + bits - 1;
        let bias = (1i64 << (self.f.e - 1)) - 1;
        let frac = (k << (self.f.m as i64 - (bits - 1))) & ((1 << self.f.m) - 1);
        (((top + bias) as u64) << self.f.m) | frac
    }
}

pub fn conditions(m: &Model) -> Vec<(Coverage, String)> {
    let mut out = Vec::new();
    if m.op.is_some() {
        return out;
    }
    let Some((fam, f)) = m.family else {
        return out;
    };
    let b = Bits { f };
    if m.width("s0") != Some(f.w()) {
        return out;
    }
    let pair = m.width("s1") == Some(f.w());
    let either = |p: &dyn Fn(&str) -> String, q: &dyn Fn(&str) -> String| {
        format!(
            "(or (and {} {}) (and {} {}))",
            p("s0"),
            q("s1"),
            p("s1"),
            q("s0")
        )
    };
    let not_nan = |x: &str| format!("(not {})", b.nan(x));
    match fam {
        Family::MinMax | Family::Compare if pair => {
            out.push((
                model("gpu.pair_signed_zeros"),
                format!(
                    "(and {} {} (distinct {} {}))",
                    b.zero("s0"),
                    b.zero("s1"),
                    b.sign("s0"),
                    b.sign("s1")
                ),
            ));
            out.push((
                model("gpu.pair_snan_number"),
                either(&|x| b.snan(x), &not_nan),
            ));
            out.push((
                model("gpu.pair_qnan_number"),
                either(&|x| b.quiet(x), &not_nan),
            ));
            out.push((
                model("gpu.pair_nan_payloads"),
                format!("(and {} {} (distinct s0 s1))", b.nan("s0"), b.nan("s1")),
            ));
            out.push((
                model("gpu.pair_adjacent"),
                format!(
                    "(and {} {} (= s1 (bvadd s0 {})))",
                    b.finite("s0"),
                    b.finite("s1"),
                    lit(1, f.w())
                ),
            ));
        }
        Family::RoundInt => {
            let m_ = i64::from(f.m);
            // k + 1/2 = (2k + 1) * 2^-1: the bit of weight 1/2 is the last set bit, and
            // there is an integer part (exponent >= 0) but not every bit is integral
            // (exponent <= m - 1).
            let bias = (1i64 << (f.e - 1)) - 1;
            let ties: Vec<String> = (0..m_)
                .map(|e| {
                    let half_bit = m_ - 1 - e;
                    format!(
                        "(and {} (= ((_ extract {half_bit} 0) {}) {}))",
                        b.exp_is("s0", (e + bias) as u64),
                        b.frac("s0"),
                        lit(1 << half_bit, half_bit as u32 + 1)
                    )
                })
                .collect();
            out.push((model("gpu.rnd_tie"), format!("(or {})", ties.join(" "))));
            out.push((model("gpu.rnd_half"), b.mag_is("s0", b.value(1, -1))));
            out.push((
                model("gpu.rnd_largest_nonint"),
                b.mag_is("s0", b.value((1 << (f.m + 1)) - 1, -1)),
            ));
            out.push((
                model("gpu.rnd_all_integers"),
                b.mag_is("s0", b.value(1, m_)),
            ));
        }
        Family::DivScale if f != Format::H => {
            let (gap, tiny) = if f == Format::S { (96, 23) } else { (768, 53) };
            let ok = |x: &str| format!("(and {} (not {}))", b.finite(x), b.zero(x));
            let diff = |d: i64| {
                let w = f.e + 2;
                let e = |x: &str| format!("((_ zero_extend 2) {})", b.exp(x));
                format!(
                    "(= (bvsub {} {}) (_ bv{} {w}))",
                    e("s2"),
                    e("s1"),
                    (d as u64) & ((1 << w) - 1)
                )
            };
            for (name, d) in [
                ("gpu.div_scale_gap_at", gap),
                ("gpu.div_scale_gap_below", gap - 1),
            ] {
                out.push((
                    model(name),
                    format!("(and {} {} (= s0 s1) {})", ok("s1"), ok("s2"), diff(d)),
                ));
            }
            for (name, e) in [
                ("gpu.div_scale_tiny_at", tiny),
                ("gpu.div_scale_tiny_above", tiny + 1),
            ] {
                out.push((
                    model(name),
                    format!(
                        "(and {} {} (= s0 s2) {})",
                        ok("s1"),
                        ok("s2"),
                        b.exp_is("s2", e)
                    ),
                ));
            }
        }
        Family::DivFixup if f != Format::H => {
            let t: i64 = if f == Format::S { -150 } else { -1075 };
            let w = f.e + 2;
            let e = |x: &str| format!("((_ zero_extend 2) {})", b.exp(x));
            let diff = |d: i64| {
                format!(
                    "(= (bvsub {} {}) (_ bv{} {w}))",
                    e("s2"),
                    e("s1"),
                    (d as u64) & ((1 << w) - 1)
                )
            };
            let nz = format!("(and {} (not {}))", b.finite("s2"), b.zero("s2"));
            out.push((
                model("gpu.div_fixup_gap_at"),
                format!("(and {nz} {})", diff(t - 1)),
            ));
            out.push((
                model("gpu.div_fixup_gap_above"),
                format!("(and {nz} {})", diff(t)),
            ));
        }
        _ => {}
    }
    if matches!(fam, Family::Approx | Family::DivScale | Family::DivFixup) {
        out.extend(super::float::operand_models(f, "s0"));
        out.push((
            model("gpu.operand_exp_extreme"),
            format!(
                "(or {} {})",
                b.exp_is("s0", 1),
                b.exp_is("s0", (1 << f.e) - 2)
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_worked_by_hand() {
        // IEEE 754 binary32 by hand: 0.5 = 0x3f000000, 2^23 = 0x4b000000,
        // 2^23 - 0.5 = 0x4afffffe... (8388607.5 = 0x4affffff), 1.5 = 0x3fc00000.
        let b = Bits { f: Format::S };
        assert_eq!(b.value(1, -1), 0x3f00_0000);
        assert_eq!(b.value(1, 23), 0x4b00_0000);
        assert_eq!(b.value((1 << 24) - 1, -1), 0x4aff_ffff);
        assert_eq!(b.value(3, -1), 0x3fc0_0000);
        // binary16: 0.5 = 0x3800, 2^10 = 0x6400, 1023.5 = 0x63ff.
        let h = Bits { f: Format::H };
        assert_eq!(h.value(1, -1), 0x3800);
        assert_eq!(h.value(1, 10), 0x6400);
        assert_eq!(h.value((1 << 11) - 1, -1), 0x63ff);
    }
}
