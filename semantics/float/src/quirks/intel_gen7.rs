//! Intel Gen7 (Ivy Bridge) EU: the IEEE and ALT floating-point modes of cr0.0 bit 0.
//!
//! The mode bit selects the behaviour of the F (binary32) type only; DF (binary64) is always
//! IEEE, with its own denormal bit (cr0.0 bit 6). Rounding comes from cr0.0 bits 5:4 (a
//! runtime `FpMode`, not a quirk). The EU has no floating-point exceptions or status bits,
//! so the flags the core computes are invisible on Gen7 except through the `.o`/`.u`
//! conditional modifiers. ALT semantics the contract cannot express (overflow to ±fmax,
//! undefined inf/NaN inputs) are listed in docs/design/0005-gpu-float-quirks.md#contract-gaps.

use super::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// Gen7 with cr0.0 bit 0 = 0: IEEE floating-point mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntelGen7Ieee;

/// Gen7 with cr0.0 bit 0 = 1: ALT (alternative, D3D9-legacy) floating-point mode for F.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntelGen7Alt;

const fn ivb(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::IvyBridge, section)
}
const fn ieee(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Ieee754, section)
}
const fn note(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Gpuref, section)
}

/// Shared by both modes: a positive NaN with every fraction bit set (0x7fffffff), the
/// pattern Intel's own GPU compiler libraries use as "the" quiet NaN; the manual leaves it open.
const GEN7_NAN: NanPattern = NanPattern {
    negative: false,
    all_fraction_bits: true,
};

/// §2.4.1 Float to Integer: NaN → 0, out of range (and ±inf) → the nearest limit.
const GEN7_FLOAT_TO_INT: InvalidIntResults = InvalidIntResults {
    nan: IntResult::Zero,
    positive_overflow: IntResult::Max,
    negative_overflow: IntResult::Min,
};

/// DF: cr0.0 bit 6 = 0 flushes denormal sources and results (sign kept), 1 keeps both.
const DF_DENORMAL_MODES: &[Denormals] = &[Denormals::FLUSH, Denormals::KEEP];

