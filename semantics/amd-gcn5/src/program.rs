//! Program flow and program state: every SOPP row (branches, S_ENDPGM*, S_WAITCNT,
//! S_BARRIER, S_SLEEP, S_NOP, S_SENDMSG, S_TRAP, ...), S_GETREG/S_SETREG (hardware-register
//! bit fields), fork/join, MOVREL indexing, S_SET_GPR_IDX_ON, S_SETVSKIP and S_RFE: the
//! scalar rows that need the wave rather than a kernel (issue 6; docs/design/0029).
//!
//! Each row is one executor `fn(&mut Wave, &Instruction)` in [`ROWS`], whose doc comment
//! quotes the manual's pseudocode. What only touches scheduling, other waves or the outside
//! world is appended to [`Wave::events`] as an [`Event`]; what the manual does not settle
//! is gpuref's choice, listed in [`Wave::program_unsettled`] as (what, rule id) with the
//! rule in [`RULES`]. S_GETPC/S_SETPC/S_SWAPPC/S_CALL are scalar kernels (alu::salu).
//! A leaf: the crate's dispatcher ([`crate::exec`]) calls it, by the row's id
//! ([`row_of`]); it imports neither [`crate::alu`] nor [`crate::mem`].

mod flow;
mod hwreg;
mod index;
mod misc;

use crate::error::ExecError;
use crate::formats::Instruction;
use crate::isa;
use crate::wave::Wave;
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use std::sync::OnceLock;

use Status::{Contested, Inferred, Specified, Unspecified};

/// Something a program-flow instruction did that the wave's registers do not show: a wait,
/// a barrier, a message, a trap request. `m0`/`exec` are the payload the instruction sends
/// (S_SENDMSG, S_TTRACEDATA), `None` for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The instruction (upper-case mnemonic).
    pub name: &'static str,
    /// Its SIMM16 (0 for the rows without one).
    pub simm16: u16,
    pub m0: Option<u32>,
    pub exec: Option<u64>,
}

type ProgramOp = fn(&mut Wave, &Instruction) -> Result<(), ExecError>;

/// One program-flow row: the instruction, its executor, how sure we are and where from.
#[derive(Clone, Copy)]
pub struct ProgramRow {
    pub name: &'static str,
    pub op: ProgramOp,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

const fn p(
    name: &'static str,
    op: ProgramOp,
    status: Status,
    cites: &'static [SpecRef],
) -> ProgramRow {
    ProgramRow {
        name,
        op,
        status,
        cites,
    }
}

impl std::fmt::Debug for ProgramRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ProgramRow({}, {})", self.name, self.status)
    }
}

pub(crate) const NOTE: SpecRef =
    SpecRef::new(Spec::Gpuref, "docs/design/0029-gcn5-program-flow.md");
const SOPP: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPP Instructions")];
const SOPP_NOTE: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPP Instructions"), NOTE];
const SOPK: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPK Instructions")];
const SOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP1 Instructions")];
const SOP1_NOTE: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP1 Instructions"), NOTE];
const SOP2: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP2 Instructions")];
const SOP2_NOTE: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP2 Instructions"), NOTE];
const SOPC: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPC Instructions")];
const HWREG: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "SOPK Instructions"),
    SpecRef::new(Spec::Vega, "Special Instructions"),
    NOTE,
];
const STATE: &[SpecRef] = &[SpecRef::new(Spec::Vega, "Status registers"), NOTE];

