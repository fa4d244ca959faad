//! The ISA registry: the one place the conformance layer learns which ISAs exist. Every
//! command reaches an ISA through [`IsaEntry`]; a vector or state file is dispatched by the
//! `isa` (and `target`, `kind`) its header names, never by its extension. Each ISA's code
//! lives in its own folder here (`isa/<name>/`) behind its entry, and is registered by one
//! line in [`REGISTRY`] (docs/guides/adding-an-isa.md).

pub mod example;
pub mod float;
pub mod gcn5;
pub mod gen7;
pub mod r700;

use crate::asm::{Assembled, Line};
use crate::generate::Generated;
use crate::reference::Observed;
use crate::vector::{Case, ParseError, VecFile};
use gpuref_core::isa::IsaInfo;
use gpuref_core::Rule;
use std::path::{Path, PathBuf};

/// Evaluates the value cases of one file (one ISA, target and kind), caching what repeats.
pub trait ValueReference {
    /// The reference's answer for `case`; an error names what it cannot evaluate.
    fn eval(&mut self, case: &Case) -> Result<Observed, String>;
}

/// The outcome of checking a file whose cases the ISA checks itself (encoding and state
/// files): passed cases and one failure report per failed case.
pub type Checked = (usize, Vec<String>);

/// What `eval` prints: `out` on stdout, each of `notes` on stderr as `gpuref eval: note: …`
/// (something the user may not expect, such as no lane being active; the exit status stays
/// 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluated {
    pub out: String,
    pub notes: Vec<String>,
}

impl From<String> for Evaluated {
    fn from(out: String) -> Self {
        Evaluated {
            out,
            notes: Vec::new(),
        }
    }
}

/// Why `eval` printed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A bad argument (the message names it).
    Usage(String),
    /// The instruction has no executable semantics yet (the message says why).
    NoSemantics(String),
}

impl From<String> for EvalError {
    fn from(m: String) -> Self {
        EvalError::Usage(m)
    }
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Usage(m) | EvalError::NoSemantics(m) => f.write_str(m),
        }
    }
}

/// What the conformance layer needs of an ISA. Methods an ISA does not support keep their
/// default, which says so.
pub trait IsaEntry: Sync {
    /// Name (the `isa` header and `--isa` value), title and targets.
    fn info(&self) -> &'static IsaInfo;

    /// Whether the whole corpus and `gpuref run` list it: false for the example ISA, which
    /// exists to prove the seam (`GPUREF_EXAMPLE_ISA=1` registers it).
    fn listed(&self) -> bool {
        true
    }

    /// Whether the ISA has machine code (`asm`, `disasm` and `eval` take its targets).
    fn has_code(&self) -> bool {
        true
    }

