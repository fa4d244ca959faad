//! VOPC kernels: compares and CLASS (Vega manual, "VOPC Instructions"); the kernel returns the
//! lane's compare bit; writing VCC / the SGPR pair / EXEC (CMPX) is the executor's.

use super::VectorKernelRow;
use gpuref_core::Rule;

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
pub const RULES: &[Rule] = &[];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[];
