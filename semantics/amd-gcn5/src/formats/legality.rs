//! The assembler's legality rules: what the manuals forbid in a text that the encoding can
//! still hold, checked on the parsed instruction after [`super::parse`] (docs/design/0046).
//!
//! [`super::parse`] reads what the hardware would decode (its result always round-trips
//! through `encode`/`decode`), so it accepts, for example, a VOP3 instruction reading two
//! different SGPRs, which the manual's "Instruction Inputs" forbids. [`check`] states those
//! rules, each a [`Rule`] of [`RULES`] with its citation, and [`parse_checked`] is the
//! assembler's entry: parse, then check, and a violation is a located error naming the
//! rule. `gpuref asm --lenient` skips [`check`] (it encodes what the hardware would decode).
//!
//! Rules whose violation the encoding cannot hold (a literal in VOP3, an odd SGPR pair,
//! LDS_DIRECT outside SRC0, a scalar DPP source) are refused while parsing, whatever the
//! mode; their messages name their rule of [`RULES`] too ([`id`]).

use super::{valu, vop3p, Fields, Instruction, ParseError};
use crate::operand::{ScalarReg, ScalarSrc, VectorSrc};
use crate::target::Target;
use gpuref_core::{Rule, SpecRef, Status};

/// The rule ids.
pub mod id {
    /// At most one SGPR read per VALU instruction.
    pub const CONSTANT_BUS_SGPR: &str = "gcn5.asm.constant_bus.sgpr";
    /// A literal only when no SGPR or M0 is read.
    pub const CONSTANT_BUS_LITERAL: &str = "gcn5.asm.constant_bus.literal";
    /// M0 and EXEC count as the one SGPR.
    pub const CONSTANT_BUS_M0_EXEC: &str = "gcn5.asm.constant_bus.m0_exec";
    /// V_DIV_FMAS_F32/F64 read VCC.
    pub const CONSTANT_BUS_DIV_FMAS: &str = "gcn5.asm.constant_bus.div_fmas";
    /// No literal in VOP3, VOP3P, SDWA or DPP (checked while parsing).
    pub const LITERAL_32BIT_ONLY: &str = "gcn5.asm.literal.32bit_only";
    /// 64-bit SGPR operands even-aligned, SMEM data of 4+ dwords quad-aligned (parsing).
    pub const SGPR_ALIGN: &str = "gcn5.asm.sgpr_align";
    /// LDS_DIRECT in SRC0 only (parsing).
    pub const LDS_DIRECT_SRC0: &str = "gcn5.asm.lds_direct_src0";
    /// A DPP source is a VGPR (parsing).
    pub const DPP_SRC_VGPR: &str = "gcn5.asm.dpp_src_vgpr";
    /// AccVGPRs on gfx908 only, a0..a255 (parsing).
    pub const ACCVGPR: &str = "gcn5.asm.accvgpr";
    /// A modifier given once (parsing).
    pub const MODIFIER_ONCE: &str = "gcn5.asm.modifier_once";
    /// The rows that cannot use SDWA or DPP (parsing).
    pub const SDWA_DPP_ROWS: &str = "gcn5.asm.sdwa_dpp_rows";
}

const INPUTS_V: SpecRef = SpecRef::new(gpuref_core::Spec::Vega, "Instruction Inputs");
const INPUTS_M: SpecRef = SpecRef::new(gpuref_core::Spec::Mi100, "6.2.1. Instruction Inputs");
const SGPRS_V: SpecRef = SpecRef::new(gpuref_core::Spec::Vega, "SGPR Allocation and storage");
const DESIGN: SpecRef = SpecRef::new(
    gpuref_core::Spec::Gpuref,
    "docs/design/0046-gcn5-assembler-legality.md",
);

