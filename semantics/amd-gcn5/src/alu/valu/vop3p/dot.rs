//! Dot products: the gfx908 VOP3P V_DOT2/DOT4/DOT8 rows and the VOP2 V_DOT*C rows, which
//! accumulate into D. No manual prints their pseudocode: the MI100 manual names the VOP2
//! rows ("Feature Changes in MI100 devices"), LLVM names the rest; docs/design/0026.

use super::super::{LaneCtx, LaneIn, LaneOut};
use super::float::spread32;
use super::halves;
use crate::alu::mode::Width;
use gpuref_float::ops::{add, convert, mul};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, DenormModes, Denormals, Flagged, FpMode};

/// `lo + hi + acc` with the two f32 additions in one order.
#[derive(Clone, Copy)]
enum Order {
    /// (lo + hi) + acc: gpuref's choice.
    Products,
    /// (lo + acc) + hi.
    Low,
    /// (hi + acc) + lo.
    High,
}

/// The f32 dot of two packed f16 pairs plus an f32 accumulator, added in `order` under `m`.
fn dot2_f32(a: u64, b: u64, acc: u32, order: Order, m: &FpMode) -> Flagged<u32> {
    let (a, b) = (halves(a), halves(b));
    let mut flags = gpuref_float::Flags::NONE;
    let mut f32_of = |h: u16| {
        let r = convert::<Binary16, Binary32, AmdGcn5>(h, m);
        flags = flags.union(r.flags);
        r.value
    };
    let (a0, a1, b0, b1) = (f32_of(a[0]), f32_of(a[1]), f32_of(b[0]), f32_of(b[1]));
    // f16 x f16 products are exact in f32 (22 significant bits, exponents within range).
    let p0 = mul::<Binary32, AmdGcn5>(a0, b0, m);
    let p1 = mul::<Binary32, AmdGcn5>(a1, b1, m);
    let (x, y, z) = match order {
        Order::Products => (p0.value, p1.value, acc),
        Order::Low => (p0.value, acc, p1.value),
        Order::High => (p1.value, acc, p0.value),
    };
    let s = add::<Binary32, AmdGcn5>(x, y, m);
    let r = add::<Binary32, AmdGcn5>(s.value, z, m);
    r.with_flags(flags.union(p0.flags).union(p1.flags).union(s.flags))
}

/// V_DOT2(C)_F32_F16 with the acceptance set of rule `gcn5.v_dot2_f32_f16.order`.
fn dot2_f32_lane(a: u64, b: u64, acc: u64, c: &LaneCtx) -> LaneOut {
    let m = c.fp(Width::Single);
    let flush = m.with_denormals(DenormModes::all(Denormals::FLUSH));
    let acc = acc as u32;
    let r = dot2_f32(a, b, acc, Order::Products, &m);
    let mut cands = Vec::with_capacity(6);
    for mode in [&m, &flush] {
        for order in [Order::Products, Order::Low, Order::High] {
            cands.push(dot2_f32(a, b, acc, order, mode).value);
        }
    }
    let out = LaneOut::float(r);
    match spread32(&cands) {
        Some(acc) => out.unsettled(acc, "gcn5.v_dot2_f32_f16.order", false),
        None => out,
    }
}

/// `D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32` (LLVM's fdot2).
pub(super) fn v_dot2_f32_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot2_f32_lane(x.s0, x.s1, x.s2, c)
}
/// `D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + D.f32` (VOP2).
pub(super) fn v_dot2c_f32_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot2_f32_lane(x.s0, x.s1, x.d, c)
}

/// The elements of a 32-bit operand of `n` elements of `32 / n` bits, sign- or
/// zero-extended.
fn elements(v: u64, n: u32, signed: bool) -> impl Iterator<Item = i64> {
    let w = 32 / n;
    (0..n).map(move |i| {
        let raw = (v >> (w * i)) & ((1 << w) - 1);
        if signed && raw >> (w - 1) & 1 == 1 {
            raw as i64 - (1i64 << w)
        } else {
            raw as i64
        }
    })
}

/// An integer dot of `n` elements per operand plus a 32-bit accumulator: the exact sum,
/// wrapped, or saturated with CLAMP (rule `gcn5.v_dot.int`).
fn dot_int(a: u64, b: u64, acc: u64, n: u32, signed: bool, c: &LaneCtx) -> LaneOut {
    let acc = if signed {
        i64::from(acc as u32 as i32)
    } else {
        i64::from(acc as u32)
    };
    let sum = elements(a, n, signed)
        .zip(elements(b, n, signed))
        .fold(acc, |s, (x, y)| s + x * y);
    let d = match (c.clamp, signed) {
        (false, _) => sum as u32,
        (true, true) => sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32,
        (true, false) => sum.clamp(0, i64::from(u32::MAX)) as u32,
    };
    LaneOut::d(u64::from(d))
}

/// `D.i32 = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + S2.i32`.
pub(super) fn v_dot2_i32_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 2, true, c)
}
/// `D.u32 = S0.u16[0] * S1.u16[0] + S0.u16[1] * S1.u16[1] + S2.u32`.
pub(super) fn v_dot2_u32_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 2, false, c)
}
/// `D.i32 = S0.i8[0] * S1.i8[0] + ... + S0.i8[3] * S1.i8[3] + S2.i32`.
pub(super) fn v_dot4_i32_i8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 4, true, c)
}
/// `D.u32 = S0.u8[0] * S1.u8[0] + ... + S0.u8[3] * S1.u8[3] + S2.u32`.
pub(super) fn v_dot4_u32_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 4, false, c)
}
/// `D.i32 = S0.i4[0] * S1.i4[0] + ... + S0.i4[7] * S1.i4[7] + S2.i32`.
pub(super) fn v_dot8_i32_i4(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 8, true, c)
}
/// `D.u32 = S0.u4[0] * S1.u4[0] + ... + S0.u4[7] * S1.u4[7] + S2.u32`.
pub(super) fn v_dot8_u32_u4(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.s2, 8, false, c)
}
/// `D.i32 = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + D.i32` (VOP2).
pub(super) fn v_dot2c_i32_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.d, 2, true, c)
}
/// `D.i32 = S0.i8[0] * S1.i8[0] + ... + S0.i8[3] * S1.i8[3] + D.i32` (VOP2).
pub(super) fn v_dot4c_i32_i8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.d, 4, true, c)
}
/// `D.i32 = S0.i4[0] * S1.i4[0] + ... + S0.i4[7] * S1.i4[7] + D.i32` (VOP2).
pub(super) fn v_dot8c_i32_i4(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    dot_int(x.s0, x.s1, x.d, 8, true, c)
}
