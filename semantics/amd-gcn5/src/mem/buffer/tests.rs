//! Buffer tests. Expected values are worked by hand from the Vega manual's formulas
//! ("Buffer Resource", "Swizzled Buffer Addressing", "Range Checking", "MUBUF
//! Instructions") and IEEE 754; the reasoning is in the comments.

use crate::mem::atomic::Op as Atomic;

/// The shared atomic rule at a width in bits.
fn apply(op: Atomic, bits: u32, tmp: u64, data: u64, cmp: u64) -> u64 {
    crate::mem::atomic::apply(op, bits == 64, tmp, data, cmp)
}
use super::desc::{address, check_kind, AddrIn, Check, Descriptor};
use super::format::{self, load16, load32, store16, store32};
use crate::error::ExecError;
use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;
use gpuref_core::open::Accept;

/// DFMT 4 (32), NFMT 4 (UINT), DST_SEL identity (x=4, y=5, z=6, w=7: 4 | 5<<3 | 6<<6 |
/// 7<<9 = 0xfac); (4 << 15) | (4 << 12) = 0x24000.
const RAW_W3: u32 = 0x24fac;

fn vsharp(base: u64, stride: u32, num_records: u32, w3: u32) -> [u32; 4] {
    [
        base as u32,
        ((base >> 32) as u32 & 0xffff) | (stride & 0x3fff) << 16,
        num_records,
        w3,
    ]
}

fn wave(desc: [u32; 4]) -> Wave {
    let mut w = Wave::default();
    w.sgpr[4..8].copy_from_slice(&desc);
    w.exec = 1;
    w
}

fn run(w: &mut Wave, text: &str) -> Result<(), ExecError> {
    let inst = parse(Target::Gfx908, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    execute(w, &inst)
}

#[test]
fn descriptor_fields_per_the_table() {
    // w1: base[47:32] = 0x0abc, stride 3 at bits 61:48 (w1 bits 29:16), cache swizzle
    // (bit 62 = w1 bit 30), swizzle enable (bit 63 = w1 bit 31): 0xc003_0abc.
    // w3: dst_sel 4,5,6,7 = 0xfac; NFMT 7 << 12; DFMT 14 << 15; bit 19 (bit 115); index
    // stride 3 << 21; add tid 1 << 23: 0x00ef_7fac.
    let d = Descriptor::decode([0x1234_5678, 0xc003_0abc, 100, 0x00ef_7fac]);
    assert_eq!(d.base, 0x0abc_1234_5678);
    assert_eq!(d.stride14, 3);
    assert!(d.cache_swizzle && d.swizzle_enable);
    assert_eq!(d.num_records, 100);
    assert_eq!(d.dst_sel, [4, 5, 6, 7]);
    assert_eq!((d.num_format, d.data_format), (7, 14));
    assert!(d.user_vm_enable && !d.user_vm_mode);
    assert_eq!((d.element_size(), d.index_stride()), (4, 64));
    assert!(d.add_tid_enable && !d.nv);
    assert_eq!(d.type_bits, 0);
    // 18-bit stride for MUBUF non-format rows with ADD_TID: {DFMT, stride} = 14 << 14 | 3.
    assert_eq!(d.stride(true), 0x3_8003);
    assert_eq!(d.stride(false), 3);
}

#[test]
fn linear_address_for_each_offen_idxen_combination() {
    // base 0x1000, stride 16, sgpr_offset 0x100, inst_offset 4; vgpr index 3, offset 0x20.
    let d = Descriptor::decode(vsharp(0x1000, 16, 1000, RAW_W3));
    let a = |idx: Option<u32>, off: Option<u32>| AddrIn {
        vgpr_index: idx,
        vgpr_offset: off,
        inst_offset: 4,
        sgpr_offset: 0x100,
        lane: 5,
        mubuf_non_format: true,
    };
    assert_eq!(address(&d, &a(None, None), 0), 0x1104); // 0x1000 + 0x100 + 4
    assert_eq!(address(&d, &a(None, Some(0x20)), 0), 0x1124); // + 0x20
    assert_eq!(address(&d, &a(Some(3), None), 0), 0x1134); // + 3 * 16
    assert_eq!(address(&d, &a(Some(3), Some(0x20)), 0), 0x1154);
    // ADD_TID (w3 bit 23) with DFMT 0: index 3 + lane 5 = 8: 0x1104 + 8 * 16 = 0x1184.
    let t = Descriptor::decode(vsharp(0x1000, 16, 1000, 0x4fac | 1 << 23));
    assert_eq!(address(&t, &a(Some(3), None), 0), 0x1184);
    // With DFMT 4 the non-format stride is {4, 16} = 0x10010: 0x1104 + 8 * 0x10010.
    let t = Descriptor::decode(vsharp(0x1000, 16, 1000, RAW_W3 | 1 << 23));
    assert_eq!(address(&t, &a(Some(3), None), 0), 0x1104 + 0x8_0080);
}

#[test]
fn swizzled_address_follows_the_formula() {
    // stride 16, element size 4 (code 1 at bit 19), index stride 16 (code 1 at bit 21).
    // index 37: msb 2, lsb 5; offset 10: msb 2, lsb 2.
    // (2 * 16 + 2 * 4) * 16 + 5 * 4 + 2 = 640 + 22 = 662; + base 0x100 + sgpr 8.
    let mut w = vsharp(0x100, 16, 1000, RAW_W3 | 1 << 19 | 1 << 21);
    w[1] |= 1 << 31;
    let d = Descriptor::decode(w);
    let a = AddrIn {
        vgpr_index: Some(37),
        vgpr_offset: None,
        inst_offset: 10,
        sgpr_offset: 8,
        lane: 0,
        mubuf_non_format: true,
    };
    assert_eq!(address(&d, &a, 0), 0x100 + 8 + 662);
    // Offset 14 (msb 3, lsb 2) crosses into the next element: (32 + 12) * 16 + 20 + 2 = 726.
    assert_eq!(address(&d, &a, 4), 0x100 + 8 + 726);
    assert_eq!(check_kind(&d, true, true), Check::Structured);
    assert_eq!(check_kind(&d, false, true), Check::Uncovered);
}

#[test]
fn raw_range_check_is_per_dword_for_x4_and_ignores_soffset() {
    // num_records 16, inst_offset 8: dwords at offsets 8, 12 are in (< 16); 16, 20 out.
    let mut w = wave(vsharp(0x2000, 0, 16, RAW_W3));
    w.sgpr[1] = 0x1000; // soffset: not part of the check
    for i in 0..8 {
        w.mem.write(0x3000 + 4 * i, 4, 0x1111_1111 * (i + 1));
    }
    w.vgpr[1][0] = 0xdead;
    run(
        &mut w,
        "buffer_load_dwordx4 v[1:4], off, s[4:7], s1 offset:8",
    )
    .unwrap();
    // Address 0x2000 + 0x1000 + 8 = 0x3008: dwords 3 and 4 of the fill.
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0x3333_3333, 0x4444_4444, 0, 0]
    );
    run(
        &mut w,
        "buffer_store_dwordx4 v[5:8], off, s[4:7], s1 offset:8",
    )
    .unwrap();
    // v5..v8 are 0: only the two in-range dwords are written.
    assert_eq!(w.mem.read(0x3008, 8), 0);
    assert_eq!(w.mem.read(0x3010, 4), 0x5555_5555);
    // Offset 15 is the last byte in range; 16 is out.
    run(&mut w, "buffer_load_ubyte v9, off, s[4:7], 0 offset:15").unwrap();
    w.mem.write(0x2010, 1, 0x77);
    run(&mut w, "buffer_load_ubyte v10, off, s[4:7], 0 offset:16").unwrap();
    assert_eq!(w.vgpr[10][0], 0);
}

