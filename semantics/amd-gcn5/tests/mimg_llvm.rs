//! Differential test of the MIMG format (image memory) against LLVM 14's `llvm-mc
//! -arch=amdgcn -mcpu=gfx900|gfx908`, a subprocess (if it is missing the test fails and says
//! to install llvm-14). Mirrors tests/mubuf_llvm.rs.
//!
//! 1. `every_mimg_row_matches_llvm`: every MIMG row of both targets with representative
//!    instances (low registers and DMASK 0x1; DMASK 0xF with every flag, D16 where allowed,
//!    TFE where allowed, registers ending at v255 and TTMP resources; DMASK 0 / 0x5 with D16
//!    and the last SGPR resources; DMASK 0x7 with TFE), our words disassembled by llvm-mc
//!    print our text, and our text assembled by llvm-mc gives our words. The three rows
//!    LLVM 14 does not have (IMAGE_GATHER4H, IMAGE_GATHER4H_PCK, IMAGE_GATHER8H_PCK; class
//!    M9) are checked to be rejected by llvm-mc instead.
//! 2. `random_words_match_llvm`: random words per target (MIMG ENCODING, the opcode of a row
//!    7 times in 8 else any 8-bit OP, random fields each zero one time in four, reserved bits
//!    one time in sixteen, half the row cases with the row's rules applied: UNORM for stores
//!    and atomics, SSAMP 0 without a sampler, D16 only where allowed, a legal atomic DMASK,
//!    no atomic TFE), decoded by both: the same text and length, or both reject. Every agreed
//!    text is then assembled by llvm-mc and by `parse` + `encode`. Every disagreement must
//!    fall in a class of [`classify`], documented in docs/design/0016-gcn5-mimg-encodings.md
//!    and pinned by a named test below.
//!
//! `GPUREF_MIMG_RANDOM_WORDS=N` sets the random words per target (default 100000).

use gpuref_amd_gcn5::formats::mimg::{self, Kind, Mimg};
use gpuref_amd_gcn5::formats::{decode, encode, parse, Fields, Instruction};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::{Format, Row, Target};
use gpuref_core::decode::DecodeErrorKind;

mod common;
use common::*;

/// Rows whose LLVM syntax is not done yet. Empty: every MIMG row is compared (the three rows
/// LLVM 14 lacks are class M9).
const NOT_YET: &[&str] = &[];

/// The rows of the Vega manual that LLVM 14 does not have on gfx900 or gfx908 (M9).
const NOT_IN_LLVM: &[&str] = &["IMAGE_GATHER4H", "IMAGE_GATHER4H_PCK", "IMAGE_GATHER8H_PCK"];

fn mimg_rows(t: Target) -> Vec<&'static Row> {
    rows()
        .filter(|r| r.format == Format::Mimg && r.targets.contains(t))
        .collect()
}

/// Representative instances of a row (module documentation).
fn representatives(row: &Row) -> Vec<Mimg> {
    let s = mimg::shape(row);
    let atomic = matches!(s.kind, Kind::Atomic { .. });
    let cmpswap = matches!(s.kind, Kind::Atomic { cmpswap: true });
    let must_unorm = matches!(s.kind, Kind::Store | Kind::Atomic { .. });
    let samp = |f: u8| if s.sampler { f } else { 0 };
    // A gather's DMASK selects exactly one component.
    let gather = s.kind == Kind::Gather;
    let dm = |d: u8, one: u8| if gather { one } else { d };
    let base = Mimg {
        dmask: if cmpswap { 0x3 } else { 0x1 },
        unorm: must_unorm,
        vdata: 1,
        vaddr: 2,
        srsrc: 1,
        ssamp: samp(1),
        ..Mimg::default()
    };
    let mut full = Mimg {
        dmask: if cmpswap {
            0xf
        } else if atomic {
            0x3
        } else {
            dm(0xf, 0x8)
        },
        unorm: true,
        glc: true,
        slc: true,
        a16: true,
        da: true,
        lwe: true,
        tfe: !atomic,
        d16: s.d16,
        vaddr: 0,
        vdata: 0,
        srsrc: 29,
        ssamp: samp(30),
    };
    // LLVM 14 has no 3-dword gather4 data (D16 with TFE): class M8, pinned separately.
    if s.kind == Kind::Gather && full.d16 {
        full.tfe = false;
    }
    full.vaddr = (256 - u32::from(s.addr_min)) as u8;
    full.vdata = (256 - u32::from(full.data_dwords(row))) as u8;
    if gather {
        // LLVM decodes a gather's 4-dword default first (M11).
        full.vdata = 251;
    }
    let mut out = vec![base, full];
    if !atomic {
        out.push(Mimg {
            dmask: dm(0, 0x2),
            glc: true,
            srsrc: 23,
            ssamp: samp(24),
            vdata: 200,
            vaddr: 128,
            ..base
        });
        out.push(Mimg {
            dmask: dm(0x5, 0x4),
            d16: s.d16,
            srsrc: 27,
            ssamp: samp(0),
            vdata: 7,
            vaddr: 3,
            ..base
        });
        out.push(Mimg {
            dmask: dm(0x7, 0x1),
            tfe: true,
            slc: true,
            vdata: 250,
            vaddr: 9,
            ..base
        });
    } else {
        out.push(Mimg {
            glc: true,
            srsrc: 23,
            ssamp: 0,
            vdata: 200,
            vaddr: 128,
            dmask: if cmpswap { 0xf } else { 0x3 },
            ..base
        });
    }
    out
}

