//! ALU semantics: one pure kernel per instruction, and the executors that read the
//! operands a decoded instruction names from a [`Wave`], run the kernel and write back
//! what it returns (docs/design/0019-gcn5-alu-execution.md).
//!
//! Today: the scalar ALU formats SOP2, SOPK, SOP1 and SOPC ([`salu`]), and the vector ALU
//! rows with a lane kernel ([`valu`], run by [`vexec`]). A scalar kernel
//! gets the operand values ([`ScalarIn`]) and returns only what the instruction writes
//! ([`ScalarOut`]); operand widths, inline constants, literals and register pairs are the
//! executor's business, so a kernel is the manual's pseudocode line and nothing else.
//! Instructions that index the register file or touch program state the wave model does
//! not hold yet (fork/join, MOVREL, GETREG/SETREG, RFE, VSKIP, GPR indexing mode) are
//! listed in [`salu::WAVE_LEVEL`] with the reason (program flow, [`crate::program`], runs
//! most of them now).
//!
//! This module is a leaf: it does not import [`crate::mem`] or [`crate::program`] (and they
//! do not import it); the dispatcher [`crate::exec`] chooses between them, from the row's
//! `Semantics`. The tables here are keyed by the manual's names as data; the executors find
//! a row's kernel by its id ([`scalar_kernel_of`], [`valu::kernel_of`]), from joins made
//! once ([`crate::isa::by_row`]).

pub mod mode;
pub mod salu;
pub mod valu;
pub mod vexec;
pub mod vpacked;

use crate::error::ExecError;
use crate::formats::salu::{shape, Slot};
use crate::formats::{Fields, Instruction};
use crate::instructions::Row;
use crate::isa;
use crate::operand::{ScalarReg, ScalarSrc};
use crate::wave::{Wave, Widen};
use gpuref_core::isa::RowId;
use gpuref_core::{SpecRef, Status};
use std::fmt;
use std::sync::OnceLock;

/// What a scalar kernel reads. Unused operands are 0. A 32-bit operand is in the low half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarIn {
    pub s0: u64,
    pub s1: u64,
    /// The destination register's value before the instruction (S_CMPK_* compare it,
    /// S_ADDK_I32 and S_MULK_I32 update it, S_BITSET* change one bit of it).
    pub d: u64,
    /// SIMM16 of SOPK.
    pub simm16: u16,
    pub scc: bool,
    pub exec: u64,
    pub m0: u32,
    /// Byte address of this instruction.
    pub pc: u64,
}

/// What a scalar kernel writes; `None` leaves the state as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarOut {
    pub d: Option<u64>,
    pub scc: Option<bool>,
    pub exec: Option<u64>,
    pub m0: Option<u32>,
    /// The next PC; `None` is the next instruction.
    pub pc: Option<u64>,
}

/// A scalar ALU kernel.
pub type ScalarKernel = fn(&ScalarIn) -> ScalarOut;

/// One row of a kernel table: the instruction, its kernel, how sure we are and where it
/// comes from. `status` is the instruction's main rule; open sub-questions are rules of
/// their own in the table's `RULES`. `K` is the kernel type: [`ScalarKernel`] or
/// [`valu::VectorKernel`].
#[derive(Clone, Copy)]
pub struct KernelRow<K> {
    pub name: &'static str,
    pub kernel: K,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

/// A table row (the tables are `const`: one aligned call per instruction).
pub(crate) const fn k<K>(
    name: &'static str,
    kernel: K,
    status: Status,
    cites: &'static [SpecRef],
) -> KernelRow<K> {
    KernelRow {
        name,
        kernel,
        status,
        cites,
    }
}

impl<K> fmt::Debug for KernelRow<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KernelRow({}, {})", self.name, self.status)
    }
}

/// A row of the scalar kernel table.
pub type ScalarKernelRow = KernelRow<ScalarKernel>;

