//! The gfx908 rows that no manual gives (the MI100 manual stops before its opcode tables):
//! each is assembled by LLVM 14's `llvm-mc -mcpu=gfx908`, and the opcode field of the
//! encoding must be the table's number. A subprocess, so LLVM stays out of the crate's
//! dependencies; if llvm-mc is missing the test fails and says how to install it.

use gpuref_amd_gcn5::instructions::by_name;
use gpuref_amd_gcn5::{Format, Target};
use std::process::Command;

/// One instance of every gfx908-only row, in LLVM's syntax.
const CASES: &[(&str, Format)] = &[
    ("v_dot2c_f32_f16 v0, v1, v2", Format::Vop2),
    ("v_dot2c_i32_i16 v0, v1, v2", Format::Vop2),
    ("v_dot4c_i32_i8 v0, v1, v2", Format::Vop2),
    ("v_dot8c_i32_i4 v0, v1, v2", Format::Vop2),
    ("v_fmac_f32 v0, v1, v2", Format::Vop2),
    ("v_pk_fmac_f16 v0, v1, v2", Format::Vop2),
    ("v_xnor_b32 v0, v1, v2", Format::Vop2),
    ("v_fma_mix_f32 v0, v1, v2, v3", Format::Vop3p),
    ("v_fma_mixlo_f16 v0, v1, v2, v3", Format::Vop3p),
    ("v_fma_mixhi_f16 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot2_f32_f16 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot2_i32_i16 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot2_u32_u16 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot4_i32_i8 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot4_u32_u8 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot8_i32_i4 v0, v1, v2, v3", Format::Vop3p),
    ("v_dot8_u32_u4 v0, v1, v2, v3", Format::Vop3p),
    (
        "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x1f32 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_32x32x2f32 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x4f32 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_32x32x4f16 a[0:31], v[0:1], v[2:3], a[0:31]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x4f16 a[0:15], v[0:1], v[2:3], a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_4x4x4f16 a[0:3], v[0:1], v[2:3], a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_32x32x8f16 a[0:15], v[0:1], v[2:3], a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_i32_32x32x4i8 a[0:31], v0, v1, a[0:31]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_i32_16x16x4i8 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_i32_4x4x4i8 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_i32_32x32x8i8 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_i32_16x16x16i8 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    ("v_accvgpr_read_b32 v0, a1", Format::Vop3pMai),
    ("v_accvgpr_write_b32 a0, v1", Format::Vop3pMai),
    (
        "v_mfma_f32_32x32x2bf16 a[0:31], v0, v1, a[0:31]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x2bf16 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_4x4x2bf16 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_32x32x4bf16 a[0:15], v0, v1, a[0:15]",
        Format::Vop3pMai,
    ),
    (
        "v_mfma_f32_16x16x8bf16 a[0:3], v0, v1, a[0:3]",
        Format::Vop3pMai,
    ),
    ("global_atomic_add_f32 v[0:1], v2, off", Format::Global),
    ("global_atomic_pk_add_f16 v[0:1], v2, off", Format::Global),
    ("buffer_atomic_add_f32 v0, off, s[0:3], 0", Format::Mubuf),
    ("buffer_atomic_pk_add_f16 v0, off, s[0:3], 0", Format::Mubuf),
];

fn encode(asm: &str) -> Vec<u8> {
    let out = Command::new("llvm-mc")
        .args(["-arch=amdgcn", "-mcpu=gfx908", "-show-encoding"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().map(|mut i| i.write_all(asm.as_bytes()));
            c.wait_with_output()
        })
        .unwrap_or_else(|e| panic!("llvm-mc is needed by this test and could not run ({e}): install llvm-14 (scripts/setup does)"));
    let text = String::from_utf8_lossy(&out.stdout);
    let enc = text
        .split("encoding: [")
        .nth(1)
        .and_then(|t| t.split(']').next())
        .unwrap_or_else(|| {
            panic!(
                "llvm-mc did not encode `{asm}`: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    enc.split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).expect("hex byte"))
        .collect()
}

#[test]
fn gfx908_only_rows_match_llvm_mc() {
    let mut checked = 0;
    for (asm, format) in CASES {
        let mnemonic = asm.split_whitespace().next().unwrap_or_default();
        let row = by_name(Target::Gfx908, mnemonic)
            .unwrap_or_else(|| panic!("{mnemonic} is not a gfx908 row"));
        assert_eq!(row.format, *format, "{mnemonic}");
        let b = encode(asm);
        let w0 = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        // OP fields: VOP2 [30:25]; VOP3P [22:16]; MUBUF and FLAT/GLOBAL [24:18].
        let op = match format {
            Format::Vop2 => (w0 >> 25) & 0x3f,
            Format::Vop3p | Format::Vop3pMai => (w0 >> 16) & 0x7f,
            Format::Mubuf | Format::Global => (w0 >> 18) & 0x7f,
            other => panic!("no field rule for {other:?}"),
        };
        assert_eq!(
            op,
            u32::from(row.opcode),
            "{asm}: llvm-mc encodes opcode {op}, the table says {}",
            row.opcode
        );
        assert!(
            by_name(Target::Gfx900, mnemonic).is_none(),
            "{mnemonic} must not be a gfx900 row"
        );
        checked += 1;
    }
    // Every gfx908-only row has a case here.
    let only: Vec<&str> = gpuref_amd_gcn5::instructions::rows()
        .filter(|r| r.targets.contains(Target::Gfx908) && !r.targets.contains(Target::Gfx900))
        .map(|r| r.name)
        .collect();
    assert_eq!(
        only.len(),
        checked,
        "gfx908-only rows without a case: {only:?}"
    );
}