#[test]
fn raw_range_check_adds_the_vgpr_offset() {
    let mut w = wave(vsharp(0x2000, 0, 0x20, RAW_W3));
    w.mem.write(0x2018, 4, 0xaabb_ccdd);
    w.vgpr[0][0] = 0x18; // 0x18 + 0 < 0x20: in
    run(&mut w, "buffer_load_dword v1, v0, s[4:7], 0 offen").unwrap();
    assert_eq!(w.vgpr[1][0], 0xaabb_ccdd);
    // 0x18 + inst_offset 8 = 0x20 >= 0x20: out; the store is dropped.
    w.vgpr[2][0] = 0x1234;
    run(
        &mut w,
        "buffer_store_dword v2, v0, s[4:7], 0 offen offset:8",
    )
    .unwrap();
    assert_eq!(w.mem.read(0x2020, 4), 0);
}

#[test]
fn structured_range_check_uses_the_index_only() {
    // stride 8, num_records 2: index 1 in (whatever the offset), index 2 out.
    let mut w = wave(vsharp(0x4000, 8, 2, RAW_W3));
    w.exec = 0b11;
    w.vgpr[0][0] = 1;
    w.vgpr[0][1] = 2;
    w.vgpr[1] = [0xffff_ffff; 64];
    run(
        &mut w,
        "buffer_store_dword v1, v0, s[4:7], 0 idxen offset:100",
    )
    .unwrap();
    // lane 0: 0x4000 + 1 * 8 + 100 = 0x406c; lane 1 (index 2) dropped: 0x4074.
    assert_eq!(w.mem.read(0x406c, 4), 0xffff_ffff);
    assert_eq!(w.mem.read(0x4074, 4), 0);
}

