//! Expected values worked by hand from the f16/f32 encodings (1.0 = 0x3c00 / 0x3f800000,
//! 2.0 = 0x4000, 0.5 = 0x3800, 0.25 = 0x3400, 1.5 = 0x3e00, 3.0 = 0x4200) and the
//! readings in docs/design/0038.

use super::*;
use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;
use crate::wave::Wave;

// MODE: bit 9 IEEE, bit 8 DX10_CLAMP, [7:4] FP_DENORM (0 = flush all).
const FLUSH: Mode = Mode(0x000);
const DX10: Mode = Mode(0x100);
const IEEE: Mode = Mode(0x200);

#[test]
fn abs_and_neg_act_on_both_halves_or_on_bit_31() {
    // hi = 1.0, lo = -1.0.
    let v = 0x3c00_bc00;
    let both = sign_bits(true);
    assert_eq!(src_mods(v, false, true, both), 0xbc00_3c00);
    assert_eq!(src_mods(v, true, false, both), 0x3c00_3c00);
    assert_eq!(src_mods(v, true, true, both), 0xbc00_bc00);
    // The other reading: only the high half's sign.
    assert_eq!(src_mods(v, false, true, sign_bits(false)), 0xbc00_bc00);
    assert_eq!(src_mods(v, true, false, sign_bits(false)), 0x3c00_bc00);
}

#[test]
fn the_other_source_reading_widens_the_acceptance() {
    let out = LaneOut::d(0xc040_0000); // -3.0
    let alt = LaneOut::d(0xbf80_0000); // -1.0
    let u = other_reading(Ty::F32, out, &alt).unsettled.unwrap();
    assert_eq!(u.rule, SRC_MODS);
    assert_eq!(
        u.accept,
        Accept::Range {
            lo: 0xc040_0000,
            hi: 0xbf80_0000
        }
    );
    // A packed result: the bits the readings agree on stay settled.
    let u = other_reading(Ty::V2F16, LaneOut::d(0x3c00_3c00), &LaneOut::d(0x3c00_bc00))
        .unsettled
        .unwrap();
    assert_eq!(u.accept, Accept::Mask(0xffff_7fff));
    // Equal results: nothing opens.
    assert_eq!(
        other_reading(Ty::F32, LaneOut::d(5), &LaneOut::d(5)).unsettled,
        None
    );
}

#[test]
fn clamp_clamps_each_half() {
    // hi 2.0 -> 1.0, lo -1.0 -> +0.
    let m = outmods(0x4000_bc00, Flags::NONE, None, 0, true, FLUSH, None);
    assert_eq!((m.d, m.unsettled), (0x3c00_0000, None));
    // A NaN half: +0 with DX10_CLAMP, passed through without it.
    let m = outmods(0x7e00_3800, Flags::NONE, None, 0, true, DX10, None);
    assert_eq!((m.d, m.unsettled), (0x0000_3800, None));
    let m = outmods(0x7e00_3800, Flags::NONE, None, 0, true, FLUSH, None);
    assert_eq!((m.d, m.unsettled), (0x7e00_3800, None));
    // -0 in the high half stays -0 and accepts +0 (rule gcn5.valu.clamp_neg_zero).
    let m = outmods(0x8000_3c00, Flags::NONE, None, 0, true, FLUSH, None);
    assert_eq!(m.d, 0x8000_3c00);
    let u = m.unsettled.unwrap();
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0x7fff_ffff), outmod::CLAMP_NEG_ZERO)
    );
}

#[test]
fn omod_scales_each_half_and_accepts_the_other_readings() {
    // hi 1.0, lo 2.0, mul:2 -> hi 2.0, lo 4.0 (0x4400). OMOD ignored would leave the input:
    // the bits 0x40004400 and 0x3c004000 share are settled, 0x83fffbff.
    let m = outmods(0x3c00_4000, Flags::NONE, None, 1, false, FLUSH, None);
    assert_eq!(m.d, 0x4000_4400);
    let u = m.unsettled.unwrap();
    assert_eq!((u.accept, u.rule), (Accept::Mask(0x83ff_fbff), OMOD));
    assert!(u.flags_settled);
    // A third reading equal to the first changes nothing.
    let m = outmods(
        0x3c00_4000,
        Flags::NONE,
        Some((0x4000_4400, Flags::NONE)),
        1,
        false,
        FLUSH,
        None,
    );
    assert_eq!(m.unsettled.unwrap().accept, Accept::Mask(0x83ff_fbff));
    // MODE.IEEE = 1: OMOD is ignored (rule gcn5.valu.omod_mode), nothing is open.
    let m = outmods(0x3c00_4000, Flags::NONE, None, 1, false, IEEE, None);
    assert_eq!((m.d, m.unsettled), (0x3c00_4000, None));
    // 65504 (0x7bff) * 2 overflows to +inf with OVERFLOW: the flags are open too.
    let m = outmods(0x0000_7bff, Flags::NONE, None, 1, false, FLUSH, None);
    assert_eq!(m.d, 0x0000_7c00);
    assert!(m.flags.contains(Flags::OVERFLOW));
    assert!(!m.unsettled.unwrap().flags_settled);
}

