use super::*;
use crate::formats::parse as parse_any;
use crate::formats::shared::testing::roundtrip_or_illegal;
use crate::instructions::rows;

/// Scalar codes an SDWA source cannot hold (reserved, literal, LDS_DIRECT).
fn bad_scalar(code: u32) -> bool {
    matches!(code, 125 | 209..=234 | 249 | 250 | 254 | 255)
}

/// Every decoded word re-encodes to itself and its text parses back to it; every
/// rejected word breaks a rule of the module documentation, checked on the raw bits.
#[test]
fn words_roundtrip_or_break_a_rule() {
    let t = Target::Gfx908;
    let mut state = 0x5eed_u64;
    let mut next = || crate::formats::shared::testing::next(&mut state);
    let (mut ok, mut rejected) = (0, 0);
    for name in [
        "V_ADD_F32",
        "V_ADD_U16",
        "V_LDEXP_F16",
        "V_MOV_B32",
        "V_CVT_F32_F16",
        "V_CMP_EQ_F32",
        "V_CMP_CLASS_F16",
        "V_ADDC_CO_U32",
    ] {
        let row = by_name(t, name).unwrap();
        let sh = shape(row).unwrap();
        for _ in 0..20_000 {
            let r = next();
            // Random fields, with the often-checked ones biased to valid values.
            let mut w1 = r as u32;
            if r >> 32 & 3 != 0 {
                w1 &= !(1 << 22 | 1 << 30);
            }
            if r >> 34 & 3 != 0 && row.format == Format::Vop1 {
                w1 &= 0x00ff_ffff;
            }
            let w0 = first_dword(row, (r >> 40) as u8, (r >> 48) as u8, SRC0_CODE);
            let words = [w0, w1];
            let bit = |n: u32| (w1 >> n) & 1 != 0;
            match roundtrip_or_illegal(t, &words) {
                Ok(_) => ok += 1,
                Err((field, value)) => {
                    rejected += 1;
                    let v = value as u32;
                    let vop1 = row.format == Format::Vop1;
                    let vopc = row.format == Format::Vopc;
                    let why = match field {
                        "SRC0" => bit(23) && bad_scalar(v),
                        "VSRC1" => bit(31) && bad_scalar(v),
                        "DST_SEL" | "SRC0_SEL" | "SRC1_SEL" => v == 7,
                        "DST_UNUSED" => v == 3,
                        "SDWA bit 54" => bit(22),
                        "SDWA bit 62" => bit(30),
                        "SRC1_SEL/SRC1_SEXT/SRC1_NEG/SRC1_ABS/S1" => vop1 && w1 >> 24 != 0,
                        "SDST" => {
                            vopc && if bit(15) {
                                // Odd (misaligned, 103/105/107 high halves, 125,
                                // 127), VCC, M0.
                                v % 2 == 1 || matches!(v, 106 | 124)
                            } else {
                                v != 0
                            }
                        }
                        "OMOD" => !sh.dst_float && v != 0,
                        "SRC0_SEXT" => bit(19) && sh.src[0].is_float(),
                        "SRC1_SEXT" => bit(27) && sh.src[1].is_float(),
                        "SRC0_NEG" | "SRC0_ABS" => !sh.src[0].is_float(),
                        "SRC1_NEG" | "SRC1_ABS" => !sh.src[1].is_float(),
                        _ => false,
                    };
                    assert!(why, "{name} {words:08x?}: {field} = {value:#x}");
                }
            }
        }
    }
    assert!(
        ok > 8 * 500 && rejected > 8 * 500,
        "{ok} decoded, {rejected} rejected"
    );
}

/// Mutated SDWA/DPP lines (a byte deleted, replaced or duplicated) parse or give an
/// error with a column inside the line; never a panic.
#[test]
fn mutated_text_never_panics() {
    let t = Target::Gfx908;
    let lines = [
        "v_add_f32_sdwa v0, -|v1|, |s2| clamp mul:2 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:DWORD",
        "v_cmp_class_f16_sdwa s[2:3], neg(0.5), sext(v2) src0_sel:WORD_1 src1_sel:BYTE_0",
        "v_addc_co_u32_sdwa v0, vcc, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
        "v_ldexp_f16_dpp v0, -|v1|, sext(v2) quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xa bound_ctrl:0",
    ];
    let subst = [
        b' ', b',', b':', b'[', b']', b'(', b')', b'|', b'-', b'0', b'x', b'v',
    ];
    let mut n = 0;
    for line in lines {
        assert!(parse_any(t, line).is_ok(), "{line}");
        let b = line.as_bytes();
        for i in 0..b.len() {
            let mut variants = vec![[&b[..i], &b[i + 1..]].concat()];
            variants.push([&b[..=i], &b[i..]].concat());
            for &c in &subst {
                let mut v = b.to_vec();
                v[i] = c;
                variants.push(v);
            }
            for v in variants {
                let Ok(text) = String::from_utf8(v) else {
                    continue;
                };
                if let Err(e) = parse_any(t, &text) {
                    assert!(e.column >= 1 && e.column <= text.len() + 1, "{text}: {e}");
                }
                n += 1;
            }
        }
    }
    assert!(n > 1000);
}

