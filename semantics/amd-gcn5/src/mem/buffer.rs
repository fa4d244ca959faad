//! MUBUF and MTBUF instructions: the buffer resource descriptor, address computation,
//! range checking, data formats, atomics (Vega manual "Vector Memory Operations"; the MI100
//! manual's same chapter and "Feature Changes in MI100 devices"). Design note:
//! docs/design/0032-gcn5-buffer-memory.md.
//!
//! [`desc`] decodes the V# and computes addresses and range checks, [`format`] converts
//! the FORMAT rows' data, [`atomic`] holds the atomic operations. This module runs one
//! instruction over the wave: lane by lane in lane order, EXEC-masked, reading the V# from
//! the SGPR quad SRSRC and SOFFSET as an unsigned dword.

pub mod desc;
pub mod format;
#[cfg(test)]
mod tests;

use super::atomic::Op as Atomic;
use crate::error::pending;
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::operand::ScalarReg;
use crate::wave::{Output, Unsettled};
use crate::wave::{UnsettledLane, Wave, Widen, LANES};
use crate::{isa, Row};
use format::{Conv, Loose};
use gpuref_core::isa::RowId;
use gpuref_core::open::Accept;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use std::sync::OnceLock;

/// Which part of a VGPR a non-format load writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// The whole dword.
    Full,
    /// [15:0], [31:16] kept (D16).
    Lo,
    /// [31:16], [15:0] kept (D16_HI).
    Hi,
}

/// What a row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A load of `count` components of `size` bytes (1, 2 or 4), sign-extended if `signed`.
    Load {
        size: u8,
        count: u8,
        signed: bool,
        half: Half,
    },
    /// A store of `count` components of `size` bytes; `hi`: from [23:16] (byte) or
    /// [31:16] (short).
    Store { size: u8, count: u8, hi: bool },
    /// A FORMAT load of `comps` components (D16: packed halves; `hi`: into [31:16]).
    LoadFormat { comps: u8, d16: bool, hi: bool },
    /// A FORMAT store.
    StoreFormat { comps: u8, d16: bool, hi: bool },
    /// An atomic; `x2`: 64-bit.
    Atomic { op: Atomic, x2: bool },
    /// BUFFER_STORE_LDS_DWORD: a dword from LDS to memory.
    StoreLds,
    /// Cache control without an effect on a single wave's state.
    Nop,
}

const VEGA_MUBUF: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "MUBUF Instructions"),
    SpecRef::new(Spec::Vega, "Buffer Instructions"),
];
const VEGA_MTBUF: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "MTBUF Instructions"),
    SpecRef::new(Spec::Vega, "Buffer Data"),
];
const MI100_ATOMIC: &[SpecRef] = &[
    SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"),
    SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx908"),
];
const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0032-gcn5-buffer-memory.md");
const NOTE49: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0049-gcn5-audit-findings.md");

