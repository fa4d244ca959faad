//! Exception flags, carried with every result (`#[must_use] Flagged<T>`).

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

/// A set of exception flags (IEEE 754-2008 §7, plus the input-denormal flag that x86 and
/// GPUs report).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags(u8);

impl Flags {
    pub const NONE: Flags = Flags(0);
    pub const INVALID: Flags = Flags(1 << 0);
    pub const DIV_BY_ZERO: Flags = Flags(1 << 1);
    pub const OVERFLOW: Flags = Flags(1 << 2);
    pub const UNDERFLOW: Flags = Flags(1 << 3);
    pub const INEXACT: Flags = Flags(1 << 4);
    /// An operand was subnormal (raised whether or not the mode flushes it; see
    /// `FloatQuirks::INPUT_DENORMAL_FLAG`).
    pub const INPUT_DENORMAL: Flags = Flags(1 << 5);

    const NAMES: [(Flags, &'static str); 6] = [
        (Flags::INVALID, "invalid"),
        (Flags::DIV_BY_ZERO, "divbyzero"),
        (Flags::OVERFLOW, "overflow"),
        (Flags::UNDERFLOW, "underflow"),
        (Flags::INEXACT, "inexact"),
        (Flags::INPUT_DENORMAL, "denormal"),
    ];

    pub const fn bits(self) -> u8 {
        self.0
    }
    pub const fn from_bits_truncate(bits: u8) -> Flags {
        Flags(bits & 0x3f)
    }
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn union(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
    pub const fn without(self, other: Flags) -> Flags {
        Flags(self.0 & !other.0)
    }
    /// `flag` if `cond`, else no flag.
    #[inline(always)]
    pub const fn when(cond: bool, flag: Flags) -> Flags {
        Flags(flag.0 * cond as u8)
    }
}

impl BitOr for Flags {
    type Output = Flags;
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

impl BitOrAssign for Flags {
    fn bitor_assign(&mut self, rhs: Flags) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Flag names joined by `|`, or `none`.
impl fmt::Display for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut first = true;
        for (flag, name) in Flags::NAMES {
            if self.contains(flag) {
                if !first {
                    f.write_str("|")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// A result with the flags its computation raised.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Flagged<T> {
    pub value: T,
    pub flags: Flags,
}

impl<T> Flagged<T> {
    #[inline(always)]
    pub const fn new(value: T, flags: Flags) -> Self {
        Flagged { value, flags }
    }
    #[inline(always)]
    pub const fn exact(value: T) -> Self {
        Flagged {
            value,
            flags: Flags::NONE,
        }
    }
    /// Apply `f` to the value, keeping the flags.
    #[inline(always)]
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Flagged<U> {
        Flagged {
            value: f(self.value),
            flags: self.flags,
        }
    }
    /// Add `more` to the flags.
    #[inline(always)]
    pub fn with_flags(mut self, more: Flags) -> Self {
        self.flags |= more;
        self
    }
}
