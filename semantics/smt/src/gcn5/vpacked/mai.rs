//! MI100's AccVGPR moves, per lane (MI100 manual, "7.1. Matrix Arithmetic Opcodes" and the
//! chapter's introduction, which gives the rows no pseudocode: "Data can be moved between
//! the ACC and ARCH VGPRs via the V_ACCVGPR_READ and V_ACCVGPR_WRITE instructions."). The
//! MFMA rows have element models in `gcn5/vpacked/mfma.rs` (note 0036, "The z3 model").
//!
//! A move is read as a copy of the 32 bits: `s0` is the source register's lane value (an
//! AccVGPR for READ; a VGPR or an inline constant's 32 bits for WRITE), `d` the
//! destination's (a VGPR for READ, an AccVGPR for WRITE). The manual prints no conversion
//! and no exception for either row, so neither is modelled (an integer model: no flags).

use crate::{Model, ModelFn};

/// The sentence the MI100 manual gives both rows.
const MOVED: &str =
    "Data can be moved between the ACC and ARCH VGPRs via the V_ACCVGPR_READ and V_ACCVGPR_WRITE instructions.";

/// A 32-bit copy: D.u = S0.u.
fn copy(name: &'static str) -> Model {
    Model::new(name, MOVED).input("s0", 32).out("d", 32, "s0")
}

/// D.u = S0.u (AccVGPR to VGPR).
pub fn v_accvgpr_read_b32() -> Model {
    copy("V_ACCVGPR_READ_B32")
}

/// D.u = S0.u (VGPR or inline constant to AccVGPR).
pub fn v_accvgpr_write_b32() -> Model {
    copy("V_ACCVGPR_WRITE_B32")
}

#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_ACCVGPR_READ_B32", v_accvgpr_read_b32), ("V_ACCVGPR_WRITE_B32", v_accvgpr_write_b32),
];
