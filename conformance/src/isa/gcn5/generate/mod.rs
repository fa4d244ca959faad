//! GCN5/CDNA1's part of the corpus: encoding vectors, ALU value vectors (one file per
//! instruction), state-transition vectors.

pub mod alu;
pub mod alu_corpus;
pub mod encoding;
pub mod state;

pub use crate::generate::{case_id, Generated, Rng};

/// The header keys every generated GCN5/CDNA1 file shares: its expectations come from
/// semantics/core, semantics/float and semantics/amd-gcn5 (see build.rs).
pub fn common_header() -> Vec<(String, String)> {
    let mut h = crate::generate::common_header();
    for (k, v) in h.iter_mut() {
        if k == "semantics" {
            *v = format!(
                "fnv1a64:{} (semantics/core + semantics/float + semantics/amd-gcn5 sources)",
                env!("GPUREF_SEMANTICS_HASH_AMD_GCN5")
            );
        }
    }
    h
}
