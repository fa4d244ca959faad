//! VOP3-only float kernels (Vega manual, "VOP3A Instructions", "VOP3B Instructions"): f64
//! add and multiply, the division helpers ([`div`]), V_TRIG_PREOP_F64 ([`trig`]), the cube
//! map operations, and the packed conversions ([`pack`]). Decisions: docs/design/0025.
//!
//! Bit-level helpers shared by the submodules are here: they read raw operand bits of a
//! format `F` held in a `u64`, never a host float.

mod div;
mod pack;
mod trig;

use super::{Accept, LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{add, mul};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary32, Binary64, DenormModes, Denormals, Format, FpMode};

use div::*;
use pack::*;
use trig::*;

const VOP3A: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3A Instructions")];
const VOP3B: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3B Instructions"),
    SpecRef::new(
        Spec::Gpuref,
        "docs/design/0025-gcn5-vop3-float-division-trig-pack.md",
    ),
];
const NOTE: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3A Instructions"),
    SpecRef::new(
        Spec::Gpuref,
        "docs/design/0025-gcn5-vop3-float-division-trig-pack.md",
    ),
];
const NOTE_MODE: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3A Instructions"),
    SpecRef::new(Spec::Vega, "Mode register"),
    SpecRef::new(
        Spec::Gpuref,
        "docs/design/0025-gcn5-vop3-float-division-trig-pack.md",
    ),
];
const IEEE_RTZ: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3A Instructions"),
    SpecRef::new(Spec::Ieee754, "7.4 Overflow"),
    SpecRef::new(
        Spec::Gpuref,
        "docs/design/0025-gcn5-vop3-float-division-trig-pack.md",
    ),
];

