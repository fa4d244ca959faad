//! Operations, generic over the format `F` and the GPU float contract `Q`.
//!
//! Every operation takes raw bits and an [`FpMode`](crate::FpMode) and returns a
//! [`Flagged`](crate::Flagged) result. Shared conventions (see docs/design/0001-float-core.md):
//! NaN operands are handled first (propagation per `Q`, invalid on signalling NaNs); then
//! subnormal operands are flushed or flagged per the mode; results go through one rounding
//! routine that applies overflow, underflow, tininess and output flushing.

mod arith;
mod convert;

pub use arith::{add, div, fma, mul, mul_add_unfused, sqrt, sub};
pub use convert::convert;