#[test]
fn bad_text_names_the_column() {
    let t = Target::Gfx900;
    let good = "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD";
    assert!(parse_any(t, good).is_ok());
    crate::formats::shared::testing::assert_error_columns(
        t,
        &[
            ("v_add_f32_sdwa v0, v1, v2 dst_sel:WORD_2", 27),
            (
                "v_add_f32_sdwa v0, v1, v2 src0_sel:WORD_1 dst_sel:BYTE_0",
                43,
            ),
            ("v_add_f32_sdwa v0, v1, v2 div:2 clamp", 33),
            ("v_add_f32_sdwa v0, v1, 0x12345", 24),
            ("v_add_f32_sdwa v0, v1, src_lds_direct", 24),
            ("v_add_f32_sdwa v0, sext(v1), v2", 20),
            ("v_add_u32_sdwa v0, -v1, v2", 20),
            ("v_add_u32_sdwa v0, v1, v2 mul:2", 27),
            ("v_add_f32_sdwa v0, v1", 22),
            ("v_add_f32_sdwa v0, v1, v2, v3", 28),
            ("v_mov_b32_sdwa v0, v1 src1_sel:DWORD", 23),
            ("v_cmp_eq_f32_sdwa s[3:4], v1, v2", 19),
            ("v_cmp_eq_f32_sdwa s1, v1, v2", 19),
            ("v_cmp_eq_f32_sdwa vcc, v1, v2 clamp", 31),
            ("v_cndmask_b32_sdwa v0, v1, v2, s[0:1]", 32),
            ("v_add_co_u32_sdwa v0, s[0:1], v1, v2", 23),
            ("v_mac_f32_sdwa v0, v1, v2", 1),
            ("v_cvt_f64_f32_sdwa v[0:1], v1", 1),
        ],
    );
}

#[test]
fn sel_and_dst_unused_codes_and_spellings() {
    for code in 0..8u8 {
        match Sel::from_code(code) {
            Ok(s) => {
                assert_eq!(s.code(), code);
                assert_eq!(Sel::parse(s.text()), Ok(s));
            }
            Err(_) => assert_eq!(code, 7),
        }
    }
    assert_eq!(Sel::from_code(5).map(Sel::text), Ok("WORD_1"));
    assert_eq!(Sel::from_code(6).map(Sel::text), Ok("DWORD"));
    assert_eq!(Sel::from_code(3).map(Sel::text), Ok("BYTE_3"));
    for code in 0..4u8 {
        match DstUnused::from_code(code) {
            Ok(d) => {
                assert_eq!(d.code(), code);
                assert_eq!(DstUnused::parse(d.text()), Ok(d));
            }
            Err(_) => assert_eq!(code, 3),
        }
    }
    assert_eq!(
        DstUnused::from_code(2).map(DstUnused::text),
        Ok("UNUSED_PRESERVE")
    );
    for bad in ["word_1", "WORD_2", "BYTE_4", "DWORD ", ""] {
        assert!(Sel::parse(bad).is_err(), "{bad}");
    }
    assert!(DstUnused::parse("UNUSED_ZERO").is_err());
}

#[test]
fn modifier_and_constant_spellings() {
    assert_eq!(mods_text("v1", Mods::Float, true, false, false), "-v1");
    assert_eq!(mods_text("1.0", Mods::Float, true, false, true), "neg(1.0)");
    assert_eq!(mods_text("1.0", Mods::Float, true, true, true), "-|1.0|");
    assert_eq!(mods_text("s4", Mods::Float, false, true, false), "|s4|");
    assert_eq!(mods_text("s4", Mods::Sext, true, false, false), "sext(s4)");
    let one = ScalarSrc::from_code(242).unwrap();
    assert_eq!(scalar_text(one, Ty::I16), "0x3c00");
    assert_eq!(scalar_text(one, Ty::I32), "1.0");
    assert_eq!(parse_source("0x3c00", Ty::I16), Ok(SdwaSrc::Scalar(one)));
    assert_eq!(parse_source("v7", Ty::I16), Ok(SdwaSrc::Vgpr(7)));
    // LLVM assembles `v_add_f16_sdwa v0, v1, 0x3c00` with the inline 1.0 too.
    assert_eq!(parse_source("0x3c00", Ty::F16), Ok(SdwaSrc::Scalar(one)));
    assert!(parse_source("0x3c01", Ty::F16).is_err());
    assert!(parse_source("src_lds_direct", Ty::F32).is_err());
    assert!(parse_source("0x12345", Ty::F32).is_err());
}

/// The rows LLVM 14 (`llvm-mc --disassemble`, gfx900 and gfx908) decodes with SRC0 =
/// 249 / 250, by format and opcode: data from llvm-mc, not from this module.
#[test]
fn availability_matches_llvm_lists() {
    let vop1: Vec<u16> = [1u16, 5, 6, 7, 8, 10, 11, 12, 13, 14]
        .into_iter()
        .chain(17..=20)
        .chain(27..=36)
        .chain([39, 41, 42, 43, 44, 45, 46, 47, 51, 52, 55])
        .chain(57..=79)
        .collect();
    let vop2_sdwa: Vec<u16> = (0..=21).chain(25..=34).chain(38..=54).chain([61]).collect();
    let vop2_dpp: Vec<u16> = (0..=22).chain(25..=35).chain(38..=59).chain([61]).collect();
    let vopc_sdwa: Vec<u16> = [16u16, 17, 20, 21]
        .into_iter()
        .chain(32..=95)
        .chain(160..=223)
        .collect();
    for row in rows() {
        let s = shape(row).map_or((false, false), |s| (s.sdwa, s.dpp));
        let op = row.opcode;
        let (want_sdwa, want_dpp) = match row.format {
            Format::Vop1 => (vop1.contains(&op), vop1.contains(&op)),
            Format::Vop2 => (vop2_sdwa.contains(&op), vop2_dpp.contains(&op)),
            Format::Vopc => (vopc_sdwa.contains(&op), false),
            _ => (false, false),
        };
        assert_eq!(s, (want_sdwa, want_dpp), "{}", row.name);
    }
}
