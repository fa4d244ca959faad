//! FLAT/GLOBAL/SCRATCH execution, expected values worked out by hand from the Vega manual
//! ("Flat Memory Instructions", "FLAT, Scratch and Global Instructions") and MI100's float
//! atomics (docs/design/0031).

use super::{ALIGN, D16, FLOAT_ATOMIC, LANE_ORDER, SBYTE_D16, SCRATCH};
use crate::exec::execute;
use crate::formats::flat::Flat;
use crate::formats::{parse, Fields, Instruction};
use crate::instructions::by_name;
use crate::target::Target;
use crate::wave::Wave;
use gpuref_core::open::Accept;

fn run_on(t: Target, text: &str, set: impl FnOnce(&mut Wave)) -> Wave {
    let inst = parse(t, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    exec(&inst, set)
}

fn run(text: &str, set: impl FnOnce(&mut Wave)) -> Wave {
    run_on(Target::Gfx900, text, set)
}

fn exec(inst: &Instruction, set: impl FnOnce(&mut Wave)) -> Wave {
    let mut w = Wave::default();
    set(&mut w);
    execute(&mut w, inst).unwrap();
    w
}

/// v[r:r+1] = `a` in `lane`.
fn addr(w: &mut Wave, r: usize, lane: usize, a: u64) {
    w.vgpr[r][lane] = a as u32;
    w.vgpr[r + 1][lane] = (a >> 32) as u32;
}

/// The (vdst, lane, accepted mask, rule) of every unsettled lane.
fn lanes(w: &Wave) -> Vec<(u8, u8, u64, &'static str)> {
    w.unsettled
        .iter()
        .map(|u| {
            let m = match u.why.accept {
                Accept::Mask(m) => m,
                _ => u64::MAX,
            };
            (u.vdst, u.lane, m, u.why.rule)
        })
        .collect()
}

#[test]
fn exec_masks_lanes_and_global_offsets_are_signed() {
    // Lanes 0 and 2 active; 0x1008 - 8 = 0x1000 and 0x2008 - 8 = 0x2000; lane 1 keeps 7.
    let w = run("global_load_dword v1, v[2:3], off offset:-8", |w| {
        w.exec = 0b101;
        addr(w, 2, 0, 0x1008);
        addr(w, 2, 1, 0x1008);
        addr(w, 2, 2, 0x2008);
        w.vgpr[1][1] = 7;
        w.mem.write(0x1000, 4, 0xaaaa);
        w.mem.write(0x2000, 4, 0xbbbb);
    });
    assert_eq!(&w.vgpr[1][..3], &[0xaaaa, 7, 0xbbbb]);
    assert_eq!(w.pc, 8);
    assert!(w.unsettled.is_empty());
    // The most negative offset, -4096, across a 4 GiB boundary.
    let w = run("global_load_dword v1, v[2:3], off offset:-4096", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1_0000_0000);
        w.mem.write(0xffff_f000, 4, 0x42);
    });
    assert_eq!(w.vgpr[1][0], 0x42);
}

#[test]
fn global_saddr_adds_a_zero_extended_32_bit_vgpr_offset() {
    // s[4:5] = 0x1_0000_0000, v2 = 0xfffffff0 (not sign-extended), offset 4:
    // 0x1_0000_0000 + 0xffff_fff0 + 4 = 0x1_ffff_fff4.
    let w = run("global_load_dword v1, v2, s[4:5] offset:4", |w| {
        w.exec = 1;
        w.sgpr[5] = 1;
        w.vgpr[2][0] = 0xffff_fff0;
        w.mem.write(0x1_ffff_fff4, 4, 0x5a5a);
    });
    assert_eq!(w.vgpr[1][0], 0x5a5a);
}

