//! VOP3-only integer and bit kernels (Vega manual, "VOP3A & VOP3B Instructions"), and
//! gfx908's VOP2 V_XNOR_B32. Bit operations are in [`bits`], adds,
//! multiplies and sums of absolute differences in [`arith`], the masked and quad-byte SADs
//! in [`qsad`]; the table, the open rows and the rules are here (docs/design/0023, 0037).

mod arith;
mod bits;
mod qsad;

use super::{Accept, LaneCtx, LaneOut, VectorKernelRow};
use crate::alu::k;
use arith::*;
use bits::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use qsad::*;

const VOP3: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions")];
const SAT: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"),
    SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"),
];
const NOTE: SpecRef = SpecRef::new(
    Spec::Gpuref,
    "docs/design/0023-gcn5-compares-and-vop3-integer.md",
);
const OPEN: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE];
const XNOR: &[SpecRef] = &[SpecRef::new(Spec::LlvmMc, "gfx908 v_xnor_b32"), NOTE];
const SAD_NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0037-gcn5-sad-legacy-clrexcp.md");
/// The masked and quad-byte SADs: the Vega row names the operation, 0037 gives the reading.
const QSAD: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"),
    SAD_NOTE,
];

use Status::{Contested, Inferred, Specified, Unspecified};

