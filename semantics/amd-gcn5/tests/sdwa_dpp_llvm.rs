//! Differential test of the SDWA and DPP extensions of VOP1/VOP2/VOPC against LLVM 14's
//! `llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test fails
//! and says to install llvm-14). Mirrors tests/ds_llvm.rs.
//!
//! 1. `every_sdwa_row_matches_llvm` / `every_dpp_row_matches_llvm`: every row of both
//!    targets that has the form, with representative instances (plain; high registers,
//!    selects, modifiers, clamp/omod; scalar sources and SGPR-pair results for SDWA; every
//!    DPP control kind, masks and bound_ctrl for DPP): our words disassembled by llvm-mc
//!    print our text, our text assembled by llvm-mc gives our words, and `parse` reads our
//!    text back.
//! 2. `random_sdwa_words_match_llvm` / `random_dpp_words_match_llvm`: random words per
//!    target (SRC0 = 249/250, the opcode of a row with the form 7 times in 8, else any
//!    VOP1/VOP2/VOPC opcode; random fields, each often zero or at its plain value),
//!    decoded by both: the same text and length, or both reject. Every agreed text is then
//!    assembled by llvm-mc and by `parse` + `encode`. Every disagreement falls in a class of
//!    [`classify`] / [`classify_asm`], documented in
//!    docs/design/0017-gcn5-sdwa-dpp-encodings.md and pinned by a named test below.
//!
//! Select value 7 (reserved) is never generated: llvm-mc 14 crashes on it (class S1, pinned
//! by `s1_reserved_select_crashes_llvm`).
//!
//! `GPUREF_SDWA_RANDOM_WORDS=N` / `GPUREF_DPP_RANDOM_WORDS=N` set the random words per
//! target (default 100000 each).

use gpuref_amd_gcn5::formats::dpp::{self, Dpp, DppCtrl};
use gpuref_amd_gcn5::formats::sdwa::{self, DstUnused, Layout, Mods, Sdwa, SdwaSrc, Sel};
use gpuref_amd_gcn5::formats::{encode, parse, Fields, Instruction};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::operand::ScalarSrc;
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;

mod common;
use common::*;

/// Rows whose SDWA/DPP syntax is not done yet. Empty: every row with a form is compared.
const NOT_YET: &[&str] = &[];

const S2: &str = "S2 DST_UNUSED 3 (reserved): LLVM prints UNUSED_PAD";
const S3: &str = "S3 SDWA bit 54 or 62 (reserved) set: LLVM ignores it";
const S4: &str = "S4 VOPC SD=0 with a non-zero SDST: LLVM ignores SDST and prints vcc";
const S5: &str = "S5 VOPC SD=1 with an odd SGPR/TTMP: LLVM prints the aligned pair";
const S6: &str = "S6 VOPC SD=1 with SDST=VCC: LLVM prints vcc (the SD=0 text)";
const S7: &str = "S7 scalar code 125: LLVM prints `null` (a GFX10 register)";
const S8: &str =
    "S8 LDS_DIRECT (254) as an SDWA scalar source: LLVM's disassembler prints src_lds_direct";
const E1: &str = "E1 V_NOP, V_CLREXCP or V_SWAP_B32 with SRC0 = 249/250: LLVM decodes the e32 word (the VOP1 decoder's class, docs/design/0014)";
const P1: &str = "P1 reserved DPP_CTRL: LLVM prints a comment instead of a control";
const P2: &str = "P2 DPP bits 50:49 (reserved) set: LLVM ignores them";
const P3: &str = "P3 DPP modifier bits on a source without modifiers: LLVM ignores them";
const R1: &str = "R1 a 16-bit integer operand's float constant prints as f16 bits, which llvm-mc cannot assemble";
const R2: &str = "R2 two different scalar sources: llvm-mc's assembler rejects (constant bus), its disassembler prints them";

