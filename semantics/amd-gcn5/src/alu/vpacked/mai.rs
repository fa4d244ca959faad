//! MI100's VOP3P-MAI rows: the AccVGPR moves execute on the wave's AccVGPR file
//! (`Wave::acc`). The MFMA rows do not: they need what no source we cite gives: the MI100 manual's "Matrix Arithmetic Instructions" chapter
//! names the A/B/C/D roles and the MxNxK shapes but not how the matrices lie across lanes,
//! blocks and registers, nor what CBSZ/ABID/BLGP broadcast; and the order and intermediate
//! rounding of the dot products are unpublished (an acceptance set to design).

use crate::alu::ExecError;
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
                    VectorSrc::LdsDirect => return Err(pending(name)),
                };
                wave.acc[usize::from(vdst)][lane] = v;
            }
        }
        Mai::Mfma(_) => return Err(pending(name)),
    }
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

const MFMA: &str = "no cited source gives the lane/block/register layout of A, B, C and D or the CBSZ/ABID/BLGP broadcast (the MI100 MAI chapter names shapes only); the dot-product order and rounding are unpublished";
const MFMA_INT: &str = "no cited source gives the lane/block/register layout of A, B, C and D or the CBSZ/ABID/BLGP broadcast (the MI100 MAI chapter names shapes only); I32 accumulation wrap vs saturate is unpublished";

/// VOP3P-MAI rows without semantics yet, with what they wait for.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
    ("V_MFMA_F32_32X32X1F32",  MFMA),
    ("V_MFMA_F32_16X16X1F32",  MFMA),
    ("V_MFMA_F32_4X4X1F32",    MFMA),
    ("V_MFMA_F32_32X32X2F32",  MFMA),
    ("V_MFMA_F32_16X16X4F32",  MFMA),
    ("V_MFMA_F32_32X32X4F16",  MFMA),
    ("V_MFMA_F32_16X16X4F16",  MFMA),
    ("V_MFMA_F32_4X4X4F16",    MFMA),
    ("V_MFMA_F32_32X32X8F16",  MFMA),
    ("V_MFMA_F32_16X16X16F16", MFMA),
    ("V_MFMA_I32_32X32X4I8",   MFMA_INT),
    ("V_MFMA_I32_16X16X4I8",   MFMA_INT),
    ("V_MFMA_I32_4X4X4I8",     MFMA_INT),
    ("V_MFMA_I32_32X32X8I8",   MFMA_INT),
    ("V_MFMA_I32_16X16X16I8",  MFMA_INT),
    ("V_MFMA_F32_32X32X2BF16", MFMA),
    ("V_MFMA_F32_16X16X2BF16", MFMA),
    ("V_MFMA_F32_4X4X2BF16",   MFMA),
    ("V_MFMA_F32_32X32X4BF16", MFMA),
    ("V_MFMA_F32_16X16X8BF16", MFMA),
];

/// Why a VOP3P-MAI row does not execute.
pub fn pending(name: &'static str) -> ExecError {
    match NOT_YET.iter().find(|(n, _)| *n == name) {
        Some((_, reason)) => ExecError::Pending { name, reason },
        None => ExecError::NotYet { name },
    }
}
