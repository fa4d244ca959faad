//! table_lint: the instruction table is consistent with itself and with the manual's counts.

use super::*;
use std::collections::HashMap;

/// Rows per format in the Vega manual's opcode tables (counted from the manual's tables;
/// VOP3 splits into VOP3A and the four VOP3B rows of "Table: VOP3B Opcodes").
const VEGA_COUNTS: &[(Format, usize)] = &[
    (Format::Sop2, 53),
    (Format::Sopk, 21),
    (Format::Sop1, 54),
    (Format::Sopc, 20),
    (Format::Sopp, 31),
    (Format::Smem, 84),
    (Format::Vop2, 55),
    (Format::Vop1, 78),
    (Format::Vopc, 198),
    (Format::Vop3a, 103),
    (Format::Vop3b, 4),
    (Format::Vop3p, 22),
    (Format::Vop3pMai, 0),
    (Format::Vintrp, 3),
    (Format::Ds, 154),
    (Format::Mubuf, 69),
    (Format::Mtbuf, 16),
    (Format::Mimg, 92),
    (Format::Flat, 48),
    (Format::Scratch, 22),
    (Format::Global, 48),
    (Format::Exp, 1),
];

/// gfx908 differs from the manual's gfx900 rows by these additions and removals (LLVM
/// gfx908; the MAD_MIX rows are renamed FMA_MIX, same opcodes; the three half-precision
/// gathers IMAGE_GATHER4H, IMAGE_GATHER4H_PCK and IMAGE_GATHER8H_PCK are not in LLVM's
/// gfx908, docs/design/0016).
const GFX908_EXTRA: &[(Format, isize)] = &[
    (Format::Vop2, 7),
    (Format::Vop3p, 7),
    (Format::Vop3pMai, 22),
    (Format::Mubuf, 2),
    (Format::Global, 2),
    (Format::Mimg, -3),
];

#[test]
fn row_counts_per_format_and_target() {
    for t in Target::ALL {
        for (f, vega) in VEGA_COUNTS {
            let extra = if t == Target::Gfx908 {
                GFX908_EXTRA
                    .iter()
                    .find(|(g, _)| g == f)
                    .map_or(0, |(_, n)| *n)
            } else {
                0
            };
            let n = rows()
                .filter(|r| r.format == *f && r.targets.contains(t))
                .count();
            assert_eq!(
                n as isize,
                *vega as isize + extra,
                "{t} {}: {n} rows",
                f.name()
            );
        }
    }
}

#[test]
fn no_two_rows_share_an_encoding_on_a_target() {
    for t in Target::ALL {
        let mut seen: HashMap<(Format, u16), &str> = HashMap::new();
        for r in rows().filter(|r| r.targets.contains(t)) {
            let mut keys = vec![(r.format, r.opcode)];
            if let Some(p) = r.promotion() {
                keys.push((p.format, p.opcode));
            }
            for k in keys {
                // VOP3A and VOP3B share one opcode space (bits [25:16] of the VOP3 word).
                let space = match k.0 {
                    Format::Vop3b => (Format::Vop3a, k.1),
                    _ => k,
                };
                if let Some(other) = seen.insert(space, r.name) {
                    panic!(
                        "{t}: {} and {} both encode as {} opcode {}",
                        other,
                        r.name,
                        k.0.name(),
                        k.1
                    );
                }
            }
        }
    }
}

#[test]
fn names_are_unique_per_target() {
    for t in Target::ALL {
        let mut seen = HashMap::new();
        for r in rows().filter(|r| r.targets.contains(t)) {
            assert!(
                seen.insert(r.name, r.opcode).is_none(),
                "{t}: {} twice",
                r.name
            );
        }
    }
}

#[test]
fn every_row_cites_its_source_for_each_target() {
    for r in rows() {
        assert!(!r.cites.is_empty(), "{}: no citation", r.name);
        if r.targets.contains(Target::Gfx900) {
            assert!(
                r.cites.iter().any(|c| c.spec == Spec::Vega),
                "{}: gfx900 row without a Vega section",
                r.name
            );
        }
        if r.targets.contains(Target::Gfx908) {
            assert!(
                r.cites.contains(&LLVM_GFX908),
                "{}: gfx908 row without its LLVM source",
                r.name
            );
        }
    }
}

#[test]
fn opcodes_fit_their_fields() {
    // OP field widths, from the field tables of the Vega manual's "Microcode Formats"
    // chapter (SOP2 [29:23], SOPK [27:23], SOP1 [15:8], SOPC and SOPP [22:16], SMEM [25:18],
    // VOP2 [30:25], VOP1 [16:9], VOPC [24:17], VOP3 [25:16], VOP3P [22:16], VINTRP [17:16],
    // DS [24:17], MTBUF [18:15], MUBUF and FLAT [24:18], MIMG [0] and [24:18]).
    let width = |f: Format| match f {
        Format::Sopk => 5,
        Format::Vop2 => 6,
        Format::Sop2 | Format::Sopc | Format::Sopp | Format::Vop3p | Format::Vop3pMai => 7,
        Format::Mubuf | Format::Flat | Format::Scratch | Format::Global => 7,
        Format::Sop1 | Format::Smem | Format::Vop1 | Format::Vopc | Format::Ds | Format::Mimg => 8,
        Format::Vop3a | Format::Vop3b => 10,
        Format::Mtbuf => 4,
        Format::Vintrp => 2,
        Format::Exp => 0,
    };
    for r in rows() {
        assert!(
            u32::from(r.opcode) < 1 << width(r.format).max(1),
            "{} opcode {} does not fit {}",
            r.name,
            r.opcode,
            r.format.name()
        );
        if let Some(p) = r.promotion() {
            assert!(
                u32::from(p.opcode) < 1 << 10,
                "{}: VOP3 opcode {}",
                r.name,
                p.opcode
            );
        }
    }
}

#[test]
fn lookups_and_promotions() {
    let r = by_name(Target::Gfx900, "v_add_f32").expect("v_add_f32");
    assert_eq!((r.format, r.opcode), (Format::Vop2, 1));
    assert_eq!(
        r.promotion(),
        Some(Promotion {
            format: Format::Vop3a,
            opcode: 0x101
        })
    );
    let r = by_name(Target::Gfx908, "V_ADD_CO_U32").expect("v_add_co_u32");
    assert_eq!(r.promotion().map(|p| p.format), Some(Format::Vop3b));
    assert_eq!(
        by_opcode(Target::Gfx900, Format::Vop3a, 0x101).map(|r| r.name),
        Some("V_ADD_F32")
    );
    assert_eq!(
        by_opcode(Target::Gfx900, Format::Vop3p, 32).map(|r| r.name),
        Some("V_MAD_MIX_F32")
    );
    assert_eq!(
        by_opcode(Target::Gfx908, Format::Vop3p, 32).map(|r| r.name),
        Some("V_FMA_MIX_F32")
    );
    assert!(by_name(Target::Gfx900, "v_mfma_f32_32x32x1f32").is_none());
    assert!(by_name(Target::Gfx908, "v_mfma_f32_32x32x1f32").is_some());
}
