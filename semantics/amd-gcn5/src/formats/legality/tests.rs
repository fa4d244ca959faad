use super::*;
use crate::formats::parse;

/// (target, illegal text, rule, 1-based column of the offending operand, legal neighbour).
#[rustfmt::skip]
const CHECKED: &[(Target, &str, &str, usize, &str)] = &[
    // Two SGPRs (VOP3, VOP3 with three sources, VOP3B, 64-bit, SDWA, VOP3P, lane ops).
    (Target::Gfx900, "v_add_f32_e64 v0, s1, s2", id::CONSTANT_BUS_SGPR, 23, "v_add_f32_e64 v0, s1, s1"),
    (Target::Gfx900, "v_fma_f32 v0, s1, v2, s3", id::CONSTANT_BUS_SGPR, 23, "v_fma_f32 v0, s1, v2, s1"),
    (Target::Gfx900, "v_add_co_u32_e64 v0, s[0:1], s2, s3", id::CONSTANT_BUS_SGPR, 34, "v_add_co_u32_e64 v0, s[0:1], s2, v1"),
    (Target::Gfx900, "v_add_f64 v[0:1], s[2:3], s[4:5]", id::CONSTANT_BUS_SGPR, 27, "v_add_f64 v[0:1], s[2:3], s[2:3]"),
    (Target::Gfx900, "v_lshlrev_b64 v[0:1], s2, s[2:3]", id::CONSTANT_BUS_SGPR, 27, "v_lshlrev_b64 v[0:1], 2, s[2:3]"),
    (Target::Gfx900, "v_add_f32_sdwa v0, s1, s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", id::CONSTANT_BUS_SGPR, 24, "v_add_f32_sdwa v0, s1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"),
    (Target::Gfx908, "v_pk_add_f16 v0, s1, s2", id::CONSTANT_BUS_SGPR, 22, "v_pk_add_f16 v0, s1, v2"),
    (Target::Gfx900, "v_writelane_b32 v1, s2, s3", id::CONSTANT_BUS_SGPR, 25, "v_writelane_b32 v1, s2, 4"),
    (Target::Gfx900, "v_add_f32_e64 v0, vcc_lo, s1", id::CONSTANT_BUS_SGPR, 27, "v_add_f32_e64 v0, vcc_lo, v1"),
    (Target::Gfx900, "v_add_f32_e64 v0, ttmp0, s1", id::CONSTANT_BUS_SGPR, 26, "v_add_f32_e64 v0, ttmp0, ttmp0"),
    // The carry/CNDMASK rows: VCC implicit in e32 and SDWA, the SGPR pair in e64.
    (Target::Gfx900, "v_cndmask_b32 v0, s1, v1, vcc", id::CONSTANT_BUS_SGPR, 27, "v_cndmask_b32 v0, 1, v1, vcc"),
    (Target::Gfx900, "v_addc_co_u32 v0, vcc, s1, v1, vcc", id::CONSTANT_BUS_SGPR, 32, "v_addc_co_u32 v0, vcc, v2, v1, vcc"),
    (Target::Gfx900, "v_cndmask_b32_e64 v0, s1, v1, s[2:3]", id::CONSTANT_BUS_SGPR, 31, "v_cndmask_b32_e64 v0, 0, v1, s[2:3]"),
    (Target::Gfx900, "v_cndmask_b32_sdwa v0, s1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", id::CONSTANT_BUS_SGPR, 32, "v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"),
    // A literal with an SGPR, M0 or the implicit VCC.
    (Target::Gfx900, "v_madak_f32 v0, s1, v2, 0x1234", id::CONSTANT_BUS_LITERAL, 25, "v_madak_f32 v0, v1, v2, 0x1234"),
    (Target::Gfx900, "v_madmk_f32 v0, m0, 0x1234, v2", id::CONSTANT_BUS_LITERAL, 21, "v_madmk_f32 v0, 1.0, 0x1234, v2"),
    (Target::Gfx900, "v_cndmask_b32 v0, 0x1234, v1, vcc", id::CONSTANT_BUS_LITERAL, 31, "v_cndmask_b32 v0, -1, v1, vcc"),
    // M0 and EXEC (inferred), V_DIV_FMAS's VCC (inferred).
    (Target::Gfx900, "v_add_f32_e64 v0, m0, s1", id::CONSTANT_BUS_M0_EXEC, 23, "v_add_f32_e64 v0, m0, v1"),
    (Target::Gfx900, "v_add_f32_e64 v0, s1, exec_hi", id::CONSTANT_BUS_M0_EXEC, 23, "v_add_f32_e64 v0, exec_hi, exec_hi"),
    (Target::Gfx900, "v_writelane_b32 v1, s2, m0", id::CONSTANT_BUS_M0_EXEC, 25, "v_writelane_b32 v1, m0, m0"),
    (Target::Gfx900, "v_div_fmas_f32 v0, s1, v1, v2", id::CONSTANT_BUS_DIV_FMAS, 20, "v_div_fmas_f32 v0, v3, v1, v2"),
];

