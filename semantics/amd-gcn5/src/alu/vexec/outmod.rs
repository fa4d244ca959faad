//! The float output modifiers OMOD and CLAMP (Vega "Instruction Outputs", "ALU Clamp Bit
//! Usage", "Mode register"; MI100 "6.2.2. Instruction Outputs"; disputes D5 and D10;
//! docs/design/0020). OMOD scales first, and only with MODE.IEEE = 0 and the result width's
//! output denormals flushed (otherwise it is ignored), giving +0 for any zero; then CLAMP
//! clamps to [0.0, 1.0]. Where the spec does not settle the bits (clamp(-0)), the result is
//! gpuref's choice with what else is accepted.

use crate::alu::mode::{Mode, Width};
use crate::alu::valu::{Accept, Unsettled};
use crate::formats::valu::Ty;
use gpuref_float::ops::mul;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, Binary64, Flagged, Flags, Format, FpMode};

/// Rule id of this module's unsettled case (its text is in `super::RULES`).
pub const CLAMP_NEG_ZERO: &str = "gcn5.valu.clamp_neg_zero";

/// A float width's constants.
#[derive(Clone, Copy)]
struct W {
    bits: u32,
    frac: u32,
}

impl W {
    fn of(ty: Ty) -> W {
        match ty {
            Ty::F16 => W { bits: 16, frac: 10 },
            Ty::F64 => W { bits: 64, frac: 52 },
            _ => W { bits: 32, frac: 23 },
        }
    }
    fn sign(self) -> u64 {
        1 << (self.bits - 1)
    }
    fn all(self) -> u64 {
        u64::MAX >> (64 - self.bits)
    }
    fn exp_mask(self) -> u64 {
        (self.sign() - 1) & !((1 << self.frac) - 1)
    }
    fn one(self) -> u64 {
        // Biased exponent 2^(e-1) - 1 in the exponent field.
        let e = self.bits - 1 - self.frac;
        ((1u64 << (e - 1)) - 1) << self.frac
    }
    fn mag(self, x: u64) -> u64 {
        x & (self.sign() - 1)
    }
    fn is_nan(self, x: u64) -> bool {
        self.mag(x) > self.exp_mask()
    }
    fn is_zero(self, x: u64) -> bool {
        self.mag(x) == 0
    }
    /// Numeric order, -0 just below +0 (NaNs are not ordered: callers keep them apart).
    fn key(self, x: u64) -> i128 {
        let m = i128::from(self.mag(x));
        if x & self.sign() != 0 {
            -2 * m - 1
        } else {
            2 * m
        }
    }
}

fn width(ty: Ty) -> Width {
    match ty {
        Ty::F16 => Width::Half,
        Ty::F64 => Width::Double,
        _ => Width::Single,
    }
}

fn scale_in<F: Format>(x: u64, k: u64, m: &FpMode) -> Flagged<u64> {
    let r = mul::<F, AmdGcn5>(F::bits_from_u64(x), F::bits_from_u64(k), m);
    Flagged {
        value: r.value.into(),
        flags: r.flags,
    }
}

/// OMOD as a multiply by 2.0 (1), 4.0 (2) or 0.5 (3) in the result's format, rounded and
/// flushed under the result width's MODE (rule `gcn5.valu.omod_order`).
pub fn scale(x: u64, ty: Ty, omod: u8, mode: Mode) -> Flagged<u64> {
    let w = W::of(ty);
    let unit = 1u64 << w.frac;
    let k = match omod & 3 {
        0 => {
            return Flagged {
                value: x,
                flags: Flags::NONE,
            }
        }
        1 => w.one() + unit,
        2 => w.one() + 2 * unit,
        _ => w.one() - unit,
    };
    let m = mode.fp(width(ty));
    match ty {
        Ty::F16 => scale_in::<Binary16>(x, k, &m),
        Ty::F64 => scale_in::<Binary64>(x, k, &m),
        _ => scale_in::<Binary32>(x, k, &m),
    }
}

/// CLAMP to [0.0, 1.0] (Vega "ALU Clamp Bit Usage"): a NaN becomes +0 with MODE.DX10_CLAMP
/// and passes through without it ("Mode register"); -0 stays -0 (gpuref's choice, rule
/// `gcn5.valu.clamp_neg_zero`).
pub fn clamp(x: u64, ty: Ty, mode: Mode) -> u64 {
    let w = W::of(ty);
    if w.is_nan(x) {
        return if mode.dx10_clamp() { 0 } else { x };
    }
    if x & w.sign() != 0 {
        return if w.is_zero(x) { x } else { 0 };
    }
    x.min(w.one())
}

