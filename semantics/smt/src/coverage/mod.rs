//! Named coverage models (note 0041, docs/design/): IBM FPgen-style float
//! models, GPU models and integer models, each a Bool SMT-LIB2 condition over a z3 model's
//! inputs (and `mode`), independent of the kernels. The conformance generator asks z3 for
//! one input satisfying each applicable condition per row and MODE, caches the answers
//! (`conformance/coverage/<target>.tsv`) and runs them as the vectors' coverage level.
//!
//! Which models apply to a row is decided by the operation its z3 model declares
//! ([`FpOp`], set where the model builds its rounded operation) for the float models, and by
//! the row's integer operation family for the integer ones (integer models declare no
//! operation: the family is read from the mnemonic, `int.rs`).

mod cache;
mod class;
mod exact;
mod float;
mod int;

pub use cache::{parse, query_hash, Entry};
pub use class::Family;
pub use int::IntFamily;

use crate::Model;

/// A float format: exponent bits and fraction bits (significand precision `m + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub e: u32,
    pub m: u32,
}

impl Format {
    pub const H: Format = Format { e: 5, m: 10 };
    pub const S: Format = Format { e: 8, m: 23 };
    pub const D: Format = Format { e: 11, m: 52 };
    /// Width in bits.
    pub fn w(self) -> u32 {
        1 + self.e + self.m
    }
}

/// The rounded float operation a model computes, as coverage sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// `a + b`.
    Add,
    /// `a - b` (the reversed forms list their operands reversed).
    Sub,
    /// `a * b`; `legacy`: DX9's `0 * x = 0`.
    Mul { legacy: bool },
    /// `a * b + c`; `fused`: one rounding, else the product is rounded first; `legacy`: DX9.
    MulAdd { fused: bool, legacy: bool },
    /// A float-to-float conversion of `a`.
    Convert,
    /// A float-to-integer conversion of `a` (truncating, saturating) to `width` bits.
    ToInt { signed: bool, width: u32 },
}

/// The operation of a float model: kind, operand format, result format and the operand
/// bit-vector inputs in the operation's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpOp {
    pub kind: OpKind,
    pub input: Format,
    pub output: Format,
    pub operands: Vec<&'static str>,
}

/// The class of operations a coverage model is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Rounded arithmetic (add/sub, mul, mad/fma) and float-to-float conversions.
    Rounded,
    /// Additions: add/sub and the sum of mad/fma.
    Sum,
    /// Any float operation's operands.
    Operand,
    /// Legacy (DX9) multiplies.
    Legacy,
    /// Float-to-integer conversions.
    ToInt,
    /// Operations with a 16-bit float result.
    Half,
    /// Integer add / subtract with a carry, borrow or overflow.
    IntArith,
    /// Shifts.
    Shift,
    /// Bit-field extracts.
    Bfe,
    /// High half of a signed multiply.
    MulHi,
    /// Sum of absolute differences.
    Sad,
    /// Operand pairs of min/max and compares.
    Pair,
    /// Round-to-integral operands.
    RoundInt,
    /// The division helpers' branch boundaries.
    Div,
    /// Packed 16-bit float rows, per half.
    Packed,
    /// The output modifiers CLAMP and OMOD: a condition on the unmodified result, run
    /// with the modifier (`Coverage::mods`).
    Modifier,
}

/// A named coverage model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// Stable dotted name.
    pub name: &'static str,
    pub class: Class,
    /// What the condition states.
    pub what: &'static str,
    /// The run modes the model is solved and run under instead of the row's corpus modes
    /// (empty: the corpus modes); each ISA says which of its mode register values each is.
    pub modes: &'static [RunMode],
    /// The output modifier words (LLVM syntax: `clamp`, `mul:2`, `mul:4`, `div:2`) the
    /// model's input is run with, in the row's form that takes them; "" for the row's plain text. The
    /// condition is on the unmodified operation (note 0041, "Modifier models"); rows that
    /// do not take the modifier get no pair.
    pub mods: &'static str,
}

/// A float mode a coverage model needs to be solved and run under, named by what it does;
/// each ISA maps it to a value of its mode register (in the ISA's coverage generator of
/// gpuref-conformance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunMode {
    /// 16-bit results that overflow saturate to the largest finite value, rounding toward
    /// zero, denormals kept.
    OverflowSaturatesRtz,
    /// The output clamp turns a NaN into +0 (the default float mode).
    ClampNanToZero,
    /// The output clamp passes a NaN through (IEEE mode off, denormals kept,
    /// round to nearest even).
    ClampKeepsNan,
    /// The output scale (×2, ×4, ×0.5) applies: IEEE mode off, every denormal flushed.
    OutputScaleApplies,
}

