//! Differential test of the VINTRP and EXP formats against LLVM 14's `llvm-mc
//! -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test fails and says
//! to install llvm-14). Mirrors tests/salu_llvm.rs and tests/ds_llvm.rs.
//!
//! 1. `every_vintrp_exp_row_matches_llvm`: the three VINTRP rows and EXP on both targets with
//!    representative instances (low and high registers, every attribute channel, attr 0 and
//!    32, the three MOV selectors; every export target kind, every modifier, COMPR and each
//!    EN pattern): our words disassembled by llvm-mc print our text, and our text assembled
//!    by llvm-mc gives our words.
//! 2. `random_words_match_llvm`: random VINTRP and EXP words per target (valid ENCODING,
//!    random fields each zero one time in four, half of them cleaned so that they decode;
//!    EXP reserved bits one time in sixteen), decoded by both: the same text and length, or
//!    both reject. Every agreed text is then assembled by llvm-mc and by `parse` + `encode`.
//!    Every disagreement must fall in a class of [`classify`], documented in
//!    docs/design/0013-gcn5-vintrp-exp-encodings.md and pinned by a named test below.
//!
//! `GPUREF_VINTRP_EXP_RANDOM_WORDS=N` sets the random words per target and format (default
//! 100000).

use gpuref_amd_gcn5::formats::exp::{self, Exp};
use gpuref_amd_gcn5::formats::vintrp::{self, Vintrp};
use gpuref_amd_gcn5::formats::{encode, parse, Fields, Instruction};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;

mod common;
use common::*;

/// Rows whose LLVM syntax is not done yet. Empty: every VINTRP and EXP row is compared.
const NOT_YET: &[&str] = &[];

const V1: &str = "V1 ATTR 33..63: LLVM prints attrN (manual: attribute numbers 0 - 32)";
const V2: &str = "V2 V_INTERP_MOV_F32 VSRC 3..255: LLVM prints invalid_param_N";
const E1: &str = "E1 EXP bits 25:13 set: LLVM ignores them";
const E2: &str = "E2 EXP TARGET not in the manual's table: LLVM prints invalid_target_N";
const E3: &str = "E3 EXP EN = 0 for a target other than null: LLVM prints off, off, off, off";
const E4: &str = "E4 EXP COMPR with EN not 0x0/0x3/0xc/0xf: LLVM prints the EN bits one by one";
const E5: &str =
    "E5 EXP VSRC not read (EN bit clear, or VSRC2/3 with COMPR) non-zero: LLVM ignores it";

/// The class of a disagreement, each documented in docs/design/0013 (section
/// "Disagreements with LLVM 14"), or `None` when unexplained.
fn classify(our: &Option<DecodeErrorKind>, llvm: &Verdict) -> Option<&'static str> {
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    let Some(DecodeErrorKind::IllegalField { field, reason, .. }) = our else {
        return None;
    };
    match (*field, *reason) {
        ("ATTR", vintrp::ATTR_REASON) => Some(V1),
        ("VSRC", vintrp::MOV_REASON) if text.contains("invalid_param_") => Some(V2),
        ("bits 25:13", exp::RESERVED_REASON) => Some(E1),
        ("TARGET", exp::TARGET_REASON) if text.contains("invalid_target_") => Some(E2),
        ("EN", exp::EN_ZERO_REASON) if text.contains("off, off, off, off") => Some(E3),
        ("EN", exp::EN_COMPR_REASON) if text.contains(" compr") => Some(E4),
        (_, exp::VSRC_UNUSED_REASON) => Some(E5),
        _ => None,
    }
}

fn my_rows(t: Target) -> Vec<&'static Row> {
    rows()
        .filter(|r| matches!(r.format, Format::Vintrp | Format::Exp) && r.targets.contains(t))
        .collect()
}

