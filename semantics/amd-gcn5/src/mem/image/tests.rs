//! Image tests. Expected values are worked by hand from the Vega manual ("Image Resource",
//! "Image Opcodes with No Sampler", "VGPR Usage", "MIMG Instructions") and IEEE 754 (and
//! the readings of docs/design/0034 where the manual is silent); the reasoning is in the
//! comments.

use super::id;
use super::tdesc::{coord, place, Coord, Dim, Place, TDesc};
use crate::error::ExecError;
use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;
use gpuref_core::open::Accept;

/// DST_SEL identity: x=4, y=5, z=6, w=7 = 4 | 5<<3 | 6<<6 | 7<<9 = 0xfac.
const IDENTITY: u32 = 0xfac;

/// A linear T#: byte address `base` (256-aligned), data/num format, width, height, type,
/// pitch, depth; base level 0, last level `last`, tiling index 0.
#[allow(clippy::too_many_arguments)]
fn tsharp(
    base: u64,
    dfmt: u32,
    nfmt: u32,
    w: u32,
    h: u32,
    ty: u32,
    pitch: u32,
    last: u32,
) -> [u32; 8] {
    [
        (base >> 8) as u32,
        ((base >> 40) as u32 & 0xff) | dfmt << 20 | nfmt << 26,
        (w - 1) | (h - 1) << 14,
        IDENTITY | last << 16 | ty << 28,
        pitch << 13,
        0,
        0,
        0,
    ]
}

fn wave(t: [u32; 8]) -> Wave {
    let mut w = Wave::default();
    w.sgpr[8..16].copy_from_slice(&t);
    w.exec = 1;
    w
}

