//! Vector ALU rows that need the wave rather than one lane (they read or write another
//! lane, a scalar register, or two VGPRs): a small table of wave-level executors, and the
//! rows exempt from exact ALU semantics with the reason.

use crate::alu::valu::{Accept, Unsettled};
use crate::error::pending;
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::isa;
use crate::operand::{ScalarReg, VectorSrc};
use crate::wave::{UnsettledLane, UnsettledSgpr, Wave, Widen};
use gpuref_core::isa::RowId;
use gpuref_core::{Spec, SpecRef, Status};
use std::sync::OnceLock;

type WaveOp = fn(&mut Wave, &Instruction) -> Result<(), ExecError>;

/// One wave-level row.
#[derive(Clone, Copy)]
pub struct WaveRow {
    pub name: &'static str,
    pub op: WaveOp,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

const VOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP1 Instructions")];
const VOP3: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3A Instructions")];

/// The wave-level rows.
#[rustfmt::skip]
pub const WAVE_LEVEL: &[WaveRow] = &[
    WaveRow { name: "V_NOP",               op: v_nop,               status: Status::Specified, cites: VOP1 },
    WaveRow { name: "V_READFIRSTLANE_B32", op: v_readfirstlane_b32, status: Status::Specified, cites: VOP1 },
    WaveRow { name: "V_READLANE_B32",      op: v_readlane_b32,      status: Status::Specified, cites: VOP3 },
    WaveRow { name: "V_WRITELANE_B32",     op: v_writelane_b32,     status: Status::Specified, cites: VOP3 },
    WaveRow { name: "V_SWAP_B32",          op: v_swap_b32,          status: Status::Specified, cites: VOP1 },
    WaveRow { name: "V_CLREXCP",           op: v_clrexcp,           status: Status::Unspecified, cites: CLREXCP },
];

const CLREXCP: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP1 Instructions"),
    SpecRef::new(Spec::Vega, "Trap Status register"),
    SpecRef::new(Spec::Gpuref, "docs/design/0037-gcn5-sad-legacy-clrexcp.md"),
];

/// TRAPSTS.EXCP, bits 8:0 (Vega "Trap Status register").
pub const TRAPSTS_EXCP: u32 = 0x1ff;

/// Why interpolation rows and LDS_DIRECT are not executed.
pub const INTERP: &str =
    "interpolation/LDS parameter loads are out of scope for exact ALU semantics (issue 6)";

/// Why EXP is not executed.
pub const EXPORT: &str = "exports write the pixel/position/parameter export buffers outside the wave (colour, depth, position, parameter targets); out of scope for exact semantics (issue 6, docs/design/0034)";

/// Rows exempt from exact ALU semantics, or waiting for a reading, with the reason
/// (`exec::pending_reason` reports them).
#[rustfmt::skip]
pub const EXEMPT: &[(&str, &str)] = &[
    ("V_INTERP_P1_F32",        INTERP),
    ("V_INTERP_P2_F32",        INTERP),
    ("V_INTERP_MOV_F32",       INTERP),
    ("V_INTERP_P1LL_F16",      INTERP),
    ("V_INTERP_P1LV_F16",      INTERP),
    ("V_INTERP_P2_LEGACY_F16", INTERP),
    ("V_INTERP_P2_F16",        INTERP),
    ("EXP",                    EXPORT),
];

/// The wave-level executor of a row.
pub fn row(name: &str) -> Option<&'static WaveRow> {
    WAVE_LEVEL.iter().find(|r| r.name == name)
}

/// The wave-level executor of the row with this id ([`WAVE_LEVEL`] joined to the rows once).
pub fn row_of(id: RowId) -> Option<&'static WaveRow> {
    static TABLE: OnceLock<Vec<Option<&'static WaveRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(WAVE_LEVEL.iter().map(|r| (r.name, r))))[id.index()]
}

fn next_pc(w: &mut Wave, inst: &Instruction) {
    w.pc = w.pc.wrapping_add(4 * inst.dwords() as u64);
}

/// (vdst field, src0, src1) of the VOP1 / VOP3 forms.
fn fields(inst: &Instruction) -> Result<(u8, Option<VectorSrc>, Option<VectorSrc>), ExecError> {
    match inst.fields {
        Fields::Vop(v) => Ok((v.vdst, Some(v.src0), None)),
        Fields::Vop3(v) => Ok((v.vdst, v.src[0], v.src[1])),
        _ => Err(pending(
            inst.row.name,
            "only the VOP1 and VOP3 forms of this row are executed",
        )),
    }
}

fn sdst(name: &'static str, code: u8) -> Result<ScalarReg, ExecError> {
    ScalarReg::from_code(code)
        .map_err(|_| pending(name, "the destination is not a scalar register"))
}

