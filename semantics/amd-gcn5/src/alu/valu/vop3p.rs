//! VOP3P kernels: packed 16-bit math, MAD_MIX/FMA_MIX and the dot products (Vega manual,
//! "VOP3P Instructions").

use super::VectorKernelRow;
use gpuref_core::Rule;

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
pub const RULES: &[Rule] = &[];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[];
