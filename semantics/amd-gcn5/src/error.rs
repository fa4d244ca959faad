//! Why an instruction cannot be executed: the one error type every executor returns (the
//! scalar and vector ALU in [`alu`](crate::alu), memory in [`mem`](crate::mem), program flow
//! in [`program`](crate::program)). It lives at the crate root, beside the dispatcher
//! ([`exec`](crate::exec)), so that those leaves share it without importing each other.

use std::fmt;

/// Why an instruction cannot be executed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecError {
    /// An instruction, or one of its forms, without executable semantics (out of scope, or
    /// not yet), with the reason (a wave-level state not modelled, no arithmetic in the
    /// manual to compute a sample from, ...).
    Pending {
        name: &'static str,
        reason: &'static str,
    },
    /// An instruction without executable semantics yet.
    NotYet { name: &'static str },
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecError::Pending { name, reason } => write!(
                f,
                "{} has no executable semantics: {reason}",
                name.to_ascii_lowercase()
            ),
            ExecError::NotYet { name } => write!(
                f,
                "{} has no executable semantics yet",
                name.to_ascii_lowercase()
            ),
        }
    }
}

impl std::error::Error for ExecError {}

/// [`ExecError::Pending`]: `name` (or this form of it) is not executed, for `reason`.
pub(crate) fn pending(name: &'static str, reason: &'static str) -> ExecError {
    ExecError::Pending { name, reason }
}

/// [`ExecError::NotYet`]: `name` has no executable semantics yet.
pub(crate) fn not_yet(name: &'static str) -> ExecError {
    ExecError::NotYet { name }
}