/// Every legality rule of the assembler.
#[rustfmt::skip]
pub static RULES: &[Rule] = &[
    Rule { id: id::CONSTANT_BUS_SGPR, status: Status::Specified,
        cites: &[INPUTS_V, INPUTS_M, SGPRS_V, DESIGN],
        statement: "a VALU instruction reads at most one SGPR (\"At most one SGPR can be read per instruction, but the value can be used for more than one operand\"); VCC, the TTMPs, FLAT_SCRATCH and XNACK_MASK are SGPRs, and V_CNDMASK_B32, V_ADDC/V_SUBB/V_SUBBREV_CO_U32 in their 32-bit forms (e32, SDWA, DPP) read VCC (\"Special Cases for Constants\"); one register read by several operands counts once" },
    Rule { id: id::CONSTANT_BUS_LITERAL, status: Status::Specified,
        cites: &[INPUTS_V, INPUTS_M, DESIGN],
        statement: "a VALU instruction uses a literal constant (a source or V_MADMK/V_MADAK's K) only when no SGPR or M0 is a source (\"only when an SGPR or M0 is not used as a source\"), the implicit VCC of the e32 carry and CNDMASK rows included" },
    Rule { id: id::CONSTANT_BUS_M0_EXEC, status: Status::Inferred,
        cites: &[INPUTS_V, INPUTS_M, DESIGN],
        statement: "M0 and EXEC count as the one SGPR a VALU instruction may read (and EXEC excludes a literal): the manual lists them beside SGPRs as inputs and names M0 with SGPRs in the literal limitation, but does not say so of the SGPR limit" },
    Rule { id: id::CONSTANT_BUS_DIV_FMAS, status: Status::Inferred,
        cites: &[INPUTS_V, INPUTS_M, DESIGN],
        statement: "V_DIV_FMAS_F32/F64 read VCC (their rows' pseudocode), so they read no other SGPR, M0 or EXEC: the manual's special case names only ADDC, SUBB and CNDMASK" },
    Rule { id: id::LITERAL_32BIT_ONLY, status: Status::Specified,
        cites: &[SpecRef::new(gpuref_core::Spec::Vega, "Microcode Encodings"), INPUTS_V, DESIGN],
        statement: "a literal constant follows a 32-bit microcode format only: \"Any of the 32-bit microcode formats may use a 32-bit literal constant, but not VOP3\" (nor VOP3P; SDWA and DPP take the literal's place); refused while parsing" },
    Rule { id: id::SGPR_ALIGN, status: Status::Specified,
        cites: &[SpecRef::new(gpuref_core::Spec::Vega, "SGPR Alignment"), SpecRef::new(gpuref_core::Spec::Mi100, "3.6.3. SGPR Alignment"), DESIGN],
        statement: "64-bit data in SGPRs is an even-aligned pair, and the data SGPRs of a scalar memory read of four or more dwords are quad-aligned; refused while parsing" },
    Rule { id: id::LDS_DIRECT_SRC0, status: Status::Specified,
        cites: &[INPUTS_V, INPUTS_M, DESIGN],
        statement: "\"Only SRC0 can use LDS_DIRECT\"; refused while parsing" },
    Rule { id: id::DPP_SRC_VGPR, status: Status::Specified,
        cites: &[SpecRef::new(gpuref_core::Spec::Vega, "DPP"), DESIGN],
        statement: "a DPP instruction's sources are VGPRs (DPP fields: \"SRC0 ... Real SRC0 operand (VGPR)\"; VSRC1 is a VGPR field); refused while parsing" },
    Rule { id: id::ACCVGPR, status: Status::Specified,
        cites: &[SpecRef::new(gpuref_core::Spec::Mi100, "3.6.4. VGPR Allocation and Alignment"), DESIGN],
        statement: "AccVGPRs (a0..a255) exist on gfx908 only, and only MFMA and the AccVGPR moves name them; refused while parsing" },
    Rule { id: id::SDWA_DPP_ROWS, status: Status::Specified,
        cites: &[SpecRef::new(gpuref_core::Spec::Vega, "Instruction Limitations"), DESIGN],
        statement: "the rows the manual lists cannot use DPP (V_MADMK/MADAK, V_READFIRSTLANE_B32, the 64-bit conversions and math, V_CLREXCP, V_SWAP_B32, the 64-bit compares) or SDWA (V_MAC/FMAC, V_MADMK/MADAK, V_READFIRSTLANE_B32, V_CLREXCP, V_SWAP_B32) have no such form; gpuref also refuses the forms LLVM lacks (docs/design/0017); refused while parsing" },
    Rule { id: id::MODIFIER_ONCE, status: Status::Inferred,
        cites: &[SpecRef::new(gpuref_core::Spec::Vega, "Microcode Encodings"), DESIGN],
        statement: "a modifier is given once and output modifiers do not conflict (`mul:2 div:2`): each fills one field of the encoding; refused while parsing" },
];

/// A legality violation: the rule, why, the printed operand (0-based, after the mnemonic)
/// it is located at and the earlier operand it conflicts with, when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub operand: Option<usize>,
    /// What the offending operand is (`an SGPR`).
    pub what: &'static str,
    /// The earlier input it conflicts with: its operand and what it is.
    pub other: (Option<usize>, &'static str),
    /// The rule, in a few words.
    pub why: &'static str,
}

/// What a scalar input is, for the constant bus rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Sgpr,
    M0,
    Exec,
    /// VCC read by an e32 carry/CNDMASK row (the manual's special case).
    ImplicitVcc,
    /// VCC read by V_DIV_FMAS.
    DivFmasVcc,
    Literal,
}

/// One constant-bus input: what it is, which value (`(code, dwords)`; the literal is
/// `(255, 1)`), and its printed operand.
#[derive(Clone, Copy, Debug)]
struct Input {
    kind: Kind,
    key: (u8, u8),
    operand: Option<usize>,
}