fn vintrp_reps(row: &Row) -> Vec<Vintrp> {
    let mov = row.name == "V_INTERP_MOV_F32";
    let src = |x: u8| if mov { x % 3 } else { x };
    let mut out = Vec::new();
    for (i, (vdst, vsrc, attr)) in [(0, 1, 0), (255, 254, 32), (17, 17, 5), (128, 2, 31)]
        .into_iter()
        .enumerate()
    {
        out.push(Vintrp {
            vdst,
            vsrc: src(vsrc),
            attr,
            chan: i as u8,
        });
    }
    if mov {
        for s in 0..3 {
            out.push(Vintrp {
                vdst: 3,
                vsrc: s,
                attr: 7,
                chan: 2,
            });
        }
    }
    out
}

fn exp_reps() -> Vec<Exp> {
    let mut out = Vec::new();
    // Every target, all four sources.
    for target in (0..=9).chain(12..=15).chain(32..=63) {
        out.push(Exp {
            en: 0xf,
            target,
            vsrc: [target, 1, 200, 255],
            ..Exp::default()
        });
    }
    // Every EN pattern, every modifier combination.
    for en in 1..=0xfu8 {
        let vsrc = [0, 1, 2, 3].map(|i| if en >> i & 1 == 1 { 10 + i } else { 0 });
        out.push(Exp {
            en,
            target: 12,
            done: en & 1 == 1,
            vm: en & 2 == 2,
            vsrc,
            ..Exp::default()
        });
    }
    for en in [3u8, 0xc, 0xf] {
        for flags in 0..4 {
            out.push(Exp {
                en,
                target: (en & 7) * 2,
                compr: true,
                done: flags & 1 == 1,
                vm: flags & 2 == 2,
                vsrc: [
                    if en & 3 != 0 { 250 } else { 0 },
                    if en & 0xc != 0 { 7 } else { 0 },
                    0,
                    0,
                ],
            });
        }
    }
    for (compr, done, vm) in [
        (false, true, true),
        (true, false, false),
        (true, true, true),
    ] {
        out.push(Exp {
            en: 0,
            target: exp::NULL_TARGET,
            compr,
            done,
            vm,
            ..Exp::default()
        });
    }
    out
}

#[test]
fn every_vintrp_exp_row_matches_llvm() {
    let instances = |t| {
        let rows = my_rows(t);
        assert_eq!(rows.len(), 4, "{t}: three VINTRP rows and EXP");
        let mut insts: Vec<Instruction> = Vec::new();
        for row in rows {
            let words: Vec<Vec<u32>> = if row.format == Format::Vintrp {
                vintrp_reps(row)
                    .iter()
                    .map(|v| vec![vintrp::encode(row, v)])
                    .collect()
            } else {
                exp_reps().iter().map(|e| exp::encode(e).to_vec()).collect()
            };
            for w in words {
                let inst = roundtrip(t, row.name, &w);
                assert!(matches!(inst.fields, Fields::Vintrp(_) | Fields::Exp(_)));
                insts.push(inst);
            }
        }
        insts
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        println!(
            "{t}: rows {} ({} instances); agreeing both ways per row: {:?}",
            my_rows(t).len(),
            insts.len(),
            per_row(agreeing)
        );
    });
}

/// A random VINTRP word (module documentation).
fn random_vintrp(state: &mut u64) -> Vec<u32> {
    let v = next(state);
    let zero = next(state);
    let keep = |bit: u32, x: u64| {
        if (zero >> (2 * bit)) & 3 == 0 {
            0
        } else {
            x as u32
        }
    };
    let op = ((v >> 40) & 3) as u32;
    let mut vsrc = keep(0, v & 0xff);
    let chan = keep(1, (v >> 8) & 3);
    let mut attr = keep(2, (v >> 10) & 0x3f);
    let vdst = keep(3, (v >> 18) & 0xff);
    if (zero >> 20) & 1 == 0 {
        attr %= 33;
        if op == 2 {
            vsrc %= 3;
        }
    }
    vec![(0b11_0101 << 26) | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc]
}

