//! V_MUL_LEGACY_F32 and the MAD/MAC/MADMK/MADAK/FMA/FMAC families (Vega "VOP2
//! Instructions", "VOP3A & VOP3B Instructions"; V_FMAC_F32 is gfx908's, known from LLVM).
//!
//! MAD is the product rounded, then the sum rounded (rule `gcn5.v_mad_f32.fused`), with
//! denormals flushed whatever the mode (`gcn5.v_mad_f32.denorm`, `gcn5.v_mac_f32.denorm`);
//! FMA is [`fma`] under the mode. MADMK/MADAK read K from `LaneIn::s2` (`gcn5.v_madmk.k`),
//! MAC/FMAC their addend from `LaneIn::d` (`gcn5.v_mac.addend`).

use super::{ftz, is_snan, settle, width_mask};
use crate::alu::mode::Width;
use crate::alu::valu::{LaneCtx, LaneIn, LaneOut};
use gpuref_float::ops::{add, fma, mul, mul_add_unfused, mul_dx9};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{
    Binary16, Binary32, Binary64, DenormClass, Denormals, Flagged, Flags, Format, FpMode,
};

const PRODUCT_FLUSH: &str = "gcn5.v_mad_f32.product_flush";
const LEGACY_SNAN: &str = "gcn5.v_mul_legacy_f32.snan";

fn bits<F: Format>(v: u64) -> F::Bits {
    F::bits_from_u64(v & width_mask::<F>())
}

/// `m` with `F`'s width set to `d`.
fn with_class<F: Format>(m: &FpMode, d: Denormals) -> FpMode {
    let mut dm = m.denormals;
    match F::DENORM_CLASS {
        DenormClass::Half => dm.half = d,
        DenormClass::BFloat => dm.bfloat = d,
        DenormClass::Single => dm.single = d,
        DenormClass::Double => dm.double = d,
    }
    m.with_denormals(dm)
}

/// MODE.FP16_OVFL on a final f16 result (rule `gcn5.valu.f16_ovfl_mad`): an infinity that
/// overflowed becomes ±MAX_FP16, unless an operand (`ops`) is infinite: then the result is
/// a "true INF value" the manual preserves (an overflowed product plus an infinite addend
/// of the same sign). Other widths pass.
fn fp16_ovfl<F: Format>(r: Flagged<u64>, ops: [u64; 3], c: &LaneCtx) -> Flagged<u64> {
    let overflowed_inf = r.flags.contains(Flags::OVERFLOW) && r.value & F::ABS_MASK == F::INFINITY;
    let true_inf = ops.iter().any(|x| x & F::ABS_MASK == F::INFINITY);
    if F::WIDTH == 16 && c.mode.fp16_ovfl() && overflowed_inf && !true_inf {
        Flagged::new((r.value & F::SIGN_MASK) | F::MAX_FINITE, r.flags)
    } else {
        r
    }
}

/// The product: IEEE, or under DX9 rules (`legacy`).
fn product<F: Format>(a: u64, b: u64, m: &FpMode, legacy: bool) -> Flagged<u64> {
    let r = if legacy {
        mul_dx9::<F, AmdGcn5>(bits::<F>(a), bits::<F>(b), m)
    } else {
        mul::<F, AmdGcn5>(bits::<F>(a), bits::<F>(b), m)
    };
    r.map(Into::into)
}

/// One MAD lane `a × b + c`: denormals flushed in and out, the product rounded and
/// flushed, then the sum. The alternative keeps a tiny product for the add (rule
/// `gcn5.v_mad_f32.product_flush`) and is the acceptance set when it differs.
fn mad<F: Format>(a: u64, b: u64, c: u64, ctx: &LaneCtx, w: Width, legacy: bool) -> LaneOut {
    let fm = with_class::<F>(&ctx.fp(w), Denormals::FLUSH);
    let main = if legacy {
        let p = product::<F>(a, b, &fm, true);
        add::<F, AmdGcn5>(bits::<F>(p.value), bits::<F>(c), &fm)
            .map(Into::into)
            .with_flags(p.flags)
    } else {
        mul_add_unfused::<F, AmdGcn5>(bits::<F>(a), bits::<F>(b), bits::<F>(c), &fm).map(Into::into)
    };
    let keep_out = Denormals {
        flush_inputs: true,
        flush_outputs: false,
    };
    let keep_in = Denormals {
        flush_inputs: false,
        flush_outputs: true,
    };
    let p = product::<F>(a, b, &with_class::<F>(&fm, keep_out), legacy);
    let c0 = ftz::<F>(c & width_mask::<F>());
    let alt = add::<F, AmdGcn5>(
        bits::<F>(p.value),
        bits::<F>(c0),
        &with_class::<F>(&fm, keep_in),
    )
    .map(Into::into)
    .with_flags(p.flags);
    let main = fp16_ovfl::<F>(main, [a, b, c], ctx);
    let alt = fp16_ovfl::<F>(alt, [a, b, c], ctx).value;
    settle::<F>(
        LaneOut::float(main),
        &[(alt, PRODUCT_FLUSH)],
        alt == main.value,
        PRODUCT_FLUSH,
    )
}

