//! `gpuref eval` end to end for the MUBUF/MTBUF rows (docs/design/0032): the V# in four
//! SGPRs (`s4=.. s5=.. s6=.. s7=..`), memory in `mem[ADDR:N]=..`, changed memory printed
//! as `mem[ADDR:N]=..` (only the bytes that changed). Expected values are worked out by
//! hand in the comments.

mod common;
use common::{eval, eval_ok as ok};

/// s7: DFMT 4 (32) << 15 | NFMT 4 (UINT) << 12 | identity DST_SEL 0xfac.
const RAW: &str = "s7=0x24fac";

#[test]
fn offen_load_adds_base_soffset_vgpr_and_inst_offsets() {
    // 0x1000 + s1 0x100 + v0 4 + offset 4 = 0x1108; the raw check uses 4 + 4 = 8 and
    // 12 (second dword), both < num_records 0x10.
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_load_dwordx2 v[1:2], v0, s[4:7], s1 offen offset:4",
                "s4=0x1000",
                "s5=0",
                "s6=0x10",
                RAW,
                "s1=0x100",
                "v0=4",
                "exec=0x1",
                "mem[0x1108:4]=0xdeadbeef",
                "mem[0x110c:4]=0x12345678",
            ]
        ),
        "v1[0]=0xdeadbeef\nv2[0]=0x12345678\n"
    );
}

#[test]
fn out_of_range_dword_of_x2_reads_zero_and_store_is_dropped() {
    // num_records 0xc: dword at 8 in, dword at 12 out (reads 0 over v2 = 7).
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_load_dwordx2 v[1:2], off, s[4:7], 0 offset:8",
                "s4=0x1000",
                "s6=0xc",
                RAW,
                "v2=7",
                "exec=0x1",
                "mem[0x1008:8]=0x1111111122222222",
            ]
        ),
        "v1[0]=0x22222222\nv2[0]=0x0\n"
    );
    // Store at offset 12 >= 12: nothing changes.
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_store_dword v1, off, s[4:7], 0 offset:12",
                "s4=0x1000",
                "s6=0xc",
                RAW,
                "v1=0xcafe",
                "exec=0x1",
            ]
        ),
        ""
    );
    // Offset 8: the two non-zero bytes change.
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_store_dword v1, off, s[4:7], 0 offset:8",
                "s4=0x1000",
                "s6=0xc",
                RAW,
                "v1=0xcafe",
                "exec=0x1",
            ]
        ),
        "mem[0x1008:2]=0xcafe\n"
    );
}

#[test]
fn typed_snorm_load_and_tfe_note() {
    // 16_16 SNORM: x = 0x7fff -> 1.0, y = 0x8000 (-32768) -> -1.0 (clamped).
    assert_eq!(
        ok(
            "gfx900",
            &[
                "tbuffer_load_format_xy v[1:2], off, s[4:7], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SNORM]",
                "s4=0x3000",
                "s6=0x10",
                "exec=0x1",
                "mem[0x3000:4]=0x80007fff",
            ]
        ),
        "v1[0]=0x3f800000\nv2[0]=0xbf800000\n"
    );
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_load_dword v1, off, s[4:7], 0 tfe",
                "s4=0x1000",
                "s6=0x10",
                RAW,
                "exec=0x1",
                "mem[0x1000:4]=0x5",
            ]
        ),
        "v1[0]=0x5\nv2[0]=0x0 (accepts any value, rule gcn5.buffer.tfe)\n"
    );
}

#[test]
fn atomics_and_mi100_float_add() {
    // INC with tmp 5 >= DATA 5 wraps to 0; GLC returns 5 (v1 unchanged, not printed).
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_atomic_inc v1, off, s[4:7], 0 glc",
                "s4=0x2000",
                "s6=0x10",
                RAW,
                "v1=5",
                "exec=0x1",
                "mem[0x2000:4]=5",
            ]
        ),
        "mem[0x2000:1]=0x0\n"
    );
    // 2.0 + 1.0 = 3.0: 0x40000000 -> 0x40400000, only byte 0x2002 changes.
    assert_eq!(
        ok(
            "gfx908",
            &[
                "buffer_atomic_add_f32 v1, off, s[4:7], 0",
                "s4=0x2000",
                "s6=0x10",
                RAW,
                "v1=0x3f800000",
                "exec=0x1",
                "mem[0x2000:4]=0x40000000",
            ]
        ),
        "mem[0x2002:1]=0x40\n"
    );
}

#[test]
fn uncovered_range_check_is_reported() {
    // SWIZZLE_EN without IDXEN: none of the manual's cases.
    let o = eval(
        "gfx900",
        &[
            "buffer_load_dword v1, off, s[4:7], 0",
            "s5=0x80040000",
            RAW,
            "exec=0x1",
        ],
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("gcn5.buffer.range_check.uncovered"));
    // IDXEN with stride 0: a store is still refused (note 0049).
    let o = eval(
        "gfx900",
        &[
            "buffer_store_dword v1, v0, s[4:7], 0 idxen",
            RAW,
            "exec=0x1",
        ],
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("gcn5.buffer.range_check.stride0"));
}

/// IDXEN with stride 0 (rule gcn5.buffer.range_check.stride0, note 0049): index 0x20 >=
/// NumRecords 0x10 fails the structured check, offset 0 < 0x10 passes the raw one: the
/// lane accepts any value and says which rule.
#[test]
fn idxen_stride0_load_prints_its_open_lane() {
    assert_eq!(
        ok(
            "gfx900",
            &[
                "buffer_load_dword v1, v0, s[4:7], 0 idxen",
                "s4=0x2000",
                "s6=0x10",
                RAW,
                "exec=0x1",
                "v0=0x20",
                "mem[0x2000:4]=0x11223344",
            ]
        ),
        "v1[0]=0x11223344 (accepts any value, rule gcn5.buffer.range_check.stride0)\n"
    );
}
