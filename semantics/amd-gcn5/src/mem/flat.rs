//! FLAT, GLOBAL and SCRATCH instructions: aperture classification, scratch addressing,
//! offsets, atomics (Vega manual "Flat Memory Instructions", "FLAT, Scratch and Global
//! Instructions"; MI100's float atomics). Decisions: docs/design/0031-gcn5-smem-flat-execution.md.
//!
//! Per active lane (EXEC bit set) the instruction finds a place ([`place`]): memory, an LDS
//! offset (FLAT in the shared aperture), a private (scratch) offset, or a violation (GLOBAL
//! in the shared aperture). It then moves the row's bytes ([`lane`]): loads write VDST,
//! stores write memory, atomics compute the new value ([`atomic`]) and return the pre-op
//! value to VDST only when GLC = 1. Lanes run in order 0..63; where two active lanes write
//! the same byte the outcome is unsettled (`gcn5.flat.lane_order`).

mod lane;
pub(crate) mod place;

use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;
use crate::Row;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// Rows of this family without semantics yet, with the reason (none: every FLAT, GLOBAL
/// and SCRATCH row of both targets runs; LDS = 1 and NV = 1 do not decode).
pub const NOT_YET: &[(&str, &str)] = &[];

/// Whether this family executes the row.
pub fn handles(row: &Row) -> bool {
    use crate::instructions::Format;
    matches!(row.format, Format::Flat | Format::Global | Format::Scratch)
}

const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0031-gcn5-smem-flat-execution.md");
const FLAT_MEM: SpecRef = SpecRef::new(Spec::Vega, "Flat Memory Instructions");
const ADDRESSING: SpecRef = SpecRef::new(Spec::Vega, "Addressing");
const ERRORS: SpecRef = SpecRef::new(Spec::Vega, "Memory Error Checking");
const FLAT_TABLE: SpecRef = SpecRef::new(Spec::Vega, "Flat Instructions");

/// Rule ids of unsettled results (their text is in [`RULES`]).
pub const APERTURE: &str = "gcn5.flat.aperture";
pub const SCRATCH: &str = "gcn5.flat.scratch_swizzle";
pub const ALIGN: &str = "gcn5.flat.align";
pub const D16: &str = "gcn5.flat.d16";
pub const SBYTE_D16: &str = "gcn5.flat.sbyte_d16";
pub const FLOAT_ATOMIC: &str = "gcn5.flat.float_atomic";
pub const LANE_ORDER: &str = "gcn5.flat.lane_order";

