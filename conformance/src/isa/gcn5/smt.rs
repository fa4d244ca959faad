//! `gpuref smt`: the z3 model of one instruction as a self-contained SMT-LIB2 script
//! (gpuref-smt; the interface is in docs/design/0027-smt-models.md).

use crate::asm::parse_target;
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::Gcn5;

pub use crate::isa::SmtError;

/// A MODE value: `0x` hex or decimal, 32 bits.
pub fn parse_mode(s: &str) -> Result<u32, String> {
    let v = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u32::from_str_radix(h, 16),
        None => s.parse(),
    };
    v.map_err(|_| format!("--mode `{s}`: expected a 32-bit hex or decimal value"))
}

/// The script of `mnemonic` on `target` under MODE `mode` (default 0x3f0, as `gpuref eval`)
/// and the output modifiers `mods` (note 0042).
pub fn smt(
    target: &str,
    mode: Option<&str>,
    mnemonic: &str,
    mods: gpuref_smt::Mods,
    check_sat: bool,
) -> Result<String, SmtError> {
    if mods.omod > 3 {
        return Err(SmtError::Usage(format!(
            "--omod {}: expected 0 (none), 1 (*2), 2 (*4) or 3 (*0.5)",
            mods.omod
        )));
    }
    let t = parse_target::<Gcn5>(target).map_err(SmtError::Usage)?;
    let mode = mode
        .map(parse_mode)
        .transpose()
        .map_err(SmtError::Usage)?
        .unwrap_or(crate::isa::gcn5::eval::DEFAULT_MODE);
    let name = mnemonic.to_ascii_uppercase();
    let mut named = rows().filter(|r| r.name == name).peekable();
    if named.peek().is_none() {
        return Err(SmtError::Usage(format!("unknown mnemonic `{mnemonic}`")));
    }
    if !named.any(|r| r.targets.contains(t)) {
        return Err(SmtError::Usage(format!(
            "{name} is not a {} instruction",
            t.name()
        )));
    }
    let wave = gpuref_amd_gcn5::alu::salu::WAVE_LEVEL
        .iter()
        .find(|(n, _)| *n == name);
    let isa = gpuref_smt::isa("gcn5").expect("gpuref-smt registers gcn5");
    isa.script(&name, t.name(), mode, mods, check_sat).map_err(|e| match (e, wave) {
        (_, Some((_, why))) => SmtError::Unmodelled(format!(
            "{name} has no z3 model: it has no kernel yet either ({why})"
        )),
        (gpuref_smt::Error::Unmodelled { why: None, .. }, None) => SmtError::Unmodelled(format!(
            "{name} has no z3 model: outside the ALU rows modelled so far (scalar ALU, integer VOP1/VOP2/VOPC/VOP3)"
        )),
        (e, None) => SmtError::Unmodelled(e.to_string()),
    })
}
