//! Differential test of the MUBUF and MTBUF formats (buffer memory) against LLVM 14's
//! `llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test fails
//! and says to install llvm-14). Mirrors tests/salu_llvm.rs and tests/ds_llvm.rs.
//!
//! 1. `every_buffer_row_matches_llvm`: every MUBUF/MTBUF row of both targets with
//!    representative instances (`off` and low registers; `offen`; `idxen`; both with a VGPR
//!    pair, high registers, `offset:4095`, `glc slc`, `lds` where the row has it, `tfe` where
//!    LLVM 14 can express it, MTBUF formats, SOFFSET m0 / inline constants): our words
//!    disassembled by llvm-mc print our text, and our text assembled by llvm-mc gives our
//!    words.
//! 2. `random_words_match_llvm`: random words per target (MUBUF or MTBUF ENCODING, the
//!    opcode of a row 7 times in 8, random fields each zero one time in four, reserved bits
//!    set one time in sixteen, half the cases with the fields the row does not use cleared),
//!    decoded by both: the same text and length, or both reject. Every agreed text is then
//!    assembled by llvm-mc and by `parse` + `encode`. Every disagreement must fall in a
//!    class of [`classify`], documented in docs/design/0011-gcn5-buffer-encodings.md and
//!    pinned by a named test below.
//!
//! `GPUREF_BUF_RANDOM_WORDS=N` sets the random words per target (default 100000).

use gpuref_amd_gcn5::formats::mubuf::{self, Buf, Kind};
use gpuref_amd_gcn5::formats::{encode, parse, Fields};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::operand::{ScalarReg, ScalarSrc, Sgpr};
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;

mod common;
use common::*;

/// Rows whose LLVM syntax is not done yet. Empty: every MUBUF and MTBUF row is compared.
const NOT_YET: &[&str] = &[];

fn buf_rows(t: Target) -> Vec<&'static Row> {
    rows()
        .filter(|r| matches!(r.format, Format::Mubuf | Format::Mtbuf) && r.targets.contains(t))
        .collect()
}

fn sgpr(n: u8) -> ScalarSrc {
    ScalarSrc::Reg(ScalarReg::Sgpr(Sgpr(n)))
}

/// Representative instances of a row (module documentation).
fn representatives(row: &Row) -> Vec<Buf> {
    let s = mubuf::shape(row);
    let mt = row.format == Format::Mtbuf;
    let base = Buf {
        vdata: 1,
        srsrc: 1,
        soffset: sgpr(1),
        dfmt: if mt { 1 } else { 0 },
        ..Buf::default()
    };
    match s.kind {
        Kind::Bare => {
            return vec![Buf {
                soffset: sgpr(0),
                ..Buf::default()
            }]
        }
        Kind::StoreLds => {
            return vec![
                Buf {
                    vdata: 0,
                    lds: true,
                    ..base
                },
                Buf {
                    vdata: 0,
                    lds: true,
                    glc: true,
                    slc: true,
                    offset: 4095,
                    srsrc: 27,
                    soffset: ScalarSrc::Reg(ScalarReg::M0),
                    ..base
                },
            ]
        }
        _ => {}
    }
    let high = 255 - s.vdata - u8::from(s.load) + 1;
    let mut out = vec![
        base,
        Buf {
            offen: true,
            vaddr: 2,
            offset: 12,
            glc: !row.name.ends_with("ADD_F32") && !row.name.ends_with("ADD_F16"),
            ..base
        },
        Buf {
            idxen: true,
            vaddr: 255,
            slc: true,
            soffset: ScalarSrc::Int(-1),
            tfe: s.load,
            dfmt: if mt { 4 } else { 0 },
            nfmt: if mt { 7 } else { 0 },
            ..base
        },
        Buf {
            idxen: true,
            offen: true,
            vaddr: 254,
            vdata: high,
            srsrc: 24,
            offset: 4095,
            glc: !row.name.ends_with("ADD_F32") && !row.name.ends_with("ADD_F16"),
            slc: true,
            lds: s.lds,
            tfe: s.kind != Kind::Atomic && !s.lds,
            soffset: ScalarSrc::Reg(ScalarReg::M0),
            // DFMT 0 (INVALID) with a numeric format.
            dfmt: 0,
            nfmt: if mt { 5 } else { 0 },
        },
    ];
    if mt {
        out.push(Buf {
            dfmt: 15,
            nfmt: 0,
            srsrc: 30,
            soffset: ScalarSrc::Int(64),
            ..base
        });
    }
    out
}

