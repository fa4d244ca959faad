//! The bits of a first dword that select a format and opcode: what generators (encoding
//! vectors, fuzzers, property tests, random differentials) hold fixed while they vary the
//! other fields. Layouts: Vega manual, chapter "Microcode Formats" (the ENCODING and OP
//! fields of every format's table; MI100 uses the same, and VOP3P-MAI shares VOP3P's).

use crate::instructions::Format;

/// `(bits, mask)`: a first dword `w` has `format` and `opcode` in its ENCODING and OP fields
/// exactly when `w & mask == bits` (FLAT, SCRATCH and GLOBAL include the SEG field).
pub const fn opcode_bits(format: Format, opcode: u16) -> (u32, u32) {
    let op = opcode as u32;
    // (ENCODING value, its lowest bit, OP's lowest bit, OP's width).
    let (enc, enc_lo, op_lo, op_bits) = match format {
        Format::Sop2 => (0b10, 30, 23, 7),
        Format::Sopk => (0b1011, 28, 23, 5),
        Format::Sop1 => (0b1_0111_1101, 23, 8, 8),
        Format::Sopc => (0b1_0111_1110, 23, 16, 7),
        Format::Sopp => (0b1_0111_1111, 23, 16, 7),
        Format::Smem => (0b11_0000, 26, 18, 8),
        Format::Vop2 => (0b0, 31, 25, 6),
        Format::Vop1 => (0b011_1111, 25, 9, 8),
        Format::Vopc => (0b011_1110, 25, 17, 8),
        Format::Vop3a | Format::Vop3b => (0b11_0100, 26, 16, 10),
        Format::Vop3p | Format::Vop3pMai => (0b1_1010_0111, 23, 16, 7),
        Format::Vintrp => (0b11_0101, 26, 16, 2),
        Format::Ds => (0b11_0110, 26, 17, 8),
        Format::Mubuf => (0b11_1000, 26, 18, 7),
        Format::Mtbuf => (0b11_1010, 26, 15, 4),
        // OP[6:0] at [24:18]; OP[7] is bit 0 (see mimg.rs).
        Format::Mimg => (0b11_1100, 26, 18, 7),
        Format::Flat | Format::Scratch | Format::Global => (0b11_0111, 26, 18, 7),
        Format::Exp => (0b11_0001, 26, 0, 0),
    };
    let enc_mask = !0u32 << enc_lo;
    let op_mask = if op_bits == 0 {
        0
    } else {
        ((1u32 << op_bits) - 1) << op_lo
    };
    let mut bits = (enc << enc_lo) | ((op << op_lo) & op_mask);
    let mut mask = enc_mask | op_mask;
    match format {
        Format::Mimg => {
            bits |= (op >> 7) & 1;
            mask |= 1;
        }
        Format::Flat | Format::Scratch | Format::Global => {
            let seg = match format {
                Format::Scratch => 1,
                Format::Global => 2,
                _ => 0,
            };
            bits |= seg << 14;
            mask |= 3 << 14;
        }
        _ => {}
    }
    (bits, mask)
}

#[cfg(test)]
mod tests {
    use super::opcode_bits;
    use crate::formats::{identify, is_supported};
    use crate::instructions::rows;

    /// Every form of every row of a decoded format is identified from its bits, whatever
    /// the other bits hold (all zeros, all ones, a pattern).
    #[test]
    fn every_decoded_row_is_identified_from_its_bits() {
        let mut checked = 0;
        for row in rows().filter(|r| is_supported(r)) {
            let mut forms = vec![(row.format, row.opcode)];
            // A promoted form once its format (VOP3A/VOP3B) is decoded.
            forms.extend(
                row.promotion()
                    .filter(|p| rows().any(|r| r.format == p.format && is_supported(r)))
                    .map(|p| (p.format, p.opcode)),
            );
            for (format, opcode) in forms {
                let (bits, mask) = opcode_bits(format, opcode);
                assert_eq!(bits & !mask, 0, "{}", row.name);
                for other in [0, !0u32, 0x5a5a_5a5a, 0xa5a5_a5a5] {
                    let w = bits | (other & !mask);
                    let got = identify(w).map(|r| r.ok());
                    // VOP3A and VOP3B share their bits; the opcode tells them apart.
                    let want = (format, opcode);
                    assert!(
                        matches!(got, Some(Some((f, o))) if o == opcode
                            && (f == format || matches!((f, format),
                                (crate::Format::Vop3a, crate::Format::Vop3b)
                                | (crate::Format::Vop3b, crate::Format::Vop3a)))),
                        "{} {want:?}: {w:#010x} identified as {got:?}",
                        row.name
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 4 * 600, "only {checked} forms checked");
    }
}