fn run(w: &mut Wave, text: &str) -> Result<(), ExecError> {
    let inst = parse(Target::Gfx900, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    execute(w, &inst)
}

const UNORM: u32 = 0;
const UINT: u32 = 4;
const FLOAT: u32 = 7;

#[test]
fn descriptor_fields_per_the_table() {
    // w1: base[39:32] = 0x9a, min lod 0xabc at 51:40 (w1 19:8), data format 0x2a at 57:52
    // (w1 25:20), num format 0xd at 61:58 (w1 29:26), NV bit 62 (w1 30):
    // 0x9a | 0xabc00 | 0x02a0_0000 | 0x3400_0000 | 0x4000_0000 = 0x76aa_bc9a.
    // w2: width-1 = 7 (77:64), height-1 = 3 << 14 (91:78), perf 5 << 28: 0x5000_c007.
    // w3: dst_sel 0xfac, base level 2 << 12, last level 9 << 16, tiling 0x15 << 20, type
    // 13 << 28: 0xd159_2fac.
    // w4: depth-1 = 0x1fff (140:128), pitch 0x1234 << 13 (156:141), bc swizzle 5 << 29:
    // 0x1fff | 0x0246_8000 | 0xa000_0000 = 0xa246_9fff.
    // w5: array pitch 0xb << 13 (176:173), max mip 0xe << 28 (191:188): 0xe001_6000.
    // w6: min lod warn 0x321 (203:192), compression bit 213 (w6 21): 0x0020_0321.
    let d = TDesc::decode([
        0x1234_5678,
        0x76aa_bc9a,
        0x5000_c007,
        0xd159_2fac,
        0xa246_9fff,
        0xe001_6000,
        0x0020_0321,
        0,
    ]);
    assert_eq!(d.base_field, 0x9a_1234_5678);
    assert_eq!(d.base(), 0x9a12_3456_7800);
    assert_eq!(
        (d.min_lod, d.data_format, d.num_format, d.nv),
        (0xabc, 0x2a, 0xd, true)
    );
    assert_eq!((d.width_m1, d.height_m1, d.perf_mod), (7, 3, 5));
    assert_eq!(d.dst_sel, [4, 5, 6, 7]);
    assert_eq!(
        (d.base_level, d.last_level, d.tiling_index, d.type_code),
        (2, 9, 0x15, 13)
    );
    assert_eq!((d.depth_m1, d.pitch, d.bc_swizzle), (0x1fff, 0x1234, 5));
    assert_eq!((d.array_pitch, d.max_mip), (0xb, 0xe));
    assert_eq!((d.min_lod_warn, d.compression), (0x321, true));
    assert_eq!(d.dim(), Ok(Dim::D2Array));
}

#[test]
fn address_components_per_dimension_da_and_a16() {
    let v = [10u32, 11, 12, 13];
    let f = |i: usize| v[i];
    // 1D: x; DA adds a slice that a 1D T# ignores; _MIP: mipid after it.
    assert_eq!(
        coord(Dim::D1, false, true, false, &f),
        Coord {
            x: 10,
            y: 0,
            layer: 0,
            mip: 11
        }
    );
    assert_eq!(
        coord(Dim::D1, true, true, false, &f),
        Coord {
            x: 10,
            y: 0,
            layer: 0,
            mip: 12
        }
    );
    // 1D array: x, slice (DA = 1); DA = 0 reads slice 0 and the mipid from VGPRn+1.
    assert_eq!(
        coord(Dim::D1Array, true, false, false, &f),
        Coord {
            x: 10,
            y: 0,
            layer: 11,
            mip: 0
        }
    );
    assert_eq!(
        coord(Dim::D1Array, false, true, false, &f),
        Coord {
            x: 10,
            y: 0,
            layer: 0,
            mip: 11
        }
    );
    // 2D array: x, y, slice, mipid; 3D: x, y, z; cube: x, y, face_id.
    assert_eq!(
        coord(Dim::D2Array, true, true, false, &f),
        Coord {
            x: 10,
            y: 11,
            layer: 12,
            mip: 13
        }
    );
    assert_eq!(
        coord(Dim::D3, false, false, false, &f),
        Coord {
            x: 10,
            y: 11,
            layer: 12,
            mip: 0
        }
    );
    assert_eq!(
        coord(Dim::Cube, false, true, false, &f),
        Coord {
            x: 10,
            y: 11,
            layer: 12,
            mip: 13
        }
    );
    // A16: 16-bit components, two per dword, low half first: x = 0x0002, y = 0x0003 from
    // VGPRn, slice = 0x0004 from VGPRn+1's low half, mipid from its high half.
    let p = [0x0003_0002u32, 0x0005_0004];
    let g = |i: usize| p[i];
    assert_eq!(
        coord(Dim::D2Array, true, true, true, &g),
        Coord {
            x: 2,
            y: 3,
            layer: 4,
            mip: 5
        }
    );
}

#[test]
fn linear_place_row_zero_is_settled_and_the_rest_is_chosen() {
    // 8x4 2D, pitch 16 texels, 4 bytes per element, base 0x1000.
    let d = TDesc::decode(tsharp(0x1000, 4, UINT, 8, 4, 9, 16, 0));
    let at = |x, y, layer, level| {
        place(
            &d,
            Dim::D2,
            &Coord {
                x,
                y,
                layer,
                mip: 0,
            },
            level,
            4,
        )
    };
    assert_eq!(at(3, 0, 0, 0), Place::At(0x100c)); // 0x1000 + 3 * 4
    assert_eq!(at(7, 0, 0, 0), Place::At(0x101c));
    assert_eq!(at(8, 0, 0, 0), Place::Out); // x > width - 1 = 7
    assert_eq!(at(0, 4, 0, 0), Place::Out); // y > height - 1 = 3
    assert_eq!(at(2, 1, 0, 0), Place::Chosen(0x1000 + (16 + 2) * 4)); // row pitch 16
    assert_eq!(at(0, 0, 0, 1), Place::Out); // level 1 > last level 0
                                            // A 2D layer index is not bounded (the T# table has no slice count): layer 1 is
                                            // rows 4..7 in gpuref's reading.
    let da = place(
        &d,
        Dim::D2Array,
        &Coord {
            x: 1,
            y: 0,
            layer: 1,
            mip: 0,
        },
        0,
        4,
    );
    assert_eq!(da, Place::Chosen(0x1000 + (4 * 16 + 1) * 4));
}

#[test]
fn unorm_rgba8_load_returns_the_dmask_components_in_order() {
    // 8_8_8_8 (DFMT 10) UNORM at x = 2 of a 1D image: bytes R=0xff G=0 B=0xff A=0 at
    // 0x2000 + 2 * 4. UNORM 255 / 255 = 1.0 (0x3f800000), 0 -> 0.0. DMASK 0b1001: R to v1,
    // A to v2 (VGPR Usage: "DMASK=1001: Red is in VGPRn and alpha in VGPRn+1").
    let mut w = wave(tsharp(0x2000, 10, UNORM, 16, 1, 8, 16, 0));
    w.mem.write(0x2008, 4, 0x00ff_00ff);
    w.vgpr[0][0] = 2;
    w.vgpr[2][0] = 0x5555;
    run(&mut w, "image_load v[1:2], v0, s[8:15] dmask:0x9").unwrap();
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0x3f80_0000, 0));
    assert!(w.unsettled.is_empty());
}

