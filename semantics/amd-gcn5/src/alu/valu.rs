//! Vector ALU kernels: per lane and pure (DESIGN.md: "Kernels are per-lane and pure").
//!
//! A kernel gets one lane's operand values after the source modifiers ([`LaneIn`]) and
//! the lane's context ([`LaneCtx`]: MODE, the clamp bit for the integer operations that
//! saturate), and returns what the lane writes ([`LaneOut`]): the destination, the carry
//! or compare bit for VCC / the SGPR pair, and the float exception flags. Lane iteration,
//! EXEC masking, abs/neg, SDWA/DPP/op_sel selection and omod and the float clamp are the
//! executor's, once (docs/design/0019).
//!
//! One module per operation family, each with its own kernel table (`KERNELS`), the rows
//! still waiting for a decision (`NOT_YET`, with the question) and its rules (`RULES`):
//! [`vop2`] and [`vop1`] (the VOP2/VOP1 rows), [`vopc`] (compares and CLASS), [`vop3i`]
//! (VOP3-only integer and bit operations), [`vop3f`] (VOP3-only float operations),
//! [`fminmax`] (min/max/med3, legacy multiply, MAD/MAC/FMA families), [`trans`]
//! (transcendentals, approximate by specification) and [`vop3p`] (packed math, MIX, dot).

mod common;
mod fminmax;
mod trans;
mod vop1;
mod vop2;
mod vop3f;
mod vop3i;
mod vop3p;
mod vopc;

use super::mode::{Mode, Width};
use crate::isa;
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::{Flagged, Flags, FpMode};
use std::sync::OnceLock;

/// One lane's operands. 32-bit operands are in the low half, 16-bit ones in the low
/// quarter (the executor selects the half op_sel or SDWA name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneIn {
    pub s0: u64,
    pub s1: u64,
    pub s2: u64,
    /// Bits 127:64 of a 128-bit SRC2 (V_MQSAD_U32_U8's accumulators), 0 for other widths.
    pub s2_hi: u64,
    /// The destination's value before the instruction (MAC reads it).
    pub d: u64,
    /// This lane's bit of VCC or of the SGPR pair in SRC2 (carry-in, CNDMASK's selector).
    pub carry: bool,
    /// The lane's position in the wave, 0..=63 (MBCNT's ThreadPosition).
    pub lane: u8,
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

/// What of a lane's destination the sources settle, when not every bit: the ISA-neutral
/// vocabulary of gpuref-core. The vector generator turns it into an acceptance set; `d`
/// stays gpuref's own choice (what `--strict` compares with).
pub use gpuref_core::open::Accept;

/// What of a lane's output is open, and why: the wave's vocabulary ([`crate::wave`]), which
/// the memory executors share.
pub use crate::wave::{Output, Unsettled};

/// What one lane writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneOut {
    pub d: Option<u64>,
    /// Bits 127:64 of a 128-bit destination (with `d` its low half), 0 for other widths.
    pub d_hi: u64,
    /// This lane's bit of VCC or of the SGPR-pair destination.
    pub carry: Option<bool>,
    pub flags: Flags,
    /// `None`: `d` is exact. Otherwise what of `d` the sources settle.
    pub unsettled: Option<Unsettled>,
}

impl LaneOut {
    pub fn d(v: u64) -> LaneOut {
        LaneOut {
            d: Some(v),
            ..LaneOut::default()
        }
    }

    /// A 128-bit result: `d` holds bits 63:0, `d_hi` bits 127:64.
    pub fn wide(v: u128) -> LaneOut {
        LaneOut {
            d: Some(v as u64),
            d_hi: (v >> 64) as u64,
            ..LaneOut::default()
        }
    }

    pub fn float<T: Into<u64>>(r: Flagged<T>) -> LaneOut {
        LaneOut {
            d: Some(r.value.into()),
            flags: r.flags,
            ..LaneOut::default()
        }
    }

    /// The same result, its destination marked as settled only as far as `accept` says, by
    /// `rule`.
    pub fn unsettled(self, accept: Accept, rule: &'static str, flags_settled: bool) -> LaneOut {
        self.unsettled_on(Output::D, accept, rule, flags_settled)
    }

    /// The same result, its lane-mask bit (`carry`) marked as settled only as far as
    /// `accept` says (`Accept::Mask(1)`: settled, `Accept::Mask(0)`: either), by `rule`.
    pub fn unsettled_carry(
        self,
        accept: Accept,
        rule: &'static str,
        flags_settled: bool,
    ) -> LaneOut {
        self.unsettled_on(Output::Carry, accept, rule, flags_settled)
    }

