//! Memory instructions over the wave state: scalar memory (SMEM), LDS/GDS (DS), buffers
//! (MUBUF/MTBUF), FLAT/GLOBAL/SCRATCH and images without a sampler (MIMG), with the manual's address and out-of-range rules
//! (issue 6). One module per format family; [`execute`] dispatches on the decoded fields.
//! A leaf: the crate's dispatcher ([`crate::exec`]) calls it; it imports neither
//! [`crate::alu`] nor [`crate::program`] (what they share is in [`crate::error`] and
//! [`crate::wave`]).

pub mod atomic;
pub mod buffer;
pub mod ds;
pub mod flat;
pub mod image;
pub mod smem;

use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;
use crate::{isa, Row};
use gpuref_core::isa::RowId;
use std::sync::OnceLock;

/// Whether a memory row is executed.
pub fn handles(row: &Row) -> bool {
    ds::handles(row.name)
        || smem::handles(row.name)
        || flat::handles(row)
        || buffer::handles(row)
        || image::handles(row)
}

/// [`handles`] of the row with this id, asked once per row.
pub fn handles_id(id: RowId) -> bool {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| isa::all_rows().iter().map(|r| handles(r)).collect())[id.index()]
}

/// Why the memory row with this id is not executed, when a module says (the modules'
/// `NOT_YET` lists joined to the rows once).
pub fn pending_of(id: RowId) -> Option<&'static str> {
    static TABLE: OnceLock<Vec<Option<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        isa::by_row(
            ds::NOT_YET
                .iter()
                .chain(smem::NOT_YET)
                .chain(flat::NOT_YET)
                .chain(buffer::NOT_YET)
                .chain(image::NOT_YET)
                .copied(),
        )
    })[id.index()]
}

/// Execute a memory instruction; `None` when `inst` is not one.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Option<Result<(), ExecError>> {
    Some(match inst.fields {
        Fields::Ds(_) => ds::execute(wave, inst),
        Fields::Smem(_) => smem::execute(wave, inst),
        Fields::Flat(_) => flat::execute(wave, inst),
        Fields::Buf(_) => buffer::execute(wave, inst),
        Fields::Mimg(_) => image::execute(wave, inst),
        _ => return None,
    })
}
