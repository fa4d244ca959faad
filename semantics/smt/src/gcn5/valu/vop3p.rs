//! The models of the rows whose kernels are in gpuref-amd-gcn5's `alu/valu/vop3p/`:
//! packed integer (`int.rs`), packed f16 and MIX (`float.rs`), dot products (`dot.rs`).

pub mod dot;
pub mod float;
pub mod int;