    fn unsettled_on(
        self,
        output: Output,
        accept: Accept,
        rule: &'static str,
        flags_settled: bool,
    ) -> LaneOut {
        LaneOut {
            unsettled: Some(Unsettled {
                output,
                accept,
                rule,
                flags_settled,
            }),
            ..self
        }
    }
}

/// A vector ALU kernel.
pub type VectorKernel = fn(&LaneIn, &LaneCtx) -> LaneOut;

/// One row of the vector kernel table; a row's VOP3 form runs the same kernel.
pub type VectorKernelRow = super::KernelRow<VectorKernel>;

pub use vop1::KERNELS as VOP1_KERNELS;
pub use vop2::KERNELS as VOP2_KERNELS;

/// Every vector kernel table, one per module (a module split into submodules lists each).
pub const TABLES: &[&[VectorKernelRow]] = &[
    vop2::KERNELS,
    vop1::KERNELS,
    vopc::KERNELS,
    vop3i::KERNELS,
    vop3f::KERNELS,
    fminmax::KERNELS,
    trans::KERNELS,
    vop3p::KERNELS,
];

/// Every module's list of rows still waiting for a decision, with the question.
pub const NOT_YET_TABLES: &[&[(&str, &str)]] = &[
    vop2::NOT_YET,
    vop1::NOT_YET,
    vopc::NOT_YET,
    vop3i::NOT_YET,
    vop3f::NOT_YET,
    fminmax::NOT_YET,
    trans::NOT_YET,
    vop3p::NOT_YET,
];

/// Every module's rules (the decisions its kernels make).
pub const RULE_TABLES: &[&[Rule]] = &[
    RULES,
    vop2::RULES,
    vop1::RULES,
    vopc::RULES,
    vop3i::RULES,
    vop3f::RULES,
    fminmax::RULES,
    trans::RULES,
    vop3p::RULES,
    super::vpacked::RULES,
    super::vpacked::ACC_RULES,
    super::vpacked::MFMA_RULES,
];

/// The vector kernel of a row (its VOP3 form runs the same one).
pub fn kernel(name: &str) -> Option<&'static VectorKernelRow> {
    TABLES
        .iter()
        .flat_map(|t| t.iter())
        .find(|k| k.name == name)
}

/// The vector kernel of the row with this id: [`TABLES`] joined to the rows once
/// ([`isa::by_row`]); what the executors use instead of [`kernel`]'s name search.
pub fn kernel_of(id: RowId) -> Option<&'static VectorKernelRow> {
    static TABLE: OnceLock<Vec<Option<&'static VectorKernelRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(TABLES.iter().flat_map(|t| t.iter()).map(|k| (k.name, k))))
        [id.index()]
}

/// Vector ALU rows without a kernel yet, with the question that must be settled first.
pub fn not_yet() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    NOT_YET_TABLES.iter().flat_map(|t| t.iter())
}

/// Decisions of the vector kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.valu.subbrev.borrow", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "VOP2 Instructions"), SpecRef::new(Spec::Gpuref, "docs/design/0049-gcn5-audit-findings.md")],
        statement: "the manual's V_SUBBREV_CO_U32 row contradicts itself: it computes D.u = S1.u - S0.u - VCC and calls VCC 'an UNSIGNED overflow', but prints VCC = (S1.u + VCC > S0.u), V_SUBB_CO_U32's line copied; the two lines agree only when S0 = S1. We follow the D line and the comment: VCC is the borrow of S1 - S0 - VCC, (S0 + VCC > S1) in unbounded integers (gem5's Vega model computes it so; note 0049)" },
    Rule { id: "gcn5.valu.int_clamp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "with CLAMP set an integer add, subtract or multiply saturates its result to the destination type's range; a carry-out is computed from the unsaturated result" },
    Rule { id: "gcn5.valu.ieee0_snan", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Gpuref, "docs/design/0005-gpu-float-quirks.md#contract-gaps")],
        statement: "MODE.IEEE = 1 quiets signalling NaN inputs; what IEEE = 0 returns for them is not stated. The kernels quiet in both modes; with IEEE = 0, a signalling NaN source and a NaN result, the lane accepts any NaN and its flags are open (the executor marks it unless the kernel said more); a packed f16 result opens the sign and payload of its NaN halves, and a packed f16 source is signalling if either half is" },
    Rule { id: "gcn5.valu.fp16_ovfl", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "with MODE.FP16_OVFL an f16 result that overflowed (the overflow flag, so never an infinity from infinite inputs) becomes ±MAX_FP16 (0x7bff/0xfbff)" },
];

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
