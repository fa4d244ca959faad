//! The float output modifiers OMOD and CLAMP (Vega "Instruction Outputs", "ALU Clamp Bit
//! Usage", "Mode register"; disputes D5 and D10; docs/design/0020). OMOD scales first, then
//! CLAMP clamps to [0.0, 1.0]. Where the spec does not settle the bits (OMOD under IEEE mode
//! or kept output denormals, OMOD's signed zeros and denormals, clamp(-0)), the result is
//! gpuref's choice with what else is accepted.

use crate::alu::mode::{Mode, Width};
use crate::alu::valu::{Accept, Unsettled};
use crate::formats::valu::Ty;
use gpuref_float::ops::mul;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, Binary64, Flagged, Flags, Format, FpMode};

/// Rule ids of this module (their text is in `super::RULES`).
pub const OMOD_IGNORED: &str = "gcn5.valu.omod_mode";
pub const OMOD_ZERO: &str = "gcn5.valu.omod_zero";
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
    fn is_denormal(self, x: u64) -> bool {
        x & self.exp_mask() == 0 && !self.is_zero(x)
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
    let applied = scale(x, ty, omod, mode);
    let mut c: Vec<(u64, &'static str)> = Vec::new();
    if omod & 3 != 0 {
        let keeps = !match width(ty) {
            Width::Half => mode.fp(Width::Half).denormals.half,
            Width::Single => mode.fp(Width::Single).denormals.single,
            Width::Double => mode.fp(Width::Double).denormals.double,
        }
        .flush_outputs;
        if mode.ieee() || keeps {
            c.push((x, OMOD_IGNORED));
        }
        if w.is_zero(applied.value) || w.is_denormal(applied.value) {
            c.push((0, OMOD_ZERO));
        }
    }
    let mut out = applied;
    if clamp_bit {
        out.value = clamp(out.value, ty, mode);
        for v in &mut c {
            v.0 = clamp(v.0, ty, mode);
        }
        if out.value == w.sign() {
            c.push((0, CLAMP_NEG_ZERO));
        }
    }
    c.retain(|(v, _)| *v != out.value);
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
        }
    }
    if !extra.is_empty() && extra.iter().any(|e| e.1 == OMOD_IGNORED) && out.flags != Flags::NONE {
        flags_settled = false;
    }
    let unsettled = rule.and_then(|rule| {
        (vals.len() > 1 || prior.is_some_and(|p| !matches!(p.accept, Accept::AnyNan))).then_some(
            Unsettled {
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
