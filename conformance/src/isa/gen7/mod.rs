//! ISA `gen7` (gpuref-intel-gen7, Intel Gen7 "Ivy Bridge", target `ivb`) behind the
//! registry: encodings only for now (issue 19): `asm`, `disasm` and encoding files. No
//! value reference, corpus or reference pages yet.

use super::{Checked, IsaEntry, ValueReference};
use crate::asm::{self, Assembled, Line};
use crate::vector::VecFile;
use gpuref_core::isa::IsaInfo;
use gpuref_intel_gen7::{Gen7, Target};
use std::path::Path;

/// The registry entry of ISA `gen7`.
pub struct Gen7Entry;

fn target(name: &str) -> Result<Target, String> {
    asm::parse_target::<Gen7>(name)
}

const ASM_HELP: &str = "\
IGA's syntax (docs/design/0045-gen7-encodings.md): one instruction per line,
  [(W)|([W&][~]fR.S[.mode])] op[.fn] (N|Mk) [(cmod)fR.S] [(sat)]dst src0 [src1 [src2]] [{Opt, ...}]
  add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f
  mad (8|M0) r5.0<1>.xyzw:f r2.0<4>.xyzw:f r3.0<4>.xyzw:f r4.0<0>.xxxx:f {Align16}
  send (8|M0) null.0<1>:ud r112.0<0;1,0>:ud 0x25 0x2000010 {EOT}
  if (8|M0) 16 32          (branch offsets in bytes: 8 x the JIP/UIP fields)
Subregisters count elements of the operand's type; immediates are the raw Imm32 with its
type. {Compacted} asks for the 64-bit form (an error where the tables cannot say it);
without it the native 128-bit form is written. Checked against iga64 -p=7p5 (Haswell:
known differences in the design note) and intel-gen4asm -g 7.";

impl IsaEntry for Gen7Entry {
    fn info(&self) -> &'static IsaInfo {
        &gpuref_intel_gen7::INFO
    }

    fn value_reference(&self, file: &VecFile) -> Result<Box<dyn ValueReference>, String> {
        target(file.header("target").unwrap_or(""))?;
        Err("isa `gen7` has encodings only: no value reference yet (issue 19)".into())
    }

    fn check_encoding(&self, path: &Path, file: &VecFile) -> Option<Checked> {
        (file.header("kind") == Some("encoding")).then(|| {
            asm::check_encoding_file::<Gen7>(
                path,
                file,
                target(file.header("target").unwrap_or("")),
            )
        })
    }

    fn assemble(&self, t: &str, source: &str, lenient: bool) -> Result<Vec<Assembled>, String> {
        // `;` separates a region's vertical stride (`<8;8,1>`): only `//` starts a comment,
        // as in IGA.
        Ok(asm::assemble_commented::<Gen7>(
            target(t)?,
            source,
            &["//"],
            lenient,
        ))
    }

    fn disassemble_each(
        &self,
        t: &str,
        words: &[u32],
        trailing: &[u8],
        each: &mut dyn FnMut(Line) -> bool,
    ) -> Result<(), String> {
        asm::disassemble_each::<Gen7>(target(t)?, words, trailing, each);
        Ok(())
    }

    /// Rows decoded: a row counts when each of its example texts (one per math function
    /// for `math`) parses, encodes, decodes to the same instruction and prints the same
    /// text, now. No row has semantics, z3 models or vectors yet: every row is exempt.
    fn coverage(&self, _vectors: &Path, t: Option<&str>, csv: bool) -> Result<String, String> {
        if let Some(t) = t {
            target(t)?;
        }
        use gpuref_intel_gen7::instructions::ROWS;
        use std::collections::BTreeMap;
        let mut by_format: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for (r, row) in ROWS.iter().enumerate() {
            let ok = gpuref_intel_gen7::syntax::examples(r).iter().all(|text| {
                gpuref_intel_gen7::parse(text).is_ok_and(|i| {
                    let w = gpuref_intel_gen7::encode(&i);
                    gpuref_intel_gen7::decode(&w)
                        .is_ok_and(|(d, n)| d == i && n == w.len() && d.to_string() == *text)
                })
            });
            let e = by_format
                .entry(gpuref_intel_gen7::format_name(row.shape))
                .or_default();
            e.0 += 1;
            e.1 += usize::from(ok);
        }
        let mut out = String::new();
        if csv {
            out += "target,format,rows,decoded,semantics,smt,vectors,exempt\n";
            for (f, (rows, dec)) in &by_format {
                out += &format!("ivb,{f},{rows},{dec},0,0,0,{rows}\n");
            }
        } else {
            out += &format!(
                "{:<7} {:<12} {:>5} {:>8} {:>10} {:>4} {:>8} {:>7}\n",
                "target", "format", "rows", "decoded", "semantics", "smt", "vectors", "exempt"
            );
            for (f, (rows, dec)) in &by_format {
                out += &format!(
                    "{:<7} {:<12} {rows:>5} {dec:>8} {:>10} {:>4} {:>8} {rows:>7}\n",
                    "ivb", f, 0, 0, 0
                );
            }
            out +=
                "exempt: every ivb row: issue 19 gives Gen7 its encodings; semantics come later\n";
        }
        Ok(out)
    }

    fn rule(&self, id: &str) -> Option<&'static gpuref_core::Rule> {
        gpuref_intel_gen7::validate::RULES
            .iter()
            .find(|r| r.id == id)
    }

    fn help(&self, command: &str) -> Option<&'static str> {
        match command {
            "asm" | "disasm" => Some(ASM_HELP),
            _ => None,
        }
    }
}
