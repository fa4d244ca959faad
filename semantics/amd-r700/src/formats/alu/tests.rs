//! ALU text: forms the printer never emits but the parser accepts, and bad text located.

use super::*;
use crate::program::parse_unit;

const T: Target = Target::Rv770;

fn words(text: &str) -> Vec<u32> {
    parse_unit(T, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .words()
}

#[test]
fn equivalent_spellings_assemble_alike() {
    // No blank after the commas; INDEX_MODE given as a flag agrees with the operand's.
    assert_eq!(
        words("x: MOV R1[aL].x,C5[aL].y INDEX_MODE(aL)"),
        words("x: MOV R1[aL].x, C5[aL].y")
    );
    // `____` and R0.x NOWRITE are the same bits.
    assert_eq!(
        words("y: ADD ____, R0.x, R0.y"),
        words("y: ADD R0.y, R0.x, R0.y NOWRITE")
    );
    // Inline constants and PS take an optional channel, which is encoded.
    assert_eq!(words("x: MOV R0.x, PS")[0], 255);
    assert_eq!(words("x: MOV R0.x, PS.y")[0], 255 | 1 << 10);
    assert_eq!(words("x: MOV R0.x, -1.0")[0], 249 | 1 << 12);
}

/// Bad text: the 1-based column of the culprit and why.
#[test]
fn bad_text_is_located() {
    let cases: &[(&str, usize, &str)] = &[
        ("x: FOO R0.x, R1.x", 4, "unknown ALU mnemonic"),
        ("x: MUL R0.y, R1.x, R1.y", 8, "channel must be the slot's"),
        ("x: MUL R0.x, R128.x, R1.y", 14, "not a source operand"),
        ("x: MUL R0.x, R1, R1.y", 14, "needs a channel"),
        ("x: MUL R0.x, R1.x", 4, "reads 2 sources"),
        ("x: MUL R0.x, R1.x, R2.x, R3.x", 26, "at most 2 sources"),
        ("x: MUL R0.x, R1.x, R2.x SHOUT", 25, "not an ALU flag"),
        ("x: MUL R0.x, R1.x, R2.x LAST LAST", 30, "given twice"),
        (
            "x: MULADD ____, R1.x, R2.x, R3.x",
            11,
            "OP3 has no write mask",
        ),
        (
            "x: MULADD R0.x, |R1.x|, R2.x, R3.x",
            17,
            "no absolute value",
        ),
        ("x: MOV R1[aL].x, C5[AR.x].y", 18, "one INDEX_MODE"),
        ("x: MOV R1[foo].x, R0.x", 8, "not an index mode"),
        ("x: MUL R0.x, R1.x,, R2.x", 19, "missing between commas"),
        (
            "x: MUL R0.x, R1.x, R2.x BANK_SWIZZLE(6)",
            25,
            "not an ALU flag",
        ),
        ("x: MUL R0.x, R1.x, KC0[32].x", 20, "not a source operand"),
    ];
    for &(text, col, why) in cases {
        let e = parse_unit(T, text).unwrap_err();
        assert!(e.reason.contains(why), "{text}: {e}");
        assert_eq!(e.column, col, "{text}: {e}");
    }
}
