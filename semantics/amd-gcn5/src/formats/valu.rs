//! Operand shapes and operand text shared by the vector ALU formats (VOP1, VOP2, VOPC and
//! their VOP3 forms here; VOP3P, SDWA and DPP reuse them).
//!
//! # API (stable; other format modules call it)
//!
//! - [`Ty`]: the type of one operand (`I16`, `F16`, `V2I16`, `V2F16`, `I32`, `F32`, `I64`,
//!   `F64`, `B128`), with [`Ty::dwords`] (register count) and [`Ty::is_float`]. The type
//!   decides how an inline constant or a literal prints (Vega "Instruction Inputs": the
//!   float constants are "encoded in the operand's float width"; LLVM prints an integer
//!   16-bit operand's float constant as its f16 bits, e.g. `0x3800`).
//! - [`Role`] and [`Operand`] `{ role, ty, kind }`: one printed operand; [`SrcKind`] says
//!   which codes a source field may hold.
//! - [`Shape`] `{ operands, e32, e64, mods }` and [`shape`]`(row)`: the operands of a VOP1,
//!   VOP2, VOPC or native VOP3 row in printed order (the same list for the e32 and e64
//!   forms; the e32 form prints [`Role::CarryOut`] / [`Role::CarryIn`] as `vcc`, the e64
//!   form as an SGPR pair), whether the row has an e32 and an e64 encoding, and the VOP3
//!   modifiers LLVM accepts ([`Mods`]).
//! - [`src_text`]`(src, ty, literal)`: LLVM's text of a 9-bit source of type `ty` (`literal`
//!   is the instruction's literal dword, used when `src` is the literal code 255).
//! - [`parse_src`]`(text, ty)`: the inverse; returns the source and, for a literal, its dword.
//! - [`mod_text`] / [`parse_mods`]: a source with ABS/NEG (or SEXT) modifiers: `-|v1|`,
//!   `neg(0.5)`, `sext(v2)`.
//! - [`pair_text`] / [`parse_pair`]: a 64-bit scalar destination or carry-in (`vcc`,
//!   `s[4:5]`).
//! - [`f16_bits_constant`]`(ty, value)`: in an encoding without a literal, the float
//!   constant a 16-bit operand's `0x3800`-style text means.
//! - [`literal_ty_text`]`(literal, ty)`, [`check_src`]`(src, ty)`, [`check_kind`]`(src,
//!   kind)`, [`f16_bits`]`(c)`, [`row_by_name`]`(target, name)` (with or without
//!   `_e32`/`_e64`), [`is_valu`], and the tables [`TYPE_EXCEPTIONS`], [`NO_E64`], [`NOT_YET`].
//!
//! The VOP3 interpolation rows (V_INTERP_*_F16) have a shape here (destination and
//! sources) but their text and fields are [`super::vop3i`]'s.
//!
//! Sources: Vega manual, "Microcode Formats" (VOP2, VOP1, VOPC, VOP3A, VOP3B field tables),
//! "Vector ALU Operations" ("Instruction Inputs", "Instruction Outputs", "VOP3 modifiers"),
//! and the instruction descriptions ("VOP2 Instructions", "VOP1 Instructions", "VOPC
//! Instructions", "VOP3A & VOP3B Instructions"). Operand types come from the row name's type
//! suffixes (the last suffix types the sources, the one before it the destination) plus
//! [`TYPE_EXCEPTIONS`]. Which VOP3 modifiers a row takes: the manual gives every VOP3A
//! instruction ABS, NEG, CLAMP and OMOD fields; LLVM 14 accepts them only where its operand
//! profile has them, and we follow LLVM (a modifier it cannot print is an error), see
//! docs/design/0014-gcn5-valu-encodings.md.

use super::shared::PerRow;
use crate::instructions::{Format, Row};
use crate::operand::{
    literal_text, FloatConst, Reason, ScalarReg, ScalarSrc, VectorSrc, VgprRange,
};
use std::sync::OnceLock;

/// The type of one VALU operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// 16-bit integer (`_I16`, `_U16`, `_B16`).
    I16,
    F16,
    /// Two packed 16-bit integers.
    V2I16,
    /// Two packed halves (V_PK_FMAC_F16, V_DOT2C_F32_F16 sources).
    V2F16,
    /// 32-bit integer (`_I32`, `_U32`, `_B32`, `_I24`, `_U24`, `_U8`, `_I4`, ...).
    I32,
    F32,
    I64,
    F64,
    /// Four dwords (V_MQSAD_U32_U8's destination and SRC2).
    B128,
}

impl Ty {
    /// Registers the operand takes.
    pub const fn dwords(self) -> u8 {
        match self {
            Ty::I64 | Ty::F64 => 2,
            Ty::B128 => 4,
            _ => 1,
        }
    }

    pub const fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F32 | Ty::F64 | Ty::V2F16)
    }

    /// 16-bit (or packed 16-bit) operand: constants print as 16-bit values.
    pub const fn is_16(self) -> bool {
        matches!(self, Ty::I16 | Ty::F16 | Ty::V2I16 | Ty::V2F16)
    }
}

/// What a printed operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// VDST: a VGPR range.
    Vdst,
    /// VDST holding a scalar register (V_READFIRSTLANE_B32, V_READLANE_B32).
    Sdst,
    /// A lane mask result: VCC in the e32 form (printed `vcc`), an SGPR pair in the e64 form
    /// (VOPC: the VDST field; VOP3B: the SDST field). VOPC results, the VOP2 carry-outs,
    /// V_DIV_SCALE's flag and V_MAD_U64_U32's carry.
    CarryOut,
    Src0,
    Src1,
    Src2,
    /// A lane mask source: VCC in the e32 form, SRC2 (an SGPR pair) in the e64 form
    /// (V_CNDMASK_B32's select, V_ADDC/V_SUBB*'s carry-in).
    CarryIn,
    /// V_MADMK/V_MADAK's constant K: the literal dword (e32 only).
    K,
}

