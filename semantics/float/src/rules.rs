//! The rules of the float core's operations, by stable id, with their citations: what a
//! vector of ISA `float` pins down when it names `float.<operation>`. Per-GPU rules are in
//! each `FloatQuirks` impl's `RULES`.

use gpuref_core::{Rule, Spec, SpecRef, Status};

const fn ieee(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Ieee754, section)
}
const fn note(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Gpuref, section)
}

macro_rules! rule {
    ($id:expr, $status:ident, [$($cite:expr),+], $statement:expr) => {
        Rule { id: $id, status: Status::$status, cites: &[$($cite),+], statement: $statement }
    };
}

/// Every operation rule of the float core.
#[rustfmt::skip]
pub const OPERATIONS: &[Rule] = &[
    rule!("float.add", Specified, [ieee("5.4.1 Arithmetic operations"), ieee("6.3 The sign bit")], "addition, correctly rounded; exact zero sums of opposite signs are +0 (−0 rounding down)"),
    rule!("float.sub", Specified, [ieee("5.4.1 Arithmetic operations"), ieee("6.3 The sign bit")], "subtraction, correctly rounded, as a + (−b)"),
    rule!("float.mul", Specified, [ieee("5.4.1 Arithmetic operations")], "multiplication, correctly rounded; 0 × inf is invalid"),
    rule!("float.div", Specified, [ieee("5.4.1 Arithmetic operations"), ieee("7.3 Division by zero")], "division, correctly rounded; finite/0 is ±inf with divide-by-zero; 0/0 and inf/inf are invalid"),
    rule!("float.fma", Specified, [ieee("5.4.1 Arithmetic operations"), ieee("7.2 Invalid operation")], "fused multiply-add: a × b + c rounded once"),
    rule!("float.mul_add", Inferred, [note("docs/design/0001-float-core.md#layers")], "unfused multiply-add: the product rounded (and flushed) under the mode, then the sum; flags of both steps"),
    rule!("float.sqrt", Specified, [ieee("5.4.1 Arithmetic operations")], "square root, correctly rounded; sqrt(−0) = −0; negative operands are invalid"),
    rule!("float.round_to_integral", Specified, [ieee("5.3.1 General operations")], "roundToIntegral in the given direction, sign of zero kept; the _exact form raises inexact"),
    rule!("float.fract", Inferred, [note("docs/design/0001-float-core.md#what-is-not-here")], "x − floor(x), computed exactly and rounded once; infinities are invalid"),
    rule!("float.frexp", Inferred, [ieee("5.3.3 logBFormat operations")], "mantissa in [0.5, 1) with the operand's sign and the exponent e with a = m × 2^e"),
    rule!("float.ldexp", Specified, [ieee("5.3.3 logBFormat operations")], "scaleB: a × 2^n, correctly rounded"),
    rule!("float.minmax", Specified, [ieee("5.3.1 General operations"), ieee("9.6 Minimum and maximum operations")], "754-2008 minNum/maxNum and 754-2019 minimum/maximum/minimumNumber/maximumNumber; −0 orders below +0"),
    rule!("float.compare", Specified, [ieee("5.11 Details of comparison predicates")], "the predicates of Tables 5.1–5.3; quiet predicates signal invalid only for signalling NaNs, signalling ones for any NaN"),
    rule!("float.class", Specified, [ieee("5.7.2 General operations")], "the ten classes, as an index in the clause's order"),
    rule!("float.convert", Specified, [ieee("5.4.2 Conversion operations for floating-point formats and decimal character sequences")], "conversion between formats, correctly rounded"),
    rule!("float.to_int", Specified, [ieee("5.8 Details of conversions from floating-point to integer formats")], "conversion to integer in the given direction; NaN and out-of-range are invalid (results: the quirks)"),
    rule!("float.from_int", Specified, [ieee("5.4.1 Arithmetic operations")], "convertFromInt, correctly rounded"),
    rule!("float.flush", Inferred, [note("docs/design/0001-float-core.md#flushing")], "input flushing reads subnormals as zeros of their sign; output flushing zeroes results that are tiny under the mode's tininess, with underflow and inexact"),
    rule!("float.tininess", Specified, [ieee("7.5 Underflow")], "tininess before or after rounding, as the mode says; underflow is tiny and inexact"),
];