#[test]
fn components_the_format_lacks_read_zero_or_the_dst_sel_constant() {
    // DFMT 4 (32) UINT, dst_sel x=R, y=G, z=B, w=1: 4 | 5<<3 | 6<<6 | 1<<9 = 0x3ac.
    let mut t = tsharp(0x3000, 4, UINT, 4, 1, 8, 4, 0);
    t[3] = (t[3] & !0xfff) | 0x3ac;
    let mut w = wave(t);
    w.mem.write(0x3000, 4, 0xdead_beef);
    for r in 1..=4 {
        w.vgpr[r][0] = 0x7777;
    }
    run(&mut w, "image_load v[1:4], v0, s[8:15] dmask:0xf").unwrap();
    // R = the texel, G and B missing from a 1-component format read 0, W = 1 (an integer
    // format's 1).
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0xdead_beef, 0, 0, 1]
    );
}

#[test]
fn d16_load_packs_halves_low_first_and_keeps_the_odd_high_half() {
    // 8_8_8_8 (DFMT 10) UNORM: 0xff -> 1.0 = 0x3c00 in binary16, 0 -> 0 (exact ends of
    // 255 / 255 and 0 / 255); DMASK 0x7 with D16: R, G in v1 (low, high), B in v2[15:0];
    // v2[31:16] kept.
    let mut w = wave(tsharp(0x4000, 10, UNORM, 4, 1, 8, 4, 0));
    w.mem.write(0x4000, 4, 0x00ff_00ff); // R=0xff G=0 B=0xff A=0
    w.vgpr[2][0] = 0xabcd_1234;
    run(&mut w, "image_load v[1:2], v0, s[8:15] dmask:0x7 d16").unwrap();
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0x0000_3c00, 0xabcd_3c00));
    assert!(w.unsettled.is_empty());
}

