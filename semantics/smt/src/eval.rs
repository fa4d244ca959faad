//! The models evaluated by z3 (the system libz3 through the `z3` crate): a model's outputs
//! at concrete inputs, and inputs satisfying a condition ([`Evaluator`], behind the `z3`
//! feature), so the cross-check tests here and the corpus check in gpuref-conformance share
//! one evaluator and the models themselves stay plain text without z3. The value helpers
//! (input maps, masks) need no z3.

use std::collections::BTreeMap;

#[cfg(feature = "z3")]
mod solver;
#[cfg(feature = "z3")]
pub use solver::Evaluator;

/// Input values by name.
pub type Inputs = BTreeMap<&'static str, u64>;

/// The low `w` bits set (all 64 for `w >= 64`).
pub fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// Whether `x` (`w` bits) is a float NaN.
pub fn is_nan(x: u64, w: u32) -> bool {
    let (e, m) = match w {
        16 => (5, 10),
        32 => (8, 23),
        _ => (11, 52),
    };
    (x >> m) & ((1 << e) - 1) == (1 << e) - 1 && x & ((1u64 << m) - 1) != 0
}
