//! AMD R700 (TeraScale 1, rv770): fixed float rules, no mode register, no exceptions.
//!
//! The manual states float rules almost only for the double-precision instructions (the
//! result tables of chapter 9) and the two float-width conversions; single precision is
//! inferred from them where the tables are consistent, and chosen otherwise. Per-opcode
//! rules (MUL vs MUL_IEEE, MAX_DX10, FLT64_TO_FLT32's NaN table) belong to the kernels.
//! Decisions: docs/design/0005-gpu-float-quirks.md#amd_r700.

use super::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// AMD R700 family (rv770; rv710/rv730 where they differ only in DPFP availability).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AmdR700;

const fn r700(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::R700, section)
}
const fn ieee(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Ieee754, section)
}
const fn note(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Gpuref, section)
}

impl FloatQuirks for AmdR700 {
    const NAME: &'static str = "amd_r700";
    const DEFAULT_NAN: NanPattern = NanPattern {
        negative: true,
        all_fraction_bits: false,
    };
    const NAN_PROPAGATION: NanPropagation = NanPropagation::FirstNan;
    const FMA_INF_ZERO_QNAN_INVALID: bool = false;
    const NAN_CONVERSION: NanConversion = NanConversion::PreservePayload;
    const TININESS: Tininess = Tininess::AfterRounding;
    const INPUT_DENORMAL_FLAG: InputDenormalFlag = InputDenormalFlag::Never;
    const DENORMAL_MODES: &'static [DenormSupport] = &[
        // No half or bfloat16 type exists on R700.
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
        DenormSupport {
            class: DenormClass::Double,
            modes: &[Denormals::FLUSH],
        },
    ];
    const FLOAT_TO_INT_INVALID: InvalidIntResults = InvalidIntResults {
        nan: IntResult::Zero,
        positive_overflow: IntResult::Max,
        negative_overflow: IntResult::Min,
    };
    const FLOAT_TO_INT_SATURATING_NAN: IntResult = IntResult::Zero;
    #[rustfmt::skip]
    const RULES: &'static [Rule] = &[
        Rule {
            id: "float.quirks.amd_r700.default_nan",
            status: Status::Inferred,
            cites: &[r700("9.2 ALU Instructions: ADD_64 (Table 9.1), MUL_64, MULADD_64 (Tables 9.8, 9.9)"), r700("9.2 ALU Instructions: FLT64_TO_FLT32 (Table 9.3)"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "Sign set, quiet bit only: the double tables give NaN64 = 0xfff8000000000000 for inf-inf and inf*0, and FLT64_TO_FLT32 maps -NaN to 0xffc00000. Single-precision invalid results are not described; we infer the same pattern (0xffc00000). The 0x7fffffff of out-of-bounds constant reads (4.6.3) is a read value, not an operation result.",
        },
        Rule {
            id: "float.quirks.amd_r700.nan_propagation",
            status: Status::Inferred,
            cites: &[r700("9.2 ALU Instructions: ADD_64 (Table 9.1), MULADD_64 (Tables 9.8, 9.9)"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "The double tables return 'src0 (NaN64)' whenever src0 is NaN and 'src1 (NaN64)' when only src1 is: the first NaN operand, propagated. Single-precision ops have no table; we infer the same order. Whether the propagated NaN is quieted is not stated (see nan_quieting).",
        },
        Rule {
            id: "float.quirks.amd_r700.nan_quieting",
            status: Status::Unspecified,
            cites: &[r700("Chapter 1 Introduction"), r700("9.2 ALU Instructions: FLT32_TO_FLT64 (Table 9.2)"), note("docs/design/0005-gpu-float-quirks.md#contract-gaps")],
            statement: "R700 has no exceptions, so signalling is moot; no arithmetic table says whether a propagated sNaN is quieted, and FLT32_TO_FLT64 explicitly returns an sNaN as an sNaN. The core always quiets; conversions that must not quiet need a kernel rule or a contract item.",
        },
        Rule {
            id: "float.quirks.amd_r700.nan_conversion",
            status: Status::Inferred,
            cites: &[r700("9.2 ALU Instructions: FLT32_TO_FLT64 (Table 9.2)"), r700("9.2 ALU Instructions: FLT64_TO_FLT32 (Table 9.3)"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "Widening keeps sign and payload (pseudo-code {mant, 29'b0}) and keeps an sNaN signalling; narrowing returns 0xffc00000/0x7fc00000 by sign. The item holds one rule: we keep the payload (exact for widening quiet NaNs); FLT64_TO_FLT32's default-NaN table and the unquieted sNaN are kernel rules.",
        },
        Rule {
            id: "float.quirks.amd_r700.fma_inf_zero_qnan",
            status: Status::Inferred,
            cites: &[r700("Chapter 1 Introduction"), r700("9.2 ALU Instructions: MULADD_64 (Tables 9.8, 9.9)"), note("docs/design/0005-gpu-float-quirks.md#contract-gaps")],
            statement: "No IEEE exceptions exist, so no invalid flag is observable (false). The result differs from the contract's assumption: MULADD_64's tables turn inf*0 into NaN64 first and the add table then returns that NaN (src0) over a NaN addend, i.e. 0xfff8000000000000, not c.",
        },
        Rule {
            id: "float.quirks.amd_r700.tininess",
            status: Status::Unspecified,
            cites: &[r700("4.12 Double-Precision Floating-Point Operations"), ieee("7.5 Underflow"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "No flags exist and results are flushed, so tininess only decides which results near the smallest normal are flushed; the manual does not say. Chosen: after rounding, the baseline.",
        },
        Rule {
            id: "float.quirks.amd_r700.output_flush_test",
            status: Status::Inferred,
            cites: &[r700("9.2 ALU Instructions: ADD_64 (Table 9.1), LDEXP_64")],
            statement: "No double table lists a denormal result (finite sums are '+-F or +0') and LDEXP_64 underflow returns {sign, 0}: tiny results become a zero of the result's sign; single precision is assumed to do the same.",
        },
        Rule {
            id: "float.quirks.amd_r700.input_denormal_flag",
            status: Status::Specified,
            cites: &[r700("Chapter 1 Introduction")],
            statement: "R700 'does not support IEEE floating-point exceptions': no input-denormal flag (nor any other flag) is ever visible.",
        },
        Rule {
            id: "float.quirks.amd_r700.denormal_modes",
            status: Status::Unspecified,
            cites: &[r700("9.2 ALU Instructions: ADD_64 (Table 9.1), MUL_64, PRED_SETE_64"), r700("4.12 Double-Precision Floating-Point Operations"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "There is no mode register: one fixed setting per width. Doubles: denormal inputs act as zeros of their sign (every 64-bit table, specified) and no table yields a denormal (inferred flush). Single precision: never stated; we choose flush in and out like the doubles (D3D10 permits it). No half or bfloat16 type exists.",
        },
        Rule {
            id: "float.quirks.amd_r700.float_to_int_invalid",
            status: Status::Contested,
            cites: &[r700("4.8.1 Instructions for All ALU Units"), r700("9.2 ALU Instructions: FLT_TO_INT"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "FLT_TO_INT says 'If the value does fit in 32 bits, the low-order bits are used' (read by our survey as 'does not fit': wrap), FLT_TO_UINT says nothing, NaN/inf are unstated. Chosen: the D3D10 ftoi/ftou rule R700 targets (NaN to 0, saturate to max/min); the wrap reading needs an IntResult variant the contract lacks.",
        },
        Rule {
            id: "float.quirks.amd_r700.float_to_int_saturating_nan",
            status: Status::Unspecified,
            cites: &[r700("4.9.1 Output Modifiers"), note("docs/design/0005-gpu-float-quirks.md#amd_r700")],
            statement: "R700 has no saturating float-to-int form (CLAMP is for float results only). For the core's saturating conversion we choose NaN to 0, matching the choice for FLT_TO_INT.",
        },
        Rule {
            id: "float.quirks.amd_r700.zero_sign_of_exact_cancellation",
            status: Status::Inferred,
            cites: &[r700("9.2 ALU Instructions: ADD_64 (Table 9.1), MULADD_64 (Table 9.9)"), ieee("6.3 The sign bit")],
            statement: "The double add tables give -0 + -0 = -0, -0 + +0 = +0 and '+-F or +0' for opposite finite operands (round to nearest is the only mode, 4.12): exact cancellation is +0; single precision is assumed the same.",
        },
    ];
}
