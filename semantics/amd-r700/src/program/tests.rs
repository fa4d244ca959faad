//! Whole programs typed from the manual's layout rules (§"2.4", §"3.3", §"4.3"), malformed
//! programs as located errors, and generated no-panic checks apart at the end.

use super::*;
use crate::formats::tests::Rng;
use gpuref_core::decode::DecodeErrorKind;

const T: Target = Target::Rv770;

/// CF 0: ALU ADDR(2) COUNT(2): three 64-bit slots at dword 4. CF 1: NOP END_OF_PROGRAM.
/// The clause: `MOV R0.x, literal.x`, `MOV R0.y, R1.x` with LAST, then the literal slot.
/// Then CF 2 would be past the end; a TEX clause is appended in [`WITH_TEX`].
const PROGRAM: [u32; 10] = [
    0x0000_0002,
    0x2008_0000, // ALU ADDR(2) COUNT(2)
    0x0000_0000,
    0x0020_0000, // NOP END_OF_PROGRAM
    0x0000_00FD,
    0x0000_0C90, // x: MOV R0.x, literal.x
    0x8000_0001,
    0x2000_0C90, // y: MOV R0.y, R1.x LAST
    0x3F80_0000,
    0x0000_0000, // LITERAL
];

const TEXT: &str = "ALU ADDR(2) COUNT(2)
NOP END_OF_PROGRAM
x: MOV R0.x, literal.x
y: MOV R0.y, R1.x LAST
LITERAL 0x3f800000 0x00000000";

#[test]
fn a_program_typed_by_hand_decodes_prints_and_assembles() {
    let (p, n) = decode(T, &PROGRAM).unwrap();
    assert_eq!(n, PROGRAM.len());
    assert_eq!(p.to_string(), TEXT);
    assert_eq!(parse(T, TEXT).unwrap().words(), PROGRAM);
    let offsets: Vec<usize> = p.with_offsets().iter().map(|(o, _)| *o).collect();
    assert_eq!(offsets, [0, 2, 4, 6, 8]);
}

/// A TEX clause must start 16-byte aligned (ADDR even); dwords between clauses are
/// printed as DATA and re-encoded exactly.
#[test]
fn padding_before_an_aligned_fetch_clause_is_data() {
    let mut w = vec![
        0x0000_0003,
        0x2000_0000, // ALU ADDR(3) COUNT(0): one slot at dword 6
        0x0000_0004,
        0x0080_0000, // TEX ADDR(4): one instruction at dword 8
        0x0000_0000,
        0x0020_0000, // NOP END_OF_PROGRAM
        0x8000_0000,
        0x0000_0D00, // x: NOP ____ LAST
        0x0000_0310,
        0,
        0,
        0, // SAMPLE RESOURCE_ID(3)
    ];
    let (p, n) = decode(T, &w).unwrap();
    assert_eq!(n, 12);
    assert_eq!(
        p.to_string(),
        "ALU ADDR(3)\nTEX ADDR(4)\nNOP END_OF_PROGRAM\nx: NOP ____ LAST\nSAMPLE RESOURCE_ID(3)"
    );
    // The TEX clause two slots later, at dword 12 (ADDR 6): dwords 8-11 are padding.
    w.splice(8..8, [0, 0, 0x1234_5678, 0x9ABC_DEF0]);
    w[2] = 6;
    let (p, n) = decode(T, &w).unwrap();
    assert_eq!(n, 16);
    assert!(
        p.to_string()
            .contains("\nDATA 0x00000000 0x00000000 0x12345678 0x9abcdef0\nSAMPLE"),
        "{p}"
    );
    assert_eq!(parse(T, &p.to_string()).unwrap().words(), w);
    // ADDR(5) is 8-byte aligned only: an error at the TEX instruction (dword 2).
    w[2] = 5;
    let e = decode(T, &w).unwrap_err();
    assert_eq!(e.offset_words, 2);
    assert!(e.to_string().contains("16-byte aligned"), "{e}");
}