/// Decisions of the FLAT/GLOBAL/SCRATCH executor (docs/design/0031).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: APERTURE, status: Status::Unspecified,
        cites: &[FLAT_MEM, SpecRef::new(Spec::Vega, "Scalar ALU Operands"), NOTE],
        statement: "a FLAT address is in the shared (private) aperture when its bits 63:32 lie in [SRC_SHARED_BASE, SRC_SHARED_LIMIT] ([SRC_PRIVATE_BASE, SRC_PRIVATE_LIMIT]); an aperture whose base and limit are both 0 is not configured and holds nothing; otherwise the address is global" },
    Rule { id: "gcn5.flat.offset", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "Flat, Global and Scratch Microcode Formats"), SpecRef::new(Spec::Vega, "Global")],
        statement: "FLAT adds OFFSET[11:0] unsigned (bit 12 ignored, so never a negative offset); GLOBAL and SCRATCH add OFFSET as a 13-bit signed byte offset" },
    Rule { id: "gcn5.flat.global_saddr", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Global"), SpecRef::new(Spec::Vega, "Scratch"), NOTE],
        statement: "GLOBAL with SADDR: address = SGPR pair + VGPR (\"always 32 bits\", zero-extended as SCRATCH's \"32-bit unsigned\" offset) + offset; with SADDR off: the VGPR pair + offset, wrapping at 2^64" },
    Rule { id: "gcn5.flat.lds", status: Status::Specified,
        cites: &[FLAT_MEM, ERRORS],
        statement: "a FLAT address in the shared aperture accesses LDS at address - aperture base; LDS bytes outside [0, MIN(M0, LDS_SIZE) - 1] read 0, are not written, and set TRAPSTS.MEM_VIOL (bit 8)" },
    Rule { id: "gcn5.flat.global_lds", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Global"), ERRORS],
        statement: "a GLOBAL lane whose address lies in the shared aperture \"returns MEM_VIOL\": TRAPSTS.MEM_VIOL is set, the lane reads 0 and writes nothing (the bad-address policy)" },
    Rule { id: SCRATCH, status: Status::Unspecified,
        cites: &[ADDRESSING, SpecRef::new(Spec::Vega, "Scratch"), SpecRef::new(Spec::Vega, "Swizzled Buffer Use Cases"), NOTE],
        statement: "scratch addresses are FLAT_SCRATCH + swizzle(offset, lane) with an unstated swizzle: gpuref uses the buffer swizzle with element size 4 and index stride 64 (byte o of lane t at (o & ~3) * 64 + t * 4 + (o & 3)) and marks every scratch load lane and stored byte unsettled" },
    Rule { id: "gcn5.flat.scratch_range", status: Status::Unspecified,
        cites: &[ERRORS, NOTE],
        statement: "scratch accesses outside [0, scratch-size - 1] read 0 and write nothing, but the wave state has no scratch size: gpuref checks no scratch range" },
    Rule { id: ALIGN, status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "Alignment"), ERRORS, SpecRef::new(Spec::Vega, "Scratch"), NOTE],
        statement: "dword and larger FLAT/GLOBAL accesses ignore the two address LSBs (the buffer rule; FLAT is \"nearly identical\"), while misaligned data is also listed as a memory violation: gpuref clears the LSBs, sets no violation, and marks a misaligned lane's result unsettled; SCRATCH allows misaligned access" },
    Rule { id: D16, status: Status::Contested,
        cites: &[FLAT_TABLE, SpecRef::new(Spec::Mi100, "16-bit Memory Operations"), NOTE],
        statement: "D16 loads write one half (D0[15:0] or D0[31:16]) and keep the other (Vega); MI100 with ECC enabled writes the full VGPR with zeros: gpuref keeps the other half and marks it unsettled" },
    Rule { id: SBYTE_D16, status: Status::Contested,
        cites: &[FLAT_TABLE, NOTE],
        statement: "LOAD_SBYTE_D16(_HI) print {8'h0, MEM[ADDR]} (zero extension) but are \"load signed byte\": gpuref sign-extends the byte to 16 bits and marks bits 15:8 of the half unsettled when the byte is negative" },
    Rule { id: "gcn5.flat.loads", status: Status::Specified,
        cites: &[FLAT_TABLE],
        statement: "UBYTE/USHORT zero-extend and SBYTE/SSHORT sign-extend to 32 bits; DWORDXn load n dwords to VDST..VDST+n-1; stores write S0[7:0], S0[23:16] (BYTE_D16_HI), S0[15:0], S0[31:16] (SHORT_D16_HI) or n dwords" },
    Rule { id: "gcn5.flat.atomic", status: Status::Specified,
        cites: &[FLAT_TABLE, FLAT_MEM],
        statement: "atomics follow the table's pseudo-code (CMPSWAP: src = DATA[0], cmp = DATA[1]; X2: DATA[0:1], DATA[2:3]); GLC = 1 returns the pre-op value to VDST, GLC = 0 writes no VGPR" },
    Rule { id: FLOAT_ATOMIC, status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, "Atomics"), NOTE],
        statement: "GLOBAL_ATOMIC_ADD_F32 / PK_ADD_F16 (MI100, GLC must be 0) add in binary32 / two binary16 halves; rounding, denormal and NaN handling are not stated: gpuref rounds to nearest even, keeps denormals, and marks the memory result unsettled when an operand or result is a NaN or subnormal" },
    Rule { id: LANE_ORDER, status: Status::Unspecified,
        cites: &[FLAT_MEM, NOTE],
        statement: "the order in which active lanes' stores and atomics reach one address is not stated: gpuref runs lanes 0..63 in order and marks bytes written by more than one lane, and those lanes' atomic returns, unsettled" },
    Rule { id: "gcn5.flat.unmapped", status: Status::Inferred,
        cites: &[FLAT_MEM, ERRORS, NOTE],
        statement: "memory is one sparse 64-bit space (unset bytes read 0): addresses outside every aperture that hardware might fault on are not modelled, and no MEM_VIOL is raised for them" },
];

/// Execute a FLAT, GLOBAL or SCRATCH instruction.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Flat(f) = inst.fields else {
        return Err(ExecError::NotYet {
            name: inst.row.name,
        });
    };
    let Some(kind) = lane::Kind::of(inst.row.name) else {
        return Err(ExecError::NotYet {
            name: inst.row.name,
        });
    };
    wave.unsettled.clear();
    wave.unsettled_mem.clear();
    lane::run(wave, inst.row, &f, kind);
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

#[cfg(test)]
mod tests;
