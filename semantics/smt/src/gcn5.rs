//! GCN5 (Vega gfx900, MI100 gfx908) ALU models, one file per kernel file of
//! gpuref-amd-gcn5's `alu` module, and GCN5's side of the script interface.
//!
//! Script names (stable): inputs `s0` `s1` `s2` (the spec's S0..S2), `d_in` (the
//! destination before the instruction), `scc_in`, `vcc_in` (the lane's bit of VCC or of the
//! SGPR pair in SRC2), `exec_in`, `m0_in`, `pc_in` (the instruction's byte address),
//! `simm16` (SOPK's immediate), `lane` (the lane's ThreadPosition, 6 bits) and, for the MIX
//! rows, `op_sel` and `op_sel_hi` (`(_ BitVec 3)`, bit i for source i: OPSEL_HI = 1 reads
//! source i as the f16 half OPSEL selects); outputs `d`, `scc`, `vcc` (the lane's bit of
//! VCC / the SGPR-pair destination: carry-out or compare result), `exec`, `m0`, `pc`.
//! `mode` is the MODE register ([`mode`]); `flags` are TRAPSTS.EXCP's bits. Output
//! modifiers are VOP3's CLAMP and OMOD ([`mods`], note 0042).

pub mod known;
pub mod mode;
pub mod mods;
pub mod regressions;
pub mod salu;
pub mod valu;
pub mod vpacked;

pub use vpacked::mfma;

#[cfg(test)]
mod tests;

use crate::registry::{IsaModels, Table};
use crate::{Model, ModelFn, Mods};
use std::sync::LazyLock;

/// GCN5's models: its line in [`crate::ISAS`].
pub static ISA: IsaModels = IsaModels {
    name: "gcn5",
    tables: TABLES,
    elements: &[Table {
        models: mfma::MODELS,
        source: MFMA_SOURCE,
    }],
    all,
    exempt: EXEMPT,
    manual,
    with_mods,
    regressions: regressions::ALL,
};

/// Every table of lane models and its file, from the repository root (the instruction
/// reference links a model to its file; a test checks the pairing).
#[rustfmt::skip]
pub const TABLES: &[Table] = &[
    Table { models: salu::sop2::MODELS, source: "semantics/smt/src/gcn5/salu/sop2.rs" },
    Table { models: salu::sopk::MODELS, source: "semantics/smt/src/gcn5/salu/sopk.rs" },
    Table { models: salu::sop1::MODELS, source: "semantics/smt/src/gcn5/salu/sop1.rs" },
    Table { models: salu::sopc::MODELS, source: "semantics/smt/src/gcn5/salu/sopc.rs" },
    Table { models: valu::vop2::MODELS, source: "semantics/smt/src/gcn5/valu/vop2.rs" },
    Table { models: valu::vop1::MODELS, source: "semantics/smt/src/gcn5/valu/vop1.rs" },
    Table { models: valu::vopc::MODELS, source: "semantics/smt/src/gcn5/valu/vopc.rs" },
    Table { models: valu::vop3i::arith::MODELS, source: "semantics/smt/src/gcn5/valu/vop3i/arith.rs" },
    Table { models: valu::vop3i::bits::MODELS, source: "semantics/smt/src/gcn5/valu/vop3i/bits.rs" },
    Table { models: valu::vopc::float::MODELS, source: "semantics/smt/src/gcn5/valu/vopc.rs" },
    Table { models: valu::vop3p::dot::MODELS, source: "semantics/smt/src/gcn5/valu/vop3p/dot.rs" },
    Table { models: valu::fminmax::minmax::MODELS, source: "semantics/smt/src/gcn5/valu/fminmax/minmax.rs" },
    Table { models: valu::vop1::round::MODELS, source: "semantics/smt/src/gcn5/valu/vop1/round.rs" },
    Table { models: valu::vop1::cvt::MODELS, source: "semantics/smt/src/gcn5/valu/vop1/cvt.rs" },
    Table { models: valu::fminmax::mad::MODELS, source: "semantics/smt/src/gcn5/valu/fminmax/mad.rs" },
    Table { models: valu::trans::MODELS, source: "semantics/smt/src/gcn5/valu/trans.rs" },
    Table { models: valu::vop3f::MODELS, source: "semantics/smt/src/gcn5/valu/vop3f.rs" },
    Table { models: valu::vop3f::pack::MODELS, source: "semantics/smt/src/gcn5/valu/vop3f/pack.rs" },
    Table { models: valu::vop3f::div::MODELS, source: "semantics/smt/src/gcn5/valu/vop3f/div.rs" },
    Table { models: valu::vop3p::int::MODELS, source: "semantics/smt/src/gcn5/valu/vop3p/int.rs" },
    Table { models: valu::vop3p::float::MODELS, source: "semantics/smt/src/gcn5/valu/vop3p/float.rs" },
    Table { models: valu::vop3i::qsad::MODELS, source: "semantics/smt/src/gcn5/valu/vop3i/qsad.rs" },
    Table { models: vpacked::mai::MODELS, source: "semantics/smt/src/gcn5/vpacked/mai.rs" },
    Table { models: valu::vop3f::trig::MODELS, source: "semantics/smt/src/gcn5/valu/vop3f/trig.rs" },
];