#[test]
fn constant_bus_violations_are_located_rule_errors_and_parse_leniently() {
    let mut wrong = Vec::new();
    for &(t, bad, rule, col, good) in CHECKED {
        let e = parse_checked(t, bad).expect_err(bad);
        assert!(e.reason.contains("--lenient"), "{bad}: {e}");
        if !e.reason.contains(rule) || e.column != col {
            wrong.push(format!("{bad}: want {rule} at {col}, got {e}"));
        }
        assert!(RULES.iter().any(|r| r.id == rule), "{rule} not in RULES");
        // What --lenient encodes: the text parses and round-trips.
        let inst = parse(t, bad).unwrap_or_else(|e| panic!("{bad}: {e}"));
        let (back, _) = crate::formats::decode(t, &crate::formats::encode(&inst)).expect(bad);
        assert_eq!(back, inst, "{bad}");
        if let Err(e) = parse_checked(t, good) {
            wrong.push(format!("{good}: {e}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Sources with no stated limit: inline constants, SCC/VCCZ/EXECZ and the apertures
/// (LLVM counts the last ones: 0046, L2), LDS_DIRECT, the scalar destination of VOP3B.
#[test]
fn sources_the_manual_does_not_limit_are_accepted() {
    for text in [
        "v_max3_f32 v0, s1, 0.5, -4.0",
        "v_add_f32_e64 v0, src_scc, s1",
        "v_add_f32_e64 v0, src_shared_base, s1",
        "v_add_f32_e64 v0, src_vccz, s1",
        "v_mad_u64_u32 v[0:1], s[2:3], s1, v2, v[4:5]",
        "v_readlane_b32 s1, v2, s3",
        "v_cmp_eq_u32_e64 s[0:1], s2, v1",
        "v_add_f32 v0, 0x12345, v1",
        "v_add_f32 v0, src_lds_direct, v1",
        "s_add_u32 s0, s1, 0x12345",
    ] {
        assert!(
            parse_checked(Target::Gfx900, text).is_ok(),
            "{text}: {:?}",
            parse_checked(Target::Gfx900, text)
        );
    }
}

/// Rules the encoding cannot break are refused while parsing, in every mode, and their
/// messages name the rule.
#[test]
fn parse_time_rules_name_their_rule() {
    #[rustfmt::skip]
    let cases: &[(Target, &str, &str)] = &[
        (Target::Gfx900, "v_add_f32_e64 v0, 0x12345, v1", id::LITERAL_32BIT_ONLY),
        (Target::Gfx900, "v_pk_fma_f16 v0, s1, v2, 0x1234", id::LITERAL_32BIT_ONLY),
        (Target::Gfx900, "v_add_f32_sdwa v0, 0x1234, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", id::LITERAL_32BIT_ONLY),
        (Target::Gfx900, "v_add_f64 v[0:1], s[1:2], v[2:3]", id::SGPR_ALIGN),
        (Target::Gfx900, "s_mov_b64 s[1:2], s[4:5]", id::SGPR_ALIGN),
        (Target::Gfx900, "s_load_dwordx4 s[2:5], s[0:1], 0x0", id::SGPR_ALIGN),
        (Target::Gfx900, "v_add_f32_e64 v0, v1, src_lds_direct", id::LDS_DIRECT_SRC0),
        (Target::Gfx900, "v_add_f32_dpp v0, s1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf", id::DPP_SRC_VGPR),
        (Target::Gfx900, "v_cvt_i32_f64_dpp v0, v[2:3] quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf", id::SDWA_DPP_ROWS),
        (Target::Gfx900, "v_mac_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", id::SDWA_DPP_ROWS),
        (Target::Gfx900, "v_add_f32_e64 v0, v1, v2 mul:2 div:2", id::MODIFIER_ONCE),
        (Target::Gfx900, "v_add_f32_e64 v0, v1, v2 clamp clamp", id::MODIFIER_ONCE),
        (Target::Gfx900, "v_accvgpr_read_b32 v0, a1", id::ACCVGPR),
        (Target::Gfx900, "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]", id::ACCVGPR),
        (Target::Gfx908, "v_accvgpr_read_b32 v0, a256", id::ACCVGPR),
    ];
    for &(t, text, rule) in cases {
        let e = parse(t, text).expect_err(text);
        assert!(e.reason.contains(rule), "{text}: {e}");
        assert!(RULES.iter().any(|r| r.id == rule), "{rule} not in RULES");
    }
}

#[test]
fn messages_quote_both_operands() {
    let e = parse_checked(Target::Gfx900, "v_fma_f32 v0, s1, v2, -|s3|").unwrap_err();
    assert!(
        e.reason
            .starts_with("an SGPR `-|s3|` besides an SGPR `s1`: "),
        "{e}"
    );
    let e = parse_checked(Target::Gfx900, "v_cndmask_b32 v0, s1, v1, vcc").unwrap_err();
    assert!(
        e.reason.starts_with("VCC `vcc` besides an SGPR `s1`: "),
        "{e}"
    );
    let e = parse_checked(Target::Gfx900, "v_div_fmas_f32 v0, s1, v1, v2").unwrap_err();
    assert!(
        e.reason
            .starts_with("an SGPR `s1` besides VCC (which V_DIV_FMAS reads): "),
        "{e}"
    );
}

#[test]
fn rules_are_unique_and_cited() {
    for (i, r) in RULES.iter().enumerate() {
        assert!(r.id.starts_with("gcn5.asm."), "{}", r.id);
        assert!(!r.cites.is_empty(), "{}", r.id);
        assert!(RULES[..i].iter().all(|q| q.id != r.id), "{} twice", r.id);
    }
}

#[test]
fn operand_offsets_skip_bracketed_commas() {
    let t = "  v_pk_add_f16 v0, s[1:2], v2 op_sel:[0,1]";
    let o = operand_offsets(t);
    assert_eq!(o.len(), 3, "{o:?}");
    assert_eq!(&t[o[1]..o[1] + 6], "s[1:2]");
    assert!(operand_offsets("s_endpgm").is_empty());
}
