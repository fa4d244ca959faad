//! Intel Gen7's packed restricted float vector (`:vf` immediates).
//!
//! Ivy Bridge PRM Vol. 4 Part 3, §"2.2.5 Packed Restricted Float Vector": a doubleword holds
//! four 8-bit restricted floats. Each has the sign in bit 7, an excess-3 exponent in bits
//! 6:4, a 4-bit fraction in bits 3:0 and an implied leading 1, *also when the exponent field
//! is zero* (the format has no subnormals, infinities or NaNs). The two encodings with a
//! zero exponent and a zero fraction are ±0. Widening to binary32 re-biases the exponent
//! (3 → 127, the table's "Extended 8-bit Exponent" column) and puts the fraction in the top
//! four fraction bits; it is exact.
//!
//! Element k of the vector is byte k of the immediate (bits 8k+7..8k). The figure that shows
//! this for VF did not survive in the text we have; it follows from §"3.3.4 Immediate" (the
//! 32-bit field "is partitioned into 4 8-bit subfields") read with the V-type figure of
//! §"7.3.1 Vector Immediate" (element V0 in bits 3:0), and Mesa's `brw_imm_vf4` packs the
//! same way. See docs/design/0005-gpu-float-quirks.md.
//!
//! Spec defect recorded by the tests: the section's prose and its range table give 0.125 as
//! the smallest non-zero magnitude, but under the stated implied-1 rule `0x01` is
//! 17/128 = 0.1328125 and 0.125 (exponent 0, fraction 0) is the encoding of zero.

use crate::format::{Binary32, Format};

/// Number of restricted floats in a `:vf` immediate.
pub const VF_ELEMENTS: usize = 4;
/// Width of one restricted float in bits.
pub const VF_BITS: u32 = 8;
/// Exponent bias of a restricted float ("excess-3 format").
pub const VF_BIAS: i32 = 3;
/// Fraction bits of a restricted float.
pub const VF_FRAC_BITS: u32 = 4;

const VF_EXP_BITS: u32 = 3;
const VF_SIGN_SHIFT: u32 = VF_EXP_BITS + VF_FRAC_BITS;
const VF_FRAC_MASK: u32 = (1 << VF_FRAC_BITS) - 1;
const VF_EXP_MASK: u32 = (1 << VF_EXP_BITS) - 1;
const VF_MAGNITUDE_MASK: u32 = (1 << VF_SIGN_SHIFT) - 1;

/// The binary32 bits of one restricted float (§"2.2.5 Packed Restricted Float Vector").
///
/// `0x00` → +0.0 and `0x80` → −0.0; otherwise
/// `sign << 31 | (exponent + 127 − 3) << 23 | fraction << 19`. Every byte is valid; the
/// result is always a zero or a normal binary32 number.
pub const fn decode_vf(byte: u8) -> u32 {
    let byte = byte as u32;
    let sign = (byte >> VF_SIGN_SHIFT) << (Binary32::WIDTH - 1);
    if byte & VF_MAGNITUDE_MASK == 0 {
        // "A special logic is also needed to take care of positive/negative zeros."
        return sign;
    }
    let exponent = (byte >> VF_FRAC_BITS) & VF_EXP_MASK;
    let fraction = byte & VF_FRAC_MASK;
    let biased = (exponent as i32 - VF_BIAS + Binary32::BIAS) as u32;
    sign | biased << Binary32::FRAC_BITS | fraction << (Binary32::FRAC_BITS - VF_FRAC_BITS)
}

