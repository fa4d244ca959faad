//! gpuref-core: the types every gpuref crate shares.
//!
//! - [`Spec`] and [`SpecRef`]: citations of the four ISA manuals by document and section
//!   title (page numbers differ between renderings, so they are never used).
//! - [`Status`]: how sure a rule is (`specified`, `inferred`, `contested`, `unspecified`).
//! - [`Rule`]: one documented rule: a stable id, its status, its citation and a one-line
//!   statement.
//! - [`bits`]: small bit helpers used by decoders and kernels.
//! - [`isa`]: the ISA seam: descriptors, typed row identity, the [`isa::Isa`] trait.
//! - [`open`]: the vocabulary for results a manual leaves open ([`open::Accept`]).

#![forbid(unsafe_code)]

pub mod bits;
pub mod decode;
pub mod isa;
pub mod open;

use std::fmt;

/// A source document a rule can cite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spec {
    /// AMD R700-Family Instruction Set Architecture (`000_9bf878f06f4d7a43.txt`).
    R700,
    /// AMD "Vega" Instruction Set Architecture (`001_f05f375b032f072b.txt`).
    Vega,
    /// AMD Instinct MI100 Instruction Set Architecture (`003_6c4fedb8b506ee13.txt`).
    Mi100,
    /// Intel Ivy Bridge graphics PRM, EU instruction set (`004_15780130570c7bd8.txt`).
    IvyBridge,
    /// IEEE Std 754-2008 / 754-2019, cited by clause number.
    Ieee754,
    /// LLVM 14's MC layer (`llvm-mc`), cited where no manual gives the fact (MI100 opcode
    /// numbers: the MI100 manual stops before its opcode tables); the section names the
    /// command, e.g. `llvm-mc -arch=amdgcn -mcpu=gfx908`.
    LlvmMc,
    /// Not a manual: an implementation choice of gpuref, documented in a design note.
    Gpuref,
}

impl Spec {
    /// The short name used in citations (`Vega §"..."`).
    pub const fn short_name(self) -> &'static str {
        match self {
            Spec::R700 => "R700",
            Spec::Vega => "Vega",
            Spec::Mi100 => "MI100",
            Spec::IvyBridge => "IvyBridge",
            Spec::Ieee754 => "IEEE754",
            Spec::LlvmMc => "LLVM-MC",
            Spec::Gpuref => "gpuref",
        }
    }

    /// The file name of the manual in `shared/specs`, where there is one.
    pub const fn file_name(self) -> Option<&'static str> {
        match self {
            Spec::R700 => Some("000_9bf878f06f4d7a43.txt"),
            Spec::Vega => Some("001_f05f375b032f072b.txt"),
            Spec::Mi100 => Some("003_6c4fedb8b506ee13.txt"),
            Spec::IvyBridge => Some("004_15780130570c7bd8.txt"),
            Spec::Ieee754 | Spec::LlvmMc | Spec::Gpuref => None,
        }
    }
}

/// A citation: a document and a section title (or clause number, or design-note name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpecRef {
    pub spec: Spec,
    /// Section title as printed in the document, e.g. `"6.2.2 Output Modifiers"`, or an
    /// IEEE 754 clause such as `"7.4 Overflow"`, or a design note such as
    /// `"docs/design/0001-float-core.md#tininess"`.
    pub section: &'static str,
}

impl SpecRef {
    pub const fn new(spec: Spec, section: &'static str) -> Self {
        SpecRef { spec, section }
    }
}

impl fmt::Display for SpecRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} §\"{}\"", self.spec.short_name(), self.section)
    }
}

/// How sure gpuref is of a rule. See DESIGN.md, "What we do not know is data too".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// The spec says it; the citation points at the words.
    Specified,
    /// The spec implies it; the rule's note says how.
    Inferred,
    /// Peers disagree; the rule's note lists who says what.
    Contested,
    /// Nothing public settles it; vectors carry an acceptance set, not exact bits.
    Unspecified,
}

impl Status {
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Specified => "specified",
            Status::Inferred => "inferred",
            Status::Contested => "contested",
            Status::Unspecified => "unspecified",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One documented rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Stable id, e.g. `float.quirks.amd_gcn5.default_nan`.
    pub id: &'static str,
    pub status: Status,
    /// Where it comes from. Rules with status `unspecified` or `contested` still cite the
    /// place that leaves the question open, or the design note that records the decision.
    pub cites: &'static [SpecRef],
    /// One line: what the rule says.
    pub statement: &'static str,
}