/// The result of the output modifiers on one lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modded {
    pub d: u64,
    pub flags: Flags,
    pub unsettled: Option<Unsettled>,
}

/// Whether OMOD applies: a nonzero OMOD, MODE.IEEE = 0 and the result width's output
/// denormals flushed (MI100 "6.2.2. Instruction Outputs": "if output denormals are enabled,
/// then output modifiers are ignored", "ignored if the IEEE mode bit is set to 1").
pub fn omod_applies(ty: Ty, omod: u8, mode: Mode) -> bool {
    let d = mode.fp(width(ty)).denormals;
    let out = match width(ty) {
        Width::Half => d.half,
        Width::Single => d.single,
        Width::Double => d.double,
    };
    omod & 3 != 0 && !mode.ieee() && out.flush_outputs
}

/// Every value the modifiers may give for `x`: gpuref's first, then what else is accepted,
/// each with the rule that accepts it.
fn candidates(
    x: u64,
    ty: Ty,
    omod: u8,
    clamp_bit: bool,
    mode: Mode,
) -> (Flagged<u64>, Vec<(u64, &'static str)>) {
    let w = W::of(ty);
    let mut out = Flagged {
        value: x,
        flags: Flags::NONE,
    };
    if omod_applies(ty, omod, mode) {
        out = scale(x, ty, omod, mode);
        // "-0 is flushed to +0", and a denormal result is flushed (by the multiply) to +0.
        if w.is_zero(out.value) {
            out.value = 0;
        }
    }
    let mut c: Vec<(u64, &'static str)> = Vec::new();
    if clamp_bit {
        out.value = clamp(out.value, ty, mode);
        if out.value == w.sign() {
            c.push((0, CLAMP_NEG_ZERO));
        }
    }
    (out, c)
}

/// What accepts every value of `vals` (all of one float width).
fn accept_of(w: W, vals: &[u64]) -> Accept {
    if vals.iter().all(|&v| w.is_zero(v)) {
        return Accept::Mask(w.all() & !w.sign());
    }
    if vals.iter().all(|&v| w.is_nan(v)) {
        return Accept::AnyNan;
    }
    if vals.iter().any(|&v| w.is_nan(v)) {
        return Accept::Mask(0);
    }
    let lo = vals.iter().copied().min_by_key(|&v| w.key(v)).unwrap_or(0);
    let hi = vals.iter().copied().max_by_key(|&v| w.key(v)).unwrap_or(0);
    Accept::Range { lo, hi }
}

/// [`accept_of`] for values of the float type `ty`.
pub fn accept_values(ty: Ty, vals: &[u64]) -> Accept {
    accept_of(W::of(ty), vals)
}

/// A quiet NaN of the float type `ty` (a member of an any-NaN acceptance).
pub fn quiet_nan(ty: Ty) -> u64 {
    let w = W::of(ty);
    w.exp_mask() | 1 << (w.frac - 1)
}

/// Apply OMOD then CLAMP to a float result `x` of type `ty`; `prior` is what the kernel
/// left unsettled about `x`.
pub fn apply(
    x: u64,
    ty: Ty,
    omod: u8,
    clamp_bit: bool,
    mode: Mode,
    prior: Option<Unsettled>,
) -> Modded {
    let w = W::of(ty);
    let (out, extra) = candidates(x, ty, omod, clamp_bit, mode);
    let mut vals: Vec<u64> = vec![out.value];
    vals.extend(extra.iter().map(|e| e.0));
    let mut rule = extra.first().map(|e| e.1);
    let mut flags_settled = true;
    if let Some(p) = prior {
        flags_settled = p.flags_settled;
        rule = Some(p.rule);
        match p.accept {
            Accept::Range { lo, hi } => {
                for end in [lo, hi] {
                    let (o, e) = candidates(end, ty, omod, clamp_bit, mode);
                    vals.push(o.value);
                    vals.extend(e.iter().map(|e| e.0));
                }
            }
            Accept::AnyNan => {
                if !(clamp_bit && mode.dx10_clamp()) {
                    vals.push(w.exp_mask() | 1 << (w.frac - 1));
                }
            }
            Accept::Mask(m) if m & w.all() == w.all() => {}
            Accept::Mask(_) => vals.push(w.exp_mask() | 1),
            // A 128-bit destination is never a float (the executor has none).
            Accept::Mask128(_) => {}
        }
    }
    let unsettled = rule.and_then(|rule| {
        (vals.len() > 1 || prior.is_some_and(|p| !matches!(p.accept, Accept::AnyNan))).then_some(
            Unsettled {
                output: crate::alu::valu::Output::D,
                accept: accept_of(w, &vals),
                rule,
                flags_settled,
            },
        )
    });
    Modded {
        d: out.value,
        flags: out.flags,
        unsettled,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // MODE: bit 9 IEEE, bit 8 DX10_CLAMP, [7:4] FP_DENORM (0 = flush, 0xf0 = keep all).
    const FLUSH: Mode = Mode(0x000);
    const DX10: Mode = Mode(0x100);
    const IEEE: Mode = Mode(0x200);
    const KEEP: Mode = Mode(0x0f0);

    fn settled(x: u64, ty: Ty, omod: u8, clamp: bool, mode: Mode) -> u64 {
        let m = apply(x, ty, omod, clamp, mode, None);
        assert_eq!(m.unsettled, None, "{x:#x}");
        m.d
    }

    #[test]
    fn omod_scales_in_the_result_format() {
        // 1.5 * 2 = 3.0; 3.0 / 2 = 1.5; f16 1.0 * 4 = 4.0 (0x4400); f64 1.0 * 2 = 2.0.
        assert_eq!(settled(0x3fc0_0000, Ty::F32, 1, false, FLUSH), 0x4040_0000);
        assert_eq!(settled(0x4040_0000, Ty::F32, 3, false, FLUSH), 0x3fc0_0000);
        assert_eq!(settled(0x3c00, Ty::F16, 2, false, FLUSH), 0x4400);
        assert_eq!(
            settled(0x3ff0_0000_0000_0000, Ty::F64, 1, false, FLUSH),
            0x4000_0000_0000_0000
        );
        // MAX_FLOAT * 2 overflows to +inf with the overflow flag.
        let m = apply(0x7f7f_ffff, Ty::F32, 1, false, FLUSH, None);
        assert_eq!(m.d, 0x7f80_0000);
        assert!(m.flags.contains(Flags::OVERFLOW));
        // Min normal / 2 is a denormal, flushed to +0 with outputs flushed; 1.5 / 2 = 0.75.
        assert_eq!(apply(0x0080_0000, Ty::F32, 3, false, FLUSH, None).d, 0);
        assert_eq!(settled(0x3fc0_0000, Ty::F32, 3, false, DX10), 0x3f40_0000);
    }

    #[test]
    fn omod_is_ignored_under_ieee_or_kept_output_denormals() {
        // MI100 "6.2.2. Instruction Outputs": IEEE = 1, or the result width's output
        // denormals kept (FP_DENORM[5:4] bit 1 for f32, [7:6] for f16/f64): 1.5 stays 1.5.
        for mode in [IEEE, KEEP, Mode(0x020)] {
            assert_eq!(settled(0x3fc0_0000, Ty::F32, 1, false, mode), 0x3fc0_0000);
        }
        // f32 output denormals kept but double/half flushed (0x020): an f16 result scales.
        assert_eq!(settled(0x3c00, Ty::F16, 1, false, Mode(0x020)), 0x4000);
        // Double/half outputs kept (0x080): f16 ignored, f32 (flushed) scales.
        assert_eq!(settled(0x3c00, Ty::F16, 1, false, Mode(0x080)), 0x3c00);
        assert_eq!(
            settled(0x3fc0_0000, Ty::F32, 1, false, Mode(0x080)),
            0x4040_0000
        );
        assert!(!omod_applies(Ty::F32, 0, FLUSH));
    }

    #[test]
    fn omod_zeros_are_positive() {
        // "-0 is flushed to +0": -0 * 2 gives +0; +0 stays +0; -min normal / 2 is a
        // denormal, flushed, and the zero is +0.
        assert_eq!(settled(0x8000_0000, Ty::F32, 1, false, FLUSH), 0);
        assert_eq!(settled(0, Ty::F32, 1, false, FLUSH), 0);
        assert_eq!(settled(0x8080_0000, Ty::F32, 3, false, FLUSH), 0);
        assert_eq!(settled(0x8000_0000_0000_0000, Ty::F64, 2, false, FLUSH), 0);
        // Without OMOD a -0 result is left alone.
        assert_eq!(settled(0x8000_0000, Ty::F32, 0, false, FLUSH), 0x8000_0000);
    }

    #[test]
    fn clamp_to_zero_one() {
        let c = |x, m| clamp(x, Ty::F32, m);
        assert_eq!(c(0x3fc0_0000, FLUSH), 0x3f80_0000); // 1.5 -> 1.0
        assert_eq!(c(0xc000_0000, FLUSH), 0); // -2.0 -> +0
        assert_eq!(c(0x3f00_0000, FLUSH), 0x3f00_0000); // 0.5 stays
        assert_eq!(c(0x7f80_0000, FLUSH), 0x3f80_0000); // +inf -> 1.0
        assert_eq!(c(0xff80_0000, FLUSH), 0); // -inf -> +0
        assert_eq!(c(0x8000_0001, FLUSH), 0); // -min denormal -> +0
        assert_eq!(c(0x0000_0001, FLUSH), 1); // +min denormal stays
        assert_eq!(c(0x3f80_0000, FLUSH), 0x3f80_0000); // 1.0 stays
                                                        // NaN: +0 with DX10_CLAMP, passed through without.
        assert_eq!(c(0x7fc0_0001, DX10), 0);
        assert_eq!(c(0xffc0_0001, FLUSH), 0xffc0_0001);
        assert_eq!(clamp(0x7e00, Ty::F16, DX10), 0);
        assert_eq!(clamp(0x3c01, Ty::F16, DX10), 0x3c00);
        assert_eq!(
            clamp(0x4000_0000_0000_0000, Ty::F64, FLUSH),
            0x3ff0_0000_0000_0000
        );
        assert_eq!(clamp(0xbff0_0000_0000_0000, Ty::F64, FLUSH), 0);
    }

    #[test]
    fn clamp_of_negative_zero_is_unsettled() {
        let m = apply(0x8000_0000, Ty::F32, 0, true, FLUSH, None);
        assert_eq!(m.d, 0x8000_0000);
        let u = m.unsettled.expect("unsettled");
        assert_eq!(
            (u.rule, u.accept),
            (CLAMP_NEG_ZERO, Accept::Mask(0x7fff_ffff))
        );
    }

    #[test]
    fn omod_before_clamp() {
        // 0.75 * 2 = 1.5, clamped to 1.0 (clamping first would give 1.5).
        assert_eq!(settled(0x3f40_0000, Ty::F32, 1, true, DX10), 0x3f80_0000);
        // 0.75 / 2 = 0.375 = 0x3ec00000 inside [0, 1].
        assert_eq!(settled(0x3f40_0000, Ty::F32, 3, true, DX10), 0x3ec0_0000);
    }

    #[test]
    fn kernel_unsettled_results_pass_through_the_modifiers() {
        let any_nan = Unsettled {
            output: crate::alu::valu::Output::D,
            accept: Accept::AnyNan,
            rule: "k.rule",
            flags_settled: true,
        };
        // Any NaN clamped with DX10_CLAMP is exactly +0: settled.
        let m = apply(0x7fc0_0000, Ty::F32, 0, true, DX10, Some(any_nan));
        assert_eq!((m.d, m.unsettled), (0, None));
        // Without DX10_CLAMP the NaN passes: still any NaN, the kernel's rule.
        let m = apply(0x7fc0_0000, Ty::F32, 0, true, FLUSH, Some(any_nan));
        assert_eq!(
            m.unsettled.map(|u| (u.accept, u.rule)),
            Some((Accept::AnyNan, "k.rule"))
        );
        // A range [0.5, 1.5] clamps to [0.5, 1.0].
        let range = Unsettled {
            output: crate::alu::valu::Output::D,
            accept: Accept::Range {
                lo: 0x3f00_0000,
                hi: 0x3fc0_0000,
            },
            ..any_nan
        };
        let m = apply(0x3f80_0000, Ty::F32, 0, true, FLUSH, Some(range));
        assert_eq!(m.d, 0x3f80_0000);
        assert_eq!(
            m.unsettled.map(|u| u.accept),
            Some(Accept::Range {
                lo: 0x3f00_0000,
                hi: 0x3f80_0000
            })
        );
    }
}
