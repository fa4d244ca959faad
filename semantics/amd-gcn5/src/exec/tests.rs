//! The dispatcher's classification against the tables of every leaf.

use super::*;
use crate::instructions::{rows, Format};

fn is_scalar_alu(f: Format) -> bool {
    matches!(f, Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc)
}

/// Every SOP2/SOPK/SOP1/SOPC row of both targets has exactly one kernel or is listed as
/// wave-level, and every kernel names such a row.
#[test]
fn every_scalar_alu_row_has_a_kernel_or_a_reason() {
    let mut missing = Vec::new();
    for r in rows().filter(|r| is_scalar_alu(r.format)) {
        let kernels = alu::salu::KERNELS
            .iter()
            .filter(|k| k.name == r.name)
            .count();
        let wave = alu::salu::WAVE_LEVEL
            .iter()
            .filter(|(n, _)| *n == r.name)
            .count()
            + usize::from(program::handles(r.name));
        if kernels + wave != 1 {
            missing.push((r.name, kernels, wave));
        }
    }
    assert!(
        missing.is_empty(),
        "rows without exactly one kernel or reason: {missing:?}"
    );
    for k in alu::salu::KERNELS {
        let row = rows().find(|r| r.name == k.name);
        assert!(
            row.is_some_and(|r| is_scalar_alu(r.format)),
            "{} is not a scalar ALU row",
            k.name
        );
        assert!(!k.cites.is_empty(), "{}: no citation", k.name);
    }
    for (name, reason) in alu::salu::WAVE_LEVEL {
        assert!(rows().any(|r| r.name == *name), "{name} is not a row");
        assert!(!reason.is_empty());
    }
}
