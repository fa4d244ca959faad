//! ISA `gcn5`: AMD GCN5 "Vega" (gfx900) and CDNA1 "MI100" (gfx908) behind the registry.
//! Everything of the conformance layer that knows GCN5 lives in this folder: the value,
//! encoding and state references, `eval`, the generators and the hand-typed spec cases.

pub mod alias;
pub mod alu;
pub mod coverage;
pub mod docs;
pub mod encoding;
pub mod eval;
pub mod generate;
pub mod smt;
pub mod spec_cases;
pub mod state;

#[cfg(test)]
mod tests_shared;

pub use crate::reference::{lookup_rule, Observed};

use super::{
    Checked, CoverageStats, EvalError, Evaluated, IsaEntry, Reuse, SmtError, SmtOptions,
    StateLevel, ValueReference,
};
use crate::asm::{self, Assembled, Line};
use crate::generate::Generated;
use crate::vector::{Case, ParseError, VecFile};
use gpuref_amd_gcn5::{Gcn5, Target};
use gpuref_core::isa::IsaInfo;
use gpuref_core::Rule;
use std::path::{Path, PathBuf};

const EVAL_HELP: &str = "\
Registers: sN, s[N:M], ttmpN, ttmp[N:M], vcc, vcc_lo, vcc_hi, exec, exec_lo, exec_hi, m0,
scc, flat_scratch, xnack_mask, pc, trapsts, status, tba, tma, vN (every lane), vN[L] (lane
L), v[N:N+1], v[N:N+1][L] (conformance/src/isa/gcn5/eval.rs lists them all, memory and LDS
included); a VGPR given one value holds it in all 64 lanes. A VGPR whose lanes all
changed alike prints as `v0=0x...`, otherwise `v0[LANE]=0x...` per changed lane; `pc=` only
for a jump. A vector instruction run with EXEC 0 (`exec` not set) has no active lane: it
writes no lane result and a note on stderr says so (exit status 0). MODE defaults to 0x3f0: the manual gives no launch value, so this is LLVM 14's
default compute kernel setting (round to nearest even, denormals kept, DX10_CLAMP=1,
IEEE=1).";

const SMT_HELP: &str = "\
Operands `s0` `s1` `s2`, `d_in` `scc_in` `vcc_in` `exec_in` `m0_in` `pc_in` `simm16` `lane`;
results `d` `scc` `vcc` `exec` `m0` `pc`, and e.g. `s_add_u32.d` as a function. Example:
  gpuref smt --target gfx900 s_add_u32 | { cat; echo '(assert (not (= d (s_add_u32.d s1 s0))))(check-sat)'; } | z3 -in