    /// The corpus folders (under the corpus root) whose files the ISA generates.
    fn corpus_dirs(&self) -> &'static [&'static str] {
        &[]
    }

    /// Every file of the ISA's committed corpus: path under the corpus root and content.
    fn corpus(&self) -> Vec<(PathBuf, Generated)> {
        Vec::new()
    }

    /// The ISA's parts of the corpus and their budgets in bytes (docs/design/0039): `NAME`
    /// for all its folders, or `NAME-SUBFOLDER` (`NAME-alu`) per subfolder.
    fn parts(&self) -> &'static [(&'static str, usize)] {
        &[]
    }

    /// An on-demand level (`gpuref generate --random N`, `--special-all`): its files and
    /// the folders they fill; `None` when the ISA has none.
    #[allow(clippy::type_complexity)]
    fn on_demand_level(
        &self,
        _level: crate::generate::OnDemand,
    ) -> Option<(Vec<(PathBuf, Generated)>, Vec<String>)> {
        None
    }

    /// The value of the expected output `name` read from an answer that names it by a
    /// documented alias (a register pair by its halves, a half by its pair): `None` when
    /// `got` holds no alias of `name` (docs/adapter-protocol.md, "Register names").
    fn output_alias(&self, _name: &str, _got: &[(String, u64)]) -> Option<u64> {
        None
    }

    /// Whether an expected output is one of the ISA's exception-flag registers: compared
    /// only when the adapter announces the `flags` feature.
    fn is_flag_output(&self, _name: &str) -> bool {
        false
    }

    /// A reference for the value cases of `file` (by its `target` and `kind` headers).
    fn value_reference(&self, file: &VecFile) -> Result<Box<dyn ValueReference>, String>;

    /// Problems of a value file that only the ISA can see (besides the format's own).
    fn lint(&self, _path: &Path, _text: &str, _file: &VecFile) -> Vec<ParseError> {
        Vec::new()
    }

    /// Encoding files (`#!kind encoding`): `Some` with the outcome when `file` is one the
    /// ISA checks itself.
    fn check_encoding(&self, _path: &Path, _file: &VecFile) -> Option<Checked> {
        None
    }

    /// A state-transition file's cases against the reference.
    fn check_state(&self, path: &Path, _file: &crate::state::StateFile) -> Result<Checked, String> {
        Err(format!(
            "{}: isa `{}` has no state-transition reference",
            path.display(),
            self.info().name
        ))
    }

    /// Compare an adapter's answer to a state request with the case: `Ok(None)` if it is
    /// allowed, `Ok(Some(difference))` if not, `Err` if the answer cannot be read.
    fn compare_state_answer(
        &self,
        target: &str,
        _case: &crate::state::Case,
        _got: &std::collections::BTreeMap<String, crate::state::Value>,
    ) -> Result<Option<String>, String> {
        Err(format!(
            "no comparison for state vectors of {}:{target}",
            self.info().name
        ))
    }

    /// Assemble a source, one instruction per line; `lenient` skips the legality rules
    /// (`asm::assemble`).
    fn assemble(
        &self,
        _target: &str,
        _source: &str,
        _lenient: bool,
    ) -> Result<Vec<Assembled>, String> {
        Err(format!("isa `{}` has no assembler", self.info().name))
    }

    /// Disassemble a dword stream (and trailing bytes that do not fill a dword), handing
    /// each line to `each` as it is decoded (`asm::disassemble_each`); `each` returns
    /// `false` to stop. `gpuref disasm` streams through it.
    fn disassemble_each(
        &self,
        _target: &str,
        _words: &[u32],
        _trailing: &[u8],
        _each: &mut dyn FnMut(Line) -> bool,
    ) -> Result<(), String> {
        Err(format!("isa `{}` has no disassembler", self.info().name))
    }

    /// [`IsaEntry::disassemble_each`], the lines collected.
    fn disassemble(
        &self,
        target: &str,
        words: &[u32],
        trailing: &[u8],
    ) -> Result<Vec<Line>, String> {
        let mut lines = Vec::new();
        self.disassemble_each(target, words, trailing, &mut |l| {
            lines.push(l);
            true
        })?;
        Ok(lines)
    }

    /// Run one instruction on a fresh state with `regs` (`REG=VALUE`) set first and MODE
    /// `mode` (the ISA's default when `None`): the lines to print and the notes for stderr
    /// (`gpuref eval`).
    fn eval(
        &self,
        _target: &str,
        _mode: Option<&str>,
        _asm: &str,
        _regs: &[String],
    ) -> Result<Evaluated, EvalError> {
        Err(EvalError::Usage(format!(
            "isa `{}` has no `eval`",
            self.info().name
        )))
    }

    /// What the ISA adds to a command's help (`disasm`, `eval`, `asm`, `smt`): its register
    /// names, defaults and an example.
    fn help(&self, _command: &str) -> Option<&'static str> {
        None
    }

    /// Why the ISA cannot generate its corpus now (a malformed cache), if it cannot.
    fn generation_problem(&self) -> Option<String> {
        None
    }

    /// `gpuref generate --solve-coverage`: ask z3 for the coverage level's inputs and
    /// rewrite the ISA's cache under `root`; `None` when the ISA has no coverage models.
    fn solve_coverage(
        &self,
        _root: &Path,
        _timeout_ms: u64,
        _reuse: Reuse,
        _progress: &mut dyn FnMut(usize, usize, &str),
    ) -> Option<std::io::Result<(CoverageStats, usize)>> {
        None
    }

    /// The state families `--state-family` takes (empty: the ISA has no state vectors).
    fn state_families(&self) -> &'static [&'static str] {
        &[]
    }

    /// `gpuref generate --out DIR --state-cap N`: the ISA's state files of `families` with
    /// at most `cap` cases per row.
    fn write_state_level(
        &self,
        _root: &Path,
        _cap: usize,
        _families: &[&str],
    ) -> Result<StateLevel, String> {
        Err(format!("isa `{}` has no state vectors", self.info().name))
    }

    /// `gpuref coverage`: the report (a table, or CSV), for one target or all.
    fn coverage(
        &self,
        _vectors: &Path,
        _target: Option<&str>,
        _csv: bool,
    ) -> Result<String, String> {
        Ok(String::new())
    }

    /// `gpuref smt`: the z3 model of one instruction as an SMT-LIB2 script.
    fn smt(&self, _target: &str, _mnemonic: &str, _opts: &SmtOptions) -> Result<String, SmtError> {
        Err(SmtError::Usage(format!(
            "isa `{}` has no z3 models",
            self.info().name
        )))
    }

    /// Whether `gpuref adapter` serves the ISA's state requests ([`Self::answer_state`]).
    fn serves_state(&self) -> bool {
        false
    }

    /// `gpuref adapter`'s answer to a state request: what the reference's run of `case`
    /// changes, as exact values (the answer an emulator would give).
    fn answer_state(
        &self,
        target: &str,
        _case: &crate::state::Case,
    ) -> Result<std::collections::BTreeMap<String, crate::state::Value>, String> {
        Err(format!(
            "no state reference for {}:{target}",
            self.info().name
        ))
    }

    /// The ISA's pages of the instruction reference (`gpuref docs`).
    fn pages(&self, _root: &Path) -> Vec<crate::docs::Page> {
        Vec::new()
    }

    /// The ISA's rows of the reference's contents page: the pages of [`IsaEntry::pages`]
    /// a reader starts from, each with what it holds.
    fn contents(&self) -> Vec<crate::docs::Contents> {
        Vec::new()
    }

    /// The page of one instruction (`gpuref explain`), on `target` when given; `None`
    /// when the ISA has no such instruction.
    fn instruction_page(
        &self,
        _root: &Path,
        _mnemonic: &str,
        _target: Option<&str>,
    ) -> Option<crate::docs::Page> {
        None
    }

    /// Rule status counts for `gpuref docs`'s summary: a label and the number of
    /// specified, inferred, contested and unspecified rules.
    fn status_table(&self) -> Vec<(String, [usize; 4])> {
        Vec::new()
    }

    /// The rule with this id (or an old id of it) among those the ISA states.
    fn rule(&self, _id: &str) -> Option<&'static Rule> {
        None
    }
}

