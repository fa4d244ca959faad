//! The MODE register as the vector ALU reads it (Vega manual, "Mode register" and
//! "Denormalized and Rounding Modes"; MI100 "3.5. Mode register"): the float mode of each
//! width, IEEE, DX10_CLAMP and FP16_OVFL.
//!
//! Widths: FP_ROUND[1:0] and FP_DENORM[5:4] are single precision, FP_ROUND[3:2] and
//! FP_DENORM[7:6] double precision; half precision follows the double fields (rule
//! `float.quirks.amd_gcn5.denormal_modes`: MI100 says "Double/Half", Vega "Double"), and
//! so does its rounding (rule `gcn5.mode.f16_round`, inferred the same way).

use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::{DenormModes, Denormals, FpMode, Rounding, Tininess};

/// MODE for a wave the caller gives no MODE (`gpuref eval`, the vectors' default form, the
/// hand-typed spec cases): the manual gives no value for a freshly launched wave, so this
/// is what LLVM 14 writes into a compute kernel's descriptor by default (FLOAT_MODE 0xf0:
/// round to nearest even, f32 and f64/f16 denormals kept; DX10_CLAMP 1; IEEE 1). The one
/// definition: every other place names this constant.
pub const DEFAULT_MODE: u32 = 0x3f0;

/// A MODE register value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mode(pub u32);

/// The rules of this module.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.mode.fields", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Vega, "Denormalized and Rounding Modes")],
        statement: "FP_ROUND[1:0]/[3:2]: single/double rounding, 0 nearest even, 1 +inf, 2 -inf, 3 toward zero; FP_DENORM[5:4]/[7:6]: 0 flush in and out, 1 keep inputs flush outputs, 2 flush inputs keep outputs, 3 keep both; DX10_CLAMP bit 8; IEEE bit 9; FP16_OVFL bit 23" },
    Rule { id: "gcn5.mode.f16_round", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "3.5. Mode register"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "half-precision operations round with FP_ROUND[3:2] and flush with FP_DENORM[7:6], the double-precision fields (MI100 names them Double/Half)" },
];

fn rounding(code: u32) -> Rounding {
    match code & 3 {
        0 => Rounding::NearestEven,
        1 => Rounding::TowardPositive,
        2 => Rounding::TowardNegative,
        _ => Rounding::TowardZero,
    }
}

fn denormals(code: u32) -> Denormals {
    Denormals {
        flush_inputs: code & 1 == 0,
        flush_outputs: code & 2 == 0,
    }
}

/// The width class of an operation's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Half,
    Single,
    Double,
}

impl Mode {
    /// The float mode of operations whose result has `width`: that width's rounding, and
    /// the denormal setting of every width (single from FP_DENORM[5:4], double and half
    /// from [7:6]; bfloat16, which no field names, keeps denormals), so a conversion reads
    /// its input under the input width's setting.
    pub fn fp(self, width: Width) -> FpMode {
        let round = if width == Width::Single {
            self.0
        } else {
            self.0 >> 2
        };
        let double = denormals(self.0 >> 6);
        FpMode {
            rounding: rounding(round),
            denormals: DenormModes {
                half: double,
                bfloat: Denormals::KEEP,
                single: denormals(self.0 >> 4),
                double,
            },
            tininess: Tininess::AfterRounding,
        }
    }

    /// MODE.DX10_CLAMP (bit 8).
    pub fn dx10_clamp(self) -> bool {
        self.0 >> 8 & 1 == 1
    }

    /// MODE.IEEE (bit 9).
    pub fn ieee(self) -> bool {
        self.0 >> 9 & 1 == 1
    }

    /// MODE.FP16_OVFL (bit 23).
    pub fn fp16_ovfl(self) -> bool {
        self.0 >> 23 & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_per_width() {
        // Single: round +inf (1), denorm 2 (flush inputs, keep outputs);
        // double/half: round toward zero (3), denorm 1 (keep inputs, flush outputs).
        let m = Mode(0b0110_1101 | 1 << 9);
        let s = m.fp(Width::Single);
        assert_eq!(s.rounding, Rounding::TowardPositive);
        assert_eq!(
            s.denormals.single,
            Denormals {
                flush_inputs: true,
                flush_outputs: false
            }
        );
        for w in [Width::Double, Width::Half] {
            let d = m.fp(w);
            assert_eq!(d.rounding, Rounding::TowardZero);
            assert_eq!(
                d.denormals.double,
                Denormals {
                    flush_inputs: false,
                    flush_outputs: true
                }
            );
            assert_eq!(d.denormals.half, d.denormals.double);
        }
        assert!(m.ieee() && !m.dx10_clamp() && !m.fp16_ovfl());
        assert_eq!(Mode(0).fp(Width::Single).denormals.single, Denormals::FLUSH);
        assert_eq!(
            Mode(0xf0).fp(Width::Single).denormals.single,
            Denormals::KEEP
        );
    }
}