#[test]
fn every_buffer_row_matches_llvm() {
    let instances = |t| {
        let encode = |row, d: &_| mubuf::encode(row, d).to_vec();
        instances_of(t, buf_rows(t), representatives, encode, Fields::Buf)
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        println!(
            "{t}: MUBUF+MTBUF rows {} ({} instances); agreeing both ways: {}",
            buf_rows(t).len(),
            insts.len(),
            agreeing.len()
        );
    });
}

/// A random MUBUF/MTBUF case (module documentation).
fn random_case(rows: &[&Row], state: &mut u64) -> Vec<u32> {
    let r = next(state);
    let mt = r & 0x300 == 0;
    let format = if mt { Format::Mtbuf } else { Format::Mubuf };
    let fr: Vec<&&Row> = rows.iter().filter(|x| x.format == format).collect();
    let opcode = if r & 7 == 0 {
        ((r >> 16) & if mt { 0xf } else { 0x7f }) as u32
    } else {
        u32::from(fr[(r >> 16) as usize % fr.len()].opcode)
    };
    let v = next(state);
    let zero = next(state);
    let keep = |bit: u32, x: u64| if (zero >> (2 * bit)) & 3 == 0 { 0 } else { x };
    let reserved = (zero >> 20) & 15 == 0;
    let mut w0 = (keep(0, v & 0xfff) as u32) | (((v >> 12) & 0x7) as u32) << 12;
    let mut w1 = (keep(1, (v >> 16) & 0xff) as u32)
        | (keep(2, (v >> 24) & 0xff) as u32) << 8
        | (keep(3, (v >> 32) & 0x1f) as u32) << 16
        | (((v >> 37) & 1) as u32) << 23
        | (keep(4, (v >> 40) & 0xff) as u32) << 24;
    if (zero >> 30) & 1 == 1 {
        w1 &= !(1 << 23);
    }
    if mt {
        w0 |= 0b11_1010 << 26 | opcode << 15 | (((v >> 48) & 0x7f) as u32) << 19;
        w1 |= (((v >> 56) & 1) as u32) << 22;
        if reserved {
            w1 |= 1 << 21;
        }
    } else {
        w0 |= 0b11_1000 << 26 | opcode << 18 | (((v >> 48) & 3) as u32) << 16;
        if reserved {
            w0 |= [1 << 15, 1 << 25, 0, 0][((zero >> 40) & 3) as usize];
            w1 |= [0, 0, 1 << 21, 1 << 22][((zero >> 40) & 3) as usize];
        }
    }
    if (zero >> 24) & 1 == 0 {
        if let Some(row) = fr.iter().find(|r| u32::from(r.opcode) == opcode) {
            let s = mubuf::shape(row);
            match s.kind {
                Kind::Bare => {
                    w0 &= !0x3_ffff;
                    w1 = 0;
                }
                Kind::StoreLds => {
                    w0 = (w0 & !0x3000) | 1 << 16;
                    w1 &= 0xff1f_0000;
                }
                _ => {
                    if w0 & 0x3000 == 0 {
                        w1 &= !0xff;
                    }
                    if !s.lds {
                        w0 &= !(1 << 16);
                    }
                }
            }
        }
    }
    vec![w0, w1]
}

#[test]
fn random_words_match_llvm() {
    random_rows_differential(
        "GPUREF_BUF_RANDOM_WORDS",
        60,
        "MUBUF/MTBUF",
        0xb0f,
        buf_rows,
        random_case,
        |t, w, _, k, l| classify(t, w, k, l),
    );
}

// ---- Disagreement classes of docs/design/0011 ("Disagreements with LLVM 14").

const B1: &str =
    "B1 a reserved bit set (MUBUF 15, 25, dword 1 21/22; MTBUF dword 1 21): LLVM ignores it";
