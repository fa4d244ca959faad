//! The IEEE 754 baseline: where 754 leaves a choice, the choice x86 SSE makes, so that the
//! host hardware and Berkeley SoftFloat (8086-SSE specialization) can check it bit for bit.

use super::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// IEEE 754-2008 with x86-SSE choices for what 754 leaves open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ieee754;

const fn ieee(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Ieee754, section)
}
const fn note(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Gpuref, section)
}

impl FloatQuirks for Ieee754 {
    const NAME: &'static str = "ieee754";
    const DEFAULT_NAN: NanPattern = NanPattern {
        negative: true,
        all_fraction_bits: false,
    };
    const NAN_PROPAGATION: NanPropagation = NanPropagation::FirstNan;
    const FMA_INF_ZERO_QNAN_INVALID: bool = false;
    const NAN_CONVERSION: NanConversion = NanConversion::PreservePayload;
    const TININESS: Tininess = Tininess::AfterRounding;
    const INPUT_DENORMAL_FLAG: InputDenormalFlag = InputDenormalFlag::WhenNotFlushed;
    const DENORMAL_MODES: &'static [DenormSupport] = &[
        DenormSupport {
            class: DenormClass::Half,
            modes: ALL_DENORMAL_MODES,
        },
        DenormSupport {
            class: DenormClass::BFloat,
            modes: ALL_DENORMAL_MODES,
        },
        DenormSupport {
            class: DenormClass::Single,
            modes: ALL_DENORMAL_MODES,
        },
        DenormSupport {
            class: DenormClass::Double,
            modes: ALL_DENORMAL_MODES,
        },
    ];
    const FLOAT_TO_INT_INVALID: InvalidIntResults = InvalidIntResults {
        nan: IntResult::Indefinite,
        positive_overflow: IntResult::Indefinite,
        negative_overflow: IntResult::Indefinite,
    };
    const FLOAT_TO_INT_SATURATING_NAN: IntResult = IntResult::Zero;
    const RULES: &'static [Rule] = &[
        Rule {
            id: "float.quirks.ieee754.default_nan",
            status: Status::Unspecified,
            cites: &[ieee("6.2.1 NaN encodings in binary formats"), note("docs/design/0001-float-core.md#baseline")],
            statement: "754 fixes only that a quiet NaN has the leading fraction bit set; the default NaN's sign and payload are the implementation's. Baseline: sign set, quiet bit only (0xffc00000), as x86 SSE, so host hardware checks it bit for bit.",
        },
        Rule {
            id: "float.quirks.ieee754.nan_propagation",
            status: Status::Unspecified,
            cites: &[ieee("6.2.3 NaN propagation"), note("docs/design/0001-float-core.md#baseline")],
            statement: "754 says the result should be one of the input NaNs but not which. Baseline: the first NaN operand in operand order (a, b, c), quieted, as x86 SSE and SoftFloat's 8086-SSE specialization.",
        },
        Rule {
            id: "float.quirks.ieee754.nan_quieting",
            status: Status::Specified,
            cites: &[ieee("6.2 Operations with NaNs")],
            statement: "An operation that returns a signalling NaN operand returns it quieted (quiet bit set, payload kept) and signals invalid.",
        },
        Rule {
            id: "float.quirks.ieee754.nan_conversion",
            status: Status::Inferred,
            cites: &[ieee("6.2.3 NaN propagation")],
            statement: "Conversions between formats keep the sign and the most significant payload bits and quiet the result; 754 says payloads should be preserved where the destination can hold them.",
        },
        Rule {
            id: "float.quirks.ieee754.fma_inf_zero_qnan",
            status: Status::Unspecified,
            cites: &[ieee("7.2 Invalid operation"), note("docs/design/0001-float-core.md#baseline")],
            statement: "754 leaves to the implementation whether fma(inf, 0, qNaN) signals invalid. Baseline: it does not (x86 FMA3); the result is the quiet NaN operand c.",
        },
        Rule {
            id: "float.quirks.ieee754.tininess",
            status: Status::Unspecified,
            cites: &[ieee("7.5 Underflow"), note("docs/design/0001-float-core.md#tininess")],
            statement: "754 lets binary formats detect tininess before or after rounding. Baseline: after rounding, which is what x86 does (measured: docs/design/0001-float-core.md).",
        },
        Rule {
            id: "float.quirks.ieee754.output_flush_test",
            status: Status::Inferred,
            cites: &[note("docs/design/0001-float-core.md#flushing")],
            statement: "Flush-to-zero (not a 754 mode) flushes exactly the results that are tiny under the mode's tininess rule, to a zero of the result's sign, raising underflow and inexact; x86 FTZ behaves so with tininess after rounding.",
        },
        Rule {
            id: "float.quirks.ieee754.input_denormal_flag",
            status: Status::Inferred,
            cites: &[note("docs/design/0001-float-core.md#flushing")],
            statement: "The input-denormal flag (not a 754 flag) is raised when an arithmetic operation consumes a subnormal operand that the mode does not flush and signals neither invalid nor divide-by-zero, as x86's DE flag (measured; docs/design/0002-x86-oracle.md).",
        },
        Rule {
            id: "float.quirks.ieee754.denormal_modes",
            status: Status::Specified,
            cites: &[ieee("3.4 Binary interchange format encodings")],
            statement: "754 has subnormals in every format; the flushing settings exist only so that GPU modes can be mirrored: all four combinations are allowed for every format.",
        },
        Rule {
            id: "float.quirks.ieee754.float_to_int_invalid",
            status: Status::Unspecified,
            cites: &[ieee("5.8 Details of conversions from floating-point to integer formats"), note("docs/design/0001-float-core.md#baseline")],
            statement: "754 signals invalid for NaN and out-of-range operands but leaves the result to the language. Baseline: the x86 integer indefinite (sign bit only for signed types, all ones for unsigned), as SoftFloat's 8086-SSE specialization.",
        },
        Rule {
            id: "float.quirks.ieee754.float_to_int_saturating_nan",
            status: Status::Unspecified,
            cites: &[ieee("5.8 Details of conversions from floating-point to integer formats"), note("docs/design/0001-float-core.md#baseline")],
            statement: "754 has no saturating conversion. Baseline for the saturating form: NaN converts to 0 and out-of-range values to the nearest bound, signalling invalid.",
        },
        Rule {
            id: "float.quirks.ieee754.zero_sign_of_exact_cancellation",
            status: Status::Specified,
            cites: &[ieee("6.3 The sign bit")],
            statement: "An exact zero sum or difference of operands with opposite signs is +0, except -0 under roundTowardNegative; x + x = x - (-x) keeps the sign of x.",
        },
    ];
}
