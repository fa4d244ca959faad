//! `gpuref disasm`, `gpuref asm` and the GCN5 encoding vectors, end to end: known encodings
//! typed from llvm-mc's output, every error path with its exit status, the roundtrip
//! disasm(asm(x)) over a sample of every decoded form, and encoding files under `check` and
//! `run` (also with a broken expectation and against an adapter).

mod common;
use common::{gpuref, tempdir, text};
use gpuref_amd_gcn5::Target;
use gpuref_conformance::isa::gcn5::generate::encoding as gcn5_encoding;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn run(args: &[&str]) -> Output {
    gpuref().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = gpuref()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// (words, text) pairs typed from `llvm-mc -arch=amdgcn -mcpu=gfx900 -show-encoding` (the
/// words) and `--disassemble` (the text), LLVM 14: SOP2 with a literal, SMEM, DS, MUBUF,
/// GLOBAL, VINTRP, EXP, SOPP, VOP2, VOP3A, SDWA and DPP.
const KNOWN: &[(&str, &str)] = &[
    ("8000ff01 00001234", "s_add_u32 s0, s1, 0x1234"),
    ("c0060101 00000010", "s_load_dwordx2 s[4:5], s[2:3], 0x10"),
    ("d81a0010 00000201", "ds_write_b32 v1, v2 offset:16"),
    (
        "e0500004 01010100",
        "buffer_load_dword v1, off, s[4:7], s1 offset:4",
    ),
    ("dc508000 017f0002", "global_load_dword v1, v[2:3], off"),
    ("d4040000", "v_interp_p1_f32_e32 v1, v0, attr0.x"),
    ("c400180f 03020100", "exp mrt0 v0, v1, v2, v3 done vm"),
    ("bf8c0070", "s_waitcnt vmcnt(0) lgkmcnt(0)"),
    ("bf810000", "s_endpgm"),
    ("02000501", "v_add_f32_e32 v0, v1, v2"),
    ("d1010000 00020501", "v_add_f32_e64 v0, v1, v2"),
    (
        "7e0002f9 00060501",
        "v_mov_b32_sdwa v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:DWORD",
    ),
    (
        "7e0002fa ff00e401",
        "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
    ),
];

fn known_hex() -> String {
    KNOWN.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(" ")
}

/// The text column of `disasm` output lines.
fn texts(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.get(37..).unwrap_or("").to_string())
        .collect()
}

