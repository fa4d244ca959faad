//! gpuref-conformance: the vector format, the built-in reference, corpus generation,
//! checking, and running the corpus against implementations through adapters.

#![forbid(unsafe_code)]

pub mod adapter;
pub mod adapter_ref;
pub mod check;
pub mod coverage;
pub mod docs;
pub mod eval;
pub mod gcn5;
pub mod generate;
pub mod manifest;
pub mod reference;
pub mod run;
pub mod smt;
pub mod spec_cases;
pub mod state;
pub mod vector;
