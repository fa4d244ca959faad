//! Hostile inputs for every command (issue 25): a table of argument lists and input files,
//! each with the exit status and a fragment of the message it must give. No row may panic
//! (exit 101) or hang (every run is killed after a timeout and the row fails). A new command
//! or ISA adds its rows here.
//!
//! In a row's arguments, `{dir}` is the row's scratch folder (its files are written there),
//! `{root}` the repository root and `{faulty}` the faulty adapter's command.

mod common;
use common::{gpuref, root, tempdir};
use std::io::Read;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// How long one row may run.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The exit status of a command whose output is closed early (`gpuref ... | head -1`).
const CLOSED_PIPE: i32 = 141;

/// A small valid f32.add file: two cases.
const F32_ADD: &str = "#!gpuref-vectors 1
#!isa float
#!target ieee754
#!instruction f32.add
#!mode round=rne daz=0 ftz=0 tininess=after quirks=ieee754
f32.add.b3c93284d6a7\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0x0 b=0x0\td=0x0\tnone\tfloat.add
f32.add.54987ef0fae1\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0x1 b=0x1\td=0x2\tdenormal\tfloat.add
";

/// A state file of three cases worked by hand from the Vega manual (the faulty adapter
/// implements them; see tests/cli.rs `hand_state_corpus`).
const HAND_STATE: &str = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.hand"}
{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": []}
{"id": "ds_write_b32.1", "words": ["d81a0004", "00000201"], "asm": "ds_write_b32 v1, v2 offset:4", "initial": {"exec": "0x1", "m0": "0xffffffff", "v1": {"0": "0x10", "1": "0x20"}, "v2": {"0": "0x11223344", "1": "0x55"}}, "final": {"lds": {"0x14": "44332211"}}, "rules": []}
{"id": "ds_read_b32.1", "words": ["d86c0004", "0a000001"], "asm": "ds_read_b32 v10, v1 offset:4", "initial": {"exec": "0x2", "m0": "0xffffffff", "v1": {"1": "0x20"}, "lds": {"0x24": "0a0b0c0d"}}, "final": {"v10": {"1": "0xd0c0b0a"}}, "rules": []}
"#;

/// A MANIFEST whose hash of `float/f32/f32.add.vec` is not that of [`F32_ADD`].
const WRONG_MANIFEST: &str = "# path\tcases\tbytes\tsha256
float/f32/f32.add.vec\t2\t100\t0000000000000000000000000000000000000000000000000000000000000000
";

/// A MANIFEST that lists a file the corpus does not have.
const MISSING_MANIFEST: &str =
    "float/f32/gone.vec\t2\t100\t0000000000000000000000000000000000000000000000000000000000000000
";

/// One case of [`F32_ADD`] citing a rule gpuref does not know.
const UNKNOWN_RULE: &str = "#!gpuref-vectors 1
#!isa float
#!target ieee754
#!instruction f32.add
f32.add.b3c93284d6a7\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0x0 b=0x0\td=0x0\tnone\tfloat.add,no.such.rule
";

/// Where the command's stdout goes.
#[derive(Clone, Copy, PartialEq)]
enum Out {
    /// Captured.
    Captured,
    /// A pipe whose reading end is already closed (`| head -0`).
    Closed,
}

struct Row {
    /// What the row checks (the issue's defect number, if any).
    name: &'static str,
    args: &'static [&'static str],
    /// Files written under `{dir}` first: (relative path, contents); each U+FFFD in the
    /// contents is written as the byte 0xFF, which is not UTF-8. A file named `stdin` is
    /// the command's standard input (otherwise it has none).
    files: &'static [(&'static str, &'static str)],
    out: Out,
    status: i32,
    /// Fragments of stdout + stderr, each of which must appear (or, after a `!`, must not).
    says: &'static [&'static str],
}

struct Outcome {
    status: Option<i32>,
    text: String,
}

