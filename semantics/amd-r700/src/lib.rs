//! gpuref-amd-r700: AMD R700 (TeraScale 1, VLIW5) — the row table of every documented
//! opcode and the encoding layer: decode, encode, print and parse of every microcode format
//! and of whole programs (a CF program and the clauses it names). The manual is
//! `000_9bf878f06f4d7a43.txt` (`gpuref_core::Spec::R700`); design note
//! docs/design/0044-r700-encodings.md records what it leaves open and what we chose.
//!
//! - [`instructions`]: the row tables (`cf.rs`, `alu.rs`, `fetch.rs`); a row's
//!   [`RowId`](gpuref_core::isa::RowId) is its index.
//! - [`formats`]: each microcode format bit by bit, with decode/encode/print over the table.
//! - [`program`]: whole programs and the text's unit lines.
//! - [`group`]: ALU groups: unit assignment (§4.4) and the slot rules, as located violations.
//! - [`R700`]: the [`Isa`](gpuref_core::isa::Isa) impl: one `Instruction` is a
//!   [`program::Program`].

#![forbid(unsafe_code)]

pub mod formats;
pub mod group;
pub mod instructions;
pub mod program;
pub mod properties;

use gpuref_core::decode::DecodeError;
use gpuref_core::isa::{AsmError, Isa, IsaInfo, RowId, RowInfo, Semantics, TargetInfo};
use gpuref_core::{Rule, Spec};

/// The R700 chips the manual covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Rv770,
    Rv710,
    Rv730,
    Rv740,
}

impl Target {
    pub const ALL: [Target; 4] = [Target::Rv770, Target::Rv710, Target::Rv730, Target::Rv740];

    pub const fn name(self) -> &'static str {
        match self {
            Target::Rv770 => "rv770",
            Target::Rv710 => "rv710",
            Target::Rv730 => "rv730",
            Target::Rv740 => "rv740",
        }
    }

    /// The target's bit in a row's target mask.
    pub const fn mask(self) -> instructions::Targets {
        match self {
            Target::Rv770 => instructions::RV770,
            Target::Rv710 => instructions::RV710,
            Target::Rv730 => instructions::RV730,
            Target::Rv740 => instructions::RV740,
        }
    }
}

/// The targets, in [`Target::ALL`] order.
pub const TARGETS: &[TargetInfo] = &[
    TargetInfo {
        name: "rv770",
        title: "AMD RV770 (Radeon HD 4850/4870)",
        manual: Spec::R700,
    },
    TargetInfo {
        name: "rv710",
        title: "AMD RV710 (Radeon HD 4350/4550)",
        manual: Spec::R700,
    },
    TargetInfo {
        name: "rv730",
        title: "AMD RV730 (Radeon HD 4650/4670)",
        manual: Spec::R700,
    },
    TargetInfo {
        name: "rv740",
        title: "AMD RV740 (Radeon HD 4770)",
        manual: Spec::R700,
    },
];

pub const INFO: IsaInfo = IsaInfo {
    name: "r700",
    title: "AMD R700 (TeraScale 1)",
    targets: TARGETS,
    syntax: "an R700 program listing, one line per unit, in the manual's mnemonics and field names (design note 0044)",
};

/// R700 through the ISA seam.
#[derive(Clone, Copy, Debug)]
pub struct R700;

impl Isa for R700 {
    type Target = Target;
    type Instruction = program::Program;

    const INFO: &'static IsaInfo = &INFO;

    fn target(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// `words` is a program image: the CF program at dword 0 and the clauses it names.
    fn decode(target: Target, words: &[u32]) -> Result<(program::Program, usize), DecodeError> {
        program::decode(target, words)
    }

    fn encode(inst: &program::Program) -> Vec<u32> {
        inst.words()
    }

    fn parse(target: Target, text: &str) -> Result<program::Program, AsmError> {
        program::parse(target, text)
    }

    /// The row of the program's first instruction (a CF instruction for a decoded image).
    fn row_of(inst: &program::Program) -> RowId {
        inst.units
            .iter()
            .find_map(|u| u.encoded().map(|e| e.row))
            .unwrap_or(RowId(0))
    }

    fn rows(target: Target) -> Vec<RowInfo> {
        instructions::rows()
            .iter()
            .enumerate()
            .filter(|(_, r)| r.on(target))
            .map(|(i, r)| RowInfo {
                id: RowId(i as u16),
                mnemonic: r.mnemonic.to_string(),
                format: r.format.name(),
                opcode: u32::from(r.opcode),
                cites: r.cites,
                semantics: Semantics::Exempt(
                    "R700 semantics are not written yet (issue 18 covers encodings)",
                ),
            })
            .collect()
    }

    fn rules() -> Vec<&'static Rule> {
        Vec::new()
    }
}
