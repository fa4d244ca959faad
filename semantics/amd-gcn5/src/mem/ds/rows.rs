//! The DS rows gpuref executes: each row's operation, status and citations (one aligned
//! table row per instruction).

use super::{DESIGN, INSTR, SHARE};
use crate::isa;
use gpuref_core::isa::RowId;
use gpuref_core::{SpecRef, Status};
use std::sync::OnceLock;

/// An atomic's update of the old value `tmp` with DATA (`d0`) and DATA2 (`d1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    Add,
    Sub,
    Rsub,
    Inc,
    Dec,
    MinI,
    MaxI,
    MinU,
    MaxU,
    And,
    Or,
    Xor,
    Mskor,
    Cmpst,
    CmpstF,
    MinF,
    MaxF,
    AddF,
    /// Write-exchange (and the SRC2 write: MEM[A] = MEM[B]).
    Xchg,
    Wrap,
}

/// Which half of a dword a 16-bit read writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// The whole dword (zero- or sign-extended).
    Full,
    /// [15:0], keeping [31:16].
    Lo,
    /// [31:16], keeping [15:0].
    Hi,
}

/// What a row does. Widths: `bytes` 1, 2, 4, 8, 12 or 16; `wide` for 64-bit data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Nop,
    /// One read; `signed` sign-extends (to the dword, or to 16 bits for a D16 half).
    Read {
        bytes: u8,
        signed: bool,
        half: Half,
    },
    /// One write; `hi` takes the data from DATA[31:16] onwards (the _D16_HI writes).
    Write {
        bytes: u8,
        hi: bool,
    },
    /// READ2/WRITE2/WRXCHG2 (`write`, `ret`): two elements, offsets scaled by the element
    /// size (and 64 for ST64).
    Two {
        wide: bool,
        st64: bool,
        write: bool,
        ret: bool,
    },
    Atomic {
        atom: Atom,
        wide: bool,
        ret: bool,
    },
    Src2 {
        atom: Atom,
        wide: bool,
    },
    Swizzle,
    Permute,
    Bpermute,
    ReadAddTid,
    WriteAddTid,
    /// DS_APPEND (`add`) and DS_CONSUME.
    Append {
        add: bool,
    },
}