/// Which codes a source field may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SrcKind {
    /// Any 9-bit code (registers, constants, the literal in 32-bit encodings,
    /// LDS_DIRECT); for VSRC1 (e32) a VGPR.
    Any,
    /// A VGPR only (V_SWAP_B32's source, V_READLANE_B32's SRC0), or LDS_DIRECT
    /// (V_READFIRSTLANE_B32).
    Vgpr,
    /// A scalar register or an inline constant (V_READLANE/V_WRITELANE lane select and
    /// V_WRITELANE's data: "SSRC" operands).
    Scalar,
}

/// One printed operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    pub role: Role,
    pub ty: Ty,
    pub kind: SrcKind,
}

/// The VOP3 modifiers a row takes (LLVM's profile; the manual has the fields on every row).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mods {
    /// Per source (bit i = SRCi): ABS and NEG allowed (float input modifiers).
    pub float: u8,
    /// Per source: NEG read as SEXT (integer input modifiers, printed `sext(..)`).
    pub sext: u8,
    pub clamp: bool,
    pub omod: bool,
    /// OP_SEL: the number of printed bits (sources + destination), 0 when none.
    pub op_sel: u8,
}

/// The operands and encodings of a VALU row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// In printed order.
    pub operands: Vec<Operand>,
    /// The row has a 32-bit (VOP1/VOP2/VOPC) encoding.
    pub e32: bool,
    /// The row has a 64-bit (VOP3A/VOP3B) encoding.
    pub e64: bool,
    /// VOP3 modifiers.
    pub mods: Mods,
}

impl Shape {
    /// The sources (SRC0..SRC2 roles, CarryIn counted as SRC2) in field order.
    pub fn sources(&self) -> impl Iterator<Item = &Operand> {
        self.operands
            .iter()
            .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2 | Role::CarryIn))
    }

    /// The operand of a role.
    pub fn get(&self, role: Role) -> Option<&Operand> {
        self.operands.iter().find(|o| o.role == role)
    }

    /// How many of SRC0..SRC2 the e64 form reads (CarryIn included).
    pub fn source_count(&self) -> usize {
        self.sources().count()
    }
}

