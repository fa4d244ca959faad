//! The rows whose output modifiers the models state as open bits (note 0042, "Packed and
//! field results"): the packed rows run on the vector executor, and the comparison of a
//! model's `d_open` with a kernel's acceptance set.

use super::{is_nan, mask, Inputs, Kernel, Rng};
use gpuref_amd_gcn5::alu::valu::{self, Accept, LaneOut, Output};
use gpuref_smt::Mods;

/// VOP3A rows whose result is two f16 halves: the executor applies their CLAMP (note
/// 0038), so with output modifiers they run through it ([`packed_exec`]).
pub const PACKED_F16_OUT: [&str; 2] = ["V_CVT_PKRTZ_F16_F32", "V_PACK_B32_F16"];

/// A packed-result row with output modifiers on the vector executor: a gfx900 wave with
/// lane 0 active, S0 in v1 and S1 in v2 (a 16-bit source with random high bits, which the
/// row does not read), the result, TRAPSTS.EXCP and the lane's unsettled record read back.
pub fn packed_exec(name: &str, inp: &Inputs, mode: u32, mods: Mods, rng: &mut Rng) -> Kernel {
    use gpuref_amd_gcn5::{formats::parse, wave::Wave, Target};
    use gpuref_float::Flags as F;
    let asm = format!("{} v0, v1, v2 {}", name.to_ascii_lowercase(), mods.text());
    let Ok(inst) = parse(Target::Gfx900, &asm) else {
        return Kernel::Missing;
    };
    let mut w = Wave {
        exec: 1,
        mode,
        ..Wave::default()
    };
    for (r, s) in [(1, "s0"), (2, "s1")] {
        let v = inp.get(s).copied().unwrap_or_else(|| rng.next());
        let high = if name == "V_PACK_B32_F16" {
            rng.next() << 16
        } else {
            0
        };
        w.vgpr[r][0] = (v | high) as u32;
    }
    if gpuref_amd_gcn5::exec::execute(&mut w, &inst).is_err() {
        return Kernel::Missing;
    }
    let flags = super::EXCP_ORDER
        .iter()
        .enumerate()
        .filter(|(i, _)| w.trapsts >> i & 1 == 1)
        .fold(F::NONE, |f, (_, b)| f.union(*b));
    Kernel::Vector(LaneOut {
        d: Some(u64::from(w.vgpr[0][0])),
        flags,
        unsettled: w
            .unsettled
            .iter()
            .find(|u| u.vdst == 0 && u.lane == 0)
            .map(|u| u.why),
        ..LaneOut::default()
    })
}

/// The bits of `d` (`hi`: of `d_hi`) the kernel settles: all without an acceptance set on
/// `d`, an `Accept::Mask`'s or an `Accept::Mask128`'s half; `None` for another kind of set.
pub fn kernel_mask(un: Option<valu::Unsettled>, hi: bool) -> Option<u64> {
    match un.filter(|u| u.output == Output::D).map(|u| u.accept) {
        None => Some(u64::MAX),
        Some(Accept::Mask(m)) if !hi => Some(m),
        Some(Accept::Mask(_)) => Some(u64::MAX),
        Some(Accept::Mask128(m)) => Some((m >> if hi { 64 } else { 0 }) as u64),
        Some(_) => None,
    }
}

/// A kernel result `g` with settled bits `m` against a model's `d` with open bits `open`
/// (`dw` bits): the kernel settles exactly the bits the model settles, and agrees with the
/// model there; a 16-bit half whose bit is set in `nan_half` must be a NaN or left open.
pub fn open_agrees(
    d: u64,
    open: u64,
    nan_half: u64,
    g: Option<u64>,
    m: Option<u64>,
    dw: u32,
) -> bool {
    let (Some(g), Some(m)) = (g, m) else {
        return false;
    };
    let mut nan_bits = 0;
    for h in 0..2 {
        if nan_half >> h & 1 == 1 {
            let gh = g >> (16 * h) & 0xffff;
            if !is_nan(gh, 16) && m >> (16 * h) & 0xffff == 0xffff {
                return false;
            }
            nan_bits |= 0xffff << (16 * h);
        }
    }
    let cmp = mask(dw) & !nan_bits;
    g & !mask(dw) == 0 && (m ^ !open) & cmp == 0 && (g ^ d) & !open & cmp == 0
}
