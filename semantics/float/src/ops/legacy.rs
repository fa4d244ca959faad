//! Named helpers for per-opcode legacy rules (DESIGN.md "Floats: three layers", layer 1).
//! They are not IEEE 754 operations; ISA kernels call them and refine what differs
//! between GPUs (noted on each helper).

use super::arith::mul;
use super::common::{numeric_key, typed};
use crate::flags::{Flagged, Flags};
use crate::format::{is_nan, is_zero, Format};
use crate::mode::FpMode;
use crate::quirks::FloatQuirks;
use crate::round::{propagate_nan, read_input};

/// Direct3D 9 multiply ("0 times anything is 0"): if either operand is zero after the
/// mode's input flushing, the result is +0, even when the other operand is an infinity or
/// a NaN (quiet or signalling, without invalid); otherwise the IEEE 754-2008 §5.4.1
/// multiplication [`mul`](super::mul), with its NaN propagation and flags.
///
/// - The zero is +0 whatever the operands' signs and the rounding direction: the reading
///   LLVM states for GCN's `V_MUL_LEGACY_F32`. The sign of this zero differs between GPUs
///   and is not always documented; ISA layers apply their own.
/// - In the zero case, operands are read under the mode (a subnormal the mode keeps raises
///   the input-denormal flag per `Q`; a NaN operand raises nothing).
pub fn mul_dx9<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    let (x, y): (u64, u64) = (a.into(), b.into());
    let mut flags = Flags::NONE;
    let x = read_input::<F, Q>(x, mode, &mut flags);
    let y = read_input::<F, Q>(y, mode, &mut flags);
    if is_zero::<F>(x) || is_zero::<F>(y) {
        return Flagged::new(F::bits_from_u64(0), flags);
    }
    mul::<F, Q>(a, b, mode)
}

/// Direct3D 10 min/max.
#[inline]
fn dx10<F: Format, Q: FloatQuirks>(a: u64, b: u64, max: bool, mode: &FpMode) -> Flagged<u64> {
    if is_nan::<F>(a) && is_nan::<F>(b) {
        let nan = propagate_nan::<F, Q>(&[a, b]).unwrap_or(Flagged::exact(a));
        return Flagged::exact(nan.value);
    }
    let mut flags = Flags::NONE;
    if is_nan::<F>(a) {
        return Flagged::new(read_input::<F, Q>(b, mode, &mut flags), flags);
    }
    if is_nan::<F>(b) {
        return Flagged::new(read_input::<F, Q>(a, mode, &mut flags), flags);
    }
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    let (ka, kb) = (numeric_key::<F>(a), numeric_key::<F>(b));
    let pick_b = if max { kb > ka } else { kb < ka };
    Flagged::new(if pick_b { b } else { a }, flags)
}

/// Direct3D 10 minimum (the rule R700's `MIN_DX10` names).
///
/// - One NaN operand (quiet or signalling): the other operand. Two NaNs: the NaN that
///   `Q`'s propagation rule picks, quieted. No flag is ever raised for NaN operands
///   (signalling NaNs do not signal).
/// - −0 and +0 compare equal, and on equality the first operand `a` is returned
///   (Direct3D allows either zero; GPU layers refine).
/// - Operands are read under the mode (input flushing; input-denormal flag per `Q` for
///   the operands read); the result is an operand as read, without output flushing.
pub fn min_dx10<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(dx10::<F, Q>(a.into(), b.into(), false, mode))
}

