//! Differential test of the scalar ALU formats (SOP2, SOPK, SOP1, SOPC, SOPP) against LLVM
//! 14's `llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test
//! fails and says to install llvm-14).
//!
//! 1. `every_salu_row_matches_llvm`: every SALU row of both targets with representative
//!    operands: our words disassembled by llvm-mc print our text, and our text assembled by
//!    llvm-mc gives our words.
//! 2. `random_words_match_llvm`: random words per target, structured per format (valid
//!    ENCODING bits, random opcode of a row or of the whole OP space, random fields, a
//!    literal when a source field is 255), decoded by both: the same text and length, or
//!    both reject. Every disagreement must fall in a class of [`classify`], each documented
//!    in docs/design/0008-gcn5-salu-encodings.md and pinned by a named test below.
//!
//! `GPUREF_SALU_RANDOM_WORDS=N` sets the random words per target (default 100000).

use gpuref_amd_gcn5::formats::salu::{self, ImmStyle, RawFields, Slot};
use gpuref_amd_gcn5::formats::{encode, parse};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;
use std::collections::BTreeMap;

mod common;
use common::*;

/// Rows whose LLVM syntax is not done yet. Empty: every SALU row is compared.
const NOT_YET: &[&str] = &[];

/// The class of a disagreement, each documented in docs/design/0008 (section
/// "Disagreements with LLVM 14"), or `None` when unexplained.
fn classify(words: &[u32], our: &Option<DecodeErrorKind>, llvm: &Verdict) -> Option<&'static str> {
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    if our.is_none() && text.contains("/*invalid immediate*/") {
        return Some(
            "D5 constant where LLVM allows only registers: LLVM prints /*invalid immediate*/",
        );
    }
    let Some(DecodeErrorKind::IllegalField {
        field,
        value,
        reason,
    }) = our
    else {
        return None;
    };
    let _ = words;
    if reason.contains("even-aligned") {
        return Some("D1 odd register pair: LLVM rounds down to the even pair");
    }
    if reason.contains("does not use the field") {
        return Some("D2 unused field not zero: LLVM ignores it");
    }
    if *value == 125 && text.contains("null") {
        return Some("D3 code 125: LLVM prints `null` (a GFX10 register)");
    }
    if *value == 254 && *field != "SDST" && text.contains("src_lds_direct") {
        return Some("D4 code 254 as a scalar source: LLVM accepts src_lds_direct");
    }
    None
}

const D5_ASM: &str =
    "D5 constant where LLVM allows only registers: LLVM's assembler rejects what its disassembler printed";
const D7: &str = "D7 s_setreg_imm32_b32 float literal: LLVM prints binary32 bits as a float but assembles that text to other bits";

/// The class of an llvm-mc assembler error on a text both disassemblers printed.
fn classify_assembly(msg: &str, text: &str) -> Option<&'static str> {
    let mnemonic = text.split_whitespace().next().unwrap_or("");
    if msg.contains("invalid operand for instruction")
        && LLVM_REGISTER_ONLY
            .iter()
            .any(|r| r.eq_ignore_ascii_case(mnemonic))
    {
        return Some(D5_ASM);
    }
    if msg.contains("only 4-bit values are legal") && text.starts_with("s_set_gpr_idx") {
        return Some(
            "D6 gpr_idx value above 4 bits: LLVM prints it in hex but will not assemble it",
        );
    }
    None
}

fn salu_rows(t: Target) -> Vec<&'static Row> {
    rows()
        .filter(|r| salu::is_salu(r) && r.targets.contains(t))
        .collect()
}

/// Rows whose sources LLVM's assembler takes only as registers (class D5): their second
/// representative uses `vcc`/`s10` instead of constants.
const LLVM_REGISTER_ONLY: &[&str] = &[
    "S_SETPC_B64",
    "S_RFE_B64",
    "S_MOVRELS_B32",
    "S_MOVRELS_B64",
    "S_CBRANCH_JOIN",
    "S_CBRANCH_G_FORK",
];