#[test]
fn every_mimg_row_matches_llvm() {
    // The round-tripped representatives of the rows LLVM has (`true`) or lacks (M9).
    let instances = |t, in_llvm: bool| -> Vec<Instruction> {
        let mut rows = mimg_rows(t);
        rows.retain(|r| NOT_IN_LLVM.contains(&r.name) != in_llvm);
        let encode = |row, d: &_| mimg::encode(row, d).to_vec();
        instances_of(t, rows, representatives, encode, Fields::Mimg)
    };
    rows_differential(
        NOT_YET,
        |t| instances(t, true),
        |t, insts, agreeing, failures| {
            // M9: LLVM rejects both the words and the text of the rows it lacks.
            let not_in_llvm = instances(t, false);
            let cases: Vec<Vec<u32>> = not_in_llvm.iter().map(encode).collect();
            for (inst, l) in not_in_llvm.iter().zip(llvm_disassemble(t, &cases)) {
                if !matches!(l, Verdict::Reject(_)) {
                    failures.push(format!("{t} M9 changed: llvm-mc decodes `{inst}` as {l:?}"));
                }
                if llvm_assemble(t, &inst.to_string()).is_ok() {
                    failures.push(format!("{t} M9 changed: llvm-mc assembles `{inst}`"));
                }
            }
            let rows = mimg_rows(t);
            println!(
                "{t}: MIMG rows {} ({} instances compared, {} rows / {} instances of M9 rejected by llvm-mc); agreeing both ways: {}",
                rows.len(),
                insts.len(),
                rows.iter().filter(|r| NOT_IN_LLVM.contains(&r.name)).count(),
                not_in_llvm.len(),
                agreeing.len()
            );
        },
    );
}

