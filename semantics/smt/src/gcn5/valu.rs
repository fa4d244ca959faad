//! Vector ALU models, per lane (Vega manual, sections "VOP2 Instructions", "VOP1
//! Instructions", "VOPC Instructions", "VOP3A & VOP3B Instructions").

//!
//! Files named like gpuref-amd-gcn5's `alu/valu` files (`vop1/round.rs`,
//! `fminmax/mad.rs`, ...) hold the models of the rows whose kernels are there
//! (`tests/mirror.rs`); the others are still grouped by the round they were written in.

pub mod fminmax;
pub mod trans;
pub mod vcvt;
pub mod vfloat;
pub mod vop1;
pub mod vop2;
pub mod vop3f;
pub mod vop3i;
pub mod vop3p;
pub mod vopc;
