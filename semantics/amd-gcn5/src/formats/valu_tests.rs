//! Unit tests of `valu` (kept apart to keep valu.rs short).
use super::*;
use crate::instructions::{by_name, rows};
use crate::target::Target;

fn row(n: &str) -> &'static Row {
    by_name(Target::Gfx908, n).unwrap()
}

#[test]
fn shapes_of_representative_rows() {
    let s = shape(row("V_ADD_CO_U32"));
    let roles: Vec<Role> = s.operands.iter().map(|o| o.role).collect();
    assert_eq!(roles, [Role::Vdst, Role::CarryOut, Role::Src0, Role::Src1]);
    assert!(s.e32 && s.e64 && s.mods.clamp && s.mods.float == 0);
    let s = shape(row("V_MADMK_F16"));
    assert!(s.e32 && !s.e64);
    assert_eq!(s.operands[2].role, Role::K);
    let s = shape(row("V_FMA_F64"));
    assert!(!s.e32 && s.e64 && s.mods.omod && s.mods.float == 0b111);
    assert_eq!(s.operands[0].ty, Ty::F64);
    let s = shape(row("V_CMP_CLASS_F16"));
    assert_eq!(s.operands[2].ty, Ty::I32);
    assert_eq!((s.mods.float, s.mods.sext, s.mods.clamp), (1, 0, false));
    let s = shape(row("V_MAD_U32_U16"));
    assert_eq!(s.operands[3].ty, Ty::I32);
    assert_eq!(s.mods.op_sel, 4);
    let s = shape(row("V_LDEXP_F32"));
    assert_eq!((s.mods.float, s.mods.sext), (1, 2));
    assert_eq!(shape(row("V_CVT_F16_F32")).operands[0].ty, Ty::F16);
    assert_eq!(shape(row("V_CVT_F16_F32")).operands[1].ty, Ty::F32);
}

#[test]
fn every_valu_row_has_a_shape_with_an_encoding() {
    for r in rows().filter(|r| is_valu(r)) {
        let s = shape(r);
        assert!(s.e32 || s.e64, "{}", r.name);
    }
}

#[test]
fn constants_print_per_type() {
    let half = VectorSrc::from_code(240).unwrap();
    let inv = VectorSrc::from_code(248).unwrap();
    assert_eq!(src_text(half, Ty::F16, 0), "0.5");
    assert_eq!(src_text(half, Ty::I16, 0), "0x3800");
    assert_eq!(src_text(inv, Ty::I16, 0), "0x3118");
    assert_eq!(src_text(inv, Ty::F32, 0), "0.15915494");
    assert_eq!(src_text(inv, Ty::F64, 0), "0.15915494309189532");
    let lit = VectorSrc::from_code(255).unwrap();
    assert_eq!(src_text(lit, Ty::F16, 0x1234_5678), "0x5678");
    assert_eq!(src_text(lit, Ty::F16, 0x3800), "0.5");
    assert_eq!(src_text(lit, Ty::F16, 0xffff_3800), "0x3800");
    assert_eq!(src_text(lit, Ty::V2F16, 0xffff_3800), "0.5");
    assert_eq!(src_text(lit, Ty::F16, 0x3f00_0000), "0");
    assert_eq!(src_text(lit, Ty::F32, 0x3f00_0000), "0.5");
    assert_eq!(src_text(lit, Ty::F64, 0x3f00_0000), "0x3f000000");
    assert_eq!(src_text(VectorSrc::Vgpr(4), Ty::F64, 0), "v[4:5]");
    // A 16-bit float operand reads f16 bits of an inline constant as the constant; a
    // 16-bit integer operand as a literal (both as llvm-mc's assembler).
    assert_eq!(parse_src("0x3800", Ty::F16), Ok((half, None)));
    assert_eq!(
        parse_src("0x3800", Ty::I16),
        Ok((VectorSrc::from_code(255).unwrap(), Some(0x3800)))
    );
    assert_eq!(parse_src("v[4:5]", Ty::F64), Ok((VectorSrc::Vgpr(4), None)));
    assert!(parse_src("v255", Ty::F64).is_err());
    assert!(parse_src("s1", Ty::I64).is_err());
}

#[test]
fn modifier_text_roundtrips() {
    for (t, abs, neg) in [
        ("-|v1|", true, true),
        ("|v1|", true, false),
        ("-v1", false, true),
    ] {
        assert_eq!(parse_mods(t), Ok(("v1", abs, neg, false)));
        assert_eq!(mod_text("v1", false, abs, neg, false), t);
    }
    assert_eq!(parse_mods("neg(0.5)"), Ok(("0.5", false, true, false)));
    assert_eq!(parse_mods("sext(v2)"), Ok(("v2", false, false, true)));
    assert_eq!(parse_mods("-1"), Ok(("-1", false, false, false)));
    assert!(parse_mods("|v1").is_err());
    assert!(parse_mods("").is_err());
}