/// The class of a decode disagreement, each documented in docs/design/0017 (section
/// "Disagreements with LLVM 14"), or `None` when unexplained.
fn classify(words: &[u32], our: &Option<DecodeErrorKind>, llvm: &Verdict) -> Option<&'static str> {
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    let Verdict::Accept { words: 1, .. } = llvm else {
        return classify_two(words, our, text);
    };
    // E1: the VOP1 rows V_NOP (0), V_CLREXCP (53), V_SWAP_B32 (81), which the e32 decoder
    // (vop.rs) rejects with SRC0 = 249/250, whatever its error.
    let vop1_op = (words[0] >> 9) & 0xff;
    let e32 = ["v_nop", "v_clrexcp", "v_swap_b32 "];
    (our.is_some()
        && words[0] >> 25 == 0x3f
        && matches!(vop1_op, 0 | 53 | 81)
        && matches!(words[0] & 0x1ff, 249 | 250)
        && e32
            .iter()
            .any(|n| text == n.trim_end() || text.starts_with(n)))
    .then_some(E1)
}

fn classify_two(words: &[u32], our: &Option<DecodeErrorKind>, text: &str) -> Option<&'static str> {
    let Some(DecodeErrorKind::IllegalField { field, value, .. }) = our else {
        return None;
    };
    let w1 = words.get(1).copied().unwrap_or(0);
    match *field {
        "DST_UNUSED" if text.contains("dst_unused:UNUSED_PAD") => Some(S2),
        "SDWA bit 54" | "SDWA bit 62" => Some(S3),
        "SDST" if (w1 >> 15) & 1 == 0 && text.contains(" vcc,") => Some(S4),
        "SDST" if *value == 106 && text.contains(" vcc,") => Some(S6),
        "SDST" if *value == 125 && text.contains("null") => Some(S7),
        "SDST" if *value % 2 == 1 && *value <= 123 => Some(S5),
        "SRC0" | "VSRC1" if *value == 125 && text.contains("null") => Some(S7),
        "SRC0" | "VSRC1" if *value == 254 && text.contains("src_lds_direct") => Some(S8),
        "DPP_CTRL" if text.contains("/*") => Some(P1),
        "DPP bits 50:49" => Some(P2),
        "SRC0_NEG" | "SRC0_ABS" | "SRC1_NEG" | "SRC1_ABS" if words[0] & 0x1ff == 250 => Some(P3),
        _ => None,
    }
}

/// The class of an agreed text llvm-mc's assembler rejects.
fn classify_asm(text: &str, msg: &str) -> Option<&'static str> {
    if msg.contains("constant bus") {
        return Some(R2);
    }
    let hex_f16 = [
        "0x3800", "0xb800", "0x3c00", "0xbc00", "0x4000", "0xc000", "0x4400", "0xc400", "0x3118",
    ];
    if msg.contains("invalid operand") && hex_f16.iter().any(|h| text.contains(h)) {
        return Some(R1);
    }
    None
}

fn sdwa_rows(t: Target) -> Vec<&'static Row> {
    rows().filter(|r| sdwa::takes_sdwa(t, r)).collect()
}

fn dpp_rows(t: Target) -> Vec<&'static Row> {
    rows().filter(|r| dpp::takes_dpp(t, r)).collect()
}

fn f(i: &str) -> ScalarSrc {
    ScalarSrc::parse(i, 1).expect("scalar source").0
}

