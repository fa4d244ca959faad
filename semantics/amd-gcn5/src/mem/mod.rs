//! Memory instructions over the wave state: scalar memory (SMEM), LDS/GDS (DS), buffers
//! (MUBUF/MTBUF), FLAT/GLOBAL/SCRATCH and images without a sampler (MIMG), with the manual's address and out-of-range rules
//! (issue 6). One module per format family; [`execute`] dispatches on the decoded fields.

pub mod atomic;
pub mod buffer;
pub mod ds;
pub mod flat;
pub mod image;
pub mod smem;

use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;
use crate::Row;

/// Whether a memory row is executed.
pub fn handles(row: &Row) -> bool {
    ds::handles(row.name)
        || smem::handles(row.name)
        || flat::handles(row)
        || buffer::handles(row)
        || image::handles(row)
}

/// Why a memory row is not executed, when a module says.
pub fn pending_reason(row: &Row) -> Option<&'static str> {
    ds::NOT_YET
        .iter()
        .chain(smem::NOT_YET)
        .chain(flat::NOT_YET)
        .chain(buffer::NOT_YET)
        .chain(image::NOT_YET)
        .find(|(n, _)| *n == row.name)
        .map(|(_, why)| *why)
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
