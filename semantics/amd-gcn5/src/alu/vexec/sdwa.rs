//! SDWA operand selection and destination placement (Vega "Microcode Formats", section
//! "SDWA", Table "SDWA Fields"): a source reads the field SRC*_SEL names at bit 0, zero- or
//! (SEXT) sign-extended to 32 bits; the result's low bits go to the field DST_SEL names, and
//! DST_UNUSED says what the other bits of the VGPR become.

use crate::formats::sdwa::{DstUnused, Sel};

/// The field of a select: (shift, bits).
pub fn field(sel: Sel) -> (u32, u32) {
    match sel {
        Sel::Byte0 => (0, 8),
        Sel::Byte1 => (8, 8),
        Sel::Byte2 => (16, 8),
        Sel::Byte3 => (24, 8),
        Sel::Word0 => (0, 16),
        Sel::Word1 => (16, 16),
        Sel::Dword => (0, 32),
    }
}

/// The bits of a 32-bit register a select covers.
pub fn field_mask(sel: Sel) -> u32 {
    let (sh, bits) = field(sel);
    (((1u64 << bits) - 1) << sh) as u32
}

/// What a source reads: `v`'s selected field at bit 0, sign-extended when `sext`.
pub fn select(v: u32, sel: Sel, sext: bool) -> u32 {
    let (sh, bits) = field(sel);
    if bits == 32 {
        return v;
    }
    let m = (1u32 << bits) - 1;
    let x = (v >> sh) & m;
    if sext && (x >> (bits - 1)) & 1 == 1 {
        x | !m
    } else {
        x
    }
}

/// The VGPR after writing `d`'s low bits into `sel`'s field of `old`.
pub fn place(old: u32, d: u32, sel: Sel, unused: DstUnused) -> u32 {
    let (sh, bits) = field(sel);
    if bits == 32 {
        return d;
    }
    let m = field_mask(sel);
    let f = (d << sh) & m;
    match unused {
        DstUnused::Pad => f,
        DstUnused::Preserve => (old & !m) | f,
        DstUnused::Sext => {
            // Sign-extend the field upward; the bits below it are zero.
            let top = (f >> (sh + bits - 1)) & 1;
            let above = !(((1u64 << (sh + bits)) - 1) as u32);
            if top == 1 {
                f | above
            } else {
                f
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects() {
        let v = 0x8a7b_6c5d;
        // BYTE_1 is bits [15:8] = 0x6c; sign bit 0 so SEXT changes nothing.
        assert_eq!(select(v, Sel::Byte1, false), 0x6c);
        assert_eq!(select(v, Sel::Byte1, true), 0x6c);
        // BYTE_3 = 0x8a, top bit set: SEXT gives 0xffffff8a.
        assert_eq!(select(v, Sel::Byte3, false), 0x8a);
        assert_eq!(select(v, Sel::Byte3, true), 0xffff_ff8a);
        assert_eq!(select(v, Sel::Byte0, false), 0x5d);
        assert_eq!(select(v, Sel::Byte2, true), 0x7b);
        // WORD_1 = 0x8a7b (negative as i16), WORD_0 = 0x6c5d.
        assert_eq!(select(v, Sel::Word1, false), 0x8a7b);
        assert_eq!(select(v, Sel::Word1, true), 0xffff_8a7b);
        assert_eq!(select(v, Sel::Word0, true), 0x6c5d);
        assert_eq!(select(v, Sel::Dword, true), v);
    }

    #[test]
    fn places() {
        let old = 0x1122_3344;
        // d's low byte 0x80 into BYTE_1: PAD zeros the rest; SEXT fills above bit 15 with
        // the field's top bit (1) and zeros below; PRESERVE keeps 0x11 0x22 .. 0x44.
        assert_eq!(place(old, 0x1280, Sel::Byte1, DstUnused::Pad), 0x0000_8000);
        assert_eq!(place(old, 0x1280, Sel::Byte1, DstUnused::Sext), 0xffff_8000);
        assert_eq!(
            place(old, 0x1280, Sel::Byte1, DstUnused::Preserve),
            0x1122_8044
        );
        assert_eq!(place(old, 0x7f, Sel::Byte1, DstUnused::Sext), 0x0000_7f00);
        // WORD_1: the field ends at bit 31, so SEXT has nothing above it.
        assert_eq!(
            place(old, 0xabcd_8001, Sel::Word1, DstUnused::Sext),
            0x8001_0000
        );
        assert_eq!(
            place(old, 0xabcd_8001, Sel::Word1, DstUnused::Preserve),
            0x8001_3344
        );
        assert_eq!(
            place(old, 0xabcd_8001, Sel::Word0, DstUnused::Sext),
            0xffff_8001
        );
        assert_eq!(
            place(old, 0xabcd_8001, Sel::Byte3, DstUnused::Preserve),
            0x0122_3344
        );
        assert_eq!(
            place(old, 0xabcd_8001, Sel::Dword, DstUnused::Preserve),
            0xabcd_8001
        );
        assert_eq!(field_mask(Sel::Byte2), 0x00ff_0000);
        assert_eq!(field_mask(Sel::Dword), 0xffff_ffff);
    }
}
