//! Transcendental kernels (rcp, rsq, sqrt, log, exp, sin, cos and their legacy and IFLAG
//! forms): approximate by specification, so their lanes carry an acceptance set.

use super::VectorKernelRow;
use gpuref_core::Rule;

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
pub const RULES: &[Rule] = &[];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[];