/// Representative SDWA instances of a row (module documentation).
fn sdwa_representatives(row: &Row) -> Vec<Sdwa> {
    let s = sdwa::shape(row).expect("an SDWA row");
    let vopc = s.layout == Layout::Vopc;
    let vop1 = s.layout == Layout::Vop1;
    let plain = {
        let mut x = Sdwa::plain(row);
        x.src = [SdwaSrc::Vgpr(1), SdwaSrc::Vgpr(if vop1 { 0 } else { 2 })];
        x
    };
    let mut out = vec![plain];
    // High registers, selects, modifiers, clamp and omod.
    let mut hi = plain;
    hi.src = [
        SdwaSrc::Vgpr(255),
        SdwaSrc::Vgpr(if vop1 { 0 } else { 128 }),
    ];
    hi.src_sel[0] = Sel::Byte2;
    if !vop1 {
        hi.src_sel[1] = Sel::Word0;
    }
    for i in 0..s.sources() {
        match s.sdwa_mods(i) {
            Mods::Float if i == 0 => hi.neg[0] = true,
            Mods::Float => hi.abs[i] = true,
            _ => hi.sext[i] = true,
        }
    }
    if vopc {
        hi.sdst = Some(10);
    } else {
        hi.vdst = 255;
        hi.dst_sel = Sel::Word1;
        hi.dst_unused = DstUnused::Preserve;
        hi.clamp = true;
        if s.dst_float {
            hi.omod = 2;
        }
    }
    out.push(hi);
    // Scalar sources: an SGPR (negated and abs for a float source) and an inline constant.
    let mut sc = plain;
    // The carry-in rows read VCC, so an SGPR source would be a second scalar value (R2).
    let vcc_in = matches!(s.layout, Layout::Cndmask | Layout::CarryInOut);
    sc.src[0] = SdwaSrc::Scalar(f(if vcc_in { "1" } else { "s7" }));
    if s.sdwa_mods(0) == Mods::Float {
        sc.neg[0] = true;
        sc.abs[0] = true;
    }
    if !vop1 {
        let k = if s.src[1].is_16() && !s.src[1].is_float() {
            "-16"
        } else {
            "0.5"
        };
        sc.src[1] = SdwaSrc::Scalar(f(k));
        sc.src_sel[1] = Sel::Byte3;
    }
    if vopc {
        sc.sdst = Some(108 + 2);
    } else {
        sc.vdst = 9;
        sc.dst_sel = Sel::Byte0;
        sc.dst_unused = DstUnused::Sext;
        if s.dst_float {
            sc.omod = 3;
        }
    }
    out.push(sc);
    // A constant in SRC0 of a float row with neg (LLVM's `neg(...)`), an int one with sext.
    let mut k = plain;
    k.src[0] = SdwaSrc::Scalar(f(if s.src[0].is_16() && !s.src[0].is_float() {
        "64"
    } else {
        "-4.0"
    }));
    match s.sdwa_mods(0) {
        Mods::Float => k.neg[0] = true,
        _ => k.sext[0] = true,
    }
    if vopc {
        k.sdst = Some(126);
    } else {
        k.dst_sel = Sel::Word0;
        k.src_sel[0] = Sel::Word1;
    }
    out.push(k);
    out
}

const CTRLS: [DppCtrl; 13] = [
    DppCtrl::QuadPerm([0, 1, 2, 3]),
    DppCtrl::QuadPerm([3, 0, 2, 1]),
    DppCtrl::RowShl(1),
    DppCtrl::RowShr(15),
    DppCtrl::RowRor(7),
    DppCtrl::WaveShl,
    DppCtrl::WaveRol,
    DppCtrl::WaveShr,
    DppCtrl::WaveRor,
    DppCtrl::RowMirror,
    DppCtrl::RowHalfMirror,
    DppCtrl::RowBcast15,
    DppCtrl::RowBcast31,
];

/// Representative DPP instances of a row: plain; high registers with modifiers, masks and
/// bound_ctrl; and a control kind chosen by `k` (every kind over the rows).
fn dpp_representatives(row: &Row, k: usize) -> Vec<Dpp> {
    let s = sdwa::shape(row).expect("a DPP row");
    let vop1 = s.layout == Layout::Vop1;
    let plain = Dpp {
        vdst: 0,
        src0: 1,
        vsrc1: if vop1 { 0 } else { 2 },
        ..Dpp::default()
    };
    let mut hi = Dpp {
        vdst: 255,
        src0: 255,
        vsrc1: if vop1 { 0 } else { 200 },
        ctrl: DppCtrl::RowShl(1),
        bound_ctrl: true,
        row_mask: 0x5,
        bank_mask: 0xa,
        ..plain
    };
    for i in 0..s.sources() {
        match s.dpp_mods(i) {
            Mods::Float => {
                hi.neg[i] = true;
                hi.abs[i] = i == 0;
            }
            Mods::Sext => hi.neg[i] = true,
            Mods::None => {}
        }
    }
    let kind = Dpp {
        ctrl: CTRLS[k % CTRLS.len()],
        row_mask: (k % 16) as u8,
        bank_mask: 0xf,
        ..plain
    };
    vec![plain, hi, kind]
}

/// Decode, re-encode and parse one of our instances.
fn instance(t: Target, row: &'static Row, fields: Fields) -> Instruction {
    let inst = Instruction {
        row,
        fields,
        literal: None,
    };
    let words = encode(&inst);
    assert_eq!(words.len(), 2, "{}", row.name);
    assert_eq!(roundtrip(t, row.name, &words), inst, "{}", row.name);
    inst
}

