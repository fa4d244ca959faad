//! Scalar memory instructions (SMEM): loads, stores and atomics with the offset and address
//! rules (Vega manual "Scalar Memory Operations", "SMEM Instructions"); decisions in
//! docs/design/0031-gcn5-smem-flat-execution.md.
//!
//! Address (Vega "Scalar Memory Addressing"): `SGPR[base] + inst_offset + {M0 or
//! SGPR[offset] or zero}`, the register term times 64 for S_SCRATCH_*; the immediate is
//! 21-bit signed except for S_BUFFER_*, whose 20-bit unsigned offset the decoder enforces
//! (formats/smem.rs). The buffer forms read base, stride and num_records from the V# in
//! SBASE (this module decodes those fields itself; mem/buffer.rs has its own decode of the
//! whole descriptor) and drop the dwords that fall outside the buffer.

mod buffer;

use super::atomic;
use super::flat::place::sgpr as read_code;
use crate::error::ExecError;
use crate::formats::smem::{shape, Data, Smem, SmemOffset};
use crate::formats::{Fields, Instruction};
use crate::operand::ScalarReg;
use crate::wave::{Output, Unsettled};
use crate::wave::{UnsettledMem, UnsettledSgpr, Wave};
use crate::Row;
use gpuref_core::open::Accept;
use gpuref_core::{Rule, Spec, SpecRef, Status};

/// Rows of this family without semantics yet, with the reason (none: every SMEM row runs).
pub const NOT_YET: &[(&str, &str)] = &[];

/// Whether this family executes the row (every SMEM row of both targets).
pub fn handles(name: &str) -> bool {
    name.starts_with("S_LOAD_")
        || name.starts_with("S_BUFFER_")
        || name.starts_with("S_STORE_")
        || name.starts_with("S_SCRATCH_")
        || name.starts_with("S_ATOMIC_")
        || name.starts_with("S_DCACHE_")
        || name.starts_with("S_ATC_PROBE")
        || name == "S_MEMTIME"
        || name == "S_MEMREALTIME"
}

const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0031-gcn5-smem-flat-execution.md");
const ADDRESSING: SpecRef = SpecRef::new(Spec::Vega, "Scalar Memory Addressing");
const SMEM_TABLE: SpecRef = SpecRef::new(Spec::Vega, "SMEM Instructions");
const BUFFER_CONSTANT: SpecRef =
    SpecRef::new(Spec::Vega, "Reads/Writes/Atomics using Buffer Constant");

/// Rule ids of the unsettled results (their text is in [`RULES`]).
pub const LSBS: &str = "gcn5.smem.address_lsbs";
pub const NEGATIVE: &str = "gcn5.smem.negative_offset";
pub const ATOMIC_ALIGN: &str = "gcn5.smem.atomic_align";
pub const MEMTIME: &str = "gcn5.smem.memtime";
pub const DISCARD: &str = "gcn5.smem.dcache_discard";

