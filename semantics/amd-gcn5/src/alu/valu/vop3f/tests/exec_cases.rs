//! Rows of this family run through parse → execute on both targets: what the executor
//! already does for them (VOP3B carry-out, OPSEL half selection, the old destination as
//! PKACCUM's source), and what it does not do yet (reported in docs/design/0025).

use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;

/// Run `asm` with v1, v2, v3 = `v` and v0 = `d0` in every lane; (v0 of lane 0, VCC, s[4:5]).
fn run(asm: &str, v: [u32; 3], d0: u32, vcc: u64) -> Result<(u32, u64, u64), String> {
    let mut got = Vec::new();
    for t in Target::ALL {
        let inst = parse(t, asm).map_err(|e| format!("{asm}: {e}"))?;
        let mut w = Wave {
            exec: u64::MAX,
            vcc,
            mode: 0x3f0,
            ..Wave::default()
        };
        w.vgpr[0] = [d0; 64];
        for (i, x) in v.iter().enumerate() {
            w.vgpr[i + 1] = [*x; 64];
        }
        execute(&mut w, &inst).map_err(|e| format!("{asm}: {e}"))?;
        let s45 = u64::from(w.sgpr[4]) | u64::from(w.sgpr[5]) << 32;
        got.push((w.vgpr[0][0], w.vcc, s45));
    }
    assert_eq!(got[0], got[1], "{asm}: targets differ");
    Ok(got[0])
}

#[test]
fn div_scale_writes_its_flag_to_the_sdst_pair() {
    // 1.0 / 2^100 ... S2 = 2^100 (0x71800000), S1 = S0 = 1.0: VCC = 1 in every lane, D =
    // 2^64 (0x5f800000), written to s[4:5].
    let (d, _, s45) = run(
        "v_div_scale_f32 v0, s[4:5], v1, v2, v3",
        [0x3f80_0000, 0x3f80_0000, 0x7180_0000],
        0,
        0,
    )
    .unwrap();
    assert_eq!((d, s45), (0x5f80_0000, u64::MAX));
}

#[test]
fn cube_and_byte_packs_execute() {
    // (1, 2, 3): face 4.0.
    let (d, _, _) = run(
        "v_cubeid_f32 v0, v1, v2, v3",
        [0x3f80_0000, 0x4000_0000, 0x4040_0000],
        0,
        0,
    )
    .unwrap();
    assert_eq!(d, 0x4080_0000);
    // PKACCUM keeps v0's other bytes: 2.0 into byte 1 of 0xaabbccdd.
    let (d, _, _) = run(
        "v_cvt_pkaccum_u8_f32 v0, v1, v2",
        [0x4000_0000, 1, 0],
        0xaabb_ccdd,
        0,
    )
    .unwrap();
    assert_eq!(d, 0xaabb_02dd);
}

#[test]
fn pack_b32_f16_reads_the_halves_op_sel_names() {
    // v1 = 0x1111_2222, v2 = 0x3333_4444: op_sel:[1,0,0] takes v1's high half as S0.
    let v = [0x1111_2222, 0x3333_4444, 0];
    assert_eq!(
        run("v_pack_b32_f16 v0, v1, v2", v, 0, 0).unwrap().0,
        0x4444_2222
    );
    assert_eq!(
        run("v_pack_b32_f16 v0, v1, v2 op_sel:[1,0,0]", v, 0, 0)
            .unwrap()
            .0,
        0x4444_1111
    );
    assert_eq!(
        run("v_pack_b32_f16 v0, v1, v2 op_sel:[0,1,0]", v, 0, 0)
            .unwrap()
            .0,
        0x3333_2222
    );
    // neg applies to the selected half as an f16 sign.
    assert_eq!(
        run("v_pack_b32_f16 v0, -v1, v2", v, 0, 0).unwrap().0,
        0x4444_a222
    );
}