use Status::{Contested, Inferred, Specified, Unspecified};

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels (docs/design/0025 states each reading and its source).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.div_helpers.denormals", status: Unspecified, cites: NOTE_MODE,
        statement: "V_DIV_SCALE and V_DIV_FIXUP classify their operands unflushed (the pseudocode tests DENORM and zero on the values); where MODE flushes input denormals of the width and a flushed reading gives other bits, vectors accept only the bits both readings share" },
    Rule { id: "gcn5.v_div_scale.vcc", status: Specified, cites: VOP3B,
        statement: "V_DIV_SCALE_F32/F64 write VCC or the VOP3B SDST pair: 1 when exp(S2)-exp(S1) >= 96 (F64 768), or 1/S1 and S2/S1 are both denormal, or only S2/S1 is; 0 otherwise, including the zero operand case" },
    Rule { id: "gcn5.v_div_scale.tests", status: Inferred, cites: NOTE,
        statement: "exponent() is the biased exponent field (0 for denormals); '1/S1 == DENORM' and 'S2/S1 == DENORM' are decided on the exact quotients (0 < |q| < 2^emin), independent of the rounding mode" },
    Rule { id: "gcn5.v_div_scale.unassigned", status: Inferred, cites: NOTE,
        statement: "where the pseudocode assigns no D (no branch taken, or a branch whose S0 is not the operand it scales) D = S0 unchanged: S0 is 'the input to scale'" },
    Rule { id: "gcn5.v_div_scale.zero", status: Unspecified, cites: NOTE,
        statement: "S1 or S2 zero gives 'NAN' with VCC = 0; we write the default NaN (0xffc00000 / 0xfff8000000000000), vectors accept any NaN" },
    Rule { id: "gcn5.v_div_scale.nan", status: Unspecified, cites: NOTE,
        statement: "a NaN operand is not handled by the pseudocode; we write the first NaN of S0, S1, S2 quieted with VCC = 0, vectors accept any NaN and leave flags open" },
    Rule { id: "gcn5.v_div_scale.both_denormal", status: Unspecified, cites: NOTE,
        statement: "where 1/S1 and S2/S1 are both denormal the manual scales S0 == S1 by 2^64 (F64 2^128), which overflows for every such S1 (|S1| > 2^126 / 2^1022): typed as printed (+-inf, VCC = 1), vectors accept any bits" },
    Rule { id: "gcn5.v_div_scale.flags", status: Inferred, cites: NOTE,
        statement: "V_DIV_SCALE raises no exception flag: the exceptions of the division are raised by V_DIV_FIXUP ('generates invalid, denorm and divide by zero exceptions caused by the division')" },
    Rule { id: "gcn5.v_div_fmas.scale", status: Contested, cites: NOTE,
        statement: "with VCC = 1 the manual scales the fused result by 2^32 (F64 2^64); CLRX and rocjitsu (hardware-checked on RDNA) scale by 2^64 if |S2| >= 2.0 else 2^-64 (F64 2^±128), the factor V_DIV_SCALE applied; we write the latter and vectors accept the bits both readings share" },
    Rule { id: "gcn5.v_div_fmas.denormals", status: Specified, cites: VOP3A,
        statement: "V_DIV_FMAS reads input denormals unflushed whatever MODE says and flushes its output per MODE; the scaled result is rounded once" },
    Rule { id: "gcn5.v_div_fmas.extreme", status: Unspecified, cites: NOTE,
        statement: "when neither 2^k*S0 (or 2^k*S1) nor 2^k*S2 is exact, the single rounding of 2^k*(S0*S1+S2) is not computed: we write the FMA rounded then scaled, vectors accept any bits" },
    Rule { id: "gcn5.v_div_fixup.underflow", status: Unspecified, cites: NOTE,
        statement: "'underflow' (F32 exp(S2)-exp(S1) < -150, F64 < -1075) is ±0 (|S2/S1| < 2^-150 rounds to 0 to nearest); vectors accept ±0 and ±min denormal, flags open" },
    Rule { id: "gcn5.v_div_fixup.overflow", status: Inferred, cites: NOTE,
        statement: "the 'overflow' branch (exp(S1) == 255 / 2047) cannot be reached: S1 infinite or NaN is taken by an earlier branch; it is kept as written (±inf)" },
    Rule { id: "gcn5.v_div_fixup.flags", status: Inferred, cites: NOTE,
        statement: "V_DIV_FIXUP raises invalid for 0/0, inf/inf and a signalling NaN S1 or S2, divide-by-zero for finite nonzero S2 over zero S1, input denormal for a denormal S1 or S2; nothing else" },
    Rule { id: "gcn5.v_div_fixup_f16.rows", status: Specified, cites: VOP3A,
        statement: "V_DIV_FIXUP_F16 and V_DIV_FIXUP_LEGACY_F16 have no underflow/overflow branches as printed: a finite nonzero quotient is sign_out ? -|S0| : |S0|" },
    Rule { id: "gcn5.v_trig_preop_f64.table", status: Specified, cites: NOTE,
        statement: "2/PI[1200:0] is the first 1201 fraction bits of 2/pi, bit 1200 weighing 2^-1; a segment is the 53 bits from bit 1200-shift down, D = segment * 2^(-53-shift) (+128 if exp(S0) >= 1968), shift = S1[4:0]*53 + max(0, exp(S0)-1077)" },
    Rule { id: "gcn5.v_trig_preop_f64.out_of_table", status: Contested, cites: NOTE,
        statement: "bits past the 1201-bit table read as 0, so a segment that starts at or past bit 1201 is +0 and one that runs past it is zero-filled; LLVM's fold ('hardware behavior') returns 0 from shift 1120 on; vectors accept +0 up to our value there" },
    Rule { id: "gcn5.v_trig_preop_f64.rounding", status: Contested, cites: NOTE,
        statement: "the scaled segment is rounded toward zero as the manual says (only denormal results round); LLVM's fold rounds to nearest even; vectors accept the bits both share, flags open" },
    Rule { id: "gcn5.v_trig_preop_f64.nan", status: Unspecified, cites: NOTE,
        statement: "the pseudocode reads only the exponent of S0; for a NaN S0 we write S0 quieted (LLVM's fold), the literal reading gives a segment: vectors accept any bits" },
    Rule { id: "gcn5.v_cube.compare", status: Inferred, cites: NOTE_MODE,
        statement: "the cube pseudocode's comparisons are IEEE comparisons of the operands as read under MODE's single-precision input flushing (a NaN compares false, so it falls to the last branch); -S is a sign flip" },
    Rule { id: "gcn5.v_cvt_pkrtz_f16_f32.overflow", status: Specified, cites: IEEE_RTZ,
        statement: "V_CVT_PKRTZ_F16_F32 rounds toward zero whatever MODE says, so a finite value beyond 65504 gives ±65504 (0x7bff/0xfbff), inexact, and overflow only when it still exceeds 65504 rounded toward zero with an unbounded exponent (IEEE 754 §7.4: 65520 does not); ±inf stays ±inf; denormals follow MODE (f32 input, f16 output)" },
    Rule { id: "gcn5.v_cvt_pknorm.formula", status: Unspecified, cites: NOTE,
        statement: "(snorm) clamps to [-1, 1] and scales by 32767, (unorm) clamps to [0, 1] and scales by 65535, NaN gives 0; the rounding is not stated: we round to nearest even and vectors accept either neighbouring integer" },
    Rule { id: "gcn5.v_cvt_pk_u8_f32.formula", status: Unspecified, cites: NOTE,
        statement: "flt32_to_uint8 clamps to [0, 255] with NaN giving 0; the rounding is not stated: we round to nearest even and vectors accept either neighbouring integer" },
    Rule { id: "gcn5.v_cvt_pk_16.saturate", status: Inferred, cites: NOTE,
        statement: "uint32_to_uint16 and int32_to_int16 saturate to [0, 65535] and [-32768, 32767] (a conversion, as Mesa's pack_uint_2x16/pack_sint_2x16 lowering uses them)" },
];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_ADD_F64",              v_add_f64,              Specified,   VOP3A),
    k("V_MUL_F64",              v_mul_f64,              Specified,   VOP3A),
    k("V_DIV_SCALE_F32",        v_div_scale_f32,        Inferred,    VOP3B),
    k("V_DIV_SCALE_F64",        v_div_scale_f64,        Inferred,    VOP3B),
    k("V_DIV_FMAS_F32",         v_div_fmas_f32,         Contested,   NOTE),
    k("V_DIV_FMAS_F64",         v_div_fmas_f64,         Contested,   NOTE),
    k("V_DIV_FIXUP_F32",        v_div_fixup_f32,        Inferred,    NOTE),
    k("V_DIV_FIXUP_F64",        v_div_fixup_f64,        Inferred,    NOTE),
    k("V_DIV_FIXUP_F16",        v_div_fixup_f16,        Inferred,    NOTE),
    k("V_DIV_FIXUP_LEGACY_F16", v_div_fixup_legacy_f16, Inferred,    NOTE),
    k("V_TRIG_PREOP_F64",       v_trig_preop_f64,       Contested,   NOTE),
    k("V_CUBEID_F32",           v_cubeid_f32,           Specified,   VOP3A),
    k("V_CUBESC_F32",           v_cubesc_f32,           Specified,   VOP3A),
    k("V_CUBETC_F32",           v_cubetc_f32,           Specified,   VOP3A),
    k("V_CUBEMA_F32",           v_cubema_f32,           Specified,   VOP3A),
    k("V_CVT_PKRTZ_F16_F32",    v_cvt_pkrtz_f16_f32,    Specified,   IEEE_RTZ),
    k("V_CVT_PKNORM_I16_F32",   v_cvt_pknorm_i16_f32,   Unspecified, NOTE),
    k("V_CVT_PKNORM_U16_F32",   v_cvt_pknorm_u16_f32,   Unspecified, NOTE),
    k("V_CVT_PKNORM_I16_F16",   v_cvt_pknorm_i16_f16,   Unspecified, NOTE),
    k("V_CVT_PKNORM_U16_F16",   v_cvt_pknorm_u16_f16,   Unspecified, NOTE),
    k("V_CVT_PK_U16_U32",       v_cvt_pk_u16_u32,       Inferred,    NOTE),
    k("V_CVT_PK_I16_I32",       v_cvt_pk_i16_i32,       Inferred,    NOTE),
    k("V_CVT_PK_U8_F32",        v_cvt_pk_u8_f32,        Unspecified, NOTE),
    k("V_CVT_PKACCUM_U8_F32",   v_cvt_pkaccum_u8_f32,   Unspecified, NOTE),
    k("V_PACK_B32_F16",         v_pack_b32_f16,         Specified,   VOP3A),
];

