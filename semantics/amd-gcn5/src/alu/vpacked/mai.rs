//! MI100's AccVGPR moves, on the wave's AccVGPR file (`Wave::acc`); the MFMA rows are in
//! `vpacked/mfma.rs`.

use crate::error::ExecError;
use crate::formats::mai::Mai;
use crate::formats::{Fields, Instruction};
use crate::operand::VectorSrc;
use crate::wave::{Wave, Widen, LANES};
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// Rules of the AccVGPR moves.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.v_accvgpr.move", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "7.1. Matrix Arithmetic Opcodes"), SpecRef::new(Spec::Gpuref, "docs/design/0026-gcn5-packed-math.md")],
        statement: "V_ACCVGPR_READ_B32 copies an AccVGPR to a VGPR and V_ACCVGPR_WRITE_B32 a VGPR or an inline constant (float constants as FP32, integers sign-extended) to an AccVGPR, in the lanes EXEC enables, as every VALU write" },
];

/// Execute V_ACCVGPR_READ_B32 / V_ACCVGPR_WRITE_B32 on `wave` and its AccVGPR file
/// (rule `gcn5.v_accvgpr.move`).
pub fn execute_acc(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let Fields::Mai(m) = inst.fields else {
        return Err(ExecError::NotYet { name });
    };
    let active = |lane: usize| wave.exec >> lane & 1 == 1;
    match m {
        Mai::AccRead { vdst, src } => {
            for lane in (0..LANES).filter(|&l| active(l)) {
                wave.vgpr[usize::from(vdst)][lane] = wave.acc[usize::from(src)][lane];
            }
        }
        Mai::AccWrite { vdst, src } => {
            for lane in (0..LANES).filter(|&l| active(l)) {
                let v = match src {
                    VectorSrc::Vgpr(r) => wave.vgpr[usize::from(r)][lane],
                    VectorSrc::Scalar(s) => wave.read_src(s, 1, 0, Widen::Zero) as u32,
                    VectorSrc::LdsDirect => return Err(ExecError::NotYet { name }),
                };
                wave.acc[usize::from(vdst)][lane] = v;
            }
        }
        Mai::Mfma(_) => return Err(ExecError::NotYet { name }),
    }
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}
