//! VOP1 kernels (Vega manual, "VOP1 Instructions"; the VOP3 forms, opcode + 0x140, run the
//! same kernels). Each doc comment quotes the manual's pseudocode.

use super::{LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{convert, from_int, IntType};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32};

const VOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions")];

use Status::Specified;

/// VOP1 rows without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of the VOP1 kernels.
pub const RULES: &[Rule] = &[];

/// The VOP1 kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_MOV_B32",          v_mov_b32,          Specified, VOP1),
    k("V_CVT_F32_I32",      v_cvt_f32_i32,      Specified, VOP1),
    k("V_CVT_F32_U32",      v_cvt_f32_u32,      Specified, VOP1),
    k("V_CVT_OFF_F32_I4",   v_cvt_off_f32_i4,   Specified, VOP1),
    k("V_CVT_F32_UBYTE0",   v_cvt_f32_ubyte0,   Specified, VOP1),
    k("V_CVT_F32_UBYTE1",   v_cvt_f32_ubyte1,   Specified, VOP1),
    k("V_CVT_F32_UBYTE2",   v_cvt_f32_ubyte2,   Specified, VOP1),
    k("V_CVT_F32_UBYTE3",   v_cvt_f32_ubyte3,   Specified, VOP1),
    k("V_CVT_F32_F16",      v_cvt_f32_f16,      Specified, VOP1),
    k("V_CVT_F16_U16",      v_cvt_f16_u16,      Specified, VOP1),
    k("V_CVT_F16_I16",      v_cvt_f16_i16,      Specified, VOP1),
    k("V_NOT_B32",          v_not_b32,          Specified, VOP1),
    k("V_BFREV_B32",        v_bfrev_b32,        Specified, VOP1),
    k("V_FFBH_U32",         v_ffbh_u32,         Specified, VOP1),
    k("V_FFBL_B32",         v_ffbl_b32,         Specified, VOP1),
    k("V_FFBH_I32",         v_ffbh_i32,         Specified, VOP1),
];

fn d32(v: u32) -> LaneOut {
    LaneOut::d(u64::from(v))
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
/// `D.f = flt16_to_flt32(S0.f16)`: exact; the input is read under the half-precision
/// denormal setting (FP_DENORM[7:6]).
fn v_cvt_f32_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(convert::<Binary16, Binary32, AmdGcn5>(
        x.s0 as u16,
        &c.fp(Width::Single),
    ))
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