#[test]
fn every_sdwa_row_matches_llvm() {
    let instances = |t| {
        let mut insts = Vec::new();
        for row in sdwa_rows(t) {
            for s in sdwa_representatives(row) {
                insts.push(instance(t, row, Fields::Sdwa(s)));
            }
        }
        insts
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        print_rows("SDWA", &sdwa_rows(t), t, insts.len(), agreeing.len());
    });
}

#[test]
fn every_dpp_row_matches_llvm() {
    let instances = |t| {
        let rows = dpp_rows(t);
        let mut insts = Vec::new();
        for (k, &row) in rows.iter().enumerate() {
            for d in dpp_representatives(row, k) {
                insts.push(instance(t, row, Fields::Dpp(d)));
            }
        }
        // Every control kind on V_MOV_B32.
        let mov = rows
            .iter()
            .find(|r| r.name == "V_MOV_B32")
            .expect("v_mov_b32");
        for (k, &ctrl) in CTRLS.iter().enumerate() {
            let d = Dpp {
                src0: k as u8,
                ctrl,
                ..Dpp::default()
            };
            insts.push(instance(t, mov, Fields::Dpp(d)));
        }
        insts
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        print_rows("DPP", &dpp_rows(t), t, insts.len(), agreeing.len());
    });
}

/// The summary line of a rows test.
fn print_rows(kind: &str, rows: &[&Row], t: Target, instances: usize, agreeing: usize) {
    let by = |fmt| rows.iter().filter(|r| r.format == fmt).count();
    println!(
        "{t}: {kind} rows {} (VOP1 {}, VOP2 {}, VOPC {}; {instances} instances); agreeing both ways: {agreeing}",
        rows.len(),
        by(Format::Vop1),
        by(Format::Vop2),
        by(Format::Vopc),
    );
}

/// All VOP1/VOP2/VOPC (format, opcode) pairs: the 1-in-8 "any opcode" pool.
const ANY_OPCODE: [(Format, u16); 3] =
    [(Format::Vop1, 256), (Format::Vop2, 62), (Format::Vopc, 256)];

fn first_dword(format: Format, opcode: u16, vdst: u32, vsrc1: u32, src0: u32) -> u32 {
    let (bits, _) = gpuref_amd_gcn5::formats::template::opcode_bits(format, opcode);
    bits | src0
        | match format {
            Format::Vop1 => vdst << 17,
            Format::Vopc => vsrc1 << 9,
            _ => vdst << 17 | vsrc1 << 9,
        }
}

/// A random first dword with SRC0 = `src0`: a row of `pool` 7 times in 8, else any
/// VOP1/VOP2/VOPC opcode. Returns it and the format.
fn random_first(pool: &[&Row], src0: u32, state: &mut u64) -> (u32, Format) {
    let r = next(state);
    let (format, opcode) = if r & 7 == 0 {
        let (fmt, n) = ANY_OPCODE[((r >> 3) % 3) as usize];
        (fmt, ((r >> 8) % u64::from(n)) as u16)
    } else {
        let row = pool[(r >> 8) as usize % pool.len()];
        (row.format, row.opcode)
    };
    let v = next(state);
    let keep = |x: u64, k: u64| if k & 3 == 0 { 0 } else { x as u32 };
    let vdst = keep(v & 0xff, v >> 40);
    let vsrc1 = keep((v >> 8) & 0xff, v >> 42);
    (first_dword(format, opcode, vdst, vsrc1, src0), format)
}

/// A select 0..=6 (never the reserved 7, on which llvm-mc crashes), DWORD half the time.
fn sel(x: u64) -> u32 {
    if x & 1 == 0 {
        6
    } else {
        ((x >> 1) % 7) as u32
    }
}

