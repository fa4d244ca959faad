//! ISA `r700` (gpuref-amd-r700) behind the registry: `asm`, `disasm` and encoding checks.
//! An R700 image is a program (a CF program and the clauses it names), so `disasm` decodes
//! programs and prints one line per unit (CF instruction, ALU instruction, literal slot,
//! fetch instruction, padding) with its byte offset; `asm` assembles one unit per line,
//! each context-free, so the listing `disasm` prints assembles back to the same image.
//! Design note 0044 has the grammar.

use super::{Checked, IsaEntry, ValueReference};
use crate::asm::{self, Assembled, Line};
use crate::vector::VecFile;
use gpuref_amd_r700::{Target, R700};
use gpuref_core::isa::IsaInfo;
use std::path::Path;

/// The registry entry of ISA `r700`.
pub struct R700Entry;

fn target(name: &str) -> Result<Target, String> {
    asm::parse_target::<R700>(name)
}

const HELP: &str = "\
R700 program listings (design note 0044): one line per unit, in image order.
  CF:      MNEMONIC FIELD(v) FLAG ...      e.g. `ALU ADDR(2) COUNT(2)`, `NOP END_OF_PROGRAM`
  ALU:     c: MNEMONIC DST, SRC, ... FLAGS  e.g. `x: MUL R0.x, R1.x, KC0[0].x`
           (c = DST_CHAN; sources R<n>, KC0[i], KC1[i], C<n>, PV, PS, literal, 0.0, 1.0, 0.5,
           ALU_SRC_1_INT, ALU_SRC_M_1_INT, ALU_SRC_*_DBL_*; -neg, |abs|, [aL]/[AR.x].. relative;
           flags OMOD(M2|M4|D2) CLAMP UPDATE_EXECUTE_MASK UPDATE_PRED NOWRITE PRED_SEL(ZERO|ONE)
           BANK_SWIZZLE(n) INDEX_MODE(..) LAST)
  literal: LITERAL 0xXXXXXXXX 0xXXXXXXXX  (after the group's LAST instruction)
  fetch:   MNEMONIC FIELD(v) FLAG ...      e.g. `SAMPLE RESOURCE_ID(3) SAMPLER_ID(5)`
  padding: DATA 0xXXXXXXXX ...
disasm reads an image as a program: the CF program from dword 0 to END_OF_PROGRAM, then the
clauses it names. No R700 assembler exists; encodings are checked against the words
`llc -march=r600 -mcpu=rv770 -show-mc-encoding` emits.";

impl IsaEntry for R700Entry {
    fn info(&self) -> &'static IsaInfo {
        &gpuref_amd_r700::INFO
    }

    fn value_reference(&self, file: &VecFile) -> Result<Box<dyn ValueReference>, String> {
        target(file.header("target").unwrap_or(""))?;
        Err(
            "R700 has no value semantics yet: only encoding files (#!kind encoding) are checked"
                .into(),
        )
    }

    fn check_encoding(&self, path: &Path, file: &VecFile) -> Option<Checked> {
        (file.header("kind") == Some("encoding")).then(|| {
            asm::check_encoding_file::<R700>(
                path,
                file,
                target(file.header("target").unwrap_or("")),
            )
        })
    }

    fn assemble(&self, t: &str, source: &str, lenient: bool) -> Result<Vec<Assembled>, String> {
        Ok(asm::assemble::<R700>(target(t)?, source, lenient))
    }

    /// Programs, one line per unit; a dword where no program decodes is a `.long` line
    /// with the reason, and decoding goes on with the next dword (as for every ISA).
    fn disassemble_each(
        &self,
        t: &str,
        words: &[u32],
        trailing: &[u8],
        each: &mut dyn FnMut(Line) -> bool,
    ) -> Result<(), String> {
        let t = target(t)?;
        let mut at = 0;
        while at < words.len() {
            match asm::decode_at::<R700>(t, words, at) {
                Ok((program, n)) => {
                    for (off, unit) in program.with_offsets() {
                        let w = unit.words();
                        let line = Line {
                            offset: (at + off) * 4,
                            words: w,
                            text: unit.to_string(),
                            error: None,
                        };
                        if !each(line) {
                            return Ok(());
                        }
                    }
                    at += n;
                }
                Err(e) => {
                    let line = Line {
                        offset: at * 4,
                        words: vec![words[at]],
                        text: format!(".long {:#010x}", words[at]),
                        error: Some(e),
                    };
                    if !each(line) {
                        return Ok(());
                    }
                    at += 1;
                }
            }
        }
        if let Some(l) = asm::trailing_line(words.len() * 4, trailing) {
            each(l);
        }
        Ok(())
    }

    /// Rows per format on each target (or the one asked for): how many decode, encode,
    /// print and parse (`program::row_roundtrips`); R700 has no semantics, z3 models or
    /// vectors yet.
    fn coverage(&self, _vectors: &Path, only: Option<&str>, csv: bool) -> Result<String, String> {
        let targets: Vec<Target> = match only {
            Some(t) => vec![target(t)?],
            None => Target::ALL.to_vec(),
        };
        let mut out = String::new();
        if csv {
            out += "isa,target,format,rows,decoded,semantics,z3,vectors\n";
        }
        for t in targets {
            if !csv {
                out += &format!(
                    "r700 {}: rows per format (decoded = decodes, encodes, prints and parses)\n{:<24}{:>6}{:>9}{:>11}{:>5}{:>9}\n",
                    t.name(), "format", "rows", "decoded", "semantics", "z3", "vectors"
                );
            }
            let rows = gpuref_amd_r700::instructions::rows();
            let mut formats: Vec<_> = rows.iter().map(|r| r.format).collect();
            formats.dedup();
            let (mut all, mut all_ok) = (0, 0);
            for fm in formats {
                let ids: Vec<usize> = (0..rows.len())
                    .filter(|&i| rows[i].format == fm && rows[i].on(t))
                    .collect();
                let ok = ids
                    .iter()
                    .filter(|&&i| {
                        gpuref_amd_r700::program::row_roundtrips(
                            t,
                            gpuref_core::isa::RowId(i as u16),
                        )
                    })
                    .count();
                all += ids.len();
                all_ok += ok;
                if csv {
                    out += &format!("r700,{},{},{},{ok},0,0,0\n", t.name(), fm.name(), ids.len());
                } else {
                    out += &format!(
                        "{:<24}{:>6}{ok:>9}{:>11}{:>5}{:>9}\n",
                        fm.name(),
                        ids.len(),
                        0,
                        0,
                        0
                    );
                }
            }
            if !csv {
                out += &format!(
                    "{:<24}{all:>6}{all_ok:>9}{:>11}{:>5}{:>9}\n\n",
                    "total", 0, 0, 0
                );
            }
        }
        Ok(out)
    }

    fn help(&self, command: &str) -> Option<&'static str> {
        matches!(command, "asm" | "disasm").then_some(HELP)
    }
}
