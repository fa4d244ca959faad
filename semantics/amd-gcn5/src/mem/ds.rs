//! LDS instructions (DS format): reads and writes of every width, READ2/WRITE2 and their
//! ST64 forms, the atomics with and without return, the SRC2 atomics, DS_SWIZZLE_B32,
//! DS_PERMUTE_B32/DS_BPERMUTE_B32, DS_APPEND/DS_CONSUME and the ADDTID forms, with the M0
//! limit and the out-of-range rules (Vega manual "Data Share Operations", "LDS & GDS
//! Instructions", "Out-of-Range behavior"; MI100 manual "3.6. GPRs and LDS").
//!
//! Each row is one entry of [`ROWS`]: its operation ([`Op`]), the status of its reading and
//! where it comes from. Lanes run in lane order, each lane's whole operation (both
//! addresses of a two-address row) before the next lane's ([`RULES`]:
//! `gcn5.ds.lane_order`). Addresses are checked by [`addr`]; what the manuals leave open
//! is a rule in [`RULES`], explained in docs/design/0030-gcn5-ds-lds.md. Lanes whose
//! returned data the manuals do not settle are listed in [`Wave::unsettled`]; what an
//! instruction leaves unsettled in LDS itself is only in the rules (the wave has no list
//! for memory).
//!
//! GDS = 1 addresses [`Wave::gds`] through the M0 window { base, size } (rule `gcn5.ds.gds`).
//! Not executed: the GWS rows, DS_ORDERED_COUNT, DS_CONDXCHG32_RTN_B64 ([`NOT_YET`]) and the
//! ADDTID rows with GDS = 1.

mod addr;
mod atomic;
mod lanes;
mod rows;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lanes;

pub use rows::{DsRow, Op, ROWS};

use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::{Output, Unsettled};
use crate::wave::{UnsettledLane, Wave, LANES};
use gpuref_core::open::Accept;
use gpuref_core::{Rule, Spec, SpecRef, Status};

pub(crate) const DESIGN: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0030-gcn5-ds-lds.md");
pub(crate) const INSTR: SpecRef = SpecRef::new(Spec::Vega, "LDS & GDS Instructions");
pub(crate) const SHARE: SpecRef = SpecRef::new(Spec::Vega, "Data Share Indexed and Atomic Access");
const RANGE_V: SpecRef = SpecRef::new(Spec::Vega, "Out-of-Range behavior");
const RANGE_M: SpecRef = SpecRef::new(Spec::Mi100, "3.6.1. Out-of-Range behavior");
const ERRCHECK: SpecRef = SpecRef::new(Spec::Vega, "Memory Error Checking");

/// Rows of this family without semantics yet, with the reason.
pub const NOT_YET: &[(&str, &str)] = &[
    ("DS_GWS_INIT", GWS),
    ("DS_GWS_SEMA_V", GWS),
    ("DS_GWS_SEMA_BR", GWS),
    ("DS_GWS_SEMA_P", GWS),
    ("DS_GWS_BARRIER", GWS),
    ("DS_GWS_SEMA_RELEASE_ALL", GWS),
    ("DS_ORDERED_COUNT", "GDS-only: the manual defines it as adding count_bits(EXEC) to one of 4 ordered-count counters ('packers') with packer-id and 'last' in unnamed bits of the offset field; neither the counters nor the bit positions are defined"),
    ("DS_CONDXCHG32_RTN_B64", "the manual gives only \"Conditional write exchange.\": no operation to execute"),
];

const GWS: &str = "GDS-only global wave sync: the manual's pseudocode works on GWS resource state shared by waves (SH_SX_EXPCMD.gds_base, counters, queues, barrier flags) that a single-wave model does not hold; queueing (ENQUEUE) blocks the wave";

/// Whether this family executes the row.
pub fn handles(name: &str) -> bool {
    rows::row(name).is_some()
}

/// Rule ids of the unsettled cases (their text is in [`RULES`]).
pub(crate) mod id {
    pub const RANGE: &str = "gcn5.ds.range_check";
    pub const STRADDLE: &str = "gcn5.ds.range_straddle";
    pub const M0_WIDTH: &str = "gcn5.ds.m0_width";
    pub const WRAP: &str = "gcn5.ds.address_wrap";
    pub const ALIGN: &str = "gcn5.ds.alignment";
    pub const ORDER: &str = "gcn5.ds.lane_order";
    pub const SAME_OFFSET: &str = "gcn5.ds.two_address_same_offset";
    pub const PERMUTE: &str = "gcn5.ds_permute_b32.collision";
    pub const SWIZZLE_INACTIVE: &str = "gcn5.ds_swizzle_b32.inactive_source";
}