/// A random MIMG case (module documentation).
fn random_case(rows: &[&Row], state: &mut u64) -> Vec<u32> {
    let r = next(state);
    let opcode = if r & 7 == 0 {
        ((r >> 16) & 0xff) as u32
    } else {
        u32::from(rows[(r >> 16) as usize % rows.len()].opcode)
    };
    let v = next(state);
    let zero = next(state);
    let keep = |bit: u32, x: u64| if (zero >> (2 * bit)) & 3 == 0 { 0 } else { x };
    let reserved = (zero >> 20) & 15 == 0;
    let mut w0 = 0b11_1100 << 26
        | (opcode & 0x7f) << 18
        | (opcode >> 7) & 1
        | (keep(0, v & 0xf) as u32) << 8
        | (((v >> 4) & 0x3f) as u32) << 12
        | (((v >> 10) & 1) as u32) << 25;
    let mut w1 = (keep(1, (v >> 16) & 0xff) as u32)
        | (keep(2, (v >> 24) & 0xff) as u32) << 8
        | (keep(3, (v >> 32) & 0x1f) as u32) << 16
        | (keep(4, (v >> 37) & 0x1f) as u32) << 21
        | (((v >> 42) & 1) as u32) << 31;
    if (zero >> 30) & 1 == 1 {
        // TFE clear more often: it widens VDATA.
        w0 &= !(1 << 16);
    }
    if reserved {
        if (zero >> 40) & 1 == 0 {
            w0 |= (((v >> 48) & 0x7f) as u32).max(1) << 1;
        } else {
            w1 |= (((v >> 56) & 0x1f) as u32).max(1) << 26;
        }
    }
    if (zero >> 24) & 1 == 0 {
        if let Some(row) = rows.iter().find(|r| u32::from(r.opcode) == opcode) {
            let s = mimg::shape(row);
            if matches!(s.kind, Kind::Store | Kind::Atomic { .. }) {
                w0 |= 1 << 12;
            }
            if !s.sampler {
                w1 &= !(0x1f << 21);
            }
            if !s.d16 {
                w1 &= !(1 << 31);
            }
            if s.kind == Kind::Gather {
                w0 = (w0 & !0xf00) | 1 << (8 + ((v >> 60) & 3));
            }
            if let Kind::Atomic { cmpswap } = s.kind {
                let legal = if cmpswap { [3, 0xf] } else { [1, 3] };
                w0 = (w0 & !0xf00) | legal[((v >> 60) & 1) as usize] << 8;
                w0 &= !(1 << 16);
            }
        }
    }
    vec![w0, w1]
}

#[test]
fn random_words_match_llvm() {
    random_rows_differential(
        "GPUREF_MIMG_RANDOM_WORDS",
        60,
        "MIMG",
        0x1316,
        mimg_rows,
        random_case,
        classify,
    );
}

// ---- Disagreement classes of docs/design/0016 ("Disagreements with LLVM 14").

const M1: &str = "M1 a reserved bit set (dword 0 bits 7:1, dword 1 bits 30:26): LLVM ignores it";
const M2: &str = "M2 OP[7] set (opcodes 128..255): LLVM decodes the GFX10.3 *_G16 sample opcodes";
const M3: &str =
    "M3 UNORM = 0 on an image store or atomic: the manual says it must be 1; LLVM accepts";
const M4: &str =
    "M4 an atomic DMASK other than 0x1/0x3 (CMPSWAP 0x3/0xF): the manual forbids it; LLVM accepts";
const M5: &str = "M5 TFE on an image atomic: rejected as for buffer atomics; LLVM accepts";
const M6: &str =
    "M6 SRSRC 24 (s[96:103]) or SSAMP 25/26 (s[100:103], xnack_mask): LLVM prints registers past s101";
const M7: &str = "M7 VDATA runs past v255: LLVM prints its default data width instead";
const M8: &str =
    "M8 a data width LLVM has no register class for (GATHER4 with D16 and TFE: 3 dwords): LLVM prints 4";
const M10: &str = "M10 a gather DMASK without exactly one bit: LLVM's disassembler prints it, its assembler rejects it";
const M11: &str =
    "M11 a gather with D16 at v253/v254: LLVM decodes its 4-dword default data first and rejects";
const M9: &str = "M9 IMAGE_GATHER4H / GATHER4H_PCK / GATHER8H_PCK: in the manual, not in LLVM 14";