/// A random EXP case (module documentation).
fn random_exp(state: &mut u64) -> Vec<u32> {
    let v = next(state);
    let zero = next(state);
    let keep = |bit: u32, x: u64| {
        if (zero >> (2 * bit)) & 3 == 0 {
            0
        } else {
            x as u32
        }
    };
    let reserved = if (zero >> 20) & 15 == 0 {
        (v as u32) & exp::RESERVED_MASK
    } else {
        0
    };
    let mut en = keep(0, (v >> 32) & 0xf);
    let mut target = ((v >> 36) & 0x3f) as u8;
    let compr = u32::from((v >> 42) & 3 == 0);
    let flags = ((v >> 44) & 3) as u32;
    let mut vsrc = [0u32, 1, 2, 3].map(|i| keep(i + 1, (v >> (8 * i)) & 0xff) as u8);
    if (zero >> 24) & 1 == 0 {
        // Cleaned: a valid target, a valid EN, the unread sources zero.
        if exp::target_name(target).is_none() {
            target = [9u8, 0, 12, 32][(target & 3) as usize];
        }
        if compr == 1 {
            en = [0, 3, 0xc, 0xf][(en & 3) as usize];
        }
        if en == 0 && target != exp::NULL_TARGET && (zero >> 25) & 1 == 0 {
            en = 1;
        }
        let e = Exp {
            en: en as u8,
            target,
            compr: compr == 1,
            vsrc,
            ..Exp::default()
        };
        let read = exp::reads(&e);
        for i in 0..4 {
            if !read[i] {
                vsrc[i] = 0;
            }
        }
    }
    vec![
        (0b11_0001 << 26) | reserved | flags << 11 | compr << 10 | u32::from(target) << 4 | en,
        u32::from_le_bytes(vsrc),
    ]
}

#[test]
fn random_words_match_llvm() {
    random_words_differential("GPUREF_VINTRP_EXP_RANDOM_WORDS", 40, |t, n, unexplained| {
        for (fmt, gen) in [
            ("VINTRP", random_vintrp as fn(&mut u64) -> Vec<u32>),
            ("EXP", random_exp),
        ] {
            let cases = random_cases(n, 0x1e5u64 + t as u64 + fmt.len() as u64 * 7, gen);
            let classify = |_: &[u32], _: &Verdict, k: &_, l: &_| classify(k, l);
            random_differential(t, fmt, &cases, classify, no_asm_class, unexplained);
        }
    });
}

// ---- One named test per disagreement class and note of docs/design/0013.

/// LLVM accepts `words` printing `text`; we reject it in `class`; and LLVM's assembler
/// gives `llvm_text_bytes` for that text (`None`: it rejects the text).
fn pin(words: &[u32], text: &str, class: &str, reassembled: Option<&[u32]>) {
    for t in Target::ALL {
        let (k, l) = pin_rejected(t, words, text, &format!("update 0013 {class}"));
        assert_eq!(classify(&k, &l), Some(class), "{t}");
        assert_reassembled(t, text, reassembled, class);
    }
}

#[test]
fn v1_attr_above_32() {
    // attr 33: the manual numbers attributes 0 - 32 (VINTRP Fields, Parameter Instruction
    // Fields); LLVM prints and assembles attr33 (up to attr63).
    let w = 0xd400_8401u32;
    pin(&[w], "v_interp_p1_f32_e32 v0, v1, attr33.x", V1, Some(&[w]));
    assert!(parse(Target::Gfx900, "v_interp_p1_f32_e32 v0, v1, attr33.x").is_err());
}

#[test]
fn v2_mov_selector_above_2() {
    // v_interp_mov_f32 with VSRC = 3: not P10/P20/P0; LLVM prints invalid_param_3 and its
    // assembler rejects that text.
    pin(
        &[0xd416_0003],
        "v_interp_mov_f32_e32 v5, invalid_param_3, attr0.x",
        V2,
        None,
    );
}