/// Rows whose operand types do not follow the name's suffixes: (name, destination type,
/// source types), each citing the manual's description.
#[rustfmt::skip]
pub const TYPE_EXCEPTIONS: &[(&str, Option<Ty>, &[Ty], &str)] = &[
    ("V_SAT_PK_U8_I16",     Some(Ty::I32), &[Ty::I32],                   "VOP1 Instructions: V_SAT_PK_U8_I16 reads S0.u[15:0] and S0.u[31:16] (one dword)"),
    ("V_LDEXP_F16",         Some(Ty::F16), &[Ty::F16, Ty::I32],          "VOP2 Instructions: V_LDEXP_F16 D.f16 = S0.f16 * (2 ** S1.i16) (LLVM types S1 as i32)"),
    ("V_LDEXP_F32",         Some(Ty::F32), &[Ty::F32, Ty::I32],          "VOP3A Instructions: V_LDEXP_F32 D.f = S0.f * (2 ** S1.i)"),
    ("V_LDEXP_F64",         Some(Ty::F64), &[Ty::F64, Ty::I32],          "VOP3A Instructions: V_LDEXP_F64 D.d = S0.d * (2 ** S1.i)"),
    ("V_TRIG_PREOP_F64",    Some(Ty::F64), &[Ty::F64, Ty::I32],          "VOP3A Instructions: V_TRIG_PREOP_F64 S1.u[4:0] selects the segment"),
    ("V_DOT2C_F32_F16",     Some(Ty::F32), &[Ty::V2F16, Ty::V2F16],      "LLVM (gfx908): V_DOT2C_F32_F16 D.f32 += S0.f16[0]*S1.f16[0] + S0.f16[1]*S1.f16[1]"),
    ("V_DOT2C_I32_I16",     Some(Ty::I32), &[Ty::I32, Ty::I32],          "LLVM (gfx908): V_DOT2C_I32_I16 packed 16-bit sources, typed i32 by LLVM"),
    ("V_SAD_U16",           Some(Ty::I32), &[Ty::I32, Ty::I32, Ty::I32], "VOP3A Instructions: V_SAD_U16 reads S0.u[15:0], S1.u[15:0], S2.u (LLVM types the sources i32)"),
    ("V_DOT4C_I32_I8",      Some(Ty::I32), &[Ty::I32, Ty::I32],          "LLVM (gfx908): V_DOT4C_I32_I8 packed bytes in one dword"),
    ("V_DOT8C_I32_I4",      Some(Ty::I32), &[Ty::I32, Ty::I32],          "LLVM (gfx908): V_DOT8C_I32_I4 packed nibbles in one dword"),
    ("V_PK_FMAC_F16",       Some(Ty::V2F16), &[Ty::V2F16, Ty::V2F16],    "LLVM (gfx908): V_PK_FMAC_F16 packed halves"),
    ("V_CMP_CLASS_F32",     None, &[Ty::F32, Ty::I32],                   "VOPC Instructions: V_CMP_CLASS_F32 S1.u is a class mask"),
    ("V_CMPX_CLASS_F32",    None, &[Ty::F32, Ty::I32],                   "VOPC Instructions: V_CMPX_CLASS_F32 S1.u is a class mask"),
    ("V_CMP_CLASS_F64",     None, &[Ty::F64, Ty::I32],                   "VOPC Instructions: V_CMP_CLASS_F64 S1.u is a class mask"),
    ("V_CMPX_CLASS_F64",    None, &[Ty::F64, Ty::I32],                   "VOPC Instructions: V_CMPX_CLASS_F64 S1.u is a class mask"),
    ("V_CMP_CLASS_F16",     None, &[Ty::F16, Ty::I32],                   "VOPC Instructions: V_CMP_CLASS_F16 S1.u is a class mask"),
    ("V_CMPX_CLASS_F16",    None, &[Ty::F16, Ty::I32],                   "VOPC Instructions: V_CMPX_CLASS_F16 S1.u is a class mask"),
    ("V_LSHLREV_B64",       Some(Ty::I64), &[Ty::I32, Ty::I64],          "VOP3A Instructions: V_LSHLREV_B64 D.u64 = S1.u64 << S0.u[5:0]"),
    ("V_LSHRREV_B64",       Some(Ty::I64), &[Ty::I32, Ty::I64],          "VOP3A Instructions: V_LSHRREV_B64 D.u64 = S1.u64 >> S0.u[5:0]"),
    ("V_ASHRREV_I64",       Some(Ty::I64), &[Ty::I32, Ty::I64],          "VOP3A Instructions: V_ASHRREV_I64 D.u64 = S1.i64 >> S0.u[5:0]"),
    ("V_CVT_PK_U8_F32",     Some(Ty::I32), &[Ty::F32, Ty::I32, Ty::I32], "VOP3A Instructions: V_CVT_PK_U8_F32 S1.u[1:0] byte select, S2 the packed dword"),
    ("V_CVT_PKACCUM_U8_F32",Some(Ty::I32), &[Ty::F32, Ty::I32],          "VOP3A Instructions: V_CVT_PKACCUM_U8_F32 S1.u[4:0] byte select"),
    ("V_QSAD_PK_U16_U8",    Some(Ty::I64), &[Ty::I64, Ty::I32, Ty::I64], "VOP3A Instructions: V_QSAD_PK_U16_U8 D.u64, S0.u64, S1.u, S2.u64"),
    ("V_MQSAD_PK_U16_U8",   Some(Ty::I64), &[Ty::I64, Ty::I32, Ty::I64], "VOP3A Instructions: V_MQSAD_PK_U16_U8 D.u64, S0.u64, S1.u, S2.u64"),
    ("V_MQSAD_U32_U8",      Some(Ty::B128), &[Ty::I64, Ty::I32, Ty::B128], "VOP3A Instructions: V_MQSAD_U32_U8 D.u128, S0.u64, S1.u, S2.u128"),
    ("V_MAD_U64_U32",       Some(Ty::I64), &[Ty::I32, Ty::I32, Ty::I64], "VOP3A & VOP3B Instructions: V_MAD_U64_U32 D.u64 = S0.u32 * S1.u32 + S2.u64"),
    ("V_MAD_I64_I32",       Some(Ty::I64), &[Ty::I32, Ty::I32, Ty::I64], "VOP3A & VOP3B Instructions: V_MAD_I64_I32 D.i64 = S0.i32 * S1.i32 + S2.i64"),
    ("V_MAD_U32_U16",       Some(Ty::I32), &[Ty::I16, Ty::I16, Ty::I32], "VOP3A Instructions: V_MAD_U32_U16 D.u32 = S0.u16 * S1.u16 + S2.u32"),
    ("V_MAD_I32_I16",       Some(Ty::I32), &[Ty::I16, Ty::I16, Ty::I32], "VOP3A Instructions: V_MAD_I32_I16 D.i32 = S0.i16 * S1.i16 + S2.i32"),
    ("V_CVT_PKNORM_I16_F32",Some(Ty::I32), &[Ty::F32, Ty::F32],          "VOP3A Instructions: V_CVT_PKNORM_I16_F32 packs two results in one dword"),
    ("V_CVT_PKNORM_U16_F32",Some(Ty::I32), &[Ty::F32, Ty::F32],          "VOP3A Instructions: V_CVT_PKNORM_U16_F32 packs two results in one dword"),
    ("V_CVT_PKNORM_I16_F16",Some(Ty::I32), &[Ty::F16, Ty::F16],          "VOP3A Instructions: V_CVT_PKNORM_I16_F16 packs two results in one dword"),
    ("V_CVT_PKNORM_U16_F16",Some(Ty::I32), &[Ty::F16, Ty::F16],          "VOP3A Instructions: V_CVT_PKNORM_U16_F16 packs two results in one dword"),
    ("V_CVT_PKRTZ_F16_F32", Some(Ty::V2F16), &[Ty::F32, Ty::F32],          "VOP3A Instructions: V_CVT_PKRTZ_F16_F32 packs two halves in one dword"),
    ("V_CVT_PK_U16_U32",    Some(Ty::I32), &[Ty::I32, Ty::I32],          "VOP3A Instructions: V_CVT_PK_U16_U32 packs two results in one dword"),
    ("V_CVT_PK_I16_I32",    Some(Ty::I32), &[Ty::I32, Ty::I32],          "VOP3A Instructions: V_CVT_PK_I16_I32 packs two results in one dword"),
    ("V_PACK_B32_F16",      Some(Ty::I32), &[Ty::F16, Ty::F16],          "VOP3A Instructions: V_PACK_B32_F16 D[31:16].f16 = S1.f16, D[15:0].f16 = S0.f16"),
];

