//! The integer coverage models. Integer z3 models declare no operation, so a row's family
//! is read from its mnemonic (`S_ADD_U32`, `V_SUBREV_CO_U32`, `V_LSHRREV_B64` ...); the
//! conditions are stated on the model's inputs, with the widths the model declares.

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

/// The family of an integer add/sub row: (add, reversed, carry-in input), or `None`. The
/// carry-in is the model's one-bit input that holds a value from before the instruction
/// (`*_in`): the ISA's folder names its carry register, not this layer.
fn arith(m: &Model) -> Option<(bool, bool, Option<&'static str>)> {
    let name = m.name;
    let rest = name.strip_prefix("S_").or(name.strip_prefix("V_"))?;
    let (op, ty) = rest.split_once('_')?;
    let ty = ty.strip_prefix("CO_").unwrap_or(ty);
    if !matches!(ty, "U32" | "I32" | "U16" | "I16") {
        return None;
    }
    let cin = m
        .inputs
        .iter()
        .find(|(n, w)| *w == 1 && n.ends_with("_in"))
        .map_or("", |(n, _)| *n);
    Some(match op {
        "ADD" => (true, false, None),
        "ADDC" => (true, false, Some(cin)),
        "SUB" => (false, false, None),
        "SUBREV" => (false, true, None),
        "SUBB" => (false, false, Some(cin)),
        "SUBBREV" => (false, true, Some(cin)),
        _ => return None,
    })
}

pub fn conditions(m: &Model) -> Vec<(Coverage, String)> {
    if m.flags_modelled.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let name = m.name;
    let (w0, w1) = (m.width("s0"), m.width("s1"));
    if let (Some((add, rev, cin)), Some(w), Some(w1)) = (arith(m), w0, w1) {
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
    let shift = [
        "LSHL_B",
        "LSHR_B",
        "ASHR_I",
        "LSHLREV_B",
        "LSHRREV_B",
        "ASHRREV_I",
    ]
    .iter()
    .any(|p| {
        name.strip_prefix("S_")
            .or(name.strip_prefix("V_"))
            .and_then(|r| r.strip_prefix(p))
            .is_some_and(|t| matches!(t, "16" | "32" | "64"))
    });
    if let (true, Some(dw)) = (shift, m.width("d")) {
        let count = if name.contains("REV_") { "s0" } else { "s1" };
        if let Some(cw) = m.width(count) {
            out.push((
                model("int.shift_ge_width"),
                format!("(bvuge {count} (_ bv{dw} {cw}))"),
            ));
        }
    }
    // (offset, its bits, width, its bits, data width): both widened to 8 bits.
    #[rustfmt::skip]
    let bfe = match name {
        "V_BFE_U32" | "V_BFE_I32" => Some(("((_ extract 4 0) s1)", 5, "((_ extract 4 0) s2)", 5, 32)),
        "S_BFE_U32" | "S_BFE_I32" => Some(("((_ extract 4 0) s1)", 5, "((_ extract 22 16) s1)", 7, 32)),
        "S_BFE_U64" | "S_BFE_I64" => Some(("((_ extract 5 0) s1)", 6, "((_ extract 22 16) s1)", 7, 64)),
        _ => None,
    };
    if let Some((off, ob, width, wb, top)) = bfe {
        out.push((
            model("int.bfe_past_top"),
            format!(
                "(bvugt (bvadd {} {}) (_ bv{top} 8))",
                zext(off, 8 - ob),
                zext(width, 8 - wb)
            ),
        ));
    }
    let hi_sign = match name {
        "S_MUL_HI_I32" | "V_MUL_HI_I32" => Some(31),
        "V_MUL_HI_I32_I24" => Some(23),
        _ => None,
    };
    if let Some(b) = hi_sign {
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
    let sad = match name {
        "V_SAD_U32" => Some(absdiff("s0", "s1")),
        "V_SAD_U16" => Some(zext(
            &absdiff("((_ extract 15 0) s0)", "((_ extract 15 0) s1)"),
            16,
        )),
        "V_SAD_U8" => {
            let byte = |x: &str, i: u32| format!("((_ extract {} {}) {x})", 8 * i + 7, 8 * i);
            let terms: Vec<String> = (0..4)
                .map(|i| zext(&absdiff(&byte("s0", i), &byte("s1", i)), 24))
                .collect();
            Some(format!("(bvadd {})", terms.join(" ")))
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