#[test]
fn flat_offset_is_12_bit_unsigned() {
    // offset:4095 is the largest FLAT offset: 0x1000 + 0xfff = 0x1fff (a byte load).
    let w = run("flat_load_ubyte v1, v[2:3] offset:4095", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write_u8(0x1fff, 0x9c);
    });
    assert_eq!(w.vgpr[1][0], 0x9c);
    // Bit 12 ("MSB is ignored") never makes the offset negative: 0x1fff acts as 0xfff.
    let inst = Instruction {
        row: by_name(Target::Gfx900, "FLAT_LOAD_UBYTE").unwrap(),
        fields: Fields::Flat(Flat {
            offset: 0x1fff,
            vdst: 1,
            addr: 2,
            ..Flat::default()
        }),
        literal: None,
    };
    let w = exec(&inst, |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write_u8(0x1fff, 0x9d);
    });
    assert_eq!(w.vgpr[1][0], 0x9d);
}

fn apertures(w: &mut Wave) {
    // Shared aperture: addresses 0x1_xxxx_xxxx; private: 0x2_xxxx_xxxx.
    w.apertures = [1, 1, 2, 2, 0];
}

#[test]
fn flat_in_the_shared_aperture_is_lds_limited_by_m0() {
    // 0x1_0000_0010 - 0x1_0000_0000 = LDS offset 0x10.
    let w = run("flat_load_dword v1, v[2:3]", |w| {
        apertures(w);
        w.exec = 0b11;
        w.m0 = u32::MAX;
        addr(w, 2, 0, 0x1_0000_0010);
        // Just below the aperture: global memory.
        addr(w, 2, 1, 0x0_ffff_fffc);
        w.lds[0x10..0x14].copy_from_slice(&[1, 2, 3, 4]);
        w.mem.write(0xffff_fffc, 4, 0x77);
    });
    assert_eq!(&w.vgpr[1][..2], &[0x0403_0201, 0x77]);
    assert_eq!(w.trapsts, 0);
    // M0 = 0x10 limits LDS to [0, 0xf]: offset 0x10 reads 0 and sets MEM_VIOL (bit 8);
    // offset 0xc is inside.
    let w = run("flat_load_dword v1, v[2:3]", |w| {
        apertures(w);
        w.exec = 0b11;
        w.m0 = 0x10;
        addr(w, 2, 0, 0x1_0000_0010);
        addr(w, 2, 1, 0x1_0000_000c);
        w.lds[0x0c..0x14].copy_from_slice(&[9, 9, 9, 9, 1, 2, 3, 4]);
    });
    assert_eq!(&w.vgpr[1][..2], &[0, 0x0909_0909]);
    assert_eq!(w.trapsts, 0x100);
    // A store into LDS at the top of the aperture's first 64 KiB.
    let w = run("flat_store_short v[2:3], v1", |w| {
        apertures(w);
        w.exec = 1;
        w.m0 = u32::MAX;
        addr(w, 2, 0, 0x1_0000_fffe);
        w.vgpr[1][0] = 0xabcd;
    });
    assert_eq!(&w.lds[0xfffe..], &[0xcd, 0xab]);
    assert!(w.mem.bytes().next().is_none());
}

#[test]
fn unconfigured_apertures_hold_nothing() {
    // apertures all 0: address 0x10 is global memory, not LDS (gcn5.flat.aperture).
    let w = run("flat_load_dword v1, v[2:3]", |w| {
        w.exec = 1;
        w.m0 = u32::MAX;
        addr(w, 2, 0, 0x10);
        w.lds[0x10] = 5;
        w.mem.write(0x10, 4, 6);
    });
    assert_eq!(w.vgpr[1][0], 6);
}