/// Every program-flow row.
#[rustfmt::skip]
pub const ROWS: &[ProgramRow] = &[
    // SOPP.
    p("S_NOP",                      misc::s_nop,            Specified,   SOPP),
    p("S_ENDPGM",                   misc::s_endpgm,         Specified,   SOPP_NOTE),
    p("S_ENDPGM_SAVED",             misc::s_endpgm,         Specified,   SOPP_NOTE),
    p("S_ENDPGM_ORDERED_PS_DONE",   misc::s_endpgm,         Specified,   SOPP_NOTE),
    p("S_BRANCH",                   flow::s_branch,         Specified,   SOPP),
    p("S_WAKEUP",                   misc::s_event,          Specified,   SOPP),
    p("S_CBRANCH_SCC0",             flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_SCC1",             flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_VCCZ",             flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_VCCNZ",            flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_EXECZ",            flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_EXECNZ",           flow::s_cbranch,        Specified,   SOPP),
    p("S_CBRANCH_CDBGSYS",          flow::s_cbranch,        Inferred,    SOPP_NOTE),
    p("S_CBRANCH_CDBGUSER",         flow::s_cbranch,        Inferred,    SOPP_NOTE),
    p("S_CBRANCH_CDBGSYS_OR_USER",  flow::s_cbranch,        Inferred,    SOPP_NOTE),
    p("S_CBRANCH_CDBGSYS_AND_USER", flow::s_cbranch,        Inferred,    SOPP_NOTE),
    p("S_BARRIER",                  misc::s_event,          Specified,   SOPP_NOTE),
    p("S_SETKILL",                  misc::s_event,          Specified,   SOPP),
    p("S_WAITCNT",                  misc::s_event,          Specified,   SOPP_NOTE),
    p("S_SETHALT",                  misc::s_sethalt,        Inferred,    SOPP_NOTE),
    p("S_SLEEP",                    misc::s_event,          Specified,   SOPP),
    p("S_SETPRIO",                  misc::s_setprio,        Inferred,    SOPP_NOTE),
    p("S_SENDMSG",                  misc::s_sendmsg,        Specified,   SOPP),
    p("S_SENDMSGHALT",              misc::s_sendmsg,        Inferred,    SOPP_NOTE),
    p("S_TRAP",                     flow::s_trap,           Specified,   SOPP_NOTE),
    p("S_ICACHE_INV",               misc::s_event,          Specified,   SOPP),
    p("S_INCPERFLEVEL",             misc::s_event,          Specified,   SOPP),
    p("S_DECPERFLEVEL",             misc::s_event,          Specified,   SOPP),
    p("S_TTRACEDATA",               misc::s_ttracedata,     Specified,   SOPP),
    p("S_SET_GPR_IDX_OFF",          index::s_set_gpr_idx_off,  Specified, SOPP),
    p("S_SET_GPR_IDX_MODE",         index::s_set_gpr_idx_mode, Specified, SOPP),
    // SOPK.
    p("S_CBRANCH_I_FORK",           flow::s_cbranch_fork,   Specified,   SOPK),
    p("S_GETREG_B32",               hwreg::s_getreg_b32,    Specified,   HWREG),
    p("S_SETREG_B32",               hwreg::s_setreg_b32,    Specified,   HWREG),
    p("S_SETREG_IMM32_B32",         hwreg::s_setreg_b32,    Specified,   HWREG),
    // SOP1.
    p("S_CBRANCH_JOIN",             flow::s_cbranch_join,   Specified,   SOP1),
    p("S_RFE_B64",                  flow::s_rfe,            Specified,   SOP1_NOTE),
    p("S_MOVRELS_B32",              index::s_movrels,       Specified,   SOP1_NOTE),
    p("S_MOVRELS_B64",              index::s_movrels,       Specified,   SOP1_NOTE),
    p("S_MOVRELD_B32",              index::s_movreld,       Specified,   SOP1_NOTE),
    p("S_MOVRELD_B64",              index::s_movreld,       Specified,   SOP1_NOTE),
    // SOP2.
    p("S_CBRANCH_G_FORK",           flow::s_cbranch_fork,   Specified,   SOP2),
    p("S_RFE_RESTORE_B64",          flow::s_rfe,            Specified,   SOP2_NOTE),
    // SOPC.
    p("S_SETVSKIP",                 index::s_setvskip,      Specified,   SOPC),
    p("S_SET_GPR_IDX_ON",           index::s_set_gpr_idx_on, Specified,  SOPC),
];

/// Rows of this family without semantics yet, and program state other executors do not
/// apply yet, with the reason.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
    ("MODE.GPR_IDX_EN (VGPR indexing of VALU operands)", "S_SET_GPR_IDX_* set MODE.gpr_idx_en and M0[7:0]/M0[15:12], but the vector executor (alu::vexec) does not add M0[7:0] to the VGPR operands M0[15:12] selects yet (Vega \"VGPR Indexing\"; docs/design/0029)"),
    ("MODE.VSKIP (vector instructions skipped)", "S_SETVSKIP and S_SETREG set MODE.vskip, but the vector and memory executors still execute VOP*/MUBUF/MTBUF/MIMG/DS/FLAT/EXP while it is set (Vega \"SOPC Instructions\": S_SETVSKIP; docs/design/0029)"),
];

