//! R700 through the registry (issue 18): `asm` of a program listing gives the words typed
//! by hand from the manual's field tables, `disasm` of those words prints the listing back
//! (one line per unit with its byte offset), and `coverage` counts every row of every
//! format as decoded.

mod common;
use common::text;
use std::process::{Command, Output};

fn gpuref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuref"))
        .args(args)
        .output()
        .unwrap()
}

/// An ALU clause with a literal, a TEX clause 16-byte aligned after a padding slot, then
/// END_OF_PROGRAM; the words typed from R700 ch.10 (CF_ALU_WORD1 COUNT [24:18], CF_INST
/// [29:26]; CF_WORD1 CF_INST [29:23], END_OF_PROGRAM 21; ALU_WORD0 SRC0_SEL [8:0] = 253
/// literal, LAST 31; ALU_WORD1_OP2 WRITE_MASK 4, ALU_INST [17:7] = 25 MOV, DST_CHAN
/// [30:29]; TEX_WORD0 TEX_INST [4:0] = 16 SAMPLE, RESOURCE_ID [15:8]).
const LISTING: &[(&str, &str)] = &[
    ("00000003 20040000", "ALU ADDR(3) COUNT(1)"),
    ("00000006 00800000", "TEX ADDR(6)"),
    ("00000000 80200000", "NOP END_OF_PROGRAM BARRIER"),
    ("800000fd 20000c90", "y: MOV R0.y, literal.x LAST"),
    ("3f800000 00000000", "LITERAL 0x3f800000 0x00000000"),
    ("00000000 00000000", "DATA 0x00000000 0x00000000"),
    (
        "00000310 00000000 00000000 00000000",
        "SAMPLE RESOURCE_ID(3)",
    ),
];

#[test]
fn asm_and_disasm_roundtrip_a_program() {
    let source: Vec<&str> = LISTING.iter().map(|(_, t)| *t).collect();
    let o = gpuref(&["asm", "--target", "rv770", &source.join("\n")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let words: Vec<&str> = LISTING.iter().map(|(w, _)| *w).collect();
    assert_eq!(String::from_utf8_lossy(&o.stdout), words.join("\n") + "\n");

    let o = gpuref(&["disasm", "--target", "rv770", "--hex", &words.join(" ")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let mut offset = 0;
    for ((w, t), line) in LISTING.iter().zip(out.lines()) {
        assert_eq!(line, format!("{offset:08x}: {w:<26} {t}"));
        offset += w.split(' ').count() * 4;
    }
    assert_eq!(out.lines().count(), LISTING.len());
}

#[test]
fn coverage_counts_every_row_of_every_format() {
    let o = gpuref(&["coverage", "--target", "rv770"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    // The counts of ch.10's enumerations (see semantics/amd-r700 instructions/tests.rs).
    for (format, n) in [
        ("CF_WORD1", 26),
        ("CF_ALU_WORD1", 7),
        ("CF_ALLOC_EXPORT_WORD1", 10),
        ("ALU_WORD1_OP2", 115),
        ("ALU_WORD1_OP3", 22),
        ("TEX_WORD0", 31),
        ("total", 218),
    ] {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(format))
            .unwrap_or_else(|| panic!("{format} missing:\n{out}"));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cols[1..3], [n.to_string(), n.to_string()], "{line}");
    }
}

/// `gpuref check` on an R700 encoding file (one-line programs, design note 0044): the typed
/// case passes, a wrong one fails in both directions.
#[test]
fn check_runs_r700_encoding_files() {
    let dir = common::tempdir("r700", "check");
    let path = dir.join("cf.vec");
    std::fs::write(
        &path,
        "#!gpuref-vectors 1\n#!isa r700\n#!target rv770\n#!kind encoding\n#!instruction encoding.cf\n\
         ## typed from ch.10: CF_WORD1 END_OF_PROGRAM 21, BARRIER 31, CF_INST 0 NOP\n\
         nop.1\t00000000 80200000\tNOP END_OF_PROGRAM BARRIER\t-\t-\t-\t*\t-\n\
         nop.wrong\t00000000 80200000\tNOP END_OF_PROGRAM\t-\t-\t-\t*\t-\n",
    )
    .unwrap();
    let o = gpuref(&["check", path.to_str().unwrap()]);
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains("1 passed, 1 failed"), "{all}");
    assert!(all.contains("FAIL nop.wrong"), "{all}");
    assert!(
        all.contains(
            "decode printed `NOP END_OF_PROGRAM BARRIER`; assembling gave 00000000 00200000"
        ),
        "{all}"
    );
}
