//! gpuref-amd-gcn5: AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908) in one crate, with a
//! target mask on every instruction row.
//!
//! Today: the targets and the opcode table of both (every row of the Vega manual's opcode
//! tables, plus the MI100 additions whose numbers come from LLVM because the MI100 manual
//! stops before its tables). Formats (decode, encode, print) and semantics build on it.

#![forbid(unsafe_code)]

pub mod instructions;
pub mod target;

pub use instructions::{Format, Promotion, Row};
pub use target::{Target, Targets};