/// The decisions of this module.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: id::RANGE, status: Status::Contested,
        cites: &[RANGE_V, RANGE_M, ERRCHECK, DESIGN],
        statement: "an LDS access at byte address A is out of range when A >= MIN(LDS size, M0) (MI100 \"addr >= MIN(lds_size, m0)\"; Vega's \"Memory Error Checking\" range [0, MIN(M0, LDS_SIZE)-1]); Vega's \"Out-of-Range behavior\" prints `>`, so on gfx900 an access at A == MIN(...) is gpuref's out-of-range and a returned value accepts any value" },
    Rule { id: "gcn5.ds.out_of_range", status: Status::Specified,
        cites: &[RANGE_V, RANGE_M],
        statement: "an out-of-range LDS write (or an atomic's update) is discarded and an out-of-range read (or an atomic's return) gives 0" },
    Rule { id: id::STRADDLE, status: Status::Unspecified,
        cites: &[RANGE_V, DESIGN],
        statement: "an access that starts in range and ends past the limit (\"undefined if SIZE is not a multiple of write-data-size\"): gpuref treats it as out of range (no write, reads 0) and a returned value accepts any value" },
    Rule { id: id::M0_WIDTH, status: Status::Contested,
        cites: &[SHARE, RANGE_V, DESIGN],
        statement: "the limit is MIN(LDS size, M0) with all 32 bits of M0 (\"If no clamping is wanted, set M0 to 0xFFFFFFFF\"); the same chapter says \"M0[15:0] provides the size\": a returned value whose range check differs under M0[15:0] accepts any value" },
    Rule { id: id::WRAP, status: Status::Unspecified,
        cites: &[SHARE, DESIGN],
        statement: "ADDR VGPR + offset is computed without wrapping at 2^32 (a sum of 2^32 or more is out of range); a returned value whose 32-bit wrapped address would be in range accepts any value" },
    Rule { id: id::ALIGN, status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "Memory Violations"), ERRCHECK, DESIGN],
        statement: "the manuals list an \"LDS alignment error\" among memory violations but state no alignment; gpuref performs a misaligned access byte by byte, sets no MEM_VIOL, and a returned value of an access not aligned to its size (B96: 16) accepts any value" },
    Rule { id: "gcn5.ds.mem_viol", status: Status::Contested,
        cites: &[ERRCHECK, SpecRef::new(Spec::Vega, "Memory Violations"), SpecRef::new(Spec::Mi100, "3.11. Memory Violations"), DESIGN],
        statement: "an out-of-range LDS access does not set TRAPSTS.MEM_VIOL: \"Memory Violations\" (both manuals) lists GDS range errors but no LDS range error, while the FLAT chapter's \"Memory Error Checking\" says LDS reports out-of-range addresses" },
    Rule { id: "gcn5.ds.gds", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "M# Memory Descriptor"), SpecRef::new(Spec::Vega, "Memory Violations"), SHARE, DESIGN],
        statement: "GDS = 1: M0 = { base[15:0], size[15:0] } read as base = M0[31:16], size = M0[15:0] (bytes); the address is base + (ADDR VGPR + offset) in the 64 KiB GDS, out of range when the access passes size (or the GDS): reads give 0, writes are dropped (the LDS rules, \"also applies to GDS\"), and TRAPSTS.EXCP bit 8, memory violation, is set (\"GDS alignment or address range error\"); DS_APPEND/CONSUME use base + OFFSET" },
    Rule { id: "gcn5.ds.exec", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "EXECute Mask"), SHARE],
        statement: "only lanes with EXEC set access LDS and write their VDST" },
    Rule { id: id::ORDER, status: Status::Unspecified,
        cites: &[SHARE, DESIGN],
        statement: "lanes that access the same LDS bytes are applied in increasing lane order (the highest lane's write remains); the manuals say only that bank conflicts are serialised, so an atomic's returned value from a lane whose address another active lane also accesses accepts any value" },
    Rule { id: "gcn5.ds.offsets", status: Status::Specified,
        cites: &[SHARE, INSTR],
        statement: "single-address rows add the unsigned 16-bit {OFFSET1,OFFSET0} in bytes; READ2/WRITE2/WRXCHG2 add OFFSET0*ADJ and OFFSET1*ADJ (ADJ 4 for 32-bit, 8 for 64-bit data, times 64 for ST64)" },
    Rule { id: id::SAME_OFFSET, status: Status::Contested,
        cites: &[SHARE, INSTR, DESIGN],
        statement: "a two-address row with OFFSET0 == OFFSET1 makes one access with DATA0 (\"causes only one read or write to occur and uses only the first DATA0\"), not the pseudocode's second write of DATA1; WRXCHG2 then returns the old value in both halves, which accept any value" },
    Rule { id: "gcn5.ds.src2_address", status: Status::Inferred,
        cites: &[SHARE, INSTR, DESIGN],
        statement: "SRC2 rows: A = ADDR VGPR (with OFFSET1[7] = 1: its bits [16:0]), B = A + 4 * (OFFSET1[7] ? sign-extended VGPR[31:17] : sign-extended {OFFSET1[6:0], OFFSET0}); MEM[A] = op(MEM[A], MEM[B]) in the row's width; the instruction table's A = full VGPR would put every per-lane form out of range" },
    Rule { id: "gcn5.ds.d16", status: Status::Inferred,
        cites: &[INSTR],
        statement: "the _D16 reads write VDST[15:0] and the _D16_HI reads VDST[31:16] (\"masked return\"), keeping the other half; DS_READ_U16_D16_HI's printed RETURN_DATA[31:0] is read as [31:16]" },
    Rule { id: "gcn5.ds.minmax64", status: Status::Inferred,
        cites: &[INSTR],
        statement: "DS_MIN/MAX_{I64,U64} and their RTN forms store the minimum (maximum): the printed `MEM[ADDR] -= ...` is read as `=` like every 32-bit form" },
    Rule { id: "gcn5.ds.float_minmax", status: Status::Contested,
        cites: &[INSTR, SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx900"), DESIGN],
        statement: "DS_MIN/MAX_F32/F64 take one data operand (LLVM; the DATA1 field must be 0) used as both src and cmp: MIN stores DATA when DATA < MEM, MAX when DATA > MEM (the printed MAX `(tmp > cmp) ? src : tmp` would store the smaller); IEEE comparisons without flushing, so a NaN on either side keeps MEM and -0/+0 keep MEM" },
    Rule { id: "gcn5.ds.float_atomic", status: Status::Unspecified,
        cites: &[INSTR, DESIGN],
        statement: "LDS float atomics (\"handles NaN/INF/denormal values\") ignore MODE: round to nearest even, denormals kept, the float core's GCN5 NaN; they raise no TRAPSTS exception bits" },
    Rule { id: "gcn5.ds_cmpst_b32.operands", status: Status::Specified,
        cites: &[INSTR],
        statement: "DS_CMPST_*: cmp = DATA (DATA0), src = DATA2 (DATA1): MEM = (MEM == cmp) ? src : MEM, returning the old MEM (the opposite order of BUFFER_ATOMIC_CMPSWAP); the F32/F64 forms compare as IEEE floats (NaN never equal, -0 == +0)" },
    Rule { id: "gcn5.ds_swizzle_b32.modes", status: Status::Inferred,
        cites: &[INSTR, SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx900 swizzle()"), DESIGN],
        statement: "the Vega text says only swizzle(vgpr_data, offset1:offset0) (MI100's \"DS_SWIZZLE_B32 Details\" is missing from the text): offset[15] = 1 reads lane (i & ~3) + offset[2(i&3)+1:2(i&3)] (QDMode, offset[14:8] ignored); offset[15] = 0 reads lane (i & 32) | (((i & and) | or) ^ xor) with and = offset[4:0], or = offset[9:5], xor = offset[14:10]" },
    Rule { id: id::SWIZZLE_INACTIVE, status: Status::Unspecified,
        cites: &[INSTR, DESIGN],
        statement: "DS_SWIZZLE_B32 reading a lane with EXEC = 0 gives 0 (as DS_BPERMUTE_B32); the value accepts any value" },
    Rule { id: "gcn5.ds_permute.lanes", status: Status::Specified,
        cites: &[INSTR],
        statement: "DS_PERMUTE/BPERMUTE use lane ((ADDR + OFFSET) / 4) mod 64 (bits [7:2] of the sum); permute: inactive lanes send nothing, lanes that receive nothing get 0; bpermute: an inactive source lane gives 0; only active lanes are written; no LDS access" },
    Rule { id: id::PERMUTE, status: Status::Contested,
        cites: &[INSTR],
        statement: "DS_PERMUTE_B32 lanes sent several values get the highest-numbered source lane's (the pseudocode; the text says \"standard LDS arbitration rules\"); such lanes accept any value" },
    Rule { id: "gcn5.ds.append", status: Status::Inferred,
        cites: &[INSTR, SpecRef::new(Spec::Mi100, "3.7. M# Memory Descriptor"), DESIGN],
        statement: "DS_APPEND/DS_CONSUME on LDS: one dword at M0[15:0] + OFFSET (\"M0.base\"; the LDS uses of M0 hold byte offsets in [15:0]) gets count_bits(EXEC) added (subtracted), checked against the LDS size only (M0 holds the base, not a limit); every active lane gets the old value" },
    Rule { id: "gcn5.ds.addtid", status: Status::Inferred,
        cites: &[INSTR, SpecRef::new(Spec::Mi100, "3.7. M# Memory Descriptor"), DESIGN],
        statement: "DS_READ/WRITE_ADDTID_B32 access the dword at OFFSET + M0[15:0] + lane * 4, checked against the LDS size only" },
];

/// A lane's returned dwords are not settled by the manuals: list them (one entry per VGPR).
pub(crate) fn unsettle(
    wave: &mut Wave,
    vdst: u8,
    dwords: u8,
    lane: usize,
    mask: u64,
    rule: &'static str,
) {
    for k in 0..dwords {
        let Some(v) = vdst.checked_add(k) else {
            return;
        };
        let why = Unsettled {
            output: Output::D,
            accept: Accept::Mask(mask),
            rule,
            flags_settled: true,
        };
        let u = UnsettledLane {
            vdst: v,
            dwords: 1,
            lane: lane as u8,
            why,
        };
        if !wave.unsettled.contains(&u) {
            wave.unsettled.push(u);
        }
    }
}

/// One dword of VGPR `v + k` in `lane` (a VGPR past the file reads as VGPR0, "Out-of-Range
/// behavior").
pub(crate) fn vgpr(wave: &Wave, v: u8, k: u8, lane: usize) -> u32 {
    let i = usize::from(v) + usize::from(k);
    wave.vgpr
        .get(i)
        .or_else(|| wave.vgpr.first())
        .and_then(|r| r.get(lane))
        .copied()
        .unwrap_or(0)
}

/// `dwords` dwords from VGPR `v` in `lane`, low dword first.
pub(crate) fn vgprs(wave: &Wave, v: u8, dwords: u8, lane: usize) -> u128 {
    (0..dwords).fold(0, |acc, k| {
        acc | u128::from(vgpr(wave, v, k, lane)) << (32 * u32::from(k))
    })
}

/// Write `dwords` dwords of `x` to VGPR `v` onwards in `lane` (nothing past the file).
pub(crate) fn set_vgprs(wave: &mut Wave, v: u8, dwords: u8, lane: usize, x: u128) {
    for k in 0..dwords {
        let i = usize::from(v) + usize::from(k);
        if let Some(slot) = wave.vgpr.get_mut(i).and_then(|r| r.get_mut(lane)) {
            *slot = (x >> (32 * u32::from(k))) as u32;
        }
    }
}

/// Whether lane `lane` is active.
pub(crate) fn active(exec: u64, lane: usize) -> bool {
    lane < LANES && (exec >> lane) & 1 == 1
}

/// Execute an instruction of this family.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let Fields::Ds(d) = inst.fields else {
        return Err(ExecError::NotYet { name });
    };
    let Some(row) = rows::row_of(crate::isa::row_id(inst.row)) else {
        return Err(match NOT_YET.iter().find(|(n, _)| *n == name) {
            Some((_, reason)) => ExecError::Pending { name, reason },
            None => ExecError::NotYet { name },
        });
    };
    if d.gds && matches!(row.op, Op::ReadAddTid | Op::WriteAddTid) {
        return Err(ExecError::Pending {
            name,
            reason: "ADDTID with GDS = 1: M0 holds the GDS {base, size}, and the M0.OFFSET the row adds is not defined for it",
        });
    }
    wave.unsettled.clear();
    match row.op {
        Op::Nop => {}
        Op::Swizzle => lanes::swizzle(wave, &d),
        Op::Permute => lanes::permute(wave, &d),
        Op::Bpermute => lanes::bpermute(wave, &d),
        op => addr::run(wave, &d, op),
    }
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}