/// One executed row: name, operation, status of its main rule, citations.
#[derive(Clone, Copy, Debug)]
pub struct BufRow {
    pub name: &'static str,
    pub op: Op,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

const fn r(name: &'static str, op: Op, status: Status, cites: &'static [SpecRef]) -> BufRow {
    BufRow {
        name,
        op,
        status,
        cites,
    }
}

const fn ld(size: u8, count: u8, signed: bool, half: Half) -> Op {
    Op::Load {
        size,
        count,
        signed,
        half,
    }
}

const fn st(size: u8, count: u8, hi: bool) -> Op {
    Op::Store { size, count, hi }
}

const fn lf(comps: u8, d16: bool, hi: bool) -> Op {
    Op::LoadFormat { comps, d16, hi }
}

const fn sf(comps: u8, d16: bool, hi: bool) -> Op {
    Op::StoreFormat { comps, d16, hi }
}

const fn at(op: Atomic, x2: bool) -> Op {
    Op::Atomic { op, x2 }
}

use Half::{Full, Hi, Lo};
use Status::{Inferred, Specified};

/// Every MUBUF/MTBUF row this module executes.
#[rustfmt::skip]
pub const ROWS: &[BufRow] = &[
    r("BUFFER_LOAD_FORMAT_X",          lf(1, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_XY",         lf(2, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_XYZ",        lf(3, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_XYZW",       lf(4, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_X",         sf(1, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_XY",        sf(2, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_XYZ",       sf(3, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_XYZW",      sf(4, false, false), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_D16_X",      lf(1, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_D16_XY",     lf(2, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_D16_XYZ",    lf(3, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_D16_XYZW",   lf(4, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_D16_X",     sf(1, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_D16_XY",    sf(2, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_D16_XYZ",   sf(3, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_D16_XYZW",  sf(4, true, false),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_UBYTE",             ld(1, 1, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_SBYTE",             ld(1, 1, true, Full),  Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_USHORT",            ld(2, 1, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_SSHORT",            ld(2, 1, true, Full),  Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_DWORD",             ld(4, 1, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_DWORDX2",           ld(4, 2, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_DWORDX3",           ld(4, 3, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_DWORDX4",           ld(4, 4, false, Full), Specified, VEGA_MUBUF),
    r("BUFFER_STORE_BYTE",             st(1, 1, false),     Specified, VEGA_MUBUF),
    r("BUFFER_STORE_BYTE_D16_HI",      st(1, 1, true),      Specified, VEGA_MUBUF),
    r("BUFFER_STORE_SHORT",            st(2, 1, false),     Specified, VEGA_MUBUF),
    r("BUFFER_STORE_SHORT_D16_HI",     st(2, 1, true),      Specified, VEGA_MUBUF),
    r("BUFFER_STORE_DWORD",            st(4, 1, false),     Specified, VEGA_MUBUF),
    r("BUFFER_STORE_DWORDX2",          st(4, 2, false),     Specified, VEGA_MUBUF),
    r("BUFFER_STORE_DWORDX3",          st(4, 3, false),     Specified, VEGA_MUBUF),
    r("BUFFER_STORE_DWORDX4",          st(4, 4, false),     Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_UBYTE_D16",         ld(1, 1, false, Lo), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_UBYTE_D16_HI",      ld(1, 1, false, Hi), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_SBYTE_D16",         ld(1, 1, true, Lo),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_SBYTE_D16_HI",      ld(1, 1, true, Hi),  Inferred,  VEGA_MUBUF),
    r("BUFFER_LOAD_SHORT_D16",         ld(2, 1, false, Lo), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_SHORT_D16_HI",      ld(2, 1, false, Hi), Specified, VEGA_MUBUF),
    r("BUFFER_LOAD_FORMAT_D16_HI_X",   lf(1, true, true),   Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_FORMAT_D16_HI_X",  sf(1, true, true),   Inferred,  VEGA_MUBUF),
    r("BUFFER_STORE_LDS_DWORD",        Op::StoreLds,        Inferred,  VEGA_MUBUF),
    r("BUFFER_WBINVL1",                Op::Nop,             Specified, VEGA_MUBUF),
    r("BUFFER_WBINVL1_VOL",            Op::Nop,             Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SWAP",            at(Atomic::Swap, false),    Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_CMPSWAP",         at(Atomic::Cmpswap, false), Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_ADD",             at(Atomic::Add, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SUB",             at(Atomic::Sub, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SMIN",            at(Atomic::Smin, false),    Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_UMIN",            at(Atomic::Umin, false),    Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SMAX",            at(Atomic::Smax, false),    Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_UMAX",            at(Atomic::Umax, false),    Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_AND",             at(Atomic::And, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_OR",              at(Atomic::Or, false),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_XOR",             at(Atomic::Xor, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_INC",             at(Atomic::Inc, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_DEC",             at(Atomic::Dec, false),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_ADD_F32",         at(Atomic::AddF32, false),  Inferred,  MI100_ATOMIC),
    r("BUFFER_ATOMIC_PK_ADD_F16",      at(Atomic::PkAddF16, false), Inferred, MI100_ATOMIC),
    r("BUFFER_ATOMIC_SWAP_X2",         at(Atomic::Swap, true),     Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_CMPSWAP_X2",      at(Atomic::Cmpswap, true),  Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_ADD_X2",          at(Atomic::Add, true),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SUB_X2",          at(Atomic::Sub, true),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_SMIN_X2",         at(Atomic::Smin, true),     Inferred,  VEGA_MUBUF),
    r("BUFFER_ATOMIC_UMIN_X2",         at(Atomic::Umin, true),     Inferred,  VEGA_MUBUF),
    r("BUFFER_ATOMIC_SMAX_X2",         at(Atomic::Smax, true),     Inferred,  VEGA_MUBUF),
    r("BUFFER_ATOMIC_UMAX_X2",         at(Atomic::Umax, true),     Inferred,  VEGA_MUBUF),
    r("BUFFER_ATOMIC_AND_X2",          at(Atomic::And, true),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_OR_X2",           at(Atomic::Or, true),       Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_XOR_X2",          at(Atomic::Xor, true),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_INC_X2",          at(Atomic::Inc, true),      Specified, VEGA_MUBUF),
    r("BUFFER_ATOMIC_DEC_X2",          at(Atomic::Dec, true),      Specified, VEGA_MUBUF),
    r("TBUFFER_LOAD_FORMAT_X",         lf(1, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_XY",        lf(2, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_XYZ",       lf(3, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_XYZW",      lf(4, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_X",        sf(1, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_XY",       sf(2, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_XYZ",      sf(3, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_XYZW",     sf(4, false, false), Specified, VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_D16_X",     lf(1, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_D16_XY",    lf(2, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_D16_XYZ",   lf(3, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_LOAD_FORMAT_D16_XYZW",  lf(4, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_D16_X",    sf(1, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_D16_XY",   sf(2, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_D16_XYZ",  sf(3, true, false),  Inferred,  VEGA_MTBUF),
    r("TBUFFER_STORE_FORMAT_D16_XYZW", sf(4, true, false),  Inferred,  VEGA_MTBUF),
];

/// Rows of this family without semantics yet, with the reason (every row has an entry in
/// [`ROWS`]; single forms that cannot run say so through `ExecError::Pending`).
pub const NOT_YET: &[(&str, &str)] = &[];

const RANGE: SpecRef = SpecRef::new(Spec::Vega, "Range Checking");
const SWIZZLE: SpecRef = SpecRef::new(Spec::Vega, "Swizzled Buffer Addressing");
const RESOURCE: SpecRef = SpecRef::new(Spec::Vega, "Buffer Resource");
const ADDRESSING: SpecRef = SpecRef::new(Spec::Vega, "Buffer Addressing");
const DATA: SpecRef = SpecRef::new(Spec::Vega, "Buffer Data");

/// The decisions of this module (docs/design/0032).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.buffer.address.linear", status: Status::Inferred,
        cites: &[ADDRESSING, SpecRef::new(Spec::Vega, "Simplified Buffer Addressing"), NOTE],
        statement: "an unswizzled address is base + sgpr_offset + index * stride + offset, index = (IDXEN ? vgpr_index : 0) + (ADD_TID ? lane : 0), offset = (OFFEN ? vgpr_offset : 0) + inst_offset; computed in 64 bits (the linear figure is an image; the text gives the swizzled formula and 'stride * index offset')" },
    Rule { id: "gcn5.buffer.swizzle", status: Status::Specified,
        cites: &[SWIZZLE],
        statement: "a swizzled address is base + sgpr_offset + (index_msb * stride + offset_msb * element_size) * index_stride + index_lsb * element_size + offset_lsb" },
    Rule { id: "gcn5.buffer.swizzle.element_size", status: Status::Contested,
        cites: &[RESOURCE, SpecRef::new(Spec::LlvmMc, "AMDGPU RSRC_ELEMENT_SIZE_SHIFT"), NOTE],
        statement: "the Vega V# table has no ELEMENT_SIZE field (bits 116:115 are User VM enable/mode); we read element size from bits 116:115 as 2 << code, as LLVM and earlier GCN manuals place it; a swizzled load (or atomic return) whose address changes with these bits accepts any value" },
    Rule { id: "gcn5.buffer.stride18", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "V# Buffer Resource Constant Fields for Addressing")],
        statement: "with ADD_TID_ENABLE and a MUBUF non-format row the stride is {DFMT[3:0], stride[13:0]}" },
    Rule { id: "gcn5.buffer.range_check.raw", status: Status::Specified,
        cites: &[RANGE],
        statement: "ADD_TID = 0, SWIZZLE_EN = 0, IDXEN = 0: out of range if inst_offset + (OFFEN ? vgpr_offset : 0) >= num_records (sgpr_offset is not part of the check)" },
    Rule { id: "gcn5.buffer.range_check.structured", status: Status::Specified,
        cites: &[RANGE],
        statement: "ADD_TID = 0, stride != 0, IDXEN = 1: out of range if the VGPR index >= num_records" },
    Rule { id: "gcn5.buffer.range_check.private", status: Status::Specified,
        cites: &[RANGE],
        statement: "ADD_TID = 1, IDXEN = 0: no range checking" },
    Rule { id: "gcn5.buffer.range_check.uncovered", status: Status::Unspecified,
        cites: &[RANGE, NOTE],
        statement: "SWIZZLE_EN without IDXEN, ADD_TID with IDXEN, and IDXEN with stride 0 (except the loads of gcn5.buffer.range_check.stride0) match none of the manual's three cases: such instructions are not executed (ExecError::Pending)" },
    Rule { id: "gcn5.buffer.range_check.stride0", status: Status::Unspecified,
        cites: &[RANGE, NOTE49],
        statement: "ADD_TID = 0, IDXEN = 1, stride 0, SWIZZLE_EN = 0 matches no case: it misses Structured only by Stride != 0 and Raw only by IdxEn == 0. A load into VGPRs reads under both checks: the loaded bytes where both pass, 0 where both fail, any value in the written bits where they differ (gpuref's bits follow the raw check); stores, atomics and LDS = 1 loads of this form are not executed (ExecError::Pending)" },
    Rule { id: "gcn5.buffer.range_check.component", status: Status::Inferred,
        cites: &[RANGE, NOTE],
        statement: "DWORDx2..x4 check each dword at offset + 4i with the raw formula (a component out of range reads 0 / is not written); FORMAT rows and atomics check once, at the access's first byte (the formula has no size term)" },
    Rule { id: "gcn5.buffer.range_check.num_records_units", status: Status::Contested,
        cites: &[RANGE, SpecRef::new(Spec::Vega, "V# Buffer Resource Constant Fields for Addressing")],
        statement: "the addressing table says num_records is in bytes when IDXEN = 1 and in strides otherwise, the reverse of Range Checking and of the V# text; we follow Range Checking" },
    Rule { id: "gcn5.buffer.out_of_range", status: Status::Specified,
        cites: &[RANGE],
        statement: "out-of-range loads return 0 (a SEL_1 component returns 1), stores and atomics are dropped; an atomic with GLC returns 0 (Inferred: 'reads return zero')" },
    Rule { id: "gcn5.buffer.unbound", status: Status::Inferred,
        cites: &[DATA, RESOURCE],
        statement: "a V# whose data format is 0 (INVALID) is unbound for MUBUF rows (the derived format does not replace it): every access is out of range; except non-format rows with ADD_TID, where the field is stride bits; MTBUF rows use the instruction's format" },
    Rule { id: "gcn5.buffer.alignment", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Alignment")],
        statement: "dword and larger accesses (DWORD rows, 32-bit format components, atomics) ignore the two address LSBs" },
    Rule { id: "gcn5.buffer.lane_order", status: Status::Unspecified,
        cites: &[NOTE],
        statement: "lanes access memory in lane order 0..63: of two stores to one byte the higher lane's stays; atomics from several lanes to one address apply in lane order, and the values they return under GLC are marked unsettled" },
    Rule { id: "gcn5.buffer.d16_preserve", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "16-bit Memory Operations"), SpecRef::new(Spec::Vega, "MUBUF Instructions")],
        statement: "D16 loads write [15:0] and D16_HI loads [31:16] (the pseudocode names only that half); the other half is kept, also [31:16] of the last VGPR of FORMAT_D16_XYZ" },
    Rule { id: "gcn5.buffer.sbyte_d16", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "MUBUF Instructions")],
        statement: "BUFFER_LOAD_SBYTE_D16(_HI) sign-extend the byte to 16 bits; the pseudocode's {8'h0, MEM[ADDR]} is copied from the UBYTE rows and contradicts 'signed byte'" },
    Rule { id: "gcn5.buffer.x2_minmax", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "MUBUF Instructions")],
        statement: "the _X2 SMIN/UMIN/SMAX/UMAX pseudocode writes 'MEM[ADDR] -= (...)', a typo for '=' (the 32-bit rows and the descriptions say min/max)" },
    Rule { id: "gcn5.buffer.cmpswap_order", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "MUBUF Instructions")],
        statement: "CMPSWAP: src = DATA[0], cmp = DATA[1] (X2: DATA[0:1], DATA[2:3]); memory becomes src when the old value equals cmp; GLC returns the old value in VDATA[0] (X2: VDATA[0:1])" },
    Rule { id: "gcn5.buffer.glc", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Buffer Instructions")],
        statement: "GLC and SLC are cache policy, no effect on one wave's state, except that an atomic with GLC = 1 returns the pre-op value" },
    Rule { id: "gcn5.buffer_atomic_add_f32.glc", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx908"), NOTE],
        statement: "MI100's BUFFER_ATOMIC_ADD_F32 and BUFFER_ATOMIC_PK_ADD_F16 have no returning form: GLC = 1 is a decode error (LLVM 14 rejects it)" },
    Rule { id: "gcn5.buffer_atomic_add_f32.mode", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"), NOTE],
        statement: "the float atomics' rounding and denormal handling are not stated; we add in round-to-nearest-even with denormals kept and the GCN5 NaN rules" },
    Rule { id: "gcn5.buffer.format.rounding", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Data Formats"), DATA, NOTE],
        statement: "UNORM/SNORM loads are v / (2^n - 1) and max(v / (2^(n-1) - 1), -1) correctly rounded (0 and ±1 exact; others accept one ulp either way); 32-bit SCALED rounds to nearest even; D16 results not exact in binary16 are gpuref's and accept any half" },
    Rule { id: "gcn5.buffer.format.store", status: Status::Unspecified,
        cites: &[DATA, NOTE],
        statement: "FORMAT stores: UINT/SINT keep the low bits, SCALED round to nearest even and saturate, UNORM/SNORM clamp (NaN to 0), scale by 2^n - 1 or 2^(n-1) - 1 and round to nearest even, 16-bit FLOAT and the unsigned 10/11-bit floats round to nearest even (negative to 0, NaN to a NaN, overflow to infinity); only the instruction's components the format has are written (a packed dword keeps its other fields)" },
    Rule { id: "gcn5.buffer.format.packed", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Data Formats"), NOTE],
        statement: "packed data formats are named most significant component first, X in the low bits: 10_11_11 = X[10:0] Y[21:11] Z[31:22], 11_11_10 = X[9:0] Y[20:10] Z[31:21], 10_10_10_2 = X[1:0] Y[11:2] Z[21:12] W[31:22], 2_10_10_10 = X[9:0] Y[19:10] Z[29:20] W[31:30] (the table is a figure; radeonsi/RADV use 10_11_11 for R11G11B10_FLOAT and 2_10_10_10 for R10G10B10A2); 10/11-bit FLOAT components are unsigned floats with 5 exponent bits (bias 15)" },
    Rule { id: "gcn5.buffer.format.dst_sel", status: Status::Inferred,
        cites: &[DATA, RESOURCE],
        statement: "MUBUF FORMAT loads apply the V#'s DST_SEL (0, 1, or channel R..A; a channel the format lacks and reserved codes 2, 3 read 0); TBUFFER loads use identity; stores ignore DST_SEL" },
    Rule { id: "gcn5.buffer.tfe", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Buffer Instructions"), NOTE],
        statement: "with TFE a load also writes the VGPR after its data; its value (a PRT fetch status) is not stated: we write 0 and accept any value" },
    Rule { id: "gcn5.buffer.lds", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Memory Buffer Load to LDS"), NOTE],
        statement: "LDS = 1 loads write each lane's dword (after the row's extension or conversion) at LDS byte M0[15:0] + inst_offset + 4 * lane (the figure is an image; LDS base 0 in this model); a dword past the 64 KiB LDS is dropped; BUFFER_STORE_LDS_DWORD reads the same address and stores the dword to memory" },
];

/// Whether this family executes the row.
pub fn handles(row: &Row) -> bool {
    buf_row(row.name).is_some()
}

/// The entry of a row in [`ROWS`].
pub fn buf_row(name: &str) -> Option<&'static BufRow> {
    ROWS.iter().find(|r| r.name == name)
}

/// The entry of the row with this id in [`ROWS`] (joined to the rows once).
pub fn buf_row_of(id: RowId) -> Option<&'static BufRow> {
    static TABLE: OnceLock<Vec<Option<&'static BufRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(ROWS.iter().map(|r| (r.name, r))))[id.index()]
}

/// Execute an instruction of this family.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (Fields::Buf(b), Some(row)) = (inst.fields, buf_row_of(isa::row_id(inst.row))) else {
        return Err(ExecError::NotYet { name });
    };
    if wave.vgpr.len() < 256 {
        return Err(pending(name, "the wave has no VGPR file"));
    }
    let vgpr_load = matches!(row.op, Op::Load { .. } | Op::LoadFormat { .. });
    let mut run = Run::new(wave, inst, b, vgpr_load)?;
    match row.op {
        Op::Nop => {}
        Op::Load {
            size,
            count,
            signed,
            half,
        } => run.load(size, count, signed, half),
        Op::Store { size, count, hi } => run.store(size, count, hi),
        Op::LoadFormat { comps, d16, hi } => run.load_format(comps, d16, hi)?,
        Op::StoreFormat { comps, d16, hi } => run.store_format(comps, d16, hi)?,
        Op::Atomic { op, x2 } => run.atomic(op, x2),
        Op::StoreLds => run.store_lds(),
    }
    let unsettled = std::mem::take(&mut run.unsettled);
    wave.unsettled = unsettled;
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

mod run;
use run::Run;

/// The `N` dwords of the resource descriptor named by SRSRC (the SGPRs from `4 * srsrc`):
/// the four of a V#, the eight of a T# (the image module).
pub fn descriptor_words<const N: usize>(wave: &Wave, srsrc: u8) -> [u32; N] {
    let mut w = [0; N];
    for (i, x) in w.iter_mut().enumerate() {
        let code = srsrc.wrapping_mul(4).wrapping_add(i as u8);
        *x = ScalarReg::from_code(code).map_or(0, |r| wave.reg(r));
    }
    w
}

pub(crate) fn unsettled_lane(
    vdst: u8,
    lane: usize,
    accept: Accept,
    rule: &'static str,
) -> UnsettledLane {
    UnsettledLane {
        vdst,
        dwords: 1,
        lane: lane as u8,
        why: Unsettled {
            output: Output::D,
            accept,
            rule,
            flags_settled: true,
        },
    }
}

/// What a loose converted dword accepts: `half` None for a whole binary32 value.
pub(crate) fn accept_of(c: Conv, half: Option<u32>) -> Option<Accept> {
    match (c.loose, half) {
        (Loose::Exact, _) => None,
        (Loose::Ulp, None) if c.bits & 0x7fff_ffff != 0 => {
            let b = u64::from(c.bits);
            Some(if c.bits & 0x8000_0000 == 0 {
                Accept::Range {
                    lo: b - 1,
                    hi: b + 1,
                }
            } else {
                Accept::Range {
                    lo: b + 1,
                    hi: b - 1,
                }
            })
        }
        (_, None) => Some(Accept::Mask(0)),
        (_, Some(0)) => Some(Accept::Mask(0xffff_0000)),
        (_, Some(_)) => Some(Accept::Mask(0x0000_ffff)),
    }
}

fn read_soffset(wave: &Wave, b: &crate::formats::mubuf::Buf) -> u32 {
    wave.read_src(b.soffset, 1, 0, Widen::Zero) as u32
}

pub(crate) fn lanes(exec: u64) -> impl Iterator<Item = usize> {
    (0..LANES).filter(move |l| exec >> l & 1 == 1)
}