/// A random SDWA case (module documentation).
fn random_sdwa(pool: &[&Row], state: &mut u64) -> Vec<u32> {
    let (w0, format) = random_first(pool, 249, state);
    let a = next(state);
    let b = next(state);
    let rare = |x: u64, n: u32| u32::from(x.is_multiple_of(u64::from(n)));
    // A scalar code: an SGPR half the time, else any code.
    let code = |x: u64, s: u32| -> u32 {
        if s == 1 && x & 1 == 0 {
            ((x >> 1) % 102) as u32
        } else {
            ((x >> 1) & 0xff) as u32
        }
    };
    let s0 = rare(a >> 60, 4);
    let s1 = rare(b >> 60, 4);
    let mut w1 = code(a & 0x1ff, s0)
        | sel(a >> 9) << 16
        | rare(a >> 13, 8) << 19
        | rare(a >> 17, 8) << 20
        | rare(a >> 21, 8) << 21
        | rare(a >> 25, 32) << 22
        | s0 << 23
        | sel(a >> 30) << 24
        | rare(a >> 34, 8) << 27
        | rare(a >> 38, 8) << 28
        | rare(a >> 42, 8) << 29
        | rare(a >> 46, 32) << 30
        | s1 << 31;
    if s1 == 1 && b & 1 == 0 {
        // VSRC1 as an SGPR.
        let w = w0 & !(0xff << 9) | (((b >> 1) % 102) as u32) << 9;
        return random_sdwa_tail(format, w, w1, b);
    }
    if format == Format::Vop1 && b & 7 != 0 {
        w1 &= 0x00ff_ffff;
    }
    random_sdwa_tail(format, w0, w1, b)
}

fn random_sdwa_tail(format: Format, w0: u32, mut w1: u32, b: u64) -> Vec<u32> {
    let rare = |x: u64, n: u32| u32::from(x.is_multiple_of(u64::from(n)));
    if format == Format::Vopc {
        let sd = rare(b >> 4, 2);
        let sdst = if sd == 0 {
            if b >> 10 & 7 == 0 {
                ((b >> 13) & 0x7f) as u32
            } else {
                0
            }
        } else if b >> 10 & 3 != 0 {
            (((b >> 13) % 51) * 2) as u32
        } else {
            ((b >> 13) & 0x7f) as u32
        };
        w1 |= sdst << 8 | sd << 15;
    } else {
        let du = if b >> 20 & 15 == 0 {
            3
        } else {
            ((b >> 24) % 3) as u32
        };
        let omod = if b >> 26 & 3 == 0 {
            ((b >> 28) & 3) as u32
        } else {
            0
        };
        w1 |= sel(b >> 30) << 8 | du << 11 | rare(b >> 34, 4) << 13 | omod << 14;
    }
    vec![w0, w1]
}

/// A random DPP case (module documentation).
fn random_dpp(pool: &[&Row], state: &mut u64) -> Vec<u32> {
    let (w0, _) = random_first(pool, 250, state);
    let a = next(state);
    let rare = |x: u64, n: u32| u32::from(x.is_multiple_of(u64::from(n)));
    let ctrl = match (a >> 8) & 7 {
        0 => ((a >> 11) & 0x1ff) as u32,
        1..=4 => ((a >> 11) & 0xff) as u32,
        _ => u32::from(CTRLS[((a >> 11) % CTRLS.len() as u64) as usize].code()),
    };
    let mask = |x: u64| {
        if x & 1 == 0 {
            0xf
        } else {
            ((x >> 1) & 0xf) as u32
        }
    };
    let w1 = (a & 0xff) as u32
        | ctrl << 8
        | (if rare(a >> 21, 32) == 1 {
            ((a >> 26) & 3) as u32
        } else {
            0
        }) << 17
        | rare(a >> 29, 2) << 19
        | rare(a >> 31, 8) << 20
        | rare(a >> 35, 8) << 21
        | rare(a >> 39, 8) << 22
        | rare(a >> 43, 8) << 23
        | mask(a >> 47) << 24
        | mask(a >> 53) << 28;
    vec![w0, w1]
}

fn random_words(
    kind: &str,
    var: &str,
    make: fn(&[&Row], &mut u64) -> Vec<u32>,
    pool: fn(Target) -> Vec<&'static Row>,
) {
    random_words_differential(var, 40, |t, n, unexplained| {
        let rows = pool(t);
        let seed = 0x5d3a_u64 + t as u64 + kind.len() as u64 * 7919;
        let cases = random_cases(n, seed, |s| make(&rows, s));
        let classify_asm = |text: &str, issue: AsmIssue<'_>| match issue {
            AsmIssue::Rejected(msg) => classify_asm(text, msg),
            AsmIssue::Differs => None,
        };
        let classify = |w: &[u32], _: &Verdict, k: &_, l: &_| classify(w, k, l);
        random_differential(t, kind, &cases, classify, classify_asm, unexplained);
    });
}

