//! VOP1 kernels (Vega manual, "VOP1 Instructions"; the VOP3 forms, opcode + 0x140, run the
//! same kernels), with V_LDEXP_F16 (VOP2) and V_LDEXP_F32/F64 (VOP3A), which share the
//! exponent kernels. Each doc comment quotes the manual's pseudocode. Conversions are in
//! [`cvt`], integral rounding, fract, frexp and ldexp in [`round`]; the decisions are
//! explained in docs/design/0021-gcn5-vop1-conversions-and-rounding.md.

mod cvt;
mod round;

use super::common::d32;
use super::{Accept, LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use cvt::*;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{convert, from_int, IntType};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, DenormModes, Denormals, FpMode};
use round::*;

const VOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions")];
const NOTE: SpecRef = SpecRef::new(
    Spec::Gpuref,
    "docs/design/0021-gcn5-vop1-conversions-and-rounding.md",
);
const NOTED: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions"), NOTE];
const VOP2: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP2 Instructions"), NOTE];
const VOP3A: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3A & VOP3B Instructions")];
const MODES: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP1 Instructions"),
    SpecRef::new(Spec::Vega, "Denormalized and Rounding Modes"),
    NOTE,
];
const CONTESTED: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP1 Instructions"),
    SpecRef::new(Spec::Ieee754, "5.3.1 General operations"),
    NOTE,
];

use Status::{Contested, Inferred, Specified, Unspecified};