/// Run `asm` on `target` with v1, v2 given and v0 = 0 in every lane; (v0 of lane 0, what
/// lane 0 leaves open).
fn run(target: Target, asm: &str, mode: u32, v1: u32, v2: u32) -> (u32, Option<Unsettled>) {
    let inst = parse(target, asm).unwrap();
    let mut w = Wave {
        exec: 1,
        mode,
        ..Wave::default()
    };
    w.vgpr[1] = [v1; 64];
    w.vgpr[2] = [v2; 64];
    execute(&mut w, &inst).unwrap();
    (w.vgpr[0][0], w.unsettled.first().map(|u| u.why))
}

#[test]
fn pkrtz_executes_with_source_modifiers_and_clamp() {
    for t in Target::ALL {
        // -0.5 -> f16 0xb800 -> clamp +0; |-2.0| = 2.0 -> clamp 1.0.
        let asm = "v_cvt_pkrtz_f16_f32 v0, -v1, |v2| clamp";
        assert_eq!(
            run(t, asm, 0x3f0, 0x3f00_0000, 0xc000_0000),
            (0x3c00_0000, None)
        );
        // -(-1.0) = 1.0 stays; 0.25 stays.
        assert_eq!(
            run(t, asm, 0x3f0, 0xbf80_0000, 0x3e80_0000),
            (0x3400_3c00, None)
        );
    }
}

#[test]
fn pkrtz_omod_scales_each_half_where_it_applies() {
    let asm = "v_cvt_pkrtz_f16_f32 v0, v1, v2 mul:2";
    for t in Target::ALL {
        // 1.5 -> 0x3e00 -> 3.0 (0x4200); 0.25 -> 0x3400 -> 0.5 (0x3800). Scaling the f32
        // sources first gives the same; OMOD ignored gives 0x34003e00.
        let (d, why) = run(t, asm, 0x100, 0x3fc0_0000, 0x3e80_0000);
        assert_eq!(d, 0x3800_4200);
        let u = why.unwrap();
        assert_eq!((u.accept, u.rule), (Accept::Mask(0xf3ff_83ff), OMOD));
        // IEEE mode: OMOD ignored.
        assert_eq!(
            run(t, asm, 0x3f0, 0x3fc0_0000, 0x3e80_0000),
            (0x3400_3e00, None)
        );
    }
}

#[test]
fn dot2c_dpp_neg_flips_both_halves_and_accepts_bit_31_only() {
    // S0 = (1.0, 1.0) negated, S1 = (hi 2.0, lo 1.0), acc 0: both halves -1*1 + -1*2 = -3.0;
    // bit 31 only: 1*1 + -1*2 = -1.0.
    let asm = "v_dot2c_f32_f16_dpp v0, -v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf";
    let (d, why) = run(Target::Gfx908, asm, 0x3f0, 0x3c00_3c00, 0x4000_3c00);
    assert_eq!(d, 0xc040_0000);
    let u = why.unwrap();
    assert_eq!(
        (u.accept, u.rule),
        (
            Accept::Range {
                lo: 0xc040_0000,
                hi: 0xbf80_0000
            },
            SRC_MODS
        )
    );
}

#[test]
fn pack_clamp_accepts_the_clamped_halves() {
    // hi 2.0 would clamp to 1.0 (0x4000 ^ 0x3c00 = 0x7c00 open), lo 0.5 stays.
    let u = pack_clamp(0x4000_3800, FLUSH, None).unwrap();
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0x83ff_ffff), "gcn5.valu.pack_clamp")
    );
    assert_eq!(pack_clamp(0x3c00_3800, FLUSH, None), None);
    for t in Target::ALL {
        let asm = "v_pack_b32_f16 v0, v1, v2 clamp";
        let (d, why) = run(t, asm, 0x3f0, 0x3800, 0x4000);
        assert_eq!(d, 0x4000_3800);
        assert_eq!(why.unwrap().accept, Accept::Mask(0x83ff_ffff));
        assert_eq!(run(t, asm, 0x3f0, 0x3800, 0x3c00), (0x3c00_3800, None));
    }
}