/// The class of a disassembly disagreement, each documented in docs/design/0016
/// ("Disagreements with LLVM 14"), or `None` when unexplained.
fn classify(
    t: Target,
    words: &[u32],
    our: &Verdict,
    our_kind: &Option<DecodeErrorKind>,
    llvm: &Verdict,
) -> Option<&'static str> {
    let op = mimg::opcode(words[0]);
    let row = rows().find(|r| r.format == Format::Mimg && r.opcode == op && r.targets.contains(t));
    let gather = row.is_some_and(|r| mimg::shape(r).kind == Kind::Gather);
    if let (Verdict::Accept { .. }, Verdict::Reject(_)) = (our, llvm) {
        if NOT_IN_LLVM.contains(&row?.name) {
            return Some(M9);
        }
        let vdata = (words[1] >> 8) & 0xff;
        return (gather && vdata + 4 > 256).then_some(M11);
    }
    if let (Verdict::Accept { text: a, .. }, Verdict::Accept { text: b, .. }) = (our, llvm) {
        // M8: the same text but the data operand.
        let (ad, ar) = a.split_once(", ")?;
        let (bd, br) = b.split_once(", ")?;
        let (inst, _) = decode(t, words).ok()?;
        let Fields::Mimg(m) = inst.fields else {
            return None;
        };
        let s = mimg::shape(inst.row);
        let width = m.data_dwords(inst.row);
        return (ar == br
            && ad.split_once(' ')?.0 == bd.split_once(' ')?.0
            && s.kind == Kind::Gather
            && width == 3
            && bd.ends_with(&format!("v[{}:{}]", m.vdata, u32::from(m.vdata) + 3)))
        .then_some(M8);
    }
    let Verdict::Accept { text, .. } = llvm else {
        return None;
    };
    if op >= 128 {
        return matches!(our_kind, Some(DecodeErrorKind::UnknownOpcode { .. }))
            .then_some(())
            .filter(|_| text.contains("_g16 "))
            .map(|_| M2);
    }
    let Some(DecodeErrorKind::IllegalField { field, value, .. }) = our_kind else {
        return None;
    };
    match *field {
        "bits 7:1" | "dword 1 bits 30:26" => Some(M1),
        "UNORM" => Some(M3),
        "DMASK" if gather => Some(M10),
        "DMASK" => Some(M4),
        "TFE" => Some(M5),
        "SRSRC" if *value == 24 => Some(M6),
        "SSAMP" if matches!(value, 25 | 26) => Some(M6),
        "VDATA" => Some(M7),
        _ => None,
    }
}

/// LLVM prints `llvm_text`, we reject, and the case is in `class`.
fn pin(words: [u32; 2], llvm_text: &str, class: &str) {
    for t in Target::ALL {
        let note = format!("update docs/design/0016 ({class})");
        let (k, l) = pin_rejected(t, &words, llvm_text, &note);
        let o = ours(t, &words).0;
        assert_eq!(classify(t, &words, &o, &k, &l), Some(class), "{t}");
    }
}

#[test]
fn m1_reserved_bits_ignored_by_llvm() {
    let text = "image_sample v[0:3], v4, s[8:15], s[16:19] dmask:0xf";
    pin([0xf080_0f02, 0x0082_0004], text, M1); // bit 1
    pin([0xf080_0f80, 0x0082_0004], text, M1); // bit 7
    pin([0xf080_0f00, 0x0482_0004], text, M1); // dword 1 bit 26
    pin([0xf080_0f00, 0x4082_0004], text, M1); // dword 1 bit 30
}

#[test]
fn m2_g16_opcodes_decoded_by_llvm() {
    // OP = 162 (0xa2): bit 0 set, OP[6:0] = 0x22.
    pin(
        [0xf088_0f01, 0x0082_0004],
        "image_sample_d_g16 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf",
        M2,
    );
    for t in Target::ALL {
        let text = "image_sample_d_g16 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf";
        assert!(llvm_assemble(t, text).is_ok(), "{t}: update 0016 M2");
        assert!(parse(t, text).is_err());
    }
}

#[test]
fn m3_unorm_required_on_stores_and_atomics() {
    pin(
        [0xf020_0f00, 0x0002_0004],
        "image_store v[0:3], v4, s[8:15] dmask:0xf",
        M3,
    );
    pin(
        [0xf048_0100, 0x0002_0004],
        "image_atomic_add v0, v4, s[8:15] dmask:0x1",
        M3,
    );
    for t in Target::ALL {
        let text = "image_store v[0:3], v4, s[8:15] dmask:0xf";
        assert!(llvm_assemble(t, text).is_ok(), "{t}: update 0016 M3");
        assert!(parse(t, text).is_err());
        let ok = "image_store v[0:3], v4, s[8:15] dmask:0xf unorm";
        assert_eq!(
            llvm_assemble(t, ok),
            Ok(le_bytes(&encode(&parse(t, ok).unwrap())))
        );
    }
}

