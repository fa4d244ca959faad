//! The ISA seam: what every ISA crate says about itself, and the traits the conformance
//! layer reaches it through (docs/guides/adding-an-isa.md).
//!
//! - [`IsaInfo`] / [`TargetInfo`]: the ISA's name (the `isa` header of its vector files),
//!   its targets and the manual each target is read from.
//! - [`RowId`]: an instruction's typed identity inside its ISA, an index into the ISA's row
//!   table. Kernels, z3 models, vectors and reference pages are found from it, never by
//!   comparing mnemonics.
//! - [`Semantics`]: what gives a row its semantics (a lane kernel, a scalar kernel, a memory
//!   operation, a wave-level operation, program flow) or why it has none.
//! - [`RowInfo`]: one row as the registry lists it.
//! - [`Isa`]: decode, encode, print, parse, the rows and the rules.
//! - [`AsmError`]: a located assembly error.
//!
//! Core knows no ISA: every ISA crate implements these and the conformance layer registers
//! it with one line.

use crate::decode::DecodeError;
use crate::{Rule, Spec, SpecRef};
use std::fmt;

/// One target of an ISA (a chip, or a family member where the manual tells them apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetInfo {
    /// The name `--target` and the vector headers use (`gfx900`, `rv770`, `ivb`).
    pub name: &'static str,
    /// What a reader calls it (`AMD "Vega" (GCN5)`).
    pub title: &'static str,
    /// The manual its rows are read from.
    pub manual: Spec,
}

/// An ISA as the registry lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IsaInfo {
    /// The `isa` header of its vector files and the `--isa` value (`gcn5`).
    pub name: &'static str,
    /// What a reader calls it.
    pub title: &'static str,
    pub targets: &'static [TargetInfo],
    /// The assembly syntax its text follows (DESIGN.md "Text syntax").
    pub syntax: &'static str,
}

impl IsaInfo {
    /// The target named `name`.
    pub fn target(&self, name: &str) -> Option<&'static TargetInfo> {
        self.targets.iter().find(|t| t.name == name)
    }

    /// `gfx900, gfx908`: for messages that list the known targets.
    pub fn target_names(&self) -> String {
        let names: Vec<&str> = self.targets.iter().map(|t| t.name).collect();
        names.join(", ")
    }
}

/// An instruction row's identity inside its ISA: its index in the ISA's row table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowId(pub u16);

impl RowId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for RowId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What gives a row its semantics, or why it has none. One per row: a reader goes from the
/// row to its kernel (and from there to its model, vectors and page) in one hop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Semantics {
    /// A pure per-lane kernel; the executor applies lane iteration, EXEC and modifiers.
    LaneKernel,
    /// A pure scalar kernel.
    ScalarKernel,
    /// A memory operation (loads, stores, atomics) over the wave state and memory.
    MemoryOp,
    /// A wave-level operation (cross-lane reads and writes, matrix operations).
    WaveOp,
    /// Program flow (branches, waits, the program counter, hardware registers).
    ProgramFlow,
    /// No executable semantics: the reason (out of scope, waiting for a dispute note).
    Exempt(&'static str),
}

impl Semantics {
    pub const fn name(self) -> &'static str {
        match self {
            Semantics::LaneKernel => "lane kernel",
            Semantics::ScalarKernel => "scalar kernel",
            Semantics::MemoryOp => "memory op",
            Semantics::WaveOp => "wave op",
            Semantics::ProgramFlow => "program flow",
            Semantics::Exempt(_) => "exempt",
        }
    }

    pub const fn is_executable(self) -> bool {
        !matches!(self, Semantics::Exempt(_))
    }
}

/// One row as the registry lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowInfo {
    pub id: RowId,
    /// The mnemonic as the ISA's assembly syntax writes it (`v_add_f32`).
    pub mnemonic: String,
    /// The encoding format as the manual names it (`VOP2`).
    pub format: &'static str,
    pub opcode: u32,
    /// Where the row comes from.
    pub cites: &'static [SpecRef],
    pub semantics: Semantics,
}

/// A located assembly error: the 1-based byte column in the line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub column: usize,
    pub reason: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.reason)
    }
}

impl std::error::Error for AsmError {}

/// What an ISA crate implements: its description, its encodings (decode, encode, print,
/// parse) and the lists the conformance layer walks (rows, rules). Execution is the
/// conformance registry's business (each ISA's state differs); see
/// docs/guides/adding-an-isa.md.
pub trait Isa {
    /// The ISA's target enum (`Target::Gfx900`).
    type Target: Copy + fmt::Debug + PartialEq + 'static;
    /// A decoded instruction; `Display` prints it in the ISA's assembly syntax.
    type Instruction: fmt::Display;

    const INFO: &'static IsaInfo;

    /// The target a `--target` name or a vector header names.
    fn target(name: &str) -> Option<Self::Target>;

    /// Decode the instruction at the start of `words`: it and how many dwords it takes.
    fn decode(
        target: Self::Target,
        words: &[u32],
    ) -> Result<(Self::Instruction, usize), DecodeError>;

    /// The instruction's dwords.
    fn encode(inst: &Self::Instruction) -> Vec<u32>;

    /// Parse one instruction of assembly text: anything the encoding can hold (what the
    /// hardware would decode), legal or not.
    fn parse(target: Self::Target, text: &str) -> Result<Self::Instruction, AsmError>;

    /// The legality rules the assembler checks after [`Isa::parse`] (the manual forbids
    /// the text although the encoding holds it), as a located error naming the rule;
    /// `gpuref asm --lenient` skips them. None by default.
    fn check(
        _target: Self::Target,
        _inst: &Self::Instruction,
        _text: &str,
    ) -> Result<(), AsmError> {
        Ok(())
    }

    /// The row an instruction belongs to.
    fn row_of(inst: &Self::Instruction) -> RowId;

    /// Every row the target has, in row-table order.
    fn rows(target: Self::Target) -> Vec<RowInfo>;

    /// Every rule the ISA states (besides the float core's).
    fn rules() -> Vec<&'static Rule>;
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &[TargetInfo] = &[
        TargetInfo {
            name: "a1",
            title: "first",
            manual: Spec::Gpuref,
        },
        TargetInfo {
            name: "a2",
            title: "second",
            manual: Spec::Gpuref,
        },
    ];
    const INFO: IsaInfo = IsaInfo {
        name: "x",
        title: "x",
        targets: T,
        syntax: "x",
    };

    #[test]
    fn targets_are_found_by_name_and_listed_in_order() {
        assert_eq!(INFO.target("a2").map(|t| t.title), Some("second"));
        assert_eq!(INFO.target("a3"), None);
        assert_eq!(INFO.target_names(), "a1, a2");
    }

    #[test]
    fn only_exempt_rows_are_not_executable() {
        assert!(Semantics::LaneKernel.is_executable());
        assert!(Semantics::MemoryOp.is_executable());
        assert!(!Semantics::Exempt("why").is_executable());
        assert_eq!(Semantics::Exempt("why").name(), "exempt");
        assert_eq!(RowId(7).to_string(), "#7");
    }
}