// ---- bit-level helpers over a format's raw bits (shared by the submodules) ----

fn bits<F: Format>(v: u64) -> u64 {
    v & (F::SIGN_MASK | F::ABS_MASK)
}
fn sign<F: Format>(x: u64) -> bool {
    x & F::SIGN_MASK != 0
}
/// The biased exponent field (the manual's `exponent()`).
fn exp_field<F: Format>(x: u64) -> i64 {
    ((x & F::EXP_MASK) >> F::FRAC_BITS) as i64
}
fn is_nan<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK > F::INFINITY
}
fn is_snan<F: Format>(x: u64) -> bool {
    is_nan::<F>(x) && x & F::QUIET_BIT == 0
}
fn is_inf<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == F::INFINITY
}
fn is_zero<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == 0
}
fn is_sub<F: Format>(x: u64) -> bool {
    x & F::EXP_MASK == 0 && x & F::FRAC_MASK != 0
}
/// The default NaN (sign set, quiet bit only: rule `float.quirks.amd_gcn5.default_nan`).
fn default_nan<F: Format>() -> u64 {
    F::SIGN_MASK | F::EXP_MASK | F::QUIET_BIT
}
/// A finite nonzero value as `(sig, e)` with `|x| = sig * 2^e`.
fn unpack<F: Format>(x: u64) -> (u64, i64) {
    let frac = x & F::FRAC_MASK;
    let ef = exp_field::<F>(x);
    let shift = i64::from(F::FRAC_BITS) + i64::from(F::BIAS);
    if ef == 0 {
        (frac, 1 - shift)
    } else {
        (frac | 1 << F::FRAC_BITS, ef - shift)
    }
}
/// A subnormal read as a zero of its sign (MODE's input flushing).
fn flush<F: Format>(x: u64) -> u64 {
    if is_sub::<F>(x) {
        x & F::SIGN_MASK
    } else {
        x
    }
}
/// `mode` with input flushing off for every width (the division helpers' reading).
fn keep_inputs(mut mode: FpMode) -> FpMode {
    let keep = |d: Denormals| Denormals {
        flush_inputs: false,
        ..d
    };
    mode.denormals = DenormModes {
        half: keep(mode.denormals.half),
        bfloat: keep(mode.denormals.bfloat),
        single: keep(mode.denormals.single),
        double: keep(mode.denormals.double),
    };
    mode
}
/// Whether MODE flushes input denormals of the format `F`.
fn flushes_inputs<F: Format>(mode: &FpMode) -> bool {
    mode.denormals_for::<F>().flush_inputs
}