#[test]
fn m4_atomic_dmask_values() {
    pin(
        [0xf048_1500, 0x0002_0004],
        "image_atomic_add v[0:1], v4, s[8:15] dmask:0x5 unorm",
        M4,
    );
    // CMPSWAP with DMASK 0x1: LLVM prints its default 2-dword data and cannot assemble it.
    pin(
        [0xf044_1100, 0x0002_0004],
        "image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x1 unorm",
        M4,
    );
    for t in Target::ALL {
        let text = "image_atomic_cmpswap v[0:1], v4, s[8:15] dmask:0x1 unorm";
        assert!(llvm_assemble(t, text).is_err());
        assert!(parse(t, text).is_err());
    }
}

#[test]
fn m5_tfe_on_image_atomics() {
    pin(
        [0xf049_1100, 0x0002_0004],
        "image_atomic_add v[0:1], v4, s[8:15] dmask:0x1 unorm tfe",
        M5,
    );
    // 64-bit with TFE: LLVM has no 3-dword atomic data and prints its default width.
    pin(
        [0xf049_1300, 0x0002_0004],
        "image_atomic_add v0, v4, s[8:15] dmask:0x3 unorm tfe",
        M5,
    );
}

#[test]
fn m6_resources_past_the_sgprs() {
    pin(
        [0xf000_0100, 0x0018_0004],
        "image_load v0, v4, s[96:103] dmask:0x1",
        M6,
    );
    pin(
        [0xf080_0100, 0x0322_0004],
        "image_sample v0, v4, s[8:15], s[100:103] dmask:0x1",
        M6,
    );
    pin(
        [0xf080_0100, 0x0342_0004],
        "image_sample v0, v4, s[8:15], xnack_mask dmask:0x1",
        M6,
    );
}

#[test]
fn m7_vdata_past_v255() {
    pin(
        [0xf000_0f00, 0x0002_fd04],
        "image_load v253, v4, s[8:15] dmask:0xf",
        M7,
    );
    pin(
        [0xf001_0100, 0x0002_ff04],
        "image_load v255, v4, s[8:15] dmask:0x1 tfe",
        M7,
    );
}

#[test]
fn m8_gather4_d16_tfe_width() {
    let words = [0xf101_0100u32, 0x8082_0004];
    for t in Target::ALL {
        let (o, k, l) = both(t, &words);
        assert_eq!(
            o,
            Verdict::Accept {
                text: "image_gather4 v[0:2], v4, s[8:15], s[16:19] dmask:0x1 tfe d16".into(),
                words: 2
            }
        );
        assert_eq!(
            l,
            Verdict::Accept {
                text: "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1 tfe d16".into(),
                words: 2
            },
            "{t}: LLVM changed: update docs/design/0016 (M8)"
        );
        assert_eq!(classify(t, &words, &o, &k, &l), Some(M8));
        // LLVM's assembler takes neither text.
        for text in [
            "image_gather4 v[0:2], v4, s[8:15], s[16:19] dmask:0x1 tfe d16",
            "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1 tfe d16",
        ] {
            assert!(llvm_assemble(t, text).is_err(), "{t}: update 0016 M8");
        }
    }
}

#[test]
fn m9_rows_llvm_does_not_have() {
    // gfx900 has them (the Vega manual); gfx908's rows come from LLVM, which lacks them, so
    // the table leaves them out there and both decoders reject their words.
    for name in NOT_IN_LLVM {
        assert!(
            mimg_rows(Target::Gfx908).iter().all(|r| r.name != *name),
            "{name} must not be a gfx908 row (docs/design/0016 M9)"
        );
        let row = mimg_rows(Target::Gfx900)
            .into_iter()
            .find(|r| r.name == *name)
            .expect("a gfx900 row");
        let words = mimg::encode(
            row,
            &Mimg {
                dmask: 1,
                vaddr: 4,
                srsrc: 2,
                ssamp: 4,
                ..Mimg::default()
            },
        );
        let (o, _, l) = both(Target::Gfx908, &words);
        assert!(matches!(l, Verdict::Reject(_)), "gfx908: {name}: {l:?}");
        assert!(matches!(o, Verdict::Reject(_)), "gfx908: {name}: {o:?}");
    }
    for t in [Target::Gfx900] {
        for name in NOT_IN_LLVM {
            let row = mimg_rows(t)
                .into_iter()
                .find(|r| r.name == *name)
                .unwrap_or_else(|| panic!("{t}: {name} is not in the table"));
            let m = Mimg {
                dmask: 1,
                vaddr: 4,
                srsrc: 2,
                ssamp: 4,
                ..Mimg::default()
            };
            let words = mimg::encode(row, &m);
            let (o, k, l) = both(t, &words);
            assert!(matches!(l, Verdict::Reject(_)), "{t}: {name}: {l:?}");
            assert!(matches!(o, Verdict::Accept { .. }), "{t}: {name}: {o:?}");
            assert_eq!(classify(t, &words, &o, &k, &l), Some(M9));
            let text = format!("{} v[0:3], v4, s[8:15], s[16:19] dmask:0x1", row.mnemonic());
            assert!(llvm_assemble(t, &text).is_err(), "{t}: {text}");
            assert_eq!(parse(t, &text).map(|i| encode(&i)), Ok(words.to_vec()));
        }
    }
}

