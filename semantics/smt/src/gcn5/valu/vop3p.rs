//! The models of the rows whose kernels are in gpuref-amd-gcn5's `alu/valu/vop3p/`.

pub mod dot;
