//! ISA `example` (gpuref-example-isa) behind the registry: the seam's proof and the worked
//! example of docs/guides/adding-an-isa.md. Registered, but listed only when
//! `GPUREF_EXAMPLE_ISA=1`: it has no corpus, and `eval`, `check`, `run --adapter`, `asm`
//! and `disasm` reach it exactly as they reach a real ISA.

use super::{Checked, EvalError, Evaluated, IsaEntry, ValueReference};
use crate::asm::{self, Assembled, Line};
use crate::reference::Observed;
use crate::vector::{Case, VecFile};
use gpuref_core::isa::IsaInfo;
use gpuref_core::open::Accept;
use gpuref_core::Rule;
use gpuref_example_isa::{Example, State, Target};
use std::path::Path;

/// The registry entry of ISA `example`.
pub struct ExampleEntry;

fn target(name: &str) -> Result<Target, String> {
    asm::parse_target::<Example>(name)
}

/// `rN`: the register number.
fn reg(name: &str) -> Result<usize, String> {
    name.strip_prefix('r')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| *n < 32)
        .ok_or_else(|| format!("`{name}` is not a register r0..r31"))
}

/// A 32-bit value in hex (`0x…`) or decimal.
fn value(text: &str) -> Result<u32, String> {
    match text.strip_prefix("0x") {
        Some(h) => u32::from_str_radix(h, 16),
        None => text.parse(),
    }
    .map_err(|_| format!("`{text}` is not a 32-bit hex or decimal value"))
}

impl IsaEntry for ExampleEntry {
    fn info(&self) -> &'static IsaInfo {
        &gpuref_example_isa::INFO
    }

    fn listed(&self) -> bool {
        false
    }

    fn value_reference(&self, file: &VecFile) -> Result<Box<dyn ValueReference>, String> {
        target(file.header("target").unwrap_or(""))?;
        Ok(Box::new(Reference))
    }

    fn check_encoding(&self, path: &Path, file: &VecFile) -> Option<Checked> {
        (file.header("kind") == Some("encoding")).then(|| {
            asm::check_encoding_file::<Example>(
                path,
                file,
                target(file.header("target").unwrap_or("")),
            )
        })
    }

    fn assemble(&self, t: &str, source: &str, lenient: bool) -> Result<Vec<Assembled>, String> {
        Ok(asm::assemble::<Example>(target(t)?, source, lenient))
    }

    fn disassemble_each(
        &self,
        t: &str,
        words: &[u32],
        trailing: &[u8],
        each: &mut dyn FnMut(Line) -> bool,
    ) -> Result<(), String> {
        asm::disassemble_each::<Example>(target(t)?, words, trailing, each);
        Ok(())
    }

    fn eval(
        &self,
        t: &str,
        mode: Option<&str>,
        text: &str,
        regs: &[String],
    ) -> Result<Evaluated, EvalError> {
        target(t)?;
        if let Some(m) = mode {
            return Err(EvalError::Usage(format!(
                "--mode `{m}`: the example ISA has no mode"
            )));
        }
        let mut s = State::default();
        for (i, arg) in regs.iter().enumerate() {
            let (name, v) = arg
                .split_once('=')
                .ok_or_else(|| format!("argument {} `{arg}`: expected REG=VALUE", i + 1))?;
            s.r[reg(name).map_err(|e| format!("argument {} `{arg}`: {e}", i + 1))?] =
                value(v).map_err(|e| format!("argument {} `{arg}`: {e}", i + 1))?;
        }
        let inst = gpuref_example_isa::parse(text).map_err(|e| format!("`{text}`: {e}"))?;
        let before = s.clone();
        gpuref_example_isa::execute(&mut s, &inst);
        let mut out = String::new();
        for r in 0..32 {
            let open = s.open.iter().find(|(o, _, _)| usize::from(*o) == r);
            if s.r[r] != before.r[r] || open.is_some() {
                out += &format!("r{r}={:#x}", s.r[r]);
                if let Some((_, Accept::Mask(0), rule)) = open {
                    out += &format!(" (accepts any value, rule {rule})");
                }
                out += "\n";
            }
        }
        Ok(out.into())
    }

    fn rule(&self, id: &str) -> Option<&'static Rule> {
        gpuref_example_isa::RULES.iter().find(|r| r.id == id)
    }
}

/// Value cases: inputs set registers, outputs name the registers read back.
struct Reference;

impl ValueReference for Reference {
    fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        let inst =
            gpuref_example_isa::parse(&case.asm).map_err(|e| format!("`{}`: {e}", case.asm))?;
        if !case.words.is_empty() && gpuref_example_isa::encode(&inst) != case.words {
            return Err(format!(
                "`{}` does not assemble to the case's words",
                case.asm
            ));
        }
        let mut s = State::default();
        for (name, v) in &case.inputs {
            let r = reg(name).map_err(|e| format!("input {e}"))?;
            s.r[r] = u32::try_from(*v)
                .map_err(|_| format!("input `{name}` = {v:#x} does not fit in 32 bits"))?;
        }
        gpuref_example_isa::execute(&mut s, &inst);
        let mut outputs = Vec::new();
        for (name, _) in &case.outputs {
            outputs.push((
                name.clone(),
                u64::from(s.r[reg(name).map_err(|e| format!("output {e}"))?]),
            ));
        }
        Ok(Observed {
            outputs,
            flags: None,
        })
    }
}