#[test]
fn flat_private_aperture_and_scratch_use_the_swizzle() {
    // Private offset 0x2_0000_0008 - 0x2_0000_0000 = 8 in lane 3, FLAT_SCRATCH = 0x10000:
    // (8 & ~3) * 64 + 3 * 4 + 0 = 0x20c -> memory 0x1020c. Unsettled (the swizzle).
    let w = run("flat_load_dword v1, v[2:3]", |w| {
        apertures(w);
        w.exec = 1 << 3;
        w.flat_scratch = 0x10000;
        addr(w, 2, 3, 0x2_0000_0008);
        w.mem.write(0x1020c, 4, 0x3333);
    });
    assert_eq!(w.vgpr[1][3], 0x3333);
    assert_eq!(lanes(&w), vec![(1, 3, 0, SCRATCH)]);
    // SCRATCH with a VGPR offset: lane 1, v2 = 0, offset:4 -> 4 * 64 + 1 * 4 = 0x104.
    let w = run("scratch_load_dword v1, v2, off offset:4", |w| {
        w.exec = 0b10;
        w.flat_scratch = 0x10000;
        w.mem.write(0x10104, 4, 0x1111);
    });
    assert_eq!(w.vgpr[1][1], 0x1111);
    // SCRATCH with an SGPR offset (s3 = 8), a negative offset -4: 4 -> lane 0 at 0x100.
    let w = run("scratch_load_dword v1, off, s3 offset:-4", |w| {
        w.exec = 1;
        w.sgpr[3] = 8;
        w.mem.write(0x100, 4, 0x2222);
    });
    assert_eq!(w.vgpr[1][0], 0x2222);
    // A DWORDX2 scratch store: dword 1 (offset 4) lands 256 bytes after dword 0.
    let w = run("scratch_store_dwordx2 v2, v[4:5], off", |w| {
        w.exec = 1 << 2;
        w.vgpr[4][2] = 0xa;
        w.vgpr[5][2] = 0xb;
    });
    assert_eq!((w.mem.read(8, 4), w.mem.read(0x108, 4)), (0xa, 0xb));
    let m: Vec<(u64, u32)> = w.unsettled_mem.iter().map(|m| (m.addr, m.bytes)).collect();
    assert_eq!(m, vec![(8, 4), (0x108, 4)]);
    assert!(w.unsettled_mem.iter().all(|m| m.rule == SCRATCH && !m.lds));
}

#[test]
fn global_into_the_shared_aperture_is_a_violation() {
    let w = run("global_load_dword v1, v[2:3], off", |w| {
        apertures(w);
        w.exec = 1;
        addr(w, 2, 0, 0x1_0000_0000);
        w.vgpr[1][0] = 9;
        w.mem.write(0x1_0000_0000, 4, 5);
    });
    assert_eq!((w.vgpr[1][0], w.trapsts), (0, 0x100));
}

#[test]
fn byte_and_short_loads_extend() {
    let go = |text: &str, m: u64| {
        run(text, |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.mem.write(0x1000, 2, m);
            w.vgpr[1][0] = 0x1234_5678;
        })
        .vgpr[1][0]
    };
    assert_eq!(go("global_load_ubyte v1, v[2:3], off", 0x80), 0x80);
    assert_eq!(go("global_load_sbyte v1, v[2:3], off", 0x80), 0xffff_ff80);
    assert_eq!(go("global_load_sbyte v1, v[2:3], off", 0x7f), 0x7f);
    assert_eq!(go("global_load_ushort v1, v[2:3], off", 0x8000), 0x8000);
    assert_eq!(
        go("global_load_sshort v1, v[2:3], off", 0x8000),
        0xffff_8000
    );
}

