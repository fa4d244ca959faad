//! The models of the rows whose kernels are in gpuref-amd-gcn5's `alu/vpacked/`: the
//! AccVGPR moves and the MFMA element models.

pub mod mai;
pub mod mfma;
