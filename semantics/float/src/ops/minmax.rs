//! Minimum and maximum: IEEE 754-2008 §5.3.1 minNum/maxNum and IEEE 754-2019 §9.6
//! minimum/maximum and minimumNumber/maximumNumber.
//!
//! Choices common to every operation here (the GPU layers refine them per instruction):
//! - −0 is less than +0 (754-2019 requires it for §9.6; 754-2008 allows either zero for
//!   minNum/maxNum, and this crate makes the same choice there).
//! - Operands are read under the mode: a subnormal is flushed to a zero of its sign when
//!   the mode flushes inputs, and compares and is returned as that zero; the input-denormal
//!   flag follows `Q` for every operand read. Operands are not read (and raise no
//!   input-denormal flag) when the result is a NaN.
//! - The result is one of the operands as read, not a rounded value: output flushing does
//!   not apply to it.

use super::common::{total_order_key, typed};
use crate::flags::{Flagged, Flags};
use crate::format::{is_nan, is_snan, Format};
use crate::mode::FpMode;
use crate::quirks::FloatQuirks;
use crate::round::{propagate_nan, read_input};

/// The smaller (or larger) of two non-NaN operands read under the mode, with −0 < +0.
#[inline]
fn select<F: Format, Q: FloatQuirks>(a: u64, b: u64, max: bool, mode: &FpMode) -> Flagged<u64> {
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    let (ka, kb) = (total_order_key::<F>(a), total_order_key::<F>(b));
    let pick_b = if max { kb > ka } else { kb < ka };
    Flagged::new(if pick_b { b } else { a }, flags)
}

/// One non-NaN operand `x` returned as the result, read under the mode.
#[inline]
fn number<F: Format, Q: FloatQuirks>(x: u64, mode: &FpMode, mut flags: Flags) -> Flagged<u64> {
    let x = read_input::<F, Q>(x, mode, &mut flags);
    Flagged::new(x, flags)
}

/// 754-2008 minNum/maxNum.
#[inline]
fn num_2008<F: Format, Q: FloatQuirks>(a: u64, b: u64, max: bool, mode: &FpMode) -> Flagged<u64> {
    match (is_nan::<F>(a), is_nan::<F>(b)) {
        (false, false) => select::<F, Q>(a, b, max, mode),
        (true, false) if !is_snan::<F>(a) => number::<F, Q>(b, mode, Flags::NONE),
        (false, true) if !is_snan::<F>(b) => number::<F, Q>(a, mode, Flags::NONE),
        // A signalling NaN operand, or two NaNs: a quiet NaN per Q (invalid for sNaN).
        _ => propagate_nan::<F, Q>(&[a, b]).unwrap_or(Flagged::exact(a)),
    }
}

/// IEEE 754-2008 §5.3.1 minNum: the smaller operand; a quiet NaN operand loses to a
/// number. A signalling NaN operand gives a quiet NaN (propagated per `Q`) and invalid, as
/// the 2008 text with §6.2 requires (754-2019 removed minNum for this reason). Two quiet
/// NaNs give a NaN per `Q` without invalid. −0 < +0 (2008 allows either zero); see the
/// module notes for subnormal operands.
pub fn min_num<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(num_2008::<F, Q>(a.into(), b.into(), false, mode))
}

/// IEEE 754-2008 §5.3.1 maxNum: the larger operand; NaN rules as [`min_num`]; −0 < +0.
pub fn max_num<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(num_2008::<F, Q>(a.into(), b.into(), true, mode))
}

/// 754-2019 minimum/maximum: NaN propagates.
#[inline]
fn propagating<F: Format, Q: FloatQuirks>(
    a: u64,
    b: u64,
    max: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    match propagate_nan::<F, Q>(&[a, b]) {
        Some(nan) => nan,
        None => select::<F, Q>(a, b, max, mode),
    }
}

/// IEEE 754-2019 §9.6 minimum: the smaller operand, −0 < +0; if either operand is a NaN
/// the result is a quiet NaN propagated per `Q` (invalid for a signalling NaN).
pub fn minimum<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(propagating::<F, Q>(a.into(), b.into(), false, mode))
}

/// IEEE 754-2019 §9.6 maximum: the larger operand, −0 < +0; NaN rules as [`minimum`].
pub fn maximum<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(propagating::<F, Q>(a.into(), b.into(), true, mode))
}

