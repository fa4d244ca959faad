//! SMEM execution, expected values worked out by hand from the Vega manual ("Scalar Memory
//! Operations", "SMEM Instructions"; docs/design/0031).

use super::{ATOMIC_ALIGN, DISCARD, LSBS, MEMTIME, NEGATIVE};
use crate::exec::execute;
use crate::formats::smem::{Smem, SmemOffset};
use crate::formats::{parse, Fields, Instruction};
use crate::instructions::by_name;
use crate::operand::ScalarReg;
use crate::target::Target;
use crate::wave::Wave;

fn run(text: &str, set: impl FnOnce(&mut Wave)) -> Wave {
    let inst = parse(Target::Gfx900, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    exec(&inst, set)
}

fn exec(inst: &Instruction, set: impl FnOnce(&mut Wave)) -> Wave {
    let mut w = Wave::default();
    set(&mut w);
    execute(&mut w, inst).unwrap();
    w
}

/// An SMEM instruction built from fields (the IMM=1 SOE=1 form has no LLVM syntax).
fn inst(name: &str, sdata: u8, sbase: u8, offset: SmemOffset, glc: bool) -> Instruction {
    Instruction {
        row: by_name(Target::Gfx900, name).unwrap(),
        fields: Fields::Smem(Smem {
            sdata,
            sbase,
            offset,
            glc,
            nv: false,
        }),
        literal: None,
    }
}

fn unsettled(w: &Wave) -> Vec<(u8, &'static str)> {
    w.unsettled_sgpr
        .iter()
        .map(|u| (u.code, u.why.rule))
        .collect()
}

fn base(w: &mut Wave, a: u64) {
    w.sgpr[2] = a as u32;
    w.sgpr[3] = (a >> 32) as u32;
}

#[test]
fn load_with_immediate_offsets_of_both_signs() {
    // 0x1000 + 0x10 = 0x1010; the PC moves past the two dwords.
    let w = run("s_load_dword s5, s[2:3], 0x10", |w| {
        base(w, 0x1000);
        w.mem.write(0x1010, 4, 0xdead_beef);
    });
    assert_eq!(w.sgpr[5], 0xdead_beef);
    assert_eq!(w.pc, 8);
    assert!(w.unsettled_sgpr.is_empty());
    // A 21-bit signed immediate: 0x1020 - 0x10 = 0x1010 (no register term: defined).
    let w = run("s_load_dword s5, s[2:3], -0x10", |w| {
        base(w, 0x1020);
        w.mem.write(0x1010, 4, 0x1234_5678);
    });
    assert_eq!(w.sgpr[5], 0x1234_5678);
    assert!(w.unsettled_sgpr.is_empty());
    // The most negative immediate, -0x100000, from a 64-bit base above 4 GiB.
    let w = run("s_load_dword s5, s[2:3], -0x100000", |w| {
        base(w, 0x1_0000_0000);
        w.mem.write(0xfff0_0000, 4, 7);
    });
    assert_eq!(w.sgpr[5], 7);
}

#[test]
fn wide_loads_fill_aligned_sgpr_ranges() {
    // X8 into s[8:15]: dword i from 0x2000 + 4i; s16 untouched.
    let w = run("s_load_dwordx8 s[8:15], s[2:3], 0x0", |w| {
        base(w, 0x2000);
        for i in 0..9u64 {
            w.mem.write(0x2000 + 4 * i, 4, 0x100 + i);
        }
        w.sgpr[16] = 0xaaaa;
    });
    assert_eq!(
        &w.sgpr[8..16],
        &[0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x106, 0x107]
    );
    assert_eq!(w.sgpr[16], 0xaaaa);
    // X16 into s[16:31] with offset 0x40: dword i from 0x2040 + 4i.
    let w = run("s_load_dwordx16 s[16:31], s[2:3], 0x40", |w| {
        base(w, 0x2000);
        for i in 0..16u64 {
            w.mem.write(0x2040 + 4 * i, 4, 0xf0 + i);
        }
    });
    let want: Vec<u32> = (0..16).map(|i| 0xf0 + i).collect();
    assert_eq!(&w.sgpr[16..32], &want[..]);
    // X2 into VCC (SDATA may be VCC).
    let w = run("s_load_dwordx2 vcc, s[2:3], 0x8", |w| {
        base(w, 0x3000);
        w.mem.write(0x3008, 8, 0x1111_2222_3333_4444);
    });
    assert_eq!(w.vcc, 0x1111_2222_3333_4444);
}

#[test]
fn register_offsets_and_the_two_lsbs() {
    // SGPR offset 0x13: its two LSBs are ignored, 0x1000 + 0x10.
    let w = run("s_load_dword s5, s[2:3], s7", |w| {
        base(w, 0x1000);
        w.sgpr[7] = 0x13;
        w.mem.write(0x1010, 4, 0x55);
    });
    assert_eq!(w.sgpr[5], 0x55);
    assert!(w.unsettled_sgpr.is_empty());
    // M0 as the offset; the base's LSBs are ignored too: (0x1003 & ~3) + 8 = 0x1008.
    let w = run("s_load_dword s5, s[2:3], m0", |w| {
        base(w, 0x1003);
        w.m0 = 8;
        w.mem.write(0x1008, 4, 0x66);
    });
    assert_eq!(w.sgpr[5], 0x66);
    // IMM=1 SOE=1: 0x1000 + 2 + M0 (2). Each component's LSBs cleared: 0x1000; the sum's:
    // 0x1004. gpuref reads 0x1000 and marks s5 unsettled.
    let i = inst(
        "S_LOAD_DWORD",
        5,
        1,
        SmemOffset::RegImm(ScalarReg::M0, 2),
        false,
    );
    let w = exec(&i, |w| {
        base(w, 0x1000);
        w.m0 = 2;
        w.mem.write(0x1000, 4, 0x77);
        w.mem.write(0x1004, 4, 0x88);
    });
    assert_eq!(w.sgpr[5], 0x77);
    assert_eq!(unsettled(&w), vec![(5, LSBS)]);
    // IMM=1 SOE=1 with a negative sum: -8 + 4 < 0 is "illegal and undefined".
    let i = inst(
        "S_LOAD_DWORD",
        5,
        1,
        SmemOffset::RegImm(ScalarReg::M0, -8),
        false,
    );
    let w = exec(&i, |w| {
        base(w, 0x1010);
        w.m0 = 4;
        w.mem.write(0x100c, 4, 0x99);
    });
    assert_eq!((w.sgpr[5], unsettled(&w)), (0x99, vec![(5, NEGATIVE)]));
    // -8 + 12 = 4 >= 0: defined, 0x1010 - 8 + 12 = 0x1014.
    let i = inst(
        "S_LOAD_DWORD",
        5,
        1,
        SmemOffset::RegImm(ScalarReg::M0, -8),
        false,
    );
    let w = exec(&i, |w| {
        base(w, 0x1010);
        w.m0 = 12;
        w.mem.write(0x1014, 4, 0xab);
    });
    assert_eq!((w.sgpr[5], unsettled(&w)), (0xab, vec![]));
}

#[test]
fn scratch_forms_scale_the_register_offset_by_64() {
    // 0x4000 + s7 * 64 = 0x4000 + 3 * 64 = 0x40c0.
    let w = run("s_scratch_load_dword s5, s[2:3], s7", |w| {
        base(w, 0x4000);
        w.sgpr[7] = 3;
        w.mem.write(0x40c0, 4, 0xc0c0);
    });
    assert_eq!(w.sgpr[5], 0xc0c0);
    // The immediate stays in bytes: 0x4000 + 0x10.
    let w = run("s_scratch_store_dword s5, s[2:3], 0x10", |w| {
        base(w, 0x4000);
        w.sgpr[5] = 0x5151;
    });
    assert_eq!(w.mem.read(0x4010, 4), 0x5151);
}

#[test]
fn stores_write_consecutive_dwords() {
    let w = run("s_store_dwordx4 s[8:11], s[2:3], m0", |w| {
        base(w, 0x5000);
        w.m0 = 0x20;
        w.sgpr[8..12].copy_from_slice(&[1, 2, 3, 4]);
    });
    let got: Vec<u64> = (0..4).map(|i| w.mem.read(0x5020 + 4 * i, 4)).collect();
    assert_eq!(got, vec![1, 2, 3, 4]);
    assert_eq!(w.mem.read(0x5030, 4), 0);
}

fn descriptor(w: &mut Wave, words: [u32; 4]) {
    w.sgpr[4..8].copy_from_slice(&words);
}

#[test]
fn buffer_loads_check_num_records_per_dword() {
    // V# base = {dword1[15:0], dword0} = 0x1_0000_3000, stride 0, num_records 8: offsets 0
    // and 4 are inside, 8 and 12 outside (read 0). The pseudo-code's reading (size 1)
    // would drop offset 4 too: dword 1 is unsettled.
    let w = run("s_buffer_load_dwordx4 s[8:11], s[4:7], 0x0", |w| {
        descriptor(w, [0x3000, 0x1, 8, 0]);
        for i in 0..4u64 {
            w.mem.write(0x1_0000_3000 + 4 * i, 4, 0x10 + i);
        }
        w.sgpr[8..12].copy_from_slice(&[9, 9, 9, 9]);
    });
    assert_eq!(&w.sgpr[8..12], &[0x10, 0x11, 0, 0]);
    assert_eq!(unsettled(&w), vec![(9, "gcn5.smem.buffer_range")]);
    // Stride 16 (dword1[29:16]) and 2 records: 32 bytes; offset 0x1c is the last dword in.
    // The two swizzle bits above the stride (dword1[31:30]) are not part of it.
    let w = run("s_buffer_load_dwordx2 s[8:9], s[4:7], 0x1c", |w| {
        descriptor(w, [0x3000, 0xc010_0000, 2, 0]);
        w.mem.write(0x301c, 8, 0x2222_2222_1111_1111);
    });
    assert_eq!(&w.sgpr[8..10], &[0x1111_1111, 0]);
}

#[test]
fn buffer_stores_and_atomics_out_of_range_do_nothing() {
    // num_records 4 (stride 0): offset 4 is out; the store is dropped.
    let w = run("s_buffer_store_dword s8, s[4:7], 0x4", |w| {
        descriptor(w, [0x3000, 0, 4, 0]);
        w.sgpr[8] = 0xffff;
    });
    assert_eq!(w.mem.read(0x3004, 4), 0);
    // An out-of-range atomic changes nothing and returns 0.
    let w = run("s_buffer_atomic_add s8, s[4:7], 0x4 glc", |w| {
        descriptor(w, [0x3000, 0, 4, 0]);
        w.mem.write(0x3004, 4, 5);
        w.sgpr[8] = 1;
    });
    assert_eq!((w.mem.read(0x3004, 4), w.sgpr[8]), (5, 0));
    // In range: 5 + 1 = 6, returns 5.
    let w = run("s_buffer_atomic_add s8, s[4:7], 0x4 glc", |w| {
        descriptor(w, [0x3000, 0, 8, 0]);
        w.mem.write(0x3004, 4, 5);
        w.sgpr[8] = 1;
    });
    assert_eq!((w.mem.read(0x3004, 4), w.sgpr[8]), (6, 5));
}

#[test]
fn atomics_return_the_pre_op_value_only_with_glc() {
    let setup = |w: &mut Wave| {
        base(w, 0x6000);
        w.mem.write(0x6000, 4, 5);
        w.sgpr[5] = 3;
    };
    let w = run("s_atomic_add s5, s[2:3], 0x0 glc", setup);
    assert_eq!((w.mem.read(0x6000, 4), w.sgpr[5]), (8, 5));
    let w = run("s_atomic_add s5, s[2:3], 0x0", setup);
    assert_eq!((w.mem.read(0x6000, 4), w.sgpr[5]), (8, 3));
    // SUB wraps: 5 - 6 = 0xffffffff.
    let w = run("s_atomic_sub s5, s[2:3], 0x0", |w| {
        setup(w);
        w.sgpr[5] = 6;
    });
    assert_eq!(w.mem.read(0x6000, 4), 0xffff_ffff);
}

#[test]
fn cmpswap_takes_the_source_first_and_the_compare_second() {
    // s4 = src 0x77, s5 = cmp 0x10; memory 0x10 equals cmp: memory becomes 0x77, s4 = 0x10.
    let set = |m: u64| {
        move |w: &mut Wave| {
            base(w, 0x6000);
            w.mem.write(0x6000, 4, m);
            w.sgpr[4] = 0x77;
            w.sgpr[5] = 0x10;
        }
    };
    let w = run("s_atomic_cmpswap s[4:5], s[2:3], 0x0 glc", set(0x10));
    assert_eq!(
        (w.mem.read(0x6000, 4), w.sgpr[4], w.sgpr[5]),
        (0x77, 0x10, 0x10)
    );
    // Memory 0x11 differs from cmp: unchanged, returns 0x11.
    let w = run("s_atomic_cmpswap s[4:5], s[2:3], 0x0 glc", set(0x11));
    assert_eq!((w.mem.read(0x6000, 4), w.sgpr[4]), (0x11, 0x11));
    // X2: src s[4:5], cmp s[6:7].
    let w = run("s_atomic_cmpswap_x2 s[4:7], s[2:3], 0x0 glc", |w| {
        base(w, 0x6000);
        w.mem.write(0x6000, 8, 0x1_0000_0002);
        w.sgpr[4..8].copy_from_slice(&[0xa, 0xb, 2, 1]);
    });
    assert_eq!(w.mem.read(0x6000, 8), 0xb_0000_000a);
    assert_eq!(&w.sgpr[4..6], &[2, 1]);
}

#[test]
fn sixty_four_bit_min_max_assign_rather_than_subtract() {
    // UMIN_X2: min(10, 3) = 3 (the printed `-=` would give 10 - 3 = 7).
    let w = run("s_atomic_umin_x2 s[4:5], s[2:3], 0x0", |w| {
        base(w, 0x6000);
        w.mem.write(0x6000, 8, 10);
        w.sgpr[4] = 3;
    });
    assert_eq!(w.mem.read(0x6000, 8), 3);
    // SMAX_X2: max(-1, 2) = 2 signed; UMAX_X2 keeps 0xffff...ffff.
    let set = |w: &mut Wave| {
        base(w, 0x6000);
        w.mem.write(0x6000, 8, u64::MAX);
        w.sgpr[4] = 2;
    };
    assert_eq!(
        run("s_atomic_smax_x2 s[4:5], s[2:3], 0x0", set)
            .mem
            .read(0x6000, 8),
        2
    );
    assert_eq!(
        run("s_atomic_umax_x2 s[4:5], s[2:3], 0x0", set)
            .mem
            .read(0x6000, 8),
        u64::MAX
    );
    // SMIN (32-bit): min(-1, 2) signed = -1, memory unchanged.
    let w = run("s_atomic_smin s4, s[2:3], 0x0", |w| {
        base(w, 0x6000);
        w.mem.write(0x6000, 4, 0xffff_ffff);
        w.sgpr[4] = 2;
    });
    assert_eq!(w.mem.read(0x6000, 4), 0xffff_ffff);
}

#[test]
fn inc_and_dec_wrap_at_data() {
    let go = |text: &str, m: u64, d: u32| {
        run(text, |w| {
            base(w, 0x6000);
            w.mem.write(0x6000, 4, m);
            w.sgpr[4] = d;
        })
        .mem
        .read(0x6000, 4)
    };
    // INC: tmp >= DATA ? 0 : tmp + 1.
    assert_eq!(go("s_atomic_inc s4, s[2:3], 0x0", 5, 5), 0);
    assert_eq!(go("s_atomic_inc s4, s[2:3], 0x0", 4, 5), 5);
    // DEC: (tmp == 0 || tmp > DATA) ? DATA : tmp - 1.
    assert_eq!(go("s_atomic_dec s4, s[2:3], 0x0", 0, 9), 9);
    assert_eq!(go("s_atomic_dec s4, s[2:3], 0x0", 10, 9), 9);
    assert_eq!(go("s_atomic_dec s4, s[2:3], 0x0", 9, 9), 8);
}

#[test]
fn x2_atomic_off_an_eight_byte_boundary_is_unsettled() {
    // 0x6004 is dword- but not qword-aligned.
    let w = run("s_atomic_swap_x2 s[4:5], s[2:3], 0x4 glc", |w| {
        base(w, 0x6000);
        w.mem.write(0x6004, 8, 0x1234);
        w.sgpr[4] = 0x99;
    });
    assert_eq!(w.mem.read(0x6004, 8), 0x99);
    assert_eq!(unsettled(&w), vec![(4, ATOMIC_ALIGN), (5, ATOMIC_ALIGN)]);
    assert_eq!(w.unsettled_mem.len(), 1);
}

#[test]
fn memtime_is_an_unsettled_64_bit_value() {
    let w = run("s_memtime s[4:5]", |w| w.memtime = 0x1_0000_0002);
    assert_eq!(&w.sgpr[4..6], &[2, 1]);
    assert_eq!(unsettled(&w), vec![(4, MEMTIME), (5, MEMTIME)]);
    let w = run("s_memrealtime s[6:7]", |w| w.memrealtime = 5);
    assert_eq!(unsettled(&w), vec![(6, MEMTIME), (7, MEMTIME)]);
}

#[test]
fn cache_controls_change_nothing_but_discard_unsettles_its_lines() {
    for text in [
        "s_dcache_inv",
        "s_dcache_wb",
        "s_dcache_inv_vol",
        "s_dcache_wb_vol",
    ] {
        let w = run(text, |_| {});
        // Two dwords, like every SMEM instruction; nothing else changes.
        let want = Wave {
            pc: 8,
            ..Wave::default()
        };
        assert!(w == want, "{text}");
    }
    let w = run("s_atc_probe 7, s[2:3], 0x0", |w| base(w, 0x1000));
    assert!(w.unsettled_mem.is_empty() && w.mem.bytes().next().is_none());
    // 0x1000 + 0x7c: six LSBs ignored -> 0x1040; X2 covers two 64-byte lines.
    let w = run("s_dcache_discard_x2 s[2:3], 0x7c", |w| base(w, 0x1000));
    let m = w.unsettled_mem[0];
    assert_eq!((m.addr, m.bytes, m.rule), (0x1040, 128, DISCARD));
}
