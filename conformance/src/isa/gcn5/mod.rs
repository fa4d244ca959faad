//! ISA `gcn5`: AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908) behind the registry.
//! Everything of the conformance layer that knows GCN5 lives in this folder: the value,
//! encoding and state references, `eval`, the generators and the hand-typed spec cases.

pub mod alu;
pub mod coverage;
pub mod encoding;
pub mod eval;
pub mod generate;
pub mod smt;
pub mod spec_cases;
pub mod state;

pub use crate::reference::{lookup_rule, Observed};

use super::{Checked, EvalError, IsaEntry, ValueReference};
use crate::asm::{self, Assembled, Line};
use crate::generate::Generated;
use crate::vector::{Case, ParseError, VecFile};
use gpuref_amd_gcn5::{Gcn5, Target};
use gpuref_core::isa::IsaInfo;
use gpuref_core::Rule;
use std::path::{Path, PathBuf};

/// The registry entry of ISA `gcn5`.
pub struct Gcn5Entry;

/// The corpus folders, in [`Target::ALL`] order.
pub const DIRS: &[&str] = &["amd-gcn5-vega", "amd-gcn5-mi100"];

fn target(name: &str) -> Result<Target, String> {
    asm::parse_target::<Gcn5>(name)
}

impl IsaEntry for Gcn5Entry {
    fn info(&self) -> &'static IsaInfo {
        &gpuref_amd_gcn5::isa::INFO
    }

    fn corpus_dirs(&self) -> &'static [&'static str] {
        DIRS
    }

    fn corpus(&self) -> Vec<(PathBuf, Generated)> {
        let header = generate::common_header();
        let mut out: Vec<(PathBuf, Generated)> = generate::encoding::files(&header)
            .into_iter()
            .map(|(p, f)| (PathBuf::from(p), Generated::Vec(f)))
            .collect();
        out.extend(
            generate::alu_corpus::files(&header, generate::alu::Levels::COMMITTED)
                .into_iter()
                .map(|(p, f)| (PathBuf::from(p), f)),
        );
        out.extend(
            generate::state::files(&header)
                .into_iter()
                .map(|(p, f)| (PathBuf::from(p), Generated::State(f))),
        );
        out
    }

    fn parts(&self) -> &'static [(&'static str, usize)] {
        const MIB: usize = 1 << 20;
        &[
            ("gcn5-encoding", 4 * MIB),
            ("gcn5-alu", 18 * MIB),
            ("gcn5-state", 54 * MIB),
        ]
    }

    fn random_level(&self, n: usize) -> Option<(Vec<(PathBuf, Generated)>, Vec<String>)> {
        let files = generate::alu_corpus::files(
            &generate::common_header(),
            generate::alu::Levels::random_only(n),
        )
        .into_iter()
        .map(|(p, f)| (PathBuf::from(p), f))
        .collect();
        Some((files, DIRS.iter().map(|d| format!("{d}/alu")).collect()))
    }

    fn value_reference(&self, file: &VecFile) -> Result<Box<dyn ValueReference>, String> {
        if !alu::is_alu_file(file) {
            return Err(format!(
                "gcn5 value vectors are `#!kind alu` files; this one has kind `{}`",
                file.header("kind").unwrap_or("(none)")
            ));
        }
        let target = target(file.header("target").unwrap_or(""))?;
        Ok(Box::new(AluReference(target)))
    }

    fn lint(&self, path: &Path, text: &str, file: &VecFile) -> Vec<ParseError> {
        if alu::is_alu_file(file) {
            alu::lint(path, text, file)
        } else {
            Vec::new()
        }
    }

    fn check_encoding(&self, path: &Path, file: &VecFile) -> Option<Checked> {
        encoding::is_encoding_file(file).then(|| encoding::check_file(path, file))
    }

    fn check_state(&self, path: &Path, file: &crate::state::StateFile) -> Result<Checked, String> {
        Ok(state::check_file(path, file))
    }

    fn compare_state_answer(
        &self,
        target_name: &str,
        case: &crate::state::Case,
        got: &std::collections::BTreeMap<String, crate::state::Value>,
    ) -> Result<Option<String>, String> {
        state::compare_answer(target(target_name)?, case, got)
    }

    fn assemble(&self, target_name: &str, source: &str) -> Result<Vec<Assembled>, String> {
        Ok(asm::assemble::<Gcn5>(target(target_name)?, source))
    }

    fn disassemble(
        &self,
        target_name: &str,
        words: &[u32],
        trailing: &[u8],
    ) -> Result<Vec<Line>, String> {
        Ok(asm::disassemble::<Gcn5>(
            target(target_name)?,
            words,
            trailing,
        ))
    }

    fn eval(
        &self,
        target_name: &str,
        mode: Option<&str>,
        text: &str,
        regs: &[String],
    ) -> Result<String, EvalError> {
        let t = target(target_name)?;
        let mode = match mode {
            None => gpuref_amd_gcn5::alu::mode::DEFAULT_MODE,
            Some(m) => {
                let parsed = match m.strip_prefix("0x").or_else(|| m.strip_prefix("0X")) {
                    Some(h) => u32::from_str_radix(h, 16),
                    None => m.parse(),
                };
                parsed
                    .map_err(|_| format!("--mode `{m}`: expected a 32-bit hex or decimal value"))?
            }
        };
        eval::eval(t, mode, text, regs)
    }

    fn rule(&self, id: &str) -> Option<&'static Rule> {
        gpuref_amd_gcn5::alu::rules::resolve(id)
    }
}

/// Evaluates the cases of a `#!kind alu` file of one target.
struct AluReference(Target);

impl ValueReference for AluReference {
    fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        alu::eval(self.0, case)
    }
}
