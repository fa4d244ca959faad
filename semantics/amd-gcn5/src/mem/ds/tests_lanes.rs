//! DS_SWIZZLE_B32, DS_PERMUTE_B32 and DS_BPERMUTE_B32, hand-worked from the Vega manual's
//! pseudocode and its 4-lane examples (lanes 4..63 inactive).

use super::tests::{run, wave, why};
use super::*;
use crate::target::Target;

/// A wave with `exec`, v2[lane] = 0x100 + lane (the data) and v1 = `addr` in lanes 0..4.
fn lanes_wave(exec: u64, addr: [u32; 4]) -> Wave {
    let mut w = wave(Target::Gfx900);
    w.exec = exec;
    for l in 0..64 {
        w.vgpr[2][l] = 0x100 + l as u32;
        w.vgpr[5][l] = 0xdead;
    }
    for (l, a) in addr.into_iter().enumerate() {
        w.vgpr[1][l] = a;
    }
    w
}

#[test]
fn permute_follows_the_manual_examples() {
    // SRC0 = {A, B, C, D} = 0x100.., ADDR = {0, 0, 12, 4}, EXEC = 0xF: VDST = {B, D, 0, C};
    // lanes 0 and 1 both send to lane 0, the higher (B) wins.
    let mut w = lanes_wave(0xf, [0, 0, 12, 4]);
    run(&mut w, "ds_permute_b32 v5, v1, v2");
    assert_eq!(&w.vgpr[5][..5], &[0x101, 0x103, 0, 0x102, 0xdead]);
    assert_eq!(why(&w, 5, 0), Some(id::PERMUTE));
    assert_eq!(why(&w, 5, 1), None);
    // EXEC = 0xA: only lane 3 sends (to lane 1); lanes 1 and 3 are written: {-, D, -, 0}.
    let mut w = lanes_wave(0xa, [0, 0, 12, 4]);
    run(&mut w, "ds_permute_b32 v5, v1, v2");
    assert_eq!(&w.vgpr[5][..4], &[0xdead, 0x103, 0xdead, 0]);
    assert!(w.unsettled.is_empty());
}

#[test]
fn bpermute_follows_the_manual_examples() {
    // EXEC = 0xF: VDST = {A, A, D, B}.
    let mut w = lanes_wave(0xf, [0, 0, 12, 4]);
    run(&mut w, "ds_bpermute_b32 v5, v1, v2");
    assert_eq!(&w.vgpr[5][..4], &[0x100, 0x100, 0x103, 0x101]);
    // EXEC = 0xA: lane 1 reads inactive lane 0 -> 0; lane 3 reads lane 1: {-, 0, -, B}.
    let mut w = lanes_wave(0xa, [0, 0, 12, 4]);
    run(&mut w, "ds_bpermute_b32 v5, v1, v2");
    assert_eq!(&w.vgpr[5][..4], &[0xdead, 0, 0xdead, 0x101]);
}

#[test]
fn permute_address_is_bytes_plus_offset_mod_256() {
    // (0x3f8 + 8) / 4 = 0x100 -> mod 64 = 0; (0xfffffffc + 8) wraps to 4 -> lane 1.
    let mut w = lanes_wave(0x3, [0x3f8, 0xffff_fffc, 0, 0]);
    run(&mut w, "ds_bpermute_b32 v5, v1, v2 offset:8");
    assert_eq!(&w.vgpr[5][..2], &[0x100, 0x101]);
}

#[test]
fn swizzle_modes() {
    let mut w = lanes_wave(u64::MAX, [0; 4]);
    // QUAD_PERM(3,2,1,0) = 0x801b: lane 4q+k reads 4q+3-k.
    run(
        &mut w,
        "ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,3,2,1,0)",
    );
    assert_eq!(&w.vgpr[5][4..8], &[0x107, 0x106, 0x105, 0x104]);
    // QDMode ignores offset[14:8]: 0xff1b reads as 0x801b.
    run(&mut w, "ds_swizzle_b32 v6, v2 offset:0xff1b");
    assert_eq!(w.vgpr[6], w.vgpr[5]);
    // SWAP,16: and 0x1f, xor 0x10: lane 0 reads 16, lane 40 reads 32 + (8 ^ 16) = 56.
    run(&mut w, "ds_swizzle_b32 v5, v2 offset:swizzle(SWAP,16)");
    assert_eq!((w.vgpr[5][0], w.vgpr[5][40]), (0x110, 0x138));
    // BROADCAST,8,1: and 0x18, or 1: lane 13 reads (13 & 0x18) | 1 = 9; lane 45 reads 41.
    run(
        &mut w,
        "ds_swizzle_b32 v5, v2 offset:swizzle(BROADCAST,8,1)",
    );
    assert_eq!((w.vgpr[5][13], w.vgpr[5][45]), (0x109, 0x129));
    // REVERSE,4: xor 3: lane 5 reads 6.
    run(&mut w, "ds_swizzle_b32 v5, v2 offset:swizzle(REVERSE,4)");
    assert_eq!(w.vgpr[5][5], 0x106);
    // BITMASK_PERM "01pip": and = 0b00111, or = 0b01000, xor = 0b00010:
    // lane 3 -> ((3 & 7) | 8) ^ 2 = 9.
    run(
        &mut w,
        "ds_swizzle_b32 v5, v2 offset:swizzle(BITMASK_PERM,\"01pip\")",
    );
    assert_eq!(w.vgpr[5][3], 0x109);
    assert!(w.unsettled.is_empty());
}

#[test]
fn swizzle_from_an_inactive_lane_is_zero_and_unsettled() {
    let mut w = lanes_wave(!(1 << 3), [0; 4]);
    run(
        &mut w,
        "ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,3,2,1,0)",
    );
    // Lane 0 reads lane 3 (inactive); lane 3 itself is not written.
    assert_eq!(
        (w.vgpr[5][0], w.vgpr[5][1], w.vgpr[5][3]),
        (0, 0x102, 0xdead)
    );
    assert_eq!(why(&w, 5, 0), Some(id::SWIZZLE_INACTIVE));
}
