//! gpuref-amd-gcn5: AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908) in one crate, with a
//! target mask on every instruction row.
//!
//! Today: the targets; the opcode table of both (every row of the Vega manual's opcode
//! tables, plus the MI100 additions whose numbers come from LLVM because the MI100 manual
//! stops before its tables); the operand spaces; every microcode format decoded, encoded,
//! printed and parsed in LLVM's syntax ([`formats`]); and the semantics: the wave state
//! ([`wave`]), and one dispatcher ([`exec`]) over three executors that do not import each
//! other (`tests/layering.rs`): the ALU kernels and their executors ([`alu`]), memory
//! ([`mem`]) and program flow ([`program`]). What gives each row its semantics is decided
//! once per row ([`isa::semantics_of`], by typed [`RowId`](gpuref_core::isa::RowId)); what the
//! executors share is at the root ([`error`], [`wave`]), as is the rule registry
//! ([`rules`]).

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