/// 754-2019 minimumNumber/maximumNumber: a NaN loses to a number.
#[inline]
fn number_2019<F: Format, Q: FloatQuirks>(
    a: u64,
    b: u64,
    max: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    match (is_nan::<F>(a), is_nan::<F>(b)) {
        (false, false) => select::<F, Q>(a, b, max, mode),
        (true, false) => number::<F, Q>(b, mode, Flags::when(is_snan::<F>(a), Flags::INVALID)),
        (false, true) => number::<F, Q>(a, mode, Flags::when(is_snan::<F>(b), Flags::INVALID)),
        (true, true) => propagate_nan::<F, Q>(&[a, b]).unwrap_or(Flagged::exact(a)),
    }
}

/// IEEE 754-2019 §9.6 minimumNumber: the smaller operand, −0 < +0; a NaN operand (quiet
/// or signalling) loses to a number, a signalling one raising invalid; two NaNs give a
/// quiet NaN per `Q` (invalid if either is signalling).
pub fn minimum_number<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(number_2019::<F, Q>(a.into(), b.into(), false, mode))
}

/// IEEE 754-2019 §9.6 maximumNumber: the larger operand; NaN rules as [`minimum_number`].
pub fn maximum_number<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(number_2019::<F, Q>(a.into(), b.into(), true, mode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Binary16, Binary32, Binary64};
    use crate::mode::{DenormModes, Denormals};
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;
    const INV: Flags = Flags::INVALID;
    const DE: Flags = Flags::INPUT_DENORMAL;
    const NONE: Flags = Flags::NONE;
    const ONE: u32 = 0x3f80_0000;
    const TWO: u32 = 0x4000_0000;
    const QNAN: u32 = 0x7fc0_0005;
    const SNAN: u32 = 0x7f80_0001;

    type Op = fn(u32, u32, &FpMode) -> Flagged<u32>;
    const MIN_NUM: Op = min_num::<Binary32, Ieee754>;
    const MAX_NUM: Op = max_num::<Binary32, Ieee754>;
    const MINIMUM: Op = minimum::<Binary32, Ieee754>;
    const MAXIMUM: Op = maximum::<Binary32, Ieee754>;
    const MINIMUM_NUMBER: Op = minimum_number::<Binary32, Ieee754>;
    const MAXIMUM_NUMBER: Op = maximum_number::<Binary32, Ieee754>;

    fn run(op: Op, a: u32, b: u32, m: &FpMode) -> (u32, Flags) {
        let r = op(a, b, m);
        (r.value, r.flags)
    }

    fn daz() -> FpMode {
        M.with_denormals(DenormModes::all(Denormals {
            flush_inputs: true,
            flush_outputs: false,
        }))
    }

    #[test]
    fn numbers_and_zeros() {
        for (min, max) in [
            (MIN_NUM, MAX_NUM),
            (MINIMUM, MAXIMUM),
            (MINIMUM_NUMBER, MAXIMUM_NUMBER),
        ] {
            assert_eq!(run(min, ONE, TWO, &M), (ONE, NONE));
            assert_eq!(run(min, TWO, ONE, &M), (ONE, NONE));
            assert_eq!(run(max, ONE, TWO, &M), (TWO, NONE));
            // −2 (0xc0000000) < −1 (0xbf800000).
            assert_eq!(run(min, 0xbf80_0000, 0xc000_0000, &M), (0xc000_0000, NONE));
            assert_eq!(run(max, 0xbf80_0000, 0xc000_0000, &M), (0xbf80_0000, NONE));
            // −0 < +0 in either operand order.
            assert_eq!(run(min, 0, 0x8000_0000, &M), (0x8000_0000, NONE));
            assert_eq!(run(min, 0x8000_0000, 0, &M), (0x8000_0000, NONE));
            assert_eq!(run(max, 0x8000_0000, 0, &M), (0, NONE));
            assert_eq!(run(max, 0, 0x8000_0000, &M), (0, NONE));
            // Infinities.
            assert_eq!(run(min, 0xff80_0000, 0x7f80_0000, &M), (0xff80_0000, NONE));
            assert_eq!(run(max, 0xff80_0000, 0x7f80_0000, &M), (0x7f80_0000, NONE));
            // Subnormals: read as such (input-denormal flag), or flushed to a signed zero.
            assert_eq!(run(max, 1, 0x8000_0000, &M), (1, DE));
            assert_eq!(run(max, 1, 0x8000_0000, &daz()), (0, NONE));
            assert_eq!(run(min, 1, 0x8000_0000, &daz()), (0x8000_0000, NONE));
            assert_eq!(run(min, 0x8000_0001, 0, &daz()), (0x8000_0000, NONE));
            assert_eq!(run(min, 0x8000_0001, 0, &M), (0x8000_0001, DE));
        }
    }

    #[test]
    fn min_num_max_num_nans() {
        // A quiet NaN loses to the number, in either position.
        assert_eq!(run(MIN_NUM, QNAN, ONE, &M), (ONE, NONE));
        assert_eq!(run(MIN_NUM, ONE, QNAN, &M), (ONE, NONE));
        assert_eq!(run(MAX_NUM, 0xffc0_0000, TWO, &M), (TWO, NONE));
        // The number is read under the mode.
        assert_eq!(run(MAX_NUM, QNAN, 0x8000_0001, &daz()), (0x8000_0000, NONE));
        assert_eq!(run(MAX_NUM, QNAN, 0x8000_0001, &M), (0x8000_0001, DE));
        // A signalling NaN: quiet NaN (first NaN operand, quieted) and invalid.
        assert_eq!(run(MIN_NUM, SNAN, ONE, &M), (0x7fc0_0001, INV));
        assert_eq!(run(MAX_NUM, ONE, 0xff80_0002, &M), (0xffc0_0002, INV));
        assert_eq!(run(MIN_NUM, QNAN, SNAN, &M), (QNAN, INV));
        // Two quiet NaNs: the first, no invalid.
        assert_eq!(run(MIN_NUM, QNAN, 0xffc0_0006, &M), (QNAN, NONE));
        assert_eq!(run(MAX_NUM, 0xffc0_0006, QNAN, &M), (0xffc0_0006, NONE));
    }

    #[test]
    fn minimum_maximum_nans() {
        assert_eq!(run(MINIMUM, QNAN, ONE, &M), (QNAN, NONE));
        assert_eq!(run(MAXIMUM, ONE, QNAN, &M), (QNAN, NONE));
        assert_eq!(run(MINIMUM, ONE, SNAN, &M), (0x7fc0_0001, INV));
        assert_eq!(run(MAXIMUM, SNAN, QNAN, &M), (0x7fc0_0001, INV));
        // No input-denormal flag when the result is a NaN.
        assert_eq!(run(MINIMUM, QNAN, 1, &M), (QNAN, NONE));
    }

    #[test]
    fn minimum_number_maximum_number_nans() {
        assert_eq!(run(MINIMUM_NUMBER, QNAN, ONE, &M), (ONE, NONE));
        assert_eq!(run(MINIMUM_NUMBER, SNAN, ONE, &M), (ONE, INV));
        assert_eq!(run(MAXIMUM_NUMBER, TWO, SNAN, &M), (TWO, INV));
        assert_eq!(run(MAXIMUM_NUMBER, TWO, 0xffc0_0000, &M), (TWO, NONE));
        // Two NaNs: the first NaN operand, quieted; invalid if either is signalling.
        assert_eq!(run(MINIMUM_NUMBER, QNAN, SNAN, &M), (QNAN, INV));
        assert_eq!(run(MAXIMUM_NUMBER, SNAN, QNAN, &M), (0x7fc0_0001, INV));
        assert_eq!(run(MAXIMUM_NUMBER, QNAN, 0xffc0_0000, &M), (QNAN, NONE));
    }

    #[test]
    fn other_formats() {
        // binary16: min(−0, +0) = −0 (0x8000); max_num(qNaN, 1.0) = 1.0 (0x3c00).
        let r = minimum::<Binary16, Ieee754>(0, 0x8000, &M);
        assert_eq!((r.value, r.flags), (0x8000, NONE));
        let r = max_num::<Binary16, Ieee754>(0x7e00, 0x3c00, &M);
        assert_eq!((r.value, r.flags), (0x3c00, NONE));
        // binary64: −max finite < smallest subnormal.
        let r = maximum_number::<Binary64, Ieee754>(0xffef_ffff_ffff_ffff, 1, &M);
        assert_eq!((r.value, r.flags), (1, DE));
    }
}