#[test]
fn d16_loads_write_one_half() {
    let go = |text: &str, m: u64| {
        run(text, |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.mem.write(0x1000, 2, m);
            w.vgpr[1][0] = 0x1111_2222;
        })
    };
    let w = go("global_load_short_d16_hi v1, v[2:3], off", 0xabcd);
    assert_eq!(w.vgpr[1][0], 0xabcd_2222);
    assert_eq!(lanes(&w), vec![(1, 0, 0xffff_0000, D16)]);
    let w = go("global_load_short_d16 v1, v[2:3], off", 0xabcd);
    assert_eq!(w.vgpr[1][0], 0x1111_abcd);
    let w = go("global_load_ubyte_d16 v1, v[2:3], off", 0x80);
    assert_eq!(w.vgpr[1][0], 0x1111_0080);
    // SBYTE_D16: 0x80 sign-extends to 0xff80; bits 15:8 contested ({8'h0, MEM}).
    let w = go("global_load_sbyte_d16 v1, v[2:3], off", 0x80);
    assert_eq!(w.vgpr[1][0], 0x1111_ff80);
    assert_eq!(lanes(&w), vec![(1, 0, 0xff, SBYTE_D16)]);
    let w = go("global_load_sbyte_d16_hi v1, v[2:3], off", 0x7f);
    assert_eq!(w.vgpr[1][0], 0x007f_2222);
    assert_eq!(lanes(&w), vec![(1, 0, 0xffff_0000, D16)]);
}

#[test]
fn stores_take_their_bits() {
    let go = |text: &str| {
        run(text, |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.vgpr[1][0] = 0x4433_2211;
        })
        .mem
        .read(0x1000, 4)
    };
    assert_eq!(go("global_store_byte v[2:3], v1, off"), 0x11);
    assert_eq!(go("global_store_byte_d16_hi v[2:3], v1, off"), 0x33);
    assert_eq!(go("global_store_short v[2:3], v1, off"), 0x2211);
    assert_eq!(go("global_store_short_d16_hi v[2:3], v1, off"), 0x4433);
    assert_eq!(go("global_store_dword v[2:3], v1, off"), 0x4433_2211);
    // DWORDX3: three dwords from v[4:6].
    let w = run("flat_store_dwordx3 v[2:3], v[4:6]", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x2000);
        w.vgpr[4][0] = 1;
        w.vgpr[5][0] = 2;
        w.vgpr[6][0] = 3;
    });
    let got: Vec<u64> = (0..4).map(|i| w.mem.read(0x2000 + 4 * i, 4)).collect();
    assert_eq!(got, vec![1, 2, 3, 0]);
}

#[test]
fn misaligned_dword_access_clears_two_lsbs_and_is_unsettled() {
    let w = run("global_load_dword v1, v[2:3], off", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1002);
        w.mem.write(0x1000, 4, 0x1234_5678);
    });
    assert_eq!(w.vgpr[1][0], 0x1234_5678);
    assert_eq!(lanes(&w), vec![(1, 0, 0, ALIGN)]);
}

#[test]
fn atomics_return_the_pre_op_value_only_with_glc() {
    let set = |w: &mut Wave| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write(0x1000, 4, 5);
        w.vgpr[4][0] = 3;
        w.vgpr[1][0] = 0xeeee;
    };
    let w = run("global_atomic_add v1, v[2:3], v4, off glc", set);
    assert_eq!((w.mem.read(0x1000, 4), w.vgpr[1][0]), (8, 5));
    let w = run("flat_atomic_add v[2:3], v4", set);
    assert_eq!((w.mem.read(0x1000, 4), w.vgpr[1][0]), (8, 0xeeee));
}

#[test]
fn cmpswap_takes_src_then_cmp() {
    // v4 = src 0x77, v5 = cmp 5 = memory: memory becomes 0x77, v1 = 5.
    let w = run("global_atomic_cmpswap v1, v[2:3], v[4:5], off glc", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write(0x1000, 4, 5);
        w.vgpr[4][0] = 0x77;
        w.vgpr[5][0] = 5;
    });
    assert_eq!((w.mem.read(0x1000, 4), w.vgpr[1][0]), (0x77, 5));
    // X2: src v[4:5], cmp v[6:7]; memory 0x1_0000_0002 equals cmp.
    let w = run("flat_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7] glc", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write(0x1000, 8, 0x1_0000_0002);
        w.vgpr[4][0] = 0xa;
        w.vgpr[5][0] = 0xb;
        w.vgpr[6][0] = 2;
        w.vgpr[7][0] = 1;
    });
    assert_eq!(w.mem.read(0x1000, 8), 0xb_0000_000a);
    assert_eq!((w.vgpr[0][0], w.vgpr[1][0]), (2, 1));
    // UMIN_X2 assigns: min(10, 3) = 3.
    let w = run("global_atomic_umin_x2 v[2:3], v[4:5], off", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x1000);
        w.mem.write(0x1000, 8, 10);
        w.vgpr[4][0] = 3;
    });
    assert_eq!(w.mem.read(0x1000, 8), 3);
}