/// The rules of program flow and program state (docs/design/0029).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.sopp.branch_target", status: Specified, cites: SOPP,
        statement: "a taken SOPP branch goes to PC + signext(SIMM16 * 4) + 4: relative to the next instruction, in dwords, backwards for a negative SIMM16 (64-bit wrapping)" },
    Rule { id: "gcn5.program.vccz_execz", status: Inferred, cites: &[SpecRef::new(Spec::Vega, "Vector Compares: VCC and VCCZ"), NOTE],
        statement: "VCCZ and EXECZ are (VCC == 0) and (EXEC == 0) at every instruction: the manual updates VCCZ on every VCC write, and the stale-VCCZ hazard (an SALU write to the SGPR number that holds VCC) cannot arise because the model's SGPR file stops at s101" },
    Rule { id: "gcn5.program.wait_states", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Manually Inserted Wait States (NOPs)"), NOTE],
        statement: "the model has no pipeline: an instruction sees every earlier write, so programs that break the manual's required wait states get the in-order result rather than a stale value" },
    Rule { id: "gcn5.s_endpgm.state", status: Inferred, cites: &[SpecRef::new(Spec::Vega, "SOPP Instructions"), SpecRef::new(Spec::Vega, "Status registers"), NOTE],
        statement: "S_ENDPGM* set `ended`, clear STATUS.VALID (bit 16, \"not yet ended\") and record the implied S_WAITCNT 0 as the event; the PC advances as for any instruction (no later instruction runs, so the value is unobservable)" },
    Rule { id: "gcn5.sopp.events", status: Inferred, cites: SOPP_NOTE,
        statement: "S_NOP, S_WAKEUP, S_BARRIER, S_SETKILL, S_WAITCNT, S_SLEEP, S_ICACHE_INV, S_INCPERFLEVEL, S_DECPERFLEVEL, S_TTRACEDATA and S_SENDMSG change no register of a single wave whose memory operations complete at issue: each is recorded as an event with its SIMM16 (and M0/EXEC payload for messages)" },
    Rule { id: "gcn5.s_sethalt.status", status: Inferred, cites: STATE,
        statement: "S_SETHALT writes SIMM16[0] to STATUS.HALT (bit 13, which the manual says the shader can set); S_SENDMSGHALT sets it to 1" },
    Rule { id: "gcn5.s_setprio.status", status: Inferred, cites: STATE,
        statement: "S_SETPRIO writes SIMM16[1:0] to STATUS.WAVE_PRIO (bits 4:3, \"priority set by the shader program. See the S_SETPRIO instruction\")" },
    Rule { id: "gcn5.s_cbranch_cdbg.bits", status: Inferred, cites: STATE,
        statement: "S_CBRANCH_CDBG* test STATUS.COND_DBG_SYS (bit 21) and STATUS.COND_DBG_USER (bit 20)" },
    Rule { id: "gcn5.s_trap.entry", status: Specified, cites: &[SpecRef::new(Spec::Vega, "SOPP Instructions"), SpecRef::new(Spec::Vega, "Trap and Exception registers")],
        statement: "S_TRAP with STATUS.TRAP_EN = 1: {TTMP1, TTMP0} = {3'h0, PCRewind[3:0], HT, TrapID = SIMM16[7:0], PC[47:0]} with the PC of the S_TRAP itself, PC = TBA, STATUS.PRIV = 1; with TRAP_EN = 0 it is a NOP" },
    Rule { id: "gcn5.s_trap.rewind", status: Inferred, cites: &[SpecRef::new(Spec::Vega, "Trap and Exception registers"), NOTE],
        statement: "S_TRAP saves PCRewind = 0 and HT = 0: it saves its own PC (so no rewind) and is a user trap" },
    Rule { id: "gcn5.s_rfe.outside_trap", status: Unspecified, cites: SOP1_NOTE,
        statement: "S_RFE_B64 / S_RFE_RESTORE_B64 with STATUS.PRIV = 0 (\"may only be used within a trap handler\"): gpuref still clears PRIV and jumps; the PC is marked unsettled" },
    Rule { id: "gcn5.s_rfe_restore.s1", status: Specified, cites: SOP2,
        statement: "S_RFE_RESTORE_B64 ignores its second operand (\"The second argument is ignored\") and acts as S_RFE_B64" },
    Rule { id: "gcn5.fork.stack", status: Specified, cites: &[SpecRef::new(Spec::Vega, "SOP2 Instructions"), SpecRef::new(Spec::Vega, "SOPK Instructions"), SpecRef::new(Spec::Vega, "SOP1 Instructions")],
        statement: "fork/join keep CSP in MODE[31:29] and the stack entry CSP in SGPR[CSP*4 .. CSP*4+3], as the instruction pseudocode writes" },
    Rule { id: "gcn5.fork.entry_layout", status: Contested, cites: &[SpecRef::new(Spec::Vega, "Arbitrary Divergent Control Flow"), SpecRef::new(Spec::Vega, "SOP2 Instructions"), NOTE],
        statement: "a stack entry {PC, mask} holds the mask in SGPR[CSP*4], [+1] and the 64-bit PC in [+2], [+3] (the pseudocode's concatenation); the chapter text orders it { exec[63:0], PC[47:2] }; the four SGPRs are marked unsettled" },
    Rule { id: "gcn5.fork.next_pc", status: Inferred, cites: SOP2_NOTE,
        statement: "the pseudocode's PC + 4 is the next instruction: PC + 8 for an S_CBRANCH_G_FORK with a literal operand" },
    Rule { id: "gcn5.fork.overflow", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Arbitrary Divergent Control Flow"), NOTE],
        statement: "a fork that pushes with CSP >= 6 overflows the six-deep stack: gpuref writes SGPR[CSP*4..+3] and CSP wraps in its 3 bits; CSP and the entry are marked unsettled" },
    Rule { id: "gcn5.s_cbranch_join.empty_stack", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "SOP1 Instructions"), NOTE],
        statement: "S_CBRANCH_JOIN with CSP = 0 and S0 != 0 pops an empty stack: gpuref wraps CSP to 7 and reads SGPR[28..31]; PC, EXEC and CSP are marked unsettled" },
    Rule { id: "gcn5.hwreg.field", status: Inferred, cites: HWREG,
        statement: "hwreg SIMM16 = {size-1[15:11], offset[10:6], id[5:0]} (the manual writes size[4:0] yet says size is 1..32): S_GETREG D = reg[offset+size-1:offset] zero-extended; S_SETREG replaces that field with the low `size` bits of the source" },
    Rule { id: "gcn5.hwreg.past_bit31", status: Unspecified, cites: HWREG,
        statement: "a field with offset + size > 32 reaches past bit 31: gpuref keeps the bits up to 31 (reads give 0 above them, writes drop them); marked unsettled" },
    Rule { id: "gcn5.hwreg.read_only", status: Inferred, cites: HWREG,
        statement: "S_SETREG to a read-only register (STATUS, HW_ID, GPR_ALLOC, LDS_ALLOC, IB_STS) changes nothing" },
    Rule { id: "gcn5.hwreg.reserved", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Special Instructions"), SpecRef::new(Spec::LlvmMc, "llvm-mc -arch=amdgcn -mcpu=gfx900 hwreg(HW_REG_SH_MEM_BASES)"), NOTE],
        statement: "hwreg ids 0, 8..15 and 20..63 are reserved (LLVM names 15 SH_MEM_BASES on gfx9): S_GETREG reads 0 and S_SETREG writes nothing, marked unsettled" },
    Rule { id: "gcn5.hwreg.tba_tma", status: Contested, cites: &[SpecRef::new(Spec::Vega, "Trap and Exception registers"), SpecRef::new(Spec::Vega, "Status registers"), NOTE],
        statement: "TBA/TMA (hwreg 16..19) are \"read-only\" in one place and writable under STATUS.PRIV in another: gpuref writes them only when PRIV = 1 (TBA_HI/TMA_HI hold bits 47:32) and marks every such write unsettled" },
    Rule { id: "gcn5.hwreg.status_bits", status: Inferred, cites: STATE,
        statement: "S_GETREG of STATUS reads SCC at bit 0 (the manual prints 1, which overlaps SPI_PRIO[2:1]), EXECZ at bit 9 and VCCZ at bit 10 from the live SCC, EXEC and VCC" },
    Rule { id: "gcn5.hwreg.undefined_bits", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Vega, "Trap Status register"), NOTE],
        statement: "S_SETREG bits the register tables leave undefined (MODE[22:19], whose EXCP_EN text spills into 19 and 20; TRAPSTS[9], [15], [28:22]) are stored as written and marked unsettled" },
    Rule { id: "gcn5.s_movrel.out_of_range", status: Specified, cites: &[SpecRef::new(Spec::Vega, "Out-of-Range behavior"), SpecRef::new(Spec::Vega, "SOP1 Instructions"), SpecRef::new(Spec::Mi100, "Out-of-Range behavior")],
        statement: "S_MOVREL*: the index is the SGPR number of the field plus M0 (unsigned); an index at or past s102 reads SGPR0 (S_MOVRELS) or writes nothing (S_MOVRELD)" },
    Rule { id: "gcn5.s_movrel.sgpr_size", status: Inferred, cites: &[SpecRef::new(Spec::Vega, "SGPR Allocation and storage"), NOTE],
        statement: "the out-of-range bound sgpr_size is 102: the model's wave has every SGPR a wave can allocate (s0..s101); GPR_ALLOC is a plain value the driver sets and is not consulted" },
    Rule { id: "gcn5.s_movrel.b64_edges", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Out-of-Range behavior"), NOTE],
        statement: "S_MOVREL*_B64 with an odd index uses SGPR[index], [index+1] as they are; a pair reaching past s101 reads s[0:1] (S_MOVRELS) or writes nothing (S_MOVRELD); both marked unsettled" },
    Rule { id: "gcn5.s_movrel.non_sgpr", status: Unspecified, cites: &[SpecRef::new(Spec::Vega, "Out-of-Range behavior"), NOTE],
        statement: "S_MOVREL* whose indexed field is not an SGPR (VCC, TTMP, M0, EXEC, a constant) \"is illegal\": with M0 = 0 it is a plain move, otherwise it is treated as out of range and marked unsettled" },
    Rule { id: "gcn5.gpr_idx.m0", status: Specified, cites: &[SpecRef::new(Spec::Vega, "VGPR Indexing"), SpecRef::new(Spec::Vega, "SOPC Instructions")],
        statement: "S_SET_GPR_IDX_ON sets MODE.gpr_idx_en (bit 27), M0[7:0] = S0[7:0] and M0[15:12] = the SSRC1 field's bits [3:0], other M0 bits unchanged; S_SET_GPR_IDX_MODE sets M0[15:12] = SIMM16[3:0]; S_SET_GPR_IDX_OFF clears MODE.gpr_idx_en only" },
    Rule { id: "gcn5.s_setvskip.mode", status: Inferred, cites: &[SpecRef::new(Spec::Vega, "SOPC Instructions"), SpecRef::new(Spec::Vega, "Mode register")],
        statement: "S_SETVSKIP writes S0[S1[4:0]] to MODE.VSKIP (bit 28), the bit the mode table and the wait-state table name" },
];