/// Representative fields for a row: two variants (registers, then special registers with
/// inline constants and a literal).
fn representative(row: &Row, variant: u32) -> Vec<u32> {
    let mut f = RawFields::default();
    let mut literal = None;
    let regs_only = LLVM_REGISTER_ONLY.contains(&row.name);
    for slot in salu::shape(row) {
        match slot {
            Slot::Ssrc0(w) | Slot::Ssrc1(w) if regs_only && variant == 1 => {
                let code = if w == 2 { 106 } else { 10 };
                if matches!(slot, Slot::Ssrc0(_)) {
                    f.ssrc0 = code;
                } else {
                    f.ssrc1 = code;
                }
                continue;
            }
            _ => {}
        }
        match (slot, variant) {
            (Slot::Sdst(w), 0) => f.sdst = if w == 2 { 4 } else { 5 },
            (Slot::Sdst(w), _) => f.sdst = if w == 2 { 106 } else { 124 },
            (Slot::Ssrc0(w), 0) => f.ssrc0 = if w == 2 { 6 } else { 7 },
            (Slot::Ssrc0(_), _) => {
                f.ssrc0 = 255;
                literal = Some(0x1234_5678);
            }
            (Slot::Ssrc1(w), 0) => f.ssrc1 = if w == 2 { 8 } else { 9 },
            (Slot::Ssrc1(_), _) => f.ssrc1 = 193,
            (Slot::GprIdxSsrc1, v) => f.ssrc1 = if v == 0 { 9 } else { 0 },
            (Slot::Literal32, v) => literal = Some(if v == 0 { 0xdead_beef } else { 7 }),
            (Slot::Simm16(style), v) => {
                f.simm16 = match style {
                    ImmStyle::Hex | ImmStyle::Dec | ImmStyle::U16 => [3, 0x1234][v as usize],
                    ImmStyle::OptDec => v as u16,
                    ImmStyle::Waitcnt => [0xc07f, 0x0f70][v as usize],
                    ImmStyle::Sendmsg => [0x0003, 0x0122][v as usize],
                    ImmStyle::Hwreg => [0x1801, 0xf803][v as usize],
                    ImmStyle::GprIdx => [0x5, 0xf][v as usize],
                }
            }
        }
    }
    let mut words = vec![salu::join(row.format, row.opcode, f)];
    words.extend(literal);
    words
}

#[test]
fn every_salu_row_matches_llvm() {
    let instances = |t| {
        salu_rows(t)
            .into_iter()
            .flat_map(|row| (0..2).map(move |v| roundtrip(t, row.name, &representative(row, v))))
            .collect()
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        let mut per_format: BTreeMap<&str, usize> = BTreeMap::new();
        for inst in agreeing {
            *per_format.entry(inst.row.format.name()).or_default() += 1;
        }
        println!(
            "{t}: rows {} ({} instances); agreeing instances per format {per_format:?}",
            salu_rows(t).len(),
            insts.len()
        );
    });
}

const FORMATS: [(Format, u16); 5] = [
    (Format::Sop2, 88), // OP 88..=127 are the other formats' prefixes
    (Format::Sopk, 29),
    (Format::Sop1, 256),
    (Format::Sopc, 128),
    (Format::Sopp, 128),
];

/// Literal values that equal inline constants (LLVM prints literals by value).
const INTERESTING_LITERALS: &[u32] = &[
    0,
    1,
    64,
    65,
    0xffff_ffff,
    0xffff_fff0,
    0xffff_ffef,
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983,
    0x8000_0000,
    0x3fe0_0000,
    0x3ff0_0000,
];

