//! GCN5 (Vega gfx900, MI100 gfx908) ALU models, one file per kernel file of
//! gpuref-amd-gcn5's `alu` module.

pub mod mfma;
pub mod mode;
pub(crate) mod mods;
pub mod regressions;
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
    // Third round (A).
    valu::vdot::MODELS,
    valu::vminmax::MODELS,
    valu::vround::MODELS,
    valu::vcvt::MODELS,
    valu::vmad::MODELS,
    // Third round (B).
    valu::trans::MODELS,
    valu::vop3f::MODELS,
    valu::vpacked::MODELS,
    valu::vqsad::MODELS,
    // Fourth round.
    valu::vmai::MODELS,
    // Fifth round.
    valu::vmix::MODELS,
    valu::vtrig::MODELS,
];

/// The file of each of [`TABLES`], in the same order, from the repository root (the
/// instruction reference links a model to its file; a test checks the pairing).
pub const SOURCES: &[&str] = &[
    "semantics/smt/src/gcn5/salu/sop2.rs",
    "semantics/smt/src/gcn5/salu/sopk.rs",
    "semantics/smt/src/gcn5/salu/sop1.rs",
    "semantics/smt/src/gcn5/salu/sopc.rs",
    "semantics/smt/src/gcn5/valu/vop2.rs",
    "semantics/smt/src/gcn5/valu/vop1.rs",
    "semantics/smt/src/gcn5/valu/vopc.rs",
    "semantics/smt/src/gcn5/valu/vop3i.rs",
    "semantics/smt/src/gcn5/valu/vfloat.rs",
    "semantics/smt/src/gcn5/valu/vopcf.rs",
    "semantics/smt/src/gcn5/valu/vdot.rs",
    "semantics/smt/src/gcn5/valu/vminmax.rs",
    "semantics/smt/src/gcn5/valu/vround.rs",
    "semantics/smt/src/gcn5/valu/vcvt.rs",
    "semantics/smt/src/gcn5/valu/vmad.rs",
    "semantics/smt/src/gcn5/valu/trans.rs",
    "semantics/smt/src/gcn5/valu/vop3f.rs",
    "semantics/smt/src/gcn5/valu/vpacked.rs",
    "semantics/smt/src/gcn5/valu/vqsad.rs",
    "semantics/smt/src/gcn5/valu/vmai.rs",
    "semantics/smt/src/gcn5/valu/vmix.rs",
    "semantics/smt/src/gcn5/valu/vtrig.rs",
];

/// The file of the MFMA element models ([`mfma::MODELS`], outside [`TABLES`]).
pub const MFMA_SOURCE: &str = "semantics/smt/src/gcn5/mfma.rs";