/// One executed row.
#[derive(Clone, Copy, Debug)]
pub struct DsRow {
    pub name: &'static str,
    pub op: Op,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

const fn r(name: &'static str, op: Op, status: Status, cites: &'static [SpecRef]) -> DsRow {
    DsRow {
        name,
        op,
        status,
        cites,
    }
}

const I: &[SpecRef] = &[INSTR];
const IS: &[SpecRef] = &[INSTR, SHARE];
const ID: &[SpecRef] = &[INSTR, DESIGN];
const ISD: &[SpecRef] = &[INSTR, SHARE, DESIGN];

use Atom::*;
use Half::*;
use Status::{Contested as C, Inferred as N, Specified as S};

const fn rd(bytes: u8, signed: bool, half: Half) -> Op {
    Op::Read {
        bytes,
        signed,
        half,
    }
}
const fn wr(bytes: u8, hi: bool) -> Op {
    Op::Write { bytes, hi }
}
const fn two(wide: bool, st64: bool, write: bool, ret: bool) -> Op {
    Op::Two {
        wide,
        st64,
        write,
        ret,
    }
}
const fn at(atom: Atom, wide: bool, ret: bool) -> Op {
    Op::Atomic { atom, wide, ret }
}
const fn s2(atom: Atom, wide: bool) -> Op {
    Op::Src2 { atom, wide }
}

/// Every executed DS row.
#[rustfmt::skip]
pub const ROWS: &[DsRow] = &[
    r("DS_NOP",                 Op::Nop,                    S, I),
    r("DS_READ_U8",             rd(1, false, Full),         S, I),
    r("DS_READ_I8",             rd(1, true, Full),          S, I),
    r("DS_READ_U16",            rd(2, false, Full),         S, I),
    r("DS_READ_I16",            rd(2, true, Full),          S, I),
    r("DS_READ_B32",            rd(4, false, Full),         S, I),
    r("DS_READ_B64",            rd(8, false, Full),         S, I),
    r("DS_READ_B96",            rd(12, false, Full),        S, IS),
    r("DS_READ_B128",           rd(16, false, Full),        S, IS),
    r("DS_READ_U8_D16",         rd(1, false, Lo),           N, I),
    r("DS_READ_U8_D16_HI",      rd(1, false, Hi),           N, I),
    r("DS_READ_I8_D16",         rd(1, true, Lo),            N, I),
    r("DS_READ_I8_D16_HI",      rd(1, true, Hi),            N, I),
    r("DS_READ_U16_D16",        rd(2, false, Lo),           N, I),
    r("DS_READ_U16_D16_HI",     rd(2, false, Hi),           N, I),
    r("DS_WRITE_B8",            wr(1, false),               S, I),
    r("DS_WRITE_B16",           wr(2, false),               S, I),
    r("DS_WRITE_B32",           wr(4, false),               S, I),
    r("DS_WRITE_B64",           wr(8, false),               S, I),
    r("DS_WRITE_B96",           wr(12, false),              S, IS),
    r("DS_WRITE_B128",          wr(16, false),              S, IS),
    r("DS_WRITE_B8_D16_HI",     wr(1, true),                S, I),
    r("DS_WRITE_B16_D16_HI",    wr(2, true),                S, I),
    r("DS_READ2_B32",           two(false, false, false, true), S, IS),
    r("DS_READ2ST64_B32",       two(false, true, false, true),  S, IS),
    r("DS_READ2_B64",           two(true, false, false, true),  S, IS),
    r("DS_READ2ST64_B64",       two(true, true, false, true),   S, IS),
    r("DS_WRITE2_B32",          two(false, false, true, false), S, IS),
    r("DS_WRITE2ST64_B32",      two(false, true, true, false),  S, IS),
    r("DS_WRITE2_B64",          two(true, false, true, false),  S, IS),
    r("DS_WRITE2ST64_B64",      two(true, true, true, false),   S, IS),
    r("DS_WRXCHG2_RTN_B32",     two(false, false, true, true),  N, ISD),
    r("DS_WRXCHG2ST64_RTN_B32", two(false, true, true, true),   N, ISD),
    r("DS_WRXCHG2_RTN_B64",     two(true, false, true, true),   N, ISD),
    r("DS_WRXCHG2ST64_RTN_B64", two(true, true, true, true),    N, ISD),
    r("DS_ADD_U32",             at(Add, false, false),      S, I),
    r("DS_SUB_U32",             at(Sub, false, false),      S, I),
    r("DS_RSUB_U32",            at(Rsub, false, false),     S, I),
    r("DS_INC_U32",             at(Inc, false, false),      S, I),
    r("DS_DEC_U32",             at(Dec, false, false),      S, I),
    r("DS_MIN_I32",             at(MinI, false, false),     S, I),
    r("DS_MAX_I32",             at(MaxI, false, false),     S, I),
    r("DS_MIN_U32",             at(MinU, false, false),     S, I),
    r("DS_MAX_U32",             at(MaxU, false, false),     S, I),
    r("DS_AND_B32",             at(And, false, false),      S, I),
    r("DS_OR_B32",              at(Or, false, false),       S, I),
    r("DS_XOR_B32",             at(Xor, false, false),      S, I),
    r("DS_MSKOR_B32",           at(Mskor, false, false),    S, I),
    r("DS_CMPST_B32",           at(Cmpst, false, false),    S, I),
    r("DS_CMPST_F32",           at(CmpstF, false, false),   S, I),
    r("DS_MIN_F32",             at(MinF, false, false),     C, ID),
    r("DS_MAX_F32",             at(MaxF, false, false),     C, ID),
    r("DS_ADD_F32",             at(AddF, false, false),     S, ID),
    r("DS_ADD_RTN_U32",         at(Add, false, true),       S, I),
    r("DS_SUB_RTN_U32",         at(Sub, false, true),       S, I),
    r("DS_RSUB_RTN_U32",        at(Rsub, false, true),      S, I),
    r("DS_INC_RTN_U32",         at(Inc, false, true),       S, I),
    r("DS_DEC_RTN_U32",         at(Dec, false, true),       S, I),
    r("DS_MIN_RTN_I32",         at(MinI, false, true),      S, I),
    r("DS_MAX_RTN_I32",         at(MaxI, false, true),      S, I),
    r("DS_MIN_RTN_U32",         at(MinU, false, true),      S, I),
    r("DS_MAX_RTN_U32",         at(MaxU, false, true),      S, I),
    r("DS_AND_RTN_B32",         at(And, false, true),       S, I),
    r("DS_OR_RTN_B32",          at(Or, false, true),        S, I),
    r("DS_XOR_RTN_B32",         at(Xor, false, true),       S, I),
    r("DS_MSKOR_RTN_B32",       at(Mskor, false, true),     S, I),
    r("DS_WRXCHG_RTN_B32",      at(Xchg, false, true),      S, I),
    r("DS_CMPST_RTN_B32",       at(Cmpst, false, true),     S, I),
    r("DS_CMPST_RTN_F32",       at(CmpstF, false, true),    S, I),
    r("DS_MIN_RTN_F32",         at(MinF, false, true),      C, ID),
    r("DS_MAX_RTN_F32",         at(MaxF, false, true),      C, ID),
    r("DS_WRAP_RTN_B32",        at(Wrap, false, true),      S, I),
    r("DS_ADD_RTN_F32",         at(AddF, false, true),      S, ID),
    r("DS_ADD_U64",             at(Add, true, false),       S, I),
    r("DS_SUB_U64",             at(Sub, true, false),       S, I),
    r("DS_RSUB_U64",            at(Rsub, true, false),      S, I),
    r("DS_INC_U64",             at(Inc, true, false),       S, I),
    r("DS_DEC_U64",             at(Dec, true, false),       S, I),
    r("DS_MIN_I64",             at(MinI, true, false),      N, I),
    r("DS_MAX_I64",             at(MaxI, true, false),      N, I),
    r("DS_MIN_U64",             at(MinU, true, false),      N, I),
    r("DS_MAX_U64",             at(MaxU, true, false),      N, I),
    r("DS_AND_B64",             at(And, true, false),       S, I),
    r("DS_OR_B64",              at(Or, true, false),        S, I),
    r("DS_XOR_B64",             at(Xor, true, false),       S, I),
    r("DS_MSKOR_B64",           at(Mskor, true, false),     S, I),
    r("DS_CMPST_B64",           at(Cmpst, true, false),     S, I),
    r("DS_CMPST_F64",           at(CmpstF, true, false),    S, I),
    r("DS_MIN_F64",             at(MinF, true, false),      C, ID),
    r("DS_MAX_F64",             at(MaxF, true, false),      C, ID),
    r("DS_ADD_RTN_U64",         at(Add, true, true),        S, I),
    r("DS_SUB_RTN_U64",         at(Sub, true, true),        S, I),
    r("DS_RSUB_RTN_U64",        at(Rsub, true, true),       S, I),
    r("DS_INC_RTN_U64",         at(Inc, true, true),        S, I),
    r("DS_DEC_RTN_U64",         at(Dec, true, true),        S, I),
    r("DS_MIN_RTN_I64",         at(MinI, true, true),       N, I),
    r("DS_MAX_RTN_I64",         at(MaxI, true, true),       N, I),
    r("DS_MIN_RTN_U64",         at(MinU, true, true),       N, I),
    r("DS_MAX_RTN_U64",         at(MaxU, true, true),       N, I),
    r("DS_AND_RTN_B64",         at(And, true, true),        S, I),
    r("DS_OR_RTN_B64",          at(Or, true, true),         S, I),
    r("DS_XOR_RTN_B64",         at(Xor, true, true),        S, I),
    r("DS_MSKOR_RTN_B64",       at(Mskor, true, true),      S, I),
    r("DS_WRXCHG_RTN_B64",      at(Xchg, true, true),       S, I),
    r("DS_CMPST_RTN_B64",       at(Cmpst, true, true),      S, I),
    r("DS_CMPST_RTN_F64",       at(CmpstF, true, true),     S, I),
    r("DS_MIN_RTN_F64",         at(MinF, true, true),       C, ID),
    r("DS_MAX_RTN_F64",         at(MaxF, true, true),       C, ID),
    r("DS_ADD_SRC2_U32",        s2(Add, false),             N, ISD),
    r("DS_SUB_SRC2_U32",        s2(Sub, false),             N, ISD),
    r("DS_RSUB_SRC2_U32",       s2(Rsub, false),            N, ISD),
    r("DS_INC_SRC2_U32",        s2(Inc, false),             N, ISD),
    r("DS_DEC_SRC2_U32",        s2(Dec, false),             N, ISD),
    r("DS_MIN_SRC2_I32",        s2(MinI, false),            N, ISD),
    r("DS_MAX_SRC2_I32",        s2(MaxI, false),            N, ISD),
    r("DS_MIN_SRC2_U32",        s2(MinU, false),            N, ISD),
    r("DS_MAX_SRC2_U32",        s2(MaxU, false),            N, ISD),
    r("DS_AND_SRC2_B32",        s2(And, false),             N, ISD),
    r("DS_OR_SRC2_B32",         s2(Or, false),              N, ISD),
    r("DS_XOR_SRC2_B32",        s2(Xor, false),             N, ISD),
    r("DS_WRITE_SRC2_B32",      s2(Xchg, false),            N, ISD),
    r("DS_MIN_SRC2_F32",        s2(MinF, false),            N, ISD),
    r("DS_MAX_SRC2_F32",        s2(MaxF, false),            N, ISD),
    r("DS_ADD_SRC2_F32",        s2(AddF, false),            N, ISD),
    r("DS_ADD_SRC2_U64",        s2(Add, true),              N, ISD),
    r("DS_SUB_SRC2_U64",        s2(Sub, true),              N, ISD),
    r("DS_RSUB_SRC2_U64",       s2(Rsub, true),             N, ISD),
    r("DS_INC_SRC2_U64",        s2(Inc, true),              N, ISD),
    r("DS_DEC_SRC2_U64",        s2(Dec, true),              N, ISD),
    r("DS_MIN_SRC2_I64",        s2(MinI, true),             N, ISD),
    r("DS_MAX_SRC2_I64",        s2(MaxI, true),             N, ISD),
    r("DS_MIN_SRC2_U64",        s2(MinU, true),             N, ISD),
    r("DS_MAX_SRC2_U64",        s2(MaxU, true),             N, ISD),
    r("DS_AND_SRC2_B64",        s2(And, true),              N, ISD),
    r("DS_OR_SRC2_B64",         s2(Or, true),               N, ISD),
    r("DS_XOR_SRC2_B64",        s2(Xor, true),              N, ISD),
    r("DS_WRITE_SRC2_B64",      s2(Xchg, true),             N, ISD),
    r("DS_MIN_SRC2_F64",        s2(MinF, true),             N, ISD),
    r("DS_MAX_SRC2_F64",        s2(MaxF, true),             N, ISD),
    r("DS_SWIZZLE_B32",         Op::Swizzle,                N, ID),
    r("DS_PERMUTE_B32",         Op::Permute,                C, I),
    r("DS_BPERMUTE_B32",        Op::Bpermute,               S, I),
    r("DS_READ_ADDTID_B32",     Op::ReadAddTid,             N, ID),
    r("DS_WRITE_ADDTID_B32",    Op::WriteAddTid,            N, ID),
    r("DS_APPEND",              Op::Append { add: true },   N, ID),
    r("DS_CONSUME",             Op::Append { add: false },  N, ID),
];

/// The executed row named `name`.
pub fn row(name: &str) -> Option<&'static DsRow> {
    ROWS.iter().find(|r| r.name == name)
}

/// The entry of the row with this id ([`ROWS`] joined to the rows once).
pub fn row_of(id: RowId) -> Option<&'static DsRow> {
    static TABLE: OnceLock<Vec<Option<&'static DsRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(ROWS.iter().map(|r| (r.name, r))))[id.index()]
}