#[test]
fn private_buffers_are_not_checked_and_uncovered_cases_are_pending() {
    // ADD_TID, no IDXEN, num_records 0: no check. stride 4: lane 0 at base + 0.
    let mut w = wave(vsharp(0x5000, 4, 0, RAW_W3 | 1 << 23));
    w.vgpr[1][0] = 7;
    run(&mut w, "buffer_store_dword v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.mem.read(0x5000, 4), 7);
    // IDXEN with stride 0: none of the three cases; a store is not executed.
    let mut w = wave(vsharp(0x5000, 0, 10, RAW_W3));
    let e = run(&mut w, "buffer_store_dword v1, v0, s[4:7], 0 idxen").unwrap_err();
    assert!(matches!(e, ExecError::Pending { .. }), "{e}");
    // Swizzling without IDXEN: still none.
    let mut d = vsharp(0x5000, 4, 10, RAW_W3);
    d[1] |= 1 << 31;
    let e = run(&mut wave(d), "buffer_load_dword v1, off, s[4:7], 0").unwrap_err();
    assert!(matches!(e, ExecError::Pending { .. }), "{e}");
}

/// IDXEN with stride 0 (note 0049, rule gcn5.buffer.range_check.stride0): "Raw Buffer /
/// Used when: AddTID==0 && SWizzleEn==0 && IdxEn==0 / Out of Range if: (InstOffset +
/// (OffEN ? vgpr_offset : 0)) >= NumRecords" and "Structured Buffer / Used when:
/// AddTID==0 && Stride!=0 && IdxEn==1 / Out of Range if: Index(vgpr) >= NumRecords". A load
/// reads the bytes where both pass, 0 where both fail, and is open where they differ.
#[test]
fn idxen_stride0_loads_accept_both_range_checks() {
    const RULE: &str = "gcn5.buffer.range_check.stride0";
    // Stride 0, num_records 8: the address is base + offset whatever the index.
    let mut w = wave(vsharp(0x7000, 0, 8, RAW_W3));
    w.exec = 0b1111;
    w.mem.write(0x7004, 4, 0x1122_3344);
    w.mem.write(0x700c, 4, 0x5566_7788);
    // lane 0: index 3, offset 4: both pass → the bytes at 0x7004.
    // lane 1: index 9, offset 12: both fail (9 >= 8, 12 >= 8) → 0.
    // lane 2: index 9, offset 4: raw passes, structured fails → open.
    // lane 3: index 3, offset 12: raw fails, structured passes → open.
    for (lane, (index, offset)) in [(3, 4), (9, 12), (9, 4), (3, 12)].into_iter().enumerate() {
        w.vgpr[0][lane] = index;
        w.vgpr[1][lane] = offset;
        w.vgpr[2][lane] = 0xdead_beef;
    }
    run(
        &mut w,
        "buffer_load_dword v2, v[0:1], s[4:7], 0 idxen offen",
    )
    .unwrap();
    assert_eq!(w.vgpr[2][0], 0x1122_3344);
    assert_eq!(w.vgpr[2][1], 0);
    // gpuref's bits follow the raw check.
    assert_eq!((w.vgpr[2][2], w.vgpr[2][3]), (0x1122_3344, 0));
    let open: Vec<(u8, u8, Accept, &str)> = w
        .unsettled
        .iter()
        .map(|u| (u.lane, u.vdst, u.why.accept, u.why.rule))
        .collect();
    assert_eq!(
        open,
        [(2, 2, Accept::Mask(0), RULE), (3, 2, Accept::Mask(0), RULE)]
    );
    // A D16 load keeps [31:16]: only the written half is open.
    let mut w = wave(vsharp(0x7000, 0, 8, RAW_W3));
    w.vgpr[0][0] = 9;
    w.vgpr[2][0] = 0xabcd_0000;
    run(
        &mut w,
        "buffer_load_short_d16 v2, v0, s[4:7], 0 idxen offset:4",
    )
    .unwrap();
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(w.unsettled[0].why.accept, Accept::Mask(0xffff_0000));
    // A FORMAT load (32-bit UINT, X): the channel is open, all or nothing.
    let mut w = wave(vsharp(0x7000, 0, 8, RAW_W3));
    w.mem.write(0x7000, 4, 0x99);
    w.vgpr[0][0] = 9;
    run(&mut w, "buffer_load_format_x v2, v0, s[4:7], 0 idxen").unwrap();
    assert_eq!(w.vgpr[2][0], 0x99);
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(w.unsettled[0].why.rule, RULE);
    // An LDS load of this form is not executed.
    let mut w = wave(vsharp(0x7000, 0, 8, RAW_W3));
    let e = run(&mut w, "buffer_load_dword v0, v0, s[4:7], 0 idxen lds").unwrap_err();
    assert!(matches!(e, ExecError::Pending { .. }), "{e}");
}

#[test]
fn unbound_descriptor_reads_zero_and_drops_stores() {
    // DFMT 0 (INVALID) in the V#: unbound even for a non-format row.
    let mut w = wave(vsharp(0x6000, 0, 100, 0x4000));
    w.mem.write(0x6000, 4, 0x1234_5678);
    w.vgpr[1][0] = 0xffff;
    run(&mut w, "buffer_load_dword v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.vgpr[1][0], 0);
    // A FORMAT load of an unbound V# (DFMT 0) with DST_SEL x = 1 and NFMT FLOAT (7 << 12):
    // reads 0 except SEL_1, which is 1.0; y (DST_SEL 0) is 0.
    let mut w = wave(vsharp(0x6000, 0, 100, 0x7001));
    w.mem.write(0x6000, 8, u64::MAX);
    w.vgpr[2][0] = 5;
    run(&mut w, "buffer_load_format_xy v[1:2], off, s[4:7], 0").unwrap();
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0x3f80_0000, 0));
    // The all-zero V# reads (0, 0, 0, 0).
    let mut w = wave([0; 4]);
    w.vgpr[1] = [9; 64];
    run(&mut w, "buffer_load_format_x v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.vgpr[1][0], 0);
}

#[test]
fn byte_short_and_d16_loads_and_stores() {
    let mut w = wave(vsharp(0x7000, 0, 100, RAW_W3));
    w.mem.write(0x7000, 4, 0x8281_ff80);
    w.vgpr[1][0] = 0x5555_5555;
    run(&mut w, "buffer_load_sbyte v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.vgpr[1][0], 0xffff_ff80); // 0x80 sign-extended
    run(&mut w, "buffer_load_ubyte v2, off, s[4:7], 0").unwrap();
    assert_eq!(w.vgpr[2][0], 0x80);
    run(&mut w, "buffer_load_sshort v3, off, s[4:7], 0 offset:2").unwrap();
    assert_eq!(w.vgpr[3][0], 0xffff_8281);
    w.vgpr[4][0] = 0x1234_5678;
    run(
        &mut w,
        "buffer_load_ubyte_d16_hi v4, off, s[4:7], 0 offset:1",
    )
    .unwrap();
    assert_eq!(w.vgpr[4][0], 0x00ff_5678); // 0xff into [31:16], low half kept
    run(&mut w, "buffer_load_sbyte_d16 v4, off, s[4:7], 0 offset:1").unwrap();
    assert_eq!(w.vgpr[4][0], 0x00ff_ffff); // 0xff sign-extended to 16 bits
    run(
        &mut w,
        "buffer_load_short_d16_hi v4, off, s[4:7], 0 offset:2",
    )
    .unwrap();
    assert_eq!(w.vgpr[4][0], 0x8281_ffff);
    w.vgpr[5][0] = 0xaabb_ccdd;
    run(
        &mut w,
        "buffer_store_byte_d16_hi v5, off, s[4:7], 0 offset:8",
    )
    .unwrap();
    assert_eq!(w.mem.read(0x7008, 2), 0xbb); // S0[23:16]
    run(
        &mut w,
        "buffer_store_short_d16_hi v5, off, s[4:7], 0 offset:10",
    )
    .unwrap();
    assert_eq!(w.mem.read(0x700a, 2), 0xaabb); // S0[31:16]
                                               // Dword accesses ignore the address's two LSBs: offset 0x13 reads 0x7010.
    w.mem.write(0x7010, 4, 0xcafe_f00d);
    run(&mut w, "buffer_load_dword v6, off, s[4:7], 0 offset:19").unwrap();
    assert_eq!(w.vgpr[6][0], 0xcafe_f00d);
}

#[test]
fn exec_masks_lanes_and_pc_advances() {
    // ADD_TID with DFMT 0 (the field is stride[17:14] here, not INVALID).
    let mut w = wave(vsharp(0x8000, 4, 100, 0x4fac | 1 << 23));
    w.exec = 0b101;
    w.vgpr[1] = [0x11; 64];
    run(&mut w, "buffer_store_dword v1, off, s[4:7], 0").unwrap();
    // ADD_TID stride 4: lanes 0 and 2 at 0x8000 and 0x8008; lane 1 inactive.
    assert_eq!((w.mem.read(0x8000, 4), w.mem.read(0x8008, 4)), (0x11, 0x11));
    assert_eq!(w.mem.read(0x8004, 4), 0);
    assert_eq!(w.pc, 8);
    run(&mut w, "buffer_wbinvl1").unwrap();
    assert_eq!(w.pc, 16);
}

#[test]
fn tfe_writes_the_dword_after_the_data_unsettled() {
    let mut w = wave(vsharp(0x9000, 0, 100, RAW_W3));
    w.vgpr[3][0] = 0xffff_ffff;
    run(&mut w, "buffer_load_dwordx2 v[1:2], off, s[4:7], 0 tfe").unwrap();
    assert_eq!(w.vgpr[3][0], 0);
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(w.unsettled[0].vdst, 3);
    assert_eq!(w.unsettled[0].why.accept, Accept::Mask(0));
}

#[test]
fn lds_loads_write_m0_plus_offset_plus_four_per_lane() {
    let mut w = wave(vsharp(0xa000, 0, 100, RAW_W3));
    w.exec = 0b10;
    w.m0 = 0x100;
    w.mem.write(0xa004, 1, 0x9c);
    run(&mut w, "buffer_load_sbyte v0, off, s[4:7], 0 offset:4 lds").unwrap();
    // Lane 1: LDS byte 0x100 + 4 + 4 = 0x108 gets 0xffffff9c.
    assert_eq!(w.lds[0x108..0x10c], [0x9c, 0xff, 0xff, 0xff]);
    // And back to memory: BUFFER_STORE_LDS_DWORD reads LDS 0x108 (offset 4, lane 1) and
    // writes base + 4 (no VGPR address, no ADD_TID).
    run(&mut w, "buffer_store_lds_dword s[4:7], 0 offset:4 lds").unwrap();
    assert_eq!(w.mem.read(0xa004, 4), 0xffff_ff9c);
}

#[test]
fn atomic_operations_per_pseudocode() {
    // INC: (tmp >= DATA) ? 0 : tmp + 1.
    assert_eq!(apply(Atomic::Inc, 32, 5, 5, 0), 0);
    assert_eq!(apply(Atomic::Inc, 32, 4, 5, 0), 5);
    assert_eq!(apply(Atomic::Inc, 32, 9, 5, 0), 0);
    // DEC: (tmp == 0 || tmp > DATA) ? DATA : tmp - 1.
    assert_eq!(apply(Atomic::Dec, 32, 0, 5, 0), 5);
    assert_eq!(apply(Atomic::Dec, 32, 7, 5, 0), 5);
    assert_eq!(apply(Atomic::Dec, 32, 3, 5, 0), 2);
    assert_eq!(apply(Atomic::Dec, 64, 0, u64::MAX, 0), u64::MAX);
    // Signed vs unsigned: -1 < 1 signed, 0xffffffff > 1 unsigned.
    assert_eq!(apply(Atomic::Smin, 32, 1, 0xffff_ffff, 0), 0xffff_ffff);
    assert_eq!(apply(Atomic::Umin, 32, 1, 0xffff_ffff, 0), 1);
    assert_eq!(apply(Atomic::Smax, 64, 1, u64::MAX, 0), 1);
    assert_eq!(apply(Atomic::Umax, 64, 1, u64::MAX, 0), u64::MAX);
    assert_eq!(apply(Atomic::Add, 32, 0xffff_ffff, 2, 0), 1);
    assert_eq!(apply(Atomic::Sub, 64, 0, 1, 0), u64::MAX);
    // CMPSWAP: src = DATA[0], cmp = DATA[1].
    assert_eq!(apply(Atomic::Cmpswap, 32, 7, 9, 7), 9);
    assert_eq!(apply(Atomic::Cmpswap, 32, 7, 9, 8), 7);
    // 1.0 + 2.0 = 3.0 (0x40400000).
    assert_eq!(
        apply(Atomic::AddF32, 32, 0x3f80_0000, 0x4000_0000, 0),
        0x4040_0000
    );
    // Halves: hi 1.0 + 1.0 = 2.0 (0x4000), lo 1.0 + 2.0 = 3.0 (0x4200).
    assert_eq!(
        apply(Atomic::PkAddF16, 32, 0x3c00_3c00, 0x3c00_4000, 0),
        0x4000_4200
    );
}

#[test]
fn atomics_return_the_old_value_under_glc_only() {
    let mut w = wave(vsharp(0xb000, 0, 16, RAW_W3));
    w.mem.write(0xb000, 4, 7);
    w.vgpr[1][0] = 9; // src
    w.vgpr[2][0] = 7; // cmp
    run(&mut w, "buffer_atomic_cmpswap v[1:2], off, s[4:7], 0 glc").unwrap();
    assert_eq!((w.mem.read(0xb000, 4), w.vgpr[1][0]), (9, 7));
    w.vgpr[3][0] = 5;
    run(&mut w, "buffer_atomic_add v3, off, s[4:7], 0").unwrap();
    assert_eq!((w.mem.read(0xb000, 4), w.vgpr[3][0]), (14, 5));
    // X2 CMPSWAP: src v[4:5], cmp v[6:7].
    w.mem.write(0xb008, 8, 0x1_0000_0002);
    w.vgpr[4][0] = 0xaa;
    w.vgpr[6][0] = 2;
    w.vgpr[7][0] = 1;
    run(
        &mut w,
        "buffer_atomic_cmpswap_x2 v[4:7], off, s[4:7], 0 offset:8 glc",
    )
    .unwrap();
    assert_eq!(w.mem.read(0xb008, 8), 0xaa);
    assert_eq!((w.vgpr[4][0], w.vgpr[5][0]), (2, 1));
    // Out of range (offset 16 >= 16): dropped, returns 0.
    w.vgpr[8][0] = 3;
    run(
        &mut w,
        "buffer_atomic_swap v8, off, s[4:7], 0 offset:16 glc",
    )
    .unwrap();
    assert_eq!((w.mem.read(0xb010, 4), w.vgpr[8][0]), (0, 0));
    // Two lanes on one address: lane order, returns unsettled.
    w.exec = 0b11;
    w.vgpr[9] = [1; 64];
    run(&mut w, "buffer_atomic_add v9, off, s[4:7], 0 glc").unwrap();
    assert_eq!(w.mem.read(0xb000, 4), 16);
    assert_eq!((w.vgpr[9][0], w.vgpr[9][1]), (14, 15));
    assert_eq!(w.unsettled.len(), 2);
}

#[test]
fn float_atomics_decode_only_without_glc() {
    assert!(parse(
        Target::Gfx908,
        "buffer_atomic_add_f32 v1, off, s[4:7], 0 glc"
    )
    .is_err());
    let mut w = wave(vsharp(0xc000, 0, 16, RAW_W3));
    w.mem.write(0xc000, 4, 0x3f80_0000);
    w.vgpr[1][0] = 0x3f80_0000;
    run(&mut w, "buffer_atomic_add_f32 v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.mem.read(0xc000, 4), 0x4000_0000); // 1 + 1 = 2
}

#[test]
fn load_conversions() {
    use format::{FLOAT, SINT, SNORM, SSCALED, UINT, UNORM, USCALED};
    let b = |c: format::Conv| c.bits;
    assert_eq!(b(load32(UNORM, 8, 255).unwrap()), 0x3f80_0000);
    assert_eq!(b(load32(UNORM, 8, 0).unwrap()), 0);
    // 1/255 = 2^-8 * 1.00392156...; fraction * 2^23 = 32896.502 -> 32897 = 0x8081.
    let c = load32(UNORM, 8, 1).unwrap();
    assert_eq!(c.bits, 0x3b80_8081);
    assert_eq!(c.loose, format::Loose::Ulp);
    // SNORM: -128 and -127 both -1.0; 127 is 1.0; 16-bit -32768 is -1.0.
    assert_eq!(b(load32(SNORM, 8, 0x80).unwrap()), 0xbf80_0000);
    assert_eq!(b(load32(SNORM, 8, 0x81).unwrap()), 0xbf80_0000);
    assert_eq!(b(load32(SNORM, 8, 0x7f).unwrap()), 0x3f80_0000);
    assert_eq!(b(load32(SNORM, 16, 0x8000).unwrap()), 0xbf80_0000);
    // 65535.0 = 1.99997 * 2^15: exponent 142 (0x47...), fraction 0x7fff00.
    assert_eq!(b(load32(USCALED, 16, 0xffff).unwrap()), 0x477f_ff00);
    assert_eq!(b(load32(SSCALED, 8, 0xff).unwrap()), 0xbf80_0000);
    assert_eq!(b(load32(UINT, 16, 0xffff).unwrap()), 0xffff);
    assert_eq!(b(load32(SINT, 16, 0xffff).unwrap()), 0xffff_ffff);
    assert_eq!(b(load32(FLOAT, 16, 0x3c00).unwrap()), 0x3f80_0000);
    // f16 min subnormal 2^-24 -> binary32 exponent 103: 103 << 23 = 0x33800000.
    assert_eq!(b(load32(FLOAT, 16, 1).unwrap()), 0x3380_0000);
    assert_eq!(b(load32(FLOAT, 32, 0x7fc0_0001).unwrap()), 0x7fc0_0001);
    assert!(load32(FLOAT, 8, 0).is_err());
    assert!(load32(6, 16, 0).is_err());
    assert!(load32(UNORM, 32, 0).is_err());
    // D16: UNORM8 255 -> 1.0 (0x3c00); SINT8 0x80 -> 0xff80; 200 -> f16 1.5625 * 2^7:
    // exponent 22 << 10 = 0x5800, fraction 0.5625 * 1024 = 0x240.
    assert_eq!(b(load16(UNORM, 8, 255).unwrap()), 0x3c00);
    assert_eq!(b(load16(SINT, 8, 0x80).unwrap()), 0xff80);
    assert_eq!(b(load16(USCALED, 8, 200).unwrap()), 0x5a40);
    assert_eq!(
        load16(UINT, 32, 0x1_0005).unwrap().loose,
        format::Loose::Any
    );
    // D16 of 16-bit UNORM/SNORM: 0 and the ends are exact whichever way the conversion
    // rounds (0 -> +0, 65535 -> 1.0 = 0x3c00, SNORM 0x8001 and 0x8000 -> -1.0 = 0xbc00);
    // an interior value is not settled by the manual.
    let exact = |c: format::Conv| (c.bits, c.loose == format::Loose::Exact);
    assert_eq!(exact(load16(UNORM, 16, 0).unwrap()), (0, true));
    assert_eq!(exact(load16(UNORM, 16, 0xffff).unwrap()), (0x3c00, true));
    assert_eq!(exact(load16(SNORM, 16, 0x7fff).unwrap()), (0x3c00, true));
    assert_eq!(exact(load16(SNORM, 16, 0x8001).unwrap()), (0xbc00, true));
    assert_eq!(exact(load16(SNORM, 16, 0x8000).unwrap()), (0xbc00, true));
    assert_eq!(load16(UNORM, 16, 0x1234).unwrap().loose, format::Loose::Any);
}

#[test]
fn store_conversions_round_and_clamp() {
    use format::{FLOAT, SNORM, SSCALED, UINT, UNORM};
    assert_eq!(store32(UNORM, 8, 0x3f80_0000), Ok(255)); // 1.0
    assert_eq!(store32(UNORM, 8, 0x3f00_0000), Ok(128)); // 0.5 * 255 = 127.5 -> even 128
    assert_eq!(store32(UNORM, 8, 0xbf80_0000), Ok(0)); // -1.0 clamps to 0
    assert_eq!(store32(UNORM, 8, 0x7fc0_0000), Ok(0)); // NaN -> 0
    assert_eq!(store32(UNORM, 8, 0x4000_0000), Ok(255)); // 2.0 clamps to 1
    assert_eq!(store32(SNORM, 8, 0xbf80_0000), Ok(0x81)); // -1.0 -> -127
    assert_eq!(store32(SNORM, 8, 0xc000_0000), Ok(0x81)); // -2.0 -> -127
    assert_eq!(store32(SNORM, 8, 0x3f00_0000), Ok(0x40)); // 63.5 -> even 64
    assert_eq!(store32(SSCALED, 8, 0xc348_0000), Ok(0x80)); // -200.0 saturates at -128
    assert_eq!(store32(FLOAT, 16, 0x3f80_0000), Ok(0x3c00));
    assert_eq!(store32(FLOAT, 16, 0x477f_f000), Ok(0x7c00)); // 65520 rounds to inf
    assert_eq!(store32(UINT, 8, 0x1ff), Ok(0xff)); // low bits
    assert_eq!(store16(format::SINT, 32, 0xffff), Ok(0xffff_ffff));
    assert_eq!(store16(FLOAT, 32, 0x3c00), Ok(0x3f80_0000));
}

#[test]
fn format_loads_apply_dst_sel_and_typed_loads_identity() {
    // DFMT 10 (8_8_8_8) UINT; dst_sel x = 7 (A), y = 6 (B), z = 1, w = 0:
    // 7 | 6 << 3 | 1 << 6 | 0 << 9 = 0x77; (10 << 15) | (4 << 12) = 0x54000.
    let mut w = wave(vsharp(0xd000, 0, 100, 0x54077));
    w.mem.write(0xd000, 4, 0x0403_0201);
    run(&mut w, "buffer_load_format_xyzw v[1:4], off, s[4:7], 0").unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [4, 3, 1, 0]
    );
    // Out of range: zeros, except SEL_1 reads 1.
    run(
        &mut w,
        "buffer_load_format_xyzw v[1:4], off, s[4:7], 0 offset:100",
    )
    .unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0, 0, 1, 0]
    );
    // TBUFFER: the instruction's format (8_8 UNORM), identity select: x = 1/255, y = 1.0,
    // z = w = 0 (the format has two components).
    w.mem.write(0xd010, 2, 0xff01);
    run(
        &mut w,
        "tbuffer_load_format_xyzw v[1:4], off, s[4:7], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UNORM] offset:16",
    )
    .unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0x3b80_8081, 0x3f80_0000, 0, 0]
    );
    // x is one ulp loose: accepted range 0x3b808080..=0x3b808082.
    assert_eq!(
        w.unsettled[0].why.accept,
        Accept::Range {
            lo: 0x3b80_8080,
            hi: 0x3b80_8082
        }
    );
}