#[test]
fn lanes_racing_for_one_address_are_unsettled() {
    // Lanes 0 and 1 store to 0x1000: lane 1 runs last and wins; the bytes are unsettled.
    let w = run("global_store_dword v[2:3], v1, off", |w| {
        w.exec = 0b11;
        addr(w, 2, 0, 0x1000);
        addr(w, 2, 1, 0x1000);
        w.vgpr[1][0] = 0xa;
        w.vgpr[1][1] = 0xb;
    });
    assert_eq!(w.mem.read(0x1000, 4), 0xb);
    assert!(w.unsettled_mem.iter().all(|m| m.rule == LANE_ORDER));
    assert_eq!(w.unsettled_mem.len(), 2);
    // Two lanes adding 1 to one counter: 0 + 1 + 1 = 2; returns 0 and 1, both unsettled.
    let w = run("global_atomic_add v1, v[2:3], v4, off glc", |w| {
        w.exec = 0b11;
        addr(w, 2, 0, 0x1000);
        addr(w, 2, 1, 0x1000);
        w.vgpr[4] = [1; 64];
    });
    assert_eq!(w.mem.read(0x1000, 4), 2);
    assert_eq!(&w.vgpr[1][..2], &[0, 1]);
    assert_eq!(lanes(&w).len(), 2);
}

#[test]
fn mi100_float_atomics_add_and_return_nothing() {
    // 1.0 + 2.0 = 3.0 (0x3f800000 + 0x40000000 = 0x40400000).
    let w = run_on(
        Target::Gfx908,
        "global_atomic_add_f32 v[2:3], v4, off",
        |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.mem.write(0x1000, 4, 0x3f80_0000);
            w.vgpr[4][0] = 0x4000_0000;
        },
    );
    assert_eq!(w.mem.read(0x1000, 4), 0x4040_0000);
    assert!(w.unsettled_mem.is_empty());
    // Packed: (1.0, 2.0) + (1.0, -2.0) = (2.0, 0.0): 0x4000 low, 0x0000 high.
    let w = run_on(
        Target::Gfx908,
        "global_atomic_pk_add_f16 v[2:3], v4, off",
        |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.mem.write(0x1000, 4, 0x4000_3c00);
            w.vgpr[4][0] = 0xc000_3c00;
        },
    );
    assert_eq!(w.mem.read(0x1000, 4), 0x0000_4000);
    // A subnormal operand leaves the result to an unstated rule.
    let w = run_on(
        Target::Gfx908,
        "global_atomic_add_f32 v[2:3], v4, off",
        |w| {
            w.exec = 1;
            addr(w, 2, 0, 0x1000);
            w.mem.write(0x1000, 4, 1);
        },
    );
    assert_eq!(w.mem.read(0x1000, 4), 1);
    assert_eq!(w.unsettled_mem[0].rule, FLOAT_ATOMIC);
}

