//! ISA `float`: the float core's operations as a pseudo-ISA (vectors/float), so the float
//! layer is checked and run through the same registry as the GPU ISAs.

pub mod generate;
pub mod reference;

use super::{IsaEntry, ValueReference};
use crate::generate::Generated;
use crate::reference::Observed;
use crate::vector::{Case, VecFile};
use gpuref_core::isa::{IsaInfo, TargetInfo};
use gpuref_core::{Rule, Spec};
use gpuref_float::quirks::{AmdGcn5, AmdR700, FloatQuirks, Ieee754, IntelGen7Alt, IntelGen7Ieee};
use gpuref_float::FpMode;
use std::path::PathBuf;

/// The registry entry of ISA `float`.
pub struct Float;

const INFO: IsaInfo = IsaInfo {
    name: "float",
    title: "the float core (IEEE 754 and the GPU families' quirks)",
    targets: &[TargetInfo {
        name: "ieee754",
        title: "IEEE 754 with the float core's quirks as the mode names them",
        manual: Spec::Ieee754,
    }],
    syntax: "operation names (`f32.add`)",
};

impl IsaEntry for Float {
    fn info(&self) -> &'static IsaInfo {
        &INFO
    }

    fn corpus_dirs(&self) -> &'static [&'static str] {
        &["float"]
    }

    fn has_code(&self) -> bool {
        false
    }

    fn parts(&self) -> &'static [(&'static str, usize)] {
        &[("float", 20 << 20)]
    }

    fn corpus(&self) -> Vec<(PathBuf, Generated)> {
        let header = crate::generate::common_header();
        generate::instructions()
            .iter()
            .map(|i| {
                (
                    PathBuf::from(generate::file_path(i)),
                    Generated::Vec(generate::generate_file(i, &header)),
                )
            })
            .collect()
    }

    fn value_reference(&self, _file: &VecFile) -> Result<Box<dyn ValueReference>, String> {
        Ok(Box::new(FloatReference {
            last_instr: None,
            last_mode: None,
        }))
    }

    fn rule(&self, id: &str) -> Option<&'static Rule> {
        gpuref_float::rules::OPERATIONS
            .iter()
            .chain(Ieee754::RULES)
            .chain(AmdGcn5::RULES)
            .chain(AmdR700::RULES)
            .chain(IntelGen7Ieee::RULES)
            .chain(IntelGen7Alt::RULES)
            .find(|r| r.id == id)
    }
}

/// Evaluates float cases, caching the parsed operation and mode of the last case.
struct FloatReference {
    last_instr: Option<(String, reference::Instr)>,
    last_mode: Option<(String, FpMode)>,
}

impl ValueReference for FloatReference {
    fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        let instr = match &self.last_instr {
            Some((name, i)) if *name == case.asm => *i,
            _ => {
                let i = reference::Instr::parse(&case.asm)
                    .ok_or_else(|| format!("unknown instruction `{}`", case.asm))?;
                self.last_instr = Some((case.asm.clone(), i));
                i
            }
        };
        let mode = match &self.last_mode {
            Some((text, m)) if *text == case.mode => *m,
            _ => {
                let m = reference::parse_mode(&case.mode)?;
                self.last_mode = Some((case.mode.clone(), m));
                m
            }
        };
        let mut inputs = [0u64; 3];
        for (k, name) in instr.inputs().iter().enumerate() {
            let v = case
                .input(name)
                .ok_or_else(|| format!("`{}` needs input `{name}`", case.asm))?;
            let w = instr.input_width(k);
            if w < 64 && v >> w != 0 {
                return Err(format!("input `{name}` = {v:#x} does not fit in {w} bits"));
            }
            inputs[k] = v;
        }
        let (outs, flags) = instr.eval(&inputs[..instr.inputs().len()], &mode);
        let outputs = instr
            .outputs()
            .iter()
            .zip(outs)
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        Ok(Observed {
            outputs,
            flags: Some(flags),
        })
    }
}
