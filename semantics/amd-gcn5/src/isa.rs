//! GCN5/CDNA1 through the ISA seam of gpuref-core: the descriptor, typed row identity
//! ([`row_id`], [`row`]), what gives each row its semantics ([`semantics`]) and the
//! [`Isa`](gpuref_core::isa::Isa) impl the conformance registry uses.

use crate::formats::{self, Instruction};
use crate::instructions::{rows, Format, Row};
use crate::{exec, Target};
use gpuref_core::decode::DecodeError;
use gpuref_core::isa::{AsmError, Isa, IsaInfo, RowId, RowInfo, Semantics, TargetInfo};
use gpuref_core::{Rule, Spec};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The GCN5/CDNA1 ISA (`isa gcn5` in vector headers).
#[derive(Clone, Copy, Debug)]
pub struct Gcn5;

/// The targets, in [`Target::ALL`] order.
pub const TARGETS: &[TargetInfo] = &[
    TargetInfo {
        name: "gfx900",
        title: "AMD \"Vega\" (GCN5)",
        manual: Spec::Vega,
    },
    TargetInfo {
        name: "gfx908",
        title: "AMD Instinct MI100 (CDNA1)",
        manual: Spec::Mi100,
    },
];

pub const INFO: IsaInfo = IsaInfo {
    name: "gcn5",
    title: "AMD GCN5 \"Vega\" and CDNA1 \"MI100\"",
    targets: TARGETS,
    syntax: "LLVM's AMDGPU assembly",
};

/// Every row, in row-id order (the order of [`rows`]).
pub fn all_rows() -> &'static [&'static Row] {
    &index().rows
}

/// The typed identity of a row of the table.
pub fn row_id(row: &Row) -> RowId {
    let ix = index();
    RowId(ix.ids[&(row.format, row.opcode, row.name)])
}

/// The row with this id.
pub fn row(id: RowId) -> Option<&'static Row> {
    index().rows.get(id.index()).copied()
}

struct Index {
    rows: Vec<&'static Row>,
    ids: HashMap<(Format, u16, &'static str), u16>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let rows: Vec<&'static Row> = rows().collect();
        let ids = rows
            .iter()
            .enumerate()
            .map(|(i, r)| ((r.format, r.opcode, r.name), i as u16))
            .collect();
        Index { rows, ids }
    })
}

/// A table keyed by the manual's names (a kernel table, a list of exempt rows), joined to
/// the rows once: entry `i` is the first entry that names row `i`. Every row of that name
/// shares it (the VOP2 row and its VOP3 promotion, the gfx900 and gfx908 rows), as the
/// executors' `find(|k| k.name == row.name)` did on every instruction before (issue 16).
/// Leaves index the result by [`RowId`] and never compare names at run time.
pub fn by_row<T: Copy>(entries: impl IntoIterator<Item = (&'static str, T)>) -> Vec<Option<T>> {
    let mut first: HashMap<&'static str, T> = HashMap::new();
    for (name, v) in entries {
        first.entry(name).or_insert(v);
    }
    all_rows()
        .iter()
        .map(|r| first.get(r.name).copied())
        .collect()
}

/// What gives each row its semantics, in row-id order: classified once from the leaves'
/// tables ([`exec::classify`]), then the one answer the dispatcher, `has_semantics`,
/// `pending_reason` and the registry read.
fn semantics_table() -> &'static [Semantics] {
    static SEMANTICS: OnceLock<Vec<Semantics>> = OnceLock::new();
    SEMANTICS.get_or_init(|| {
        (0..all_rows().len())
            .map(|i| exec::classify(RowId(i as u16)))
            .collect()
    })
}

/// What gives the row with this id its semantics, or why it has none.
pub fn semantics_of(id: RowId) -> Semantics {
    semantics_table()[id.index()]
}

/// What gives a row its semantics, or why it has none.
pub fn semantics(row: &Row) -> Semantics {
    semantics_of(row_id(row))
}

impl Isa for Gcn5 {
    type Target = Target;
    type Instruction = Instruction;

    const INFO: &'static IsaInfo = &INFO;

    fn target(name: &str) -> Option<Target> {
        Target::parse(name)
    }

    fn decode(target: Target, words: &[u32]) -> Result<(Instruction, usize), DecodeError> {
        formats::decode(target, words)
    }

    fn encode(inst: &Instruction) -> Vec<u32> {
        formats::encode(inst)
    }

    fn parse(target: Target, text: &str) -> Result<Instruction, AsmError> {
        formats::parse(target, text).map_err(|e| AsmError {
            column: e.column,
            reason: e.reason,
        })
    }

    fn check(target: Target, inst: &Instruction, text: &str) -> Result<(), AsmError> {
        formats::legality::check(target, inst).map_err(|v| {
            let e = formats::legality::located(text, &v);
            AsmError {
                column: e.column,
                reason: e.reason,
            }
        })
    }

    fn row_of(inst: &Instruction) -> RowId {
        row_id(inst.row)
    }

    fn rows(target: Target) -> Vec<RowInfo> {
        all_rows()
            .iter()
            .filter(|r| r.targets.contains(target))
            .map(|r| RowInfo {
                id: row_id(r),
                mnemonic: r.mnemonic(),
                format: r.format.name(),
                opcode: u32::from(r.opcode),
                cites: r.cites,
                semantics: semantics(r),
            })
            .collect()
    }

    fn rules() -> Vec<&'static Rule> {
        crate::rules::rules()
            .chain(formats::legality::RULES)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_a_distinct_id_that_finds_it_again() {
        let all = all_rows();
        assert!(all.len() > 1000, "{}", all.len());
        for (i, r) in all.iter().enumerate() {
            let id = row_id(r);
            assert_eq!(id.index(), i, "{}", r.name);
            assert_eq!(row(id).map(|x| x.name), Some(r.name));
        }
    }

    #[test]
    fn targets_follow_target_all() {
        for (t, info) in Target::ALL.iter().zip(TARGETS) {
            assert_eq!(t.name(), info.name);
            assert_eq!(Gcn5::target(info.name), Some(*t));
        }
    }

    #[test]
    fn rows_say_what_gives_them_semantics() {
        let kind = |name: &str| {
            let r = crate::instructions::by_name(Target::Gfx908, name).unwrap();
            semantics(r)
        };
        assert_eq!(kind("s_add_u32"), Semantics::ScalarKernel);
        assert_eq!(kind("v_add_f32"), Semantics::LaneKernel);
        assert_eq!(kind("ds_read_b32"), Semantics::MemoryOp);
        assert_eq!(kind("s_branch"), Semantics::ProgramFlow);
        assert_eq!(kind("v_readlane_b32"), Semantics::WaveOp);
        assert_eq!(kind("v_mfma_f32_4x4x1f32"), Semantics::WaveOp);
        assert!(matches!(kind("v_interp_p1_f32"), Semantics::Exempt(_)));
    }

    #[test]
    fn parse_decode_encode_through_the_trait() {
        let inst = Gcn5::parse(Target::Gfx900, "v_add_f32 v0, v1, v2").unwrap();
        let words = Gcn5::encode(&inst);
        let (back, n) = Gcn5::decode(Target::Gfx900, &words).unwrap();
        assert_eq!(n, words.len());
        assert_eq!(back.to_string(), "v_add_f32_e32 v0, v1, v2");
        assert_eq!(row(Gcn5::row_of(&back)).map(|r| r.name), Some("V_ADD_F32"));
        let e = Gcn5::parse(Target::Gfx900, "v_add_f32 v0, v1, bogus").unwrap_err();
        assert!(e.column > 1, "{e}");
    }
}
