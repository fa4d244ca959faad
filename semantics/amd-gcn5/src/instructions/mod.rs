//! The instruction table: one row per opcode of each microcode format, with the targets
//! that have it and where its number comes from. Rows live in one file per format family;
//! this module has the types, the lookups and the table lint.

mod ds;
mod exp;
mod flat;
mod mimg;
mod mubuf;
mod salu;
mod smem;
mod vintrp;
mod vop1;
mod vop2;
mod vop3;
mod vop3p;
mod vopc;

use crate::target::{Target, Targets};
use gpuref_core::{Spec, SpecRef};

/// Where MI100 numbers come from: the MI100 manual stops in its section 9.4.4, before the
/// opcode tables, so every gfx908 row cites LLVM's assembler.
pub const LLVM_GFX908: SpecRef =
    SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx908 (LLVM 14)");

/// A microcode format (Vega manual, chapter "Microcode Formats").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smem,
    Vop2,
    Vop1,
    Vopc,
    Vop3a,
    Vop3b,
    Vop3p,
    /// MI100's VOP3P-MAI (MFMA and AccVGPR moves).
    Vop3pMai,
    Vintrp,
    Ds,
    Mubuf,
    Mtbuf,
    Mimg,
    Flat,
    Scratch,
    Global,
    /// Export: one instruction, no opcode field (its row has opcode 0).
    Exp,
}

impl Format {
    pub const ALL: [Format; 22] = [
        Format::Sop2,
        Format::Sopk,
        Format::Sop1,
        Format::Sopc,
        Format::Sopp,
        Format::Smem,
        Format::Vop2,
        Format::Vop1,
        Format::Vopc,
        Format::Vop3a,
        Format::Vop3b,
        Format::Vop3p,
        Format::Vop3pMai,
        Format::Vintrp,
        Format::Ds,
        Format::Mubuf,
        Format::Mtbuf,
        Format::Mimg,
        Format::Flat,
        Format::Scratch,
        Format::Global,
        Format::Exp,
    ];

    /// The name the manual uses.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Sop2 => "SOP2",
            Format::Sopk => "SOPK",
            Format::Sop1 => "SOP1",
            Format::Sopc => "SOPC",
            Format::Sopp => "SOPP",
            Format::Smem => "SMEM",
            Format::Vop2 => "VOP2",
            Format::Vop1 => "VOP1",
            Format::Vopc => "VOPC",
            Format::Vop3a => "VOP3A",
            Format::Vop3b => "VOP3B",
            Format::Vop3p => "VOP3P",
            Format::Vop3pMai => "VOP3P-MAI",
            Format::Vintrp => "VINTRP",
            Format::Ds => "DS",
            Format::Mubuf => "MUBUF",
            Format::Mtbuf => "MTBUF",
            Format::Mimg => "MIMG",
            Format::Flat => "FLAT",
            Format::Scratch => "SCRATCH",
            Format::Global => "GLOBAL",
            Format::Exp => "EXP",
        }
    }
}

/// The VOP3 form of a VOP1/VOP2/VOPC/VINTRP instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Promotion {
    /// VOP3A, or VOP3B for the carry-out integer add and subtract.
    pub format: Format,
    pub opcode: u16,
}

/// The manual's rules for VOP3 opcodes of the other VALU formats ("The VOP3 opcode is:
/// VOP2 opcode + 0x100", likewise +0x140 for VOP1, +0x000 for VOPC and +0x270 for VINTERP;
/// the VOP1/VOPC/VINTERP sections say "VOP2 opcode" where they mean their own).
pub const PROMOTION_CITES: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP2 using VOP3 encoding"),
    SpecRef::new(Spec::Vega, "VOP1 using VOP3 encoding"),
    SpecRef::new(Spec::Vega, "VOPC using VOP3A encoding"),
    SpecRef::new(Spec::Vega, "VINTERP using VOP3 encoding"),
    SpecRef::new(Spec::Vega, "VOP3B"),
];

/// One opcode of one format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The manual's name (upper case; LLVM prints it lower case).
    pub name: &'static str,
    pub format: Format,
    pub opcode: u16,
    pub targets: Targets,
    /// Where the row comes from: the manual's section for gfx900, LLVM for gfx908.
    pub cites: &'static [SpecRef],
}

impl Row {
    pub const fn new(
        format: Format,
        opcode: u16,
        name: &'static str,
        targets: Targets,
        cites: &'static [SpecRef],
    ) -> Row {
        Row {
            name,
            format,
            opcode,
            targets,
            cites,
        }
    }

    /// The VOP3 form, for VALU rows that have one.
    pub fn promotion(&self) -> Option<Promotion> {
        let (offset, format) = match self.format {
            Format::Vopc => (0x000, Format::Vop3a),
            Format::Vop2 if vop2::VOP3B_WHEN_PROMOTED.contains(&self.name) => {
                (0x100, Format::Vop3b)
            }
            Format::Vop2 => (0x100, Format::Vop3a),
            Format::Vop1 => (0x140, Format::Vop3a),
            Format::Vintrp => (0x270, Format::Vop3a),
            _ => return None,
        };
        Some(Promotion {
            format,
            opcode: self.opcode + offset,
        })
    }

    pub fn mnemonic(&self) -> String {
        self.name.to_ascii_lowercase()
    }
}

