//! `gpuref eval` end to end for the vector executor (docs/design/0020): VGPR pairs and
//! lanes, VOPC/CMPX masks, CLAMP/OMOD with the unsettled-lane notes, SDWA, DPP, the
//! wave-level rows, and errors that name the argument. Expected values are worked out by
//! hand in the comments.

mod common;
use std::process::Output;

fn eval(args: &[&str]) -> Output {
    common::eval("gfx900", args)
}

/// The output of a run that must succeed.
fn ok(args: &[&str]) -> String {
    common::eval_ok("gfx900", args)
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const ALL: &str = "exec=0xffffffffffffffff";

#[test]
fn pairs_and_lanes_are_set_and_printed() {
    // v[2:3] = 0x1122334455667788: v2 = 0x55667788, v3 = 0x11223344 in every lane.
    assert_eq!(
        ok(&["v_mov_b32_e32 v0, v3", "v[2:3]=0x1122334455667788", ALL]),
        "v0=0x11223344\n"
    );
    // One lane of a pair; lane 0's v3 stays 0, so only lane 1 changes.
    assert_eq!(
        ok(&[
            "v_mov_b32_e32 v0, v3",
            "v[2:3][1]=0xaabbccdd00000001",
            "exec=0x3"
        ]),
        "v0[1]=0xaabbccdd\n"
    );
    // One lane of a VGPR: 7 + 0 in lane 5 only.
    assert_eq!(
        ok(&["v_add_u32_e32 v0, v1, v2", "v1[5]=7", "exec=0x20"]),
        "v0[5]=0x7\n"
    );
    // 1.0 + 1.0 = 2.0 in binary64 (0x4000000000000000): v0 stays 0, v1 = 0x40000000.
    assert_eq!(
        ok(&[
            "v_add_f64 v[0:1], v[2:3], 1.0",
            "v[2:3]=0x3ff0000000000000",
            ALL,
        ]),
        "v1=0x40000000\n"
    );
}

#[test]
fn bad_register_arguments_are_named() {
    for (arg, says) in [
        ("v[3:5]=1", "two registers"),
        ("v[255:256]=1", "v[254:255]"),
        ("v[2:3][64]=1", "lane"),
        ("v[2:3]=0x10000000000000000", "does not fit in 64 bits"),
        ("v1=0xq", "not a hex"),
    ] {
        let o = eval(&["v_mov_b32_e32 v0, v1", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}");
        assert!(
            err(&o).contains(arg) && err(&o).contains(says),
            "{arg}: {}",
            err(&o)
        );
    }
    let o = eval(&["--mode", "zz", "v_mov_b32_e32 v0, v1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--mode"), "{}", err(&o));
}

#[test]
fn vopc_cmpx_and_carry_masks() {
    // Lanes 0 and 1 active; v0 = 5, v1 = 0 except v1[1] = 9: 5 > 0 in lane 0 only.
    let sets = ["v0=5", "v1[1]=9", "exec=0x3"];
    assert_eq!(
        ok(&[&["v_cmp_gt_u32_e32 vcc, v0, v1"], &sets[..]].concat()),
        "vcc=0x1\n"
    );
    // CMPX writes the pair and EXEC (inactive lanes 0).
    assert_eq!(
        ok(&[&["v_cmpx_gt_u32_e64 s[2:3], v0, v1"], &sets[..]].concat()),
        "s2=0x1\nexec=0x1\n"
    );
    // A signalling NaN without CLAMP: the compare bit is settled, the flags are not
    // (rule gcn5.vopc.snan_quiet): lane 0 says so. sNaN 0x7fa00000 < 1.0 is false.
    let o = ok(&[
        "v_cmp_lt_f32_e32 vcc, v0, v1",
        "v0=0x7fa00000",
        "v1=0x3f800000",
        "exec=0x1",
    ]);
    assert!(
        o.contains("# lane 0's bit of the lane mask written") && o.contains("gcn5.vopc.snan_quiet"),
        "{o}"
    );
    // VOP3B: lane 0 0xffffffff + 1 = 0 (unchanged 0) carry 1; lane 1 0xffffffff + 0.
    assert_eq!(
        ok(&[
            "v_add_co_u32_e64 v0, s[2:3], v1, v2",
            "v1=0xffffffff",
            "v2[0]=1",
            "exec=0x3"
        ]),
        "s2=0x1\nv0[1]=0xffffffff\n"
    );
}

#[test]
fn clamp_and_omod_with_unsettled_notes() {
    // IEEE = 0, DX10_CLAMP = 1: 0.75 + 0 = 0.75, * 2 = 1.5, clamped to 1.0.
    assert_eq!(
        ok(&[
            "--mode",
            "0x100",
            "v_add_f32_e64 v0, v1, v2 mul:2 clamp",
            "v1=0x3f400000",
            ALL
        ]),
        "v0=0x3f800000\n"
    );
    // Default MODE has IEEE = 1: OMOD is ignored (MI100 "6.2.2. Instruction Outputs"), so
    // 1.5 + 0 stays 1.5; with MODE 0x100 (IEEE 0, denormals flushed) it is 3.0.
    let omod = ["v_add_f32_e64 v0, v1, v2 mul:2", "v1=0x3fc00000", ALL];
    assert_eq!(ok(&omod), "v0=0x3fc00000\n");
    assert_eq!(
        ok(&[&["--mode", "0x100"], &omod[..]].concat()),
        "v0=0x40400000\n"
    );
    // -0 * 2 with OMOD applied is +0 ("-0 is flushed to +0"): v0 = 5 becomes 0.
    assert_eq!(
        ok(&[
            "--mode",
            "0x100",
            "v_add_f32_e64 v0, v1, v2 mul:2",
            "v0=5",
            "v1=0x80000000",
            "v2=0x80000000",
            ALL
        ]),
        "v0=0x0\n"
    );
    // -0 + -0 = -0; clamp(-0) is -0 in gpuref, +0 accepted.
    assert_eq!(
        ok(&[
            "v_add_f32_e64 v0, v1, v2 clamp",
            "v1=0x80000000",
            "v2=0x80000000",
            ALL
        ]),
        "v0=0x80000000 (accepts any value equal under mask 0x7fffffff, rule gcn5.valu.clamp_neg_zero)\n"
    );
    // NaN + 0 clamped: +0 with DX10_CLAMP (default MODE), a NaN without (MODE 0x200).
    let nan = [
        "v_add_f32_e64 v0, v1, v2 clamp",
        "v0=5",
        "v1=0x7fc00000",
        ALL,
    ];
    assert_eq!(ok(&nan), "v0=0x0\n");
    let o = ok(&[&["--mode", "0x200"], &nan[..]].concat());
    assert!(o.starts_with("v0=0x7fc00000"), "{o}");
}

#[test]
fn sdwa_and_dpp() {
    // BYTE_2 of 0x8a7b6c5d = 0x7b, + 1 = 0x7c, into [31:16]; [15:0] of 0xdeadbeef kept.
    assert_eq!(
        ok(&[
            "v_add_u32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 src1_sel:DWORD",
            "v0=0xdeadbeef",
            "v1=0x8a7b6c5d",
            "v2=1",
            ALL
        ]),
        "v0=0x7cbeef\n"
    );
    // row_shl:1 with lanes 0..2 active: lane 0 reads lane 1, lane 1 reads lane 2, lane 2
    // reads lane 3 (inactive: out of range) and, BOUND_CTRL = 0, does not write.
    let dpp = ["v0=5", "v1[1]=0x11", "v1[2]=0x22", "exec=0x7"];
    assert_eq!(
        ok(&[
            &["v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf"],
            &dpp[..]
        ]
        .concat()),
        "v0[0]=0x11\nv0[1]=0x22\n"
    );
    // BOUND_CTRL = 1 (LLVM `bound_ctrl:0`): lane 2 reads 0.
    assert_eq!(
        ok(&[
            &["v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0"],
            &dpp[..]
        ]
        .concat()),
        "v0[0]=0x11\nv0[1]=0x22\nv0[2]=0x0\n"
    );
}

#[test]
fn wave_level_rows_and_exempt_rows() {
    // The first active lane is 3.
    assert_eq!(
        ok(&["v_readfirstlane_b32 s0, v1", "v1[3]=9", "exec=0x8"]),
        "s0=0x9\n"
    );
    // EXEC = 0 reads lane 0.
    assert_eq!(
        ok(&["v_readfirstlane_b32 s0, v1", "v1[0]=4", "exec=0"]),
        "s0=0x4\n"
    );
    // V_WRITELANE ignores EXEC: lane 5 gets s1.
    assert_eq!(
        ok(&["v_writelane_b32 v0, s1, 5", "s1=0x77", "exec=0"]),
        "v0[5]=0x77\n"
    );
    let o = eval(&["v_interp_p1_f32 v0, v1, attr0.x"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("issue 6"), "{}", err(&o));
}

#[test]
fn accvgprs_and_memory_arguments() {
    // gfx908's AccVGPR moves: a3 = v1 (7) in lanes 0 and 1, printed per lane.
    let o = common::gpuref()
        .args(["eval", "--target", "gfx908", "v_accvgpr_write_b32 a3, v1"])
        .args(["v1=7", "exec=0x3"])
        .output()
        .unwrap();
    assert_eq!(out(&o), "a3[0]=0x7\na3[1]=0x7\n", "{}", err(&o));
    let o = common::gpuref()
        .args(["eval", "--target", "gfx908", "v_accvgpr_read_b32 v0, a3"])
        .args(["a3[1]=9", "exec=0x3"])
        .output()
        .unwrap();
    assert_eq!(out(&o), "v0[1]=0x9\n", "{}", err(&o));
    // Memory and LDS contents are accepted (and unchanged by an ALU instruction).
    assert_eq!(
        ok(&[
            "s_mov_b32 s0, 1",
            "mem[0x1000:4]=0x11223344",
            "lds[0x10:2]=0xffff"
        ]),
        "s0=0x1\n"
    );
    for (arg, says) in [
        ("lds[0xffff:2]=1", "LDS holds"),
        ("mem[0x10:9]=1", "byte count"),
        ("mem[0x10]=1", "[ADDRESS:BYTES]"),
        ("mem[0x10:2]=0x10000", "does not fit"),
        ("a256=1", "a0..a255"),
    ] {
        let o = eval(&["v_mov_b32_e32 v0, v1", arg]);
        assert_eq!(o.status.code(), Some(2), "{arg}");
        assert!(err(&o).contains(says), "{arg}: {}", err(&o));
    }
}

#[test]
fn mfma_prints_accvgprs_with_their_acceptance() {
    let gfx908 = |args: &[&str]| {
        let o = common::gpuref()
            .args(["eval", "--target", "gfx908"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        out(&o)
    };
    // 4X4X4I8: four byte products 1 × 2 per element, + C (a4 = 5 in a0's rows): a0 = 13,
    // a1..a3 = 8, exact.
    assert_eq!(
        gfx908(&[
            "v_mfma_i32_4x4x4i8 a[0:3], v0, v1, a[4:7]",
            "v0=0x01010101",
            "v1=0x02020202",
            "a4=5",
            ALL
        ]),
        "a0=0xd\na1=0x8\na2=0x8\na3=0x8\n"
    );
    // 4X4X1F32: 1.0 × 2.0 + 0 = 2.0, with the order interval: 2 roundings around 2.0,
    // 2·2·(2^-23 + 2^-40) + 2·2^-124: rounded down 2 - 5·2^-23 (0x3ffffffb), up
    // 2 + 3·2^-22 (0x40000003).
    let note = " (accepts 0x3ffffffb..=0x40000003, rule gcn5.mfma.float_sum)";
    assert_eq!(
        gfx908(&[
            "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
            "v0=0x3f800000",
            "v1=0x40000000",
            ALL
        ]),
        (0..4)
            .map(|r| format!("a{r}=0x40000000{note}\n"))
            .collect::<String>()
    );
}

#[test]
fn masked_and_quad_sads_and_the_128_bit_quad() {
    // Worked by hand (docs/design/0037). V_MSAD_U8: S1 = 0xff7f0003's byte 1 is 0, so that
    // position is skipped: |01-03| + |80-7f| + |00-ff| = 258, + S2 = 1 → 0x103.
    assert_eq!(
        ok(&[
            "v_msad_u8 v0, v1, v2, v3",
            "v1=0x0080ff01",
            "v2=0xff7f0003",
            "v3=1",
            ALL
        ]),
        "v0=0x103\n"
    );
    // V_QSAD_PK_U16_U8: S0 bytes 01..08, S1 bytes 01 02 03 04: windows 0..3 give SADs 0, 4,
    // 8, 12; accumulators 1, 2, 3, 4 → fields 1, 6, 11, 16: v0 = 0x00060001, v1 = 0x0010000b.
    assert_eq!(
        ok(&[
            "v_qsad_pk_u16_u8 v[0:1], v[4:5], v6, v[8:9]",
            "v[4:5]=0x0807060504030201",
            "v6=0x04030201",
            "v[8:9]=0x0004000300020001",
            ALL,
        ]),
        "v0=0x60001\nv1=0x10000b\n"
    );
    // An overflowing 16-bit field: S2 field 1 = 0xffff, + window 1's SAD 4 = 0x10003 wraps
    // to 3 (v0 = 0x00030000, field 0 = 0 + 0), and the note accepts any value of that field.
    let o = ok(&[
        "v_qsad_pk_u16_u8 v[0:1], v[4:5], v6, v[8:9]",
        "v[4:5]=0x0807060504030201",
        "v6=0x04030201",
        "v[8:9]=0xffff0000",
        ALL,
    ]);
    assert!(o.starts_with("v0=0x30000"), "{o}");
    assert!(o.contains("gcn5.v_qsad_pk_u16_u8.overflow"), "{o}");
    // V_MQSAD_U32_U8 reads S2 and writes D as VGPR quads. S1 = 00 02 00 04 masks bytes 0
    // and 2: SADs 0, 2, 4, 6 plus accumulators 1, 2, 3, 4 → 1, 4, 7, 10.
    assert_eq!(
        ok(&[
            "v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]",
            "v[4:5]=0x0807060504030201",
            "v6=0x04000200",
            "v8=1",
            "v9=2",
            "v10=3",
            "v11=4",
            ALL,
        ]),
        "v0=0x1\nv1=0x4\nv2=0x7\nv3=0xa\n"
    );
}

#[test]
fn legacy_log_and_clrexcp_print_their_choices() {
    // log2(0): gpuref writes -MAX_FLT (DX9, R700 LOG_CLAMPED) and accepts -inf too.
    let o = ok(&["v_log_legacy_f32 v0, v1", ALL]);
    assert!(o.starts_with("v0=0xff7fffff"), "{o}");
    assert!(o.contains("gcn5.v_log_legacy_f32.zero"), "{o}");
    // 2^10 = 1024 exactly: 0x44800000, nothing open (every reading agrees).
    assert_eq!(
        ok(&["v_exp_legacy_f32 v0, v1", "v1=0x41200000", ALL]),
        "v0=0x44800000\n"
    );
    // V_CLREXCP: TRAPSTS.EXCP (bits 8:0) cleared, ILLEGAL_INST (bit 11) kept; the note
    // says the field is gpuref's choice.
    let o = ok(&["v_clrexcp", "trapsts=0x9ff"]);
    assert!(o.contains("trapsts=0x800"), "{o}");
    assert!(
        o.contains("trapsts.excp: gpuref's choice, rule gcn5.v_clrexcp.state"),
        "{o}"
    );
}

#[test]
fn modifiers_on_packed_operands() {
    // docs/design/0038. -0.5 converts to f16 0xb800 and clamps to +0; |-2.0| = 2.0 (0x4000)
    // clamps to 1.0 (0x3c00): v0 = {1.0, +0}.
    assert_eq!(
        ok(&[
            "v_cvt_pkrtz_f16_f32 v0, -v1, |v2| clamp",
            "v1=0x3f000000",
            "v2=0xc0000000",
            ALL
        ]),
        "v0=0x3c000000\n"
    );
    // 100000.0 truncates to 65504 (overflow and inexact: TRAPSTS bits 3 and 5) and clamps
    // to 1.0; a NaN clamps to +0 under the default DX10_CLAMP: v0 = {+0, 1.0}.
    assert_eq!(
        ok(&[
            "v_cvt_pkrtz_f16_f32 v0, v1, v2 clamp",
            "v1=0x47c35000",
            "v2=0x7fc00000",
            ALL
        ]),
        "v0=0x3c00\ntrapsts=0x28\n"
    );
    // MODE 0x100 (IEEE 0, denormals flushed): OMOD applies to each half, 1.5 (0x3e00) * 2 =
    // 3.0 (0x4200), 0.25 (0x3400) * 2 = 0.5 (0x3800); OMOD ignored would leave 0x34003e00,
    // so only the bits both share are settled (0xf3ff83ff).
    assert_eq!(
        ok(&[
            "--mode",
            "0x100",
            "v_cvt_pkrtz_f16_f32 v0, v1, v2 mul:2",
            "v1=0x3fc00000",
            "v2=0x3e800000",
            ALL
        ]),
        "v0=0x38004200 (accepts any value equal under mask 0xf3ff83ff, rule gcn5.valu.packed_omod)\n"
    );
    // gfx908's V_DOT2C_F32_F16 in DPP form: -v1 with v1 = {1.0, 1.0}, v2 = {2.0, 1.0}:
    // both halves negated, -1*1 + -1*2 = -3.0; bit 31 only, 1*1 + -1*2 = -1.0.
    let o = common::gpuref()
        .args(["eval", "--target", "gfx908"])
        .args([
            "v_dot2c_f32_f16_dpp v0, -v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
            "v1=0x3c003c00",
            "v2=0x40003c00",
            ALL,
        ])
        .output()
        .unwrap();
    assert_eq!(
        out(&o),
        "v0=0xc0400000 (accepts 0xc0400000..=0xbf800000, rule gcn5.valu.packed_src_mods)\n",
        "{}",
        err(&o)
    );
}
