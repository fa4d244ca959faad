//! gpuref-conformance: the vector format, the built-in reference, corpus generation,
//! checking, and running the corpus against implementations through adapters.

#![forbid(unsafe_code)]

pub mod adapter;
pub mod adapter_ref;
pub mod asm;
pub mod check;
pub mod docs;
pub mod filter;
pub mod generate;
pub mod isa;
pub mod manifest;
pub mod reference;
pub mod repo;
pub mod report;
pub mod run;
pub mod state;
pub mod vector;
