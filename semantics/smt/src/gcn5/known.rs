//! Disagreements between a model and GCN5's kernels (or the committed vectors) understood
//! as two readings of the manual (docs/design/0027), with the lanes each covers: the
//! cross-check (`tests/crosscheck.rs`) prints, not fails, a disagreement on such a lane,
//! and the corpus check (gpuref-conformance's `vectors_vs_models`) reads the same list.
//! Data, like [`super::regressions`]: no model reads it.

use crate::eval::{mask, Inputs};

/// Disagreements understood as two readings of the manual (docs/design/0027): row, why,
/// and on which lanes (MODE, inputs) the readings differ. A disagreement on such a lane is
/// printed, not failed; one elsewhere still fails; an entry that never applies to the
/// cross-check's inputs is stale. The committed vectors are checked against the models with
/// the same list (conformance/tests/vectors_vs_models.rs).
pub type Applies = fn(u32, &Inputs) -> bool;
pub const KNOWN: &[(&str, &str, Applies)] = &[
    // Third round (A).
    ("V_FRACT_F16", FRACT_FLAGS, |_, i| subnormal(i["s0"], 16)),
    ("V_FRACT_F32", FRACT_FLAGS, |_, i| subnormal(i["s0"], 32)),
    ("V_FRACT_F64", FRACT_FLAGS, |_, i| subnormal(i["s0"], 64)),
    ("V_MAC_F32", MAC_FLUSH, |m, _| m >> 4 & 3 != 0),
    ("V_MADMK_F32", MAC_FLUSH, |m, _| m >> 4 & 3 != 0),
    ("V_MADAK_F32", MAC_FLUSH, |m, _| m >> 4 & 3 != 0),
    ("V_MAD_LEGACY_F32", MAC_FLUSH, |m, _| m >> 4 & 3 != 0),
    ("V_MAC_F16", MAC_FLUSH, |m, _| m >> 6 & 3 != 0),
    ("V_MADMK_F16", MAC_FLUSH, |m, _| m >> 6 & 3 != 0),
    ("V_MADAK_F16", MAC_FLUSH, |m, _| m >> 6 & 3 != 0),
    ("V_MAD_LEGACY_F16", MAC_FLUSH, |m, _| m >> 6 & 3 != 0),
    // Third round (B).
    ("V_DIV_SCALE_F32", "reading difference, NaN operands only (checked by a one-off run with NaN operands excluded): the printed pseudocode has no NaN branch, so a NaN S1 or S2 passes S0 through (a NaN S2's exponent 255 also sets VCC by the near-MAX_FLOAT test) and a NaN S0 still gets the VCC its S1/S2 select; the kernel propagates a NaN with VCC = 0 (rule gcn5.v_div_scale.nan) (note 0027, \"Third round (B)\")", |_, i| ["s0", "s1", "s2"].iter().any(|s| nan(i[*s], 32))),
    ("V_PK_MIN_F16", "reading difference, output flushing only (a one-off run without it agreed everywhere): the model flushes a denormal result when MODE flushes half output denormals, as the V_MIN_F32 model and kernel do; the V_PK_MIN/MAX_F16 kernel keeps it (rule gcn5.v_pk_min_f16.nan reads inputs under MODE only) (note 0027, \"Third round (B)\")", |m, _| m >> 6 & 3 != 3),
    ("V_PK_MAX_F16", "reading difference: as V_PK_MIN_F16, output flushing of a denormal result (note 0027, \"Third round (B)\")", |m, _| m >> 6 & 3 != 3),
    ("V_DIV_SCALE_F64", "reading difference: as V_DIV_SCALE_F32, a NaN operand (note 0027, \"Third round (B)\")", |_, i| ["s0", "s1", "s2"].iter().any(|s| nan(i[*s], 64))),
];

/// Note 0027 "Third round (A)": "denormals are accepted" read two ways.
pub const FRACT_FLAGS: &str = "a denormal operand: the model accepts it (the manual's 'denormals are accepted'), so under a MODE that flushes input and output the denormal result is flushed with underflow and inexact; the kernel flushes the operand (rule gcn5.valu.denorm_accepted, MODE's input flushing) and raises nothing; d agrees, and the kernel's rule opens d but not the flags to the other reading";

/// Note 0027 "Third round (A)": MAD's "denormals are flushed" for MAC/MADMK/MADAK/MAD_LEGACY.
pub const MAC_FLUSH: &str = "a MODE that allows denormals of the row's width: the model follows MODE ('Rounding and Denormal modes apply to all floating-point operations unless otherwise specified', and these rows specify nothing); the kernel flushes as V_MAD does (rule gcn5.v_mac_f32.denorm, inferred from LLVM's use of them)";

/// Whether `x` (`w` bits) is a float NaN.
pub fn nan(x: u64, w: u32) -> bool {
    let m = match w {
        16 => 10,
        32 => 23,
        _ => 52,
    };
    let e = mask(w) >> 1 >> m;
    (x & (mask(w) >> 1)) >> m == e && x & ((1u64 << m) - 1) != 0
}

/// Whether `x` (`w` bits) is a float denormal.
pub fn subnormal(x: u64, w: u32) -> bool {
    let m = match w {
        16 => 10,
        32 => 23,
        _ => 52,
    };
    ((x & (mask(w) >> 1)) >> m) == 0 && x & ((1u64 << m) - 1) != 0
}

/// Disagreements only the committed vectors show (the kernel agrees with the model in the
/// cross-check), so the cross-check's stale-entry rule does not apply to them. (The VOP3P
/// vectors' ranges of MAD_MIX_F32 and DOT2_F32_F16, once widened to any value by the vector
/// writer, are written as ranges now: none are left.)
pub const KNOWN_VECTORS: &[(&str, &str, Applies)] = &[
    // Sixth round (note 0027): gfx900's MIXLO/MIXHI, compared now.
    ("V_MAD_MIXLO_F16", MIX16_MASK, mix_denormal_source),
    ("V_MAD_MIXHI_F16", MIX16_MASK, mix_denormal_source),
];

/// Why a MAD_MIXLO/HI vector accepts more than the model.
const MIX16_MASK: &str = "the kernel states D11's two readings (MODE's and every denormal flushed) of the written half as an Accept::Mask of the bits they share, which accepts other values too (e.g. 0x4400 and 0x8000 leave 0xc400 = -4.0 open); the model's range is the two readings' interval: the vector, not the kernel's readings, is wider than the manual allows; the fix is an acceptance of a half's range (or of two exact values) in alu/vpacked.rs and the vector writer (note 0027, \"Sixth round\")";

/// Some MIX source as read (the f32, or the f16 half OPSEL selects) is a denormal: where
/// D11's flush-all reading differs from MODE's.
fn mix_denormal_source(_: u32, i: &Inputs) -> bool {
    (0..3).any(|k| {
        let s = i[["s0", "s1", "s2"][k]];
        if i["op_sel_hi"] >> k & 1 == 1 {
            subnormal(s >> (16 * (i["op_sel"] >> k & 1)) & 0xffff, 16)
        } else {
            subnormal(s, 32)
        }
    })
}

/// The KNOWN (or KNOWN_VECTORS) reason covering a disagreement of `row` at `mode` and
/// `inp`, if any.
pub fn known(row: &str, mode: u32, inp: &Inputs) -> Option<&'static str> {
    KNOWN
        .iter()
        .chain(KNOWN_VECTORS)
        .find(|(k, _, applies)| *k == row && applies(mode, inp))
        .map(|(_, why, _)| *why)
}
