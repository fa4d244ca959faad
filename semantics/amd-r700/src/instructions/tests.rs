//! The row table against counts and opcodes typed from the manual (not computed from the
//! table), and its lint: no opcode twice in a format, no mnemonic twice in a text class.

use super::*;
use std::collections::HashSet;

/// Documented opcodes per format, counted by hand in R700 ch.10's enumerations (plus
/// Appendix A's PASS, TEX_INST 13): CF_INST 0-24 and 26; CF_ALU 8-11 and 13-15;
/// CF_ALLOC_EXPORT 32-40 and 58; OP2 0-83 less the four unlisted 84-95 gap (0-83 = 84) plus
/// 96-126 (31) = 115; OP3 8-26 and 28-30 = 22; VTX 0-1; TEX 0-31 less 2 (MEM) = 31;
/// MEM_OP 0-2; MEM_OP 4 and 5.
const COUNTS: &[(Format, usize)] = &[
    (Format::Cf, 26),
    (Format::CfAlu, 7),
    (Format::CfAllocExport, 10),
    (Format::AluOp2, 115),
    (Format::AluOp3, 22),
    (Format::Vtx, 2),
    (Format::Tex, 31),
    (Format::MemRd, 3),
    (Format::MemDsw, 1),
    (Format::MemDsr, 1),
];

#[test]
fn counts_match_the_manuals_tables() {
    for &(f, n) in COUNTS {
        let got = rows().iter().filter(|r| r.format == f).count();
        assert_eq!(got, n, "{f:?}");
    }
    assert_eq!(rows().len(), 218);
}

/// Opcodes typed from the manual's enumerations, including the ones whose other chapters
/// disagree (design note 0044): JUMP 10 (ch.10; §3.1 says 16), ALU NOP 26 (ch.10; ch.9
/// says 0), MEM_STREAM3 35 (ch.9 prints "0x32"), MUL_LIT OP3 12 (ch.9's format line says
/// OP2), FLT_TO_UINT 121 (ch.10 sequence), GET_NUMBER_OF_SAMPLES 5, GET_LERP_FACTORS 9.
#[test]
fn opcodes_typed_from_the_manual() {
    let t = Target::Rv770;
    let cases: &[(Format, &str, u32)] = &[
        (Format::Cf, "NOP", 0),
        (Format::Cf, "JUMP", 10),
        (Format::Cf, "POP_PUSH", 16),
        (Format::Cf, "KILL", 24),
        (Format::Cf, "WAIT_ACK", 26),
        (Format::CfAlu, "ALU", 8),
        (Format::CfAlu, "ALU_ELSE_AFTER", 15),
        (Format::CfAllocExport, "MEM_STREAM3", 35),
        (Format::CfAllocExport, "EXPORT_DONE", 40),
        (Format::CfAllocExport, "MEM_EXPORT", 58),
        (Format::AluOp2, "ADD", 0),
        (Format::AluOp2, "NOP", 26),
        (Format::AluOp2, "KILLE_INT", 70),
        (Format::AluOp2, "MAX4", 83),
        (Format::AluOp2, "MOVA_GPR_INT", 96),
        (Format::AluOp2, "FLT_TO_UINT", 121),
        (Format::AluOp2, "PRED_SETGE_64", 126),
        (Format::AluOp3, "MULADD_64", 8),
        (Format::AluOp3, "MUL_LIT", 12),
        (Format::AluOp3, "CNDE", 24),
        (Format::AluOp3, "CNDGE_INT", 30),
        (Format::Vtx, "SEMANTIC", 1),
        (Format::Tex, "GET_NUMBER_OF_SAMPLES", 5),
        (Format::Tex, "GET_LERP_FACTORS", 9),
        (Format::Tex, "PASS", 13),
        (Format::Tex, "SAMPLE_C_G_LZ", 31),
        (Format::MemRd, "RD_SCATTER", 2),
        (Format::MemDsw, "LOCAL_DS_WRITE", 4),
        (Format::MemDsr, "LOCAL_DS_READ", 5),
    ];
    for &(f, m, op) in cases {
        let id = by_name(t, &[f], m).unwrap_or_else(|| panic!("{m} missing"));
        assert_eq!(u32::from(row(id).opcode), op, "{m}");
        assert_eq!(find(t, f, op), Some(id), "{m}");
    }
    // Not documented for R700: ch.9's phantom PRED_SETLT_INT/PRED_SETLE_INT (70/71 are
    // KILLE_INT/KILLGT_INT in ch.10), Mesa's CF END_PROGRAM (25), MEM_OP 6/7.
    assert_eq!(by_name(t, &[Format::AluOp2], "PRED_SETLT_INT"), None);
    assert_eq!(find(t, Format::Cf, 25), None);
    assert_eq!(find(t, Format::MemRd, 6), None);
    assert_eq!(find(t, Format::AluOp2, 84), None);
    assert_eq!(find(t, Format::AluOp3, 27), None);
}

#[test]
fn no_opcode_twice_in_a_format_and_no_mnemonic_twice_in_a_text_class() {
    let mut seen = HashSet::new();
    for r in rows() {
        assert!(
            seen.insert((r.format, r.opcode)),
            "{} {}",
            r.format.name(),
            r.opcode
        );
    }
    // Text classes: an ALU slot line, a CF line, a fetch line (design note 0044).
    let class = |f: Format| match f {
        Format::Cf | Format::CfAlu | Format::CfAllocExport => 0,
        Format::AluOp2 | Format::AluOp3 => 1,
        _ => 2,
    };
    let mut names = HashSet::new();
    for r in rows() {
        assert!(
            names.insert((class(r.format), r.mnemonic)),
            "{}",
            r.mnemonic
        );
        assert!(!r.cites.is_empty() && r.targets == ALL);
        let alu = matches!(r.format, Format::AluOp2 | Format::AluOp3);
        assert_eq!(alu, r.units != Units::None, "{}", r.mnemonic);
        assert!(r.srcs <= if r.format == Format::AluOp3 { 3 } else { 2 });
    }
}

/// Units typed from Tables 4.5 and 4.6: the four reductions, the trans-only integer
/// multiplies, the vector-only MOVA family and the double pairs and quads.
#[test]
fn units_typed_from_tables_4_5_and_4_6() {
    let t = Target::Rv770;
    let u = |m: &str| row(by_name(t, &[Format::AluOp2, Format::AluOp3], m).unwrap()).units;
    for m in ["DOT4", "DOT4_IEEE", "CUBE", "MAX4"] {
        assert_eq!(u(m), Units::Reduction, "{m}");
    }
    for m in [
        "MULLO_INT",
        "MULHI_UINT",
        "RECIP_IEEE",
        "SIN",
        "COS",
        "MUL_LIT",
        "FLT_TO_INT",
    ] {
        assert_eq!(u(m), Units::Trans, "{m}");
    }
    for m in ["MOVA", "MOVA_FLOOR", "MOVA_INT"] {
        assert_eq!(u(m), Units::Vector, "{m}");
    }
    for m in ["ADD_64", "FLT64_TO_FLT32", "LDEXP_64", "PRED_SETE_64"] {
        assert_eq!(u(m), Units::Pair, "{m}");
    }
    for m in ["MUL_64", "FREXP_64", "MULADD_64", "MULADD_64_D2"] {
        assert_eq!(u(m), Units::Quad, "{m}");
    }
    // Table 4.5 lists ADD_INT among the vector-only operations (design note 0044, C-15).
    assert_eq!(u("ADD_INT"), Units::Vector);
    assert_eq!(u("ADD"), Units::Any);
}
