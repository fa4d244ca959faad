//! The vocabulary for results a manual leaves open (DESIGN.md "What we do not know is data
//! too"), shared by every ISA: a kernel that cannot settle every bit of an output says what
//! it accepts, and the vector generator turns that into an acceptance set.

/// What of an output the inputs settle, when not every bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accept {
    /// Only the bits set in the mask are settled (a don't-care mask).
    Mask(u64),
    /// The same for a 128-bit output (`d`, then `d_hi` in bits 127:64); an executor reports
    /// it per 32-bit register, as an `Accept::Mask` of each.
    Mask128(u128),
    /// Any NaN of the output's float type.
    AnyNan,
    /// Any value of the output's float type from `lo` to `hi` inclusive, in numeric order
    /// (the ULP interval of an approximate result).
    Range { lo: u64, hi: u64 },
}
