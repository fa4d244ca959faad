//! Operations, generic over the format `F` and the GPU float contract `Q`.
//!
//! Every operation takes raw bits and an [`FpMode`](crate::FpMode) and returns a
//! [`Flagged`](crate::Flagged) result. Shared conventions (see docs/design/0001-float-core.md):
//! NaN operands are handled first (propagation per `Q`, invalid on signalling NaNs); then
//! subnormal operands are flushed or flagged per the mode; results go through one rounding
//! routine that applies overflow, underflow, tininess and output flushing.
//!
//! - [`add`], [`sub`], [`mul`], [`fma`], [`mul_add_unfused`], [`div`], [`sqrt`].
//! - [`convert`]: between float formats.
//! - [`ExactSum`]: exact sums of products rounded once, with the interval of every
//!   stepwise-rounded evaluation order (matrix instructions).
//! - [`to_int`], [`from_int`]: float ↔ integer ([`IntType`]).
//! - [`round_to_integral`], [`fract`], [`frexp`], [`ldexp`].
//! - [`min_num`]/[`max_num`] (754-2008), [`minimum`]/[`maximum`] and
//!   [`minimum_number`]/[`maximum_number`] (754-2019).
//! - [`compare`], [`compare_raw`] with [`Predicate`] and [`Relation`].
//! - [`exp2`], [`log2`], [`rsqrt`], [`reciprocal`], [`sin_rev`], [`cos_rev`], [`sqrt_ulps`]:
//!   transcendentals with their ulp intervals ([`Transcendental`]).
//! - Legacy per-opcode helpers: [`mul_dx9`], [`min_dx10`], [`max_dx10`].
//!
//! Float→integer conversions and integral rounding apply input flushing but never raise
//! the input-denormal flag (x86 signals no denormal-operand exception for them); every
//! other operation that reads a subnormal operand raises it per `Q`.

mod arith;
mod common;
mod compare;
mod convert;
mod dot;
mod int_convert;
mod integral;
mod legacy;
mod minmax;
mod transcendental;

pub use arith::{add, div, fma, mul, mul_add_unfused, sqrt, sub};
pub use compare::{compare, compare_raw, Predicate, Relation};
pub use convert::convert;
pub use dot::{ExactSum, SumValue};
pub use int_convert::{from_int, to_int, IntType};
pub use integral::{fract, frexp, ldexp, round_to_integral};
pub use legacy::{max_dx10, min_dx10, mul_dx9};
pub use minmax::{max_num, maximum, maximum_number, min_num, minimum, minimum_number};
pub use transcendental::{
    cos_rev, exp2, interval_hull, log2, reciprocal, rsqrt, sin_rev, sqrt_ulps, Transcendental, Ulps,
};
