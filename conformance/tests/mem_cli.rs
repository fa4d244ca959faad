//! `gpuref eval` end to end for SMEM and FLAT/GLOBAL/SCRATCH (docs/design/0031): memory
//! and SGPR-pair arguments in, changed registers and memory bytes out. Expected values are
//! worked out by hand in the comments (eval prints only the bytes that changed).

mod common;
use common::eval_ok as ok_on;

/// The output of a gfx900 run that must succeed.
fn ok(args: &[&str]) -> String {
    ok_on("gfx900", args)
}

#[test]
fn scalar_loads_and_stores() {
    // 0x1000 + 0x10 = 0x1010: the low dword to s4, the high to s5.
    assert_eq!(
        ok(&[
            "s_load_dwordx2 s[4:5], s[2:3], 0x10",
            "s[2:3]=0x1000",
            "mem[0x1010:8]=0x1122334455667788"
        ]),
        "s4=0x55667788\ns5=0x11223344\n"
    );
    // A negative 21-bit immediate: 0x1010 - 0x10 = 0x1000.
    assert_eq!(
        ok(&[
            "s_load_dword s4, s[2:3], -0x10",
            "s[2:3]=0x1010",
            "mem[0x1000:4]=0xcafe"
        ]),
        "s4=0xcafe\n"
    );
    // S_SCRATCH scales the register offset by 64: 0x2000 + 2 * 64 = 0x2080.
    assert_eq!(
        ok(&[
            "s_scratch_load_dword s4, s[2:3], s6",
            "s[2:3]=0x2000",
            "s6=2",
            "mem[0x2080:4]=0x80"
        ]),
        "s4=0x80\n"
    );
    // A store through M0 (0x20): 0x3000 + 0x20; only the changed bytes print.
    assert_eq!(
        ok(&[
            "s_store_dword s4, s[2:3], m0",
            "s[2:3]=0x3000",
            "m0=0x20",
            "s4=0x01020304"
        ]),
        "mem[0x3020:4]=0x1020304\n"
    );
}

#[test]
fn scalar_buffer_loads_stop_at_num_records() {
    // V# base 0x1_0000_3000 (dword1[15:0] = 1), stride 0, num_records 8: offsets 0 and 4
    // read memory, 8 and 12 are outside and read 0 (s10, s11 stay 0: not printed).
    assert_eq!(
        ok(&[
            "s_buffer_load_dwordx4 s[8:11], s[4:7], 0x0",
            "s[4:5]=0x0000000100003000",
            "s6=8",
            "mem[0x100003000:8]=0x0000000b0000000a",
            "mem[0x100003008:8]=0x0000000d0000000c"
        ]),
        // s9 (offset 4) is in range on one reading of stride 0 and not on the other.
        "s8=0xa\ns9=0xb (accepts any value, rule gcn5.smem.buffer_range)\n"
    );
}

#[test]
fn scalar_atomics() {
    // CMPSWAP: s4 = src 0x77, s5 = cmp 0x10 = memory: memory 0x77, s4 = the old 0x10.
    assert_eq!(
        ok(&[
            "s_atomic_cmpswap s[4:5], s[2:3], 0x0 glc",
            "s[2:3]=0x6000",
            "mem[0x6000:4]=0x10",
            "s[4:5]=0x0000001000000077"
        ]),
        "s4=0x10\nmem[0x6000:1]=0x77\n"
    );
    // Without GLC nothing returns: only memory changes (5 + 3 = 8).
    assert_eq!(
        ok(&[
            "s_atomic_add s4, s[2:3], 0x0",
            "s[2:3]=0x6000",
            "mem[0x6000:4]=5",
            "s4=3"
        ]),
        "mem[0x6000:1]=0x8\n"
    );
}

