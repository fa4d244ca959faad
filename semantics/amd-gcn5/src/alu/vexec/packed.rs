//! Modifiers on packed operands (two 16-bit halves in one dword) of the e32/VOP3/DPP forms
//! (docs/design/0038). The Vega manual defines ABS/NEG, OMOD and CLAMP on "the result" and
//! on "input" without saying what a packed value is to them; these are the readings gpuref
//! takes and what else it accepts:
//!
//! - ABS/NEG on a packed f16 source (V_DOT2C_F32_F16's DPP form): both halves' sign bits
//!   (bits 15 and 31), ABS first; the other reading (the dword as one f32: bit 31 only) is
//!   accepted (rule `gcn5.valu.packed_src_mods`, unspecified).
//! - CLAMP on a packed f16 result (V_CVT_PKRTZ_F16_F32): each half clamped to [0.0, 1.0] as
//!   an f16 result is (rule `gcn5.valu.packed_clamp`, inferred: LLVM folds a per-half clamp
//!   into this bit).
//! - OMOD on a packed f16 result: each half scaled as an f16 result is; the other readings
//!   (OMOD ignored; the f32 sources scaled before the conversion) are accepted (rule
//!   `gcn5.valu.packed_omod`, unspecified).

use super::outmod;
use crate::alu::mode::Mode;
use crate::alu::valu::{Accept, LaneOut, Output, Unsettled};
use crate::formats::valu::Ty;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::Flags;

const NOTE: SpecRef = SpecRef::new(
    Spec::Gpuref,
    "docs/design/0038-gcn5-modifiers-on-packed-operands.md",
);

/// Rules of the modifiers on packed operands.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.valu.packed_clamp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Vega, "VOP3A Instructions"), NOTE],
        statement: "CLAMP on a packed f16 result of a VOP3 row (V_CVT_PKRTZ_F16_F32) clamps each half to [0.0, 1.0] as an f16 result is clamped, after OMOD (LLVM 14 folds a per-half v2f16 clamp into this bit); NaN and -0 halves as rules gcn5.valu.clamp_float and gcn5.valu.clamp_neg_zero" },
    Rule { id: "gcn5.valu.packed_omod", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Outputs"), SpecRef::new(Spec::Mi100, "6.2.2. Instruction Outputs"), NOTE],
        statement: "OMOD on a packed f16 result (V_CVT_PKRTZ_F16_F32): gpuref scales each half as an f16 result (applied under the f16 MODE, rule gcn5.valu.omod_mode); OMOD ignored and OMOD on the f32 sources before the conversion are accepted: the bits the readings share are settled, the flags only when they agree" },
    Rule { id: "gcn5.valu.packed_src_mods", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Instruction Inputs"), SpecRef::new(Spec::Vega, "DPP"), NOTE],
        statement: "ABS/NEG on a packed f16 source of an e32-family row (V_DOT2C_F32_F16's DPP form) act on both halves' sign bits (15 and 31), ABS first; the reading of the dword as one f32 (bit 31 only) is accepted: the lane accepts the results of both" },
    Rule { id: "gcn5.valu.pack_clamp", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Vega, "VOP3A Instructions"), NOTE],
        statement: "V_PACK_B32_F16 with CLAMP: gpuref moves the halves unchanged (the pseudocode is a move; LLVM types the result as a 32-bit integer); each f16 half clamped to [0.0, 1.0] is accepted: the lane settles the bits both share, a -0 half's sign open (clamped, it is either zero: rule gcn5.valu.clamp_neg_zero)" },
    Rule { id: "gcn5.valu.pk_int_clamp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Vega, "VOP3A Instructions"), NOTE],
        statement: "CLAMP on the packed integer results of V_CVT_PKNORM_I16/U16_F32/F16, V_CVT_PK_U8_F32 and V_CVT_PKACCUM_U8_F32 changes nothing: an integer clamp saturates to the field's range, and these conversions already saturate to it" },
    Rule { id: "gcn5.valu.packed_sdwa", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "SDWA"), NOTE],
        statement: "no SDWA form of a row with a packed operand decodes (LLVM 14 has none: V_DOT*C and V_PK_FMAC_F16 have no SDWA, V_CVT_PKRTZ_F16_F32 is VOP3 only on gfx9); an instruction built with one is refused, not guessed" },
];

