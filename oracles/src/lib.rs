//! gpuref-oracles: independent implementations the float core is checked against.
//!
//! Nothing here is used by the semantics crates. `unsafe` is confined to the modules that
//! need it (inline asm around MXCSR; FFI).

pub mod softfloat;
#[cfg(target_arch = "x86_64")]
pub mod x86;
pub mod z3fp;