#[test]
fn e1_reserved_bits() {
    // exp mrt0 v0, v0, v0, v0 with bit 13 set: LLVM ignores the bit.
    pin(
        &[0xc400_200f, 0],
        "exp mrt0 v0, v0, v0, v0",
        E1,
        Some(&[0xc400_000f, 0]),
    );
}

#[test]
fn e2_reserved_target() {
    // TARGET 10: not in the manual's table; LLVM prints invalid_target_10 and rejects it.
    pin(
        &[0xc400_00a1, 0],
        "exp invalid_target_10 v0, off, off, off",
        E2,
        None,
    );
}

#[test]
fn e3_en_zero_not_null() {
    // EN = 0 with target mrt0: "EN may be zero only for NULL Pixel Shader exports".
    pin(
        &[0xc400_0000, 0],
        "exp mrt0 off, off, off, off",
        E3,
        Some(&[0xc400_0000, 0]),
    );
}

#[test]
fn e4_compr_en_pattern() {
    // COMPR with EN = 0x1: the manual allows 0x0, 0x3, 0xc, 0xf. LLVM prints the bit alone
    // and assembles that text to EN = 0x3.
    pin(
        &[0xc400_04c1, 0],
        "exp pos0 v0, off, off, off compr",
        E4,
        Some(&[0xc400_04c3, 0]),
    );
}

#[test]
fn e5_unread_vsrc_not_zero() {
    // EN = 0x1 with VSRC1 = v1: LLVM prints `off` (its re-encoding of the word keeps v1, its
    // assembler of the text does not); likewise VSRC2/3 under COMPR.
    pin(
        &[0xc400_0001, 0x0000_0100],
        "exp mrt0 v0, off, off, off",
        E5,
        Some(&[0xc400_0001, 0]),
    );
    pin(
        &[0xc400_04cf, 0x0302_0100],
        "exp pos0 v0, v0, v1, v1 compr",
        E5,
        Some(&[0xc400_04cf, 0x0000_0100]),
    );
}

#[test]
fn n1_vsrc_equal_to_vdst_decodes() {
    // "VSRC must be different from VDST" is a rule on the program (the P1 macro in HALF_LDS
    // mode); both LLVM and we decode the word.
    let w = [0xd414_0005u32];
    for t in Target::ALL {
        let l = llvm_disassemble(t, &[w.to_vec()]).remove(0);
        assert_eq!(ours(t, &w).0, l, "{t}");
        assert!(matches!(l, Verdict::Accept { .. }));
    }
}

#[test]
fn n2_e32_suffix() {
    // LLVM prints `_e32` and assembles the name without it to the same VINTRP word.
    for t in Target::ALL {
        let bytes = llvm_assemble(t, "v_interp_p2_f32 v2, v3, attr31.w").unwrap();
        assert_eq!(bytes, le_bytes(&[0xd409_7f03]));
        let inst = parse(t, "v_interp_p2_f32 v2, v3, attr31.w").unwrap();
        assert_eq!(encode(&inst), vec![0xd409_7f03]);
        assert_eq!(inst.to_string(), "v_interp_p2_f32_e32 v2, v3, attr31.w");
    }
}

#[test]
fn n3_gfx908_assembles_exp_and_vintrp() {
    // The MI100 manual: "EXPORT does not function in MI100"; LLVM 14 still assembles both
    // formats for gfx908 (a table question in 0013, not a decoding difference).
    for text in [
        "exp mrt0 v0, v1, v2, v3 done vm",
        "v_interp_mov_f32_e32 v4, p0, attr1.y",
    ] {
        assert!(llvm_assemble(Target::Gfx908, text).is_ok(), "{text}");
        assert!(parse(Target::Gfx908, text).is_ok(), "{text}");
    }
}
