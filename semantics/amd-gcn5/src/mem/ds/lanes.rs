//! The lane-crossing rows that use the LDS hardware without accessing LDS memory:
//! DS_SWIZZLE_B32, DS_PERMUTE_B32 and DS_BPERMUTE_B32 (Vega "LDS & GDS Instructions").

use super::{active, id, set_vgprs, unsettle, vgpr};
use crate::formats::ds::Ds;
use crate::wave::{Wave, LANES};

/// The lane that lane `i` reads under swizzle pattern `k` (rule `gcn5.ds_swizzle_b32.modes`).
pub fn swizzle_source(k: u16, i: usize) -> usize {
    let k = usize::from(k);
    if k & 0x8000 != 0 {
        // QDMode: each lane of a quad picks a lane of its quad with offset[2q+1:2q].
        (i & !3) | ((k >> (2 * (i & 3))) & 3)
    } else {
        // BitMode within each half of 32 lanes.
        let (and, or, xor) = (k & 0x1f, (k >> 5) & 0x1f, (k >> 10) & 0x1f);
        (i & 0x20) | ((((i & 0x1f) & and) | or) ^ xor)
    }
}

/// DS_SWIZZLE_B32: `RETURN_DATA = swizzle(vgpr_data, offset1:offset0)`.
pub fn swizzle(wave: &mut Wave, d: &Ds) {
    let exec = wave.exec;
    let k = d.offset16();
    // The data VGPR is in the ADDR field (LLVM: `ds_swizzle_b32 vdst, vaddr`).
    let src: Vec<u32> = (0..LANES).map(|l| vgpr(wave, d.addr, 0, l)).collect();
    for i in (0..LANES).filter(|&i| active(exec, i)) {
        let j = swizzle_source(k, i);
        if active(exec, j) {
            set_vgprs(wave, d.vdst, 1, i, u128::from(src[j]));
        } else {
            // Rule gcn5.ds_swizzle_b32.inactive_source.
            set_vgprs(wave, d.vdst, 1, i, 0);
            unsettle(wave, d.vdst, 1, i, 0, id::SWIZZLE_INACTIVE);
        }
    }
}

/// The lane named by `VGPR[ADDR][i] + OFFSET`: `floor(... / 4) mod 64`.
fn lane_of(wave: &Wave, d: &Ds, i: usize) -> usize {
    let a = vgpr(wave, d.addr, 0, i).wrapping_add(u32::from(d.offset16()));
    ((a >> 2) & 63) as usize
}

/// DS_PERMUTE_B32: `dst_lane = floor((VGPR[ADDR][i] + OFFSET) / 4) mod 64;
/// tmp[dst_lane] = VGPR[DATA0][i]`, over active source lanes, then active lanes write tmp.
pub fn permute(wave: &mut Wave, d: &Ds) {
    let exec = wave.exec;
    let mut tmp = [0u32; LANES];
    let mut senders = [0u8; LANES];
    for i in (0..LANES).filter(|&i| active(exec, i)) {
        let dst = lane_of(wave, d, i);
        // In lane order: the highest-numbered source lane wins (rule gcn5.ds_permute_b32.collision).
        tmp[dst] = vgpr(wave, d.data0, 0, i);
        senders[dst] = senders[dst].saturating_add(1);
    }
    for i in (0..LANES).filter(|&i| active(exec, i)) {
        set_vgprs(wave, d.vdst, 1, i, u128::from(tmp[i]));
        if senders[i] > 1 {
            unsettle(wave, d.vdst, 1, i, 0, id::PERMUTE);
        }
    }
}

/// DS_BPERMUTE_B32: `src_lane = floor((VGPR[ADDR][i] + OFFSET) / 4) mod 64; next if
/// !EXEC[src_lane]; tmp[i] = VGPR[DATA0][src_lane]`, then active lanes write tmp.
pub fn bpermute(wave: &mut Wave, d: &Ds) {
    let exec = wave.exec;
    let mut tmp = [0u32; LANES];
    for (i, t) in tmp.iter_mut().enumerate() {
        let src = lane_of(wave, d, i);
        if active(exec, src) {
            *t = vgpr(wave, d.data0, 0, src);
        }
    }
    for i in (0..LANES).filter(|&i| active(exec, i)) {
        set_vgprs(wave, d.vdst, 1, i, u128::from(tmp[i]));
    }
}