/// The file of the MFMA element models ([`mfma::MODELS`], outside [`TABLES`]).
pub const MFMA_SOURCE: &str = "semantics/smt/src/gcn5/vpacked/mfma.rs";

static ALL: LazyLock<Vec<(&'static str, ModelFn)>> = LazyLock::new(|| {
    TABLES
        .iter()
        .flat_map(|t| t.models.iter().copied())
        .collect()
});

fn all() -> &'static [(&'static str, ModelFn)] {
    &ALL
}

fn with_mods(m: &Model, mode: u32, mods: Mods) -> Result<Model, String> {
    m.with_vop3_mods(mode, mods)
}

/// Rows of the ALU kernel tables that have no model, with the reason
/// ([`IsaModels::exemption`]).
#[rustfmt::skip]
pub const EXEMPT: &[(&str, &str)] = &[
    // Third round (A) exemptions (h/smt2).
    ("V_CVT_NORM_I16_F16",         "flt16_to_snorm16 is not defined by the manual (scale 32767 or 32768, rounding): no reading of it to model"),
    ("V_CVT_NORM_U16_F16",         "flt16_to_unorm16 is not defined by the manual (scale 65535 or 65536, rounding): no reading of it to model"),
    // Third round (B): transcendentals z3 cannot state (note 0027, "Third round (B)").
    ("V_EXP_F32", TRANSCENDENTAL), ("V_LOG_F32", TRANSCENDENTAL), ("V_SIN_F32", TRANSCENDENTAL),
    ("V_COS_F32", TRANSCENDENTAL), ("V_EXP_F16", TRANSCENDENTAL), ("V_LOG_F16", TRANSCENDENTAL),
    ("V_SIN_F16", TRANSCENDENTAL), ("V_COS_F16", TRANSCENDENTAL),
    ("V_CVT_PKNORM_I16_F32", UNDEFINED_CVT), ("V_CVT_PKNORM_U16_F32", UNDEFINED_CVT),
    ("V_CVT_PKNORM_I16_F16", UNDEFINED_CVT), ("V_CVT_PKNORM_U16_F16", UNDEFINED_CVT),
    ("V_CVT_PK_U8_F32", UNDEFINED_CVT), ("V_CVT_PKACCUM_U8_F32", UNDEFINED_CVT),
    // End of third round (B).
    // Note 0037: the legacy transcendentals and V_CLREXCP.
    ("V_EXP_LEGACY_F32", LEGACY_TRANS), ("V_LOG_LEGACY_F32", LEGACY_TRANS),
    ("V_CLREXCP", "a wave-level row with no lane result: it clears TRAPSTS.EXCP or nothing visible (rule gcn5.v_clrexcp.state, unspecified); a model could only restate the kernel's choice"),
];

/// Why the legacy EXP/LOG rows have no model.
const LEGACY_TRANS: &str = "approximate transcendental (z3 has no exp2 or log2, as for V_EXP_F32/V_LOG_F32) whose \"legacy semantics\" are undefined: the kernel's acceptance sets hold every cited reading (note 0037), which a model could only restate";

/// Why the snorm/unorm/uint8 packing conversions have no model.
const UNDEFINED_CVT: &str = "the manual names the conversion ((snorm), (unorm), flt32_to_uint8) without defining its rounding, clamping or NaN result, and the kernel row is unspecified: a model could only restate the kernel's choice";

/// Why EXP, LOG, SIN and COS have no model.
const TRANSCENDENTAL: &str = "approximate transcendental: z3 has no exp2, log2, sin or cos (nor a decidable theory with them), so the manual's ULP acceptance around the exact value cannot be stated; a sound enclosure would need interval bounds written for the purpose (note 0027, \"Third round (B)\")";

/// The manual a script's header names for its pseudocode line: the target's (gfx908:
/// the MI100 manual; the Vega manual otherwise).
fn manual(target: &str) -> &'static str {
    if target.eq_ignore_ascii_case("gfx908") {
        "MI100 ISA manual"
    } else {
        "Vega ISA manual"
    }
}