/// A random case: format, opcode (of a row 7 times in 8, else of the whole OP space),
/// fields (each zero one time in four), a literal when a used source field is 255.
fn random_case(rows: &[&Row], state: &mut u64) -> Vec<u32> {
    let r = next(state);
    let (format, opcode) = if r & 7 == 0 {
        let (f, n) = FORMATS[(r >> 8) as usize % FORMATS.len()];
        (f, ((r >> 16) % u64::from(n)) as u16)
    } else {
        let row = rows[(r >> 8) as usize % rows.len()];
        (row.format, row.opcode)
    };
    let v = next(state);
    let zero = next(state);
    let keep = |bit: u32, x: u64| if (zero >> (2 * bit)) & 3 == 0 { 0 } else { x };
    let f = RawFields {
        sdst: keep(0, v & 0x7f) as u8,
        ssrc0: keep(1, (v >> 8) & 0xff) as u8,
        ssrc1: keep(2, (v >> 16) & 0xff) as u8,
        // SIMM16 is small (message/hwreg/counter bits only) one time in four.
        simm16: keep(
            3,
            (v >> 24) & if (zero >> 12) & 3 == 0 { 0x3ff } else { 0xffff },
        ) as u16,
    };
    let word = salu::join(format, opcode, f);
    let (_, s0, s1, _) = salu::has_fields(format);
    let setreg_imm32 = format == Format::Sopk && opcode == 20;
    let mut words = vec![word];
    if (s0 && f.ssrc0 == 255) || (s1 && f.ssrc1 == 255) || setreg_imm32 {
        // One literal in four is a value LLVM prints specially (an inline value).
        let mut lit = if (zero >> 14) & 3 == 0 {
            INTERESTING_LITERALS[(v >> 40) as usize % INTERESTING_LITERALS.len()]
        } else {
            (v >> 40) as u32 ^ ((zero >> 16) as u32)
        };
        if lit == word {
            lit ^= 1;
        }
        words.push(lit);
    }
    words
}

#[test]
fn random_words_match_llvm() {
    random_words_differential("GPUREF_SALU_RANDOM_WORDS", 40, |t, n, unexplained| {
        let rows = salu_rows(t);
        let cases = random_cases(n, 0x5a1u64 + t as u64, |s| random_case(&rows, s));
        // Lines llvm-mc's assembler rejects are classified (they print from LLVM's own
        // disassembler).
        let classify_asm = |text: &str, issue: AsmIssue<'_>| match issue {
            AsmIssue::Rejected(msg) => classify_assembly(msg, text),
            AsmIssue::Differs => {
                (text.starts_with("s_setreg_imm32_b32") && text.contains('.')).then_some(D7)
            }
        };
        let s = random_differential(
            t,
            "SALU",
            &cases,
            |w: &[u32], _: &Verdict, k: &_, l: &_| classify(w, k, l),
            classify_asm,
            unexplained,
        );
        // Per format: (same text, both reject, total).
        let mut agree: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
        for (words, o) in cases.iter().zip(&s.outcomes) {
            let fmt = salu::identify(words[0]).map_or("?", |(f, _)| f.name());
            let e = agree.entry(fmt).or_default();
            e.2 += 1;
            match o {
                Outcome::SameText => e.0 += 1,
                Outcome::BothReject => e.1 += 1,
                _ => {}
            }
        }
        println!("{t}: {n} random words; agreement per format (same text, both reject, total): {agree:?}");
    });
}

// ---- One named test per disagreement class of docs/design/0008 (section "Disagreements
// with LLVM 14"): each runs llvm-mc on one word and checks both readings.

fn assert_class(words: &[u32], llvm_text: &str, field: Option<&str>, class: &str) {
    for t in Target::ALL {
        let (o, k, l) = both(t, words);
        assert_eq!(
            l,
            Verdict::Accept {
                text: llvm_text.into(),
                words: 1
            },
            "{t}"
        );
        match field {
            Some(f) => assert!(
                matches!(&k, Some(DecodeErrorKind::IllegalField { field, .. }) if *field == f),
                "{t}: ours {o:?}"
            ),
            None => assert!(k.is_none(), "{t}: ours {o:?}"),
        }
        assert_eq!(classify(words, &k, &l).map(|c| &c[..2]), Some(class));
    }
}

#[test]
fn d1_odd_register_pair() {
    // s_mov_b64 with SSRC0 = s5: the manual requires an even pair ("SGPR Alignment").
    assert_class(
        &[0xbe84_0105],
        "s_mov_b64 s[4:5], s[4:5]",
        Some("SSRC0"),
        "D1",
    );
    // s_call_b64 with SDST = s5.
    assert_class(&[0xba85_0000], "s_call_b64 s[4:5], 0", Some("SDST"), "D1");
}