#[test]
fn d16_format_stores_and_packed_formats_pending() {
    // DFMT 5 (16_16) FLOAT: (5 << 15) | (7 << 12) = 0x2f000.
    let mut w = wave(vsharp(0xe000, 0, 100, 0x2f000 | 0xfac));
    w.vgpr[1][0] = 0x4000_3c00; // y = 2.0, x = 1.0 (f16)
    run(&mut w, "buffer_store_format_d16_xy v1, off, s[4:7], 0").unwrap();
    assert_eq!(w.mem.read(0xe000, 4), 0x4000_3c00);
    run(&mut w, "buffer_load_format_xy v[2:3], off, s[4:7], 0").unwrap();
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0x3f80_0000, 0x4000_0000));
}

#[test]
fn packed_formats_x_in_the_low_bits() {
    // 10_11_11 FLOAT (DFMT 6 << 15, NFMT 7 << 12): X 11-bit 1.0 = exponent 15 << 6 = 0x3c0,
    // Y 11-bit 2.0 = 16 << 6 = 0x400 at bit 11, Z 10-bit 0.5 = 14 << 5 = 0x1c0 at bit 22:
    // 0x3c0 | 0x200000 | 0x70000000 = 0x702003c0.
    let mut w = wave(vsharp(0xf000, 0, 100, (6 << 15) | (7 << 12) | 0xfac));
    w.mem.write(0xf000, 4, 0x7020_03c0);
    run(&mut w, "buffer_load_format_xyz v[1:3], off, s[4:7], 0").unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0]],
        [0x3f80_0000, 0x4000_0000, 0x3f00_0000]
    );
    // X: max finite 11-bit (30 << 6 | 63 = 0x7bf) = 65024 = 0x477e0000; Y: infinity
    // (31 << 6 = 0x7c0); Z: 10-bit subnormal 1 = 2^-14 / 32 = 2^-19 = 108 << 23.
    w.mem.write(0xf004, 4, 0x7bf | 0x7c0 << 11 | 1 << 22);
    run(
        &mut w,
        "buffer_load_format_xyz v[1:3], off, s[4:7], 0 offset:4",
    )
    .unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0]],
        [0x477e_0000, 0x7f80_0000, 0x3600_0000]
    );
    // And stored back: 1.0, 2.0, 0.5 give the first dword again.
    w.vgpr[1][0] = 0x3f80_0000;
    w.vgpr[2][0] = 0x4000_0000;
    w.vgpr[3][0] = 0x3f00_0000;
    run(
        &mut w,
        "buffer_store_format_xyz v[1:3], off, s[4:7], 0 offset:8",
    )
    .unwrap();
    assert_eq!(w.mem.read(0xf008, 4), 0x7020_03c0);
    // 2_10_10_10 UNORM (DFMT 9, NFMT 0): X 1023 -> 1.0, Y 0, Z 512 -> 512/1023 =
    // 2^-1 * (1 + 1/1023): fraction 2^23 / 1023 = 8200.0078 -> 0x2008; W 3 -> 1.0.
    let mut w = wave(vsharp(0xf000, 0, 100, (9 << 15) | 0xfac));
    w.mem.write(0xf000, 4, 1023 | 512 << 20 | 3 << 30);
    run(&mut w, "buffer_load_format_xyzw v[1:4], off, s[4:7], 0").unwrap();
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0x3f80_0000, 0, 0x3f00_2008, 0x3f80_0000]
    );
    // FLOAT with a 2-bit component does not exist.
    let mut w = wave(vsharp(0xf000, 0, 100, (9 << 15) | (7 << 12) | 0xfac));
    let e = run(&mut w, "buffer_load_format_x v1, off, s[4:7], 0").unwrap_err();
    assert!(matches!(e, ExecError::Pending { .. }));
}

