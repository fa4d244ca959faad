//! The built-in reference: evaluates a vector case with gpuref's own semantics.

pub mod float;
pub mod gcn5_alu;
pub mod gcn5_encoding;
pub mod gcn5_state;

use crate::vector::Case;
use gpuref_core::Rule;
use gpuref_float::quirks::{AmdGcn5, AmdR700, FloatQuirks, Ieee754, IntelGen7Alt, IntelGen7Ieee};
use gpuref_float::{Flags, FpMode};

/// What an implementation (the reference or an adapter) produced for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    pub outputs: Vec<(String, u64)>,
    /// `None` when the implementation does not report flags.
    pub flags: Option<Flags>,
}

/// Evaluates the cases of one file (one ISA and target), caching what repeats.
pub struct Reference {
    isa: String,
    /// The target of a GCN5 ALU value-vector file (`#!kind alu`).
    gcn5: Option<gpuref_amd_gcn5::Target>,
    last_instr: Option<(String, float::Instr)>,
    last_mode: Option<(String, FpMode)>,
}

impl Reference {
    /// A reference for files with this `isa` header; an error if gpuref has none yet.
    pub fn for_isa(isa: &str) -> Result<Reference, String> {
        match isa {
            "float" => Ok(Reference {
                isa: isa.to_string(),
                gcn5: None,
                last_instr: None,
                last_mode: None,
            }),
            other => Err(format!(
                "no built-in reference for isa `{other}` yet (known: float)"
            )),
        }
    }

    /// A reference for a parsed file: by its `isa` header, and for GCN5 ALU value vectors
    /// (`#!kind alu`) by its `target` header too.
    pub fn for_file(file: &crate::vector::VecFile) -> Result<Reference, String> {
        let isa = file.header("isa").unwrap_or("");
        if isa == "gcn5" && gcn5_alu::is_alu_file(file) {
            let t = file.header("target").unwrap_or("");
            let target = gpuref_amd_gcn5::Target::parse(t)
                .ok_or_else(|| format!("unknown gcn5 target `{t}` (known: gfx900, gfx908)"))?;
            return Ok(Reference {
                isa: isa.to_string(),
                gcn5: Some(target),
                last_instr: None,
                last_mode: None,
            });
        }
        Reference::for_isa(isa)
    }

    pub fn isa(&self) -> &str {
        &self.isa
    }

    /// Evaluate `case`; an error names what in the case the reference cannot evaluate.
    pub fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        if let Some(target) = self.gcn5 {
            return gcn5_alu::eval(target, case);
        }
        let instr = match &self.last_instr {
            Some((name, i)) if *name == case.asm => *i,
            _ => {
                let i = float::Instr::parse(&case.asm)
                    .ok_or_else(|| format!("unknown instruction `{}`", case.asm))?;
                self.last_instr = Some((case.asm.clone(), i));
                i
            }
        };
        let mode = match &self.last_mode {
            Some((text, m)) if *text == case.mode => *m,
            _ => {
                let m = float::parse_mode(&case.mode)?;
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

/// Every rule gpuref knows, for citing in reports.
pub fn lookup_rule(id: &str) -> Option<&'static Rule> {
    gpuref_float::rules::OPERATIONS
        .iter()
        .chain(Ieee754::RULES)
        .chain(AmdGcn5::RULES)
        .chain(AmdR700::RULES)
        .chain(IntelGen7Ieee::RULES)
        .chain(IntelGen7Alt::RULES)
        .find(|r| r.id == id)
        .or_else(|| gpuref_amd_gcn5::rules::resolve(id))
}