/// Our reading `ours`; where another reading gives other destination bits, vectors accept
/// only the bits of a `width`-bit destination both share (rule `rule`).
fn two_readings(ours: LaneOut, other: LaneOut, width: u32, rule: &'static str) -> LaneOut {
    if ours.d == other.d && ours.carry == other.carry {
        return ours;
    }
    let full = u64::MAX >> (64 - width);
    let (a, b) = (ours.d.unwrap_or(0), other.d.unwrap_or(0));
    let mask = match ours.unsettled.map(|u| u.accept) {
        Some(Accept::Mask(m)) => m,
        Some(_) => 0,
        None => full,
    };
    let flags_settled = ours.flags == other.flags && ours.unsettled.is_none_or(|u| u.flags_settled);
    ours.unsettled(Accept::Mask(mask & !(a ^ b) & full), rule, flags_settled)
}

/// `D.d = S0.d + S1.d`.
fn v_add_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(add::<Binary64, AmdGcn5>(x.s0, x.s1, &c.fp(Width::Double)))
}
/// `D.d = S0.d * S1.d`.
fn v_mul_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(mul::<Binary64, AmdGcn5>(x.s0, x.s1, &c.fp(Width::Double)))
}

// ---- cube map (S0 = x, S1 = y, S2 = z) ----