/// The row of `name`, if this module executes it.
pub fn row(name: &str) -> Option<&'static ProgramRow> {
    ROWS.iter().find(|r| r.name == name)
}

/// Whether this module executes the row.
pub fn handles(name: &str) -> bool {
    row(name).is_some()
}

/// The row with this id, if this module executes it ([`ROWS`] joined to the rows once).
pub fn row_of(id: RowId) -> Option<&'static ProgramRow> {
    static TABLE: OnceLock<Vec<Option<&'static ProgramRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(ROWS.iter().map(|r| (r.name, r))))[id.index()]
}

/// Execute an instruction of this family. Replaces [`Wave::program_unsettled`].
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Some(r) = row_of(isa::row_id(inst.row)) else {
        return Err(ExecError::NotYet {
            name: inst.row.name,
        });
    };
    execute_row(wave, inst, r)
}

/// Execute `inst` with its program-flow row `r` (the dispatcher found it by id).
pub fn execute_row(wave: &mut Wave, inst: &Instruction, r: &ProgramRow) -> Result<(), ExecError> {
    wave.program_unsettled.clear();
    (r.op)(wave, inst)
}

// ---- shared helpers

/// The byte address of the next instruction.
fn next_pc(w: &Wave, inst: &Instruction) -> u64 {
    w.pc.wrapping_add(4 * inst.dwords() as u64)
}