#[test]
fn pack_clamp_of_a_negative_zero_half_accepts_either_zero() {
    // lo -0 (0x8000) clamped is either zero (rule gcn5.valu.clamp_neg_zero): its sign is
    // open; hi 0.5 stays. Before note 0042's packed readings the move settled -0.
    let u = pack_clamp(0x3800_8000, FLUSH, None).unwrap();
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0xffff_7fff), "gcn5.valu.pack_clamp")
    );
}

#[test]
fn pkrtz_clamp_with_dx10_settles_a_signalling_nan_half_to_zero() {
    // MODE 0x10f (IEEE 0, DX10_CLAMP, flushed, round toward zero): the sNaN 0xff800001
    // in S1 gives a NaN high half whose sign and payload are open (rule
    // gcn5.valu.ieee0_snan); CLAMP with DX10_CLAMP makes any NaN +0, so the half is
    // settled. S0 = 1.5 (0x3fc00000) converts to 0x3e00 and clamps to 1.0 (0x3c00),
    // settled too; only the flags stay open.
    for t in Target::ALL {
        let (d, why) = run(
            t,
            "v_cvt_pkrtz_f16_f32 v0, v1, v2 clamp",
            0x10f,
            0x3fc0_0000,
            0xff80_0001,
        );
        assert_eq!(d, 0x0000_3c00);
        let u = why.unwrap();
        assert_eq!(
            (u.accept, u.flags_settled),
            (Accept::Mask(0xffff_ffff), false)
        );
    }
}

#[test]
fn clamp_leaves_saturated_packed_integers_alone() {
    // snorm(-1.0) = -32767 (0x8001), snorm(1.0) = 32767 (0x7fff), with or without CLAMP
    // (rule gcn5.valu.pk_int_clamp).
    for t in Target::ALL {
        for asm in [
            "v_cvt_pknorm_i16_f32 v0, v1, v2",
            "v_cvt_pknorm_i16_f32 v0, v1, v2 clamp",
        ] {
            assert_eq!(
                run(t, asm, 0x3f0, 0xbf80_0000, 0x3f80_0000),
                (0x7fff_8001, None)
            );
        }
    }
}

#[test]
fn a_signalling_nan_opens_the_nan_half_with_ieee_off() {
    assert_eq!(nan_halves_open(0x7e01_3c00), Some(0x7c00_ffff));
    assert_eq!(nan_halves_open(0x3c00_3c00), None);
    // MODE 0x100 (IEEE 0): the sNaN 0x7f800001 converts to a NaN in the low half, whose
    // sign and payload are open; the high half 1.0 (0x3c00) is settled.
    for t in Target::ALL {
        let (d, why) = run(
            t,
            "v_cvt_pkrtz_f16_f32 v0, v1, v2",
            0x100,
            0x7f80_0001,
            0x3f80_0000,
        );
        assert_eq!(d >> 16, 0x3c00);
        assert_eq!(d & 0x7c00, 0x7c00);
        let u = why.unwrap();
        assert_eq!(
            (u.accept, u.rule, u.flags_settled),
            (Accept::Mask(0xffff_7c00), "gcn5.valu.ieee0_snan", false)
        );
    }
}

#[test]
fn sdwa_on_a_packed_operand_is_refused_not_guessed() {
    // No SDWA form of V_DOT2C_F32_F16 decodes; one built by hand (an SDWA V_ADD_F32 given
    // the DOT2C row) is a pending error naming why (rule gcn5.valu.packed_sdwa).
    let t = Target::Gfx908;
    let mut inst = parse(
        t,
        "v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD",
    )
    .unwrap();
    inst.row = crate::instructions::by_name(t, "V_DOT2C_F32_F16").unwrap();
    let mut w = Wave {
        exec: 1,
        ..Wave::default()
    };
    let e = execute(&mut w, &inst).unwrap_err().to_string();
    assert!(e.contains("SDWA on a row with a packed operand"), "{e}");
    assert_eq!(w.vgpr[0][0], 0);
}