/// One fused lane `a × b + c` under the mode.
fn fused<F: Format>(a: u64, b: u64, c: u64, ctx: &LaneCtx, w: Width) -> LaneOut {
    let r = fma::<F, AmdGcn5>(bits::<F>(a), bits::<F>(b), bits::<F>(c), &ctx.fp(w));
    LaneOut::float(fp16_ovfl::<F>(r.map(Into::into), [a, b, c], ctx))
}

/// `D.f = S0.f * S1.f. // DX9 rules, 0.0*x = 0.0` (rule `gcn5.v_mul_legacy_f32.zero`).
pub(super) fn v_mul_legacy_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let r = product::<Binary32>(x.s0, x.s1, &c.fp(Width::Single), true);
    let zero_snan = r.value == 0 && (is_snan::<Binary32>(x.s0) || is_snan::<Binary32>(x.s1));
    settle::<Binary32>(LaneOut::float(r), &[], !zero_snan, LEGACY_SNAN)
}
/// `D.f = S0.f * S1.f + D.f`.
pub(super) fn v_mac_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary32>(x.s0, x.s1, x.d, c, Width::Single, false)
}
/// `D.f = S0.f * K + S1.f. // K is a 32-bit literal constant` (K in `s2`).
pub(super) fn v_madmk_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary32>(x.s0, x.s2, x.s1, c, Width::Single, false)
}
/// `D.f = S0.f * S1.f + K. // K is a 32-bit literal constant` (K in `s2`).
pub(super) fn v_madak_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary32>(x.s0, x.s1, x.s2, c, Width::Single, false)
}
/// `D.f16 = S0.f16 * S1.f16 + D.f16`.
pub(super) fn v_mac_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary16>(x.s0, x.s1, x.d, c, Width::Half, false)
}
/// `D.f16 = S0.f16 * K.f16 + S1.f16. // K is a 16-bit literal constant stored in the following literal DWORD` (K in `s2`).
pub(super) fn v_madmk_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary16>(x.s0, x.s2, x.s1, c, Width::Half, false)
}
/// `D.f16 = S0.f16 * S1.f16 + K.f16. // K is a 16-bit literal constant stored in the following literal DWORD` (K in `s2`).
pub(super) fn v_madak_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary16>(x.s0, x.s1, x.s2, c, Width::Half, false)
}
/// gfx908 (no manual text): `D.f = S0.f * S1.f + D.f`, fused as V_FMA_F32.
pub(super) fn v_fmac_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fused::<Binary32>(x.s0, x.s1, x.d, c, Width::Single)
}
/// `D.f = S0.f * S1.f + S2.f. // DX9 rules, 0.0 * x = 0.0`.
pub(super) fn v_mad_legacy_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary32>(x.s0, x.s1, x.s2, c, Width::Single, true)
}
/// `D.f = S0.f * S1.f + S2.f. 1ULP accuracy, denormals are flushed.`
pub(super) fn v_mad_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary32>(x.s0, x.s1, x.s2, c, Width::Single, false)
}
/// `D.f = S0.f * S1.f + S2.f. Fused single precision multiply add.`
pub(super) fn v_fma_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fused::<Binary32>(x.s0, x.s1, x.s2, c, Width::Single)
}
/// `D.d = S0.d * S1.d + S2.d. Fused double precision multiply add.`
pub(super) fn v_fma_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fused::<Binary64>(x.s0, x.s1, x.s2, c, Width::Double)
}
/// `D.f16 = S0.f16 * S1.f16 + S2.f16. Fused half precision multiply add.`
pub(super) fn v_fma_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fused::<Binary16>(x.s0, x.s1, x.s2, c, Width::Half)
}
/// `D.f16 = S0.f16 * S1.f16 + S2.f16. ... 1ULP accuracy, denormals are flushed.`
pub(super) fn v_mad_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary16>(x.s0, x.s1, x.s2, c, Width::Half, false)
}
/// `D.f16 = S0.f16 * S1.f16 + S2.f16` (rule `gcn5.v_mad_legacy_f16.same_math`).
pub(super) fn v_mad_legacy_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad::<Binary16>(x.s0, x.s1, x.s2, c, Width::Half, false)
}
/// `D.f16 = S0.f16 * S1.f16 + S2.f16. Fused half precision multiply add.`
pub(super) fn v_fma_legacy_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fused::<Binary16>(x.s0, x.s1, x.s2, c, Width::Half)
}