#[test]
fn disasm_prints_offsets_words_and_llvm_text() {
    let o = run(&["disasm", "--target", "gfx900", "--hex", &known_hex()]);
    assert!(o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    let want: Vec<String> = KNOWN.iter().map(|(_, t)| t.to_string()).collect();
    assert_eq!(texts(&out), want, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "00000000: 8000ff01 00001234          s_add_u32 s0, s1, 0x1234"
    );
    assert!(
        lines[1].starts_with("00000008: c0060101 00000010 "),
        "{out}"
    );
    assert!(lines[5].starts_with("00000028: d4040000 "), "{out}");
    // The same code as little-endian bytes, from a file and from stdin, on gfx908 too.
    let words: Vec<u32> = known_hex()
        .split(' ')
        .map(|w| u32::from_str_radix(w, 16).unwrap())
        .collect();
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let d = tempdir("gcn5", "bytes");
    let f = d.join("code.bin");
    std::fs::write(&f, &bytes).unwrap();
    let o = gpuref()
        .args(["disasm", "--target", "gfx908"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stdout(&o), out);
    let o = run_stdin(&["disasm", "--target", "gfx900", "-"], &bytes);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stdout(&o), out);
}

#[test]
fn asm_prints_the_words_llvm_mc_gives() {
    let src: Vec<&str> = KNOWN.iter().map(|(_, t)| *t).collect();
    let o = run(&["asm", "--target", "gfx900", &src.join("\n")]);
    assert!(o.status.success(), "{}", text(&o));
    let want: Vec<&str> = KNOWN.iter().map(|(w, _)| *w).collect();
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
    // A file with comments and blank lines; and stdin.
    let d = tempdir("gcn5", "asm");
    let f = d.join("k.s");
    std::fs::write(
        &f,
        "; a kernel\n\n  s_add_u32 s0, s1, 0x1234 // add\r\n\ts_endpgm ; done\n",
    )
    .unwrap();
    let o = gpuref()
        .args(["asm", "--target", "gfx908", "--file"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(stdout(&o), "8000ff01 00001234\nbf810000\n");
    let o = run_stdin(&["asm", "--target", "gfx900", "--file", "-"], b"s_nop 0\n");
    assert_eq!(stdout(&o), "bf800000\n", "{}", text(&o));
}

#[test]
fn disasm_errors_name_the_byte_offset_and_go_on() {
    // s_nop 0; SOP1 opcode 0xff (unknown); SOP2 with SSRC0 = 0xd1 (reserved); s_endpgm;
    // then an SMEM first dword without its second.
    let o = run(&[
        "disasm",
        "--target",
        "gfx900",
        "--hex",
        "bf800000 be80ff00 800000d1 bf810000 c0060101",
    ]);
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{all}");
    assert!(lines[0].ends_with("s_nop 0"), "{all}");
    assert!(
        lines[1].contains(
            ".long 0xbe80ff00 // error: byte offset 0x4: unknown SOP1 opcode 255 on gfx900"
        ),
        "{all}"
    );
    assert!(
        lines[2].contains(".long 0x800000d1 // error: byte offset 0x8: illegal SSRC0 value 0xd1"),
        "{all}"
    );
    assert!(lines[3].ends_with("s_endpgm"), "{all}");
    assert!(
        lines[4]
            .contains("byte offset 0x10: truncated: the instruction needs 2 dwords, 1 available"),
        "{all}"
    );
    assert!(
        all.contains("gpuref disasm: 3 of 5 lines did not decode"),
        "{all}"
    );
    // A byte count that is not a multiple of 4.
    let o = run_stdin(
        &["disasm", "--target", "gfx900", "-"],
        &[0x00, 0x00, 0x81, 0xbf, 0xaa, 0xbb],
    );
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains("s_endpgm"), "{all}");
    assert!(
        all.contains(".byte 0xaa, 0xbb // error: byte offset 0x4: 2 trailing bytes"),
        "{all}"
    );
}

#[test]
fn disasm_and_asm_usage_errors_exit_2() {
    for (args, want) in [
        (
            vec!["disasm", "--target", "gfx1030", "--hex", "bf800000"],
            "unknown target `gfx1030` (known: gfx900, gfx908)",
        ),
        (
            vec!["disasm", "--target", "gfx900", "--hex", "bf800000 bf8g0000"],
            "--hex: column 10: `bf8g0000` is not a hex dword",
        ),
        (
            vec!["disasm", "--target", "gfx900", "--hex", "123456789"],
            "column 1: `123456789` is not a hex dword",
        ),
        (
            vec!["disasm", "--target", "gfx900"],
            "give the code with --hex",
        ),
        (
            vec!["disasm", "--target", "gfx900", "/nonexistent/code.bin"],
            "/nonexistent/code.bin: cannot read",
        ),
        (vec!["disasm", "--hex", "bf800000"], "--target"),
        (
            vec!["asm", "--target", "gfx1", "s_nop 0"],
            "unknown target `gfx1`",
        ),
        (
            vec!["asm", "--target", "gfx900"],
            "give the assembly as TEXT",
        ),
        (
            vec!["asm", "--target", "gfx900", "--file", "/nonexistent/k.s"],
            "/nonexistent/k.s: cannot read",
        ),
        (
            vec!["asm", "--target", "gfx900", "; only a comment\n"],
            "<text>: no instructions",
        ),
    ] {
        let o = run(&args);
        let all = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {all}");
        assert!(all.contains(want), "{args:?}: {all}");
        assert!(!all.contains("panicked"), "{args:?}: {all}");
    }
    let o = run_stdin(
        &["asm", "--target", "gfx900", "--file", "-"],
        b"s_nop \xff\n",
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("not UTF-8 text (byte offset 6)"),
        "{}",
        text(&o)
    );
}

#[test]
fn asm_errors_name_line_and_column_and_go_on() {
    let src = "s_nop 0\n  s_bogus s0\ns_add_u32 s0, s1, s999\n\ns_endpgm\ns_add_u32 s0, s1\n";
    let o = run(&["asm", "--target", "gfx900", src]);
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert_eq!(stdout(&o), "bf800000\nbf810000\n", "{all}");
    assert!(
        all.contains("gpuref asm: <text>:2:3: unknown mnemonic `s_bogus` on gfx900"),
        "{all}"
    );
    assert!(all.contains("gpuref asm: <text>:3:19: "), "{all}");
    assert!(all.contains("gpuref asm: <text>:6:"), "{all}");
    assert!(
        all.contains("3 of 5 instructions did not assemble"),
        "{all}"
    );
    // An MI100-only instruction is unknown on Vega (and the file name is in the error).
    let d = tempdir("gcn5", "asmerr");
    let f = d.join("mi100.s");
    std::fs::write(&f, "\n\nglobal_atomic_add_f32 v[0:1], v2, off\n").unwrap();
    let o = gpuref()
        .args(["asm", "--target", "gfx900", "--file"])
        .arg(&f)
        .output()
        .unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(
        all.contains(&format!(
            "{}:3:1: unknown mnemonic `global_atomic_add_f32` on gfx900",
            f.display()
        )),
        "{all}"
    );
    let o = gpuref()
        .args(["asm", "--target", "gfx908", "--file"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
}

/// disasm(asm --lenient(x)) == x for a sample of every decoded form's cases (every 7th),
/// through the command line, on both targets. The encoding vectors pin what a decoder reads
/// in every field, so some break the manual's constant-bus limits: the default assembler
/// refuses exactly those, naming the rule (docs/design/0046, "The corpus").
#[test]
fn disasm_of_asm_is_the_identity_on_a_sample_of_every_form() {
    for target in Target::ALL {
        let mut sample = Vec::new();
        let mut forms = Vec::new();
        for (file, cases) in gcn5_encoding::cases(target) {
            forms.push(file);
            sample.extend(cases.iter().step_by(7).map(|e| e.text.clone()));
        }
        assert!(forms.len() >= 14, "{forms:?}");
        let d = tempdir("gcn5", &format!("roundtrip-{target}"));
        let f = d.join("sample.s");
        std::fs::write(&f, sample.join("\n")).unwrap();
        let strict = gpuref()
            .args(["asm", "--target", target.name(), "--file"])
            .arg(&f)
            .output()
            .unwrap();
        let errors: Vec<String> = String::from_utf8_lossy(&strict.stderr)
            .lines()
            .filter(|l| !l.contains("instructions did not assemble"))
            .map(str::to_string)
            .collect();
        assert!(!errors.is_empty(), "the sample holds constant-bus texts");
        assert!(
            errors
                .iter()
                .all(|l| l.contains("rule gcn5.asm.constant_bus.")),
            "{errors:#?}"
        );
        let o = gpuref()
            .args(["asm", "--lenient", "--target", target.name(), "--file"])
            .arg(&f)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        let hex = stdout(&o);
        let o = run(&["disasm", "--target", target.name(), "--hex", &hex]);
        assert!(o.status.success(), "{}", text(&o));
        let back = texts(&stdout(&o));
        assert_eq!(back.len(), sample.len());
        for (a, b) in sample.iter().zip(&back) {
            assert_eq!(a, b, "{target}");
        }
    }
}

fn encoding_corpus(name: &str) -> PathBuf {
    let d = tempdir("gcn5", name);
    let o = gpuref()
        .args(["generate", "--isa", "gcn5", "--out"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert!(!d.join("float").exists(), "--isa gcn5 wrote float files");
    // The ALU value vectors have tests of their own (below and in cli.rs).
    for t in ["amd-gcn5-vega", "amd-gcn5-mi100"] {
        assert!(
            d.join(t).join("alu/vop2/v_add_f32.vec").exists(),
            "--isa gcn5 wrote no alu files"
        );
        std::fs::remove_dir_all(d.join(t).join("alu")).unwrap();
    }
    // The tests below change files of this trimmed corpus on purpose: without its manifest
    // it is no longer a generated corpus whose files must hash as listed.
    std::fs::remove_file(d.join("MANIFEST")).unwrap();
    d
}

#[test]
fn alu_vectors_are_sent_to_an_adapter_that_declares_gcn5() {
    let d = tempdir("gcn5", "alu-adapter");
    let o = gpuref()
        .args(["generate", "--isa", "gcn5", "--out"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let v = tempdir("gcn5", "alu-adapter-vectors");
    std::fs::create_dir_all(v.join("amd-gcn5-vega/alu/vop3b")).unwrap();
    for f in ["v_div_scale_f32.vec", "v_mad_u64_u32.vec"] {
        std::fs::copy(
            d.join("amd-gcn5-vega/alu/vop3b").join(f),
            v.join("amd-gcn5-vega/alu/vop3b").join(f),
        )
        .unwrap();
    }
    // An adapter that declares gcn5 and answers `unsupported` to every case it gets.
    let adapter = "printf 'hello\\t1\\tnull\\tgcn5:gfx900\\t-\\n'; while IFS= read -r l; do case \"$l\" in case*) id=$(printf '%s' \"$l\" | cut -f2); printf 'unsupported\\t%s\\tnot implemented\\n' \"$id\";; esac; done";
    let o = gpuref()
        .args(["run", "--no-progress", "--timeout", "5", "--vectors"])
        .arg(&v)
        .args(["--adapter", adapter])
        .output()
        .unwrap();
    let all = text(&o);
    assert!(o.status.success(), "{all}");
    let row = all
        .lines()
        .find(|l| l.starts_with("gcn5     alu"))
        .unwrap_or_else(|| panic!("{all}"));
    let cols: Vec<usize> = row
        .split_whitespace()
        .skip(2)
        .filter_map(|c| c.parse().ok())
        .collect();
    // files, cases, passed, failed, unsupported, faults: every case answered unsupported.
    assert_eq!((cols[0], cols[4], cols[5]), (2, cols[1], 0), "{row}");
    assert!(cols[1] > 100, "{row}");
}

#[test]
fn encoding_vectors_check_both_directions_and_report_failures() {
    let d = encoding_corpus("enc");
    let sop2 = d.join("amd-gcn5-vega/encoding/sop2.vec");
    let t = std::fs::read_to_string(&sop2).unwrap();
    assert!(
        t.contains("\n#!isa gcn5\n#!target gfx900\n#!kind encoding\n"),
        "{t}"
    );
    assert!(
        t.contains("(semantics/core + semantics/amd-gcn5 sources)"),
        "{t}"
    );
    // llvm-mc: s_add_u32 s0, s0, s0 ; encoding: [0x00,0x00,0x00,0x80]
    assert!(
        t.contains("\t80000000\ts_add_u32 s0, s0, s0\t-\t-\t-\t*\t-\n"),
        "{t}"
    );
    // Claim another text for those words, and other words for another case's text.
    let bad = t
        .replace(
            "\t80000000\ts_add_u32 s0, s0, s0\t",
            "\t80000000\ts_add_u32 s0, s0, s1\t",
        )
        .replacen(
            "\t800000ff 12345678\ts_add_u32 s0, 0x12345678, s0\t",
            "\t800000ff 12345679\ts_add_u32 s0, 0x12345678, s0\t",
            1,
        );
    assert_ne!(bad, t);
    std::fs::write(&sop2, bad).unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains(" passed, 2 failed ("), "{all}");
    assert!(
        all.contains("decode printed `s_add_u32 s0, s0, s0`; assembling gave 80000100"),
        "{all}"
    );
    assert!(
        all.contains(
            "decode printed `s_add_u32 s0, 0x12345679, s0`; assembling gave 800000ff 12345678"
        ),
        "{all}"
    );
    // The same under `run` against the built-in reference.
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(
        all.contains("2 of ") && all.contains("FAIL s_add_u32."),
        "{all}"
    );
    assert!(all.contains("gcn5     encoding"), "{all}");
}

#[test]
fn encoding_vectors_are_not_sent_to_adapters_and_the_run_says_so() {
    let d = encoding_corpus("enc-adapter");
    // A minimal adapter that declares gcn5 and would fail any case it got.
    let adapter = "printf 'hello\\t1\\tnull\\tgcn5:gfx900,gcn5:gfx908\\t-\\n'; while read -r l; do case \"$l\" in case*) echo garbage;; esac; done";
    let o = gpuref()
        .args(["run", "--no-progress", "--timeout", "5", "--vectors"])
        .arg(&d)
        .args(["--adapter", adapter])
        .output()
        .unwrap();
    let all = text(&o);
    assert!(o.status.success(), "{all}");
    assert!(
        all.contains("encoding files")
            && all.contains(
                "are not sent to the adapter: the adapter protocol (versions 1 and 2) has no encoding request yet"
            ),
        "{all}"
    );
    let row = all
        .lines()
        .find(|l| l.starts_with("gcn5     encoding"))
        .unwrap_or_else(|| panic!("{all}"));
    let cols: Vec<usize> = row
        .split_whitespace()
        .skip(2)
        .filter_map(|c| c.parse().ok())
        .collect();
    // files, cases, passed, failed, unsupported, faults: every case unsupported.
    assert_eq!(cols[4], cols[1], "{row}");
    assert!(cols[1] > 5000 && cols[2] == 0, "{row}");
}

#[test]
fn a_value_case_without_outputs_is_not_a_pass() {
    let d = tempdir("gcn5", "noout");
    let path = d.join("x.vec");
    std::fs::write(
        &path,
        "#!gpuref-vectors 1\n#!isa float\n#!target ieee754\nf32.add.1\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0x0 b=0x0\t-\tnone\tfloat.add\n",
    )
    .unwrap();
    let o = gpuref().arg("check").arg(&path).output().unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(
        all.contains("no expected outputs (`-` is for encoding vectors only)"),
        "{all}"
    );
}