#[test]
fn small_float_stores_round_to_nearest_even() {
    use format::FLOAT;
    // 11-bit: 6 fraction bits. 1 + 2^-7 is halfway between 1.0 (t even) and 1 + 2^-6: 1.0.
    assert_eq!(store32(FLOAT, 11, 0x3f81_0000), Ok(0x3c0));
    // 1 + 3 * 2^-7 is halfway between 1 + 2^-6 (odd) and 1 + 2^-5: up, fraction 2.
    assert_eq!(store32(FLOAT, 11, 0x3f83_0000), Ok(0x3c2));
    // 65280 = max 65024 + half an ulp (512 / 2), max's fraction odd: up to infinity.
    assert_eq!(store32(FLOAT, 11, 0x477f_0000), Ok(0x7c0));
    assert_eq!(store32(FLOAT, 11, 0x477e_ff00), Ok(0x7bf));
    // Subnormals: 2^-20 is the smallest (1); 2^-21 is a tie with 0 (even): 0;
    // 1.5 * 2^-21 rounds up to 1.
    assert_eq!(store32(FLOAT, 11, 0x3580_0000), Ok(1));
    assert_eq!(store32(FLOAT, 11, 0x3500_0000), Ok(0));
    assert_eq!(store32(FLOAT, 11, 0x3540_0000), Ok(1));
    // Negative -> 0, NaN -> a NaN, +inf -> inf; 10-bit: 5 fraction bits.
    assert_eq!(store32(FLOAT, 11, 0xbf80_0000), Ok(0));
    assert_eq!(store32(FLOAT, 11, 0x7fc0_0000), Ok(0x7e0));
    assert_eq!(store32(FLOAT, 10, 0x7f80_0000), Ok(0x3e0));
    assert_eq!(store32(FLOAT, 10, 0x3f80_0000), Ok(0x1e0));
}

