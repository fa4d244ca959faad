//! The dispatcher's classification against the tables of every leaf.

use super::*;
use crate::instructions::{rows, Format, Row};

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

/// The classification by name, as the executors searched their tables on every instruction
/// before the tables were joined to row ids (issue 16): the per-row answers must not change.
fn by_name(row: &Row) -> (Semantics, bool, Option<&'static str>) {
    let reason = || {
        if program::handles(row.name) {
            return None;
        }
        alu::salu::WAVE_LEVEL
            .iter()
            .chain(alu::valu::not_yet())
            .chain(alu::vexec::EXEMPT)
            .chain(program::NOT_YET)
            .chain(mem::ds::NOT_YET)
            .chain(mem::smem::NOT_YET)
            .chain(mem::flat::NOT_YET)
            .chain(mem::buffer::NOT_YET)
            .chain(mem::image::NOT_YET)
            .find(|(n, _)| *n == row.name)
            .map(|(_, why)| *why)
    };
    let scalar = alu::salu::KERNELS.iter().any(|k| k.name == row.name);
    let executable = scalar
        || alu::vexec::handles(row.name)
        || alu::vpacked::has_semantics(row.name)
        || program::handles(row.name)
        || mem::handles(row);
    let semantics = if program::handles(row.name) {
        Semantics::ProgramFlow
    } else if mem::handles(row) {
        Semantics::MemoryOp
    } else if let Some(why) = reason() {
        Semantics::Exempt(why)
    } else if scalar {
        Semantics::ScalarKernel
    } else if alu::valu::kernel(row.name).is_some() {
        Semantics::LaneKernel
    } else if alu::vexec::handles(row.name) || alu::vpacked::has_semantics(row.name) {
        Semantics::WaveOp
    } else if matches!(row.format, Format::Sopp) {
        Semantics::ProgramFlow
    } else {
        Semantics::Exempt(NO_SEMANTICS_YET)
    };
    (semantics, executable, reason())
}

#[test]
fn the_row_id_tables_classify_every_row_as_the_names_did() {
    let mut differ = Vec::new();
    for r in isa::all_rows() {
        let old = by_name(r);
        let new = (isa::semantics(r), has_semantics(r), pending_reason(r));
        if old != new {
            differ.push(format!("{} {:?}: {old:?} -> {new:?}", r.name, r.format));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The handler tables index what the kernel tables name: every row a table names exists
/// and finds that entry again by its id.
#[test]
fn the_row_id_tables_find_the_named_entries() {
    for r in isa::all_rows() {
        let id = isa::row_id(r);
        assert_eq!(
            alu::scalar_kernel_of(id).map(|k| k.name),
            alu::salu::KERNELS
                .iter()
                .find(|k| k.name == r.name)
                .map(|k| k.name)
        );
        assert_eq!(
            alu::valu::kernel_of(id).map(|k| k.name),
            alu::valu::kernel(r.name).map(|k| k.name)
        );
        assert_eq!(
            program::row_of(id).map(|p| p.name),
            program::row(r.name).map(|p| p.name)
        );
    }
}
