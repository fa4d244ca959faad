//! Field layouts of the microcode formats, for the bit diagrams of the reference (Vega
//! manual, chapter "Microcode Formats"; MI100 uses the same; VOP3P-MAI as `formats/mai.rs`
//! decodes it: LLVM 14's layout, bit 15 reserved on gfx908). The ENCODING and OP fields are
//! checked against `formats::template::opcode_bits` (the decoder's own constants) by a
//! test; the other fields are transcribed from the chapter, and the test checks that each
//! word's fields are disjoint.

use gpuref_amd_gcn5::Format;

/// One field: word index, highest and lowest bit, name.
pub type Field = (u8, u8, u8, &'static str);

/// The fields of a format, first word first, high bits first. `ENCODING` and `OP` are the
/// fixed fields; for MIMG, `OP[7]` is bit 0 of the first word.
#[rustfmt::skip]
pub fn fields(format: Format) -> &'static [Field] {
    match format {
        Format::Sop2 => &[(0, 31, 30, "ENCODING"), (0, 29, 23, "OP"), (0, 22, 16, "SDST"), (0, 15, 8, "SSRC1"), (0, 7, 0, "SSRC0")],
        Format::Sopk => &[(0, 31, 28, "ENCODING"), (0, 27, 23, "OP"), (0, 22, 16, "SDST"), (0, 15, 0, "SIMM16")],
        Format::Sop1 => &[(0, 31, 23, "ENCODING"), (0, 22, 16, "SDST"), (0, 15, 8, "OP"), (0, 7, 0, "SSRC0")],
        Format::Sopc => &[(0, 31, 23, "ENCODING"), (0, 22, 16, "OP"), (0, 15, 8, "SSRC1"), (0, 7, 0, "SSRC0")],
        Format::Sopp => &[(0, 31, 23, "ENCODING"), (0, 22, 16, "OP"), (0, 15, 0, "SIMM16")],
        Format::Smem => &[(0, 31, 26, "ENCODING"), (0, 25, 18, "OP"), (0, 17, 17, "IMM"), (0, 16, 16, "GLC"), (0, 15, 15, "NV"),
            (0, 14, 14, "SOE"), (0, 12, 6, "SDATA"), (0, 5, 0, "SBASE"), (1, 31, 25, "SOFFSET"), (1, 20, 0, "OFFSET")],
        Format::Vop2 => &[(0, 31, 31, "ENCODING"), (0, 30, 25, "OP"), (0, 24, 17, "VDST"), (0, 16, 9, "VSRC1"), (0, 8, 0, "SRC0")],
        Format::Vop1 => &[(0, 31, 25, "ENCODING"), (0, 24, 17, "VDST"), (0, 16, 9, "OP"), (0, 8, 0, "SRC0")],
        Format::Vopc => &[(0, 31, 25, "ENCODING"), (0, 24, 17, "OP"), (0, 16, 9, "VSRC1"), (0, 8, 0, "SRC0")],
        Format::Vop3a => &[(0, 31, 26, "ENCODING"), (0, 25, 16, "OP"), (0, 15, 15, "CLAMP"), (0, 14, 11, "OPSEL"), (0, 10, 8, "ABS"),
            (0, 7, 0, "VDST"), (1, 31, 29, "NEG"), (1, 28, 27, "OMOD"), (1, 26, 18, "SRC2"), (1, 17, 9, "SRC1"), (1, 8, 0, "SRC0")],
        Format::Vop3b => &[(0, 31, 26, "ENCODING"), (0, 25, 16, "OP"), (0, 15, 15, "CLAMP"), (0, 14, 8, "SDST"), (0, 7, 0, "VDST"),
            (1, 31, 29, "NEG"), (1, 28, 27, "OMOD"), (1, 26, 18, "SRC2"), (1, 17, 9, "SRC1"), (1, 8, 0, "SRC0")],
        Format::Vop3p => &[(0, 31, 23, "ENCODING"), (0, 22, 16, "OP"), (0, 15, 15, "CLAMP"), (0, 14, 14, "OPSEL_HI2"), (0, 13, 11, "OPSEL"),
            (0, 10, 8, "NEG_HI"), (0, 7, 0, "VDST"), (1, 31, 29, "NEG"), (1, 28, 27, "OPSEL_HI"), (1, 26, 18, "SRC2"), (1, 17, 9, "SRC1"), (1, 8, 0, "SRC0")],
        Format::Vop3pMai => &[(0, 31, 23, "ENCODING"), (0, 22, 16, "OP"), (0, 14, 11, "ABID"), (0, 10, 8, "CBSZ"),
            (0, 7, 0, "VDST"), (1, 31, 29, "BLGP"), (1, 28, 27, "ACC"), (1, 26, 18, "SRC2"), (1, 17, 9, "SRC1"), (1, 8, 0, "SRC0")],
        Format::Vintrp => &[(0, 31, 26, "ENCODING"), (0, 25, 18, "VDST"), (0, 17, 16, "OP"), (0, 15, 10, "ATTR"), (0, 9, 8, "ATTRCHAN"), (0, 7, 0, "VSRC")],
        Format::Ds => &[(0, 31, 26, "ENCODING"), (0, 24, 17, "OP"), (0, 16, 16, "GDS"), (0, 15, 8, "OFFSET1"), (0, 7, 0, "OFFSET0"),
            (1, 31, 24, "VDST"), (1, 23, 16, "DATA1"), (1, 15, 8, "DATA0"), (1, 7, 0, "ADDR")],
        Format::Mubuf => &[(0, 31, 26, "ENCODING"), (0, 24, 18, "OP"), (0, 17, 17, "SLC"), (0, 16, 16, "LDS"), (0, 14, 14, "GLC"), (0, 13, 13, "IDXEN"),
            (0, 12, 12, "OFFEN"), (0, 11, 0, "OFFSET"), (1, 31, 24, "SOFFSET"), (1, 23, 23, "TFE"), (1, 20, 16, "SRSRC"), (1, 15, 8, "VDATA"), (1, 7, 0, "VADDR")],
        Format::Mtbuf => &[(0, 31, 26, "ENCODING"), (0, 25, 23, "NFMT"), (0, 22, 19, "DFMT"), (0, 18, 15, "OP"), (0, 14, 14, "GLC"), (0, 13, 13, "IDXEN"),
            (0, 12, 12, "OFFEN"), (0, 11, 0, "OFFSET"), (1, 31, 24, "SOFFSET"), (1, 23, 23, "TFE"), (1, 22, 22, "SLC"), (1, 20, 16, "SRSRC"), (1, 15, 8, "VDATA"), (1, 7, 0, "VADDR")],
        Format::Mimg => &[(0, 31, 26, "ENCODING"), (0, 25, 25, "SLC"), (0, 24, 18, "OP"), (0, 17, 17, "LWE"), (0, 16, 16, "TFE"), (0, 15, 15, "A16"),
            (0, 14, 14, "DA"), (0, 13, 13, "GLC"), (0, 12, 12, "UNRM"), (0, 11, 8, "DMASK"), (0, 0, 0, "OP[7]"),
            (1, 31, 31, "D16"), (1, 25, 21, "SSAMP"), (1, 20, 16, "SRSRC"), (1, 15, 8, "VDATA"), (1, 7, 0, "VADDR")],
        Format::Flat | Format::Scratch | Format::Global => &[(0, 31, 26, "ENCODING"), (0, 24, 18, "OP"), (0, 17, 17, "SLC"), (0, 16, 16, "GLC"),
            (0, 15, 14, "SEG"), (0, 13, 13, "LDS"), (0, 12, 0, "OFFSET"), (1, 31, 24, "VDST"), (1, 23, 23, "NV"), (1, 22, 16, "SADDR"), (1, 15, 8, "DATA"), (1, 7, 0, "ADDR")],
        Format::Exp => &[(0, 31, 26, "ENCODING"), (0, 12, 12, "VM"), (0, 11, 11, "DONE"), (0, 10, 10, "COMPR"), (0, 9, 4, "TARGET"), (0, 3, 0, "EN"),
            (1, 31, 24, "VSRC3"), (1, 23, 16, "VSRC2"), (1, 15, 8, "VSRC1"), (1, 7, 0, "VSRC0")],
    }
}