#[test]
fn every_buffer_row_of_both_targets_runs() {
    use crate::instructions::{rows, Format};
    for r in rows().filter(|r| matches!(r.format, Format::Mubuf | Format::Mtbuf)) {
        assert!(super::handles(r), "{}", r.name);
    }
    assert!(super::RULES.iter().all(|r| r.id.starts_with("gcn5.buffer")));
}

#[test]
fn rule_ids_used_by_the_executor_exist() {
    for id in [
        "gcn5.buffer.tfe",
        "gcn5.buffer.format.rounding",
        "gcn5.buffer.lane_order",
        "gcn5.buffer.range_check.uncovered",
        "gcn5.buffer.range_check.stride0",
        "gcn5.buffer.swizzle.element_size",
    ] {
        assert!(super::RULES.iter().any(|r| r.id == id), "{id}");
    }
}

/// Random words of every buffer row, random descriptors, registers and memory: execution
/// returns Ok or an error, never panics, and an error leaves the wave as it was.
#[test]
fn random_instructions_never_panic() {
    use crate::formats::decode;
    use crate::formats::mubuf::{shape, Kind};
    use crate::formats::shared::testing::next;
    use crate::instructions::{rows, Format};
    let mut st = 0x0b0f_fe12_u64;
    for t in Target::ALL {
        for r in rows()
            .filter(|r| matches!(r.format, Format::Mubuf | Format::Mtbuf) && r.targets.contains(t))
        {
            let mut ran = 0;
            for _ in 0..400 {
                let v = next(&mut st);
                let w0 = if r.format == Format::Mtbuf {
                    (0b11_1010 << 26)
                        | (v as u32 & 0x3ff_ffff & !(0xf << 15))
                        | u32::from(r.opcode) << 15
                } else {
                    (0b11_1000 << 26)
                        | (v as u32 & 0x3ff_ffff & !(0x7f << 18) & !(1 << 15) & !(1 << 25))
                        | u32::from(r.opcode) << 18
                };
                let mut w1 = ((v >> 32) as u32 & !(3 << 21) & 0x00ff_ffff) | 0x0100_0000;
                let mut w0 = w0;
                match shape(r).kind {
                    Kind::StoreLds => {
                        w0 = (w0 & !0x3000) | 1 << 16;
                        w1 &= 0xff1f_0000;
                    }
                    Kind::Bare => {
                        w0 &= !0x3_ffff;
                        w1 = 0;
                    }
                    _ => {}
                }
                let Ok((inst, _)) = decode(t, &[w0, w1]) else {
                    continue;
                };
                let mut w = Wave::default();
                for s in w.sgpr.iter_mut() {
                    *s = next(&mut st) as u32;
                }
                w.ttmp.iter_mut().for_each(|s| *s = next(&mut st) as u32);
                w.exec = next(&mut st);
                w.m0 = next(&mut st) as u32;
                for reg in w.vgpr.iter_mut().take(12) {
                    for x in reg.iter_mut() {
                        *x = next(&mut st) as u32;
                    }
                }
                let before = w.clone();
                match execute(&mut w, &inst) {
                    Ok(()) => ran += 1,
                    Err(_) => assert_eq!(w, before, "{}", r.name),
                }
            }
            assert!(ran > 0, "{} on {t}: never ran", r.name);
        }
    }
}

