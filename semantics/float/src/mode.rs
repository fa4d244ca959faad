//! Runtime float modes. Passed to every operation as an argument: there is no global state.

use crate::format::{DenormClass, Format};

/// The four rounding-direction attributes of IEEE 754-2008 §4.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// roundTiesToEven
    NearestEven,
    /// roundTowardZero
    TowardZero,
    /// roundTowardPositive
    TowardPositive,
    /// roundTowardNegative
    TowardNegative,
}

impl Rounding {
    pub const ALL: [Rounding; 4] = [
        Rounding::NearestEven,
        Rounding::TowardZero,
        Rounding::TowardPositive,
        Rounding::TowardNegative,
    ];

    /// Short name used in vector files and test names: `rne`, `rtz`, `rup`, `rdn`.
    pub const fn short_name(self) -> &'static str {
        match self {
            Rounding::NearestEven => "rne",
            Rounding::TowardZero => "rtz",
            Rounding::TowardPositive => "rup",
            Rounding::TowardNegative => "rdn",
        }
    }
}

/// Denormal handling for one format: inputs and outputs are set separately, as GCN's
/// `MODE.FP_DENORM` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Denormals {
    /// Subnormal operands are read as a zero of the same sign ("denormals are zero").
    pub flush_inputs: bool,
    /// Tiny results (in the sense of the mode's [`Tininess`]) become a zero of the same
    /// sign, raising underflow and inexact ("flush to zero").
    pub flush_outputs: bool,
}

impl Denormals {
    pub const KEEP: Denormals = Denormals {
        flush_inputs: false,
        flush_outputs: false,
    };
    pub const FLUSH: Denormals = Denormals {
        flush_inputs: true,
        flush_outputs: true,
    };
}

/// Denormal handling per format width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DenormModes {
    pub half: Denormals,
    pub bfloat: Denormals,
    pub single: Denormals,
    pub double: Denormals,
}

impl DenormModes {
    /// The same setting for every width.
    pub const fn all(d: Denormals) -> Self {
        DenormModes {
            half: d,
            bfloat: d,
            single: d,
            double: d,
        }
    }

    #[inline(always)]
    pub const fn for_class(&self, class: DenormClass) -> Denormals {
        match class {
            DenormClass::Half => self.half,
            DenormClass::BFloat => self.bfloat,
            DenormClass::Single => self.single,
            DenormClass::Double => self.double,
        }
    }
}

/// When a nonzero result is "tiny" (IEEE 754-2008 §7.5): before rounding (the exact
/// result is below the smallest normal magnitude) or after rounding (the result rounded as
/// if the exponent range were unbounded is below it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tininess {
    BeforeRounding,
    AfterRounding,
}

/// Everything an operation needs to know about the runtime mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FpMode {
    pub rounding: Rounding,
    pub denormals: DenormModes,
    pub tininess: Tininess,
}

impl FpMode {
    /// IEEE 754 default: round to nearest even, subnormals kept, tininess after rounding.
    pub const IEEE: FpMode = FpMode {
        rounding: Rounding::NearestEven,
        denormals: DenormModes::all(Denormals::KEEP),
        tininess: Tininess::AfterRounding,
    };

    pub const fn with_rounding(mut self, rounding: Rounding) -> Self {
        self.rounding = rounding;
        self
    }

    pub const fn with_denormals(mut self, denormals: DenormModes) -> Self {
        self.denormals = denormals;
        self
    }

    pub const fn with_tininess(mut self, tininess: Tininess) -> Self {
        self.tininess = tininess;
        self
    }

    #[inline(always)]
    pub fn denormals_for<F: Format>(&self) -> Denormals {
        self.denormals.for_class(F::DENORM_CLASS)
    }
}

impl Default for FpMode {
    fn default() -> Self {
        FpMode::IEEE
    }
}