/// A field's fixed value for `opcode` in the first word, as a binary string, or `None` for
/// an operand field.
pub fn fixed(format: Format, opcode: u16, field: &Field) -> Option<String> {
    let (w, hi, lo, _) = *field;
    let (bits, mask) = gpuref_amd_gcn5::formats::template::opcode_bits(format, opcode);
    let width = u32::from(hi - lo) + 1;
    let fmask = if width == 32 {
        !0
    } else {
        ((1u32 << width) - 1) << lo
    };
    (w == 0 && mask & fmask == fmask).then(|| {
        let v = (bits & fmask) >> lo;
        format!("{v:0w$b}", w = width as usize)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuref_amd_gcn5::formats::template::opcode_bits;

    /// ENCODING and OP (and SEG) as the decoder's constants place them; fields disjoint.
    #[test]
    fn layouts_agree_with_the_decoder_and_do_not_overlap() {
        for format in Format::ALL {
            let mut used = [0u32; 2];
            for &(w, hi, lo, name) in fields(format) {
                assert!(hi >= lo && hi < 32, "{format:?} {name}");
                let width = u32::from(hi - lo) + 1;
                let m = if width == 32 {
                    !0
                } else {
                    ((1u32 << width) - 1) << lo
                };
                assert_eq!(used[w as usize] & m, 0, "{format:?} {name} overlaps");
                used[w as usize] |= m;
            }
            // The fixed bits of opcode 1 (or 0) are exactly the ENCODING/OP/SEG fields.
            let (_, mask) = opcode_bits(format, 1);
            let fixed_fields: u32 = fields(format)
                .iter()
                .filter(|f| f.0 == 0 && matches!(f.3, "ENCODING" | "OP" | "OP[7]" | "SEG"))
                .map(|&(_, hi, lo, _)| {
                    let width = u32::from(hi - lo) + 1;
                    if width == 32 {
                        !0
                    } else {
                        ((1u32 << width) - 1) << lo
                    }
                })
                .fold(0, |a, b| a | b);
            let enc_lo = fields(format).iter().find(|f| f.3 == "ENCODING").unwrap().2;
            // Bits above ENCODING's lowest belong to it (the decoder's mask is !0 << lo).
            assert_eq!(
                fixed_fields, mask,
                "{format:?}: fixed fields differ from the decoder's mask"
            );
            assert_eq!(mask & (!0u32 << enc_lo), !0u32 << enc_lo, "{format:?}");
        }
    }
}
