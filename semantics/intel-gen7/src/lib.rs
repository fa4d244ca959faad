//! gpuref-intel-gen7: the Intel Gen7 (Ivy Bridge) EU instruction set, read from the Ivy
//! Bridge PRM Vol. 4 Part 3 "Execution Unit ISA" (`../shared/specs/004_15780130570c7bd8.txt`).
//!
//! - [`instructions`]: the row table (every opcode of §5.4) and the math function table
//!   (§6.41); a row's [`gpuref_core::isa::RowId`] is its index in [`instructions::ROWS`].
//!
//! Target `ivb`. Decisions are recorded in docs/design/0045-gen7-encodings.md.

#![forbid(unsafe_code)]

pub mod instructions;

use gpuref_core::isa::{IsaInfo, TargetInfo};
use gpuref_core::Spec;

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
