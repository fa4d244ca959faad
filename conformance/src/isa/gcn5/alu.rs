//! The built-in reference for GCN5/CDNA1 ALU value vectors (`#!kind alu`,
//! docs/vector-format.md "GCN5 ALU value vectors"): a case is one instruction run on one
//! active lane (EXEC = 1) of a wave whose registers are 0 unless the case's inputs set
//! them, under the case's raw MODE value. Inputs and outputs use `gpuref eval`'s register
//! names; a VGPR output names lane 0 (the only active lane), a VGPR input sets every lane.

use super::Observed;
use crate::isa::gcn5::eval::{parse_reg, set, Reg};
use crate::vector::{Case, VecFile};
use gpuref_amd_gcn5::alu::vexec::trapsts_bits;
use gpuref_amd_gcn5::exec::execute;
use gpuref_amd_gcn5::formats::{self, Instruction};
use gpuref_amd_gcn5::wave::Wave;
use gpuref_amd_gcn5::Target;
use gpuref_float::Flags;

/// The flags of TRAPSTS.EXCP bits 0..5 (rule `gcn5.valu.trapsts`): the kernel crate's
/// reading, the one the executor writes with.
pub use gpuref_amd_gcn5::alu::vexec::flags_of_trapsts;

/// The TRAPSTS.EXCP field (bits 0..5): every flag bit.
pub const EXCP_MASK: u32 = 0x3f;

/// Whether a parsed file is a GCN5 ALU value-vector file.
pub fn is_alu_file(file: &VecFile) -> bool {
    file.header("kind") == Some("alu")
}

/// `mode=0xHEX`: the raw MODE value.
pub fn parse_mode(text: &str) -> Result<u32, String> {
    let mut mode = None;
    for item in text.split_whitespace() {
        match item.split_once('=') {
            Some(("mode", v)) => {
                mode = Some(
                    crate::vector::parse_hex(v)
                        .filter(|m| *m <= u64::from(u32::MAX))
                        .ok_or_else(|| format!("mode `{v}`: a 32-bit 0xHEX value"))?
                        as u32,
                )
            }
            _ => {
                return Err(format!(
                    "unknown mode item `{item}` (gcn5 alu: `mode=0xHEX`)"
                ))
            }
        }
    }
    mode.ok_or_else(|| "no `mode=0xHEX` in the mode field".into())
}

/// The value of a register (VGPRs: lane 0, or the named lane).
pub(crate) fn get(w: &Wave, reg: Reg) -> u64 {
    let lane = |l: Option<u8>| usize::from(l.unwrap_or(0));
    match reg {
        Reg::Scalar(r, n) => w.read_reg(r, n),
        Reg::Vcc => w.vcc,
        Reg::Exec => w.exec,
        Reg::FlatScratch => w.flat_scratch,
        Reg::XnackMask => w.xnack_mask,
        Reg::Scc => u64::from(w.scc),
        Reg::Pc => w.pc,
        Reg::Trapsts => u64::from(w.trapsts),
        Reg::Status => u64::from(w.status),
        Reg::Tba => w.tba,
        Reg::Tma => w.tma,
        Reg::Vgpr(n, l) => u64::from(w.vgpr[usize::from(n)][lane(l)]),
        Reg::Acc(n, l) => u64::from(w.acc[usize::from(n)][lane(l)]),
        Reg::VgprPair(n, l) => {
            let n = usize::from(n);
            u64::from(w.vgpr[n][lane(l)]) | u64::from(w.vgpr[n + 1][lane(l)]) << 32
        }
        Reg::Mem(addr, n) => w.mem.read(addr, n),
        Reg::Lds(addr, n) => (0..n).fold(0, |v, i| {
            v | u64::from(w.lds[(addr + i) as usize]) << (8 * i)
        }),
    }
}

/// The instruction of a case: its asm parsed on `target`; the words must be its encoding.
pub fn instruction(target: Target, case: &Case) -> Result<Instruction, String> {
    instruction_of(target, &case.asm, &case.words)
}

/// `asm` parsed on `target`; `words` (when not empty) must be its encoding. Value and
/// state vectors both take their instruction this way.
pub fn instruction_of(target: Target, asm: &str, words: &[u32]) -> Result<Instruction, String> {
    let inst = formats::parse(target, asm).map_err(|e| format!("`{asm}`: {e}"))?;
    let encoded = formats::encode(&inst);
    if !words.is_empty() && encoded != words {
        return Err(format!(
            "`{asm}` assembles to {}, not to the case's words",
            crate::asm::words_text(&encoded)
        ));
    }
    Ok(inst)
}