/// Which stored coverage answers `gpuref generate --solve-coverage` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Every answer whose query is unchanged (its hash matches).
    Unchanged,
    /// The unchanged `sat` and `unsat` answers; `unknown` ones are asked again (after a
    /// change of the timeout).
    Settled,
    /// None: every query is asked again.
    Nothing,
}

/// Per coverage model: sat, unsat and unknown answers, and the solve times in ms.
pub type CoverageStats = std::collections::BTreeMap<&'static str, (usize, usize, usize, Vec<u64>)>;

/// `gpuref smt`'s options: MODE (the ISA's default when `None`), output modifiers, and
/// whether the script ends with `(check-sat)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SmtOptions {
    pub mode: Option<String>,
    pub clamp: bool,
    pub omod: u8,
    pub check_sat: bool,
}

/// Why `gpuref smt` printed no script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmtError {
    /// Bad arguments: unknown target or mnemonic, a bad --mode (exit status 2).
    Usage(String),
    /// The row exists but has no model, with the reason (exit status 1).
    Unmodelled(String),
}

/// An on-demand level of state vectors written by `gpuref generate --state-cap N`.
pub struct StateLevel {
    pub files: usize,
    pub cases: usize,
    pub bytes: usize,
    /// Per target: (target, rows, rows with `cap` cases).
    pub rows: Vec<(&'static str, usize, usize)>,
}

/// Every ISA, one registration line each.
static REGISTRY: &[&dyn IsaEntry] = &[
    &float::Float,
    &gcn5::Gcn5Entry,
    &r700::R700Entry,
    &gen7::Gen7Entry,
    &example::ExampleEntry,
];

/// The registered ISAs: the listed ones, and the example ISA when `GPUREF_EXAMPLE_ISA=1`.
pub fn all() -> impl Iterator<Item = &'static dyn IsaEntry> {
    let example = std::env::var_os("GPUREF_EXAMPLE_ISA").is_some_and(|v| v == "1");
    REGISTRY
        .iter()
        .copied()
        .filter(move |e| e.listed() || example)
}