fn faulty() -> String {
    format!(
        "python3 {}",
        root()
            .join("conformance/adapters/faulty/faulty.py")
            .display()
    )
}

fn expand(a: &str, dir: &std::path::Path) -> String {
    a.replace("{dir}", &dir.display().to_string())
        .replace("{root}", &root().display().to_string())
        .replace("{faulty}", &faulty())
}

/// Run `gpuref ARGS` with a timeout; a run that outlives it is killed and fails the test.
fn run(name: &str, args: &[String], out: Out, stdin: Option<std::fs::File>) -> Outcome {
    let mut cmd = gpuref();
    cmd.args(args).stderr(Stdio::piped());
    match stdin {
        Some(f) => cmd.stdin(f),
        None => cmd.stdin(Stdio::null()),
    };
    match out {
        Out::Captured => cmd.stdout(Stdio::piped()),
        Out::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            cmd.stdout(writer)
        }
    };
    let mut child = cmd.spawn().unwrap();
    drop(cmd);
    let readers: Vec<_> = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|mut r| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    })
    .collect();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{name}: `gpuref {}` still running after {TIMEOUT:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let text = readers
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect::<Vec<_>>()
        .join("\n--- stderr\n");
    Outcome {
        status: status.code(),
        text,
    }
}

fn check_rows(group: &str, rows: &[Row]) {
    let mut failures = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let dir = tempdir("hostile", &format!("{group}-{i}"));
        for (path, contents) in row.files {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            let bytes: Vec<u8> = contents
                .chars()
                .flat_map(|c| match c {
                    '\u{fffd}' => vec![0xff],
                    c => c.to_string().into_bytes(),
                })
                .collect();
            std::fs::write(&p, bytes).unwrap();
        }
        let args: Vec<String> = row.args.iter().map(|a| expand(a, &dir)).collect();
        let stdin = std::fs::File::open(dir.join("stdin")).ok();
        let o = run(row.name, &args, row.out, stdin);
        let said = row.says.iter().all(|f| match f.strip_prefix('!') {
            Some(never) => !o.text.contains(&expand(never, &dir)),
            None => o.text.contains(&expand(f, &dir)),
        });
        if o.status != Some(row.status) || !said || o.text.contains("panicked") {
            failures.push(format!(
                "{}: `gpuref {}`: want status {} and {:?}, got {:?}:\n{}\n",
                row.name,
                args.join(" "),
                row.status,
                row.says,
                o.status,
                o.text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Defect 1: every command survives a closed stdout, quietly, with one status.
#[test]
fn a_closed_stdout_stops_every_command_quietly() {
    let f32_add: &[(&str, &str)] = &[("v/float/f32/f32.add.vec", F32_ADD)];
    check_rows(
        "closed",
        &[
            Row {
                name: "run --list | head",
                args: &["run", "--list", "--vectors", "{dir}/v"],
                files: f32_add,
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "run | head",
                args: &["run", "--no-progress", "--vectors", "{dir}/v"],
                files: f32_add,
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "run --test-threads 1 | head",
                args: &[
                    "run",
                    "--no-progress",
                    "--test-threads",
                    "1",
                    "--vectors",
                    "{dir}/v",
                ],
                files: f32_add,
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "asm | head",
                args: &["asm", "--target", "gfx900", "--file", "{dir}/big.s"],
                files: &[("big.s", "s_nop 0\ns_nop 1\ns_endpgm\n")],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "disasm | head",
                args: &["disasm", "--target", "gfx900", "--hex", "bf800000 bf810000"],
                files: &[],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "check | head",
                args: &["check", "{dir}/v"],
                files: f32_add,
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "eval | head",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "s_add_u32 s0, s1, s2",
                    "s1=0x1",
                ],
                files: &[],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "explain | head",
                args: &["explain", "v_add_f32", "--root", "{root}"],
                files: &[],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "smt | head",
                args: &["smt", "--target", "gfx900", "s_add_u32"],
                files: &[],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "adapter | head",
                args: &["adapter"],
                files: &[(
                    "stdin",
                    "gpuref-adapter\t2\ntarget\tgcn5:gfx900\nsync\nbye\n",
                )],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
            Row {
                name: "--help | head",
                args: &["--help"],
                files: &[],
                out: Out::Closed,
                status: CLOSED_PIPE,
                says: &[],
            },
        ],
    );
}

/// Bad arguments: usage errors, exit 2, never a panic or a hang.
#[test]
fn bad_arguments_are_usage_errors() {
    check_rows(
        "args",
        &[
            Row {
                name: "unknown command",
                args: &["frobnicate"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["unrecognized subcommand"],
            },
            Row {
                name: "check, a folder without vector files",
                args: &["check", "{dir}"],
                files: &[("README", "not a vector file\n")],
                out: Out::Captured,
                status: 1,
                says: &["no *.vec files found", "0 passed, 1 failed (0 files"],
            },
            Row {
                name: "check, a missing path",
                args: &["check", "{dir}/nothing"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["nothing: no such file or directory", "0 passed, 2 failed"],
            },
            Row {
                name: "disasm, bad hex",
                args: &["disasm", "--target", "gfx900", "--hex", "zz"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["`zz` is not a hex dword"],
            },
            Row {
                name: "disasm, unknown target",
                args: &["disasm", "--target", "gfx1030", "--hex", "0"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["unknown target `gfx1030`"],
            },
            Row {
                name: "asm, nothing to assemble",
                args: &["asm", "--target", "gfx900"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["give the assembly as TEXT"],
            },
            Row {
                name: "asm, a binary file",
                args: &["asm", "--target", "gfx900", "--file", "{dir}/bin.s"],
                files: &[("bin.s", "s_nop 0\n\u{fffd}\n")],
                out: Out::Captured,
                status: 2,
                says: &["bin.s: not UTF-8 text (byte offset 8)"],
            },
            Row {
                name: "asm, a missing file",
                args: &["asm", "--target", "gfx900", "--file", "{dir}/none.s"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["none.s: cannot read"],
            },
            Row {
                name: "smt, unknown mnemonic",
                args: &["smt", "--target", "gfx900", "v_frobnicate"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["unknown mnemonic `v_frobnicate`"],
            },
            Row {
                name: "smt, bad omod",
                args: &["smt", "--target", "gfx900", "--omod", "9", "v_add_f32"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--omod 9"],
            },
            Row {
                name: "explain, unknown instruction",
                args: &["explain", "v_frobnicate", "--root", "{root}"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["no instruction `v_frobnicate`"],
            },
            Row {
                name: "coverage, unknown target",
                args: &["coverage", "--target", "gfx1030"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["unknown target `gfx1030`"],
            },
            Row {
                name: "eval, unknown mnemonic",
                args: &["eval", "--target", "gfx900", "v_frob"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["unknown mnemonic `v_frob`"],
            },
            Row {
                name: "eval, bad mode",
                args: &["eval", "--target", "gfx900", "--mode", "zz", "s_nop 0"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--mode `zz`"],
            },
            Row {
                name: "generate --random 0",
                args: &["generate", "--random", "0", "--out", "{dir}/out"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--random 0"],
            },
            Row {
                name: "adapter, no handshake",
                args: &["adapter"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["no handshake"],
            },
            Row {
                name: "run, bad --timeout",
                args: &["run", "--timeout", "-1"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--timeout: `-1` is not a positive number"],
            },
            Row {
                name: "run, --batch 0",
                args: &["run", "--batch", "0"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--batch: `0` is not a positive integer"],
            },
            Row {
                name: "run, --adapter without a value",
                args: &["run", "--adapter"],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &["--adapter needs a value"],
            },
            Row {
                name: "run, bad --format",
                args: &["run", "--format", "xml", "--vectors", "{dir}/v"],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &["invalid value 'xml'"],
            },
            Row {
                name: "run, an adapter that exits at once",
                args: &["run", "--vectors", "{dir}/v", "--adapter", "exit 3"],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &["exited during the handshake"],
            },
            Row {
                name: "2: run --test-threads 0",
                args: &["run", "--test-threads", "0", "--vectors", "{dir}/v"],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &["--test-threads 0: give at least 1 thread"],
            },
        ],
    );
}

/// Adapters that answer badly: each bad answer is charged to its case, the run goes on.
#[test]
fn bad_adapter_answers_are_charged_to_their_case() {
    let hand_state: &[(&str, &str)] = &[("v/gcn5/hand.jsonl", HAND_STATE)];
    check_rows(
        "adapter",
        &[
            Row {
                name: "3: a state answer with 65 lanes",
                args: &[
                    "run",
                    "--no-progress",
                    "--vectors",
                    "{dir}/v",
                    "--adapter",
                    "{faulty} --bad-state-at ds_write_b32.1:lanes",
                ],
                files: hand_state,
                out: Out::Captured,
                status: 1,
                says: &[
                    "FAIL ds_write_b32.1 (",
                    "error: answer: `v0`: 65 lanes given, a wave has 64",
                ],
            },
            Row {
                name: "5: answers out of order",
                args: &[
                    "run",
                    "--vectors",
                    "{dir}/v",
                    "--adapter",
                    "{faulty} --reorder-at f32.add.b3c93284d6a7",
                ],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 1,
                says: &[
                    "FAIL f32.add.b3c93284d6a7 (",
                    "protocol error: answer for id `f32.add.54987ef0fae1` where",
                    "test result: FAILED",
                ],
            },
            Row {
                name: "12: handshake TARGETS without a colon",
                args: &[
                    "run",
                    "--vectors",
                    "{dir}/v",
                    "--adapter",
                    "{faulty} --targets float",
                ],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &[
                    "bad handshake",
                    "field 4 (TARGETS) `float`: pair 1 is `float`",
                ],
            },
            Row {
                name: "12: handshake with no targets",
                args: &[
                    "run",
                    "--vectors",
                    "{dir}/v",
                    "--adapter",
                    "{faulty} --targets ''",
                ],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &["bad handshake", "field 4 (TARGETS) ``: the list is empty"],
            },
        ],
    );
}

/// Problems with the input files fail the run and are counted: a run that exits 1 never
/// says `test result: ok` or that everything passed.
#[test]
fn malformed_and_changed_files_are_counted_failures() {
    let malformed: &[(&str, &str)] = &[(
        "v/float/f32/f32.add.vec",
        concat!(
            "#!gpuref-vectors 1\n#!isa float\n#!target ieee754\n#!instruction f32.add\n",
            "f32.add.b3c93284d6a7\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0x0 b=0x0\td=0x0\tnone\tfloat.add\n",
            "only\ttwo\n",
        ),
    )];
    let changed: &[(&str, &str)] = &[
        ("v/float/f32/f32.add.vec", F32_ADD),
        ("v/MANIFEST", WRONG_MANIFEST),
    ];
    check_rows(
        "files",
        &[
            Row {
                name: "6: run, a malformed line",
                args: &["run", "--vectors", "{dir}/v"],
                files: malformed,
                out: Out::Captured,
                status: 1,
                says: &[
                    "f32.add.vec:6:9: expected 8 tab-separated fields, found 2",
                    "1 problems with the file (malformed lines",
                    "test result: FAILED",
                    "!test result: ok",
                ],
            },
            Row {
                name: "6: check, a malformed line",
                args: &["check", "{dir}/v"],
                files: malformed,
                out: Out::Captured,
                status: 1,
                says: &["1 passed, 1 failed (1 files, 1 of the failures"],
            },
            Row {
                name: "6: run, bytes not the manifest's",
                args: &["run", "--vectors", "{dir}/v"],
                files: changed,
                out: Out::Captured,
                status: 1,
                says: &[
                    "f32.add.vec: content does not match",
                    "test result: FAILED",
                    "!test result: ok",
                ],
            },
            Row {
                name: "6: check, bytes not the manifest's",
                args: &["check", "{dir}/v"],
                files: changed,
                out: Out::Captured,
                status: 1,
                says: &["2 passed, 1 failed (1 files, 1 of the failures"],
            },
            Row {
                name: "6: run, a listed file missing",
                args: &["run", "--vectors", "{dir}/v"],
                files: &[
                    ("v/MANIFEST", MISSING_MANIFEST),
                    ("v/float/f32/f32.add.vec", F32_ADD),
                ],
                out: Out::Captured,
                status: 1,
                says: &[
                    "gone.vec: listed in",
                    "test result: FAILED",
                    "!test result: ok",
                ],
            },
            Row {
                name: "7: run, one id twice in a target",
                args: &["run", "--vectors", "{dir}/v"],
                files: &[
                    ("v/float/f32/f32.add.vec", F32_ADD),
                    ("v/float/f32/copy.vec", F32_ADD),
                ],
                out: Out::Captured,
                status: 1,
                says: &[
                    "f32.add.vec:6: id `f32.add.b3c93284d6a7` is already the id of the case at",
                    "test result: FAILED",
                ],
            },
            Row {
                name: "7: check, one id twice in a target",
                args: &["check", "{dir}/v"],
                files: &[
                    ("v/float/f32/f32.add.vec", F32_ADD),
                    ("v/float/f32/copy.vec", F32_ADD),
                ],
                out: Out::Captured,
                status: 1,
                says: &[
                    "f32.add.vec:7: id `f32.add.54987ef0fae1` is already the id of the case at",
                    "4 passed, 2 failed (2 files",
                ],
            },
            Row {
                name: "13: check, an unknown rule id",
                args: &["check", "{dir}/v"],
                files: &[("v/float/f32/f32.add.vec", UNKNOWN_RULE)],
                out: Out::Captured,
                status: 1,
                says: &[
                    "rules: unknown rule ids [\"no.such.rule\"]",
                    "0 passed, 1 failed",
                ],
            },
        ],
    );
}

/// Messages say what is wrong (issue 25, defect 9).
#[test]
fn messages_name_the_real_problem() {
    check_rows(
        "messages",
        &[
            Row {
                name: "9: eval, a value too wide",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "s_mov_b32 s0, s1",
                    "s1=0x10000000000000000",
                ],
                files: &[],
                out: Out::Captured,
                status: 2,
                says: &[
                    "`0x10000000000000000` does not fit in 32 bits",
                    "!not a hex",
                ],
            },
            Row {
                name: "9: asm, a stray token after the last operand",
                args: &["asm", "--target", "gfx900", "v_add_f32 v0, v1, v2 foo"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:22: unexpected `foo`", "!must be a VGPR"],
            },
            Row {
                name: "9: check, a gcn5 file of an unknown kind",
                args: &["check", "{dir}/kind.vec"],
                files: &[(
                    "kind.vec",
                    "#!gpuref-vectors 1\n#!isa gcn5\n#!target gfx900\n#!kind frob\n\
                     #!instruction s_sext_i32_i16\n\
                     s_sext_i32_i16.20fe26a69a8a\tbe801704\ts_sext_i32_i16 s0, s4\tmode=0x3f0\t\
                     s4=0x0 scc=0x0 exec=0x1\ts0=0x0\tnone\t-\n",
                )],
                out: Out::Captured,
                status: 1,
                says: &[
                    "kind.vec: gcn5 value vectors are `#!kind alu` files; this one has kind `frob`",
                    "!known: float",
                ],
            },
            Row {
                name: "9: run, no file of the target",
                args: &["run", "--target", "gfx1030", "--vectors", "{dir}/v"],
                files: &[("v/float/f32/f32.add.vec", F32_ADD)],
                out: Out::Captured,
                status: 2,
                says: &[
                    "no vector file under {dir}/v has target `gfx1030`",
                    "!generate",
                ],
            },
            Row {
                name: "9: check, a byte order mark",
                args: &["check", "{dir}/bom.vec"],
                files: &[("bom.vec", "\u{feff}#!gpuref-vectors 1\n#!isa float\n")],
                out: Out::Captured,
                status: 1,
                says: &["bom.vec:1:1: the file starts with a byte order mark (U+FEFF"],
            },
            Row {
                name: "9: check, a binary file",
                args: &["check", "{dir}/bin.vec"],
                files: &[("bin.vec", "#!gpuref-vectors 1\n\u{fffd}\n")],
                out: Out::Captured,
                status: 1,
                says: &["bin.vec: not UTF-8 text (byte offset 19 is not valid UTF-8)"],
            },
            Row {
                name: "9: run, a binary file",
                args: &["run", "--vectors", "{dir}/v"],
                files: &[
                    ("v/float/f32/f32.add.vec", F32_ADD),
                    ("v/float/f32/bin.vec", "#!gpuref-vectors 1\n\u{fffd}\n"),
                ],
                out: Out::Captured,
                status: 1,
                says: &[
                    "bin.vec: not UTF-8 text (byte offset 19",
                    "test result: FAILED",
                ],
            },
        ],
    );
}

/// The assembler refuses what llvm-mc refuses, with a located message naming the token
/// (issue 25, defect 10).
#[test]
fn asm_refuses_repeated_or_conflicting_modifiers() {
    check_rows(
        "asm legality",
        &[
            Row {
                name: "10: asm, mul:2 div:2",
                args: &[
                    "asm",
                    "--target",
                    "gfx900",
                    "v_add_f32_e64 v0, v1, v2 mul:2 div:2",
                ],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:32: `div:2` conflicts with `mul:2`"],
            },
            Row {
                name: "10: asm, clamp clamp",
                args: &[
                    "asm",
                    "--target",
                    "gfx900",
                    "v_add_f32_e64 v0, v1, v2 clamp clamp",
                ],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:32: `clamp` given twice"],
            },
        ],
    );
}

/// The assembler states the manual's legality rules (docs/design/0046): each illegal text is
/// refused at the offending operand naming its rule and `--lenient`, `--lenient` encodes
/// it, its legal neighbour assembles; rules the encoding cannot break are refused in every
/// mode (issue 25, "the assembler's legality checks").
#[test]
fn asm_states_the_manuals_legality_rules() {
    check_rows(
        "asm legality rules",
        &[
            Row {
                name: "constant_bus.sgpr: refused",
                args: &["asm", "--target", "gfx900", "v_add_f32_e64 v0, s1, s2"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:23: ", "rule gcn5.asm.constant_bus.sgpr;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.sgpr: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_e64 v0, s1, s2"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1010000 00000401"],
            },
            Row {
                name: "constant_bus.sgpr: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_add_f32_e64 v0, s1, s1"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1010000 00000201"],
            },
            Row {
                name: "constant_bus.sgpr: refused",
                args: &["asm", "--target", "gfx900", "v_cndmask_b32 v0, s1, v1, vcc"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:27: ", "rule gcn5.asm.constant_bus.sgpr;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.sgpr: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_cndmask_b32 v0, s1, v1, vcc"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["00000201"],
            },
            Row {
                name: "constant_bus.sgpr: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_cndmask_b32 v0, 1, v1, vcc"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["00000281"],
            },
            Row {
                name: "constant_bus.sgpr: refused",
                args: &["asm", "--target", "gfx900", "v_add_f32_sdwa v0, s1, s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:24: ", "rule gcn5.asm.constant_bus.sgpr;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.sgpr: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_sdwa v0, s1, s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["020004f9 86860601"],
            },
            Row {
                name: "constant_bus.sgpr: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_add_f32_sdwa v0, s1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["020004f9 06860601"],
            },
            Row {
                name: "constant_bus.sgpr: refused",
                args: &["asm", "--target", "gfx900", "v_pk_add_f16 v0, s1, s2"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:22: ", "rule gcn5.asm.constant_bus.sgpr;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.sgpr: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_pk_add_f16 v0, s1, s2"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d38f4000 18000401"],
            },
            Row {
                name: "constant_bus.sgpr: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_pk_add_f16 v0, s1, v2"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d38f4000 18020401"],
            },
            Row {
                name: "constant_bus.literal: refused",
                args: &["asm", "--target", "gfx900", "v_madak_f32 v0, s1, v2, 0x1234"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:25: ", "rule gcn5.asm.constant_bus.literal;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.literal: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_madak_f32 v0, s1, v2, 0x1234"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["30000401 00001234"],
            },
            Row {
                name: "constant_bus.literal: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_madak_f32 v0, v1, v2, 0x1234"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["30000501 00001234"],
            },
            Row {
                name: "constant_bus.m0_exec: refused",
                args: &["asm", "--target", "gfx900", "v_add_f32_e64 v0, m0, s1"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:23: ", "rule gcn5.asm.constant_bus.m0_exec;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.m0_exec: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_e64 v0, m0, s1"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1010000 0000027c"],
            },
            Row {
                name: "constant_bus.m0_exec: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_add_f32_e64 v0, m0, v1"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1010000 0002027c"],
            },
            Row {
                name: "constant_bus.div_fmas: refused",
                args: &["asm", "--target", "gfx900", "v_div_fmas_f32 v0, s1, v1, v2"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:20: ", "rule gcn5.asm.constant_bus.div_fmas;", "`--lenient` encodes it"],
            },
            Row {
                name: "constant_bus.div_fmas: --lenient encodes it",
                args: &["asm", "--target", "gfx900", "--lenient", "v_div_fmas_f32 v0, s1, v1, v2"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1e20000 040a0201"],
            },
            Row {
                name: "constant_bus.div_fmas: the legal neighbour",
                args: &["asm", "--target", "gfx900", "v_div_fmas_f32 v0, v3, v1, v2"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["d1e20000 040a0303"],
            },
            Row {
                name: "literal.32bit_only: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_e64 v0, 0x12345, v1"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:19: ", "gcn5.asm.literal.32bit_only"],
            },
            Row {
                name: "sgpr_align: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f64 v[0:1], s[1:2], v[2:3]"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:19: ", "gcn5.asm.sgpr_align"],
            },
            Row {
                name: "lds_direct_src0: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_e64 v0, v1, src_lds_direct"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:23: ", "gcn5.asm.lds_direct_src0"],
            },
            Row {
                name: "dpp_src_vgpr: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_dpp v0, s1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:19: ", "gcn5.asm.dpp_src_vgpr"],
            },
            Row {
                name: "sdwa_dpp_rows: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_cvt_i32_f64_dpp v0, v[2:3] quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:1: ", "gcn5.asm.sdwa_dpp_rows"],
            },
            Row {
                name: "modifier_once: refused even with --lenient (the encoding cannot hold it)",
                args: &["asm", "--target", "gfx900", "--lenient", "v_add_f32_e64 v0, v1, v2 clamp clamp"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:32: ", "gcn5.asm.modifier_once"],
            },
            Row {
                name: "accvgpr: an MFMA on gfx900",
                args: &["asm", "--target", "gfx900", "--lenient", "v_accvgpr_read_b32 v0, a1"],
                files: &[],
                out: Out::Captured,
                status: 1,
                says: &["<text>:1:1: ", "a gfx908 instruction", "gcn5.asm.accvgpr"],
            },
        ],
    );
}

/// `eval` notes every result the reference leaves open, not only VGPR lanes (issue 25,
/// defect 11 and the audit's unsettled SGPR).
#[test]
fn eval_notes_every_unsettled_result() {
    check_rows(
        "eval unsettled",
        &[
            Row {
                name: "11: eval, a misaligned store",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "global_store_dword v[1:2], v3, off",
                    "exec=1",
                    "v[1:2]=0x1002",
                    "v3=0xaabbccdd",
                ],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["mem[0x1000:4]=0xaabbccdd (accepts any value, rule gcn5.flat.align)"],
            },
            Row {
                name: "audit: eval, an unsettled SGPR",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "s_buffer_load_dwordx2 s[8:9], s[4:7], 0x0",
                    "mem[0x10000:8]=0xddbe06eec8313c2c",
                    "s4=0x10000",
                    "s6=0x100",
                    "s7=0x27fac",
                    "s8=0xa95884d2",
                    "s9=0x32581e9e",
                ],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["s9=0xddbe06ee (accepts any value, rule gcn5.smem.buffer_range)"],
            },
        ],
    );
}

/// `eval` of a vector instruction with EXEC 0 says that no lane ran instead of printing
/// nothing (issue 25); the exit status stays 0 (the eval help says so).
#[test]
fn eval_says_when_no_lane_is_active() {
    check_rows(
        "eval exec",
        &[
            Row {
                name: "eval, a VALU instruction without exec",
                args: &["eval", "--target", "gfx900", "v_add_u32 v0, v1, v2", "v1=1"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["gpuref eval: note: EXEC is 0", "no lane was active"],
            },
            Row {
                name: "eval, a store without exec",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "global_store_dword v[1:2], v3, off",
                    "v3=1",
                ],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["note: EXEC is 0"],
            },
            Row {
                name: "eval, a scalar instruction needs no exec",
                args: &["eval", "--target", "gfx900", "s_add_u32 s0, s1, s2", "s1=1"],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["s0=0x1", "!EXEC is 0"],
            },
            Row {
                name: "eval, a vector instruction with exec",
                args: &[
                    "eval",
                    "--target",
                    "gfx900",
                    "v_add_u32 v0, v1, v2",
                    "v1=1",
                    "exec=1",
                ],
                files: &[],
                out: Out::Captured,
                status: 0,
                says: &["v0[0]=0x1", "!EXEC is 0"],
            },
        ],
    );
}

/// `disasm` streams: the first lines come out while the rest is still being decoded, and
/// memory stays bounded by the input (issue 25: it kept every line, about 55 bytes of memory
/// per input byte, before printing the first). The command is stopped with its stdout full
/// (nobody reads past the first line), and its peak resident size is read then.
#[test]
#[cfg(target_os = "linux")]
fn disasm_streams_in_bounded_memory() {
    use std::io::{BufRead, BufReader};
    // 8 MiB of `s_nop 0` (bf800000), two million instructions.
    const BYTES: usize = 8 << 20;
    let dir = tempdir("hostile", "disasm_stream");
    let path = dir.join("big.bin");
    std::fs::write(&path, [0x00, 0x00, 0x80, 0xbf].repeat(BYTES / 4)).unwrap();
    let mut child = gpuref()
        .args(["disasm", "--target", "gfx900"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut first).unwrap();
    assert!(first.contains("s_nop 0"), "{first}");
    // The command now blocks on its full stdout pipe; give it time to get there.
    std::thread::sleep(Duration::from_millis(500));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kib: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    // The input twice (bytes, then dwords) and the program: well under 55 bytes per byte.
    assert!(
        peak_kib * 1024 < 12 * BYTES + (64 << 20),
        "peak resident size {peak_kib} KiB for {BYTES} bytes of code"
    );
}