/// VOP1 rows without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of the VOP1 kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.valu.cvt_int.trunc", status: Inferred, cites: NOTED,
        statement: "V_CVT_I32_F32, V_CVT_U32_F32, V_CVT_I32_F64 and V_CVT_U32_F64 round toward zero whatever MODE.FP_ROUND (the pseudocode's C cast '(int)S0'); V_CVT_I16_F16 and V_CVT_U16_F16 say 'truncation'" },
    Rule { id: "gcn5.valu.cvt_int.saturate", status: Specified, cites: VOP1,
        statement: "float-to-int conversions saturate out-of-range values and infinities to the type's bounds (0 for unsigned) and convert NaN to 0; the value is truncated first, so -0.5 gives 0 and 2^31 - 128 (0x4effffff) converts exactly" },
    Rule { id: "gcn5.valu.cvt_int.inexact", status: Specified, cites: VOP1,
        statement: "V_CVT_{I32,U32}_{F32,F64} and V_CVT_{I16,U16}_F16 raise INEXACT only when the instruction's CLAMP bit is set" },
    Rule { id: "gcn5.valu.cvt_int.invalid", status: Unspecified, cites: NOTED,
        statement: "whether a saturated or NaN float-to-int conversion raises INVALID is not stated; we raise it (IEEE 754 5.8) and leave the flags of those lanes unsettled" },
    Rule { id: "gcn5.valu.cvt_floor.range", status: Inferred, cites: NOTED,
        statement: "V_CVT_RPI_I32_F32 and V_CVT_FLR_I32_F32 saturate and convert NaN to 0 like the other float-to-int conversions (they do not say), and raise no INEXACT: their floor() is integral, so the cast is exact" },
    Rule { id: "gcn5.v_cvt_rpi_i32_f32.sum", status: Unspecified, cites: NOTED,
        statement: "floor(S0.f + 0.5) is computed on the exact sum (round half up); an f32 sum rounds first and differs for 0x3effffff and odd integers above 2^23; lanes where the two readings differ settle only the bits they share" },
    Rule { id: "gcn5.valu.cvt_float.mode", status: Inferred, cites: MODES,
        statement: "a float-to-float or int-to-float conversion rounds with the FP_ROUND field of its result's width (f16 with [3:2]), reads its input under the input width's FP_DENORM input setting and writes under the result width's output setting" },
    Rule { id: "gcn5.valu.denorm_accepted", status: Unspecified, cites: MODES,
        statement: "'denormals are accepted' (V_CVT_F32_F16, V_FRACT_*) may mean never flushed or flushed per MODE; we follow MODE ('Rounding and Denormal modes apply to all floating-point operations unless otherwise specified') and lanes where the readings differ settle only the bits they share" },
    Rule { id: "gcn5.valu.mode_denorm_input", status: Inferred, cites: MODES,
        statement: "float-to-int conversions and TRUNC/CEIL/FLOOR/RNDNE read a subnormal input under the input width's FP_DENORM input setting (a flushed input is a zero of its sign), so V_FLOOR_F32(-2^-149) is -0 when flushing and -1.0 when not" },
    Rule { id: "gcn5.valu.norm16", status: Unspecified, cites: NOTED,
        statement: "flt16_to_snorm16/unorm16 are not defined; we clamp to [-1, 1] / [0, 1], scale by 32767 / 65535 and round with FP_ROUND[3:2], NaN gives 0; lanes where a scale of 32768 / 65536 (saturated) gives other bits settle only the bits both share" },
    Rule { id: "gcn5.v_sat_pk_u8_i16.sat8", status: Inferred, cites: VOP1,
        statement: "sat8 reads each 16-bit half as a signed i16 (the name's I16) and clamps it to [0, 255]; D[31:16] is 0" },
    Rule { id: "gcn5.valu.round_integral.ops", status: Inferred, cites: VOP1,
        statement: "V_TRUNC/V_CEIL/V_FLOOR/V_RNDNE are IEEE roundToIntegral in the named direction (whatever FP_ROUND), keep the operand's sign on zero results, raise no INEXACT, and quiet NaNs" },
    Rule { id: "gcn5.v_rndne.neg_zero", status: Contested, cites: CONTESTED,
        statement: "V_RNDNE of an operand in [-0.5, -0] gives -0 (IEEE roundToIntegralTiesToEven, 'Round-to-nearest-even semantics', measured on RDNA3); the printed pseudocode floor(S0 + 0.5) gives +0: such lanes settle every bit but the sign" },
    Rule { id: "gcn5.v_fract.clamp", status: Contested, cites: CONTESTED,
        statement: "V_FRACT is S0 + -floor(S0) rounded once with the result width's FP_ROUND, clamped below 1.0 (0x3bff, 0x3f7fffff, 0x3fefffffffffffff) as LLVM's constant folder and OpenCL's fract assume; the unclamped pseudocode gives 1.0 for tiny negatives: such lanes settle the bits both share" },
    Rule { id: "gcn5.v_fract.zero_sign", status: Inferred, cites: CONTESTED,
        statement: "V_FRACT of an integral operand or a zero is the exact difference x - x: +0, or -0 when rounding toward -inf (IEEE 754 6.3)" },
    Rule { id: "gcn5.v_fract.inf", status: Unspecified, cites: NOTED,
        statement: "V_FRACT(+-inf) reads as inf - inf = NaN (we return the default NaN with INVALID); OpenCL's fract gives +0 and its fmin formula 0x3f7fffff: nothing is settled for these lanes" },
    Rule { id: "gcn5.valu.frexp", status: Inferred, cites: NOTED,
        statement: "V_FREXP_MANT/EXP follow C frexp (the manual points to it and requires S0 = significand * 2^exponent): a subnormal input not flushed by MODE is normalized (2^-149 gives 0.5 and -148), a flushed one is a zero (exponent 0); +-0 give +-0 and 0; +-inf and NaN give S0 (NaNs quieted) and exponent 0, as specified" },
    Rule { id: "gcn5.v_ldexp_f16.exponent", status: Inferred, cites: VOP2,
        statement: "V_LDEXP_F16 reads S1[15:0] as a signed i16 exponent (the pseudocode's S1.i16); the manual's 'S1 has a format of f16' is about constants: a float constant is read as its f16 bits (1.0 is 0x3c00, exponent 15360); bits [31:16] are ignored" },
    Rule { id: "gcn5.valu.ldexp", status: Inferred, cites: VOP3A,
        statement: "V_LDEXP_F32/F64 are IEEE scaleB(S0, S1.i) rounded once with the result width's FP_ROUND and FP_DENORM (overflow to inf or max per the direction, gradual underflow), +-0 and +-inf unchanged, NaNs quieted" },
];