#[test]
fn vector_memory_by_lane() {
    // EXEC 0b101: lanes 0 and 2 load, lane 1 does not.
    assert_eq!(
        ok(&[
            "flat_load_dword v1, v[2:3]",
            "v[2:3]=0x2000",
            "mem[0x2000:4]=0xdeadbeef",
            "exec=0x5"
        ]),
        "v1[0]=0xdeadbeef\nv1[2]=0xdeadbeef\n"
    );
    // GLOBAL with SADDR: 0x1_0000_0000 + 0xfffffff0 (zero-extended) + 4.
    assert_eq!(
        ok(&[
            "global_load_dword v1, v2, s[4:5] offset:4",
            "s[4:5]=0x100000000",
            "v2=0xfffffff0",
            "mem[0x1fffffff4:4]=0x5a",
            "exec=1"
        ]),
        "v1[0]=0x5a\n"
    );
    // A signed byte load: 0x80 -> 0xffffff80.
    assert_eq!(
        ok(&[
            "global_load_sbyte v1, v[2:3], off offset:-1",
            "v[2:3]=0x1001",
            "mem[0x1000:1]=0x80",
            "exec=1"
        ]),
        "v1[0]=0xffffff80\n"
    );
    // D16_HI keeps the low half; the kept half is noted (MI100 ECC zeroes it).
    assert_eq!(
        ok(&[
            "global_load_short_d16_hi v1, v[2:3], off",
            "v[2:3]=0x1000",
            "v1=0x11112222",
            "mem[0x1000:2]=0xabcd",
            "exec=1"
        ]),
        "v1[0]=0xabcd2222 (accepts any value equal under mask 0xffff0000, rule gcn5.flat.d16)\n"
    );
    // SHORT_D16_HI stores bits 31:16.
    assert_eq!(
        ok(&[
            "flat_store_short_d16_hi v[2:3], v1",
            "v[2:3]=0x1000",
            "v1=0x44332211",
            "exec=1"
        ]),
        "mem[0x1000:2]=0x4433\n"
    );
}

#[test]
fn vector_atomics() {
    // GLC = 1 returns the pre-op value 5; memory 5 + 3 = 8.
    assert_eq!(
        ok(&[
            "global_atomic_add v1, v[2:3], v4, off glc",
            "v[2:3]=0x2000",
            "v4=3",
            "mem[0x2000:4]=5",
            "exec=1"
        ]),
        "v1[0]=0x5\nmem[0x2000:1]=0x8\n"
    );
    // CMPSWAP_X2: src v[4:5] = 0xb0000000a, cmp v[6:7] = memory 0x100000002. Only the
    // changed bytes print: 0x1000 goes 0x02 -> 0x0a, 0x1004 goes 0x01 -> 0x0b.
    assert_eq!(
        ok(&[
            "global_atomic_cmpswap_x2 v[2:3], v[4:7], off",
            "v[2:3]=0x1000",
            "v[4:5]=0xb0000000a",
            "v[6:7]=0x100000002",
            "mem[0x1000:8]=0x100000002",
            "exec=1"
        ]),
        "mem[0x1000:1]=0xa\nmem[0x1004:1]=0xb\n"
    );
    // MI100: 1.0 + 2.0 = 3.0 (0x40400000); bytes 0x1002..0x1003 change to 0x4040.
    assert_eq!(
        ok_on(
            "gfx908",
            &[
                "global_atomic_add_f32 v[2:3], v4, off",
                "v[2:3]=0x1000",
                "v4=0x40000000",
                "mem[0x1000:4]=0x3f800000",
                "exec=1"
            ]
        ),
        "mem[0x1002:2]=0x4040\n"
    );
}

#[test]
fn scratch_swizzles_by_lane() {
    // Lane 1, offset 4: FLAT_SCRATCH 0x100 + 4 * 64 + 1 * 4 = 0x204.
    assert_eq!(
        ok(&[
            "scratch_store_dword v2, v1, off offset:4",
            "v1=7",
            "exec=2",
            "flat_scratch=0x100"
        ]),
        // The swizzle is open: the whole dword prints with its rule, written or not.
        "mem[0x204:4]=0x7 (accepts any value, rule gcn5.flat.scratch_swizzle)\n"
    );
}