#[test]
fn d2_unused_field_not_zero() {
    // s_getpc_b64 with SSRC0 = 1.
    assert_class(&[0xbe80_1c01], "s_getpc_b64 s[0:1]", Some("SSRC0"), "D2");
    // s_cbranch_g_fork with SDST = 4.
    assert_class(
        &[0x9484_0806],
        "s_cbranch_g_fork s[6:7], s[8:9]",
        Some("SDST"),
        "D2",
    );
}

#[test]
fn d3_code_125_is_null_in_llvm() {
    assert_class(&[0xbe80_007d], "s_mov_b32 s0, null", Some("SSRC0"), "D3");
    assert_class(&[0xbefd_0000], "s_mov_b32 null, s0", Some("SDST"), "D3");
}

#[test]
fn d4_lds_direct_as_scalar_source() {
    assert_class(
        &[0xbe80_00fe],
        "s_mov_b32 s0, src_lds_direct",
        Some("SSRC0"),
        "D4",
    );
}

#[test]
fn d5_constant_where_llvm_wants_a_register() {
    assert_class(
        &[0xbe80_1d85],
        "s_setpc_b64 /*invalid immediate*/",
        None,
        "D5",
    );
    assert_class(
        &[0xbe80_2a89],
        "s_movrels_b32 s0, /*invalid immediate*/",
        None,
        "D5",
    );
    // Codes 235..=239 and 251..=253 print by name, but LLVM's assembler refuses them.
    for t in Target::ALL {
        let text = "s_setpc_b64 src_shared_base";
        let (o, _, l) = both(t, &[0xbe80_1deb]);
        let expected = Verdict::Accept {
            text: text.into(),
            words: 1,
        };
        assert_eq!((&o, &l), (&expected, &expected), "{t}");
        let err = llvm_assemble(t, text).expect_err("LLVM assembles it now: update 0008 D5");
        assert_eq!(classify_assembly(&err, text).map(|c| &c[..2]), Some("D5"));
        assert_eq!(encode(&parse(t, text).unwrap()), vec![0xbe80_1deb]);
    }
}

#[test]
fn d6_gpr_idx_above_four_bits() {
    for t in Target::ALL {
        // s_set_gpr_idx_mode with SIMM16 = 0x10 and s_set_gpr_idx_on with SSRC1 = 0x10.
        for (words, text) in [
            (0xbf9d_0010u32, "s_set_gpr_idx_mode 0x10"),
            (0xbf11_1006, "s_set_gpr_idx_on s6, 0x10"),
        ] {
            let (o, _, l) = both(t, &[words]);
            let expected = Verdict::Accept {
                text: text.into(),
                words: 1,
            };
            assert_eq!((&o, &l), (&expected, &expected), "{t}");
            let err = llvm_assemble(t, text).expect_err("LLVM assembles it now: update 0008 D6");
            assert_eq!(classify_assembly(&err, text).map(|c| &c[..2]), Some("D6"));
            assert_eq!(encode(&parse(t, text).unwrap()), vec![words]);
        }
    }
}

#[test]
fn d7_setreg_imm32_float_literal() {
    for t in Target::ALL {
        let words = [0xba00_f801, 0x3f80_0000];
        let text = "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1.0";
        let (o, _, l) = both(t, &words);
        let expected = Verdict::Accept {
            text: text.into(),
            words: 2,
        };
        assert_eq!((&o, &l), (&expected, &expected), "{t}");
        // LLVM assembles its own text to a literal of 0; we read 1.0 as its binary32 bits.
        let llvm = llvm_assemble(t, text).expect("llvm-mc assembles it");
        assert_eq!(
            llvm,
            [0x01, 0xf8, 0x00, 0xba, 0, 0, 0, 0],
            "{t}: update 0008 D7"
        );
        assert_eq!(encode(&parse(t, text).unwrap()), words.to_vec());
    }
}