#[test]
fn d16_format_load_packs_halves_and_keeps_the_odd_high_half() {
    // DFMT 12 (16_16_16_16) UINT: (12 << 15) | (4 << 12) | 0xfac = 0x64fac.
    let mut w = wave(vsharp(0x1_0000, 0, 100, 0x64fac));
    w.mem.write(0x1_0000, 8, 0x0004_0003_0002_0001);
    w.vgpr[2][0] = 0xabcd_0000;
    run(&mut w, "buffer_load_format_d16_xyz v[1:2], off, s[4:7], 0").unwrap();
    // X in v1[15:0], Y in v1[31:16], Z in v2[15:0]; v2[31:16] kept.
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (0x0002_0001, 0xabcd_0003));
    w.vgpr[3][0] = 0x1234_5678;
    run(
        &mut w,
        "buffer_load_format_d16_hi_x v3, off, s[4:7], 0 offset:2",
    )
    .unwrap();
    assert_eq!(w.vgpr[3][0], 0x0002_5678);
}

#[test]
fn swizzled_loads_are_unsettled_only_where_the_element_size_matters() {
    // Swizzled (w1 bit 31), stride 16, index stride 8 (code 0), element size code 1 (4).
    let mut d = vsharp(0x2_0000, 16, 100, RAW_W3 | 1 << 19);
    d[1] |= 1 << 31;
    let mut w = wave(d);
    w.vgpr[0][0] = 1; // index 1: msb 0, lsb 1
    w.mem.write(0x2_0004, 4, 0x5555_aaaa);
    // Offset 0: (0 + 0) * 8 + 1 * es + 0 = es: address depends on the element size
    // (2, 4, 8, 16): unsettled. With es = 4 it reads base + 4.
    run(&mut w, "buffer_load_dword v1, v0, s[4:7], 0 idxen").unwrap();
    assert_eq!(w.vgpr[1][0], 0x5555_aaaa);
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(w.unsettled[0].why.rule, "gcn5.buffer.swizzle.element_size");
    // Index 0, offset 0: address base + 0 whatever the element size: settled.
    w.vgpr[0][0] = 0;
    run(&mut w, "buffer_load_dword v1, v0, s[4:7], 0 idxen").unwrap();
    assert!(w.unsettled.is_empty());
}