const VCC: (u8, u8) = (106, 2);

fn scalar_input(s: ScalarSrc, dwords: u8, operand: Option<usize>) -> Option<Input> {
    let kind = match s {
        ScalarSrc::Reg(ScalarReg::M0) => Kind::M0,
        ScalarSrc::Reg(ScalarReg::ExecLo | ScalarReg::ExecHi) => Kind::Exec,
        ScalarSrc::Reg(_) => Kind::Sgpr,
        ScalarSrc::Literal => Kind::Literal,
        // Inline constants, and the sources the manual lists among constants and special
        // values (SCC, VCCZ, EXECZ, the apertures): no limit stated (0046, L2).
        _ => return None,
    };
    Some(Input {
        kind,
        key: (s.code(), dwords),
        operand,
    })
}

fn vector_input(s: VectorSrc, dwords: u8, operand: Option<usize>) -> Option<Input> {
    match s {
        VectorSrc::Scalar(s) => scalar_input(s, dwords, operand),
        _ => None,
    }
}

/// The printed operand index of each source role of a VALU row (SRC0, SRC1, SRC2 or the
/// carry-in), and the dwords of each source.
fn valu_positions(inst: &Instruction) -> ([Option<usize>; 3], [u8; 3], Option<usize>) {
    let shape = valu::shape(inst.row);
    let mut pos = [None; 3];
    let mut dwords = [1; 3];
    let mut carry_in = None;
    for (i, o) in shape.operands.iter().enumerate() {
        let slot = match o.role {
            valu::Role::Src0 => 0,
            valu::Role::Src1 => 1,
            valu::Role::Src2 => 2,
            valu::Role::CarryIn => {
                carry_in = Some(i);
                2
            }
            _ => continue,
        };
        pos[slot] = Some(i);
        dwords[slot] = o.ty.dwords();
    }
    (pos, dwords, carry_in)
}

/// The constant-bus inputs of a VALU instruction, in printed order (`None` for any other).
fn inputs(inst: &Instruction) -> Option<Vec<Input>> {
    let mut v = Vec::new();
    let implicit_vcc = |operand| Input {
        kind: Kind::ImplicitVcc,
        key: VCC,
        operand,
    };
    match &inst.fields {
        Fields::Vop(f) => {
            let (pos, dwords, carry_in) = valu_positions(inst);
            v.extend(vector_input(f.src0, dwords[0], pos[0]));
            if inst.literal.is_some() && !f.src0.is_literal() {
                // V_MADMK/V_MADAK's K.
                let k = valu::shape(inst.row)
                    .operands
                    .iter()
                    .position(|o| o.role == valu::Role::K);
                v.push(Input {
                    kind: Kind::Literal,
                    key: (ScalarSrc::LITERAL_CODE, 1),
                    operand: k,
                });
            }
            if carry_in.is_some() {
                v.push(implicit_vcc(carry_in));
            }
        }
        Fields::Vop3(f) => {
            let (pos, dwords, _) = valu_positions(inst);
            if inst.row.name.starts_with("V_DIV_FMAS_") {
                v.push(Input {
                    kind: Kind::DivFmasVcc,
                    key: VCC,
                    operand: None,
                });
            }
            for ((src, &w), &p) in f.src.iter().zip(&dwords).zip(&pos) {
                if let Some(s) = *src {
                    v.extend(vector_input(s, w, p));
                }
            }
        }
        Fields::Sdwa(f) => {
            let (pos, _, carry_in) = valu_positions(inst);
            let n = super::sdwa::shape(inst.row).map_or(1, |s| s.sources());
            for (src, &p) in f.src.iter().zip(&pos).take(n.min(2)) {
                if let super::sdwa::SdwaSrc::Scalar(s) = *src {
                    v.extend(scalar_input(s, 1, p));
                }
            }
            if carry_in.is_some() {
                v.push(implicit_vcc(carry_in));
            }
        }
        Fields::Dpp(_) => {
            // Sources are VGPRs; the implicit VCC is the only scalar input.
            return Some(Vec::new());
        }
        Fields::Vop3p(f) => {
            let n = vop3p::sources(inst.row).min(3);
            for i in 0..n {
                v.extend(vector_input(f.src[i], 1, Some(1 + i)));
            }
        }
        _ => return None,
    }
    Some(v)
}

fn describe(i: &Input) -> &'static str {
    match i.kind {
        Kind::Sgpr => "an SGPR",
        Kind::M0 => "M0",
        Kind::Exec => "EXEC",
        Kind::ImplicitVcc => "VCC",
        Kind::DivFmasVcc => "VCC (which V_DIV_FMAS reads)",
        Kind::Literal => "a literal constant",
    }
}

