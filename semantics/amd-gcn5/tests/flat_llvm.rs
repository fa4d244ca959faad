//! Differential test of the FLAT, GLOBAL and SCRATCH formats against LLVM 14's `llvm-mc
//! -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test fails and says
//! to install llvm-14). Mirrors tests/salu_llvm.rs and tests/ds_llvm.rs.
//!
//! 1. `every_flat_row_matches_llvm`: every FLAT/GLOBAL/SCRATCH row of both targets with
//!    representative instances (low registers, no modifiers, SADDR `off`; high registers,
//!    the largest positive offset, `glc slc`, an SGPR SADDR; the most negative offset; for
//!    atomics both without and with return): our words disassembled by llvm-mc print our
//!    text, and our text assembled by llvm-mc gives our words.
//! 2. `random_words_match_llvm`: random words per target (valid ENCODING, SEG 3 one time in
//!    sixteen, the opcode of a row 7 times in 8 else any OP value, random fields each zero
//!    one time in four, SADDR `off` one time in two, LDS, NV and bit 25 each set one time in
//!    sixteen), decoded by both: the same text and length, or both reject. Every agreed text
//!    is then assembled by llvm-mc and by `parse` + `encode`. Every disagreement must fall
//!    in a class of [`classify`], documented in docs/design/0012-gcn5-flat-encodings.md and
//!    pinned by a named test below.
//!
//! `GPUREF_FLAT_RANDOM_WORDS=N` sets the random words per target (default 100000).

use gpuref_amd_gcn5::formats::flat::{self, Flat, SADDR_OFF};
use gpuref_amd_gcn5::formats::{decode, parse, Fields};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;

mod common;
use common::*;

/// Rows whose LLVM syntax is not done yet. Empty: every FLAT/GLOBAL/SCRATCH row is compared.
const NOT_YET: &[&str] = &[];

const F1: &str = "F1 bit 25 set: LLVM ignores it (reserved on gfx900/gfx908; gfx90a's ACC bit)";
const F2: &str = "F2 NV set: LLVM 14 ignores it (no `nv` spelling on gfx9)";
const F3: &str = "F3 FLAT OFFSET bit 12 set: LLVM prints offset:4096.. which it cannot assemble";
const F4: &str = "F4 a VGPR field the instruction does not use is non-zero: LLVM ignores it";
const F5: &str = "F5 SADDR 125: LLVM prints `null` (gfx10's name); reserved on gfx9";

const F6: &str =
    "F6 GLOBAL SADDR odd: LLVM clears the low bit and prints the even pair (re-encoded even)";

/// `words` with the field we object to cleared the way LLVM reads it (F1, F2, F4, F6), or
/// `None` for the classes where LLVM's text has no other spelling (F3, F5).
fn fixed(words: &[u32], field: &str) -> Option<Vec<u32>> {
    let mut w = words.to_vec();
    match field {
        "bit 25" => w[0] &= !(1 << 25),
        "NV" => w[1] &= !(1 << 23),
        "VDST" => w[1] &= 0x00ff_ffff,
        "DATA" => w[1] &= !0xff00,
        "ADDR" => w[1] &= !0xff,
        "SADDR" => w[1] &= !(1 << 16),
        _ => return None,
    }
    Some(w)
}

/// The class of a disagreement, each documented in docs/design/0012 (section
/// "Disagreements with LLVM 14"), or `None` when unexplained. The classes whose difference
/// is one field LLVM ignores are checked by clearing that field: we must then decode to
/// exactly LLVM's text (repeated while we name another ignorable field).
fn classify(
    target: Target,
    words: &[u32],
    our: &Option<DecodeErrorKind>,
    llvm: &Verdict,
) -> Option<&'static str> {
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    let Some(DecodeErrorKind::IllegalField { field, value, .. }) = our else {
        return None;
    };
    let class = match *field {
        "bit 25" => F1,
        "NV" => F2,
        "OFFSET" if words[0] & 0x1000 != 0 && text.starts_with("flat_") => {
            let n = words[0] & 0x1fff;
            return text.contains(&format!(" offset:{n}")).then_some(F3);
        }
        "VDST" | "DATA" | "ADDR" => F4,
        "SADDR" if *value == 125 && text.contains(", null") => return Some(F5),
        "SADDR" if value % 2 == 1 && text.starts_with("global_") => F6,
        _ => return None,
    };
    // Clear the field and look again: the rest must agree, or be another class.
    let w = fixed(words, field)?;
    match decode(target, &w) {
        Ok((inst, 2)) => (inst.to_string() == *text).then_some(class),
        Ok(_) => None,
        Err(e) => classify(target, &w, &Some(e.kind), llvm).map(|_| class),
    }
}

fn flat_rows(t: Target) -> Vec<&'static Row> {
    rows()
        .filter(|r| {
            matches!(r.format, Format::Flat | Format::Global | Format::Scratch)
                && r.targets.contains(t)
        })
        .collect()
}