/// Rule ids of this module (their text is in `super::RULES`).
pub const SRC_MODS: &str = "gcn5.valu.packed_src_mods";
pub const OMOD: &str = "gcn5.valu.packed_omod";

/// The sign bits ABS and NEG act on in a packed f16 operand: both halves' (gpuref's
/// reading) or only bit 31 (the dword read as one f32).
pub fn sign_bits(per_half: bool) -> u64 {
    if per_half {
        0x8000_8000
    } else {
        0x8000_0000
    }
}

/// ABS, then NEG, of a packed f16 source `v` on the sign bits `sign`.
pub fn src_mods(v: u64, abs: bool, neg: bool, sign: u64) -> u64 {
    let mut v = v & 0xffff_ffff;
    if abs {
        v &= !sign;
    }
    if neg {
        v ^= sign;
    }
    v
}

/// The result `out` under gpuref's reading of the source modifiers, widened to accept
/// `alt`, the result under the other reading (rule `gcn5.valu.packed_src_mods`); `ty` is
/// the destination's type.
pub fn other_reading(ty: Ty, out: LaneOut, alt: &LaneOut) -> LaneOut {
    let (Some(d), Some(a)) = (out.d, alt.d) else {
        return out;
    };
    if d == a && out.flags == alt.flags && out.unsettled == alt.unsettled {
        return out;
    }
    let accept = if ty == Ty::F32 || ty == Ty::F16 || ty == Ty::F64 {
        let mut vals = vec![d, a];
        let mut open = false;
        for u in [out.unsettled, alt.unsettled].into_iter().flatten() {
            match u.accept {
                Accept::Range { lo, hi } => vals.extend([lo, hi]),
                Accept::AnyNan => vals.push(outmod::quiet_nan(ty)),
                Accept::Mask(_) | Accept::Mask128(_) => open = true,
            }
        }
        if open {
            Accept::Mask(0)
        } else {
            outmod::accept_values(ty, &vals)
        }
    } else {
        let settled = |o: &LaneOut| match o.unsettled.map(|u| u.accept) {
            None => u64::MAX,
            Some(Accept::Mask(m)) => m,
            Some(_) => 0,
        };
        Accept::Mask(!(d ^ a) & settled(&out) & settled(alt) & 0xffff_ffff)
    };
    let flags_settled = out.flags == alt.flags
        && [out.unsettled, alt.unsettled]
            .iter()
            .flatten()
            .all(|u| u.flags_settled);
    LaneOut {
        unsettled: Some(Unsettled {
            output: Output::D,
            accept,
            rule: SRC_MODS,
            flags_settled,
        }),
        ..out
    }
}

/// The settled bits of a packed f16 result whose NaN halves are open (sign and payload;
/// the exponent stays, rule `gcn5.valu.ieee0_snan`), `None` when neither half is a NaN.
pub fn nan_halves_open(d: u64) -> Option<u64> {
    let mut settled = 0xffff_ffff;
    for shift in [0, 16] {
        let h = d >> shift & 0xffff;
        if h & 0x7c00 == 0x7c00 && h & 0x3ff != 0 {
            settled &= !(0x83ff << shift);
        }
    }
    (settled != 0xffff_ffff).then_some(settled)
}

/// V_PACK_B32_F16 with CLAMP: the halves moved unchanged (gpuref's reading), each half
/// clamped as an f16 result accepted (rule `gcn5.valu.pack_clamp`): `why` narrowed to the
/// bits both readings share, when they differ.
pub fn pack_clamp(d: u64, mode: Mode, why: Option<Unsettled>) -> Option<Unsettled> {
    let c = per_half(d, 0, true, mode, None);
    // A -0 half clamps to either zero (rule gcn5.valu.clamp_neg_zero): its sign is open.
    let settled = !(c.d ^ d) & c.settled & 0xffff_ffff;
    if settled == 0xffff_ffff {
        return why;
    }
    Some(Unsettled {
        output: Output::D,
        accept: Accept::Mask(settled & settled_bits(why)),
        rule: "gcn5.valu.pack_clamp",
        flags_settled: why.is_none_or(|u| u.flags_settled),
    })
}

