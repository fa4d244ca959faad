//! GCN5 (Vega gfx900, MI100 gfx908) ALU models, one file per kernel file of
//! gpuref-amd-gcn5's `alu` module.

pub mod salu;
pub mod valu;

use crate::ModelFn;

/// Every table of models.
pub const TABLES: &[&[(&str, ModelFn)]] = &[
    salu::sop2::MODELS,
    salu::sopk::MODELS,
    salu::sop1::MODELS,
    salu::sopc::MODELS,
    valu::vop2::MODELS,
    valu::vop1::MODELS,
    valu::vopc::MODELS,
    valu::vop3i::MODELS,
    valu::vfloat::MODELS,
    valu::vopcf::MODELS,
    // Third round (B).
    valu::trans::MODELS,
    valu::vop3f::MODELS,
    valu::vpacked::MODELS,
];
