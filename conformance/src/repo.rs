//! Where the repository and its corpus are, for the commands that read them (`run`,
//! `check` without a path, `coverage`, `docs`, `explain`), whatever the current directory.
//!
//! In order: the command's own flag (`--vectors`/`--corpus`, `--root`); the environment
//! variable [`ENV_ROOT`] (a checkout's root); the repository the binary was built in
//! (`CARGO_MANIFEST_DIR/..` at build time), if it still holds a corpus. Otherwise the
//! command says that it cannot find one and how to name it (docs/design/0047).

use std::path::{Path, PathBuf};

/// The environment variable naming a checkout's root (the folder holding `vectors/`).
pub const ENV_ROOT: &str = "GPUREF_ROOT";

/// What marks a checkout's root: its corpus manifest.
const MARK: &str = "vectors/MANIFEST";

/// The repository the binary was built in, as the compiler saw it.
pub fn built_in() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A path without `..` components where the file system can say (for messages).
fn tidy(p: PathBuf) -> PathBuf {
    p.canonicalize().unwrap_or(p)
}

/// The repository root: [`ENV_ROOT`] if set, else the repository the binary was built in;
/// an error saying what was tried when neither holds a corpus.
pub fn root() -> Result<PathBuf, String> {
    if let Some(r) = std::env::var_os(ENV_ROOT).filter(|v| !v.is_empty()) {
        let r = PathBuf::from(r);
        return if r.join(MARK).is_file() {
            Ok(tidy(r))
        } else {
            Err(format!(
                "{ENV_ROOT}={} is not a gpuref checkout (it has no {MARK})",
                r.display()
            ))
        };
    }
    let b = built_in();
    if b.join(MARK).is_file() {
        Ok(tidy(b))
    } else {
        Err(format!(
            "cannot find the gpuref repository: this binary was built in {}, which has no {MARK} any more; name a checkout with {ENV_ROOT}=DIR or the command's flag",
            b.display()
        ))
    }
}

/// The corpus root: `flag` if given, else `vectors/` of [`root`].
pub fn vectors(flag: Option<PathBuf>) -> Result<PathBuf, String> {
    match flag {
        Some(p) => Ok(p),
        None => root()
            .map(|r| r.join("vectors"))
            .map_err(|e| format!("{e} (or give --vectors DIR)")),
    }
}

/// The repository root for `docs` and `explain`: `flag` if given, else [`root`].
pub fn root_or(flag: Option<PathBuf>) -> Result<PathBuf, String> {
    match flag {
        Some(p) => Ok(p),
        None => root().map_err(|e| format!("{e} (or give --root DIR)")),
    }
}