/// Rows of this family without a kernel yet, with the question that must be settled first.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.vop3i.clamp_unstated", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), NOTE],
        statement: "the multiply-adds, SADs, ADD3, LSHL_ADD, ADD_LSHL, MUL_LO_U32 and the 24-bit multiplies V_MUL_U32_U24/V_MUL_I32_I24 do not say 'supports saturation'; with CLAMP gpuref saturates the exact value of the printed expression to the destination's range ('ALU Clamp Bit Usage'), and where that differs from the wrapped result only the bits both agree on are settled" },
    Rule { id: "gcn5.v_bfe_i32.sign", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE],
        statement: "V_BFE_I32 sign-extends the extracted field from bit width-1 (the name, and S_BFE_I32); the printed pseudocode masks it, which would zero-extend. Where the two differ only the agreeing bits are settled" },
    Rule { id: "gcn5.v_bfe.width", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions")],
        statement: "V_BFE_* read offset S1[4:0] and width S2[4:0] (so a width of 0 gives 0 and 32 cannot be written); bits above bit 31 of S0 >> offset are 0 (U32) or copies of the sign (I32)" },
    Rule { id: "gcn5.v_alignbyte_b32.select", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE],
        statement: "V_ALIGNBYTE_B32 shifts {S0,S1} right by 8*S2[1:0] (a byte alignment within the dword pair); Vega prints 8*S2.u[4:0], which for S2[4:2] != 0 shifts S1 out entirely or returns 0. Where the two differ only the agreeing bits are settled" },
    Rule { id: "gcn5.v_bcnt_u32_b32.accumulate", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE],
        statement: "V_BCNT_U32_B32 is popcount(S0) + S1 (llvm-mc requires the S1 operand, like V_MBCNT's D.u = S1.u start); Vega's pseudocode starts from 0. Where S1 != 0 only the agreeing bits are settled" },
    Rule { id: "gcn5.v_sad_u32.unsigned", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE],
        statement: "V_SAD_U32 adds the unsigned |S0 - S1| (the name); the pseudocode types the operands .i, which would read them signed. Where the two differ only the agreeing bits are settled; the byte and half-word SADs read unsigned fields under both readings" },
    Rule { id: "gcn5.v_msad_u8.mask", status: Status::Inferred, cites: QSAD,
        statement: "the masked SADs (V_MSAD_U8, V_MQSAD_PK_U16_U8, V_MQSAD_U32_U8) leave out a byte position whose reference byte, S1's, is 0 (AMD's later ISA manuals print it so; the Vega row only names a 'Masked Byte SAD'); the other reading, a mask from S0's byte, is set aside; the differences are unsigned" },
    Rule { id: "gcn5.v_qsad.windows", status: Status::Inferred, cites: QSAD,
        statement: "the quad SADs compute four SADs of the 4-byte S1 against the byte windows S0[8i+31:8i] (i = 0..3) of the 8-byte S0, the i-th added to the i-th 16-bit (PK forms) or 32-bit (V_MQSAD_U32_U8) field of S2 and written to the i-th field of D (AMD's later ISA manuals); a 32-bit accumulator wraps, as V_SAD_U8's overflow does" },
    Rule { id: "gcn5.v_qsad_pk_u16_u8.overflow", status: Status::Unspecified, cites: QSAD,
        statement: "a 16-bit accumulator of V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 whose sum exceeds 0xffff: gpuref wraps it (the later manuals' 16-bit truncation), and the field accepts any value, a superset of {wrapped, 0xffff} (a saturating datapath); the other fields stay settled" },
    Rule { id: "gcn5.v_mad_i64_i32.carry", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions"), NOTE],
        statement: "{vcc_out, D} = S0 * S1 + S2 is read as a 65-bit result: V_MAD_U64_U32's carry is bit 64 of the unsigned sum, V_MAD_I64_I32's is bit 64 of the 65-bit two's complement sum (the sign of the exact result), not a signed-overflow flag" },
    Rule { id: "gcn5.v_xnor_b32", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::LlvmMc, "gfx908 v_xnor_b32"), NOTE],
        statement: "gfx908's V_XNOR_B32 (no pseudocode in the MI100 manual) is ~(S0 ^ S1), as its scalar S_XNOR_B32 and LLVM" },
];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_MAD_I32_I24",      v_mad_i32_i24,      Specified, SAT),
    k("V_MAD_U32_U24",      v_mad_u32_u24,      Specified, SAT),
    k("V_BFE_U32",          v_bfe_u32,          Specified, VOP3),
    k("V_BFE_I32",          v_bfe_i32,          Contested, OPEN),
    k("V_BFI_B32",          v_bfi_b32,          Specified, VOP3),
    k("V_LERP_U8",          v_lerp_u8,          Specified, VOP3),
    k("V_ALIGNBIT_B32",     v_alignbit_b32,     Specified, VOP3),
    k("V_ALIGNBYTE_B32",    v_alignbyte_b32,    Contested, OPEN),
    k("V_MIN3_I32",         v_min3_i32,         Specified, VOP3),
    k("V_MIN3_U32",         v_min3_u32,         Specified, VOP3),
    k("V_MAX3_I32",         v_max3_i32,         Specified, VOP3),
    k("V_MAX3_U32",         v_max3_u32,         Specified, VOP3),
    k("V_MED3_I32",         v_med3_i32,         Specified, VOP3),
    k("V_MED3_U32",         v_med3_u32,         Specified, VOP3),
    k("V_SAD_U8",           v_sad_u8,           Specified, SAT),
    k("V_SAD_HI_U8",        v_sad_hi_u8,        Specified, SAT),
    k("V_SAD_U16",          v_sad_u16,          Specified, SAT),
    k("V_SAD_U32",          v_sad_u32,          Contested, OPEN),
    k("V_MSAD_U8",          v_msad_u8,          Inferred,  QSAD),
    k("V_QSAD_PK_U16_U8",   v_qsad_pk_u16_u8,   Unspecified, QSAD),
    k("V_MQSAD_PK_U16_U8",  v_mqsad_pk_u16_u8,  Unspecified, QSAD),
    k("V_MQSAD_U32_U8",     v_mqsad_u32_u8,     Inferred,  QSAD),
    k("V_MAD_U64_U32",      v_mad_u64_u32,      Inferred,  VOP3),
    k("V_MAD_I64_I32",      v_mad_i64_i32,      Inferred,  VOP3),
    k("V_MAD_LEGACY_U16",   v_mad_legacy_u16,   Inferred,  SAT),
    k("V_MAD_LEGACY_I16",   v_mad_legacy_i16,   Inferred,  SAT),
    k("V_PERM_B32",         v_perm_b32,         Specified, VOP3),
    k("V_MAD_U32_U16",      v_mad_u32_u16,      Specified, SAT),
    k("V_MAD_I32_I16",      v_mad_i32_i16,      Specified, SAT),
    k("V_XAD_U32",          v_xad_u32,          Specified, VOP3),
    k("V_MIN3_I16",         v_min3_i16,         Specified, VOP3),
    k("V_MIN3_U16",         v_min3_u16,         Specified, VOP3),
    k("V_MAX3_I16",         v_max3_i16,         Specified, VOP3),
    k("V_MAX3_U16",         v_max3_u16,         Specified, VOP3),
    k("V_MED3_I16",         v_med3_i16,         Specified, VOP3),
    k("V_MED3_U16",         v_med3_u16,         Specified, VOP3),
    k("V_LSHL_ADD_U32",     v_lshl_add_u32,     Specified, SAT),
    k("V_ADD_LSHL_U32",     v_add_lshl_u32,     Specified, SAT),
    k("V_ADD3_U32",         v_add3_u32,         Specified, SAT),
    k("V_LSHL_OR_B32",      v_lshl_or_b32,      Specified, VOP3),
    k("V_AND_OR_B32",       v_and_or_b32,       Specified, VOP3),
    k("V_OR3_B32",          v_or3_b32,          Specified, VOP3),
    k("V_MAD_U16",          v_mad_u16,          Inferred,  SAT),
    k("V_MAD_I16",          v_mad_i16,          Inferred,  SAT),
    k("V_MUL_LO_U32",       v_mul_lo_u32,       Specified, SAT),
    k("V_MUL_HI_U32",       v_mul_hi_u32,       Specified, VOP3),
    k("V_MUL_HI_I32",       v_mul_hi_i32,       Specified, VOP3),
    k("V_BCNT_U32_B32",     v_bcnt_u32_b32,     Contested, OPEN),
    k("V_MBCNT_LO_U32_B32", v_mbcnt_lo_u32_b32, Specified, VOP3),
    k("V_MBCNT_HI_U32_B32", v_mbcnt_hi_u32_b32, Specified, VOP3),
    k("V_LSHLREV_B64",      v_lshlrev_b64,      Specified, VOP3),
    k("V_LSHRREV_B64",      v_lshrrev_b64,      Specified, VOP3),
    k("V_ASHRREV_I64",      v_ashrrev_i64,      Specified, VOP3),
    k("V_BFM_B32",          v_bfm_b32,          Specified, VOP3),
    k("V_ADD_I32",          v_add_i32,          Inferred,  SAT),
    k("V_SUB_I32",          v_sub_i32,          Inferred,  SAT),
    k("V_ADD_I16",          v_add_i16,          Inferred,  SAT),
    k("V_SUB_I16",          v_sub_i16,          Inferred,  SAT),
    k("V_XNOR_B32",         v_xnor_b32,         Inferred,  XNOR),
];

