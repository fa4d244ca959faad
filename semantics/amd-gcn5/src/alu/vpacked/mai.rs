//! MI100's VOP3P-MAI rows: none executes yet. All need the wave's AccVGPR file, which the
//! wave model (`wave.rs`, another module's) does not hold yet. The MFMA rows also need what
//! no source we cite gives: the MI100 manual's "Matrix Arithmetic Instructions" chapter
//! names the A/B/C/D roles and the MxNxK shapes but not how the matrices lie across lanes,
//! blocks and registers, nor what CBSZ/ABID/BLGP broadcast; and the order and intermediate
//! rounding of the dot products are unpublished (an acceptance set to design).

use crate::alu::ExecError;

const ACC: &str =
    "needs the wave's AccVGPR file (a0..a255 per lane), which wave.rs does not hold yet";
const MFMA: &str = "needs the wave's AccVGPR file (not in wave.rs yet) and the MI100 MAI chapter's A/B/C lane and block layout (CBSZ/ABID/BLGP broadcast); its dot-product order and intermediate rounding are unpublished (an acceptance set to design)";
const MFMA_INT: &str = "needs the wave's AccVGPR file (not in wave.rs yet) and the MI100 MAI chapter's A/B/C lane and block layout (CBSZ/ABID/BLGP broadcast); I32 accumulation wrap vs saturate is unpublished";

/// VOP3P-MAI rows without semantics yet, with what they wait for.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
    ("V_ACCVGPR_READ_B32",     ACC),
    ("V_ACCVGPR_WRITE_B32",    ACC),
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