/// Integer rows whose VOP3 form takes CLAMP (LLVM 14's profiles; the manual: "clamp"
/// saturates integer results, Vega "VOP3 modifiers").
const INT_CLAMP: &[&str] = &[
    "V_MUL_I32_I24",
    "V_MUL_U32_U24",
    "V_ADD_U16",
    "V_SUB_U16",
    "V_SUBREV_U16",
    "V_ADD_U32",
    "V_SUB_U32",
    "V_SUBREV_U32",
    "V_MAD_I32_I24",
    "V_MAD_U32_U24",
    "V_SAD_U8",
    "V_SAD_HI_U8",
    "V_SAD_U16",
    "V_SAD_U32",
    "V_MSAD_U8",
    "V_QSAD_PK_U16_U8",
    "V_MQSAD_PK_U16_U8",
    "V_MQSAD_U32_U8",
    "V_MAD_LEGACY_U16",
    "V_MAD_LEGACY_I16",
    "V_ADD_I32",
    "V_SUB_I32",
    "V_ADD_I16",
    "V_SUB_I16",
    "V_MAD_U32_U16",
    "V_MAD_I32_I16",
    "V_MIN3_I16",
    "V_MIN3_U16",
    "V_MAX3_I16",
    "V_MAX3_U16",
    "V_MED3_I16",
    "V_MED3_U16",
    "V_MAD_U16",
    "V_MAD_I16",
    "V_ADD_CO_U32",
    "V_SUB_CO_U32",
    "V_SUBREV_CO_U32",
    "V_ADDC_CO_U32",
    "V_SUBB_CO_U32",
    "V_SUBBREV_CO_U32",
    "V_MAD_U64_U32",
    "V_MAD_I64_I32",
];

/// Rows with an integer destination whose VOP3 form still takes OMOD in LLVM 14.
const INT_OMOD: &[&str] = &[
    "V_CVT_I32_F32",
    "V_CVT_U32_F32",
    "V_CVT_I32_F64",
    "V_CVT_U32_F64",
    "V_CVT_U16_F16",
    "V_CVT_I16_F16",
    "V_FREXP_EXP_I32_F64",
    "V_FREXP_EXP_I16_F16",
    "V_CVT_NORM_I16_F16",
    "V_CVT_NORM_U16_F16",
];

/// The gfx9 VOP3 rows with OP_SEL (Vega "VOP3 modifiers": OPSEL selects the 16-bit halves
/// of the sources and destination "for 16-bit operations"; LLVM 14 accepts it on these).
const OP_SEL: &[&str] = &[
    "V_MAD_U32_U16",
    "V_MAD_I32_I16",
    "V_MIN3_F16",
    "V_MIN3_I16",
    "V_MIN3_U16",
    "V_MAX3_F16",
    "V_MAX3_I16",
    "V_MAX3_U16",
    "V_MED3_F16",
    "V_MED3_I16",
    "V_MED3_U16",
    "V_MAD_F16",
    "V_MAD_U16",
    "V_MAD_I16",
    // Not in LLVM 14 (a documented difference, note 0049): the manual's rows say what
    // op_sel[3] does to the destination.
    "V_MAD_LEGACY_F16",
    "V_MAD_LEGACY_U16",
    "V_MAD_LEGACY_I16",
    "V_FMA_F16",
    "V_DIV_FIXUP_F16",
    "V_CVT_PKNORM_I16_F16",
    "V_CVT_PKNORM_U16_F16",
    "V_PACK_B32_F16",
    "V_ADD_I16",
    "V_SUB_I16",
];

/// Rows without a VOP3 form although the promotion rule gives them one: Vega "VOP2
/// Instructions" (V_MADMK/V_MADAK "cannot use the VOP3 encoding"); V_READFIRSTLANE_B32,
/// V_SWAP_B32 and the gfx908 dot/pk_fmac VOP2 rows have none in LLVM 14 (survey
/// disagreements 4 and MI100 7).
pub const NO_E64: &[&str] = &[
    "V_MADMK_F32",
    "V_MADAK_F32",
    "V_MADMK_F16",
    "V_MADAK_F16",
    "V_READFIRSTLANE_B32",
    "V_SWAP_B32",
    "V_DOT2C_F32_F16",
    "V_DOT2C_I32_I16",
    "V_DOT4C_I32_I8",
    "V_DOT8C_I32_I4",
    "V_PK_FMAC_F16",
];

/// Rows whose syntax is not done yet (none: the VOP3 interpolation rows, V_INTERP_*_F16,
/// are printed and parsed by [`super::vop3i`]; their shape here only lists a destination
/// and sources).
pub const NOT_YET: &[&str] = &[];

/// Whether a row is VOP1, VOP2, VOPC or native VOP3A/VOP3B (what this module shapes).
pub fn is_valu(row: &Row) -> bool {
    matches!(
        row.format,
        Format::Vop1 | Format::Vop2 | Format::Vopc | Format::Vop3a | Format::Vop3b
    )
}

/// The VALU row named `name` with or without LLVM's `_e32`/`_e64` suffix.
pub fn row_by_name(target: crate::target::Target, name: &str) -> Option<&'static Row> {
    let lower = name.to_ascii_lowercase();
    let base = lower
        .strip_suffix("_e32")
        .or_else(|| lower.strip_suffix("_e64"))
        .unwrap_or(&lower);
    crate::instructions::by_name(target, base).filter(|r| is_valu(r))
}

fn suffix_ty(s: &str) -> Option<Ty> {
    Some(match s {
        "F16" => Ty::F16,
        "F32" => Ty::F32,
        "F64" => Ty::F64,
        "I16" | "U16" | "B16" => Ty::I16,
        "I32" | "U32" | "B32" | "I24" | "U24" | "U8" | "I8" | "I4" => Ty::I32,
        "I64" | "U64" | "B64" => Ty::I64,
        _ if s.starts_with("UBYTE") => Ty::I32,
        _ => return None,
    })
}

