//! The ISA seam proved by a second ISA: the example ISA (semantics/example, registered by
//! one line in conformance/src/isa/mod.rs, listed with GPUREF_EXAMPLE_ISA=1) driven end to
//! end by `eval`, `asm`, `disasm`, `check` and `run --adapter` through the registry, with
//! expectations typed from docs/guides/adding-an-isa.md's table, not computed by the code.

mod common;
use common::{root, tempdir, text};
use std::process::{Command, Output};

fn gpuref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuref"))
        .env("GPUREF_EXAMPLE_ISA", "1")
        .args(args)
        .output()
        .unwrap()
}

fn fixture(name: &str) -> String {
    root()
        .join("conformance/tests/fixtures/example")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn eval_runs_an_instruction_of_the_example_isa() {
    let o = gpuref(&["eval", "--target", "ex1", "sub r1, r2, r3", "r2=5", "r3=7"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "r1=0xfffffffe\n");
    let o = gpuref(&["eval", "--target", "ex1", "divu r1, r2, r0", "r2=5"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "r1=0x0 (accepts any value, rule example.divu.by_zero)\n"
    );
    let o = gpuref(&["eval", "--target", "ex1", "add r1, r2, r99"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("`r99` is not a register"), "{}", text(&o));
}

#[test]
fn the_example_isa_is_not_listed_unless_asked_for() {
    let o = Command::new(env!("CARGO_BIN_EXE_gpuref"))
        .env_remove("GPUREF_EXAMPLE_ISA")
        .args(["eval", "--target", "ex1", "add r1, r2, r3"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("unknown target `ex1`"), "{}", text(&o));
}

#[test]
fn asm_and_disasm_reach_the_example_isa() {
    let o = gpuref(&[
        "asm",
        "--target",
        "ex1",
        "li r31, 0xdeadbeef\nadd r1, r2, r3",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "17e00000 deadbeef\n04221800\n"
    );
    let o = gpuref(&["disasm", "--target", "ex1", "--hex", "04221800 17e00000"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("add r1, r2, r3"), "{out}");
    assert!(out.contains("truncated"), "{out}");
}

#[test]
fn check_passes_the_typed_cases_and_fails_a_wrong_one() {
    let o = gpuref(&["check", &fixture("ex1.vec")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("6 passed"), "{}", text(&o));
    let dir = tempdir("example", "check");
    let good = std::fs::read_to_string(fixture("ex1.vec")).unwrap();
    let bad = dir.join("bad.vec");
    std::fs::write(&bad, good.replace("r1=0x1\t", "r1=0x2\t")).unwrap();
    let o = gpuref(&["check", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("FAIL add.1"), "{}", text(&o));
}

#[test]
fn run_drives_an_adapter_of_the_example_isa() {
    let dir = tempdir("example", "run");
    std::fs::copy(fixture("ex1.vec"), dir.join("ex1.vec")).unwrap();
    let adapter = format!("python3 {}", fixture("example_adapter.py"));
    let run = |bug: &str| {
        Command::new(env!("CARGO_BIN_EXE_gpuref"))
            .env("GPUREF_EXAMPLE_ISA", "1")
            .env("EXAMPLE_BUG", bug)
            .args([
                "run",
                "--vectors",
                &dir.to_string_lossy(),
                "--adapter",
                &adapter,
            ])
            .output()
            .unwrap()
    };
    let o = run("");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("example"), "{}", text(&o));
    let o = run("sub");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("sub.1"), "{}", text(&o));
}
