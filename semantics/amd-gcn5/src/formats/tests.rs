//! Roundtrip and bad-input tests of the scalar formats.

use super::*;
use crate::instructions::rows;
use salu::RawFields;
use shared::testing::next;

fn salu_rows(t: Target) -> impl Iterator<Item = &'static Row> {
    rows().filter(move |r| salu::is_salu(r) && r.targets.contains(t))
}

/// Random words of `row`'s format and opcode (every field random) plus a random literal.
fn random_words(row: &Row, state: &mut u64) -> [u32; 2] {
    let r = next(state);
    let zero = next(state); // each field is zero one time in four
    let keep = |bit: u32, v: u64| if (zero >> (2 * bit)) & 3 == 0 { 0 } else { v };
    let f = RawFields {
        sdst: keep(0, r & 0x7f) as u8,
        ssrc0: keep(1, (r >> 8) & 0xff) as u8,
        ssrc1: keep(2, (r >> 16) & 0xff) as u8,
        simm16: keep(3, (r >> 24) & 0xffff) as u16,
    };
    [salu::join(row.format, row.opcode, f), (r >> 32) as u32]
}

#[test]
fn roundtrip_every_row_with_random_fields() {
    for t in Target::ALL {
        for row in salu_rows(t) {
            let mut state = u64::from(row.opcode) << 8 | row.format as u64;
            let mut ok = 0;
            for _ in 0..4000 {
                let words = random_words(row, &mut state);
                let Ok((inst, used)) = decode(t, &words) else {
                    continue;
                };
                ok += 1;
                assert_eq!(inst.row, row);
                // decode(encode(x)) == x and encode gives back the words it came from.
                assert_eq!(encode(&inst), words[..used].to_vec(), "{}", row.name);
                assert_eq!(decode(t, &encode(&inst)), Ok((inst, used)));
                // print(parse(text)) == text.
                let text = inst.to_string();
                let back = parse(t, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(back.to_string(), text);
            }
            assert!(ok > 0, "{} on {t}: no random word decoded", row.name);
        }
    }
}

#[test]
fn parse_gives_the_same_instruction_for_register_operands() {
    // With register operands only, parse(print(x)) is x itself (literals and SIMM16 bits
    // LLVM does not print are the exceptions).
    for t in Target::ALL {
        for row in salu_rows(t) {
            let mut state = 7 + u64::from(row.opcode);
            for _ in 0..500 {
                let mut words = random_words(row, &mut state);
                words[0] &= !0x8080; // SSRC codes < 128: registers
                let Ok((inst, _)) = decode(t, &words) else {
                    continue;
                };
                if inst.literal.is_some() || row.format == Format::Sopp {
                    continue;
                }
                if matches!(
                    row.name,
                    "S_GETREG_B32" | "S_SETREG_B32" | "S_SET_GPR_IDX_ON"
                ) {
                    continue;
                }
                assert_eq!(parse(t, &inst.to_string()), Ok(inst));
            }
        }
    }
}

#[test]
fn examples_match_llvm_text() {
    // Expected strings are llvm-mc 14 output (-mcpu=gfx900 --disassemble) for these words.
    let cases: &[(&[u32], &str)] = &[
        (&[0xbe84_0105], "<error>"),
        (&[0xbe80_00f0], "s_mov_b32 s0, 0.5"),
        (&[0xbe80_01f2], "s_mov_b64 s[0:1], 1.0"),
        (&[0xbe80_01ff, 0x3f80_0000], "s_mov_b64 s[0:1], 0x3f800000"),
        (&[0xbe84_0bf8], "s_bcnt0_i32_b64 s4, 0.15915494309189532"),
        (&[0xbf8c_c07f], "s_waitcnt lgkmcnt(0)"),
        (&[0xb884_1801], "s_getreg_b32 s4, hwreg(HW_REG_MODE, 0, 4)"),
        (
            &[0xba00_1801, 0xffff_ffff],
            "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), -1",
        ),
        (&[0xbf82_ffff], "s_branch 65535"),
        (&[0xbf81_0000], "s_endpgm"),
        (&[0xbf90_0003], "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)"),
        (&[0xbf11_0806], "s_set_gpr_idx_on s6, gpr_idx(DST)"),
        (&[0x8e84_0806], "s_lshl_b64 s[4:5], s[6:7], s8"),
    ];
    for (words, text) in cases {
        let got = decode(Target::Gfx900, words).map(|(i, _)| i.to_string());
        match got {
            Ok(g) => assert_eq!(&g, text, "{words:x?}"),
            Err(_) => assert_eq!(*text, "<error>", "{words:x?}"),
        }
    }
}

#[test]
fn bad_words_are_errors_naming_the_problem() {
    let t = Target::Gfx900;
    let kind = |w: &[u32]| decode(t, w).map(|_| ()).unwrap_err().kind;
    assert_eq!(
        kind(&[]),
        DecodeErrorKind::Truncated {
            needed: 1,
            available: 0
        }
    );
    // s_mov_b32 s0, literal without the literal.
    assert_eq!(
        kind(&[0xbe80_00ff]),
        DecodeErrorKind::Truncated {
            needed: 2,
            available: 1
        }
    );
    // SOP1 opcode 47 does not exist.
    assert!(matches!(
        kind(&[0xbe80_2f00]),
        DecodeErrorKind::UnknownOpcode { opcode: 47, .. }
    ));
    // SSRC0 = 209 (reserved), 125 (reserved), 254 (LDS_DIRECT, not a scalar source).
    for code in [209u32, 125, 254, 249] {
        assert!(matches!(
            kind(&[0xbe80_0000 | code]),
            DecodeErrorKind::IllegalField { field: "SSRC0", .. }
        ));
    }
    // s_mov_b64 from s5 (odd pair), s_getpc_b64 with a source, s_barrier with SIMM16.
    assert!(matches!(
        kind(&[0xbe80_0105]),
        DecodeErrorKind::IllegalField { field: "SSRC0", .. }
    ));
    assert!(matches!(
        kind(&[0xbe80_1c01]),
        DecodeErrorKind::IllegalField { field: "SSRC0", .. }
    ));
    assert!(matches!(
        kind(&[0xbf8a_0001]),
        DecodeErrorKind::IllegalField {
            field: "SIMM16",
            ..
        }
    ));
    // ENCODING 111111: no format (Vega "Microcode Formats").
    assert!(matches!(
        kind(&[0xfc00_0000]),
        DecodeErrorKind::IllegalField {
            field: "ENCODING",
            ..
        }
    ));
}

#[test]
fn decode_never_panics_on_any_first_dword_pattern() {
    let mut state = 1u64;
    for _ in 0..200_000 {
        let r = next(&mut state);
        let words = [(r as u32) | 0x8000_0000, (r >> 32) as u32];
        for t in Target::ALL {
            let _ = decode(t, &words);
            let _ = decode(t, &words[..1]);
        }
    }
}

#[test]
fn bad_text_names_the_column() {
    let t = Target::Gfx900;
    let col = |s: &str| parse(t, s).unwrap_err().column;
    assert_eq!(col("s_frobnicate s0"), 1);
    assert_eq!(col("  s_mov_b32 s0, s999"), 17);
    assert_eq!(col("s_mov_b64 s[1:2], 0"), 11);
    assert_eq!(col("s_mov_b32 s0"), 13);
    assert_eq!(col("s_mov_b32 s0, s1, s2"), 19);
    assert_eq!(col("s_add_u32 s0, 0x1234, 0x5678"), 23);
    assert_eq!(col("s_waitcnt vmcnt(99)"), 11);
    assert_eq!(col("s_getreg_b32 s0, hwreg(HW_REG_MODE, 40, 1)"), 18);
    assert_eq!(col("s_mov_b32 s0, 1.5"), 15);
    assert_eq!(col(""), 1);
    assert_eq!(col("   "), 1);
    assert_eq!(col("v_frobnicate v0, v1"), 1);
    let e = parse(t, "s_mov_b32 s0, s999").unwrap_err();
    assert!(e.to_string().starts_with("column 15: `s999`"), "{e}");
}

#[test]
fn parse_never_panics_on_prefixes_and_mutations() {
    let t = Target::Gfx908;
    let mut state = 99u64;
    let junk = [
        '(', ')', '[', ']', ',', ':', ' ', '-', 'x', '0', '9', 'é', '∞', '\t',
    ];
    for row in salu_rows(t) {
        for _ in 0..20 {
            let mut words = random_words(row, &mut state);
            words[0] &= !0x0101; // even registers, so most decode
            let Ok((inst, _)) = decode(t, &words) else {
                continue;
            };
            let text = inst.to_string();
            for (i, _) in text.char_indices() {
                let _ = parse(t, &text[..i]);
                for j in &junk {
                    let mut m = text.clone();
                    m.insert(i, *j);
                    let _ = parse(t, &m);
                    let mut m: Vec<char> = text.chars().collect();
                    if let Some(c) = m.get_mut(text[..i].chars().count()) {
                        *c = *j;
                    }
                    let m: String = m.into_iter().collect();
                    if let Err(e) = parse(t, &m) {
                        assert!(e.column >= 1 && e.column <= m.len() + 1, "{m}: {e}");
                    }
                }
            }
        }
    }
}

/// A modifier given twice, or two filling one field (`mul:` and `div:`), is a located error
/// naming it in every format, as llvm-mc rejects them (issue 25, defect 10); no last-one-wins.
#[test]
fn repeated_or_conflicting_modifiers_are_located_errors() {
    let cases: &[(Target, &str, usize, &str)] = &[
        (
            Target::Gfx900,
            "v_add_f32_e64 v0, v1, v2 mul:2 div:2",
            32,
            "`div:2` conflicts with `mul:2`",
        ),
        (
            Target::Gfx900,
            "v_add_f32_e64 v0, v1, v2 div:2 mul:4",
            32,
            "`mul:4` conflicts with `div:2`",
        ),
        (
            Target::Gfx900,
            "v_add_f32_e64 v0, v1, v2 mul:2 mul:2",
            32,
            "`mul` given twice",
        ),
        (
            Target::Gfx900,
            "v_add_f32_e64 v0, v1, v2 clamp clamp",
            32,
            "`clamp` given twice",
        ),
        (
            Target::Gfx900,
            "v_add_f32_e64 v0, v1, v2 mul:2 clamp div:2",
            38,
            "conflicts with `mul:2`",
        ),
        (
            Target::Gfx900,
            "v_cvt_f32_f16_e64 v0, v1 mul:2 mul:2",
            32,
            "`mul` given twice",
        ),
        (
            Target::Gfx900,
            "v_cmp_eq_f32_e64 s[0:1], v1, v2 clamp clamp",
            39,
            "`clamp` given twice",
        ),
        (
            Target::Gfx900,
            "v_add_co_u32_e64 v0, s[0:1], v1, v2 clamp clamp",
            43,
            "`clamp` given twice",
        ),
        (
            Target::Gfx900,
            "v_interp_p1ll_f16 v0, v1, attr0.x clamp clamp",
            41,
            "`clamp` given twice",
        ),
        (
            Target::Gfx900,
            "v_interp_p1ll_f16 v0, v1, attr0.x mul:2 div:2",
            41,
            "`div:2` conflicts",
        ),
        (
            Target::Gfx900,
            "v_interp_p2_f16 v0, v1, attr0.x, v2 high high",
            42,
            "`high` given twice",
        ),
        (
            Target::Gfx900,
            "v_add_f32_sdwa v0, v1, v2 clamp clamp",
            33,
            "clamp",
        ),
        (
            Target::Gfx900,
            "v_add_f32_sdwa v0, v1, v2 mul:2 div:2",
            33,
            "div:2",
        ),
        (
            Target::Gfx900,
            "v_add_f32_dpp v0, v1, v2 row_mirror bound_ctrl:0 bound_ctrl:0",
            50,
            "bound_ctrl:0",
        ),
        (
            Target::Gfx900,
            "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel:[0,1]",
            38,
            "given twice",
        ),
        (
            Target::Gfx900,
            "v_pk_add_f16 v0, v1, v2 clamp clamp",
            31,
            "given twice",
        ),
        (
            Target::Gfx908,
            "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 cbsz:1",
            55,
            "given twice",
        ),
        (
            Target::Gfx900,
            "global_load_dword v0, v[1:2], off glc glc",
            39,
            "`glc` given twice",
        ),
        (
            Target::Gfx900,
            "buffer_load_dword v0, off, s[0:3], 0 glc glc",
            42,
            "`glc` given twice",
        ),
        (
            Target::Gfx900,
            "ds_read_b32 v0, v1 offset:4 offset:8",
            29,
            "`offset` given twice",
        ),
        (
            Target::Gfx900,
            "s_load_dword s0, s[2:3], 0x0 glc glc",
            34,
            "glc",
        ),
        (
            Target::Gfx900,
            "exp mrt0 v0, v1, v2, v3 done done",
            30,
            "done",
        ),
    ];
    for &(t, text, col, fragment) in cases {
        let e = parse(t, text).expect_err(text);
        assert_eq!(e.column, col, "{text}: {e}");
        assert!(e.reason.contains(fragment), "{text}: {e}");
    }
}

/// A token after an e32 operand is named at its column, not blamed on the operand before it
/// (issue 25, defect 9: `v2 foo` said "the e32 form's second source must be a VGPR").
#[test]
fn a_stray_token_after_an_e32_operand_is_named() {
    let t = Target::Gfx900;
    for (text, col, fragment) in [
        ("v_add_f32 v0, v1, v2 foo", 22, "unexpected `foo`"),
        ("v_add_f32_e32 v0, v1, v2 clamp", 26, "unexpected `clamp`"),
        ("v_add_f32 v0, v1 foo, v2", 18, "unexpected `foo`"),
        ("v_mov_b32 v0, v1 bar baz", 18, "unexpected `bar`"),
    ] {
        let e = parse(t, text).expect_err(text);
        assert_eq!(
            (e.column, e.reason.contains(fragment)),
            (col, true),
            "{text}: {e}"
        );
    }
    // The e64 form still takes its modifiers when no suffix is written.
    assert!(parse(t, "v_add_f32 v0, v1, v2 clamp").is_ok());
}
