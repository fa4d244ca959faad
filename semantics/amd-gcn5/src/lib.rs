//! gpuref-amd-gcn5: AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908) in one crate, with a
//! target mask on every instruction row.
//!
//! Today: the targets; the opcode table of both (every row of the Vega manual's opcode
//! tables, plus the MI100 additions whose numbers come from LLVM because the MI100 manual
//! stops before its tables); the operand spaces; every microcode format decoded, encoded,
//! printed and parsed in LLVM's syntax ([`formats`]); and the first semantics: the wave
//! state ([`wave`]) and ALU kernels with their executor ([`alu`]).

#![forbid(unsafe_code)]

pub mod alu;
pub mod error;
pub mod exec;
pub mod formats;
pub mod instructions;
pub mod isa;
pub mod mem;
pub mod memory;
pub mod operand;
pub mod program;
pub mod rules;
pub mod target;
pub mod wave;

pub use instructions::{Format, Promotion, Row};
pub use isa::Gcn5;
pub use target::{Target, Targets};