/// A coverage model solved under the row's corpus MODEs (the tables of each family).
const fn cov(name: &'static str, class: Class, what: &'static str) -> Coverage {
    Coverage {
        name,
        class,
        what,
        modes: &[],
        mods: "",
    }
}

/// Every coverage model.
pub fn all() -> Vec<Coverage> {
    float::MODELS
        .iter()
        .chain(int::MODELS)
        .chain(class::MODELS)
        .copied()
        .collect()
}

/// The coverage model of a name.
pub fn by_name(name: &str) -> Option<Coverage> {
    all().into_iter().find(|c| c.name == name)
}

/// The coverage models that apply to a row's z3 model, each with its condition: a Bool
/// term over the model's inputs and `mode` (the MODE constant is declared by [`query`]).
pub fn conditions(model: &Model) -> Vec<(Coverage, String)> {
    let mut out = float::conditions(model);
    out.extend(int::conditions(model));
    out.extend(class::conditions(model));
    out
}

/// The narrowings the solver tries, in order, before a model's conditions themselves
/// (note 0041, "Narrowings"): for a product or a
/// multiply-add, the second factor
///
/// 1. with the low half of its fraction zero (the product needs at most about 1.5 p bits),
/// 2. short: only the top 4 fraction bits free (at most p + 5 bits: a few shifted copies
///    of the first factor),
/// 3. a power of two (fraction zero, exponent field not zero): the product is the first
///    factor scaled, the multiplier drops out and a multiply-add is an add.
///
/// The widest first, so that a solution keeps as much of the product's low bits as the
/// solver manages. Each is a Bool term over the model's inputs. A solution of a narrowed
/// query is a solution of the condition (the narrowing is only added to it); only the
/// unnarrowed query can prove a condition empty, so the solver falls back to it when no
/// narrowing is sat. Other operations (adds, conversions) solve without one.
pub fn narrowings(model: &Model) -> Vec<String> {
    let Some(op) = model.op.as_ref() else {
        return Vec::new();
    };
    if !matches!(op.kind, OpKind::Mul { .. } | OpKind::MulAdd { .. }) {
        return Vec::new();
    }
    let (f, b) = (op.input, op.operands[1]);
    let low_zero = |k: u32| format!("(= ((_ extract {} 0) {b}) (_ bv0 {k}))", k - 1);
    vec![
        low_zero(f.m / 2),
        low_zero(f.m - 4),
        format!(
            "(and {} (distinct ((_ extract {} {}) {b}) (_ bv0 {})))",
            low_zero(f.m),
            f.w() - 2,
            f.m,
            f.e
        ),
    ]
}

/// The SMT-LIB2 text that declares a model's inputs and `mode` and asserts `cond`: what
/// the solver checks (followed by `(check-sat)`).
pub fn query(model: &Model, mode: u32, cond: &str) -> String {
    let mut s = format!("(define-fun mode () (_ BitVec 32) #x{mode:08x})\n");
    for (n, w) in &model.inputs {
        s.push_str(&format!("(declare-const {n} (_ BitVec {w}))\n"));
    }
    s.push_str(&format!("(assert {cond})\n"));
    s
}

/// `cond` with every input and `mode` bound to the given values (a closed Bool term z3's
/// simplifier evaluates to `true` or `false`); `None` if an input has no value.
pub fn bind(model: &Model, mode: u32, values: &[(&str, u64)], cond: &str) -> Option<String> {
    let mut binds = vec![format!("(mode #x{mode:08x})")];
    for (n, w) in &model.inputs {
        let v = values.iter().find(|(k, _)| k == n)?.1;
        binds.push(format!("({n} (_ bv{v} {w}))"));
    }
    Some(format!("(let ({}) {cond})", binds.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_dotted_and_classed() {
        let all = all();
        let mut seen = std::collections::BTreeSet::new();
        for c in &all {
            assert!(seen.insert(c.name), "{} twice", c.name);
            let (family, rest) = c.name.split_once('.').expect("dotted");
            assert!(matches!(family, "fpgen" | "gpu" | "int"), "{}", c.name);
            assert!(!rest.is_empty() && !c.what.is_empty(), "{}", c.name);
        }
        assert!(by_name("fpgen.tie").is_some() && by_name("int.carry_out").is_some());
    }
}