/// The rule two different constant-bus inputs break.
fn rule_of(a: Kind, b: Kind) -> &'static str {
    use Kind::*;
    let has = |k: Kind| a == k || b == k;
    if has(DivFmasVcc) {
        id::CONSTANT_BUS_DIV_FMAS
    } else if has(Literal) {
        if has(Exec) {
            id::CONSTANT_BUS_M0_EXEC
        } else {
            id::CONSTANT_BUS_LITERAL
        }
    } else if has(M0) || has(Exec) {
        id::CONSTANT_BUS_M0_EXEC
    } else {
        id::CONSTANT_BUS_SGPR
    }
}

/// Check the legality rules of [`RULES`] that [`super::parse`] does not (the constant bus
/// limits) on a parsed instruction.
pub fn check(_target: Target, inst: &Instruction) -> Result<(), Violation> {
    let Some(inputs) = inputs(inst) else {
        return Ok(());
    };
    let mut first: Option<&Input> = None;
    for i in &inputs {
        match first {
            None => first = Some(i),
            Some(f) if f.key == i.key => {}
            Some(f) => {
                let rule = rule_of(f.kind, i.kind);
                let why = match rule {
                    id::CONSTANT_BUS_LITERAL => {
                        "a VALU instruction takes a literal only when it reads no SGPR or M0"
                    }
                    id::CONSTANT_BUS_M0_EXEC => {
                        "M0 and EXEC count as the one SGPR a VALU instruction may read"
                    }
                    id::CONSTANT_BUS_DIV_FMAS => {
                        "V_DIV_FMAS reads VCC, the one SGPR a VALU instruction may read"
                    }
                    _ => "a VALU instruction reads at most one SGPR",
                };
                let (operand, what, other) = if i.operand.is_some() {
                    (i.operand, describe(i), (f.operand, describe(f)))
                } else {
                    (f.operand, describe(f), (None, describe(i)))
                };
                return Err(Violation {
                    rule,
                    operand,
                    what,
                    other,
                    why,
                });
            }
        }
    }
    Ok(())
}

/// The 0-based byte offset of each printed operand of `text` (after the mnemonic; commas
/// inside brackets or parentheses do not separate operands).
pub fn operand_offsets(text: &str) -> Vec<usize> {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    let Some(name_len) = rest.find(char::is_whitespace) else {
        return Vec::new();
    };
    let mut offsets = Vec::new();
    let mut depth = 0i32;
    let mut at_start = true;
    for (i, c) in text[start + name_len..].char_indices() {
        let i = start + name_len + i;
        if at_start && !c.is_whitespace() {
            offsets.push(i);
            at_start = false;
        }
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth <= 0 => at_start = true,
            _ => {}
        }
    }
    offsets
}

/// The operand at `offset` of `text`: up to the next top-level comma or blank.
fn operand_text(text: &str, offset: usize) -> &str {
    let rest = &text[offset..];
    let mut depth = 0i32;
    let end = rest
        .char_indices()
        .find(|&(_, c)| {
            match c {
                '[' | '(' => depth += 1,
                ']' | ')' => depth -= 1,
                _ => {}
            }
            depth <= 0 && (c == ',' || c.is_whitespace())
        })
        .map_or(rest.len(), |(i, _)| i);
    &rest[..end]
}

/// The message of a violation in `text` (operands quoted when found): what, besides what,
/// the rule and how to encode it anyway.
pub fn message(text: &str, v: &Violation) -> String {
    let offsets = operand_offsets(text);
    let quoted = |i: Option<usize>| {
        i.and_then(|i| offsets.get(i))
            .map(|&o| format!(" `{}`", operand_text(text, o)))
            .unwrap_or_default()
    };
    format!(
        "{}{} besides {}{}: {} (the constant bus; rule {}; `--lenient` encodes it anyway, as \
         the hardware would decode it)",
        v.what,
        quoted(v.operand),
        v.other.1,
        quoted(v.other.0),
        v.why,
        v.rule
    )
}

/// The violation as a located [`ParseError`] in `text` (the offending operand, else the
/// mnemonic).
pub fn located(text: &str, v: &Violation) -> ParseError {
    let offsets = operand_offsets(text);
    let column = v
        .operand
        .and_then(|i| offsets.get(i).copied())
        .unwrap_or(text.len() - text.trim_start().len())
        + 1;
    ParseError {
        column,
        reason: message(text, v),
    }
}

/// Parse `text` and check the legality rules: the assembler's default.
pub fn parse_checked(target: Target, text: &str) -> Result<Instruction, ParseError> {
    let inst = super::parse(target, text)?;
    check(target, &inst).map_err(|v| located(text, &v))?;
    Ok(inst)
}

#[cfg(test)]
mod tests;
