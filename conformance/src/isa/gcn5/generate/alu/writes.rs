//! The registers a decoded ALU instruction writes, read from its fields (the decoded
//! VDST/SDST codes and the row's operand shape), not from the text the generator built: the
//! generator names a case's outputs with these, and the corpus test
//! (`tests::every_expected_output_is_a_register_the_instruction_writes`) checks every
//! committed case against them.
//!
//! Explicit destinations: VOP1/VOP2's VDST (a VGPR range of the destination's width);
//! VOPC e32's and the VOP2 carry-outs' VCC (the 32-bit encodings write VCC, no field names
//! it); the VOP3 forms' lane mask in the SGPR pair their field names (VOPC: VDST; VOP3B:
//! SDST), printed `vcc` when the code is VCC_LO; VOP3P's VDST; SALU's SDST. Implicit
//! state: SCC (SALU), EXEC (S_*_SAVEEXEC_B64, S_*_WREXEC_B64, V_CMPX), M0
//! (S_SET_GPR_IDX_*), PC (S_SETPC_B64, S_SWAPPC_B64), TRAPSTS (VALU: exception flags; V_CLREXCP).

use gpuref_amd_gcn5::formats::salu::{shape as salu_shape, Slot};
use gpuref_amd_gcn5::formats::valu::{shape as valu_shape, Role};
use gpuref_amd_gcn5::formats::{Fields, Instruction};
use gpuref_amd_gcn5::instructions::Format;
use gpuref_amd_gcn5::operand::ScalarReg;

/// One written register: its `gpuref eval` name, and whether it holds a lane mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub name: String,
    pub lane_mask: bool,
}

/// A VGPR destination: one name (`v0`, `v[0:1]`), or four 32-bit ones for 4 dwords (the
/// reference reads at most 64 bits per name).
fn push_vgprs(out: &mut Vec<Written>, base: u8, dwords: u8) {
    let base = u32::from(base);
    let names = if dwords == 4 {
        (base..base + 4).map(|i| format!("v{i}")).collect()
    } else {
        vec![super::vrange(base, dwords)]
    };
    out.extend(names.into_iter().map(|name| Written {
        name,
        lane_mask: false,
    }));
}

fn sreg(code: u8, dwords: u32) -> String {
    ScalarReg::from_code(code)
        .map(|r| r.display(dwords))
        .unwrap_or_else(|_| format!("scalar code {code}"))
}

/// The registers the fields of `inst` name as destinations (explicit operands, and VCC
/// where a 32-bit encoding writes it), in printed order.
pub fn explicit(inst: &Instruction) -> Vec<Written> {
    let row = inst.row;
    let mut out = Vec::new();
    let push = |out: &mut Vec<Written>, name: String, lane_mask: bool| {
        out.push(Written { name, lane_mask })
    };
    match &inst.fields {
        Fields::Sop1(f) => {
            if let Some(d) = f.sdst {
                push(&mut out, d.display(sdst_width(row)), false);
            }
        }
        Fields::Sop2(f) => {
            if let Some(d) = f.sdst {
                push(&mut out, d.display(sdst_width(row)), false);
            }
        }
        Fields::Sopk(f) => {
            // SOPK's SDST is a source of the compares (S_CMPK_*), a destination otherwise.
            if let Some(d) = f.sdst {
                if !row.name.starts_with("S_CMPK") {
                    push(&mut out, d.display(sdst_width(row)), false);
                }
            }
        }
        Fields::Vop(f) => {
            for o in &valu_shape(row).operands {
                match o.role {
                    Role::Vdst => push_vgprs(&mut out, f.vdst, o.ty.dwords()),
                    Role::Sdst => push(&mut out, sreg(f.vdst, 1), false),
                    Role::CarryOut => push(&mut out, "vcc".into(), true),
                    _ => {}
                }
            }
        }
        Fields::Vop3(f) => {
            for o in &valu_shape(row).operands {
                match o.role {
                    Role::Vdst => push_vgprs(&mut out, f.vdst, o.ty.dwords()),
                    Role::Sdst => push(&mut out, sreg(f.vdst, 1), false),
                    Role::CarryOut => {
                        let code = if row.format == Format::Vopc {
                            f.vdst
                        } else {
                            f.sdst
                        };
                        push(&mut out, sreg(code, 2), true)
                    }
                    _ => {}
                }
            }
        }
        // Every VOP3P result is one dword (the packed halves, MIX, the dots).
        Fields::Vop3p(f) => push_vgprs(&mut out, f.vdst, 1),
        _ => {}
    }
    out
}

fn sdst_width(row: &gpuref_amd_gcn5::Row) -> u32 {
    salu_shape(row)
        .into_iter()
        .find_map(|s| match s {
            Slot::Sdst(n) => Some(n),
            _ => None,
        })
        .unwrap_or(1)
}

/// Every register an expected output of `inst` may name: its explicit destinations, the
/// registers they cover (`s[20:21]` covers `s20` and `s21`; `vcc` covers `vcc_lo`/`vcc_hi`),
/// and the implicit state the instruction's format writes.
pub fn allowed(inst: &Instruction) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in explicit(inst) {
        out.extend(super::expand(&w.name));
        out.push(w.name);
    }
    out.dedup();
    let salu = matches!(
        inst.fields,
        Fields::Sop1(_) | Fields::Sop2(_) | Fields::Sopk(_) | Fields::Sopc(_)
    );
    if salu {
        out.push("scc".into());
        let name = inst.row.name;
        if name.ends_with("EXEC_B64") {
            out.push("exec".into());
        }
        if name.starts_with("S_SET_GPR_IDX") {
            out.push("m0".into());
        }
        if name.starts_with("S_SETPC") || name.starts_with("S_SWAPPC") {
            out.push("pc".into());
        }
    } else {
        out.push("trapsts".into());
        if inst.row.name.starts_with("V_CMPX") {
            out.push("exec".into());
        }
    }
    out
}

/// What a case checks of its instruction, as one string: the expected values of the
/// destinations `dsts` names (every output when it names none: SOPC's SCC, V_CLREXCP's
/// TRAPSTS), in order, without their names (so that a VOPC file's `vcc` and `s[20:21]`
/// groups compare alike). Two cases with the same string check the same thing.
pub fn checked(case: &crate::vector::Case, dsts: &[Written]) -> String {
    let named = |n: &str| dsts.is_empty() || dsts.iter().any(|w| w.name == n);
    let specs: Vec<String> = case
        .outputs
        .iter()
        .filter(|(n, _)| named(n))
        .map(|(_, s)| s.to_string())
        .collect();
    specs.join(" ")
}
