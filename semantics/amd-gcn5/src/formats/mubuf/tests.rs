use super::*;
use crate::formats::shared::testing::next;
use crate::formats::{decode as fdecode, encode as fencode, parse as fparse};
use crate::instructions::{by_name, rows};
use crate::target::Target;

fn row(n: &str) -> &'static Row {
    by_name(Target::Gfx908, n).unwrap()
}

#[test]
fn shapes() {
    let w = |n| shape(row(n)).vdata;
    assert_eq!(w("BUFFER_LOAD_FORMAT_XYZ"), 3);
    assert_eq!(w("BUFFER_LOAD_FORMAT_D16_XYZ"), 2);
    assert_eq!(w("BUFFER_LOAD_FORMAT_D16_XY"), 1);
    assert_eq!(w("TBUFFER_STORE_FORMAT_D16_XYZW"), 2);
    assert_eq!(w("BUFFER_LOAD_DWORDX3"), 3);
    assert_eq!(w("BUFFER_STORE_SHORT_D16_HI"), 1);
    assert_eq!(w("BUFFER_ATOMIC_CMPSWAP"), 2);
    assert_eq!(w("BUFFER_ATOMIC_CMPSWAP_X2"), 4);
    assert_eq!(w("BUFFER_ATOMIC_ADD_X2"), 2);
    assert_eq!(w("BUFFER_ATOMIC_PK_ADD_F16"), 1);
}

/// Texts and words from `llvm-mc-14 -arch=amdgcn -mcpu=gfx908 -show-encoding`.
#[test]
fn known_llvm_encodings() {
    for (text, w) in [
        ("buffer_load_dword v1, off, s[4:7], s1", [0xe050_0000u32, 0x0101_0100]),
        (
            "buffer_load_dword v1, v2, s[4:7], s1 offen offset:4095 glc slc",
            [0xe052_5fff, 0x0101_0102],
        ),
        (
            "buffer_load_dword v1, v[2:3], s[4:7], 0 idxen offen glc slc lds",
            [0xe053_7000, 0x8001_0102],
        ),
        (
            "buffer_store_dword v1, off, s[4:7], -1 offset:12",
            [0xe070_000c, 0xc101_0100],
        ),
        ("buffer_wbinvl1", [0xe0f8_0000, 0]),
        (
            "tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offset:4",
            [0xeba0_0004, 0x0101_0100],
        ),
        (
            "tbuffer_store_format_xyzw v[1:4], v2, s[4:7], s1 format:[BUF_NUM_FORMAT_SINT] idxen glc slc tfe",
            [0xea8b_e000, 0x01c1_0102],
        ),
        ("buffer_store_lds_dword s[4:7], s1 lds", [0xe0f5_0000, 0x0101_0000]),
    ] {
        let t = Target::Gfx908;
        let (inst, used) = fdecode(t, &w).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(used, 2);
        assert_eq!(inst.to_string(), text);
        assert_eq!(fencode(&fparse(t, text).unwrap()), w.to_vec(), "{text}");
    }
}

#[test]
fn every_row_roundtrips_decode_print_parse_encode() {
    for t in Target::ALL {
        for r in rows()
            .filter(|r| matches!(r.format, Format::Mubuf | Format::Mtbuf) && r.targets.contains(t))
        {
            let mut st = u64::from(r.opcode) * 77 + t as u64 + r.format as u64;
            let mut ok = 0;
            for i in 0..3000 {
                let v = next(&mut st);
                let w0 = if r.format == Format::Mtbuf {
                    (MTBUF_ENC << 26)
                        | (v as u32 & 0x3ff_ffff & !(0xf << 15))
                        | u32::from(r.opcode) << 15
                } else {
                    (MUBUF_ENC << 26)
                        | (v as u32 & 0x3ff_ffff & !(0x7f << 18) & !(1 << 15) & !(1 << 25))
                        | u32::from(r.opcode) << 18
                };
                let mut w1 = (v >> 32) as u32 & !(3 << 21);
                let mut w0 = w0;
                if i % 2 == 0 {
                    // Mostly plain operands so that most words decode.
                    w1 = (w1 & 0x00ff_ffff) | 0x0100_0000;
                    match shape(r).kind {
                        Kind::StoreLds => {
                            w0 = (w0 & !0x3000) | 1 << 16;
                            w1 &= 0xff1f_0000;
                        }
                        Kind::Bare => {
                            w0 &= !0x3_ffff;
                            w1 = 0;
                        }
                        _ => {}
                    }
                }
                let words = [w0, w1];
                let Ok((inst, used)) = fdecode(t, &words) else {
                    continue;
                };
                ok += 1;
                assert_eq!((inst.row, used), (r, 2));
                assert_eq!(fencode(&inst), words.to_vec(), "{}", r.name);
                let text = inst.to_string();
                let back = fparse(t, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back, inst, "{text}");
            }
            assert!(ok > 20, "{} on {t}: only {ok} decoded", r.name);
        }
    }
}

#[test]
fn bad_words_and_text_are_errors() {
    let t = Target::Gfx900;
    assert!(fdecode(t, &[0xe050_0000]).is_err());
    assert!(fdecode(t, &[0xe050_8000, 0x0101_0100]).is_err(), "bit 15");
    assert!(
        fdecode(t, &[0xe050_0000, 0xff01_0100]).is_err(),
        "literal soffset"
    );
    assert!(
        fdecode(t, &[0xe050_0000, 0x0101_01ff]).is_err(),
        "vaddr with off"
    );
    assert!(
        fdecode(t, &[0xe0f4_0000, 0x0101_0000]).is_err(),
        "store_lds w/o lds"
    );
    crate::formats::shared::testing::assert_error_columns(
        t,
        &[
            ("buffer_load_dword v1, off, s[5:8], s1", 28),
            ("buffer_load_dword v1, v2, s[4:7], s1", 23),
            ("buffer_load_dword v1, off, s[4:7], s1 offset:4096", 39),
            ("buffer_load_dword v1, off, s[4:7], 0x1234", 36),
            ("buffer_store_dword v1, off, s[4:7], s1 lds", 40),
            ("buffer_load_dword v1, off, s[4:7]", 34),
            ("buffer_load_dword v1, off, s[4:7],", 35),
            ("tbuffer_load_format_x v1, off, s[4:7], s1 format:[FOO]", 43),
        ],
    );
}

#[test]
fn every_prefix_of_a_text_parses_or_errors_without_panicking() {
    for text in [
        "buffer_load_dword v1, v[2:3], s[4:7], 0 idxen offen offset:4095 glc slc lds",
        "tbuffer_store_format_xyzw v[1:4], v2, ttmp[4:7], m0 format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_SINT] idxen tfe",
        "buffer_store_lds_dword s[4:7], s1 offset:4 lds glc slc",
        "buffer_wbinvl1 ,, v1 offset:",
    ] {
        for t in Target::ALL {
            for end in 0..=text.len() {
                let _ = fparse(t, &text[..end]);
                let _ = fparse(t, &text[end..]);
            }
        }
    }
}