/// The VOP1 kernels (and the ldexp rows of VOP2 and VOP3A).
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_MOV_B32",                 v_mov_b32,                 Specified,   VOP1),
    k("V_CVT_I32_F64",             v_cvt_i32_f64,             Specified,   VOP1),
    k("V_CVT_F64_I32",             v_cvt_f64_i32,             Specified,   VOP1),
    k("V_CVT_F32_I32",             v_cvt_f32_i32,             Specified,   VOP1),
    k("V_CVT_F32_U32",             v_cvt_f32_u32,             Specified,   VOP1),
    k("V_CVT_U32_F32",             v_cvt_u32_f32,             Specified,   VOP1),
    k("V_CVT_I32_F32",             v_cvt_i32_f32,             Specified,   VOP1),
    k("V_CVT_F16_F32",             v_cvt_f16_f32,             Inferred,    MODES),
    k("V_CVT_F32_F16",             v_cvt_f32_f16,             Unspecified, MODES),
    k("V_CVT_RPI_I32_F32",         v_cvt_rpi_i32_f32,         Unspecified, NOTED),
    k("V_CVT_FLR_I32_F32",         v_cvt_flr_i32_f32,         Inferred,    NOTED),
    k("V_CVT_OFF_F32_I4",          v_cvt_off_f32_i4,          Specified,   VOP1),
    k("V_CVT_F32_F64",             v_cvt_f32_f64,             Inferred,    MODES),
    k("V_CVT_F64_F32",             v_cvt_f64_f32,             Inferred,    MODES),
    k("V_CVT_F32_UBYTE0",          v_cvt_f32_ubyte0,          Specified,   VOP1),
    k("V_CVT_F32_UBYTE1",          v_cvt_f32_ubyte1,          Specified,   VOP1),
    k("V_CVT_F32_UBYTE2",          v_cvt_f32_ubyte2,          Specified,   VOP1),
    k("V_CVT_F32_UBYTE3",          v_cvt_f32_ubyte3,          Specified,   VOP1),
    k("V_CVT_U32_F64",             v_cvt_u32_f64,             Specified,   VOP1),
    k("V_CVT_F64_U32",             v_cvt_f64_u32,             Specified,   VOP1),
    k("V_TRUNC_F64",               v_trunc_f64,               Inferred,    VOP1),
    k("V_CEIL_F64",                v_ceil_f64,                Inferred,    VOP1),
    k("V_RNDNE_F64",               v_rndne_f64,               Contested,   CONTESTED),
    k("V_FLOOR_F64",               v_floor_f64,               Inferred,    VOP1),
    k("V_FRACT_F32",               v_fract_f32,               Contested,   CONTESTED),
    k("V_TRUNC_F32",               v_trunc_f32,               Inferred,    VOP1),
    k("V_CEIL_F32",                v_ceil_f32,                Inferred,    VOP1),
    k("V_RNDNE_F32",               v_rndne_f32,               Contested,   CONTESTED),
    k("V_FLOOR_F32",               v_floor_f32,               Inferred,    VOP1),
    k("V_NOT_B32",                 v_not_b32,                 Specified,   VOP1),
    k("V_BFREV_B32",               v_bfrev_b32,               Specified,   VOP1),
    k("V_FFBH_U32",                v_ffbh_u32,                Specified,   VOP1),
    k("V_FFBL_B32",                v_ffbl_b32,                Specified,   VOP1),
    k("V_FFBH_I32",                v_ffbh_i32,                Specified,   VOP1),
    k("V_FREXP_EXP_I32_F64",       v_frexp_exp_i32_f64,       Inferred,    NOTED),
    k("V_FREXP_MANT_F64",          v_frexp_mant_f64,          Inferred,    NOTED),
    k("V_FRACT_F64",               v_fract_f64,               Contested,   CONTESTED),
    k("V_FREXP_EXP_I32_F32",       v_frexp_exp_i32_f32,       Inferred,    NOTED),
    k("V_FREXP_MANT_F32",          v_frexp_mant_f32,          Inferred,    NOTED),
    k("V_SCREEN_PARTITION_4SE_B32", v_screen_partition_4se_b32, Specified, VOP1),
    k("V_CVT_F16_U16",             v_cvt_f16_u16,             Specified,   VOP1),
    k("V_CVT_F16_I16",             v_cvt_f16_i16,             Specified,   VOP1),
    k("V_CVT_U16_F16",             v_cvt_u16_f16,             Specified,   VOP1),
    k("V_CVT_I16_F16",             v_cvt_i16_f16,             Specified,   VOP1),
    k("V_FREXP_MANT_F16",          v_frexp_mant_f16,          Inferred,    NOTED),
    k("V_FREXP_EXP_I16_F16",       v_frexp_exp_i16_f16,       Inferred,    NOTED),
    k("V_FLOOR_F16",               v_floor_f16,               Inferred,    VOP1),
    k("V_CEIL_F16",                v_ceil_f16,                Inferred,    VOP1),
    k("V_TRUNC_F16",               v_trunc_f16,               Inferred,    VOP1),
    k("V_RNDNE_F16",               v_rndne_f16,               Contested,   CONTESTED),
    k("V_FRACT_F16",               v_fract_f16,               Contested,   CONTESTED),
    k("V_CVT_NORM_I16_F16",        v_cvt_norm_i16_f16,        Unspecified, NOTED),
    k("V_CVT_NORM_U16_F16",        v_cvt_norm_u16_f16,        Unspecified, NOTED),
    k("V_SAT_PK_U8_I16",           v_sat_pk_u8_i16,           Inferred,    VOP1),
    k("V_LDEXP_F16",               v_ldexp_f16,               Inferred,    VOP2),
    k("V_LDEXP_F32",               v_ldexp_f32,               Inferred,    VOP3A),
    k("V_LDEXP_F64",               v_ldexp_f64,               Inferred,    VOP3A),
];

