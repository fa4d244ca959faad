//! The models of the rows whose kernels are in gpuref-amd-gcn5's `alu/valu/fminmax/`:
//! the float multiply-adds and min/max/med3.

pub mod mad;
pub mod minmax;
