//! AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908): one float contract for both.
//!
//! The two manuals share the MODE register, the conversion rules and the NaN examples; where
//! they differ (the half-precision controls, MFMA) the rule statement says so and cites both.
//! The MI100 manual stops before its instruction chapter, so per-instruction text comes from
//! the Vega manual for both chips. Decisions: docs/design/0005-gpu-float-quirks.md#amd_gcn5.

use super::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// AMD GCN5 (Vega gfx900) and CDNA1 (MI100 gfx908).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AmdGcn5;

const fn vega(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Vega, section)
}
const fn mi100(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Mi100, section)
}
const fn ieee(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Ieee754, section)
}
const fn note(section: &'static str) -> SpecRef {
    SpecRef::new(Spec::Gpuref, section)
}

impl FloatQuirks for AmdGcn5 {
    const NAME: &'static str = "amd_gcn5";
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
            modes: &[Denormals::KEEP],
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
        nan: IntResult::Zero,
        positive_overflow: IntResult::Max,
        negative_overflow: IntResult::Min,
    };
    const FLOAT_TO_INT_SATURATING_NAN: IntResult = IntResult::Zero;
    #[rustfmt::skip]
    const RULES: &'static [Rule] = &[
        Rule {
            id: "float.quirks.amd_gcn5.default_nan",
            status: Status::Inferred,
            cites: &[vega("VOP1 Instructions: V_LOG_F32, V_RSQ_F32, V_SQRT_F32, V_SIN_F32, V_COS_F32, V_SQRT_F16, V_LOG_F16"), vega("VOP3A & VOP3B Instructions: V_DIV_FIXUP_F32, V_DIV_FIXUP_F64"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "Sign set, quiet bit only (0xffc00000, 0xfe00, 0xfff8000000000000): every invalid result the Vega manual prints has this pattern (log(-1), sqrt(-inf), sin(inf), div_fixup 0/0 and inf/inf); for add/mul/fma (inf-inf, 0*inf) it prints none, and we infer the same NaN. MI100 has no instruction chapter and is assumed identical.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.nan_propagation",
            status: Status::Unspecified,
            cites: &[vega("Mode register"), mi100("3.5. Mode register"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "MODE.IEEE says signalling NaN inputs are quieted and propagated but not which operand wins; the only orders printed are per-opcode (V_MIN/V_MAX: S0 then S1; V_DIV_FIXUP: numerator then denominator, kernel rules). Chosen: the first NaN operand in operand order, quieted, payload kept (LLVM #214608 reports that gfx9 quieting keeps the payload).",
        },
        Rule {
            id: "float.quirks.amd_gcn5.nan_quieting",
            status: Status::Inferred,
            cites: &[vega("Mode register"), mi100("3.5. Mode register"), note("docs/design/0005-gpu-float-quirks.md#contract-gaps")],
            statement: "With MODE.IEEE=1 a signalling NaN input is returned quieted (quiet bit set, payload kept), as the core does. With IEEE=0 the manuals imply it is passed through unquieted (LLVM #139622 agrees); the core cannot express that yet, so gpuref models IEEE=1 (contract gap).",
        },
        Rule {
            id: "float.quirks.amd_gcn5.nan_conversion",
            status: Status::Unspecified,
            cites: &[vega("VOP1 Instructions: V_CVT_F32_F64, V_CVT_F64_F32, V_CVT_F16_F32, V_CVT_F32_F16"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "The float-to-float conversions say nothing about NaN operands. Chosen: keep the sign and the top payload bits and quiet, consistent with the payload-keeping propagation chosen above.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.fma_inf_zero_qnan",
            status: Status::Unspecified,
            cites: &[vega("VOP3A & VOP3B Instructions: V_FMA_F32, V_FMA_F64"), ieee("7.2 Invalid operation"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "V_FMA_F32/F64 say only 'fused multiply add'; whether fma(inf, 0, qNaN) sets TRAPSTS invalid is not stated. Chosen: no invalid (the x86 baseline), result the quiet NaN operand c.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.tininess",
            status: Status::Unspecified,
            cites: &[vega("Denormalized and Rounding Modes"), mi100("6.4. Denormalized and Rounding Modes"), ieee("7.5 Underflow"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "Neither manual says whether tininess (for the underflow flag and for 'flush output denorms') is detected before or after rounding. Chosen: after rounding, the baseline, until a device run shows otherwise.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.output_flush_test",
            status: Status::Inferred,
            cites: &[vega("Denormalized and Rounding Modes"), mi100("6.4. Denormalized and Rounding Modes")],
            statement: "FP_DENORM 'flush output denorms' is read as: results that are tiny under the tininess rule become a zero of the result's sign; the manuals give neither the boundary nor the sign, only that OMOD (a separate step) turns -0 into +0 (MI100 6.2.2).",
        },
        Rule {
            id: "float.quirks.amd_gcn5.input_denormal_flag",
            status: Status::Unspecified,
            cites: &[vega("Trap and Exception registers"), mi100("3.10.1. Trap Status register"), note("docs/design/0005-gpu-float-quirks.md#amd_gcn5")],
            statement: "TRAPSTS.EXCP[1] 'Input Denormal' exists but neither manual says whether a flushed denormal input sets it. Chosen: only inputs used as denormals (x86 DE); MI100 MFMA raises no exceptions at all (7.1), which is a kernel rule.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.denormal_modes",
            status: Status::Inferred,
            cites: &[vega("Denormalized and Rounding Modes"), vega("Mode register"), mi100("6.4. Denormalized and Rounding Modes"), mi100("7.1. Matrix Arithmetic Opcodes")],
            statement: "All four input/output flush combinations exist for f32 (FP_DENORM[5:4]) and f64 (FP_DENORM[7:6]); f16 shares the f64 field (MI100 says 'Double/Half'; Vega says 'Double' only, but its F16 ops 'support denormals'). No field names bf16 (MI100 MFMA inputs only): we keep bf16 denormals as given (unspecified).",
        },
        Rule {
            id: "float.quirks.amd_gcn5.float_to_int_invalid",
            status: Status::Specified,
            cites: &[vega("VOP1 Instructions: V_CVT_I32_F32, V_CVT_U32_F32, V_CVT_I32_F64, V_CVT_U32_F64")],
            statement: "Out-of-range values including infinities saturate (to the type's max or min, 0 for unsigned) and NaN converts to 0, with no clamp bit needed. The 16-bit V_CVT_I16/U16_F16 rows only mention 'saturation' (tied to CLAMP); we apply the same rule.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.float_to_int_saturating_nan",
            status: Status::Specified,
            cites: &[vega("VOP1 Instructions: V_CVT_I32_F32, V_CVT_U32_F32")],
            statement: "Every float-to-int conversion saturates, so the saturating form is the same instruction: NaN converts to 0.",
        },
        Rule {
            id: "float.quirks.amd_gcn5.zero_sign_of_exact_cancellation",
            status: Status::Inferred,
            cites: &[vega("VOP2 Instructions: V_ADD_F32"), ieee("6.3 The sign bit")],
            statement: "V_ADD_F32/F64/F16 are given as IEEE-rounded adds ('0.5ULP precision') under the MODE round mode; we take the IEEE sign rule: an exact zero sum of opposite signs is +0, -0 when rounding toward -inf.",
        },
    ];
}