#[test]
fn loads_of_three_and_four_dwords() {
    let w = run("global_load_dwordx4 v[4:7], v[2:3], off offset:16", |w| {
        w.exec = 1 << 63;
        addr(w, 2, 63, 0x3000);
        for i in 0..4u64 {
            w.mem.write(0x3010 + 4 * i, 4, 0x40 + i);
        }
    });
    let got: Vec<u32> = (4..8).map(|v| w.vgpr[v][63]).collect();
    assert_eq!(got, vec![0x40, 0x41, 0x42, 0x43]);
    let w = run("flat_load_dwordx3 v[4:6], v[2:3]", |w| {
        w.exec = 1;
        addr(w, 2, 0, 0x3000);
        w.mem.write(0x3000, 8, 0x2_0000_0001);
        w.mem.write(0x3008, 8, 0x4_0000_0003);
    });
    assert_eq!(
        (w.vgpr[4][0], w.vgpr[5][0], w.vgpr[6][0], w.vgpr[7][0]),
        (1, 2, 3, 0)
    );
}

#[test]
fn every_unsettled_rule_id_is_a_rule() {
    use super::{APERTURE, RULES};
    let ids: Vec<&str> = RULES
        .iter()
        .chain(crate::mem::smem::RULES)
        .map(|r| r.id)
        .collect();
    let used = [
        APERTURE,
        SCRATCH,
        ALIGN,
        D16,
        SBYTE_D16,
        FLOAT_ATOMIC,
        LANE_ORDER,
        crate::mem::smem::LSBS,
        crate::mem::smem::NEGATIVE,
        crate::mem::smem::ATOMIC_ALIGN,
        crate::mem::smem::MEMTIME,
        crate::mem::smem::DISCARD,
        "gcn5.smem.buffer_range",
    ];
    for id in used {
        assert_eq!(ids.iter().filter(|i| **i == id).count(), 1, "{id}");
    }
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "rule ids are unique");
}

#[test]
fn lds_atomics_and_out_of_range_stores_through_flat() {
    // FLAT_ATOMIC_INC in LDS at offset 8 (M0 = 0x100): 4 >= 4 so it wraps to 0; returns 4.
    let w = run("flat_atomic_inc v1, v[2:3], v4 glc", |w| {
        apertures(w);
        w.exec = 1;
        w.m0 = 0x100;
        addr(w, 2, 0, 0x1_0000_0008);
        w.lds[8] = 4;
        w.vgpr[4][0] = 4;
    });
    assert_eq!((w.lds[8], w.vgpr[1][0], w.trapsts), (0, 4, 0));
    // A dword store at 0xfe under the M0 limit 0x100: misaligned, so the two LSBs are
    // cleared first and the dword lands at 0xfc..0xff, inside; no MEM_VIOL.
    let w = run("flat_store_dword v[2:3], v1", |w| {
        apertures(w);
        w.exec = 1;
        w.m0 = 0x100;
        addr(w, 2, 0, 0x1_0000_00fe);
        w.vgpr[1][0] = 0x4433_2211;
    });
    assert_eq!(&w.lds[0xfc..0x102], &[0x11, 0x22, 0x33, 0x44, 0, 0]);
    assert_eq!(w.trapsts, 0);
    assert!(w.unsettled_mem.iter().all(|m| m.lds && m.rule == ALIGN));
    // A short at 0x100 under the limit 0x101 straddles it: byte 0x100 is written, 0x101
    // is not (checked per byte), and MEM_VIOL is set.
    let w = run("flat_store_short v[2:3], v1", |w| {
        apertures(w);
        w.exec = 1;
        w.m0 = 0x101;
        addr(w, 2, 0, 0x1_0000_0100);
        w.vgpr[1][0] = 0x2211;
    });
    assert_eq!((w.lds[0x100], w.lds[0x101], w.trapsts), (0x11, 0, 0x100));
}

#[test]
fn no_active_lane_changes_nothing_but_the_pc() {
    let w = run("global_store_dword v[2:3], v1, off", |w| {
        addr(w, 2, 0, 0x1000);
        w.vgpr[1][0] = 5;
    });
    assert!(w.mem.bytes().next().is_none());
    assert_eq!((w.pc, w.trapsts), (8, 0));
}