/// The scalar kernel of the row with this id, if it has one: [`salu::KERNELS`] joined to
/// the rows once ([`isa::by_row`]), so the executor finds a kernel without comparing names.
pub fn scalar_kernel_of(id: RowId) -> Option<&'static ScalarKernelRow> {
    static TABLE: OnceLock<Vec<Option<&'static ScalarKernelRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(salu::KERNELS.iter().map(|k| (k.name, k))))[id.index()]
}

/// The scalar kernel of a row, if it has one.
pub fn kernel(row: &Row) -> Option<&'static ScalarKernelRow> {
    scalar_kernel_of(isa::row_id(row))
}

/// Why the ALU row with this id has no kernel yet, when an ALU table says (wave-level scalar
/// rows, vector rows waiting for a dispute note, the exempt interpolation and export rows):
/// the tables joined to the rows once.
pub fn pending_of(id: RowId) -> Option<&'static str> {
    static TABLE: OnceLock<Vec<Option<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        isa::by_row(
            salu::WAVE_LEVEL
                .iter()
                .chain(valu::not_yet())
                .chain(vexec::EXEMPT)
                .copied(),
        )
    })[id.index()]
}

/// How a 64-bit operand of `row` widens a 32-bit literal: sign extension for the `_I64`
/// operands, zero extension otherwise (docs/design/0019).
fn widen(row: &Row) -> Widen {
    if row.name.ends_with("_I64") {
        Widen::Sign
    } else {
        Widen::Zero
    }
}

/// Execute a scalar ALU instruction (SOP2, SOPK, SOP1, SOPC) with its kernel `k`: read the
/// operands, run the kernel, write what it returns and advance the PC. The dispatcher
/// ([`crate::exec::execute`]) found `k` from the row.
pub fn execute_scalar(
    wave: &mut Wave,
    inst: &Instruction,
    k: &ScalarKernelRow,
) -> Result<(), ExecError> {
    let row = inst.row;
    let (sdst, ssrc0, ssrc1, simm16) = match inst.fields {
        Fields::Sop2(f) => (f.sdst, Some(f.ssrc0), Some(f.ssrc1), 0),
        Fields::Sopk(f) => (f.sdst, None, None, f.simm16),
        Fields::Sop1(f) => (f.sdst, f.ssrc0, None, 0),
        Fields::Sopc(f) => match f.ssrc1 {
            crate::formats::SopcSrc1::Src(s) => (None, Some(f.ssrc0), Some(s), 0),
            crate::formats::SopcSrc1::GprIdxMode(_) => (None, Some(f.ssrc0), None, 0),
        },
        _ => return Err(ExecError::NotYet { name: row.name }),
    };
    let mut d_width = 1;
    let (mut w0, mut w1) = (1, 1);
    for slot in shape(row) {
        match slot {
            Slot::Sdst(w) => d_width = w,
            Slot::Ssrc0(w) => w0 = w,
            Slot::Ssrc1(w) => w1 = w,
            _ => {}
        }
    }
    let literal = inst.literal.unwrap_or(0);
    let read = |s: Option<ScalarSrc>, w| s.map_or(0, |s| wave.read_src(s, w, literal, widen(row)));
    let input = ScalarIn {
        s0: read(ssrc0, w0),
        s1: read(ssrc1, w1),
        d: sdst.map_or(0, |r: ScalarReg| wave.read_reg(r, d_width)),
        simm16,
        scc: wave.scc,
        exec: wave.exec,
        m0: wave.m0,
        pc: wave.pc,
    };
    let out = (k.kernel)(&input);
    if let (Some(r), Some(v)) = (sdst, out.d) {
        wave.write_reg(r, d_width, v);
    }
    if let Some(e) = out.exec {
        wave.exec = e;
    }
    if let Some(m) = out.m0 {
        wave.m0 = m;
    }
    if let Some(c) = out.scc {
        wave.scc = c;
    }
    wave.pc = out
        .pc
        .unwrap_or(wave.pc.wrapping_add(4 * inst.dwords() as u64));
    Ok(())
}

#[cfg(test)]
mod tests;
