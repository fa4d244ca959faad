//! Inputs on which the z3 cross-check found a model and a kernel disagreeing, kept by name
//! after the disagreement was resolved (docs/design/0027 "Disagreements and how each was
//! resolved", 0042 "Disagreements found and how each was resolved"). The cross-check
//! (`tests/crosscheck.rs`, `regressions_found_by_the_cross_check_agree`) compares model and
//! kernel on each, and the ALU vector generator writes each as a named case of its row
//! (`level=regression name=NAME`), so other implementations run them too.

use crate::registry::Regression;
use crate::Mods;

const CLAMP: Mods = Mods {
    clamp: true,
    omod: 0,
};

/// Every kept disagreement.
#[rustfmt::skip]
pub const ALL: &[Regression] = &[
    Regression { name: "med3_unflushed_denormal_max", row: "V_MED3_F32", mode: 0x250, mods: Mods::NONE,
        inputs: &[("s0", 0xd1b5_0a3e), ("s1", 0x007f_ffff), ("s2", 0xa3dc_90a2)],
        found: "model flushed MAX3's intermediate step and picked +0, none of the operands; only the result is flushed now (0027)" },
    Regression { name: "med3_f16_denormal_max", row: "V_MED3_F16", mode: 0x250, mods: Mods::NONE,
        inputs: &[("s0", 0x001e), ("s1", 0xbc01), ("s2", 0xc900)],
        found: "the same intermediate flush in the F16 model (0027)" },
    Regression { name: "mac_f16_ovfl_true_inf", row: "V_MAC_F16", mode: 0x80_000f, mods: Mods::NONE,
        inputs: &[("s0", 0x6f24), ("s1", 0xda8d), ("d_in", 0xfc00)],
        found: "kernel clamped an infinite sum with a true -inf addend to -MAX_FP16 under FP16_OVFL; it keeps -inf now (0027)" },
    Regression { name: "mad_f16_ovfl_overflowed_product", row: "V_MAD_F16", mode: 0x80_02fb, mods: Mods::NONE,
        inputs: &[("s0", 0xf947), ("s1", 0x7947), ("s2", 0x0010)],
        found: "model did not clamp an infinite sum of an overflowed product under FP16_OVFL (0027)" },
    Regression { name: "sub_u32_clamp_negative_difference", row: "V_SUB_U32", mode: 0x3f0, mods: CLAMP,
        inputs: &[("s0", 0x7f), ("s1", 0x256e_ff67)],
        found: "model saturated a negative exact difference to 0xffffffff, comparing unsigned; it saturates to 0 now (0042)" },
    Regression { name: "mul_u32_u24_clamp", row: "V_MUL_U32_U24", mode: 0x3f0, mods: CLAMP,
        inputs: &[("s0", 0xff_ffff), ("s1", 0xff_ffff)],
        found: "kernel ignored CLAMP (wrapped product); it accepts the saturated and the wrapped product now (0042)" },
    Regression { name: "sad_u32_clamp_signed_reading", row: "V_SAD_U32", mode: 0x3f0, mods: CLAMP,
        inputs: &[("s0", 0xd709_7f52), ("s1", 0x0080_0000), ("s2", 0x5328_822a)],
        found: "kernel under CLAMP dropped the printed signed reading; the lane settles only the bits all readings share now (0042)" },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_inputs_are_the_models() {
        let mut seen = std::collections::BTreeSet::new();
        for r in ALL {
            assert!(seen.insert(r.name), "{} twice", r.name);
            let m = crate::gcn5::ISA
                .model(r.row)
                .unwrap_or_else(|| panic!("{}: no model", r.row));
            let mut want: Vec<&str> = m.inputs.iter().map(|(n, _)| *n).collect();
            let mut got: Vec<&str> = r.inputs.iter().map(|(n, _)| *n).collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{}: give every input of {}", r.name, r.row);
        }
    }
}