const B2: &str = "B2 a field the instruction does not use is non-zero (VADDR with `off`, BUFFER_STORE_LDS_DWORD's VADDR/VDATA/TFE, WBINVL1's fields): LLVM ignores it";
const B3: &str = "B3 TFE on an atomic or with LDS = 1: LLVM drops `tfe` from the text";
const B4: &str = "B4 SRSRC 25 (s[100:103]) or 26 (xnack_mask): LLVM prints a non-quad";
const B5: &str = "B5 SOFFSET code 125 / 254: LLVM prints `null` / `src_lds_direct` (0008 D3/D4)";
const B6: &str = "B6 TFE's status dword runs past v255: LLVM does not count it";
const B8: &str = "B8 LDS = 1 on BUFFER_LOAD_DWORDX2..X4: LLVM has `lds` forms; the manual lists only UBYTE..DWORD and FORMAT_X";
const B7: &str = "B7 MUBUF opcode 113 (gfx7's BUFFER_WBINVL1): LLVM decodes it as buffer_wbinvl1";

/// The class of a disassembly disagreement (we reject, LLVM accepts), each documented in
/// docs/design/0011 ("Disagreements with LLVM 14"), or `None` when unexplained.
fn classify(
    _t: Target,
    words: &[u32],
    our: &Option<DecodeErrorKind>,
    llvm: &Verdict,
) -> Option<&'static str> {
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    let mubuf_op = (words[0] >> 26 == 0b11_1000).then_some(words[0] >> 18 & 0x7f);
    if let Some(DecodeErrorKind::UnknownOpcode { opcode: 113, .. }) = our {
        return (mubuf_op == Some(113) && text == "buffer_wbinvl1").then_some(B7);
    }
    let Some(DecodeErrorKind::IllegalField { field, value, .. }) = our else {
        return None;
    };
    let soffset = u64::from(words[1] >> 24);
    if matches!(mubuf_op, Some(62 | 63)) {
        return Some(B2);
    }
    match *field {
        "bit 15" | "bit 25" | "dword 1 bits 22:21" => Some(B1),
        "VADDR" | "VDATA" | "TFE" if mubuf_op == Some(61) => Some(B2),
        "VADDR" if words[0] & 0x3000 == 0 => Some(B2),
        "TFE" => Some(B3),
        "LDS" if matches!(mubuf_op, Some(21..=23)) => Some(B8),
        "SRSRC" if matches!(value, 25 | 26) => Some(B4),
        "SOFFSET" if matches!(soffset, 125 | 254) => Some(B5),
        "VDATA" if words[1] >> 23 & 1 == 1 => Some(B6),
        _ => None,
    }
}

fn pin(words: [u32; 2], llvm_text: &str, class: &str) {
    for t in Target::ALL {
        let note = format!("update docs/design/0011 ({class})");
        let (k, l) = pin_rejected(t, &words, llvm_text, &note);
        assert_eq!(classify(t, &words, &k, &l), Some(class), "{t}");
    }
}

#[test]
fn b1_reserved_bits_ignored_by_llvm() {
    let text = "buffer_load_dword v1, off, s[4:7], s1";
    pin([0xe050_8000, 0x0101_0100], text, B1); // bit 15
    pin([0xe250_0000, 0x0101_0100], text, B1); // bit 25
    pin([0xe050_0000, 0x0121_0100], text, B1); // dword 1 bit 21
    pin([0xe050_0000, 0x0141_0100], text, B1); // dword 1 bit 22 (MTBUF's SLC)
    pin(
        [0xe808_0000, 0x0121_0100],
        "tbuffer_load_format_x v1, off, s[4:7], s1",
        B1,
    );
}

#[test]
fn b2_unused_fields_ignored_by_llvm() {
    pin(
        [0xe050_0000, 0x0101_01ff],
        "buffer_load_dword v1, off, s[4:7], s1",
        B2,
    );
    pin(
        [0xe0f5_0000, 0x0101_0203],
        "buffer_store_lds_dword s[4:7], s1 lds",
        B2,
    );
    pin([0xe0f8_0123, 0x0101_0203], "buffer_wbinvl1", B2);
}