/// Record that `what` is gpuref's choice under rule `rule`.
fn unsettled(w: &mut Wave, what: &'static str, rule: &'static str) {
    if !w.program_unsettled.contains(&(what, rule)) {
        w.program_unsettled.push((what, rule));
    }
}

/// An error for a form the decoder should not produce.
fn bad_form(inst: &Instruction) -> ExecError {
    ExecError::Pending {
        name: inst.row.name,
        reason: "the instruction's fields are not of its format",
    }
}

/// STATUS bits program flow reads or writes (Vega "Status registers").
pub mod status {
    pub const WAVE_PRIO_SHIFT: u32 = 3;
    pub const PRIV: u32 = 1 << 5;
    pub const TRAP_EN: u32 = 1 << 6;
    pub const HALT: u32 = 1 << 13;
    pub const VALID: u32 = 1 << 16;
    pub const COND_DBG_USER: u32 = 1 << 20;
    pub const COND_DBG_SYS: u32 = 1 << 21;
}

/// MODE bits program flow reads or writes (Vega "Mode register").
pub mod mode {
    pub const GPR_IDX_EN: u32 = 1 << 27;
    pub const VSKIP: u32 = 1 << 28;
    pub const CSP_SHIFT: u32 = 29;
}

#[cfg(test)]
mod tests;
