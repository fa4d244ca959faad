//! Conversions between float formats (IEEE 754-2008 §5.4.2 formatOf-convertFormat).

use crate::flags::{Flagged, Flags};
use crate::format::{is_inf, is_nan, is_snan, is_zero, Format};
use crate::mode::FpMode;
use crate::quirks::{FloatQuirks, NanConversion};
use crate::round::{read_input, round_pack, unpack};

/// Convert `a` from format `F` to format `G`, rounding under `mode` (the output denormal
/// setting is `G`'s, the input setting `F`'s).
pub fn convert<F: Format, G: Format, Q: FloatQuirks>(
    a: F::Bits,
    mode: &FpMode,
) -> Flagged<G::Bits> {
    let r = convert_bits::<F, G, Q>(a.into(), mode);
    Flagged::new(G::bits_from_u64(r.value), r.flags)
}

pub(crate) fn convert_bits<F: Format, G: Format, Q: FloatQuirks>(
    a: u64,
    mode: &FpMode,
) -> Flagged<u64> {
    let sign = a & F::SIGN_MASK != 0;
    let sign_bit = (sign as u64) * G::SIGN_MASK;
    if is_nan::<F>(a) {
        let flags = Flags::when(is_snan::<F>(a), Flags::INVALID);
        let value = match Q::NAN_CONVERSION {
            NanConversion::PreservePayload => {
                let payload = a & F::FRAC_MASK;
                let moved = if G::FRAC_BITS >= F::FRAC_BITS {
                    payload << (G::FRAC_BITS - F::FRAC_BITS)
                } else {
                    payload >> (F::FRAC_BITS - G::FRAC_BITS)
                };
                sign_bit | G::EXP_MASK | G::QUIET_BIT | moved
            }
            NanConversion::DefaultNanKeepSign => (Q::default_nan::<G>() & !G::SIGN_MASK) | sign_bit,
            NanConversion::DefaultNan => Q::default_nan::<G>(),
        };
        return Flagged::new(value, flags);
    }
    if is_inf::<F>(a) {
        return Flagged::exact(sign_bit | G::INFINITY);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    if is_zero::<F>(a) {
        return Flagged::new(sign_bit, flags);
    }
    let u = unpack::<F>(a);
    round_pack::<G>(u.sign, u.exp, u.sig, mode).with_flags(flags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{BFloat16, Binary16, Binary32, Binary64};
    use crate::mode::Rounding;
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;

    #[test]
    fn widening_is_exact() {
        let r = convert::<Binary16, Binary32, Ieee754>(0x3c00, &M);
        assert_eq!((r.value, r.flags), (0x3f80_0000, Flags::NONE));
        // smallest f16 subnormal 2^-24
        let r = convert::<Binary16, Binary32, Ieee754>(0x0001, &M);
        assert_eq!(r.value, 0x3380_0000);
        let r = convert::<Binary32, Binary64, Ieee754>(0x7f80_0001, &M); // sNaN
        assert_eq!((r.value, r.flags), (0x7ff8_0000_2000_0000, Flags::INVALID));
    }

    #[test]
    fn narrowing_rounds() {
        // 65520 → f16: a tie above 65504 rounds to inf in RNE, to 65504 in RTZ
        let r = convert::<Binary32, Binary16, Ieee754>(0x477f_f000, &M);
        assert_eq!(
            (r.value, r.flags),
            (0x7c00, Flags::OVERFLOW | Flags::INEXACT)
        );
        let r = convert::<Binary32, Binary16, Ieee754>(
            0x477f_f000,
            &M.with_rounding(Rounding::TowardZero),
        );
        assert_eq!(r.value, 0x7bff);
        // 1 + 2^-8 → bf16: tie, to even (1.0)
        let r = convert::<Binary32, BFloat16, Ieee754>(0x3f80_8000, &M);
        assert_eq!((r.value, r.flags), (0x3f80, Flags::INEXACT));
        let r = convert::<Binary64, Binary32, Ieee754>(0x3ff0_0000_1000_0000, &M);
        assert_eq!((r.value, r.flags), (0x3f80_0000, Flags::INEXACT));
    }
}