#[test]
fn store_writes_the_whole_element_with_missing_components_zero() {
    // 8_8_8_8 UINT; DMASK 0b1001: R from v1, A from v2, G and B filled with 0 (VGPR Usage,
    // Writes). The element at x = 1 was 0xffffffff: becomes A=0x44 B=0 G=0 R=0x11.
    let mut w = wave(tsharp(0x5000, 10, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0x5004, 4, 0xffff_ffff);
    w.vgpr[0][0] = 1;
    w.vgpr[1][0] = 0x11;
    w.vgpr[2][0] = 0x44;
    run(&mut w, "image_store v[1:2], v0, s[8:15] dmask:0x9 unorm").unwrap();
    assert_eq!(w.mem.read(0x5004, 4), 0x4400_0011);
    assert!(w.unsettled_mem.is_empty());
}

#[test]
fn store_to_an_rgb_format_ignores_alpha() {
    // 10_11_11 FLOAT (DFMT 6, NFMT 7): X 11 bits, Y 11, Z 10 from bit 0. R = 1.0 from v1:
    // an 11-bit float with 5 exponent bits, bias 15: exponent 15, fraction 0 = 15 << 6 =
    // 0x3c0; G, B = 0; alpha from v2 is not part of the format (the manual's RGB example).
    let mut w = wave(tsharp(0x6000, 6, FLOAT, 4, 1, 8, 4, 0));
    w.mem.write(0x6000, 4, 0xffff_ffff);
    w.vgpr[1][0] = 0x3f80_0000;
    w.vgpr[2][0] = 0x3f80_0000;
    run(&mut w, "image_store v[1:2], v0, s[8:15] dmask:0x9 unorm").unwrap();
    assert_eq!(w.mem.read(0x6000, 4), 0x3c0);
}

#[test]
fn out_of_range_load_reads_zero_unsettled_and_store_is_dropped() {
    let mut w = wave(tsharp(0x7000, 4, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0x7010, 4, 0x1234); // where x = 4 would be, one past width 4
    w.vgpr[0][0] = 4;
    run(&mut w, "image_load v1, v0, s[8:15] dmask:0x1").unwrap();
    assert_eq!(w.vgpr[1][0], 0);
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(w.unsettled[0].why.rule, id::OUT);
    assert_eq!(w.unsettled[0].why.accept, Accept::Mask(0));
    w.vgpr[1][0] = 0x9999;
    run(&mut w, "image_store v1, v0, s[8:15] dmask:0x1 unorm").unwrap();
    assert_eq!(w.mem.read(0x7010, 4), 0x1234);
}

#[test]
fn rows_past_the_first_are_gpurs_choice() {
    // 2D 4x4, pitch 8: (1, 1) at 0x8000 + (8 + 1) * 4 = 0x8024 in gpuref's reading.
    let mut w = wave(tsharp(0x8000, 4, UINT, 4, 4, 9, 8, 0));
    w.mem.write(0x8024, 4, 0xfeed);
    w.vgpr[0][0] = 1;
    w.vgpr[1][0] = 1;
    run(&mut w, "image_load v2, v[0:1], s[8:15] dmask:0x1").unwrap();
    assert_eq!(w.vgpr[2][0], 0xfeed);
    assert_eq!(w.unsettled[0].why.rule, id::ROWS);
    w.vgpr[2][0] = 0xbeef;
    run(&mut w, "image_store v2, v[0:1], s[8:15] dmask:0x1 unorm").unwrap();
    assert_eq!(w.mem.read(0x8024, 4), 0xbeef);
    assert_eq!(w.unsettled_mem.len(), 1);
    assert_eq!(
        (w.unsettled_mem[0].addr, w.unsettled_mem[0].rule),
        (0x8024, id::ROWS)
    );
}

#[test]
fn atomics_return_the_old_value_with_glc_only_and_respect_exec() {
    // 32-bit texels at 0x9000: x = 0 holds 5, x = 2 holds 7. Lanes 0 and 2 active (EXEC
    // 0b101), lane 1 inactive with x = 1 (would hit 0x9004).
    let mut w = wave(tsharp(0x9000, 4, UINT, 4, 1, 8, 4, 0));
    w.exec = 0b101;
    w.mem.write(0x9000, 4, 5);
    w.mem.write(0x9008, 4, 7);
    for l in 0..3 {
        w.vgpr[0][l] = l as u32;
        w.vgpr[1][l] = 10;
    }
    run(
        &mut w,
        "image_atomic_add v1, v0, s[8:15] dmask:0x1 unorm glc",
    )
    .unwrap();
    assert_eq!(
        (
            w.mem.read(0x9000, 4),
            w.mem.read(0x9004, 4),
            w.mem.read(0x9008, 4)
        ),
        (15, 0, 17)
    );
    assert_eq!((w.vgpr[1][0], w.vgpr[1][1], w.vgpr[1][2]), (5, 10, 7));
    // Without GLC, VDATA keeps the data.
    run(&mut w, "image_atomic_sub v1, v0, s[8:15] dmask:0x1 unorm").unwrap();
    assert_eq!(w.mem.read(0x9000, 4), 15 - 5);
    assert_eq!(w.vgpr[1][0], 5);
}

#[test]
fn cmpswap_takes_src_then_cmp_in_both_widths() {
    // "src = DATA[0]; cmp = DATA[1]; MEM = (tmp == cmp) ? src : tmp; RETURN_DATA[0] = tmp".
    let mut w = wave(tsharp(0xa000, 4, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0xa000, 4, 5);
    w.vgpr[1][0] = 99; // src
    w.vgpr[2][0] = 5; // cmp: equal, swap
    run(
        &mut w,
        "image_atomic_cmpswap v[1:2], v0, s[8:15] dmask:0x3 unorm glc",
    )
    .unwrap();
    assert_eq!((w.mem.read(0xa000, 4), w.vgpr[1][0]), (99, 5));
    // Not equal: memory kept, the old value returned.
    w.vgpr[1][0] = 1;
    w.vgpr[2][0] = 2;
    run(
        &mut w,
        "image_atomic_cmpswap v[1:2], v0, s[8:15] dmask:0x3 unorm glc",
    )
    .unwrap();
    assert_eq!((w.mem.read(0xa000, 4), w.vgpr[1][0]), (99, 99));
    // 64-bit on a 32_32 surface (DFMT 11): DATA[0:1] = src, DATA[2:3] = cmp.
    let mut w = wave(tsharp(0xb000, 11, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0xb008, 8, 0x1111_2222_3333_4444);
    w.vgpr[0][0] = 1;
    w.vgpr[1][0] = 0xaaaa_aaaa;
    w.vgpr[2][0] = 0xbbbb_bbbb;
    w.vgpr[3][0] = 0x3333_4444;
    w.vgpr[4][0] = 0x1111_2222;
    run(
        &mut w,
        "image_atomic_cmpswap v[1:4], v0, s[8:15] dmask:0xf unorm glc",
    )
    .unwrap();
    assert_eq!(w.mem.read(0xb008, 8), 0xbbbb_bbbb_aaaa_aaaa);
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0x3333_4444, 0x1111_2222));
}

#[test]
fn atomics_on_one_texel_return_unsettled_values_and_mismatched_surfaces_do_not_run() {
    let mut w = wave(tsharp(0xc000, 4, UINT, 4, 1, 8, 4, 0));
    w.exec = 0b11;
    w.vgpr[1][0] = 1;
    w.vgpr[1][1] = 1;
    run(
        &mut w,
        "image_atomic_add v1, v0, s[8:15] dmask:0x1 unorm glc",
    )
    .unwrap();
    assert_eq!(w.mem.read(0xc000, 4), 2); // both lanes added, lane 0 first
    assert_eq!((w.vgpr[1][0], w.vgpr[1][1]), (0, 1));
    assert!(w.unsettled.iter().all(|u| u.why.rule == id::ORDER));
    assert_eq!(w.unsettled.len(), 2);
    // A 64-bit atomic on a 32-bit surface is not executed, and changes nothing.
    let before = w.clone();
    let e = run(
        &mut w,
        "image_atomic_add v[1:2], v0, s[8:15] dmask:0x3 unorm",
    )
    .unwrap_err();
    assert!(matches!(e, ExecError::Pending { .. }));
    assert_eq!(w, before);
}

#[test]
fn tfe_writes_an_unsettled_status_dword_after_the_data() {
    let mut w = wave(tsharp(0xd000, 4, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0xd000, 4, 42);
    w.vgpr[2][0] = 0x5555;
    run(&mut w, "image_load v[1:2], v0, s[8:15] dmask:0x1 tfe").unwrap();
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (42, 0));
    assert_eq!((w.unsettled[0].vdst, w.unsettled[0].why.rule), (2, id::TFE));
}

#[test]
fn d16_store_with_a_gapped_dmask_is_contested() {
    // 16_16_16_16 UINT; D16 DMASK 0b1001: by bit, R = v1[15:0], A = v1[31:16].
    let mut w = wave(tsharp(0xe000, 12, UINT, 4, 1, 8, 4, 0));
    w.vgpr[1][0] = 0x2222_1111;
    run(&mut w, "image_store v1, v0, s[8:15] dmask:0x9 unorm d16").unwrap();
    assert_eq!(w.mem.read(0xe000, 8), 0x2222_0000_0000_1111);
    assert_eq!(w.unsettled_mem[0].rule, id::D16_STORE);
    // DMASK 0x3: both readings agree (R, G): settled.
    run(&mut w, "image_store v1, v0, s[8:15] dmask:0x3 unorm d16").unwrap();
    assert_eq!(w.mem.read(0xe000, 8), 0x2222_1111);
    assert!(w.unsettled_mem.is_empty());
}

#[test]
fn pck_rows_move_raw_bits() {
    // 32-bit components: raw and settled. 16_16 (DFMT 5) components: raw, sign-extended
    // for _SGN, unsettled (the packing of narrow components is not stated).
    let mut w = wave(tsharp(0xf000, 4, FLOAT, 4, 1, 8, 4, 0));
    w.mem.write(0xf000, 4, 0x7fc0_0001);
    run(&mut w, "image_load_pck v1, v0, s[8:15] dmask:0x1").unwrap();
    assert_eq!(w.vgpr[1][0], 0x7fc0_0001);
    assert!(w.unsettled.is_empty());
    let mut w = wave(tsharp(0xf000, 5, UINT, 4, 1, 8, 4, 0));
    w.mem.write(0xf000, 4, 0x0001_8000);
    run(&mut w, "image_load_pck_sgn v[1:2], v0, s[8:15] dmask:0x3").unwrap();
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0xffff_8000, 1));
    assert!(w.unsettled.iter().all(|u| u.why.rule == id::PCK));
}