/// Every bit of a value of format `F`.
fn all<F: gpuref_float::Format>() -> u64 {
    F::SIGN_MASK | F::ABS_MASK
}

/// The raw bits of format `F` in the low bits of an operand.
fn bits<F: gpuref_float::Format>(a: u64) -> F::Bits {
    F::bits_from_u64(a & all::<F>())
}

/// `out`, or where another reading of the manual gives `other`, `out` marked as settling
/// only the bits (within `width_mask`) both readings share, by `rule`. A lane already
/// unsettled by a mask keeps its rule and settles the bits all readings share.
fn either(out: LaneOut, other: u64, width_mask: u64, rule: &'static str) -> LaneOut {
    let Some(d) = out.d else { return out };
    if d == other {
        return out;
    }
    let shared = !(d ^ other) & width_mask;
    match out.unsettled {
        Some(u) => match u.accept {
            Accept::Mask(m) => out.unsettled(Accept::Mask(m & shared), u.rule, false),
            _ => out,
        },
        None => out.unsettled(Accept::Mask(shared), rule, false),
    }
}

/// `mode` with every width's input denormals kept (the "never flushed" reading of
/// "denormals are accepted", rule `gcn5.valu.denorm_accepted`).
fn inputs_kept(mode: FpMode) -> FpMode {
    let keep = |d: Denormals| Denormals {
        flush_inputs: false,
        ..d
    };
    let m = mode.denormals;
    mode.with_denormals(DenormModes {
        half: keep(m.half),
        bfloat: keep(m.bfloat),
        single: keep(m.single),
        double: keep(m.double),
    })
}