#[test]
fn random_sdwa_words_match_llvm() {
    random_words("SDWA", "GPUREF_SDWA_RANDOM_WORDS", random_sdwa, sdwa_rows);
}

#[test]
fn random_dpp_words_match_llvm() {
    random_words("DPP", "GPUREF_DPP_RANDOM_WORDS", random_dpp, dpp_rows);
}

// ---- One named test per disagreement class of docs/design/0017.

fn word(text: &str) -> Vec<u32> {
    let t = Target::Gfx900;
    encode(&parse(t, text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// `words` decode in LLVM to `llvm_text` and are rejected by us in `class`.
fn assert_class(words: &[u32], llvm_text: &str, class: &str) {
    assert_eq!(words.len(), 2, "{class}");
    for t in Target::ALL {
        let (k, l) = pin_rejected(t, words, llvm_text, &format!("update 0017 {class}"));
        assert_eq!(classify(words, &k, &l), Some(class), "{t}: {k:?}");
    }
}

const ADD_F32: &str =
    "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
const CMP: &str = "v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:DWORD src1_sel:DWORD";
const MOV_DPP: &str = "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf";

#[test]
fn s1_reserved_select_crashes_llvm() {
    // dst_sel 7: llvm-mc 14 crashes (segmentation fault in its printer); we reject it.
    let mut w = word(ADD_F32);
    w[1] = (w[1] & !(7 << 8)) | 7 << 8;
    for t in Target::ALL {
        let (out, _err) = llvm_mc(t, &["--disassemble"], &format!("{}\n", bytes_line(&w)));
        assert!(
            !out.contains("v_add_f32"),
            "{t}: llvm-mc prints a reserved select now: update 0017 S1\n{out}"
        );
        let (o, k) = ours(t, &w);
        assert!(matches!(o, Verdict::Reject(_)));
        assert!(matches!(
            k,
            Some(DecodeErrorKind::IllegalField {
                field: "DST_SEL",
                value: 7,
                ..
            })
        ));
    }
    assert!(parse(
        Target::Gfx900,
        &ADD_F32.replace("dst_sel:DWORD", "dst_sel:7")
    )
    .is_err());
}

#[test]
fn s2_reserved_dst_unused_prints_pad_in_llvm() {
    let mut w = word(ADD_F32);
    w[1] |= 3 << 11;
    assert_class(&w, ADD_F32, S2);
}

#[test]
fn s3_reserved_sdwa_bits_ignored_by_llvm() {
    for bit in [22, 30] {
        let mut w = word(ADD_F32);
        w[1] |= 1 << bit;
        assert_class(&w, ADD_F32, S3);
    }
}

#[test]
fn s4_sdst_with_sd_clear_ignored_by_llvm() {
    let mut w = word(CMP);
    w[1] |= 5 << 8;
    assert_class(&w, CMP, S4);
}

#[test]
fn s5_odd_sdst_prints_aligned_pair_in_llvm() {
    let mut w = word(CMP);
    w[1] |= (0x80 | 3) << 8;
    assert_class(&w, &CMP.replace("vcc", "s[2:3]"), S5);
    // Our parse rejects the misaligned pair, like llvm-mc's assembler.
    for t in Target::ALL {
        let text = CMP.replace("vcc", "s[3:4]");
        assert!(llvm_assemble(t, &text).is_err());
        assert!(parse(t, &text).is_err());
    }
}

#[test]
fn s6_sd_set_with_vcc_prints_vcc_in_llvm() {
    let mut w = word(CMP);
    w[1] |= (0x80 | 106) << 8;
    assert_class(&w, CMP, S6);
    // `vcc` assembles to SD = 0 in both.
    for t in Target::ALL {
        assert_eq!(llvm_assemble(t, CMP), Ok(le_bytes(&word(CMP))));
    }
    assert_eq!(word(CMP)[1] & 0xff00, 0);
}

#[test]
fn s7_code_125_is_null_in_llvm() {
    let mut w = word(ADD_F32);
    w[1] = (w[1] & !0xff) | 125 | 1 << 23;
    assert_class(&w, &ADD_F32.replace("v1,", "null,"), S7);
    let mut w = word(CMP);
    w[1] |= (0x80 | 125) << 8;
    assert_class(&w, &CMP.replace("vcc", "null"), S7);
}

#[test]
fn s8_lds_direct_in_sdwa() {
    let mut w = word(ADD_F32);
    w[1] = (w[1] & !0xff) | 254 | 1 << 23;
    let text = ADD_F32.replace("v1,", "src_lds_direct,");
    assert_class(&w, &text, S8);
    for t in Target::ALL {
        let e = llvm_assemble(t, &text)
            .expect_err("llvm-mc assembles lds_direct in SDWA now: update 0017 S8");
        assert!(e.contains("lds_direct cannot be used"), "{e}");
        assert!(parse(t, &text).is_err());
    }
}

#[test]
fn p1_reserved_dpp_ctrl_prints_a_comment_in_llvm() {
    for (code, comment) in [
        (0x100, "/* Invalid dpp_ctrl value */"),
        (0x131, "/* Invalid dpp_ctrl value */"),
        (
            0x150,
            " /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */",
        ),
        (
            0x160,
            "/* row_xmask is not supported on ASICs earlier than GFX10 */",
        ),
        (0x1ff, "/* Invalid dpp_ctrl value */"),
    ] {
        let mut w = word(MOV_DPP);
        w[1] = (w[1] & !(0x1ff << 8)) | code << 8;
        let text = MOV_DPP.replace("quad_perm:[0,1,2,3]", comment);
        assert_class(&w, &text, P1);
    }
}

#[test]
fn p2_reserved_dpp_bits_ignored_by_llvm() {
    for r in 1..4 {
        let mut w = word(MOV_DPP);
        w[1] |= r << 17;
        assert_class(&w, MOV_DPP, P2);
    }
}

#[test]
fn p3_dpp_modifier_bits_without_modifiers_ignored_by_llvm() {
    let cnd = "v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf";
    for bit in 20..24 {
        let mut w = word(cnd);
        w[1] |= 1 << bit;
        assert_class(&w, cnd, P3);
    }
    // V_LDEXP_F16's integer SRC1: NEG is `sext`, ABS is ignored.
    let ldexp = "v_ldexp_f16_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf";
    let mut w = word(ldexp);
    w[1] |= 1 << 23;
    assert_class(&w, ldexp, P3);
    let sext = ldexp.replace(", v2 ", ", sext(v2) ");
    let mut w = word(ldexp);
    w[1] |= 1 << 22;
    assert_eq!(word(&sext), w);
    for t in Target::ALL {
        assert_eq!(
            ours(t, &w).0,
            llvm_disassemble(t, std::slice::from_ref(&w)).remove(0)
        );
        // An integer row without modifiers: both reject neg at parse time.
        let text = "v_add_u32_dpp v0, -v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf";
        assert!(llvm_assemble(t, text).is_err());
        assert!(parse(t, text).is_err());
    }
}

#[test]
fn r1_i16_float_constant_text_is_not_assembled_by_llvm() {
    let text = "v_add_u16_sdwa v0, v1, 0x3c00 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    let mut w = word("v_add_u16_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD");
    w[0] = (w[0] & !(0xff << 9)) | 242 << 9;
    w[1] |= 1 << 31;
    for t in Target::ALL {
        let l = llvm_disassemble(t, std::slice::from_ref(&w)).remove(0);
        assert_eq!(
            l,
            Verdict::Accept {
                text: text.into(),
                words: 2
            },
            "{t}"
        );
        assert_eq!(ours(t, &w).0, l);
        let e = llvm_assemble(t, text).expect_err("llvm-mc assembles it now: update 0017 R1");
        assert_eq!(classify_asm(text, &e), Some(R1), "{e}");
        // Our parse reads it back as the inline constant 1.0.
        assert_eq!(encode(&parse(t, text).unwrap()), w);
    }
}

#[test]
fn r2_constant_bus_is_an_assembler_rule_in_llvm() {
    let text = "v_add_f32_sdwa v0, s4, s3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    let w = word(text);
    for t in Target::ALL {
        let l = llvm_disassemble(t, std::slice::from_ref(&w)).remove(0);
        assert_eq!(
            l,
            Verdict::Accept {
                text: text.into(),
                words: 2
            },
            "{t}"
        );
        assert_eq!(ours(t, &w).0, l);
        let e = llvm_assemble(t, text).expect_err("llvm-mc accepts it now: update 0017 R2");
        assert_eq!(classify_asm(text, &e), Some(R2), "{e}");
    }
}

#[test]
fn bound_ctrl_spellings() {
    // BC = 1 prints `bound_ctrl:1` in LLVM 14 (the DPP table's "1 = write"); its assembler
    // sets BC = 1 for `bound_ctrl:0` too. Both parse to BC = 1 here.
    let with = "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1";
    let zero = "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0";
    let w = word(with);
    assert_eq!((w[1] >> 19) & 1, 1);
    assert_eq!(word(zero), w);
    for t in Target::ALL {
        assert_eq!(llvm_assemble(t, zero), Ok(le_bytes(&w)), "{t}");
        assert_eq!(llvm_assemble(t, with), Ok(le_bytes(&w)), "{t}");
        let l = llvm_disassemble(t, std::slice::from_ref(&w)).remove(0);
        assert_eq!(
            l,
            Verdict::Accept {
                text: with.into(),
                words: 2
            },
            "{t}"
        );
        assert_eq!(ours(t, &w).0, l);
    }
}

#[test]
fn omitted_controls_take_llvms_defaults() {
    // llvm-mc 14 fills an omitted dst_unused with UNUSED_PRESERVE (and DWORD selects, masks
    // 0xf, no bound_ctrl); parse does the same.
    for (text, full) in [
        (
            "v_add_f32_sdwa v0, v1, v2",
            "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD",
        ),
        (
            "v_cmp_eq_f32_sdwa vcc, v1, v2",
            "v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:DWORD src1_sel:DWORD",
        ),
        (
            "v_mov_b32_dpp v0, v1 row_shl:1",
            "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf",
        ),
    ] {
        for t in Target::ALL {
            let enc = llvm_assemble(t, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let inst = parse(t, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(le_bytes(&encode(&inst)), enc, "{t} {text}");
            assert_eq!(inst.to_string(), full);
        }
    }
}

#[test]
fn rows_without_the_forms_are_rejected_by_both() {
    // VOPC has no DPP form in LLVM 14 (the manual's DPP section allows VOPC); 64-bit rows,
    // V_MAC_F32 (SDWA) and V_READFIRSTLANE_B32 have none either (0017 "Which rows").
    for t in Target::ALL {
        for text in [
            "v_cmp_eq_f32_dpp vcc, v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf",
            "v_mac_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
            "v_cvt_f64_f32_sdwa v[0:1], v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD",
            "v_readfirstlane_b32_dpp s0, v1 row_shl:1 row_mask:0xf bank_mask:0xf",
        ] {
            assert!(llvm_assemble(t, text).is_err(), "{t} {text}");
            assert!(parse(t, text).is_err(), "{t} {text}");
        }
        // v_cmp_eq_f32 with SRC0 = 250 and a DPP dword: rejected by both.
        let w = vec![0x7c84_04fa, 0xff00_e401];
        assert!(matches!(
            llvm_disassemble(t, std::slice::from_ref(&w)).remove(0),
            Verdict::Reject(_)
        ));
        assert!(matches!(ours(t, &w).0, Verdict::Reject(_)));
    }
}

#[test]
fn e1_e32_rows_with_src0_249_250_are_the_vop1_decoders() {
    // V_NOP and V_CLREXCP ignore SRC0 in LLVM; V_SWAP_B32 reads it as a VGPR number. They
    // have no SDWA/DPP form, so the e32 decoder (vop.rs) decides; LLVM takes one dword.
    for (w0, text) in [
        (0x7e00_00f9u32, "v_nop"),
        (0x7e00_6afa, "v_clrexcp"),
        (0x7e00_a2f9, "v_swap_b32 v0, v249"),
    ] {
        let w = vec![w0, 0x0006_0601];
        for t in Target::ALL {
            let l = llvm_disassemble(t, std::slice::from_ref(&w)).remove(0);
            assert_eq!(
                l,
                Verdict::Accept {
                    text: text.into(),
                    words: 1
                },
                "{t}"
            );
            // Either the e32 decoder agrees with LLVM (then E1 is gone: update 0017), or it
            // rejects the word for SRC0 and the class applies.
            let (o, k) = ours(t, &w);
            if o != l {
                assert_eq!(classify(&w, &k, &l), Some(E1), "{t}: {o:?} {k:?}");
            }
        }
    }
}