/// The four binary32 values of a `:vf` immediate; element k comes from bits 8k+7..8k
/// (§"2.2.5 Packed Restricted Float Vector", §"3.3.4 Immediate").
pub const fn decode_packed_vf(imm: u32) -> [u32; VF_ELEMENTS] {
    let mut out = [0u32; VF_ELEMENTS];
    let mut k = 0;
    while k < VF_ELEMENTS {
        out[k] = decode_vf((imm >> (VF_BITS * k as u32)) as u8);
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row of the table "all possible numbers of the restricted 8-bit float" in
    /// §2.2.5, typed by hand: byte range, sign, exponent field, the "Extended 8-bit
    /// Exponent" column, and the decimal values the row prints for its first and last byte.
    struct Row {
        first: u8,
        last: u8,
        sign: u32,
        exp_field: u8,
        extended_exponent: u32,
        first_decimal: &'static str,
        last_decimal: &'static str,
    }

    const fn row(
        first: u8,
        last: u8,
        sign: u32,
        exp_field: u8,
        extended_exponent: u32,
        first_decimal: &'static str,
        last_decimal: &'static str,
    ) -> Row {
        Row {
            first,
            last,
            sign,
            exp_field,
            extended_exponent,
            first_decimal,
            last_decimal,
        }
    }

    /// The spec's table. Notes on the transcription:
    /// - the 0x70-0x7F row lost its hex range, sign, exponent and extended-exponent cells in
    ///   the text extraction (only "0000 1111 16 31" survived); they are filled in from the
    ///   row pattern and from the 0xF0-0xFF row, which prints extended exponent 1000 0011;
    /// - negative rows print "-16 31" run together ("-1631"); they read -16 .. -31;
    /// - the 0x01-0x0F and 0x81-0x8F rows print 0.125 as their first value, which contradicts
    ///   the implied-1 rule the same section states; the zero rows and
    ///   `smallest_nonzero_magnitude_follows_the_implied_one_rule` cover that defect, so
    ///   those two rows carry the value of their first byte, 0.1328125.
    #[rustfmt::skip]
    const TABLE: &[Row] = &[
        row(0x70, 0x7F, 0, 0b111, 0b1000_0011, "16", "31"),
        row(0x60, 0x6F, 0, 0b110, 0b1000_0010, "8", "15.5"),
        row(0x50, 0x5F, 0, 0b101, 0b1000_0001, "4", "7.75"),
        row(0x40, 0x4F, 0, 0b100, 0b1000_0000, "2", "3.875"),
        row(0x30, 0x3F, 0, 0b011, 0b0111_1111, "1", "1.9375"),
        row(0x20, 0x2F, 0, 0b010, 0b0111_1110, "0.5", "0.96875"),
        row(0x10, 0x1F, 0, 0b001, 0b0111_1101, "0.25", "0.484375"),
        row(0x01, 0x0F, 0, 0b000, 0b0111_1100, "0.1328125", "0.2421875"),
        row(0x00, 0x00, 0, 0b000, 0b0000_0000, "0", "0"),
        row(0xF0, 0xFF, 1, 0b111, 0b1000_0011, "-16", "-31"),
        row(0xE0, 0xEF, 1, 0b110, 0b1000_0010, "-8", "-15.5"),
        row(0xD0, 0xDF, 1, 0b101, 0b1000_0001, "-4", "-7.75"),
        row(0xC0, 0xCF, 1, 0b100, 0b1000_0000, "-2", "-3.875"),
        row(0xB0, 0xBF, 1, 0b011, 0b0111_1111, "-1", "-1.9375"),
        row(0xA0, 0xAF, 1, 0b010, 0b0111_1110, "-0.5", "-0.96875"),
        row(0x90, 0x9F, 1, 0b001, 0b0111_1101, "-0.25", "-0.484375"),
        row(0x81, 0x8F, 1, 0b000, 0b0111_1100, "-0.1328125", "-0.2421875"),
        row(0x80, 0x80, 1, 0b000, 0b0000_0000, "-0", "-0"),
    ];

    fn table_row(byte: u8) -> &'static Row {
        let rows: Vec<&Row> = TABLE
            .iter()
            .filter(|r| (r.first..=r.last).contains(&byte))
            .collect();
        assert_eq!(
            rows.len(),
            1,
            "byte {byte:#04x} is in {} table rows",
            rows.len()
        );
        rows[0]
    }

    /// The binary32 bits the spec's table gives for `byte`: the row's sign and extended
    /// exponent, the byte's fraction nibble in the top four fraction bits ("4-bit fraction",
    /// "implied integer 1"), zero fraction for the zero rows.
    fn table_bits(byte: u8) -> u32 {
        let r = table_row(byte);
        assert_eq!(
            u32::from(byte) >> 7,
            r.sign,
            "byte {byte:#04x}: sign column"
        );
        assert_eq!(
            (byte >> 4) & 0b111,
            r.exp_field,
            "byte {byte:#04x}: exponent column"
        );
        let fraction = if r.extended_exponent == 0 {
            0
        } else {
            u32::from(byte & 0xF) << 19
        };
        r.sign << 31 | r.extended_exponent << 23 | fraction
    }

    /// Exact decimal expansion of a zero or normal binary32, by integer arithmetic only.
    fn exact_decimal(bits: u32) -> String {
        let negative = bits >> 31 == 1;
        let exp = (bits >> 23) & 0xFF;
        let frac = bits & 0x7F_FFFF;
        let sign = if negative { "-" } else { "" };
        if exp == 0 && frac == 0 {
            return format!("{sign}0");
        }
        assert!(exp != 0 && exp != 0xFF, "{bits:#010x}: not a normal number");
        // value = significand * 2^shift
        let significand = u128::from(frac | 1 << 23);
        let shift = exp as i32 - 127 - 23;
        if shift >= 0 {
            return format!("{sign}{}", significand << shift);
        }
        let denominator = 1u128 << -shift;
        let int_part = significand / denominator;
        let mut rem = significand % denominator;
        let mut digits = String::new();
        while rem != 0 {
            rem *= 10;
            digits.push(char::from(b'0' + (rem / denominator) as u8));
            rem %= denominator;
        }
        if digits.is_empty() {
            format!("{sign}{int_part}")
        } else {
            format!("{sign}{int_part}.{digits}")
        }
    }

    #[test]
    fn table_covers_every_byte_once() {
        for byte in 0..=u8::MAX {
            table_row(byte);
        }
    }

    #[test]
    fn every_byte_matches_the_spec_table() {
        for byte in 0..=u8::MAX {
            assert_eq!(
                decode_vf(byte),
                table_bits(byte),
                "decode_vf({byte:#04x}): got {:#010x}, spec table {:#010x}",
                decode_vf(byte),
                table_bits(byte)
            );
        }
    }

    #[test]
    fn row_ends_match_the_printed_decimals() {
        for r in TABLE {
            assert_eq!(
                exact_decimal(decode_vf(r.first)),
                r.first_decimal,
                "{:#04x}",
                r.first
            );
            assert_eq!(
                exact_decimal(decode_vf(r.last)),
                r.last_decimal,
                "{:#04x}",
                r.last
            );
        }
    }

    /// The conversion figure's rule, written independently of `decode_vf`: the 8-bit
    /// exponent is the 3-bit one with "bit 2 copied to bit 7 and the inverted bit 2 put in
    /// bits 6:2" (bits 1:0 kept), the fraction goes to the top of the binary32 fraction, and
    /// ±0 are special-cased.
    #[test]
    fn every_byte_follows_the_structural_rule() {
        for byte in 0..=u8::MAX {
            let s = u32::from(byte >> 7);
            let e = u32::from((byte >> 4) & 0b111);
            let f = u32::from(byte & 0b1111);
            let expected = if e == 0 && f == 0 {
                s << 31
            } else {
                let e2 = e >> 2;
                let e8 = e2 << 7 | (if e2 == 1 { 0 } else { 0b1_1111 }) << 2 | (e & 0b11);
                s << 31 | e8 << 23 | f << 19
            };
            assert_eq!(decode_vf(byte), expected, "byte {byte:#04x}");
        }
    }

    #[test]
    fn smallest_nonzero_magnitude_follows_the_implied_one_rule() {
        // (1 + 1/16) * 2^(0 - 3) = 17/128; the spec's prose says 0.125 (see the module docs).
        assert_eq!(exact_decimal(decode_vf(0x01)), "0.1328125");
        assert_eq!(exact_decimal(decode_vf(0x81)), "-0.1328125");
        assert_eq!(decode_vf(0x01), 0x3E08_0000);
        // Largest: (1 + 15/16) * 2^(7 - 3) = 31.
        assert_eq!(decode_vf(0x7F), 0x41F8_0000);
        assert_eq!(decode_vf(0xFF), 0xC1F8_0000);
    }

    #[test]
    fn packed_elements_come_from_bytes_in_order() {
        // Bytes, low to high: +0, 1.0 (Mesa's VF_ONE = 0x30), -1.0, 31.0.
        assert_eq!(
            decode_packed_vf(0x7F_B0_30_00),
            [0x0000_0000, 0x3F80_0000, 0xBF80_0000, 0x41F8_0000]
        );
        // Every byte in every position, other positions filled with a different byte.
        for byte in 0..=u8::MAX {
            let filler = byte ^ 0x5A;
            for k in 0..VF_ELEMENTS {
                let mut imm = u32::from_le_bytes([filler; 4]);
                imm &= !(0xFF << (8 * k));
                imm |= u32::from(byte) << (8 * k);
                let got = decode_packed_vf(imm);
                for (j, &g) in got.iter().enumerate() {
                    let b = if j == k { byte } else { filler };
                    assert_eq!(g, table_bits(b), "imm {imm:#010x} element {j}");
                }
            }
        }
    }
}