/// `choice` as the lane's `d`, settled only in the bits where `other` (the reading `rule`
/// sets aside) agrees; exact when they agree everywhere. `width_mask` bounds the result.
fn either(choice: u64, other: u64, width_mask: u64, rule: &'static str) -> LaneOut {
    let out = LaneOut::d(choice & width_mask);
    let agree = !(choice ^ other) & width_mask;
    if agree == width_mask {
        out
    } else {
        out.unsettled(Accept::Mask(agree), rule, true)
    }
}

/// A destination's integer range and width.
#[derive(Clone, Copy)]
enum Dst {
    U16,
    I16,
    U32,
    I32,
    U64,
    I64,
}

impl Dst {
    fn bits(self) -> u32 {
        match self {
            Dst::U16 | Dst::I16 => 16,
            Dst::U32 | Dst::I32 => 32,
            Dst::U64 | Dst::I64 => 64,
        }
    }
    fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }
    fn range(self) -> (i128, i128) {
        let b = self.bits();
        match self {
            Dst::U16 | Dst::U32 | Dst::U64 => (0, (1i128 << b) - 1),
            _ => (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1),
        }
    }
}

/// How CLAMP acts on an arithmetic row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clamp {
    /// "Supports saturation": saturate (rule `gcn5.valu.int_clamp`).
    Saturates,
    /// Not stated: saturate, unsettled where it matters (rule `gcn5.vop3i.clamp_unstated`).
    Unstated,
}

/// The result of an exact value in `dst`: wrapped, or saturated when CLAMP is set.
fn int_result(exact: i128, dst: Dst, how: Clamp, c: &LaneCtx) -> LaneOut {
    let wrapped = exact as u64 & dst.mask();
    if !c.clamp {
        return LaneOut::d(wrapped);
    }
    let (lo, hi) = dst.range();
    let sat = exact.clamp(lo, hi) as u64 & dst.mask();
    match how {
        Clamp::Saturates => LaneOut::d(sat),
        Clamp::Unstated => either(sat, wrapped, dst.mask(), "gcn5.vop3i.clamp_unstated"),
    }
}

#[cfg(test)]
mod spec_cases;
#[cfg(test)]
mod tests;
