//! Decode errors shared by every ISA's decoders: where in the word stream the problem is and
//! what it is. ISA-neutral: formats and targets are named by the ISA crate's strings.

use std::fmt;

/// A decode failure at `offset_words` dwords from the start of the slice given to the decoder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    pub offset_words: usize,
    pub kind: DecodeErrorKind,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeErrorKind {
    /// The instruction needs `needed` dwords but only `available` were given.
    Truncated { needed: usize, available: usize },
    /// No instruction of `format` has this opcode on `target`.
    UnknownOpcode {
        format: &'static str,
        opcode: u32,
        target: &'static str,
    },
    /// A field holds a value the instruction does not allow (reserved operand code,
    /// misaligned register pair, non-zero unused field, ...).
    IllegalField {
        field: &'static str,
        value: u64,
        reason: &'static str,
    },
}

impl DecodeError {
    pub const fn new(offset_words: usize, kind: DecodeErrorKind) -> Self {
        DecodeError { offset_words, kind }
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeErrorKind::Truncated { needed, available } => write!(
                f,
                "truncated: the instruction needs {needed} dwords, {available} available"
            ),
            DecodeErrorKind::UnknownOpcode {
                format,
                opcode,
                target,
            } => write!(f, "unknown {format} opcode {opcode} on {target}"),
            DecodeErrorKind::IllegalField {
                field,
                value,
                reason,
            } => write!(f, "illegal {field} value {value:#x}: {reason}"),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at dword {}: {}", self.offset_words, self.kind)
    }
}

impl std::error::Error for DecodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_offset_and_reason() {
        let e = DecodeError::new(
            3,
            DecodeErrorKind::Truncated {
                needed: 2,
                available: 1,
            },
        );
        assert_eq!(
            e.to_string(),
            "at dword 3: truncated: the instruction needs 2 dwords, 1 available"
        );
        let e = DecodeError::new(
            0,
            DecodeErrorKind::IllegalField {
                field: "SSRC0",
                value: 209,
                reason: "reserved",
            },
        );
        assert_eq!(
            e.to_string(),
            "at dword 0: illegal SSRC0 value 0xd1: reserved"
        );
    }
}
