//! What the CLI test files share: the `gpuref` binary, an output as readable text, scratch
//! folders and `gpuref eval` runs. Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `gpuref` binary under test.
pub fn gpuref() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gpuref"))
}

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Exit status, stdout and stderr, for assertion messages.
pub fn text(o: &Output) -> String {
    format!(
        "status: {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// An empty scratch folder `gpuref-<prefix>-<pid>-<name>` under the system temp folder.
pub fn tempdir(prefix: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gpuref-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `gpuref eval --target TARGET ARGS...`.
pub fn eval(target: &str, args: &[&str]) -> Output {
    gpuref()
        .args(["eval", "--target", target])
        .args(args)
        .output()
        .unwrap()
}

/// The stdout of a `gpuref eval` run that must succeed.
pub fn eval_ok(target: &str, args: &[&str]) -> String {
    let o = eval(target, args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}
