//! The integer coverage models. An integer model declares its family ([`IntFamily`],
//! [`Model::int_family`]: an add or subtract, a shift, a bit-field extract, ...); the
//! conditions are stated on the model's inputs, with the widths the model declares, and
//! never read its mnemonic.

use super::{cov, Class, Coverage};
use crate::Model;

#[rustfmt::skip]
pub const MODELS: &[Coverage] = &[
    cov("int.carry_out",        Class::IntArith, "an add whose unsigned sum (carry-in included) does not fit the width: carry out"),
    cov("int.borrow",           Class::IntArith, "a subtract whose subtrahend (borrow-in included) exceeds the minuend: borrow out"),
    cov("int.signed_overflow",  Class::IntArith, "an add or subtract whose two's-complement result overflows (operands' signs against the result's)"),
    cov("int.shift_ge_width",   Class::Shift,    "the shift count operand, as a whole, is at least the data width (only its low bits count)"),
    cov("int.bfe_past_top",     Class::Bfe,      "offset + width of the bit field reach past the top bit"),
    cov("int.mul_hi_neg_neg",   Class::MulHi,    "both factors of a signed high multiply negative"),
    cov("int.mul_hi_neg_pos",   Class::MulHi,    "a negative first and a positive second factor"),
    cov("int.mul_hi_pos_neg",   Class::MulHi,    "a positive first and a negative second factor"),
    cov("int.sad_overflow",     Class::Sad,      "the sum of absolute differences plus the accumulator does not fit 32 bits"),
];

fn model(name: &str) -> Coverage {
    *MODELS
        .iter()
        .find(|c| c.name == name)
        .expect("an integer coverage model")
}

fn zext(x: &str, by: u32) -> String {
    format!("((_ zero_extend {by}) {x})")
}

fn sign(x: &str, w: u32) -> String {
    format!("((_ extract {0} {0}) {x})", w - 1)
}

/// The integer families this file has coverage models for, as a model declares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntFamily {
    /// `s0 + s1` (`sub`: `s0 - s1`; `rev`: the operands swapped), plus the model's one-bit
    /// `*_in` input as carry- or borrow-in when `carry_in`.
    Arith {
        sub: bool,
        rev: bool,
        carry_in: bool,
    },
    /// A shift whose count is the input `count`.
    Shift { count: &'static str },
    /// A bit-field extract: the offset and width terms over the inputs with their bits,
    /// and the data width.
    Bfe {
        offset: &'static str,
        offset_bits: u32,
        width: &'static str,
        width_bits: u32,
        top: u32,
    },
    /// A signed high multiply whose factors' sign bit is `sign_bit`.
    MulHi { sign_bit: u32 },
    /// A sum of the absolute differences of `count` unsigned elements of `element` bits of
    /// `s0` and `s1` (from bit 0), plus `s2`.
    Sad { element: u32, count: u32 },
}

/// The carry-in of an add/sub: the model's one-bit input that holds a value from before
/// the instruction (`*_in`); the ISA's folder names its carry register, not this layer.
fn carry_in(m: &Model) -> Option<&'static str> {
    m.inputs
        .iter()
        .find(|(n, w)| *w == 1 && n.ends_with("_in"))
        .map(|(n, _)| *n)
}

pub fn conditions(m: &Model) -> Vec<(Coverage, String)> {
    if m.flags_modelled.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let Some(family) = m.int_family else {
        return out;
    };
    let (w0, w1) = (m.width("s0"), m.width("s1"));
    if let (
        IntFamily::Arith {
            sub,
            rev,
            carry_in: c,
        },
        Some(w),
        Some(w1),
    ) = (family, w0, w1)
    {
        let add = !sub;
        let cin = if c { carry_in(m) } else { None };
        if w == w1 {
            let (a, b) = if rev { ("s1", "s0") } else { ("s0", "s1") };
            let c = match cin.filter(|c| m.width(c) == Some(1)) {
                Some(c) => zext(c, w),
                None => format!("(_ bv0 {})", w + 1),
            };
            if add {
                out.push((
                    model("int.carry_out"),
                    format!(
                        "(= ((_ extract {w} {w}) (bvadd {} {} {c})) #b1)",
                        zext(a, 1),
                        zext(b, 1)
                    ),
                ));
            } else {
                out.push((
                    model("int.borrow"),
                    format!("(bvult {} (bvadd {} {c}))", zext(a, 1), zext(b, 1)),
                ));
            }
            let r = format!("({} {a} {b})", if add { "bvadd" } else { "bvsub" });
            let same = if add { "=" } else { "distinct" };
            out.push((
                model("int.signed_overflow"),
                format!(
                    "(and ({same} {} {}) (distinct {} {}))",
                    sign(a, w),
                    sign(b, w),
                    sign(&r, w),
                    sign(a, w)
                ),
            ));
        }
    }
    if let (IntFamily::Shift { count }, Some(dw)) = (family, m.width("d")) {
        if let Some(cw) = m.width(count) {
            out.push((
                model("int.shift_ge_width"),
                format!("(bvuge {count} (_ bv{dw} {cw}))"),
            ));
        }
    }
    // Offset and width both widened to 8 bits.
    if let IntFamily::Bfe {
        offset: off,
        offset_bits: ob,
        width,
        width_bits: wb,
        top,
    } = family
    {
        out.push((
            model("int.bfe_past_top"),
            format!(
                "(bvugt (bvadd {} {}) (_ bv{top} 8))",
                zext(off, 8 - ob),
                zext(width, 8 - wb)
            ),
        ));
    }
    if let IntFamily::MulHi { sign_bit: b } = family {
        // A factor's sign: negative, or positive (not zero: a zero factor makes the
        // product 0 whatever the other's sign).
        let sign = |x: &str, neg: bool| {
            let top = format!("((_ extract {b} {b}) {x})");
            if neg {
                format!("(= {top} #b1)")
            } else {
                format!(
                    "(and (= {top} #b0) (distinct ((_ extract {} 0) {x}) (_ bv0 {b})))",
                    b - 1
                )
            }
        };
        for (n, x, y) in [
            ("int.mul_hi_neg_neg", true, true),
            ("int.mul_hi_neg_pos", true, false),
            ("int.mul_hi_pos_neg", false, true),
        ] {
            out.push((
                model(n),
                format!("(and {} {})", sign("s0", x), sign("s1", y)),
            ));
        }
    }
    let absdiff =
        |a: &str, b: &str| format!("(ite (bvuge {a} {b}) (bvsub {a} {b}) (bvsub {b} {a}))");
    let sad = match family {
        IntFamily::Sad { element: 32, .. } => Some(absdiff("s0", "s1")),
        IntFamily::Sad { element, count } => {
            let part = |x: &str, i: u32| {
                format!(
                    "((_ extract {} {}) {x})",
                    element * i + element - 1,
                    element * i
                )
            };
            let terms: Vec<String> = (0..count)
                .map(|i| zext(&absdiff(&part("s0", i), &part("s1", i)), 32 - element))
                .collect();
            Some(if count == 1 {
                terms[0].clone()
            } else {
                format!("(bvadd {})", terms.join(" "))
            })
        }
        _ => None,
    };
    if let Some(d) = sad {
        out.push((
            model("int.sad_overflow"),
            format!(
                "(= ((_ extract 32 32) (bvadd {} {})) #b1)",
                zext(&d, 1),
                zext("s2", 1)
            ),
        ));
    }
    out
}