#[test]
fn get_resinfo_returns_width_height_depth_mips() {
    // 2D 100x50, last level 3, max mip 3 (w5 bits 31:28), base level 0; mipid 1:
    // width 100 >> 1 = 50, height 50 >> 1 = 25; a 2D depth is not stated (unsettled);
    // mips = 3 - 0 + 1 = 4 = max mip + 1 (settled).
    let mut t = tsharp(0, 4, UINT, 100, 50, 9, 100, 3);
    t[5] = 3 << 28;
    let mut w = wave(t);
    w.vgpr[0][0] = 1;
    run(&mut w, "image_get_resinfo v[1:4], v0, s[8:15] dmask:0xf").unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [50, 25, 1, 4]
    );
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(
        (w.unsettled[0].vdst, w.unsettled[0].why.rule),
        (3, id::RESINFO)
    );
    // Base level 1: level 2 (base + mipid) gives 25, mipid alone 50: unsettled.
    w.sgpr[11] |= 1 << 12;
    run(&mut w, "image_get_resinfo v1, v0, s[8:15] dmask:0x1").unwrap();
    assert_eq!(w.vgpr[1][0], 25);
    assert_eq!(w.unsettled[0].why.rule, id::RESINFO);
}

#[test]
fn unexecuted_layouts_and_sampling_rows_say_why() {
    // Tiling index 1, MSAA type 14, and a sample row: Pending, the wave unchanged.
    let mut t = tsharp(0x1000, 4, UINT, 4, 1, 8, 4, 0);
    t[3] |= 1 << 20;
    for (t, text) in [
        (t, "image_load v1, v0, s[8:15] dmask:0x1"),
        (
            tsharp(0x1000, 4, UINT, 4, 4, 14, 4, 0),
            "image_load v1, v[0:2], s[8:15] dmask:0x1",
        ),
        (
            tsharp(0x1000, 4, UINT, 4, 1, 8, 4, 0),
            "image_sample v1, v0, s[8:15], s[16:19] dmask:0x1",
        ),
    ] {
        let mut w = wave(t);
        let before = w.clone();
        let e = run(&mut w, text).unwrap_err();
        assert!(matches!(e, ExecError::Pending { .. }), "{text}");
        assert_eq!(w, before, "{text}");
    }
    let e = run(
        &mut wave(tsharp(0, 4, UINT, 4, 1, 8, 4, 0)),
        "image_sample v1, v0, s[8:15], s[16:19] dmask:0x1",
    )
    .unwrap_err();
    assert!(e.to_string().contains("sampling is out of scope"));
}