/// A wave with MODE `mode` and the inputs set (everything else 0).
pub fn wave(mode: u32, inputs: &[(String, u64)]) -> Result<Wave, String> {
    let mut w = Wave {
        mode,
        ..Wave::default()
    };
    for (name, v) in inputs {
        let reg = parse_reg(name).map_err(|e| format!("input `{name}`: {e}"))?;
        let bits = crate::isa::gcn5::eval::bits(reg);
        if bits < 64 && v >> bits != 0 {
            return Err(format!(
                "input `{name}` = {v:#x} does not fit in {bits} bits"
            ));
        }
        set(&mut w, reg, *v);
    }
    Ok(w)
}

/// Run a case: the values of its outputs and the flags accrued in TRAPSTS.EXCP.
pub fn eval(target: Target, case: &Case) -> Result<Observed, String> {
    let inst = instruction(target, case)?;
    let mode = parse_mode(&case.mode)?;
    let mut w = wave(mode, &case.inputs)?;
    let before = w.trapsts;
    execute(&mut w, &inst).map_err(|e| e.to_string())?;
    let mut outputs = Vec::with_capacity(case.outputs.len());
    for (name, _) in &case.outputs {
        let reg = parse_reg(name).map_err(|e| format!("output `{name}`: {e}"))?;
        outputs.push((name.clone(), get(&w, reg)));
    }
    Ok(Observed {
        outputs,
        flags: Some(flags_of_trapsts(w.trapsts & !before & EXCP_MASK)),
    })
}

/// The trapsts bits of `flags` (so the generator and the reference agree on the layout).
pub fn trapsts_of(flags: Flags) -> u32 {
    trapsts_bits(flags)
}

/// What the generic reader does not check in a GCN5 ALU file (`#!kind alu`): every case's
/// asm parses on the file's target, its mode is `mode=0xHEX`, its input and output names
/// are registers (`gpuref eval`'s names) and its input values fit them. Errors carry line
/// and column, like the reader's.
pub fn lint(path: &std::path::Path, text: &str, file: &VecFile) -> Vec<crate::vector::ParseError> {
    use crate::vector::ParseError;
    let target = Target::parse(file.header("target").unwrap_or(""));
    let mut errors = Vec::new();
    if target.is_none() {
        errors.push(ParseError::new(
            path,
            1,
            1,
            "a gcn5 alu file needs `#!target gfx900` or `#!target gfx908`".into(),
        ));
    }
    let lines: Vec<&str> = text.split('\n').collect();
    for case in &file.cases {
        let Some(line) = lines.get(case.line.wrapping_sub(1)) else {
            continue;
        };
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 8 {
            continue;
        }
        let start = |i: usize| fields[..i].iter().map(|f| f.len() + 1).sum::<usize>() + 1;
        let mut err = |col: usize, m: String| errors.push(ParseError::new(path, case.line, col, m));
        if let Some(t) = target {
            if let Err(e) = instruction(t, case) {
                err(start(2), e);
            }
        }
        let mut off = 0;
        for tok in fields[3].split(' ') {
            if !tok.is_empty() {
                if let Err(e) = parse_mode(tok) {
                    err(start(3) + off, e);
                }
            }
            off += tok.len() + 1;
        }
        for (field, what) in [(4, "input"), (5, "output")] {
            let mut off = 0;
            for tok in fields[field].split(' ') {
                let name = tok.split_once('=').map_or(tok, |(n, _)| n);
                if !tok.is_empty() && tok != "-" {
                    match parse_reg(name) {
                        Err(e) => err(start(field) + off, format!("{what} `{name}`: {e}")),
                        Ok(reg) if field == 4 => {
                            let v = case.input(name).unwrap_or(0);
                            let bits = crate::isa::gcn5::eval::bits(reg);
                            if bits < 64 && v >> bits != 0 {
                                err(
                                    start(field) + off + name.len() + 1,
                                    format!("input `{name}` = {v:#x} does not fit in {bits} bits"),
                                );
                            }
                        }
                        Ok(_) => {}
                    }
                }
                off += tok.len() + 1;
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trapsts_flags_round_trip() {
        for bits in 0..64u32 {
            assert_eq!(trapsts_of(flags_of_trapsts(bits)), bits);
        }
        assert_eq!(flags_of_trapsts(1), Flags::INVALID);
        assert_eq!(flags_of_trapsts(0x20), Flags::INEXACT);
    }

    #[test]
    fn mode_field() {
        assert_eq!(parse_mode("mode=0x3f0"), Ok(0x3f0));
        assert!(parse_mode("round=rne")
            .unwrap_err()
            .contains("unknown mode item"));
        assert!(parse_mode("").unwrap_err().contains("no `mode"));
        assert!(parse_mode("mode=0x100000000").is_err());
    }
}
