//! Bit helpers shared by decoders and kernels. Widths are arguments, never literal `32`.

/// A mask of the low `width` bits (`width` may be 0..=64).
#[inline]
pub const fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Extract `width` bits of `value` starting at bit `lo`.
#[inline]
pub const fn field(value: u64, lo: u32, width: u32) -> u64 {
    if lo >= 64 {
        0
    } else {
        (value >> lo) & mask(width)
    }
}

/// Sign-extend the low `width` bits of `value` to 64 bits (`width` 1..=64).
#[inline]
pub const fn sign_extend(value: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        value as i64
    } else {
        let shift = 64 - width;
        ((value << shift) as i64) >> shift
    }
}

/// Shift right by `count`, OR-ing every bit shifted out into bit 0 ("jamming"), so that
/// rounding still sees that the value was inexact. Any `count` is accepted.
#[inline]
pub const fn shr_jam64(value: u64, count: u32) -> u64 {
    if count == 0 {
        value
    } else if count < 64 {
        (value >> count) | ((value << (64 - count) != 0) as u64)
    } else {
        (value != 0) as u64
    }
}

/// [`shr_jam64`] for 128-bit values.
#[inline]
pub const fn shr_jam128(value: u128, count: u32) -> u128 {
    if count == 0 {
        value
    } else if count < 128 {
        (value >> count) | ((value << (128 - count) != 0) as u128)
    } else {
        (value != 0) as u128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_edges() {
        assert_eq!(mask(0), 0);
        assert_eq!(mask(1), 1);
        assert_eq!(mask(63), 0x7fff_ffff_ffff_ffff);
        assert_eq!(mask(64), u64::MAX);
    }

    #[test]
    fn field_and_sign_extend() {
        assert_eq!(field(0xabcd, 4, 8), 0xbc);
        assert_eq!(field(0xabcd, 64, 8), 0);
        assert_eq!(sign_extend(0x80, 8), -128);
        assert_eq!(sign_extend(0x7f, 8), 127);
        assert_eq!(sign_extend(0x1f_ffff, 21), -1);
    }

    #[test]
    fn jamming_keeps_sticky() {
        assert_eq!(shr_jam64(0b1000, 3), 0b1);
        assert_eq!(shr_jam64(0b1001, 3), 0b1);
        assert_eq!(shr_jam64(0b10001, 3), 0b11);
        assert_eq!(shr_jam64(1, 64), 1);
        assert_eq!(shr_jam64(0, 200), 0);
        assert_eq!(shr_jam128(1u128 << 100, 101), 1);
        assert_eq!(shr_jam128(3u128 << 100, 101), 1);
        assert_eq!(shr_jam128(1u128 << 127, 127), 1);
    }
}