/// The major axis of (x, y, z) as read under MODE (rule `gcn5.v_cube.compare`): 2 for z,
/// 1 for y, 0 for x, with the operands as read.
fn cube_axis(x: &LaneIn, c: &LaneCtx) -> (usize, [u64; 3]) {
    let mode = c.fp(Width::Single);
    let read = |v: u64| {
        let v = bits::<Binary32>(v);
        if flushes_inputs::<Binary32>(&mode) {
            flush::<Binary32>(v)
        } else {
            v
        }
    };
    let s = [read(x.s0), read(x.s1), read(x.s2)];
    // |a| >= |b| as an IEEE comparison: false when either is NaN.
    let ge = |a: u64, b: u64| {
        !is_nan::<Binary32>(a)
            && !is_nan::<Binary32>(b)
            && a & Binary32::ABS_MASK >= b & Binary32::ABS_MASK
    };
    let axis = if ge(s[2], s[0]) && ge(s[2], s[1]) {
        2
    } else if ge(s[1], s[0]) {
        1
    } else {
        0
    };
    (axis, s)
}
/// `S < 0` as an IEEE comparison (false for -0 and NaN).
fn negative(v: u64) -> bool {
    sign::<Binary32>(v) && !is_zero::<Binary32>(v) && !is_nan::<Binary32>(v)
}
fn neg32(v: u64) -> u64 {
    v ^ Binary32::SIGN_MASK
}
/// `If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) If (S2.f < 0) D.f = 5.0 Else D.f
/// = 4.0 Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = 3.0 Else D.f = 2.0 Else If
/// (S0.f < 0) D.f = 1.0 Else D.f = 0.0`.
fn v_cubeid_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    // 0.0, 1.0, ..., 5.0 as binary32.
    const FACE: [u64; 6] = [
        0,
        0x3f80_0000,
        0x4000_0000,
        0x4040_0000,
        0x4080_0000,
        0x40a0_0000,
    ];
    let (axis, s) = cube_axis(x, c);
    let face = 2 * axis + usize::from(negative(s[axis]));
    LaneOut::d(FACE.get(face).copied().unwrap_or(0))
}
/// `If (major z) If (S2.f < 0) D.f = -S0.f Else D.f = S0.f Else if (Abs(S1.f) >=
/// Abs(S0.f)) D.f = S0.f Else If (S0.f < 0) D.f = S2.f Else D.f = -S2.f`.
fn v_cubesc_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let (axis, [sx, _, sz]) = cube_axis(x, c);
    LaneOut::d(match axis {
        2 if negative(sz) => neg32(sx),
        2 | 1 => sx,
        _ if negative(sx) => sz,
        _ => neg32(sz),
    })
}
/// `If (major z) D.f = -S1.f Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = -S2.f
/// Else D.f = S2.f Else D.f = -S1.f`.
fn v_cubetc_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let (axis, [_, sy, sz]) = cube_axis(x, c);
    LaneOut::d(match axis {
        1 if negative(sy) => neg32(sz),
        1 => sz,
        _ => neg32(sy),
    })
}
/// `If (major z) D.f = 2.0*S2.f Else if (Abs(S1.f) >= Abs(S0.f)) D.f = 2.0 * S1.f Else D.f
/// = 2.0 * S0.f`.
fn v_cubema_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let (axis, _) = cube_axis(x, c);
    let major = [x.s0, x.s1, x.s2].get(axis).copied().unwrap_or(0) as u32;
    LaneOut::float(mul::<Binary32, AmdGcn5>(
        0x4000_0000,
        major,
        &c.fp(Width::Single),
    ))
}

#[cfg(test)]
mod tests;
