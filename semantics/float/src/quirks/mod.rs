//! Per-GPU float rules (DESIGN.md "Floats: three layers", layer 2).
//!
//! A [`FloatQuirks`] impl fixes, item by item, what IEEE 754 leaves to the implementation
//! (default NaN, which NaN propagates, tininess, results of invalid conversions, ...). Every
//! item is a typed constant read by the operations, and is documented in `RULES` with a
//! status and a citation: [`QUIRK_ITEMS`] lists the items, and a test checks that every
//! impl documents each one exactly once.
//!
//! Impls: [`Ieee754`] (the baseline the oracles check), [`AmdGcn5`], [`AmdR700`],
//! [`IntelGen7Ieee`], [`IntelGen7Alt`].

mod amd_gcn5;
mod amd_r700;
mod ieee754;
mod intel_gen7;

pub use amd_gcn5::AmdGcn5;
pub use amd_r700::AmdR700;
pub use ieee754::Ieee754;
pub use intel_gen7::{IntelGen7Alt, IntelGen7Ieee};

use crate::format::{DenormClass, Format};
use crate::mode::{Denormals, Tininess};
use gpuref_core::Rule;

/// The bit pattern of a format's default NaN, described independently of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NanPattern {
    pub negative: bool,
    /// Only the quiet bit set in the fraction (`0x7fc00000`), or every fraction bit set
    /// (`0x7fffffff`).
    pub all_fraction_bits: bool,
}

impl NanPattern {
    /// The pattern as bits of format `F`.
    pub const fn bits<F: Format>(self) -> u64 {
        let frac = if self.all_fraction_bits {
            F::FRAC_MASK
        } else {
            F::QUIET_BIT
        };
        ((self.negative as u64) * F::SIGN_MASK) | F::EXP_MASK | frac
    }
}

/// Which NaN an operation with NaN operands returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NanPropagation {
    /// The first NaN operand in operand order, quieted (x86 SSE; SoftFloat's 8086-SSE).
    FirstNan,
    /// The first signalling NaN operand, quieted, else the first quiet NaN (ARM VFP).
    SignalingFirst,
    /// Always the default NaN, whatever the operands (RISC-V; ARM with DN set).
    DefaultNan,
}

/// What a conversion between float formats does with a NaN operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NanConversion {
    /// Keep the sign and the most significant payload bits (widening appends zeros,
    /// narrowing drops low bits), then quiet.
    PreservePayload,
    /// The default NaN with the operand's sign.
    DefaultNanKeepSign,
    /// The default NaN.
    DefaultNan,
}

/// When the input-denormal flag is raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputDenormalFlag {
    /// When a subnormal operand is used as such (not flushed by the mode), unless the
    /// operation signals invalid or divide-by-zero: x86's DE, which ranks below those two
    /// exceptions (measured: docs/design/0002-x86-oracle.md).
    WhenNotFlushed,
    /// Whenever an operand is subnormal, flushed or not.
    Always,
    /// Never.
    Never,
}

/// An integer result named by where it sits in the destination type's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntResult {
    Zero,
    /// The destination's smallest value (`i32::MIN`, or 0 for unsigned types).
    Min,
    /// The destination's largest value (`i32::MAX`, `u32::MAX`).
    Max,
    /// Only the sign bit set for signed types ("integer indefinite"), all ones for unsigned.
    Indefinite,
}

/// Results of float→integer conversions whose operand is NaN or outside the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InvalidIntResults {
    pub nan: IntResult,
    pub positive_overflow: IntResult,
    pub negative_overflow: IntResult,
}

/// Which denormal settings exist for one format on a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenormSupport {
    pub class: DenormClass,
    pub modes: &'static [Denormals],
}

/// All four combinations of input and output flushing.
pub const ALL_DENORMAL_MODES: &[Denormals] = &[
    Denormals {
        flush_inputs: false,
        flush_outputs: false,
    },
    Denormals {
        flush_inputs: true,
        flush_outputs: false,
    },
    Denormals {
        flush_inputs: false,
        flush_outputs: true,
    },
    Denormals {
        flush_inputs: true,
        flush_outputs: true,
    },
];

/// The items of the contract; each impl's `RULES` documents every one, with the rule id
/// `float.quirks.<impl>.<item>`.
pub const QUIRK_ITEMS: &[&str] = &[
    "default_nan",
    "nan_propagation",
    "nan_quieting",
    "nan_conversion",
    "fma_inf_zero_qnan",
    "tininess",
    "output_flush_test",
    "input_denormal_flag",
    "denormal_modes",
    "float_to_int_invalid",
    "float_to_int_saturating_nan",
    "zero_sign_of_exact_cancellation",
];