/// Decisions of the SMEM executor (docs/design/0031).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.smem.offset21", status: Status::Specified,
        cites: &[SMEM_TABLE, SpecRef::new(Spec::Vega, "SMEM Fields")],
        statement: "the immediate offset of S_LOAD, S_STORE, S_SCRATCH and S_ATOMIC is a 21-bit signed byte offset; that of S_BUFFER_* is 20-bit unsigned (\"Signed offsets only work with S_LOAD/STORE\"); the register offset is an unsigned 32-bit byte offset" },
    Rule { id: "gcn5.smem.address", status: Status::Specified,
        cites: &[ADDRESSING],
        statement: "ADDR = SGPR[base] + inst_offset + {M0 or SGPR[offset] or zero}, the register term times 64 for S_SCRATCH_LOAD/STORE; n dwords move between SDATA+i and ADDR + 4i" },
    Rule { id: LSBS, status: Status::Contested,
        cites: &[ADDRESSING, BUFFER_CONSTANT, NOTE],
        statement: "the text clears the two LSBs of every address component, the buffer pseudo-code those of the sum; gpuref clears each component's and marks the result unsettled when the two readings give different addresses" },
    Rule { id: NEGATIVE, status: Status::Unspecified,
        cites: &[ADDRESSING, NOTE],
        statement: "a negative inst_offset whose sum with the register offset is negative is \"illegal and undefined\": gpuref wraps the 64-bit sum and marks every loaded register and stored dword unsettled" },
    Rule { id: "gcn5.smem.atomic", status: Status::Specified,
        cites: &[SMEM_TABLE, SpecRef::new(Spec::Vega, "Scalar Atomic Operations")],
        statement: "atomics follow the table's pseudo-code; CMPSWAP takes src = DATA[0] (X2: DATA[0:1]) and cmp = DATA[1] (X2: DATA[2:3]); with GLC = 1 the pre-op value is written to SDATA (1 or 2 dwords), with GLC = 0 no register changes" },
    Rule { id: "gcn5.mem.minmax_x2", status: Status::Inferred,
        cites: &[SMEM_TABLE, SpecRef::new(Spec::Vega, "Flat Instructions"), NOTE],
        statement: "the 64-bit SMIN/UMIN/SMAX/UMAX atomics print `MEM[ADDR] -= (cond) ? DATA : tmp`; read as `=` like the 32-bit rows and the operation names" },
    Rule { id: ATOMIC_ALIGN, status: Status::Unspecified,
        cites: &[ADDRESSING, NOTE],
        statement: "atomics \"are always naturally aligned\" but only two address LSBs are said to be ignored: an X2 atomic whose address is not a multiple of 8 runs at the address with two LSBs cleared and its memory bytes and return are unsettled" },
    Rule { id: "gcn5.smem.buffer_range", status: Status::Contested,
        cites: &[BUFFER_CONSTANT, SpecRef::new(Spec::Vega, "Alignment and Bounds Checking"), NOTE],
        statement: "a dword of an S_BUFFER_* access is out of range when its byte offset (offset + 4i) is at least NUM_RECORDS (stride 0) or NUM_RECORDS x STRIDE; the pseudo-code's m_size = (stride == 0) ? 1 : num_records is a second reading, and dwords the two readings classify differently are unsettled" },
    Rule { id: "gcn5.smem.buffer_oob", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Alignment and Bounds Checking"), SpecRef::new(Spec::Vega, "Range Checking"), NOTE],
        statement: "\"the operation is not performed for any Dwords that are out-of-range\": an out-of-range load dword reads 0 (as vector buffer reads), a store dword is dropped, an atomic (checked whole) changes nothing and returns 0" },
    Rule { id: "gcn5.smem.buffer_base", status: Status::Specified,
        cites: &[BUFFER_CONSTANT],
        statement: "S_BUFFER_* address V#.base (48 bits, two LSBs ignored) + offset; only base, stride and num_records are used, stride only for the range check" },
    Rule { id: MEMTIME, status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "S_MEMTIME"), SpecRef::new(Spec::Vega, "S_MEMREALTIME"), NOTE],
        statement: "S_MEMTIME / S_MEMREALTIME write a 64-bit clock the program cannot know: gpuref writes the wave's memtime / memrealtime value and marks both SGPRs unsettled (any value)" },
    Rule { id: "gcn5.smem.cache", status: Status::Inferred,
        cites: &[SMEM_TABLE, NOTE],
        statement: "S_DCACHE_INV/WB(_VOL) and S_ATC_PROBE(_BUFFER) change no architectural state of a wave whose memory has no cache: they are no-ops" },
    Rule { id: DISCARD, status: Status::Unspecified,
        cites: &[SMEM_TABLE, NOTE],
        statement: "S_DCACHE_DISCARD(_X2) drops dirty lines, so the 64 (128) bytes at the address with six LSBs cleared may or may not hold earlier scalar stores: gpuref leaves memory as is and marks those bytes unsettled" },
];

/// Execute an SMEM instruction.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Smem(f) = inst.fields else {
        return Err(ExecError::NotYet {
            name: inst.row.name,
        });
    };
    wave.unsettled_sgpr.clear();
    wave.unsettled_mem.clear();
    run(wave, inst.row, &f);
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

/// Mark a scalar register written by this instruction unsettled (any value).
fn unsettle_reg(wave: &mut Wave, code: u8, rule: &'static str) {
    wave.unsettled_sgpr.push(UnsettledSgpr {
        code,
        why: Unsettled {
            output: Output::D,
            accept: Accept::Mask(0),
            rule,
            flags_settled: true,
        },
    });
}

fn reg_at(code: u8) -> Option<ScalarReg> {
    ScalarReg::from_code(code).ok()
}

fn write_code(wave: &mut Wave, code: u8, v: u32) {
    if let Some(r) = reg_at(code) {
        wave.set_reg(r, v);
    }
}