/// The manual's 256-entry table of V_SCREEN_PARTITION_4SE_B32, indexed by S0[7:0].
#[rustfmt::skip]
const SCREEN_PARTITION_4SE: [u8; 256] = [
    0x1, 0x3, 0x7, 0xf, 0x5, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
    0xf, 0x2, 0x6, 0xe, 0xf, 0xa, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf,
    0xd, 0xf, 0x4, 0xc, 0xf, 0xf, 0x5, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf,
    0x9, 0xb, 0xf, 0x8, 0xf, 0xf, 0xf, 0xa, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf,
    0xf, 0xf, 0xf, 0xf, 0x4, 0xc, 0xd, 0xf, 0x6, 0xf, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf,
    0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0x9, 0xb, 0xf, 0x9, 0x9, 0xf, 0xf, 0xd, 0xf, 0xf,
    0xf, 0xf, 0xf, 0xf, 0x7, 0xf, 0x1, 0x3, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf,
    0xf, 0xf, 0xf, 0xf, 0x6, 0xe, 0xf, 0x2, 0x6, 0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7,
    0xb, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x2, 0x3, 0xb, 0xf, 0xa, 0xf, 0xf, 0xf,
    0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x1, 0x9, 0xd, 0xf, 0x5, 0xf, 0xf,
    0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xe, 0xf, 0x8, 0xc, 0xf, 0xf, 0xa, 0xf,
    0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0x6, 0x7, 0xf, 0x4, 0xf, 0xf, 0xf, 0x5,
    0x9, 0xf, 0xf, 0xf, 0xd, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x8, 0xc, 0xe, 0xf,
    0xf, 0x6, 0x6, 0xf, 0xf, 0xe, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0x4, 0x6, 0x7,
    0xf, 0xf, 0x6, 0xf, 0xf, 0xf, 0x7, 0xf, 0xf, 0xf, 0xf, 0xf, 0xb, 0xf, 0x2, 0x3,
    0x9, 0xf, 0xf, 0x9, 0xf, 0xf, 0xf, 0xb, 0xf, 0xf, 0xf, 0xf, 0x9, 0xd, 0xf, 0x1,
];

/// `D.u = TABLE[S0.u[7:0]]`.
fn v_screen_partition_4se_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32::from(SCREEN_PARTITION_4SE[(x.s0 & 0xff) as usize]))
}

