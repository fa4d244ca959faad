//! Groups typed by hand against §4.3, §4.4 and §4.8: the units each instruction gets and
//! the violations, with their dwords.

use super::*;
use crate::program::parse;
use crate::Target;

fn program(text: &str) -> Program {
    parse(Target::Rv770, text).unwrap()
}

fn units(text: &str, a: Ambiguous) -> Vec<AluUnit> {
    let p = program(text);
    let g = groups(&p);
    assert_eq!(g.len(), 1);
    assert_eq!(validate(&p, a), vec![], "{text}");
    assign(&g[0], a).unwrap()
}

fn rules(text: &str) -> Vec<(usize, &'static str)> {
    validate(&program(text), Ambiguous::ToVector)
        .into_iter()
        .map(|v| (v.dword, v.rule))
        .collect()
}

#[test]
fn units_follow_section_4_4() {
    use AluUnit::*;
    // A second instruction for element X goes to ALU.Trans.
    let t = "x: MUL R0.x, R1.x, R1.y\ny: MUL R0.y, R1.x, R1.y\nx: ADD R2.x, R1.x, R1.y LAST";
    assert_eq!(units(t, Ambiguous::ToVector), [X, Y, Trans]);
    // The ambiguous last instruction: CONFIG.ALU_INST_PREFER_VECTOR decides.
    let t = "x: MUL R0.x, R1.x, R1.y\nw: MUL R0.w, R1.x, R1.y LAST";
    assert_eq!(units(t, Ambiguous::ToVector), [X, W]);
    assert_eq!(units(t, Ambiguous::ToTrans), [X, Trans]);
    // Trans-only and vector-only rows are not ambiguous.
    let t = "x: MOVA_INT R0.x, R1.x\nx: RECIP_IEEE R2.x, R1.x LAST";
    assert_eq!(units(t, Ambiguous::ToVector), [X, Trans]);
    assert_eq!(
        units("x: MOVA_INT R0.x, R1.x LAST", Ambiguous::ToTrans),
        [X]
    );
    // The four slots of a reduction, and two double pairs in one group.
    let t = "x: DOT4 R0.x, R1.x, R2.x\ny: DOT4 R0.y, R1.y, R2.y\nz: DOT4 R0.z, R1.z, R2.z\nw: DOT4 R0.w, R1.w, R2.w LAST";
    assert_eq!(units(t, Ambiguous::ToTrans), [X, Y, Z, W]);
    let t = "x: ADD_64 R0.x, R1.x, R2.x\ny: ADD_64 R0.y, R1.y, R2.y\nz: FRACT_64 R3.z, R1.z\nw: FRACT_64 R3.w, R1.w\nx: MUL R5.x, R1.x, R1.y LAST";
    assert_eq!(units(t, Ambiguous::ToVector), [X, Y, Z, W, Trans]);
}

#[test]
fn violations_name_the_dword_and_the_rule() {
    // RECIP_IEEE is trans-only and not last; the MUL for ALU.Y then comes after ALU.Trans.
    assert_eq!(
        rules("x: RECIP_IEEE R0.x, R1.x\ny: MUL R0.y, R1.x, R1.y LAST"),
        [
            (0, "r700.alu.group.trans_last"),
            (2, "r700.alu.group.order")
        ]
    );
    // Two trans-only instructions.
    assert_eq!(
        rules("x: SIN R0.x, R1.x\nx: COS R0.x, R1.x LAST"),
        [
            (0, "r700.alu.group.trans_last"),
            (2, "r700.alu.group.assignment")
        ]
    );
    // Two vector-only instructions for ALU.X.
    assert_eq!(
        rules("x: MOVA_INT R0.x, R1.x\nx: MOVA_FLOOR R0.x, R1.x LAST"),
        [(2, "r700.alu.group.assignment")]
    );
    // Out of order: ALU.Y before ALU.X.
    assert_eq!(
        rules("y: MUL R0.y, R1.x, R1.y\nx: MUL R0.x, R1.x, R1.y LAST"),
        [(2, "r700.alu.group.order")]
    );
    // A reduction on three slots; a double pair without its second slot.
    assert_eq!(
        rules("x: DOT4 R0.x, R1.x, R2.x\ny: DOT4 R0.y, R1.y, R2.y\nz: DOT4 R0.z, R1.z, R2.z LAST"),
        [
            (0, "r700.alu.group.multi_slot"),
            (2, "r700.alu.group.multi_slot"),
            (4, "r700.alu.group.multi_slot")
        ]
    );
    assert_eq!(
        rules("z: ADD_64 R0.z, R1.z, R2.z LAST"),
        [(0, "r700.alu.group.multi_slot")]
    );
    // Legal groups in several groups and clause units between them.
    assert_eq!(
        rules("ALU ADDR(2) COUNT(2)\nNOP END_OF_PROGRAM\nx: MOV R0.x, literal.x LAST\nLITERAL 0 0\nx: MUL R1.x, R0.x, R0.x LAST").len(),
        0
    );
}