prints `unsat`. `--clamp` and `--omod N` give the model of the VOP3 form with those output
modifiers, for the MODE given (OMOD is ignored under IEEE = 1 or with output denormals
enabled); the outputs keep their names, and a clamped float result adds `zero_any`
(clamp(-0) is either zero). See docs/design/0042-smt-output-modifiers.md.";

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
            ("gcn5-alu", 27 * MIB),
            ("gcn5-state", 54 * MIB),
        ]
    }

    fn on_demand_level(
        &self,
        level: crate::generate::OnDemand,
    ) -> Option<(Vec<(PathBuf, Generated)>, Vec<String>)> {
        let levels = match level {
            crate::generate::OnDemand::Random(n) => generate::alu::Levels::random_only(n),
            crate::generate::OnDemand::SpecialAll => generate::alu::Levels::SPECIAL_ALL,
        };
        let files = generate::alu_corpus::files(&generate::common_header(), levels)
            .into_iter()
            .map(|(p, f)| (PathBuf::from(p), f))
            .collect();
        Some((files, DIRS.iter().map(|d| format!("{d}/alu")).collect()))
    }

    fn output_alias(&self, name: &str, got: &[(String, u64)]) -> Option<u64> {
        alias::output_alias(name, got)
    }

    fn is_flag_output(&self, name: &str) -> bool {
        alias::is_flag_output(name)
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

    fn assemble(
        &self,
        target_name: &str,
        source: &str,
        lenient: bool,
    ) -> Result<Vec<Assembled>, String> {
        Ok(asm::assemble::<Gcn5>(target(target_name)?, source, lenient))
    }

    fn disassemble_each(
        &self,
        target_name: &str,
        words: &[u32],
        trailing: &[u8],
        each: &mut dyn FnMut(Line) -> bool,
    ) -> Result<(), String> {
        asm::disassemble_each::<Gcn5>(target(target_name)?, words, trailing, each);
        Ok(())
    }

    fn eval(
        &self,
        target_name: &str,
        mode: Option<&str>,
        text: &str,
        regs: &[String],
    ) -> Result<Evaluated, EvalError> {
        let t = target(target_name)?;
        let mode = match mode {
            None => gpuref_amd_gcn5::alu::mode::DEFAULT_MODE,
            Some(m) => smt::parse_mode(m)?,
        };
        eval::eval(t, mode, text, regs)
    }

    fn help(&self, command: &str) -> Option<&'static str> {
        match command {
            "eval" => Some(EVAL_HELP),
            "smt" => Some(SMT_HELP),
            "disasm" | "asm" => Some(
                "LLVM's AMDGPU syntax, checked against llvm-mc -arch=amdgcn -mcpu=gfx900|gfx908.",
            ),
            _ => None,
        }
    }

    fn generation_problem(&self) -> Option<String> {
        generate::alu::coverage::cache_error().map(|e| {
            format!("the coverage cache is malformed: {e} (rewrite it with `gpuref generate --solve-coverage`)")
        })
    }

    fn solve_coverage(
        &self,
        root: &Path,
        timeout_ms: u64,
        reuse: Reuse,
        progress: &mut dyn FnMut(usize, usize, &str),
    ) -> Option<std::io::Result<(CoverageStats, usize)>> {
        Some(generate::alu::coverage::solve(
            root, timeout_ms, reuse, progress,
        ))
    }

    fn state_families(&self) -> &'static [&'static str] {
        generate::state::families()
    }

    fn write_state_level(
        &self,
        root: &Path,
        cap: usize,
        families: &[&str],
    ) -> Result<StateLevel, String> {
        generate::state::write_level(root, cap, families).map(|l| StateLevel {
            files: l.files,
            cases: l.cases,
            bytes: l.bytes,
            rows: l.rows,
        })
    }

    fn coverage(
        &self,
        vectors: &Path,
        target_name: Option<&str>,
        csv: bool,
    ) -> Result<String, String> {
        let only = target_name.map(target).transpose()?;
        let lines = coverage::gcn5(vectors, only);
        Ok(if csv {
            coverage::csv(&lines)
        } else {
            coverage::table(&lines, &coverage::pending(only))
        })
    }

    fn smt(
        &self,
        target_name: &str,
        mnemonic: &str,
        opts: &SmtOptions,
    ) -> Result<String, SmtError> {
        smt::smt(
            target_name,
            opts.mode.as_deref(),
            mnemonic,
            gpuref_smt::Mods {
                clamp: opts.clamp,
                omod: opts.omod,
            },
            opts.check_sat,
        )
    }

    fn serves_state(&self) -> bool {
        true
    }

    fn answer_state(
        &self,
        target_name: &str,
        case: &crate::state::Case,
    ) -> Result<std::collections::BTreeMap<String, crate::state::Value>, String> {
        let t = target(target_name)?;
        let inst = state::instruction(t, case)?;
        let o = state::run(&inst, state::initial_wave(t, case)?)?;
        Ok(state::changed_state(&o))
    }

    fn pages(&self, root: &Path) -> Vec<crate::docs::Page> {
        docs::pages(root)
    }

    fn contents(&self) -> Vec<crate::docs::Contents> {
        docs::contents()
    }

    fn instruction_page(
        &self,
        root: &Path,
        mnemonic: &str,
        target: Option<&str>,
    ) -> Option<crate::docs::Page> {
        let t = match target {
            Some(name) => Some(Target::parse(name)?),
            None => None,
        };
        docs::instruction_page(root, mnemonic, t)
    }

    fn status_table(&self) -> Vec<(String, [usize; 4])> {
        docs::status_table()
    }

    fn rule(&self, id: &str) -> Option<&'static Rule> {
        gpuref_amd_gcn5::rules::resolve(id)
    }
}

/// Evaluates the cases of a `#!kind alu` file of one target.
struct AluReference(Target);

impl ValueReference for AluReference {
    fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        alu::eval(self.0, case)
    }
}