fn is_atomic(row: &Row) -> bool {
    row.name.contains("_ATOMIC_")
}

/// Representative instances of a row (module documentation).
fn representatives(row: &Row) -> Vec<Flat> {
    let fill = |hi: bool, glc: bool, saddr: u8| {
        let s = flat::shape(row, glc, saddr);
        let pick = |n: u8, lo: u8, high: u8| {
            if n == 0 {
                0
            } else if hi {
                high
            } else {
                lo
            }
        };
        Flat {
            vdst: pick(s.vdst, 4, 252),
            addr: pick(s.addr, 2, 254),
            data: pick(s.data, 6, 200),
            saddr,
            glc,
            ..Flat::default()
        }
    };
    let (off, sgpr) = match row.format {
        Format::Flat => (0, 0),
        Format::Global => (SADDR_OFF, 100),
        _ => (SADDR_OFF, 101),
    };
    let float = flat::is_float_atomic(row);
    // The largest offset of every segment (FLAT 12-bit unsigned, the others 13-bit signed).
    let max = 4095;
    let mut out = vec![
        fill(false, false, off),
        Flat {
            offset: max,
            slc: true,
            ..fill(true, !float, sgpr)
        },
    ];
    if row.format != Format::Flat {
        out.push(Flat {
            offset: 0x1000,
            ..fill(true, false, off)
        });
        out.push(Flat {
            offset: 0x1fff,
            ..fill(false, false, 0x6a)
        });
    }
    if is_atomic(row) && !float {
        out.push(fill(false, true, off));
    }
    out
}

#[test]
fn every_flat_row_matches_llvm() {
    let instances = |t| {
        let encode = |row, d: &_| flat::encode(row, d).to_vec();
        instances_of(t, flat_rows(t), representatives, encode, Fields::Flat)
    };
    rows_differential(NOT_YET, instances, |t, insts, agreeing, _| {
        let rows = flat_rows(t);
        let count = |f| rows.iter().filter(|r| r.format == f).count();
        println!(
            "{t}: FLAT rows {}, GLOBAL {}, SCRATCH {} ({} instances); agreeing both ways: {}",
            count(Format::Flat),
            count(Format::Global),
            count(Format::Scratch),
            insts.len(),
            agreeing.len()
        );
    });
}

/// A random FLAT/GLOBAL/SCRATCH case (module documentation).
fn random_case(rows: &[&Row], state: &mut u64) -> Vec<u32> {
    let r = next(state);
    let v = next(state);
    let zero = next(state);
    let (seg, opcode) = if r & 7 == 0 {
        (((r >> 3) & 3) as u32, ((r >> 8) & 0x7f) as u32)
    } else {
        let row = rows[(r >> 8) as usize % rows.len()];
        let seg = match row.format {
            Format::Flat => 0,
            Format::Scratch => 1,
            _ => 2,
        };
        let seg = if (r >> 40) & 15 == 0 { 3 } else { seg };
        (seg, u32::from(row.opcode))
    };
    let keep = |bit: u32, x: u64| if (zero >> (2 * bit)) & 3 == 0 { 0 } else { x };
    let one_in_16 = |shift: u32| u32::from((zero >> shift) & 15 == 0);
    let saddr = if (zero >> 32) & 1 == 0 {
        0x7f
    } else {
        keep(4, (v >> 32) & 0x7f) as u32
    };
    let w0 = (0b11_0111 << 26)
        | one_in_16(20) << 25
        | (opcode << 18)
        | (((v >> 60) & 3) as u32) << 16
        | seg << 14
        | one_in_16(36) << 13
        | keep(0, v & 0x1fff) as u32;
    let w1 = (keep(1, (v >> 16) & 0xff) as u32)
        | (keep(2, (v >> 24) & 0xff) as u32) << 8
        | saddr << 16
        | one_in_16(40) << 23
        | (keep(3, (v >> 40) & 0xff) as u32) << 24;
    let mut words = vec![w0, w1];
    // Half the cases of a known row: the fields the row does not use are cleared, so that
    // most of them decode.
    let format = match seg {
        0 => Format::Flat,
        1 => Format::Scratch,
        _ => Format::Global,
    };
    if let Some(row) = rows
        .iter()
        .find(|r| u32::from(r.opcode) == opcode && r.format == format && seg != 3)
    {
        if (zero >> 44) & 1 == 0 {
            let glc = (w0 >> 16) & 1 == 1;
            let s = flat::shape(row, glc, (saddr & 0x7f) as u8);
            let mask = |n: u8, shift: u32| if n == 0 { !(0xffu32 << shift) } else { !0 };
            words[1] &= mask(s.addr, 0) & mask(s.data, 8) & mask(s.vdst, 24);
            if format == Format::Flat {
                words[1] &= !(0x7f << 16);
                words[0] &= !0x1000;
            }
            if flat::is_float_atomic(row) {
                words[0] &= !(1 << 16);
            }
        }
    }
    words
}