fn run(wave: &mut Wave, row: &Row, f: &Smem) {
    let name = row.name;
    if name == "S_MEMTIME" || name == "S_MEMREALTIME" {
        let v = if name == "S_MEMTIME" {
            wave.memtime
        } else {
            wave.memrealtime
        };
        write_code(wave, f.sdata, v as u32);
        write_code(wave, f.sdata.wrapping_add(1), (v >> 32) as u32);
        unsettle_reg(wave, f.sdata, MEMTIME);
        unsettle_reg(wave, f.sdata.wrapping_add(1), MEMTIME);
        return;
    }
    let s = shape(row);
    if s.base == 0 || matches!(s.data, Data::Probe) {
        // S_DCACHE_INV/WB(_VOL), S_ATC_PROBE(_BUFFER): no state (gcn5.smem.cache).
        return;
    }
    let a = buffer::address(wave, row, f);
    if let Some(lines) = name
        .strip_prefix("S_DCACHE_DISCARD")
        .map(|x| if x == "_X2" { 2 } else { 1 })
    {
        wave.unsettled_mem.push(UnsettledMem {
            lds: false,
            addr: a.addr & !63,
            bytes: 64 * lines,
            rule: DISCARD,
        });
        return;
    }
    let Data::Regs(n) = s.data else { return };
    if let Some((op, wide)) = atomic::parse(name) {
        run_atomic(wave, f, &a, op, wide);
    } else if name.contains("LOAD") {
        for i in 0..n {
            let (inside, why) = a.dword(i);
            let v = if inside {
                wave.mem.read(a.at(i), 4) as u32
            } else {
                0
            };
            let code = f.sdata.wrapping_add(i as u8);
            write_code(wave, code, v);
            if let Some(rule) = why {
                unsettle_reg(wave, code, rule);
            }
        }
    } else {
        for i in 0..n {
            let (inside, why) = a.dword(i);
            if inside {
                let v = read_code(wave, f.sdata.wrapping_add(i as u8));
                wave.mem.write(a.at(i), 4, u64::from(v));
            }
            if let Some(rule) = why {
                wave.unsettled_mem.push(UnsettledMem {
                    lds: false,
                    addr: a.at(i),
                    bytes: 4,
                    rule,
                });
            }
        }
    }
}

fn run_atomic(wave: &mut Wave, f: &Smem, a: &buffer::Address, op: atomic::Op, wide: bool) {
    let w: u32 = if wide { 2 } else { 1 };
    let value = |wave: &Wave, first: u32| {
        (0..w).fold(0u64, |v, i| {
            v | u64::from(read_code(wave, f.sdata.wrapping_add((first + i) as u8))) << (32 * i)
        })
    };
    let data = value(wave, 0);
    let cmp = value(wave, w);
    // Checked whole: every dword of the element in range (gcn5.smem.buffer_oob).
    let checks: Vec<(bool, Option<&'static str>)> = (0..w).map(|i| a.dword(i)).collect();
    let inside = checks.iter().all(|c| c.0);
    let mut why = checks.iter().find_map(|c| c.1);
    if wide && a.addr & 7 != 0 {
        why = why.or(Some(ATOMIC_ALIGN));
    }
    let tmp = if inside {
        let tmp = wave.mem.read(a.addr, 4 * w);
        wave.mem
            .write(a.addr, 4 * w, atomic::apply(op, wide, tmp, data, cmp));
        tmp
    } else {
        0
    };
    if let Some(rule) = why {
        wave.unsettled_mem.push(UnsettledMem {
            lds: false,
            addr: a.addr,
            bytes: 4 * w,
            rule,
        });
    }
    if f.glc {
        for i in 0..w {
            let code = f.sdata.wrapping_add(i as u8);
            write_code(wave, code, (tmp >> (32 * i)) as u32);
            if let Some(rule) = why {
                unsettle_reg(wave, code, rule);
            }
        }
    }
}

/// The register-offset term of an offset form: its value, if the form has one.
pub(super) fn reg_offset(wave: &Wave, off: SmemOffset) -> (i64, u32) {
    match off {
        SmemOffset::None => (0, 0),
        SmemOffset::Imm(i) => (i64::from(i), 0),
        SmemOffset::Reg(r) | SmemOffset::Soffset(r) => (0, wave.reg(r)),
        SmemOffset::RegImm(r, i) => (i64::from(i), wave.reg(r)),
    }
}

#[cfg(test)]
mod tests;