/// Every row, all formats and targets.
pub fn rows() -> impl Iterator<Item = &'static Row> {
    [
        salu::ROWS,
        smem::ROWS,
        vop2::ROWS,
        vop1::ROWS,
        vopc::ROWS,
        vop3::ROWS,
        vop3p::ROWS,
        vintrp::ROWS,
        ds::ROWS,
        mubuf::ROWS,
        mimg::ROWS,
        flat::ROWS,
        exp::ROWS,
    ]
    .into_iter()
    .flatten()
}

/// The row of `target` with this format and opcode (VOP3A/VOP3B opcodes also find the
/// promoted forms of VOP1, VOP2, VOPC and VINTRP rows). O(1): a table built once on first
/// use; where several rows match, the first in [`rows`] order wins, as a scan would find.
pub fn by_opcode(target: Target, format: Format, opcode: u16) -> Option<&'static Row> {
    let index = index();
    let slot = opcode_slot(target, format, opcode)?;
    index.by_opcode.get(slot).copied().flatten()
}

/// The row of `target` with this name (either case). O(1) expected: a hash map built once,
/// keyed by the lower-case name; the first row in [`rows`] order wins.
pub fn by_name(target: Target, name: &str) -> Option<&'static Row> {
    let index = index();
    let t = target_slot(target);
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        index.by_name[t]
            .get(name.to_ascii_lowercase().as_str())
            .copied()
    } else {
        index.by_name[t].get(name).copied()
    }
}

/// Opcode fields are at most 10 bits wide (VOP3), so every opcode is below this.
const OPCODE_SPACE: usize = 1 << 10;
/// Room for every `Format` discriminant (22 today).
const FORMAT_SPACE: usize = 32;

struct Index {
    /// `[target][format][opcode]`, flattened (see [`opcode_slot`]).
    by_opcode: Vec<Option<&'static Row>>,
    /// Per target: lower-case name to row.
    by_name: [std::collections::HashMap<String, &'static Row>; 2],
}

fn target_slot(target: Target) -> usize {
    match target {
        Target::Gfx900 => 0,
        Target::Gfx908 => 1,
    }
}

fn opcode_slot(target: Target, format: Format, opcode: u16) -> Option<usize> {
    let (format, opcode) = (format as usize, usize::from(opcode));
    (opcode < OPCODE_SPACE && format < FORMAT_SPACE)
        .then(|| (target_slot(target) * FORMAT_SPACE + format) * OPCODE_SPACE + opcode)
}

fn index() -> &'static Index {
    static INDEX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut ix = Index {
            by_opcode: vec![None; Target::ALL.len() * FORMAT_SPACE * OPCODE_SPACE],
            by_name: Default::default(),
        };
        for row in rows() {
            for target in Target::ALL {
                if !row.targets.contains(target) {
                    continue;
                }
                let forms = [
                    Some((row.format, row.opcode)),
                    row.promotion().map(|p| (p.format, p.opcode)),
                ];
                for (format, opcode) in forms.into_iter().flatten() {
                    if let Some(slot) = opcode_slot(target, format, opcode) {
                        ix.by_opcode[slot].get_or_insert(row);
                    }
                }
                ix.by_name[target_slot(target)]
                    .entry(row.name.to_ascii_lowercase())
                    .or_insert(row);
            }
        }
        ix
    })
}

#[cfg(test)]
mod tests;

/// The indexes of [`by_opcode`] and [`by_name`] answer exactly what a scan of [`rows`] does.
#[cfg(test)]
mod index_tests {
    use super::*;

    fn scan_opcode(target: Target, format: Format, opcode: u16) -> Option<&'static Row> {
        rows().find(|r| {
            r.targets.contains(target)
                && ((r.format == format && r.opcode == opcode)
                    || r.promotion()
                        .is_some_and(|p| p.format == format && p.opcode == opcode))
        })
    }

    fn scan_name(target: Target, name: &str) -> Option<&'static Row> {
        rows().find(|r| r.targets.contains(target) && r.name.eq_ignore_ascii_case(name))
    }

    #[test]
    fn index_answers_as_a_scan_does() {
        let mut found = 0;
        for target in Target::ALL {
            for format in Format::ALL {
                let extra = rows().map(|r| r.opcode).filter(|o| *o >= 1024);
                for opcode in (0..1024u16).chain(extra).chain([u16::MAX]) {
                    let want = scan_opcode(target, format, opcode);
                    let got = by_opcode(target, format, opcode);
                    // By value: a `const` table may have several addresses.
                    assert_eq!(got, want, "{target} {format:?} {opcode}");
                    found += usize::from(got.is_some());
                }
            }
            for row in rows() {
                let lower = row.name.to_ascii_lowercase();
                let mut mixed = lower.clone();
                mixed.replace_range(..1, &lower[..1].to_ascii_uppercase());
                for name in [row.name, lower.as_str(), mixed.as_str()] {
                    assert_eq!(
                        by_name(target, name),
                        scan_name(target, name),
                        "{target} {name}"
                    );
                }
            }
            for name in ["", "v_add_f32_e64", "s_nop ", "S_NOPX", "\u{e9}"] {
                assert_eq!(by_name(target, name), scan_name(target, name), "{name:?}");
            }
        }
        assert!(found > 2000, "only {found} opcodes found");
    }
}