impl FloatQuirks for IntelGen7Ieee {
    const NAME: &'static str = "intel_gen7_ieee";
    const DEFAULT_NAN: NanPattern = GEN7_NAN;
    const NAN_PROPAGATION: NanPropagation = NanPropagation::DefaultNan;
    const FMA_INF_ZERO_QNAN_INVALID: bool = false;
    const NAN_CONVERSION: NanConversion = NanConversion::DefaultNan;
    const TININESS: Tininess = Tininess::AfterRounding;
    const INPUT_DENORMAL_FLAG: InputDenormalFlag = InputDenormalFlag::Never;
    const DENORMAL_MODES: &'static [DenormSupport] = &[
        // No half arithmetic: f16to32 keeps half denormals, f32to16 produces them.
        DenormSupport {
            class: DenormClass::Half,
            modes: &[Denormals::KEEP],
        },
        // No bfloat16 type on Gen7.
        DenormSupport {
            class: DenormClass::BFloat,
            modes: &[],
        },
        // F arithmetic always flushes; conversions and raw mov never do (kernel rule).
        DenormSupport {
            class: DenormClass::Single,
            modes: &[Denormals::FLUSH],
        },
        DenormSupport {
            class: DenormClass::Double,
            modes: DF_DENORMAL_MODES,
        },
    ];
    const FLOAT_TO_INT_INVALID: InvalidIntResults = GEN7_FLOAT_TO_INT;
    const FLOAT_TO_INT_SATURATING_NAN: IntResult = IntResult::Zero;
    #[rustfmt::skip]
    const RULES: &'static [Rule] = &[
        Rule {
            id: "float.quirks.intel_gen7_ieee.default_nan",
            status: Status::Unspecified,
            cites: &[ivb("2.3.1.1 Partial Listing of Honored IEEE-754 Rules"), ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_ieee")],
            statement: "The manual only says a NaN result 'may have different bit pattern than the source NaN' and never gives one. Chosen: 0x7fffffff (0x7fff, 0x7fffffffffffffff), the quiet NaN Intel's GPU compiler libraries use; vectors accept any NaN.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.nan_propagation",
            status: Status::Unspecified,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_ieee")],
            statement: "'NaN input to an operation always produces NaN on output', but the bit pattern need not survive (only raw mov keeps it), so no operand order is implied. Chosen: every NaN result is the default NaN; min/max via sel (return src1 when both are NaN) are kernel rules.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.nan_quieting",
            status: Status::Inferred,
            cites: &[ivb("1.2 EU Terms and Acronyms"), ivb("4.4.6 FPU Math Errors")],
            statement: "The EU signals no exceptions, so sNaN and qNaN differ only in bits; with default-NaN propagation an operation never returns a NaN operand, so the core's quieting rule has nothing left to decide here.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.nan_conversion",
            status: Status::Unspecified,
            cites: &[ivb("2.4.5 Double Precision Float to Single Precision Float"), ivb("2.4.6 Single Precision Float to Double Precision Float"), ivb("6.26 f16to32 – Half Precision Float to Single Precision Float"), ivb("6.27 f32to16 – Single Precision Float to Half Precision Float"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_ieee")],
            statement: "Every conversion table maps NaN to 'NaN' without bits, and a converting mov is not a raw mov, so the pattern is open. Chosen: the default NaN of the destination, like every other NaN result.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.fma_inf_zero_qnan",
            status: Status::Inferred,
            cites: &[ivb("2.3.1.1 Partial Listing of Honored IEEE-754 Rules"), ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754")],
            statement: "No invalid flag exists (no exceptions or status bits), so false; mad(inf, 0, NaN) returns a NaN ('NaN (any OP) any-value = NaN'), which with our propagation is the default NaN, not c.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.tininess",
            status: Status::Unspecified,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ieee("7.5 Underflow"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_ieee")],
            statement: "F results are flushed and DF results may be; the manual does not say whether a result that rounds up to the smallest normal counts as a denormal. Chosen: tininess after rounding (the baseline).",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.output_flush_test",
            status: Status::Inferred,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ivb("3.3.3.8 Control Register")],
            statement: "F denormal results (and DF ones with cr0.0 bit 6 = 0) are 'flushed to sign-preserved zero' (specified); which results count as denormal follows the tininess rule (inferred).",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.input_denormal_flag",
            status: Status::Specified,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ivb("4.4.6 FPU Math Errors")],
            statement: "'There is no support for floating point exceptions, status bits, or traps': no input-denormal flag exists.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.denormal_modes",
            status: Status::Specified,
            cites: &[ivb("2.2.2 Floating-Point Numeric Data Types"), ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ivb("3.3.3.8 Control Register")],
            statement: "F arithmetic always flushes inputs and outputs (no control); DF flushes both or keeps both by cr0.0 bit 6; conversions and raw mov never flush (a per-op kernel rule); no half arithmetic (f16to32/f32to16 keep half denormals) and no bfloat16.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.float_to_int_invalid",
            status: Status::Specified,
            cites: &[ivb("2.4.1 Float to Integer")],
            statement: "Round toward zero; NaN (either sign) gives 0, +inf and too-large values the type's max, -inf and too-small values its min (0 for unsigned), for UD, D, UW, W, UB and B. DF sources follow the same rule (inferred: the section speaks of 'float').",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.float_to_int_saturating_nan",
            status: Status::Specified,
            cites: &[ivb("2.4.1 Float to Integer")],
            statement: "Conversions clamp without .sat, so the saturating form is the same rule: NaN gives 0.",
        },
        Rule {
            id: "float.quirks.intel_gen7_ieee.zero_sign_of_exact_cancellation",
            status: Status::Inferred,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ivb("2.3.1.1 Partial Listing of Honored IEEE-754 Rules"), ivb("6.4 add – Addition")],
            statement: "'-0 + 0 = +0' is stated; the add table lists both zeros among the results of opposite finite operands, and the manual defers to IEEE 754 for what it does not mention: +0, or -0 when rounding toward -inf.",
        },
    ];
}

