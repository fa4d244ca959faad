//! gpuref-intel-gen7: the Intel Gen7 (Ivy Bridge) EU instruction set, read from the Ivy
//! Bridge PRM Vol. 4 Part 3 "Execution Unit ISA" (`../shared/specs/004_15780130570c7bd8.txt`).
//!
//! - [`instructions`]: the row table (every opcode of §5.4) and the math function table
//!   (§6.41); a row's [`gpuref_core::isa::RowId`] is its index in [`instructions::ROWS`].
//! - [`formats`]: field encodings, the native 128-bit form ([`formats::native`]) and the
//!   compacted 64-bit form with its five tables ([`formats::compact`]).
//! - [`syntax`]: IGA-style text, printed ([`Inst`]'s `Display`) and parsed.
//! - [`decode`], [`encode`], [`parse`], [`compact`]: the whole-instruction entry points, and
//!   [`Gen7`], the ISA through the seam.
//! - [`validate`]: the §3.3.9 region rules an instruction that decodes may still break,
//!   reported apart from decoding with the rule's id.
//! - [`properties`]: the encoding properties over raw bytes, shared by the fuzz targets and
//!   `cargo test`.
//!
//! Target `ivb`. Decisions are recorded in docs/design/0045-gen7-encodings.md.

#![forbid(unsafe_code)]

pub mod formats;
pub mod instructions;
pub mod properties;
pub mod syntax;
pub mod validate;

pub use formats::native::Inst;

use formats::fields::{bits_of, words_of};
use formats::native::{decode_bits, encode_bits, illegal};
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use gpuref_core::isa::{AsmError, Isa, IsaInfo, RowId, RowInfo, Semantics, TargetInfo};
use gpuref_core::{Rule, Spec};
use instructions::{Shape, ROWS};

/// The one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Ivb,
}

pub const INFO: IsaInfo = IsaInfo {
    name: "gen7",
    title: "Intel Gen7 (Ivy Bridge) EU",
    targets: &[TargetInfo {
        name: "ivb",
        title: "Intel Ivy Bridge (Gen7)",
        manual: Spec::IvyBridge,
    }],
    syntax: "IGA's (`add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f`)",
};

fn truncated(needed: usize, available: usize) -> DecodeError {
    DecodeError::new(0, DecodeErrorKind::Truncated { needed, available })
}

/// Decode the instruction at the start of `words`: it and its length in dwords (4 native,
/// 2 compacted; bit 29 CmptCtrl tells them apart, §5.3).
pub fn decode(words: &[u32]) -> Result<(Inst, usize), DecodeError> {
    let &w0 = words.first().ok_or(truncated(2, 0))?;
    if w0 >> 29 & 1 == 1 {
        let &w1 = words.get(1).ok_or(truncated(2, words.len()))?;
        let c = u64::from(w1) << 32 | u64::from(w0);
        let opcode = (w0 & 0x7F) as u8;
        if let Some(r) = instructions::row_of_opcode(opcode) {
            if ROWS[r].shape == Shape::Src3 {
                return Err(illegal(
                    "CmptCtrl",
                    1,
                    "3-source instructions cannot be compacted on this processor (§5.3.1)",
                ));
            }
        }
        let w = formats::compact::expand(c)?;
        let mut inst = decode_bits(w)?;
        syntax::text_check(&inst)?;
        inst.compacted = true;
        if formats::compact::compact(w, false) != Some(c) {
            return Err(illegal(
                "SubRegIndex (compact)",
                c >> 18 & 31,
                "the immediate overwrites this entry's src1 part: gpuref decodes only the first entry with the same dst/src0 subregisters (docs/design/0045-gen7-encodings.md)",
            ));
        }
        return Ok((inst, 2));
    }
    if words.len() < 4 {
        return Err(truncated(4, words.len()));
    }
    let w = bits_of([words[0], words[1], words[2], words[3]]);
    let inst = decode_bits(w)?;
    syntax::text_check(&inst)?;
    Ok((inst, 4))
}