fn vgpr(name: &'static str, s: Option<VectorSrc>) -> Result<usize, ExecError> {
    match s {
        Some(VectorSrc::Vgpr(v)) => Ok(usize::from(v)),
        Some(VectorSrc::LdsDirect) => Err(pending(name, INTERP)),
        _ => Err(pending(name, "the source must be a VGPR")),
    }
}

/// A scalar source (SGPR, M0, EXEC, constant) as 32 bits.
fn scalar(
    w: &Wave,
    name: &'static str,
    s: Option<VectorSrc>,
    literal: u32,
) -> Result<u32, ExecError> {
    match s {
        Some(VectorSrc::Scalar(s)) => Ok(w.read_src(s, 1, literal, Widen::Zero) as u32),
        _ => Err(pending(
            name,
            "the lane select and V_WRITELANE's data must be scalar",
        )),
    }
}

/// `Do nothing.`
fn v_nop(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    next_pc(w, inst);
    Ok(())
}

/// `Lane# = FindFirst1fromLSB(exec) (Lane# = 0 if exec is zero). Ignores exec mask for the access.`
fn v_readfirstlane_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (d, s0, _) = fields(inst)?;
    let (d, v) = (sdst(name, d)?, vgpr(name, s0)?);
    let lane = if w.exec == 0 {
        0
    } else {
        w.exec.trailing_zeros() as usize
    };
    let x = w.vgpr[v][lane & 63];
    w.set_reg(d, x);
    next_pc(w, inst);
    Ok(())
}

/// The lane a lane select names: S1[5:0] (rule `gcn5.valu.lane_select`).
fn lane_of(sel: u32) -> usize {
    (sel & 63) as usize
}

/// `Copy one VGPR value to one SGPR. D = SGPR-dest, S0 = Source Data, S1 = Lane Select. Ignores exec mask.`
fn v_readlane_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (code, s0, s1) = fields(inst)?;
    let (d, v) = (sdst(name, code)?, vgpr(name, s0)?);
    let sel = scalar(w, name, s1, inst.literal.unwrap_or(0))?;
    let x = w.vgpr[v][lane_of(sel)];
    w.set_reg(d, x);
    if sel > 63 {
        // Out of range: the manual names no lane; gpuref reads S1[5:0] and accepts any value.
        w.unsettled_sgpr.push(UnsettledSgpr {
            code,
            why: Unsettled {
                output: crate::alu::valu::Output::D,
                accept: Accept::Mask(0),
                rule: "gcn5.valu.lane_select",
                flags_settled: true,
            },
        });
    }
    next_pc(w, inst);
    Ok(())
}

/// `Write value into one VGPR in one lane. D = VGPR-dest, S0 = Source Data, S1 = Lane Select. Ignores exec mask.`
fn v_writelane_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (d, s0, s1) = fields(inst)?;
    let lit = inst.literal.unwrap_or(0);
    let (x, sel) = (scalar(w, name, s0, lit)?, scalar(w, name, s1, lit)?);
    let lane = lane_of(sel);
    let old = w.vgpr[usize::from(d)][lane];
    w.vgpr[usize::from(d)][lane] = x;
    if sel > 63 {
        // Out of range: the write may also be dropped; accept either value.
        w.unsettled.push(UnsettledLane {
            vdst: d,
            dwords: 1,
            lane: lane as u8,
            why: Unsettled {
                output: crate::alu::valu::Output::D,
                accept: Accept::Mask(u64::from(!(old ^ x))),
                rule: "gcn5.valu.lane_select",
                flags_settled: true,
            },
        });
    }
    next_pc(w, inst);
    Ok(())
}

/// `tmp = D.u; D.u = S0.u; S0.u = tmp.`
fn v_swap_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (d, s0, _) = fields(inst)?;
    let (d, s) = (usize::from(d), vgpr(name, s0)?);
    for lane in 0..64 {
        if w.exec >> lane & 1 == 1 {
            let t = w.vgpr[d][lane];
            w.vgpr[d][lane] = w.vgpr[s][lane];
            w.vgpr[s][lane] = t;
        }
    }
    next_pc(w, inst);
    Ok(())
}

/// `Clear wave's exception state in SIMD (SP).` gpuref clears TRAPSTS.EXCP (bits 8:0) and
/// lists the field as its choice (`trapsts.excp` in [`Wave::program_unsettled`]): the other
/// reading leaves TRAPSTS as it was (rule `gcn5.v_clrexcp.state`).
fn v_clrexcp(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    fields(inst)?;
    w.trapsts &= !TRAPSTS_EXCP;
    w.program_unsettled
        .push(("trapsts.excp", "gcn5.v_clrexcp.state"));
    next_pc(w, inst);
    Ok(())
}

/// Run a wave-level row.
pub fn execute(w: &mut Wave, inst: &Instruction, r: &WaveRow) -> Result<(), ExecError> {
    (r.op)(w, inst)
}