/// Direct3D 10 maximum (R700's `MAX_DX10`); rules as
/// [`min_dx10`], returning the larger operand.
pub fn max_dx10<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    typed::<F>(dx10::<F, Q>(a.into(), b.into(), true, mode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Binary16, Binary32};
    use crate::mode::{DenormModes, Denormals, Rounding};
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;
    const DE: Flags = Flags::INPUT_DENORMAL;
    const NONE: Flags = Flags::NONE;
    const INF: u32 = 0x7f80_0000;

    fn daz() -> FpMode {
        M.with_denormals(DenormModes::all(Denormals {
            flush_inputs: true,
            flush_outputs: false,
        }))
    }

    fn m9(a: u32, b: u32, m: &FpMode) -> (u32, Flags) {
        let r = mul_dx9::<Binary32, Ieee754>(a, b, m);
        (r.value, r.flags)
    }

    #[test]
    fn mul_dx9_zero_wins() {
        assert_eq!(m9(0, INF, &M), (0, NONE));
        assert_eq!(m9(0xff80_0000, 0x8000_0000, &M), (0, NONE)); // −inf × −0
        assert_eq!(m9(0x8000_0000, 0x40a0_0000, &M), (0, NONE)); // −0 × 5
        assert_eq!(
            m9(
                0x8000_0000,
                0x40a0_0000,
                &M.with_rounding(Rounding::TowardNegative)
            ),
            (0, NONE)
        );
        assert_eq!(m9(0, 0x7fc0_0000, &M), (0, NONE)); // 0 × qNaN
        assert_eq!(m9(0x7f80_0001, 0, &M), (0, NONE)); // sNaN × 0: no invalid
                                                       // A flushed subnormal is a zero.
        assert_eq!(m9(1, INF, &daz()), (0, NONE));
        assert_eq!(m9(0xbf80_0000, 0x8000_0001, &daz()), (0, NONE));
        // 0 × an unflushed subnormal: +0 with the input-denormal flag.
        assert_eq!(m9(0, 0x8000_0001, &M), (0, DE));
    }

    #[test]
    fn mul_dx9_otherwise_ieee() {
        assert_eq!(m9(0x4000_0000, 0x4040_0000, &M), (0x40c0_0000, NONE)); // 2 × 3 = 6
        assert_eq!(m9(INF, 0xc000_0000, &M), (0xff80_0000, NONE)); // inf × −2
        assert_eq!(
            m9(0x7f80_0001, 0x3f80_0000, &M),
            (0x7fc0_0001, Flags::INVALID)
        );
        assert_eq!(m9(0x3f80_0000, 0xffc0_0002, &M), (0xffc0_0002, NONE));
        // 2^−149 × inf: the subnormal is kept, so inf, with the input-denormal flag.
        assert_eq!(m9(1, INF, &M), (INF, DE));
        // 2^−149 × 0.5 = 2^−150: tie → 0 (even), underflow and inexact.
        assert_eq!(
            m9(1, 0x3f00_0000, &M),
            (0, DE | Flags::UNDERFLOW | Flags::INEXACT)
        );
        let r = mul_dx9::<Binary16, Ieee754>(0x8000, 0x7c00, &M);
        assert_eq!((r.value, r.flags), (0, NONE));
    }

    #[test]
    fn min_max_dx10() {
        let min = |a, b, m: &FpMode| {
            let r = min_dx10::<Binary32, Ieee754>(a, b, m);
            (r.value, r.flags)
        };
        let max = |a, b, m: &FpMode| {
            let r = max_dx10::<Binary32, Ieee754>(a, b, m);
            (r.value, r.flags)
        };
        let one = 0x3f80_0000;
        assert_eq!(min(one, 0x4000_0000, &M), (one, NONE));
        assert_eq!(max(one, 0x4000_0000, &M), (0x4000_0000, NONE));
        // One NaN: the other operand, quiet or signalling, no flags.
        assert_eq!(min(0x7fc0_0000, one, &M), (one, NONE));
        assert_eq!(min(0x7f80_0001, one, &M), (one, NONE));
        assert_eq!(max(one, 0xff80_0001, &M), (one, NONE));
        // Two NaNs: the first, quieted, no invalid.
        assert_eq!(min(0x7f80_0001, 0x7fc0_0002, &M), (0x7fc0_0001, NONE));
        assert_eq!(max(0xffc0_0003, 0x7f80_0001, &M), (0xffc0_0003, NONE));
        // ±0 are equal: the first operand.
        assert_eq!(min(0, 0x8000_0000, &M), (0, NONE));
        assert_eq!(min(0x8000_0000, 0, &M), (0x8000_0000, NONE));
        assert_eq!(max(0, 0x8000_0000, &M), (0, NONE));
        assert_eq!(max(0x8000_0000, 0, &M), (0x8000_0000, NONE));
        // Subnormals under the mode.
        assert_eq!(max(0x8000_0001, 0, &M), (0, DE));
        assert_eq!(max(0x8000_0001, 0, &daz()), (0x8000_0000, NONE));
        assert_eq!(min(0x7fc0_0000, 1, &M), (1, DE));
        assert_eq!(min(0x7fc0_0000, 1, &daz()), (0, NONE));
        assert_eq!(min(INF, 0xff80_0000, &M), (0xff80_0000, NONE));
    }
}
