//! Issue 6, "Done when": every GCN5 opcode row of both targets has executable semantics or
//! a stated exemption (`exec::pending_reason`), so `gpuref coverage`'s semantics and exempt
//! columns add up to its rows. A row added without either fails here, naming it.

use gpuref_amd_gcn5::exec::{has_semantics, pending_reason};
use gpuref_amd_gcn5::instructions::rows;
use gpuref_amd_gcn5::Target;

#[test]
fn every_row_has_semantics_or_a_stated_exemption() {
    for t in Target::ALL {
        let missing: Vec<&str> = rows()
            .filter(|r| r.targets.contains(t))
            .filter(|r| !has_semantics(r) && pending_reason(r).is_none())
            .map(|r| r.name)
            .collect();
        assert!(missing.is_empty(), "{t}: rows with neither: {missing:?}");
    }
}

#[test]
fn exempt_rows_say_why_and_executed_rows_do_not() {
    // The two columns never overlap: a row with semantics has no pending reason, and every
    // reason is a sentence, not a placeholder.
    for r in rows() {
        match (has_semantics(r), pending_reason(r)) {
            (true, Some(why)) => panic!("{} has semantics and a pending reason: {why}", r.name),
            (false, Some(why)) => assert!(why.len() > 20, "{}: {why}", r.name),
            _ => {}
        }
    }
}