#[test]
fn random_words_match_llvm() {
    random_rows_differential(
        "GPUREF_FLAT_RANDOM_WORDS",
        40,
        "FLAT/GLOBAL/SCRATCH",
        0xf1a7,
        flat_rows,
        random_case,
        |t, w, _, k, l| classify(t, w, k, l),
    );
}

/// One pinned case: LLVM accepts `words` printing `text`, we reject them in class `class`.
fn pin(words: [u32; 2], text: &str, class: &str) {
    for t in Target::ALL {
        let note = format!("update 0012 {class}");
        let (k, l) = pin_rejected(t, &words, text, &note);
        assert_eq!(classify(t, &words, &k, &l), Some(class), "{t}");
    }
}

// ---- One named test per disagreement class of docs/design/0012.

#[test]
fn f1_bit_25_ignored_by_llvm() {
    pin(
        [0xde50_8000, 0x017f_0002],
        "global_load_dword v1, v[2:3], off",
        F1,
    );
    for t in Target::ALL {
        // No AccVGPR operands in FLAT on either target (gfx90a encodes them with bit 25).
        assert!(
            llvm_assemble(t, "global_load_dword a1, v[2:3], off").is_err(),
            "{t}: LLVM takes AccVGPRs in FLAT now: update 0012 F1"
        );
        assert!(parse(t, "global_load_dword a1, v[2:3], off").is_err());
    }
}

#[test]
fn f2_nv_ignored_by_llvm() {
    pin([0xdc50_0000, 0x0180_0002], "flat_load_dword v1, v[2:3]", F2);
    for t in Target::ALL {
        assert!(llvm_assemble(t, "flat_load_dword v1, v[2:3] nv").is_err());
        assert!(parse(t, "flat_load_dword v1, v[2:3] nv").is_err());
    }
}

#[test]
fn f3_flat_offset_bit_12() {
    pin(
        [0xdc50_1000, 0x0100_0002],
        "flat_load_dword v1, v[2:3] offset:4096",
        F3,
    );
    for t in Target::ALL {
        let e = llvm_assemble(t, "flat_load_dword v1, v[2:3] offset:4096").unwrap_err();
        assert!(e.contains("12-bit unsigned offset"), "{t}: {e}");
        assert!(parse(t, "flat_load_dword v1, v[2:3] offset:4096").is_err());
    }
}

#[test]
fn f4_unused_vgpr_fields_ignored_by_llvm() {
    // flat_store_dword with VDST = 7; flat_load_dword with DATA = 9; global_atomic_add
    // without return with VDST = 9; scratch_load_dword with an SGPR address and ADDR = 5.
    pin(
        [0xdc70_0000, 0x0700_0402],
        "flat_store_dword v[2:3], v4",
        F4,
    );
    pin([0xdc50_0000, 0x0100_0902], "flat_load_dword v1, v[2:3]", F4);
    pin(
        [0xdd08_8000, 0x097f_0402],
        "global_atomic_add v[2:3], v4, off",
        F4,
    );
    pin(
        [0xdc50_4000, 0x0103_0005],
        "scratch_load_dword v1, off, s3",
        F4,
    );
}

#[test]
fn f5_saddr_125_is_null_in_llvm() {
    pin(
        [0xdc50_8000, 0x017d_0002],
        "global_load_dword v1, v2, null",
        F5,
    );
    for t in Target::ALL {
        assert!(parse(t, "global_load_dword v1, v2, null").is_err());
    }
}

#[test]
fn f6_odd_global_saddr_is_evened_by_llvm() {
    // global_load_dword v1, v2 with SADDR = 5 (s5): LLVM reads s[4:5] and re-encodes 4.
    pin(
        [0xdc50_8000, 0x0105_0002],
        "global_load_dword v1, v2, s[4:5]",
        F6,
    );
    for t in Target::ALL {
        assert_eq!(
            llvm_assemble(t, "global_load_dword v1, v2, s[4:5]"),
            Ok(vec![0x00, 0x80, 0x50, 0xdc, 0x02, 0x00, 0x04, 0x01])
        );
        assert!(llvm_assemble(t, "global_load_dword v1, v2, s[5:6]").is_err());
        assert!(parse(t, "global_load_dword v1, v2, s[5:6]").is_err());
    }
}

#[test]
fn float_atomics_reject_glc_in_both() {
    let t = Target::Gfx908;
    let words = [0xdd35_8000u32, 0x097f_0402];
    let l = llvm_disassemble(t, &[words.to_vec()]).remove(0);
    assert!(matches!(l, Verdict::Reject(_)), "{l:?}");
    assert!(matches!(ours(t, &words).0, Verdict::Reject(_)));
    assert!(llvm_assemble(t, "global_atomic_add_f32 v[2:3], v4, off glc").is_err());
    assert!(parse(t, "global_atomic_add_f32 v[2:3], v4, off glc").is_err());
}