/// `D.u = S0.u`.
fn v_mov_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(x.s0 as u32)
}
/// `D.f = (float)S0.i`.
fn v_cvt_f32_i32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary32, AmdGcn5>(
        x.s0,
        IntType::I32,
        &c.fp(Width::Single),
    ))
}
/// `D.f = (float)S0.u`.
fn v_cvt_f32_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary32, AmdGcn5>(
        x.s0,
        IntType::U32,
        &c.fp(Width::Single),
    ))
}
/// "4-bit signed int to 32-bit float": S0[3:0] = 1000 gives -0.5f, ..., 0111 gives
/// 0.4375f, i.e. the signed nibble times 1/16 (every value is exact in binary32).
fn v_cvt_off_f32_i4(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    // The manual's table, typed: nibble n maps to sext4(n) / 16.
    const TABLE: [u32; 16] = [
        0x0000_0000, // 0000: 0.0
        0x3d80_0000, // 0001: 0.0625
        0x3e00_0000, // 0010: 0.125
        0x3e40_0000, // 0011: 0.1875
        0x3e80_0000, // 0100: 0.25
        0x3ea0_0000, // 0101: 0.3125
        0x3ec0_0000, // 0110: 0.375
        0x3ee0_0000, // 0111: 0.4375
        0xbf00_0000, // 1000: -0.5
        0xbee0_0000, // 1001: -0.4375
        0xbec0_0000, // 1010: -0.375
        0xbea0_0000, // 1011: -0.3125
        0xbe80_0000, // 1100: -0.25
        0xbe40_0000, // 1101: -0.1875
        0xbe00_0000, // 1110: -0.125
        0xbd80_0000, // 1111: -0.0625
    ];
    d32(TABLE[(x.s0 & 0xf) as usize])
}
/// An unsigned byte of S0 as binary32 (exact).
fn ubyte(x: &LaneIn, c: &LaneCtx, byte: u32) -> LaneOut {
    let v = (x.s0 >> (8 * byte)) & 0xff;
    LaneOut::float(from_int::<Binary32, AmdGcn5>(
        v,
        IntType::U32,
        &c.fp(Width::Single),
    ))
}
/// `D.f = (float)(S0.u[7:0])`.
fn v_cvt_f32_ubyte0(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    ubyte(x, c, 0)
}
/// `D.f = (float)(S0.u[15:8])`.
fn v_cvt_f32_ubyte1(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    ubyte(x, c, 1)
}
/// `D.f = (float)(S0.u[23:16])`.
fn v_cvt_f32_ubyte2(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    ubyte(x, c, 2)
}
/// `D.f = (float)(S0.u[31:24])`.
fn v_cvt_f32_ubyte3(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    ubyte(x, c, 3)
}
/// `D.f = flt16_to_flt32(S0.f16)`: exact. `c.fp(Width::Single)` names the result's
/// rounding (never used: every f16 is an f32); the input is read under the half-precision
/// denormal setting FP_DENORM[7:6], which `Mode::fp` puts in every width's mode and
/// `convert` reads for a binary16 source. "FP16 denormal inputs are accepted" may instead
/// mean never flushed (rule `gcn5.valu.denorm_accepted`).
fn v_cvt_f32_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let a = x.s0 as u16;
    let mode = c.fp(Width::Single);
    let out = LaneOut::float(convert::<Binary16, Binary32, AmdGcn5>(a, &mode));
    let kept = convert::<Binary16, Binary32, AmdGcn5>(a, &inputs_kept(mode)).value;
    either(
        out,
        u64::from(kept),
        0xffff_ffff,
        "gcn5.valu.denorm_accepted",
    )
}
/// `D.f16 = uint16_to_flt16(S.u16)`.
fn v_cvt_f16_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary16, AmdGcn5>(
        x.s0,
        IntType::U16,
        &c.fp(Width::Half),
    ))
}
/// `D.f16 = int16_to_flt16(S.i16)`.
fn v_cvt_f16_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary16, AmdGcn5>(
        x.s0,
        IntType::I16,
        &c.fp(Width::Half),
    ))
}
/// `D.u = ~S0.u`.
fn v_not_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(!(x.s0 as u32))
}
/// `D.u[31:0] = S0.u[0:31]`.
fn v_bfrev_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32((x.s0 as u32).reverse_bits())
}
/// A bit position, or -1.
fn pos(found: bool, p: u32) -> LaneOut {
    d32(if found { p } else { u32::MAX })
}
/// `D.i = -1; for i in 0 ... 31 do if S0.u[31 - i] == 1 then D.i = i; break for; endif; endfor`.
fn v_ffbh_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let v = x.s0 as u32;
    pos(v != 0, v.leading_zeros())
}
/// `D.i = -1; for i in 0 ... 31 do if S0.u[i] == 1 then D.i = i; break for; endif; endfor`.
fn v_ffbl_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let v = x.s0 as u32;
    pos(v != 0, v.trailing_zeros())
}
/// `D.i = -1; for i in 1 ... 31 do if S0.i[31 - i] != S0.i[31] then D.i = i; break for; endif; endfor`.
fn v_ffbh_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let v = x.s0 as u32;
    let same = if v >> 31 == 1 {
        v.leading_ones()
    } else {
        v.leading_zeros()
    };
    pos(same < 32, same)
}

#[cfg(test)]
mod tests;
