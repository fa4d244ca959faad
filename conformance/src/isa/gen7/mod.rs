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

    fn assemble(&self, t: &str, source: &str) -> Result<Vec<Assembled>, String> {
        Ok(asm::assemble::<Gen7>(target(t)?, source))
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

    fn help(&self, command: &str) -> Option<&'static str> {
        match command {
            "asm" | "disasm" => Some(ASM_HELP),
            _ => None,
        }
    }
}