/// (destination, source) types from the name's last two suffixes.
fn name_types(name: &str) -> (Ty, Ty) {
    let parts: Vec<&str> = name.split('_').collect();
    let last = parts.last().and_then(|s| suffix_ty(s)).unwrap_or(Ty::I32);
    let before = parts
        .len()
        .checked_sub(2)
        .and_then(|i| parts.get(i))
        .and_then(|s| suffix_ty(s));
    (before.unwrap_or(last), last)
}

/// How many sources a native VOP3 row reads (VOP3A & VOP3B Instructions).
fn vop3_sources(row: &Row) -> usize {
    match row.opcode {
        // 448..=519: the three-source block, except V_CVT_PKACCUM_U8_F32.
        496 => 2,
        448..=519 => 3,
        // 640..=672: two sources.
        _ => 2,
    }
}

fn op(role: Role, ty: Ty) -> Operand {
    Operand {
        role,
        ty,
        kind: SrcKind::Any,
    }
}

/// The operands and modifiers of a VALU row (see the module docs). Computed once per row
/// and kept: decoding and printing ask for it on every instruction.
pub fn shape(row: &Row) -> &'static Shape {
    static SHAPES: PerRow<Shape> = PerRow::new(compute_shape);
    SHAPES.get(row)
}

/// [`shape`], computed.
fn compute_shape(row: &Row) -> Shape {
    let name = row.name;
    let exception = TYPE_EXCEPTIONS.iter().find(|(n, ..)| *n == name);
    let (dst_ty, src_ty) = name_types(name);
    let dst_ty = exception.and_then(|e| e.1).unwrap_or(dst_ty);
    let src_tys: Vec<Ty> = match exception {
        Some((_, _, s, _)) => s.to_vec(),
        None => vec![src_ty; 3],
    };
    let st = |i: usize| src_tys.get(i).copied().unwrap_or(src_ty);
    let srcs = |n: usize| -> Vec<Operand> {
        [Role::Src0, Role::Src1, Role::Src2]
            .into_iter()
            .take(n)
            .enumerate()
            .map(|(i, r)| op(r, st(i)))
            .collect()
    };
    let mut e32 = matches!(row.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
    let e64 = !NO_E64.contains(&name);
    let mut ops: Vec<Operand> = Vec::new();
    match (row.format, name) {
        (_, "V_NOP" | "V_CLREXCP") => {}
        (_, "V_READFIRSTLANE_B32") => {
            ops.push(op(Role::Sdst, Ty::I32));
            ops.push(Operand {
                role: Role::Src0,
                ty: Ty::I32,
                kind: SrcKind::Vgpr,
            });
        }
        (_, "V_SWAP_B32") => {
            ops.push(op(Role::Vdst, Ty::I32));
            ops.push(Operand {
                role: Role::Src0,
                ty: Ty::I32,
                kind: SrcKind::Vgpr,
            });
        }
        (_, "V_READLANE_B32") => {
            ops.push(op(Role::Sdst, Ty::I32));
            ops.push(Operand {
                role: Role::Src0,
                ty: Ty::I32,
                kind: SrcKind::Vgpr,
            });
            ops.push(Operand {
                role: Role::Src1,
                ty: Ty::I32,
                kind: SrcKind::Scalar,
            });
        }
        (_, "V_WRITELANE_B32") => {
            ops.push(op(Role::Vdst, Ty::I32));
            for r in [Role::Src0, Role::Src1] {
                ops.push(Operand {
                    role: r,
                    ty: Ty::I32,
                    kind: SrcKind::Scalar,
                });
            }
        }
        (_, "V_CNDMASK_B32") => {
            ops.push(op(Role::Vdst, Ty::I32));
            ops.extend(srcs(2));
            ops.push(op(Role::CarryIn, Ty::I64));
        }
        (_, "V_MADMK_F32" | "V_MADMK_F16") => {
            ops.push(op(Role::Vdst, dst_ty));
            // LLVM 14 types V_MADMK_F16's SRC0 as f32 (its literal prints as a dword).
            ops.push(op(Role::Src0, Ty::F32));
            ops.push(op(Role::K, src_ty));
            ops.push(op(Role::Src1, src_ty));
        }
        (_, "V_MADAK_F32" | "V_MADAK_F16") => {
            ops.push(op(Role::Vdst, dst_ty));
            ops.push(op(Role::Src0, src_ty));
            ops.push(op(Role::Src1, src_ty));
            ops.push(op(Role::K, src_ty));
        }
        (Format::Vopc, _) => {
            ops.push(op(Role::CarryOut, Ty::I64));
            ops.extend(srcs(2));
        }
        (Format::Vop1, _) => {
            ops.push(op(Role::Vdst, dst_ty));
            ops.extend(srcs(1));
        }
        (Format::Vop2, _) if name.contains("_CO_") => {
            ops.push(op(Role::Vdst, dst_ty));
            ops.push(op(Role::CarryOut, Ty::I64));
            ops.extend(srcs(2));
            if name.starts_with("V_ADDC") || name.starts_with("V_SUBB") {
                ops.push(op(Role::CarryIn, Ty::I64));
            }
        }
        (Format::Vop2, _) => {
            ops.push(op(Role::Vdst, dst_ty));
            ops.extend(srcs(2));
        }
        (Format::Vop3b, _) => {
            ops.push(op(Role::Vdst, dst_ty));
            ops.push(op(Role::CarryOut, Ty::I64));
            ops.extend(srcs(3));
        }
        _ => {
            e32 = false;
            ops.push(op(Role::Vdst, dst_ty));
            ops.extend(srcs(vop3_sources(row)));
        }
    }
    let mods = mods(row, dst_ty, &ops);
    Shape {
        operands: ops,
        e32,
        e64,
        mods,
    }
}

fn mods(row: &Row, dst_ty: Ty, ops: &[Operand]) -> Mods {
    let name = row.name;
    let mut m = Mods::default();
    let srcs: Vec<&Operand> = ops
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .collect();
    let src0_float = srcs.first().is_some_and(|o| o.ty.is_float());
    let class = name.contains("_CLASS_");
    let special = matches!(
        name,
        "V_READLANE_B32" | "V_WRITELANE_B32" | "V_NOP" | "V_CLREXCP"
    ) || name.starts_with("V_INTERP_");
    if special {
        return m;
    }
    if name == "V_CNDMASK_B32" {
        m.float = 0b011;
        return m;
    }
    if src0_float {
        for (i, o) in srcs.iter().enumerate() {
            if o.ty.is_float() {
                m.float |= 1 << i;
            } else if !class {
                m.sext |= 1 << i;
            }
        }
    }
    let dst_float = dst_ty.is_float() && row.format != Format::Vopc;
    m.clamp = !class && (src0_float || dst_float || INT_CLAMP.contains(&name));
    if OP_SEL.contains(&name) {
        m.op_sel = srcs.len() as u8 + 1;
    }
    // V_MAD_LEGACY_F16 keeps OMOD with OP_SEL (LLVM 14 takes OMOD on it, note 0049).
    m.omod = (m.op_sel == 0 || name == "V_MAD_LEGACY_F16")
        && row.format != Format::Vopc
        && (dst_float || (src0_float && INT_OMOD.contains(&name)));
    m
}

// ---------------------------------------------------------------------------------------
// Operand text.

/// The f16 bits of a float inline constant (Vega "Instruction Inputs": 1/(2*pi) is 0x3118).
pub const fn f16_bits(c: FloatConst) -> u16 {
    match c {
        FloatConst::Half => 0x3800,
        FloatConst::NegHalf => 0xb800,
        FloatConst::One => 0x3c00,
        FloatConst::NegOne => 0xbc00,
        FloatConst::Two => 0x4000,
        FloatConst::NegTwo => 0xc000,
        FloatConst::Four => 0x4400,
        FloatConst::NegFour => 0xc400,
        FloatConst::InvTwoPi => 0x3118,
    }
}

/// LLVM's text of a literal dword used as an operand of type `ty`.
pub fn literal_ty_text(literal: u32, ty: Ty) -> String {
    match ty {
        Ty::I16 | Ty::F16 | Ty::V2I16 | Ty::V2F16 => {
            let lo = literal as u16;
            let s = lo as i16;
            if (-16..=64).contains(&s) {
                return s.to_string();
            }
            let key = if ty == Ty::V2F16 {
                u32::from(lo)
            } else {
                literal
            };
            if ty.is_float() {
                if let Some(c) = FloatConst::ALL
                    .iter()
                    .find(|c| u32::from(f16_bits(**c)) == key)
                {
                    return c.text(1).to_string();
                }
            }
            format!("{lo:#x}")
        }
        Ty::I32 | Ty::F32 => literal_text(literal, 1),
        Ty::I64 | Ty::F64 | Ty::B128 => literal_text(literal, 2),
    }
}

/// LLVM's text of a 9-bit source of type `ty`; `literal` is the instruction's literal
/// dword (used when `src` is the literal code 255).
pub fn src_text(src: VectorSrc, ty: Ty, literal: u32) -> String {
    match src {
        VectorSrc::Vgpr(v) => VgprRange {
            first: v,
            count: ty.dwords(),
        }
        .display(),
        VectorSrc::LdsDirect => "src_lds_direct".into(),
        VectorSrc::Scalar(ScalarSrc::Literal) => literal_ty_text(literal, ty),
        VectorSrc::Scalar(ScalarSrc::Float(c)) if ty.is_16() => {
            if ty.is_float() {
                c.text(1).to_string()
            } else {
                format!("{:#x}", f16_bits(c))
            }
        }
        VectorSrc::Scalar(ScalarSrc::Reg(r)) if ty == Ty::B128 => quad_text(r),
        VectorSrc::Scalar(s) => s.display(u32::from(ty.dwords().min(2)), literal),
    }
}

/// [`src_text`] appended to `out`; from a table (per code and type) for every source but
/// the literal, since the printers ask on every operand.
pub fn push_src(out: &mut String, src: VectorSrc, ty: Ty, literal: u32) {
    const TYS: [Ty; 9] = [
        Ty::I16,
        Ty::F16,
        Ty::V2I16,
        Ty::V2F16,
        Ty::I32,
        Ty::F32,
        Ty::I64,
        Ty::F64,
        Ty::B128,
    ];
    static TABLE: OnceLock<Vec<Option<Box<str>>>> = OnceLock::new();
    if !src.is_literal() {
        let table = TABLE.get_or_init(|| {
            (0..512u16)
                .flat_map(|code| {
                    let s = VectorSrc::from_code(code).ok().filter(|s| !s.is_literal());
                    TYS.map(|ty| s.map(|s| src_text(s, ty, 0).into_boxed_str()))
                })
                .collect()
        });
        let slot = TYS.iter().position(|&t| t == ty);
        let found = slot.and_then(|t| table.get(usize::from(src.code()) * TYS.len() + t));
        if let Some(Some(s)) = found {
            out.push_str(s);
            return;
        }
    }
    out.push_str(&src_text(src, ty, literal));
}

/// [`clamp_omod_text`] appended to `out`.
pub fn push_clamp_omod(out: &mut String, clamp: bool, omod: u8) {
    if clamp {
        out.push_str(" clamp");
    }
    out.push_str(match omod {
        1 => " mul:2",
        2 => " mul:4",
        3 => " div:2",
        _ => "",
    });
}

/// [`mod_text`] appended to `out`, the operand given by `operand` (which appends it).
pub fn push_mod(
    out: &mut String,
    operand: impl FnOnce(&mut String),
    is_const: bool,
    abs: bool,
    neg: bool,
    int_mods: bool,
) {
    let (open, close) = match (int_mods, neg, abs) {
        (true, true, _) => ("sext(", ")"),
        (true, false, _) | (false, false, false) => ("", ""),
        (false, false, true) => ("|", "|"),
        (false, true, true) => ("-|", "|"),
        (false, true, false) if is_const => ("neg(", ")"),
        (false, true, false) => ("-", ""),
    };
    out.push_str(open);
    operand(out);
    out.push_str(close);
}

/// `s[n:n+3]` / `ttmp[n:n+3]` (a 128-bit scalar operand).
fn quad_text(r: ScalarReg) -> String {
    match r {
        ScalarReg::Sgpr(crate::operand::Sgpr(n)) => format!("s[{}:{}]", n, u32::from(n) + 3),
        ScalarReg::Ttmp(crate::operand::Ttmp(n)) => format!("ttmp[{}:{}]", n, u32::from(n) + 3),
        other => other.display(2),
    }
}

/// Why a scalar register cannot start a 128-bit operand (SGPRs and TTMPs aligned to four,
/// Vega "SGPR Alignment").
fn check_quad(r: ScalarReg) -> Result<(), Reason> {
    match r {
        ScalarReg::Sgpr(crate::operand::Sgpr(n)) if n % 4 == 0 && n + 4 <= 102 => Ok(()),
        ScalarReg::Ttmp(crate::operand::Ttmp(n)) if n % 4 == 0 => Ok(()),
        ScalarReg::Sgpr(_) | ScalarReg::Ttmp(_) => Err(
            "a 128-bit operand needs SGPRs aligned to four, even-aligned (rule gcn5.asm.sgpr_align: Vega \"SGPR Alignment\")",
        ),
        _ => Err("a 128-bit operand needs VGPRs, SGPRs or TTMPs"),
    }
}

/// Whether `src` can be an operand of type `ty` (register ranges fit and SGPR pairs are
/// even-aligned).
pub fn check_src(src: VectorSrc, ty: Ty) -> Result<(), Reason> {
    match src {
        VectorSrc::Vgpr(v) => VgprRange::new(v, ty.dwords()).map(|_| ()),
        VectorSrc::LdsDirect if ty.dwords() > 1 => Err(LDS_DIRECT_DWORD),
        VectorSrc::LdsDirect => Ok(()),
        VectorSrc::Scalar(s) => {
            if ty == Ty::B128 {
                return match s {
                    ScalarSrc::Reg(r) => check_quad(r),
                    _ => Err("a 128-bit operand cannot be a constant"),
                };
            }
            s.check_width(u32::from(ty.dwords().min(2)))
        }
    }
}

/// Vega "LDS Direct Reads": the LDS supplies "a single DWORD value".
pub const LDS_DIRECT_DWORD: Reason =
    "LDS_DIRECT supplies one dword, not a 64-bit operand (Vega \"LDS Direct Reads\")";

/// Whether `src` is allowed by `kind` (see [`SrcKind`]).
pub fn check_kind(src: VectorSrc, kind: SrcKind) -> Result<(), Reason> {
    match (kind, src) {
        (SrcKind::Any, _) => Ok(()),
        (SrcKind::Vgpr, VectorSrc::Vgpr(_)) => Ok(()),
        (SrcKind::Vgpr, _) => Err("this operand must be a VGPR"),
        (SrcKind::Scalar, VectorSrc::Scalar(ScalarSrc::Literal)) => {
            Err("this operand must be a scalar register or an inline constant")
        }
        (SrcKind::Scalar, VectorSrc::Scalar(_)) => Ok(()),
        (SrcKind::Scalar, _) => Err("this operand must be a scalar register or an inline constant"),
    }
}

/// Parse a source of type `ty`: a VGPR (range), a scalar register, `src_lds_direct`, an
/// inline constant or a literal. Returns the source and, for a literal, its dword.
pub fn parse_src(text: &str, ty: Ty) -> Result<(VectorSrc, Option<u32>), Reason> {
    let t = text.trim();
    if t.starts_with('v') && !t.starts_with("vcc") {
        let r = VgprRange::parse(t, ty.dwords())?;
        return Ok((VectorSrc::Vgpr(r.first), None));
    }
    if t == "src_lds_direct" || t == "lds_direct" {
        return Ok((VectorSrc::LdsDirect, None));
    }
    let dwords = u32::from(ty.dwords().min(2));
    if ty.is_16() && ty.is_float() {
        // A 16-bit float operand: its float constants may be written as their f16 bits.
        let first = t.as_bytes().first().copied().unwrap_or(b' ');
        if first.is_ascii_digit() && !t.contains('.') {
            let v = crate::operand::parse_int(t).ok_or("bad integer")?;
            if !(-16..=64).contains(&v) && (0..=0xffff).contains(&v) {
                if let Some(c) = FloatConst::ALL
                    .iter()
                    .find(|c| i64::from(f16_bits(**c)) == v)
                {
                    return Ok((VectorSrc::Scalar(ScalarSrc::Float(*c)), None));
                }
            }
        }
    }
    if ty == Ty::B128 {
        let (body, make): (&str, fn(u8) -> ScalarReg) = if let Some(b) = t.strip_prefix("ttmp") {
            (b, |n| ScalarReg::Ttmp(crate::operand::Ttmp(n)))
        } else if let Some(b) = t.strip_prefix('s') {
            (b, |n| ScalarReg::Sgpr(crate::operand::Sgpr(n)))
        } else {
            return Err("a 128-bit operand needs VGPRs, SGPRs or TTMPs");
        };
        let inner = body
            .strip_prefix('[')
            .and_then(|b| b.strip_suffix(']'))
            .ok_or("expected a range of 4 registers")?;
        let (a, b) = inner
            .split_once(':')
            .ok_or("expected a range of 4 registers")?;
        let lo: u8 = a.trim().parse().map_err(|_| "bad register index")?;
        let hi: u32 = b.trim().parse().map_err(|_| "bad register index")?;
        if hi != u32::from(lo) + 3 {
            return Err("expected a range of 4 registers");
        }
        let r = make(lo);
        check_quad(r)?;
        // An SGPR/TTMP quad: VOP3A source fields name SGPRs (Vega "Microcode Formats"); S2.u128
        // reads four aligned ones. LLVM 14's assembler takes VGPRs only (0014 A2).
        return Ok((VectorSrc::Scalar(ScalarSrc::Reg(r)), None));
    }
    let (s, lit) = ScalarSrc::parse(t, dwords)?;
    if let (ScalarSrc::Literal, Some(v)) = (s, lit) {
        if !ty.is_16() && dwords == 1 {
            if let Some(c) = FloatConst::ALL.iter().find(|c| c.f32_bits() == v) {
                return Ok((VectorSrc::Scalar(ScalarSrc::Float(*c)), None));
            }
        }
    }
    Ok((VectorSrc::Scalar(s), lit))
}

/// The float inline constant whose f16 bits are `value`, for a 16-bit operand (`ty.is_16()`)
/// of an encoding without a literal (VOP3, VOP3P, SDWA): LLVM prints a 16-bit integer
/// operand's float constant as its f16 bits (`0x3800`), and there that text can only mean
/// the constant. `None` for other values and types.
pub fn f16_bits_constant(ty: Ty, value: u32) -> Option<FloatConst> {
    if !ty.is_16() {
        return None;
    }
    FloatConst::ALL
        .iter()
        .copied()
        .find(|c| u32::from(f16_bits(*c)) == value)
}

/// The operands of `row`'s `form` (`e32`, `e64`) are `items` (column, text); too many or too
/// few is an error at the first extra one, or at `end` when some are missing.
pub fn check_operand_count<T>(
    items: &[(usize, T)],
    shape: &Shape,
    end: usize,
    form: &str,
    row: &Row,
) -> Result<(), (usize, String)> {
    let want = shape.operands.len();
    if items.len() == want {
        return Ok(());
    }
    let col = items.get(want).map_or(end, |(c, _)| *c);
    Err((
        col,
        format!(
            "expected {want} operands for the {form} form of {}",
            row.mnemonic()
        ),
    ))
}

/// LLVM's text of the VOP3 output modifiers after the operands: ` clamp`, then ` mul:2`,
/// ` mul:4` or ` div:2` for OMOD 1, 2, 3.
pub fn clamp_omod_text(clamp: bool, omod: u8) -> String {
    let omod = match omod {
        1 => " mul:2",
        2 => " mul:4",
        3 => " div:2",
        _ => "",
    };
    format!("{}{omod}", if clamp { " clamp" } else { "" })
}

/// A source with its modifiers: `neg`/`abs` for float input modifiers, `sext` when
/// `int_mods` (then `neg` is the SEXT bit). LLVM prints NEG of a constant without ABS as
/// `neg(..)`.
pub fn mod_text(operand: &str, is_const: bool, abs: bool, neg: bool, int_mods: bool) -> String {
    if int_mods {
        return if neg {
            format!("sext({operand})")
        } else {
            operand.to_string()
        };
    }
    match (neg, abs) {
        (false, false) => operand.to_string(),
        (false, true) => format!("|{operand}|"),
        (true, true) => format!("-|{operand}|"),
        (true, false) if is_const => format!("neg({operand})"),
        (true, false) => format!("-{operand}"),
    }
}

/// Split modifiers off a source's text: returns (operand text, abs, neg, sext).
pub fn parse_mods(text: &str) -> Result<(&str, bool, bool, bool), Reason> {
    let t = text.trim();
    if let Some(inner) = t.strip_prefix("sext(").and_then(|r| r.strip_suffix(')')) {
        return Ok((inner.trim(), false, false, true));
    }
    let (mut neg, mut rest) = (false, t);
    if let Some(inner) = rest.strip_prefix("neg(").and_then(|r| r.strip_suffix(')')) {
        neg = true;
        rest = inner.trim();
    } else if let Some(r) = rest.strip_prefix('-') {
        let r = r.trim_start();
        if r.starts_with('|') || r.starts_with(|c: char| c.is_ascii_alphabetic()) {
            neg = true;
            rest = r;
        }
    }
    let mut abs = false;
    if let Some(inner) = rest.strip_prefix('|') {
        rest = inner
            .strip_suffix('|')
            .ok_or("expected a closing `|`")?
            .trim();
        abs = true;
    } else if let Some(inner) = rest.strip_prefix("abs(").and_then(|r| r.strip_suffix(')')) {
        rest = inner.trim();
        abs = true;
    }
    if rest.is_empty() {
        return Err("expected an operand");
    }
    Ok((rest, abs, neg, false))
}

/// LLVM's text of a 64-bit lane mask held in a scalar code (`vcc`, `s[4:5]`, `exec`).
pub fn pair_text(reg: ScalarReg) -> String {
    reg.display(2)
}

/// Parse a 64-bit lane mask register.
pub fn parse_pair(text: &str) -> Result<ScalarReg, Reason> {
    ScalarReg::parse(text.trim(), 2)
}

#[cfg(test)]
#[path = "valu_tests.rs"]
mod tests;