/// The names of the listed ISAs, in registry order, comma-separated.
pub fn names() -> String {
    let v: Vec<&str> = all().map(|e| e.info().name).collect();
    v.join(", ")
}

/// The ISA named `name`; an error that lists the known ones otherwise.
pub fn by_name(name: &str) -> Result<&'static dyn IsaEntry, String> {
    all()
        .find(|e| e.info().name == name)
        .ok_or_else(|| format!("unknown isa `{name}` (known: {})", names()))
}

/// The ISA with machine code whose targets include `target` (what `asm`, `disasm` and
/// `eval` take); an error listing every such target otherwise.
pub fn by_target(target: &str) -> Result<&'static dyn IsaEntry, String> {
    all()
        .filter(|e| e.has_code())
        .find(|e| e.info().target(target).is_some())
        .ok_or_else(|| format!("unknown target `{target}` (known: {})", target_names()))
}

/// Every target of every ISA with machine code, in registry order.
pub fn target_names() -> String {
    let v: Vec<String> = all()
        .filter(|e| e.has_code() && !e.info().targets.is_empty())
        .map(|e| e.info().target_names())
        .collect();
    v.join(", ")
}

/// The ISA a parsed vector file names in its `isa` header.
pub fn of_file(file: &VecFile) -> Result<&'static dyn IsaEntry, String> {
    match file.header("isa") {
        Some(isa) => by_name(isa),
        None => Err(format!(
            "the file has no `#!isa` header (known: {})",
            names()
        )),
    }
}

/// The rule with this id, of any ISA (the float core's rules are ISA `float`'s).
pub fn rule(id: &str) -> Option<&'static Rule> {
    all().find_map(|e| e.rule(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isas_are_found_by_name_and_target() {
        assert_eq!(by_name("float").map(|e| e.info().name), Ok("float"));
        let e = by_name("r900").err().unwrap();
        assert!(
            e.contains("unknown isa `r900`") && e.contains(&names()),
            "{e}"
        );
        // Every target of an ISA with code finds its ISA; float's has no code.
        for entry in all().filter(|e| e.has_code()) {
            for t in entry.info().targets {
                assert_eq!(
                    by_target(t.name).map(|e| e.info().name),
                    Ok(entry.info().name)
                );
            }
        }
        assert!(by_target("ieee754").is_err());
        let e = by_target("no-such-target").err().unwrap();
        assert!(e.contains(&target_names()), "{e}");
    }

    #[test]
    fn the_example_isa_is_registered_but_not_listed() {
        assert!(REGISTRY
            .iter()
            .any(|e| e.info().name == "example" && !e.listed()));
    }

    #[test]
    fn every_isa_has_a_distinct_name_and_targets() {
        let mut names: Vec<&str> = REGISTRY.iter().map(|e| e.info().name).collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "two ISAs share a name");
        let mut targets: Vec<&str> = REGISTRY
            .iter()
            .flat_map(|e| e.info().targets.iter().map(|t| t.name))
            .collect();
        let n = targets.len();
        targets.sort();
        targets.dedup();
        assert_eq!(targets.len(), n, "two ISAs share a target name");
    }
}