/// The per-GPU float contract. Items are constants so operations monomorphise over them.
pub trait FloatQuirks: Copy + Default + Send + Sync + 'static {
    /// Impl name as used in rule ids: `ieee754`, `amd_gcn5`, ...
    const NAME: &'static str;
    /// `default_nan`: the NaN an invalid operation produces.
    const DEFAULT_NAN: NanPattern;
    /// `nan_propagation`: which NaN operand an operation returns.
    const NAN_PROPAGATION: NanPropagation;
    /// `fma_inf_zero_qnan`: whether `fma(inf, 0, qNaN)` raises invalid (IEEE 754-2008
    /// §7.2(c) leaves it to the implementation). The result is the propagated NaN either way.
    const FMA_INF_ZERO_QNAN_INVALID: bool;
    /// `nan_conversion`: NaN operands of float→float conversions.
    const NAN_CONVERSION: NanConversion;
    /// `tininess`: the tininess rule the GPU uses; [`FloatQuirks::mode`] puts it in an
    /// `FpMode`. Operations read the mode, not this constant.
    const TININESS: Tininess;
    /// `input_denormal_flag`: when the input-denormal flag is raised.
    const INPUT_DENORMAL_FLAG: InputDenormalFlag;
    /// `denormal_modes`: which denormal settings exist, per format.
    const DENORMAL_MODES: &'static [DenormSupport];
    /// `float_to_int_invalid`: results of non-saturating float→int conversions that are
    /// invalid (NaN or out of range).
    const FLOAT_TO_INT_INVALID: InvalidIntResults;
    /// `float_to_int_saturating_nan`: the result of a saturating float→int conversion of NaN
    /// (out-of-range values saturate to the nearest bound).
    const FLOAT_TO_INT_SATURATING_NAN: IntResult;
    /// Every item above (and `nan_quieting`, `output_flush_test`,
    /// `zero_sign_of_exact_cancellation`, which the core fixes for every impl) with its
    /// status and citation.
    const RULES: &'static [Rule];

    /// The default NaN as bits of `F`.
    #[inline(always)]
    fn default_nan<F: Format>() -> u64 {
        Self::DEFAULT_NAN.bits::<F>()
    }

    /// An `FpMode` with this GPU's tininess rule.
    fn mode(
        rounding: crate::mode::Rounding,
        denormals: crate::mode::DenormModes,
    ) -> crate::mode::FpMode {
        crate::mode::FpMode {
            rounding,
            denormals,
            tininess: Self::TININESS,
        }
    }

    /// Whether this GPU has the denormal setting `d` for format class `class`.
    fn supports_denormals(class: DenormClass, d: Denormals) -> bool {
        Self::DENORMAL_MODES
            .iter()
            .any(|s| s.class == class && s.modes.contains(&d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpuref_core::Status;

    fn check_rules<Q: FloatQuirks>() {
        for item in QUIRK_ITEMS {
            let id = format!("float.quirks.{}.{}", Q::NAME, item);
            let found: Vec<_> = Q::RULES.iter().filter(|r| r.id == id).collect();
            assert_eq!(found.len(), 1, "{id}: documented {} times", found.len());
            let rule = found[0];
            assert!(!rule.cites.is_empty(), "{id}: no citation");
            assert!(!rule.statement.is_empty(), "{id}: no statement");
            if matches!(rule.status, Status::Contested | Status::Unspecified) {
                assert!(
                    rule.statement.len() > 40,
                    "{id}: a {} rule must say why",
                    rule.status
                );
            }
        }
        for rule in Q::RULES {
            let item = rule
                .id
                .strip_prefix(&format!("float.quirks.{}.", Q::NAME))
                .unwrap_or_else(|| panic!("{}: id outside the impl's namespace", rule.id));
            assert!(
                QUIRK_ITEMS.contains(&item),
                "{}: not a contract item",
                rule.id
            );
        }
    }

    #[test]
    fn every_impl_documents_every_item() {
        check_rules::<Ieee754>();
        check_rules::<AmdGcn5>();
        check_rules::<AmdR700>();
        check_rules::<IntelGen7Ieee>();
        check_rules::<IntelGen7Alt>();
    }

    #[test]
    fn nan_pattern_bits() {
        use crate::format::{Binary16, Binary32, Binary64};
        let x86 = NanPattern {
            negative: true,
            all_fraction_bits: false,
        };
        assert_eq!(x86.bits::<Binary32>(), 0xffc0_0000);
        assert_eq!(x86.bits::<Binary64>(), 0xfff8_0000_0000_0000);
        assert_eq!(x86.bits::<Binary16>(), 0xfe00);
        let ones = NanPattern {
            negative: false,
            all_fraction_bits: true,
        };
        assert_eq!(ones.bits::<Binary32>(), 0x7fff_ffff);
    }
}