/// The bits of a packed result an unsettled record leaves settled.
fn settled_bits(u: Option<Unsettled>) -> u64 {
    match u.map(|u| u.accept) {
        None => 0xffff_ffff,
        Some(Accept::Mask(m)) => m & 0xffff_ffff,
        Some(_) => 0,
    }
}

/// OMOD (`omod`) then CLAMP on each f16 half of `d`, as [`outmod::apply`] does to an f16
/// result; `prior` is what was already open about `d`.
fn per_half(d: u64, omod: u8, clamp: bool, mode: Mode, prior: Option<Unsettled>) -> Modded2 {
    let mut out = Modded2 {
        d: 0,
        flags: Flags::NONE,
        settled: settled_bits(prior),
        rule: prior.map(|u| u.rule),
        flags_settled: prior.is_none_or(|u| u.flags_settled),
    };
    for shift in [0, 16] {
        let half = (d >> shift) & 0xffff;
        // What is open about this half: nothing when all its bits are settled; "some NaN"
        // when it is a NaN whose exponent is settled (rule gcn5.valu.ieee0_snan opens only
        // sign and payload), so that CLAMP with DX10_CLAMP settles it to +0.
        let half_mask = (settled_bits(prior) >> shift) & 0xffff;
        let is_nan = half & 0x7c00 == 0x7c00 && half & 0x3ff != 0;
        let half_prior = prior.filter(|_| half_mask != 0xffff).map(|u| Unsettled {
            accept: if is_nan && half_mask & 0x7c00 == 0x7c00 {
                Accept::AnyNan
            } else {
                Accept::Mask(half_mask)
            },
            ..u
        });
        let m = outmod::apply(half, Ty::F16, omod, clamp, mode, half_prior);
        out.d |= m.d << shift;
        out.flags = out.flags.union(m.flags);
        // The half's settled bits are what the stage leaves settled (all without a set).
        let s = match m.unsettled.map(|u| u.accept) {
            None => 0xffff,
            Some(Accept::Mask(s)) => s & 0xffff,
            // Some NaN: the exponent is settled.
            Some(Accept::AnyNan) => 0x7c00,
            Some(_) => 0,
        };
        out.settled = out.settled & !(0xffff << shift) | s << shift;
        if let Some(u) = m.unsettled {
            out.rule = out.rule.or(Some(u.rule));
            out.flags_settled &= u.flags_settled;
        }
    }
    out
}

/// A packed result after the output modifiers, with the bits still settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Modded2 {
    d: u64,
    flags: Flags,
    settled: u64,
    rule: Option<&'static str>,
    flags_settled: bool,
}

/// OMOD then CLAMP on a packed f16 result `d` whose kernel raised `kflags`; `prior` is what
/// was already open about `d`. `scaled_first` is the kernel's result and flags with its
/// f32 sources scaled by OMOD instead (the third OMOD reading), when the row has such
/// sources. Returns the result, the flags to add, and what is open.
pub fn outmods(
    d: u64,
    kflags: Flags,
    scaled_first: Option<(u64, Flags)>,
    omod: u8,
    clamp: bool,
    mode: Mode,
    prior: Option<Unsettled>,
) -> outmod::Modded {
    let a = per_half(d, omod, clamp, mode, prior);
    let mut settled = a.settled;
    let mut rule = a.rule;
    let mut flags_settled = a.flags_settled;
    if outmod::omod_applies(Ty::F16, omod, mode) {
        // OMOD ignored, and OMOD on the f32 sources before the conversion.
        let mut others = vec![(per_half(d, 0, clamp, mode, prior), kflags)];
        if let Some((c, cflags)) = scaled_first {
            others.push((per_half(c, 0, clamp, mode, prior), cflags));
        }
        for (o, f) in others {
            let differ = !(a.d ^ o.d) & o.settled;
            if differ & settled != settled || f.union(o.flags) != kflags.union(a.flags) {
                rule = Some(OMOD);
            }
            settled &= differ;
            flags_settled &= f.union(o.flags) == kflags.union(a.flags);
        }
    }
    let unsettled = rule
        .filter(|_| settled != 0xffff_ffff || !flags_settled)
        .map(|rule| Unsettled {
            output: Output::D,
            accept: Accept::Mask(settled),
            rule,
            flags_settled,
        });
    outmod::Modded {
        d: a.d,
        flags: a.flags,
        unsettled,
    }
}

#[cfg(test)]
mod tests;