impl FloatQuirks for IntelGen7Alt {
    const NAME: &'static str = "intel_gen7_alt";
    const DEFAULT_NAN: NanPattern = GEN7_NAN;
    const NAN_PROPAGATION: NanPropagation = NanPropagation::DefaultNan;
    const FMA_INF_ZERO_QNAN_INVALID: bool = false;
    const NAN_CONVERSION: NanConversion = NanConversion::DefaultNan;
    const TININESS: Tininess = Tininess::AfterRounding;
    const INPUT_DENORMAL_FLAG: InputDenormalFlag = InputDenormalFlag::Never;
    const DENORMAL_MODES: &'static [DenormSupport] = &[
        // Half conversions are not supported in ALT mode.
        DenormSupport {
            class: DenormClass::Half,
            modes: &[],
        },
        DenormSupport {
            class: DenormClass::BFloat,
            modes: &[],
        },
        DenormSupport {
            class: DenormClass::Single,
            modes: &[Denormals::FLUSH],
        },
        // DF is always IEEE: the F mode bit does not change it.
        DenormSupport {
            class: DenormClass::Double,
            modes: DF_DENORMAL_MODES,
        },
    ];
    const FLOAT_TO_INT_INVALID: InvalidIntResults = GEN7_FLOAT_TO_INT;
    const FLOAT_TO_INT_SATURATING_NAN: IntResult = IntResult::Zero;
    #[rustfmt::skip]
    const RULES: &'static [Rule] = &[
        Rule {
            id: "float.quirks.intel_gen7_alt.default_nan",
            status: Status::Contested,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("1.2 EU Terms and Acronyms"), ivb("6.41 math – Extended Math Function"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_alt")],
            statement: "ALT 'must not generate NaN': from the finite inputs ALT allows, no F operation is invalid. For NaN inputs the manual disagrees with itself (glossary: NaN reads as +0; 2.3.2 and the math tables: NaN propagates). Chosen: as IEEE mode, 0x7fffffff; vectors treat inf/NaN inputs as undefined.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.nan_propagation",
            status: Status::Contested,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("1.2 EU Terms and Acronyms"), ivb("6.4 add – Addition"), ivb("6.43 mul – Multiply"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_alt")],
            statement: "The ALT add/mul tables call NaN inputs undefined, the glossary maps them to +0 at FPU inputs, 2.3.2's dismissed list and the math tables propagate them. Chosen: NaN in, default NaN out (as IEEE mode); vectors carry no exact bits for NaN inputs in ALT.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.nan_quieting",
            status: Status::Inferred,
            cites: &[ivb("1.2 EU Terms and Acronyms"), ivb("4.4.6 FPU Math Errors")],
            statement: "NaNs are 'not used' in ALT mode and no exceptions exist; with default-NaN propagation no operand NaN is ever returned, so quieting has nothing to decide.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.nan_conversion",
            status: Status::Inferred,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("6.26 f16to32 – Half Precision Float to Single Precision Float"), ivb("6.27 f32to16 – Single Precision Float to Half Precision Float")],
            statement: "ALT mode does not support conversions between F and DF or half (f16to32/f32to16 require IEEE mode), so no ALT conversion sees a NaN; the value only keeps the two modes consistent.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.fma_inf_zero_qnan",
            status: Status::Inferred,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("4.4.6 FPU Math Errors")],
            statement: "No flags exist (false), and in ALT inf and NaN inputs are 'not expected', so fma(inf, 0, NaN) is outside the defined domain; the 0 * fmax case it approximates gives 0 (ALT mul table).",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.tininess",
            status: Status::Unspecified,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ieee("7.5 Underflow"), note("docs/design/0005-gpu-float-quirks.md#intel_gen7_alt")],
            statement: "ALT 'must not generate ... denorm' results but does not say which results count as denormal. Chosen: tininess after rounding, as in IEEE mode.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.output_flush_test",
            status: Status::Inferred,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("6.43 mul – Multiply")],
            statement: "Denormal results are never produced; the ALT mul table shows tiny products as zeros of the product's sign, so tiny results flush to a signed zero as in IEEE mode.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.input_denormal_flag",
            status: Status::Specified,
            cites: &[ivb("2.3.1.2 Complete Listing of Deviations or Additional Requirements vs. IEEE-754"), ivb("4.4.6 FPU Math Errors")],
            statement: "The EU has no floating-point exceptions, status bits or traps in either mode: no input-denormal flag exists.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.denormal_modes",
            status: Status::Specified,
            cites: &[ivb("2.3.2 Alternative Floating Point Mode"), ivb("1.2 EU Terms and Acronyms"), ivb("6.4 add – Addition"), ivb("3.3.3.8 Control Register")],
            statement: "F denormal inputs act as zeros of their sign (ALT add/mul tables, glossary) and no denormal is produced; DF is unaffected by the F mode bit (cr0.0 bit 6 flushes or keeps); half conversions are not supported in ALT mode; no bfloat16.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.float_to_int_invalid",
            status: Status::Inferred,
            cites: &[ivb("2.4.1 Float to Integer"), ivb("1.2 EU Terms and Acronyms")],
            statement: "2.4.1 is not mode-specific, so ALT uses it: NaN 0, saturate to max/min. Both readings of ALT inputs agree: the glossary's inf -> fmax and NaN -> +0 give the same integers as 2.4.1 for every destination type.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.float_to_int_saturating_nan",
            status: Status::Inferred,
            cites: &[ivb("2.4.1 Float to Integer")],
            statement: "Conversions clamp without .sat in either mode, so the saturating form is the same rule: NaN gives 0.",
        },
        Rule {
            id: "float.quirks.intel_gen7_alt.zero_sign_of_exact_cancellation",
            status: Status::Inferred,
            cites: &[ivb("6.4 add – Addition")],
            statement: "The ALT add table gives -0 + -0 = -0, -0 + +0 = +0 and fmax + (-fmax) = +0; the table lets opposite finite operands give either zero; we read that as IEEE: +0, or -0 when rounding toward -inf.",
        },
    ];
}