/// The instruction's dwords: compacted when `inst.compacted` (and the tables can say it),
/// native otherwise.
pub fn encode(inst: &Inst) -> Vec<u32> {
    let w = encode_bits(inst);
    if inst.compacted {
        if let Some(c) = formats::compact::compact(w, inst.shape() == Shape::Src3) {
            return vec![c as u32, (c >> 32) as u32];
        }
    }
    words_of(w).to_vec()
}

/// The compacted form of `inst` when the manual's tables can express it exactly (§5.3.1),
/// `None` otherwise: the encoder's "compact when allowed" mode; [`encode`] of an `Inst`
/// with `compacted: false` is the native form.
pub fn compact(inst: &Inst) -> Option<Inst> {
    let w = encode_bits(inst);
    formats::compact::compact(w, inst.shape() == Shape::Src3).map(|_| Inst {
        compacted: true,
        ..*inst
    })
}

/// Parse one instruction of text. The result always encodes to words that decode back to
/// it: what the decoder would refuse (a reserved code the text can still spell, a
/// `{Compacted}` the tables cannot express) is refused here too, at column 1 when no finer
/// place exists.
pub fn parse(text: &str) -> Result<Inst, AsmError> {
    let inst = syntax::parse(text)?;
    let at = |word: &str| text.find(word).map_or(1, |c| c + 1);
    if inst.compacted
        && compact(&Inst {
            compacted: false,
            ..inst
        })
        .is_none()
    {
        return Err(AsmError {
            column: at("Compacted"),
            reason: "{Compacted}: the compaction tables cannot express this instruction (§5.3.1.1)"
                .into(),
        });
    }
    match decode(&encode(&inst)) {
        Ok((back, _)) if back == inst => Ok(inst),
        Ok(_) => Err(AsmError {
            column: 1,
            reason: "the text does not survive encoding (please report: docs/design/0045-gen7-encodings.md)".into(),
        }),
        Err(e) => Err(AsmError {
            column: 1,
            reason: format!("encodes to words the manual does not allow: {}", e.kind),
        }),
    }
}

/// The name of a row's format, as the registry lists it.
pub fn format_name(shape: Shape) -> &'static str {
    match shape {
        Shape::NoOperands => "no operands",
        Shape::Src1 => "1-src",
        Shape::Src2 => "2-src",
        Shape::Src3 => "3-src",
        Shape::Send => "send",
        Shape::Math => "math",
        Shape::Branch(_) => "branch",
    }
}

/// Gen7 through the ISA seam.
pub struct Gen7;

impl Isa for Gen7 {
    type Target = Target;
    type Instruction = Inst;

    const INFO: &'static IsaInfo = &INFO;

    fn target(name: &str) -> Option<Target> {
        (name == "ivb").then_some(Target::Ivb)
    }

    fn decode(_: Target, words: &[u32]) -> Result<(Inst, usize), DecodeError> {
        decode(words)
    }

    fn encode(inst: &Inst) -> Vec<u32> {
        encode(inst)
    }

    fn parse(_: Target, text: &str) -> Result<Inst, AsmError> {
        parse(text)
    }

    fn row_of(inst: &Inst) -> RowId {
        inst.row
    }

    fn rows(_: Target) -> Vec<RowInfo> {
        ROWS.iter()
            .enumerate()
            .map(|(i, r)| RowInfo {
                id: RowId(i as u16),
                mnemonic: r.mnemonic.to_string(),
                format: format_name(r.shape),
                opcode: u32::from(r.opcode),
                cites: r.cites,
                semantics: Semantics::Exempt(
                    "issue 19 gives Gen7 its encodings; semantics come later",
                ),
            })
            .collect()
    }

    fn rules() -> Vec<&'static Rule> {
        validate::RULES.iter().collect()
    }
}

#[cfg(test)]
mod tests;
