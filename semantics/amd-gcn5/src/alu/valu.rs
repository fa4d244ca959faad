//! Vector ALU kernels: per lane and pure (DESIGN.md: "Kernels are per-lane and pure").
//!
//! A kernel gets one lane's operand values after the source modifiers ([`LaneIn`]) and
//! the lane's context ([`LaneCtx`]: MODE, the clamp bit for the integer operations that
//! saturate), and returns what the lane writes ([`LaneOut`]): the destination, the carry
//! or compare bit for VCC / the SGPR pair, and the float exception flags. Lane iteration,
//! EXEC masking, abs/neg, SDWA/DPP/op_sel selection and omod and the float clamp are the
//! executor's, once (docs/design/0019).
//!
//! Today: the VOP2 and VOP1 rows whose reading is settled ([`vop2`], [`vop1`]). The rest of VOP2 waits for
//! the dispute notes issue 5 asks for, listed in [`NOT_YET`] with the question.

mod vop1;
mod vop2;

use super::mode::{Mode, Width};
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::{Flagged, Flags, FpMode};

/// One lane's operands. 32-bit operands are in the low half, 16-bit ones in the low
/// quarter (the executor selects the half op_sel or SDWA name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneIn {
    pub s0: u64,
    pub s1: u64,
    pub s2: u64,
    /// The destination's value before the instruction (MAC reads it).
    pub d: u64,
    /// This lane's bit of VCC or of the SGPR pair in SRC2 (carry-in, CNDMASK's selector).
    pub carry: bool,
}

/// What a kernel knows besides its operands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneCtx {
    pub mode: Mode,
    /// The instruction's CLAMP bit: integer operations saturate ("ALU Clamp Bit Usage");
    /// float results are clamped by the executor.
    pub clamp: bool,
}

impl LaneCtx {
    pub fn fp(&self, width: Width) -> FpMode {
        self.mode.fp(width)
    }
}

/// What one lane writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneOut {
    pub d: Option<u64>,
    /// This lane's bit of VCC or of the SGPR-pair destination.
    pub carry: Option<bool>,
    pub flags: Flags,
}

impl LaneOut {
    pub fn d(v: u64) -> LaneOut {
        LaneOut {
            d: Some(v),
            ..LaneOut::default()
        }
    }

    pub fn float<T: Into<u64>>(r: Flagged<T>) -> LaneOut {
        LaneOut {
            d: Some(r.value.into()),
            carry: None,
            flags: r.flags,
        }
    }
}

/// A vector ALU kernel.
pub type VectorKernel = fn(&LaneIn, &LaneCtx) -> LaneOut;

/// One row of the vector kernel table; a row's VOP3 form runs the same kernel.
pub type VectorKernelRow = super::KernelRow<VectorKernel>;

pub use vop1::KERNELS as VOP1_KERNELS;
pub use vop2::KERNELS as VOP2_KERNELS;

/// The vector kernel of a row (its VOP3 form runs the same one).
pub fn kernel(name: &str) -> Option<&'static VectorKernelRow> {
    VOP2_KERNELS
        .iter()
        .chain(VOP1_KERNELS)
        .find(|k| k.name == name)
}

/// Vector ALU rows without a kernel yet, with the question that must be settled first.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
    ("V_MUL_LEGACY_F32", "the sign of DX9's zero product and its denormal handling (disputes: legacy multiply and zero sign)"),
    ("V_MIN_F32",        "NaN and ±0 under IEEE 0/1 and denormal flushing (disputes: min/max)"),
    ("V_MAX_F32",        "NaN and ±0 under IEEE 0/1 and denormal flushing (disputes: min/max)"),
    ("V_MIN_F16",        "NaN and ±0 under IEEE 0/1 and denormal flushing (disputes: min/max)"),
    ("V_MAX_F16",        "NaN and ±0 under IEEE 0/1 and denormal flushing (disputes: min/max)"),
    ("V_MAC_F32",        "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_MADMK_F32",      "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_MADAK_F32",      "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_MAC_F16",        "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_MADMK_F16",      "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_MADAK_F16",      "fused or not, and MAD's denormal rule (disputes: mad/fma/mac and legacy forms)"),
    ("V_LDEXP_F16",      "how S1's 16 bits are read as an exponent (the manual calls it f16 and i16)"),
];

/// Decisions of the vector kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.valu.subbrev.borrow", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "VOP2 Instructions"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "V_SUBBREV_CO_U32's borrow is (S0 + VCC > S1): its D is S1 - S0 - VCC; the printed borrow (S1 + VCC > S0) is copied from V_SUBB_CO_U32" },
    Rule { id: "gcn5.valu.int_clamp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "with CLAMP set an integer add, subtract or multiply saturates its result to the destination type's range; a carry-out is computed from the unsaturated result" },
    Rule { id: "gcn5.valu.ieee0_snan", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Gpuref, "docs/design/0005-gpu-float-quirks.md#contract-gaps")],
        statement: "MODE.IEEE = 1 quiets signalling NaN inputs; what IEEE = 0 returns for them is not stated. The kernels quiet in both modes; vectors for IEEE = 0 with a signalling NaN input accept any NaN" },
    Rule { id: "gcn5.valu.fp16_ovfl", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "with MODE.FP16_OVFL an f16 result that overflowed (the overflow flag, so never an infinity from infinite inputs) becomes ±MAX_FP16 (0x7bff/0xfbff)" },
];

#[cfg(test)]
mod spec_cases;
#[cfg(test)]
mod tests;