#[test]
fn random_instructions_never_panic() {
    use crate::formats::decode;
    use crate::formats::shared::testing::next;
    use crate::instructions::{rows, Format};
    let mut st = 0x1a6e_0034_u64;
    for t in Target::ALL {
        for r in rows().filter(|r| r.format == Format::Mimg && r.targets.contains(t)) {
            let executed = super::handles(r);
            let mut ran = 0;
            for _ in 0..400 {
                let v = next(&mut st);
                // First dword: encoding, the opcode in 24:18, OP[7] = 0, 7:1 reserved = 0.
                let w0 = (0b11_1100 << 26)
                    | (v as u32 & 0x3ff_ffff & !(0x7f << 18) & !0xff)
                    | u32::from(r.opcode) << 18;
                let w0 = w0 | 1 << 12; // UNORM (stores and atomics need it)
                let w0 = match crate::formats::mimg::shape(r).kind {
                    crate::formats::mimg::Kind::Atomic { cmpswap } => {
                        let wide = v >> 40 & 1 == 1;
                        let dm = match (cmpswap, wide) {
                            (false, false) => 1,
                            (false, true) | (true, false) => 3,
                            (true, true) => 0xf,
                        };
                        (w0 & !(0xf << 8) & !(1 << 16)) | dm << 8
                    }
                    _ => w0,
                };
                // Second dword: VADDR, VDATA low, SRSRC 0..=23, SSAMP 0..=24, no reserved.
                let srsrc = (v >> 45) as u32 % 24;
                let ssamp = if crate::formats::mimg::shape(r).sampler {
                    (v >> 50) as u32 % 24
                } else {
                    0
                };
                let w1 = ((v >> 32) as u32 & 0xf)
                    | ((v >> 36) as u32 & 0xf) << 8
                    | srsrc << 16
                    | ssamp << 21
                    | ((v >> 63) as u32) << 31;
                let Ok((inst, _)) = decode(t, &[w0, w1]) else {
                    continue;
                };
                let mut w = Wave::default();
                for s in w.sgpr.iter_mut() {
                    *s = next(&mut st) as u32;
                }
                // Three times in four, a linear T# with small dimensions and a buffer data
                // format, so that the executed paths run.
                if !next(&mut st).is_multiple_of(4) {
                    let x = next(&mut st);
                    let dfmt = [4, 11, 10, 12, 5, 6, 9, 1, 2, 3, 7, 8, 13, 14][(x % 14) as usize];
                    let ty = [8, 9, 10, 11, 12, 13][(x >> 8) as usize % 6];
                    let mut td = tsharp(
                        x >> 16 & 0xff_ff00,
                        dfmt,
                        (x >> 24) as u32 % 8,
                        1 + (x >> 28) as u32 % 8,
                        1 + (x >> 32) as u32 % 8,
                        ty,
                        8,
                        (x >> 36) as u32 % 3,
                    );
                    td[3] = (td[3] & !0xfff) | (x >> 40) as u32 & 0xfff;
                    let at = 4 * srsrc as usize;
                    w.sgpr[at..at + 8].copy_from_slice(&td);
                }
                w.exec = next(&mut st);
                for reg in w.vgpr.iter_mut().take(32) {
                    for x in reg.iter_mut() {
                        *x = next(&mut st) as u32 % 16;
                    }
                }
                let before = w.clone();
                match execute(&mut w, &inst) {
                    Ok(()) => ran += 1,
                    Err(_) => assert_eq!(w, before, "{}", r.name),
                }
            }
            assert_eq!(ran > 0, executed, "{} on {t}: ran {ran}", r.name);
        }
    }
}

#[test]
fn a16_coordinates_and_lwe_through_the_executor() {
    // 2D 4x4 R32 UINT: A16 packs x = 3 in v0[15:0] and y = 0 in v0[31:16]: element at
    // 0x1_0000 + 3 * 4 = 0x1_000c, row 0: settled.
    let mut w = wave(tsharp(0x1_0000, 4, UINT, 4, 4, 9, 4, 0));
    w.vgpr[0][0] = 0x0000_0003;
    w.vgpr[1][0] = 0xcafe;
    run(&mut w, "image_store v1, v0, s[8:15] dmask:0x1 unorm a16").unwrap();
    assert_eq!(w.mem.read(0x1_000c, 4), 0xcafe);
    assert!(w.unsettled_mem.is_empty());
    // LWE changes nothing for a load without a sampler (rule gcn5.image.lwe): the same
    // wave with and without it.
    let mut a = w.clone();
    let mut b = w.clone();
    run(&mut a, "image_load v2, v0, s[8:15] dmask:0x1 a16").unwrap();
    run(&mut b, "image_load v2, v0, s[8:15] dmask:0x1 a16 lwe").unwrap();
    assert_eq!(a.vgpr[2][0], 0xcafe);
    assert_eq!(a, b);
}