#[test]
fn n1_vaddr_width_is_llvms_smallest() {
    // The encoding does not say how many address VGPRs there are; LLVM prints its smallest
    // variant (16-bit addresses, one dimension) and assembles every width it has the same.
    for t in Target::ALL {
        let words = [0xf088_0f00u32, 0x0082_0004]; // image_sample_d
        let (o, _, l) = both(t, &words);
        assert_eq!(l, o);
        assert_eq!(
            o,
            Verdict::Accept {
                text: "image_sample_d v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf".into(),
                words: 2
            }
        );
        for text in [
            "image_sample_d v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf",
            "image_sample_d v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf",
            "image_sample_d v[0:3], v[4:10], s[8:15], s[16:19] dmask:0xf",
        ] {
            assert_eq!(llvm_assemble(t, text), Ok(le_bytes(&words)), "{t}: {text}");
            assert_eq!(
                parse(t, text).map(|i| encode(&i)),
                Ok(words.to_vec()),
                "{t}: {text}"
            );
        }
        // Narrower than the smallest: both reject.
        let text = "image_sample_d v[0:3], v4, s[8:15], s[16:19] dmask:0xf";
        assert!(llvm_assemble(t, text).is_err());
        assert!(parse(t, text).is_err());
    }
}

#[test]
fn n2_lwe_adds_no_data_dword_in_llvm_text() {
    for t in Target::ALL {
        let words = [0xf002_0100u32, 0x0002_0004]; // image_load dmask:0x1 lwe
        let (o, _, l) = both(t, &words);
        assert_eq!(l, o);
        assert_eq!(
            o,
            Verdict::Accept {
                text: "image_load v0, v4, s[8:15] dmask:0x1 lwe".into(),
                words: 2
            }
        );
    }
}

#[test]
fn m10_gather_dmask_one_bit() {
    pin(
        [0xf100_0300, 0x0082_0004],
        "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x3",
        M10,
    );
    pin(
        [0xf100_0000, 0x0082_0004],
        "image_gather4 v[0:3], v4, s[8:15], s[16:19]",
        M10,
    );
    for t in Target::ALL {
        let text = "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x3";
        let e = llvm_assemble(t, text).expect_err("update 0016 M10");
        assert!(e.contains("only one bit must be set"), "{e}");
        assert!(parse(t, text).is_err());
    }
}

#[test]
fn m11_gather_d16_near_v255() {
    // image_gather4 v[253:254] ... dmask:0x1 d16: two dwords fit, LLVM's default four do not.
    let words = [0xf100_0100u32, 0x8082_fd04];
    for t in Target::ALL {
        let (o, k, l) = both(t, &words);
        assert_eq!(
            o,
            Verdict::Accept {
                text: "image_gather4 v[253:254], v4, s[8:15], s[16:19] dmask:0x1 d16".into(),
                words: 2
            }
        );
        assert!(
            matches!(l, Verdict::Reject(_)),
            "{t}: update 0016 M11: {l:?}"
        );
        assert_eq!(classify(t, &words, &o, &k, &l), Some(M11));
        // LLVM's assembler takes the text.
        let text = "image_gather4 v[253:254], v4, s[8:15], s[16:19] dmask:0x1 d16";
        assert_eq!(llvm_assemble(t, text), Ok(le_bytes(&words)));
    }
}
