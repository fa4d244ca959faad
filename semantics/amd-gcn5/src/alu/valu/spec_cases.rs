//! Spec cases typed by hand from the Vega manual's "VOP1 Instructions" (the V_FFBH_U32,
//! V_FFBL_B32 and V_FFBH_I32 examples, the V_CVT_OFF_F32_I4 table), run through parse →
//! execute on every lane of both targets.

use crate::alu::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;

fn run(asm: &str, s0: u32) -> u32 {
    let mut got = Vec::new();
    for t in Target::ALL {
        let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
        let mut w = Wave {
            exec: u64::MAX,
            mode: 0x3f0,
            ..Wave::default()
        };
        w.vgpr[1] = [s0; 64];
        execute(&mut w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
        assert!(
            w.vgpr[0].iter().all(|&v| v == w.vgpr[0][0]),
            "{asm}: lanes differ"
        );
        got.push(w.vgpr[0][0]);
    }
    assert_eq!(got[0], got[1], "{asm}: targets differ");
    got[0]
}

#[test]
fn bit_search_examples() {
    for (op, a, want) in [
        ("v_ffbh_u32_e32", 0x0000_0000, 0xffff_ffff),
        ("v_ffbh_u32_e32", 0x8000_00ff, 0),
        ("v_ffbh_u32_e32", 0x1000_00ff, 3),
        ("v_ffbh_u32_e32", 0x0000_ffff, 16),
        ("v_ffbh_u32_e32", 0x0000_0001, 31),
        ("v_ffbl_b32_e32", 0x0000_0000, 0xffff_ffff),
        ("v_ffbl_b32_e32", 0xff00_0001, 0),
        ("v_ffbl_b32_e32", 0xff00_0008, 3),
        ("v_ffbl_b32_e32", 0xffff_0000, 16),
        ("v_ffbl_b32_e32", 0x8000_0000, 31),
        ("v_ffbh_i32_e32", 0x0000_0000, 0xffff_ffff),
        ("v_ffbh_i32_e32", 0x4000_0000, 1),
        ("v_ffbh_i32_e32", 0x8000_0000, 1),
        ("v_ffbh_i32_e32", 0x0fff_ffff, 4),
        ("v_ffbh_i32_e32", 0xffff_0000, 16),
        ("v_ffbh_i32_e32", 0xffff_fffe, 31),
        ("v_ffbh_i32_e32", 0xffff_ffff, 0xffff_ffff),
    ] {
        assert_eq!(run(&format!("{op} v0, v1"), a), want, "{op}({a:#x})");
    }
}

/// The binary32 bits of k/16 for -8 <= k <= 7 (k/16 = m × 2^e with m odd, exact).
fn sixteenths(k: i32) -> u32 {
    if k == 0 {
        return 0;
    }
    let sign = if k < 0 { 0x8000_0000 } else { 0 };
    let mut m = k.unsigned_abs();
    let mut e = -4i32; // value = m × 2^e
    while m & 1 == 0 {
        m >>= 1;
        e += 1;
    }
    // m < 8: normalize to 1.f × 2^(e + bits(m) - 1).
    let top = 31 - m.leading_zeros() as i32;
    let exp = (e + top + 127) as u32;
    let frac = (m & !(1 << top)) << (23 - top);
    sign | exp << 23 | frac
}

#[test]
fn cvt_off_f32_i4_table() {
    // "S0 Result 1000 -0.5f 1001 -0.4375f ... 0111 0.4375f": the table, as (nibble, k) with
    // the result k/16.
    let table = [
        (0b1000, -8),
        (0b1001, -7),
        (0b1010, -6),
        (0b1011, -5),
        (0b1100, -4),
        (0b1101, -3),
        (0b1110, -2),
        (0b1111, -1),
        (0b0000, 0),
        (0b0001, 1),
        (0b0010, 2),
        (0b0011, 3),
        (0b0100, 4),
        (0b0101, 5),
        (0b0110, 6),
        (0b0111, 7),
    ];
    assert_eq!(sixteenths(-8), 0xbf00_0000, "-0.5");
    assert_eq!(sixteenths(7), 0x3ee0_0000, "0.4375");
    for (nibble, k) in table {
        // Bits above [3:0] are ignored.
        assert_eq!(
            run("v_cvt_off_f32_i4_e32 v0, v1", 0xfff0 | nibble),
            sixteenths(k),
            "nibble {nibble:04b}"
        );
    }
}
