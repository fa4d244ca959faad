//! gpuref-float: a bit-precise soft-float core for GPU semantics.
//!
//! - Formats: binary16, bfloat16, binary32, binary64, one generic implementation
//!   ([`Format`]); Intel Gen7's packed 8-bit restricted float in [`vf`].
//! - Operations in [`ops`], generic over the format `F` and the GPU's float contract
//!   `Q: FloatQuirks`; values are raw bits; every result carries its [`Flags`].
//! - Modes are arguments ([`FpMode`]): rounding, denormal flushing per width and
//!   direction, tininess. No global state.
//! - No host floating-point arithmetic, no `unsafe`, no panics on any input bits.
//!
//! Design: docs/design/0001-float-core.md.

#![forbid(unsafe_code)]

mod flags;
mod format;
mod isqrt;
mod mode;
pub mod ops;
pub mod quirks;
pub(crate) mod round;
pub mod rules;
pub mod vf;

pub use flags::{Flagged, Flags};
pub use format::{
    classify, is_nan_bits, is_signaling_nan_bits, BFloat16, Binary16, Binary32, Binary64, Class,
    DenormClass, Format,
};
pub use mode::{DenormModes, Denormals, FpMode, Rounding, Tininess};
pub use quirks::FloatQuirks;