#[test]
fn b3_tfe_dropped_by_llvm() {
    // buffer_atomic_add with TFE; buffer_load_dword with LDS and TFE.
    pin(
        [0xe108_0000, 0x0181_0100],
        "buffer_atomic_add v1, off, s[4:7], s1",
        B3,
    );
    pin(
        [0xe051_0000, 0x0181_0100],
        "buffer_load_dword v1, off, s[4:7], s1 lds",
        B3,
    );
    for t in Target::ALL {
        assert!(llvm_assemble(t, "buffer_atomic_add v1, off, s[4:7], s1 tfe").is_err());
        assert!(parse(t, "buffer_atomic_add v1, off, s[4:7], s1 tfe").is_err());
    }
}

#[test]
fn b4_srsrc_past_the_sgprs() {
    pin(
        [0xe050_0000, 0x0119_0100],
        "buffer_load_dword v1, off, s[100:103], s1",
        B4,
    );
    pin(
        [0xe050_0000, 0x011a_0100],
        "buffer_load_dword v1, off, xnack_mask, s1",
        B4,
    );
}

#[test]
fn b5_soffset_reserved_codes() {
    pin(
        [0xe050_0000, 0x7d01_0100],
        "buffer_load_dword v1, off, s[4:7], null",
        B5,
    );
    pin(
        [0xe050_0000, 0xfe01_0100],
        "buffer_load_dword v1, off, s[4:7], src_lds_direct",
        B5,
    );
}

#[test]
fn b6_tfe_status_dword_past_v255() {
    pin(
        [0xe050_0000, 0x0181_ff00],
        "buffer_load_dword v255, off, s[4:7], s1 tfe",
        B6,
    );
    // LLVM 14 prints VDATA without the status dword and its assembler takes that form
    // (N1 in 0011); a wider range is an error in both.
    for t in Target::ALL {
        let text = "buffer_load_dword v1, off, s[4:7], s1 tfe";
        let words = [0xe050_0000u32, 0x0181_0100];
        assert_eq!(llvm_assemble(t, text), Ok(le_bytes(&words)), "{t}");
        assert_eq!(encode(&parse(t, text).unwrap()), words.to_vec());
        assert!(llvm_assemble(t, "buffer_load_dword v[1:2], off, s[4:7], s1 tfe").is_err());
        assert!(parse(t, "buffer_load_dword v[1:2], off, s[4:7], s1 tfe").is_err());
    }
}

#[test]
fn b7_opcode_113_is_gfx7_wbinvl1_in_llvm() {
    pin([0xe1c4_0000, 0], "buffer_wbinvl1", B7);
}

#[test]
fn n2_no_accvgpr_data_on_gfx908() {
    // gfx908 has AccVGPRs but LLVM 14 has no ACC bit in MUBUF/MTBUF for it ("agpr loads
    // and stores not supported on this GPU"); bit 23 of dword 1 is TFE on both targets.
    for t in Target::ALL {
        assert!(llvm_assemble(t, "buffer_load_dword a1, off, s[4:7], s1").is_err());
        assert!(parse(t, "buffer_load_dword a1, off, s[4:7], s1").is_err());
    }
}

#[test]
fn n3_float_atomics_do_not_return() {
    // BUFFER_ATOMIC_ADD_F32 / PK_ADD_F16 (gfx908 only): GLC = 1 is rejected by both.
    let t = Target::Gfx908;
    let words = [0xe134_4000u32, 0x0101_0100];
    let (o, _, l) = both(t, &words);
    assert!(matches!(l, Verdict::Reject(_)), "{l:?}");
    assert!(matches!(o, Verdict::Reject(_)), "{o:?}");
    assert!(llvm_assemble(t, "buffer_atomic_add_f32 v1, off, s[4:7], s1 glc").is_err());
    assert!(parse(t, "buffer_atomic_add_f32 v1, off, s[4:7], s1 glc").is_err());
}

#[test]
fn b8_lds_on_dwordx2_to_x4() {
    pin(
        [0xe055_0000, 0x0101_0100],
        "buffer_load_dwordx2 v[1:2], off, s[4:7], s1 lds",
        B8,
    );
    for t in Target::ALL {
        let text = "buffer_load_dwordx4 v[1:4], off, s[4:7], s1 lds";
        assert!(llvm_assemble(t, text).is_ok(), "{t}: update 0011 B8");
        assert!(parse(t, text).is_err());
    }
}
