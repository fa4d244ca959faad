//! gpuref-amd-r700: AMD R700 (TeraScale 1, VLIW5) — the row table of every documented
//! opcode and the encoding layer: decode, encode, print and parse of every microcode format
//! and of whole programs (a CF program and the clauses it names). The manual is
//! `000_9bf878f06f4d7a43.txt` (`gpuref_core::Spec::R700`); design note
//! docs/design/0044-r700-encodings.md records what it leaves open and what we chose.
//!
//! - [`instructions`]: the row tables (`cf.rs`, `alu.rs`, `fetch.rs`); a row's
//!   [`RowId`](gpuref_core::isa::RowId) is its index.

#![forbid(unsafe_code)]

pub mod instructions;

use gpuref_core::isa::TargetInfo;
use gpuref_core::Spec;

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