/// §4.7.7's examples, typed from the manual (BANK_SWIZZLE 0 = ALU_VEC_012, 2 = _120,
/// 3 = _102, 4 = _201).
#[test]
fn read_ports_follow_section_4_7_7() {
    // "GPR0.X <= GPR1.X * GPR2.X + GPR1.X": one operand on two cycles, two ports: legal.
    assert_eq!(
        rules("x: MULADD R0.x, R1.x, R2.x, R1.x\ny: MULADD R0.y, R1.y, R2.y, R1.y LAST"),
        []
    );
    // Squares: src1 shares src0's read, on src0's cycle.
    assert_eq!(
        rules("x: MUL R0.x, R1.x, R1.x\ny: MUL R0.y, R1.y, R1.y BANK_SWIZZLE(2) LAST"),
        []
    );
    assert_eq!(
        rules("x: MUL R0.x, R1.x, R1.x\ny: MUL R0.y, R1.y, R1.y BANK_SWIZZLE(3)\nz: MUL R0.z, R2.y, R2.x LAST"),
        []
    );
    // The illegal example: GPR1.X and then GPR3.X, GPR2.X on cycle 0 of the X memory.
    assert_eq!(
        rules("x: MUL R0.x, R1.x, R2.x\ny: MUL R0.y, R3.x, R1.y\nz: MUL R0.z, R2.x, R1.y LAST"),
        [
            (2, "r700.alu.group.read_port"),
            (4, "r700.alu.group.read_port")
        ]
    );
    // Its workaround with ALU_VEC_201 and ALU_VEC_102.
    assert_eq!(
        rules("x: MUL R0.x, R1.x, R2.x\ny: MUL R0.y, R3.x, R1.y BANK_SWIZZLE(4)\nz: MUL R0.z, R2.x, R1.y BANK_SWIZZLE(3) LAST"),
        []
    );
    // Constants and PV have no cycle restriction; relative GPRs are not known statically.
    assert_eq!(
        rules("x: MUL R0.x, R1.x, C0.x\ny: MUL R0.y, R1.x, PV.x\nz: MUL R0.z, R3[aL].x, R1.y LAST"),
        []
    );
}

#[test]
fn trans_constants_and_swizzles() {
    // At most two constants on ALU.Trans (§4.7.5, §4.7.8.1).
    assert_eq!(
        rules("x: MULADD R0.x, C0.x, KC0[1].y, literal.x LAST\nLITERAL 0 0"),
        []
    );
    assert_eq!(
        rules(
            "x: MUL R0.x, R1.x, R1.y\nx: MULADD R2.x, C0.x, KC0[1].y, literal.x LAST\nLITERAL 0 0"
        ),
        [(2, "r700.alu.group.trans_constants")]
    );
    // ALU_SCL_* are 0-3.
    assert_eq!(
        rules("x: MUL R0.x, R1.x, R1.y\nx: RECIP_IEEE R2.x, R1.x BANK_SWIZZLE(4) LAST"),
        [(2, "r700.alu.group.bank_swizzle")]
    );
}