/// Malformed programs: the dword (byte offset / 4) and the rule.
#[test]
fn malformed_programs_name_the_offset_and_the_rule() {
    let mut no_literal = PROGRAM;
    no_literal[1] = 0x2004_0000; // COUNT(1): the literal slot is outside the clause
    let mut no_last = PROGRAM;
    no_last[6] = 0x0000_0001; // the second MOV without LAST
    no_last[1] = 0x2004_0000; // and a two-slot clause
    let mut past_end = PROGRAM;
    past_end[0] = 100;
    let mut no_eop = PROGRAM;
    no_eop[3] = 0;
    let mut in_cf = PROGRAM;
    in_cf[0] = 1; // the clause starts at dword 2, inside the CF program
    let cases: &[(&[u32], usize, &str)] = &[
        (&no_literal, 6, "literal slot"),
        (&no_last, 6, "lacks LAST"),
        (&past_end, 0, "past the end of the image"),
        (&no_eop, 10, "END_OF_PROGRAM"), // the CF walk reads the clause as CF to the end
        (&in_cf, 0, "inside the CF program"),
        (&PROGRAM[..9], 0, "past the end of the image"),
    ];
    for &(w, at, why) in cases {
        let e = decode(T, w).unwrap_err();
        assert!(e.to_string().contains(why), "{why}: {e}");
        assert_eq!(e.offset_words, at, "{why}: {e}");
    }
    // Six instructions without LAST in a row: a group holds at most five.
    let mut six = vec![0x0000_0002, 0x2014_0000, 0, 0x0020_0000];
    for _ in 0..6 {
        six.extend_from_slice(&[0, 0x0000_0D00]);
    }
    let e = decode(T, &six).unwrap_err();
    assert!(
        matches!(e.kind, DecodeErrorKind::IllegalField { field: "LAST", .. }),
        "{e}"
    );
    assert_eq!(e.offset_words, 14);
}

#[test]
fn program_text_errors_name_the_line() {
    let e = parse(T, "NOP END_OF_PROGRAM\nx: FOO R0.x").unwrap_err();
    assert!(e.reason.starts_with("line 2:"), "{e}");
    assert_eq!(e.column, 4);
    assert!(parse(T, "LITERAL 1").is_err());
    assert!(parse(T, "DATA").is_err());
    assert!(parse(T, "   ").is_err());
    assert!(parse(T, "TEX ADDR(4").is_err());
    assert!(parse(T, "TEX ADDR(0x1_0000_0000)").is_err());
    assert!(parse(T, "TEX COUNT(8)").is_err());
    assert!(parse(T, "TEX RESOURCE_ID(1)").is_err());
    assert!(parse(T, "SAMPLE BARRIER").is_err());
}

// ---- generated checks ----

/// Seeded cases per loop: `GPUREF_PROPS_CASES` (as for GCN5's properties), default 20000.
fn cases() -> usize {
    std::env::var("GPUREF_PROPS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

/// Arbitrary images never panic the decoder; whatever decodes re-encodes exactly and
/// its text assembles to the same words.
#[test]
fn decode_never_panics_and_decoded_programs_roundtrip() {
    let mut rng = Rng(0x0770_1234_5678_9abc);
    let mut decoded = 0;
    for i in 0..cases() {
        let n = 2 + (rng.next() % 24) as usize;
        let mut w: Vec<u32> = (0..n)
            .map(|_| rng.next() & rng.next() & rng.next())
            .collect();
        // Make CF words plausible: small addresses, often END_OF_PROGRAM.
        for k in (0..n.min(6)).step_by(2) {
            w[k] &= 0xF;
            if i % 2 == 0 && k + 1 < n {
                w[k + 1] |= 1 << 21;
            }
        }
        if decode(T, &w).is_ok() {
            decoded += 1;
        }
        crate::properties::encode_then_decode_is_identity(T, &w).unwrap();
        crate::properties::print_then_parse_is_identity(T, &w).unwrap();
    }
    assert!(decoded > 500, "only {decoded} programs decoded");
}

/// Arbitrary text never panics the parser.
#[test]
fn parse_never_panics() {
    let pieces = [
        "x:",
        "t:",
        "MUL",
        "MULADD",
        "R0.x",
        "R127.w",
        "-",
        "|",
        ",",
        "[aL]",
        "[",
        "]",
        "(",
        ")",
        "KC0[",
        "KC1[31].z",
        "C255.w",
        "literal.z",
        "PV.x",
        "PS",
        "0.5",
        "LAST",
        "OMOD(",
        "M2)",
        "TEX",
        "ADDR(",
        "4)",
        "COUNT_3",
        "LITERAL",
        "DATA",
        "0x",
        "ffffffff",
        " ",
        "é",
        "____",
        "NOWRITE",
        "INDEX_MODE(G+AR.x)",
        "SAMPLE",
        "RD_SCATTER",
        "BURST_CNT(",
        "\t",
    ];
    let mut rng = Rng(42);
    for _ in 0..cases() * 5 / 2 {
        let k = 1 + rng.next() % 10;
        let s: String = (0..k)
            .map(|_| pieces[(rng.next() as usize) % pieces.len()])
            .collect();
        crate::properties::parse_never_panics(T, &s).unwrap();
    }
}
