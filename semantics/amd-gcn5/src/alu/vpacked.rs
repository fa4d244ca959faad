//! The VOP3P and VOP3P-MAI executor: packed operands (OP_SEL, OP_SEL_HI, NEG_LO, NEG_HI),
//! the MIX forms, the float CLAMP of packed results, and MI100's matrix instructions
//! (`vpacked/mfma.rs`) and AccVGPR moves (`vpacked/mai.rs`), which work on the whole wave
//! rather than one lane (docs/design/0019, docs/design/0026, docs/design/0036).
//!
//! Per active lane and source: the operand's 32 bits (a VGPR, an SGPR or special register,
//! or an inline constant; VOP3P has no literal) become the packed operand of the lane
//! kernel (`alu/valu/vop3p.rs`): for 16-bit sources the low result half reads the half
//! OP_SEL selects and the high result half the half OP_SEL_HI selects, NEG_LO / NEG_HI
//! flipping the sign of float halves; MIX sources are f16 (OP_SEL_HI set, OP_SEL picks the
//! half) or f32, NEG_HI being abs, applied before NEG; 32-bit sources (dot accumulators,
//! DOT4/DOT8 inputs) are read whole.

mod mai;
mod mfma;
#[cfg(test)]
mod tests;

pub use mai::{execute_acc, RULES as ACC_RULES};
pub use mfma::{a_block, blgp_lane, shape, Place, Shape, RULES as MFMA_RULES};

use super::valu::{kernel_of, Accept, LaneCtx, LaneIn, LaneOut};
use super::vexec::trapsts_bits;
use crate::error::ExecError;
use crate::formats::valu::{f16_bits, Ty};
use crate::formats::vop3p::{kind, sources, src_type, Kind, Vop3p};
use crate::formats::{Fields, Instruction};
use crate::instructions::Row;
use crate::isa;
use crate::operand::{ScalarSrc, VectorSrc};
use crate::wave::{UnsettledLane, Wave, Widen};
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::Flags;
use std::sync::OnceLock;

/// Bit 32 of a MIX source as the lane kernels get it: the source is an f16 in bits [15:0]
/// (OPSEL_HI set); otherwise an f32 in [31:0].
pub const MIX_F16: u64 = 1 << 32;

const NOTE: &str = "docs/design/0026-gcn5-packed-math.md";

/// Rules of the packed executor.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.vop3p.opsel", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P"), SpecRef::new(Spec::Vega, "Packed Math")],
        statement: "for a 16-bit source the low result half reads the half OPSEL selects (0 low, 1 high) and the high result half the half OPSEL_HI selects; NEG (NEG_LO) negates the low-half operand and NEG_HI the high-half one, float rows only; VOP3P has no ABS and no OMOD" },
    Rule { id: "gcn5.vop3p.mix_operands", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions")],
        statement: "a MIX source is f32 (OPSEL_HI 0, src[31:0]) or f16 (OPSEL_HI 1; OPSEL 0 src[15:0], 1 src[31:16]); NEG_HI is abs, applied before NEG; an f16 source converts exactly to f32" },
    Rule { id: "gcn5.vop3p.inline_const", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "a packed operand reads an inline constant as one 32-bit value: an integer sign-extended, a float as f16 in [15:0] and 0 in [31:16] for f16 operands, and as its f32 bits for 16-bit integer and 32-bit operands (LLVM since 2023; older LLVM took the constant in both halves and a float as f16 for integer operands): result bits that another reading would change are accepted as any value" },
    Rule { id: "gcn5.vop3p.opsel_32bit", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "a 32-bit source of a VOP3P row (dot accumulator, DOT4/DOT8 input) is read whole and NEG negates a float one; what OPSEL=1, OPSEL_HI=0 or NEG_HI do to it is not stated: such a lane's result is accepted as any value" },
    Rule { id: "gcn5.vop3p.clamp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "CLAMP clamps each float result (each f16 half, or the f32) to [0.0, 1.0]; integer halves saturate (rule gcn5.valu.int_clamp)" },
    Rule { id: "gcn5.vop3p.clamp_nan", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "Mode register"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "CLAMP of a NaN result gives +0 when MODE.DX10_CLAMP is set and the NaN otherwise (dispute D5), and CLAMP of -0 gives +0: those result bits are accepted as any value" },
    Rule { id: "gcn5.vop3p.dot_c_vop2", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "V_DOT2C/DOT4C/DOT8C and V_PK_FMAC_F16 are VOP2 rows with packed semantics: S0 and VSRC1 are read as raw 32-bit packed operands (low half with low half) and D is the accumulator" },
];

/// Whether a VOP3P-MAI row (whose semantics are wave-wide, not a lane kernel) is executed:
/// the AccVGPR moves and the MFMA rows.
pub fn has_semantics(name: &str) -> bool {
    matches!(name, "V_ACCVGPR_READ_B32" | "V_ACCVGPR_WRITE_B32") || shape(name).is_some()
}

/// [`has_semantics`] of the row with this id, asked once per row.
pub fn handles_id(id: RowId) -> bool {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| {
        isa::all_rows()
            .iter()
            .map(|r| has_semantics(r.name))
            .collect()
    })[id.index()]
}

/// How a source is read as a whole 32-bit value.
enum Read {
    /// A VGPR: each lane's own value.
    Vgpr(u8),
    /// The same value in every lane: gpuref's reading first, then the other readings of
    /// rule `gcn5.vop3p.inline_const`.
    Uniform(Vec<u32>),
}

/// How a source becomes the kernel's operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Two halves selected by OPSEL/OPSEL_HI (float: NEG_LO/NEG_HI).
    Packed { float: bool },
    /// A MIX source (f16 when OPSEL_HI is set).
    Mix { f16: bool },
    /// A whole 32-bit value (float: NEG_LO).
    Whole { float: bool },
}

fn source_use(row: &Row, v: &Vop3p, i: usize) -> Use {
    if kind(row) == Kind::Mix {
        return Use::Mix {
            f16: v.op_sel_hi >> i & 1 == 1,
        };
    }
    match src_type(row, i) {
        Ty::V2F16 => Use::Packed { float: true },
        Ty::V2I16 => Use::Packed { float: false },
        t => Use::Whole {
            float: t.is_float(),
        },
    }
}

/// The readings of an inline constant for a source used as `u` (rule
/// `gcn5.vop3p.inline_const`); gpuref's first.
fn constant(w: &Wave, s: ScalarSrc, u: Use) -> Vec<u32> {
    let whole = w.read_src(s, 1, 0, Widen::Zero) as u32;
    let splat = |h: u16| u32::from(h) * 0x0001_0001;
    match (s, u) {
        (ScalarSrc::Float(c), Use::Packed { float: true }) => {
            vec![u32::from(f16_bits(c)), splat(f16_bits(c))]
        }
        (ScalarSrc::Float(c), Use::Packed { float: false }) => {
            vec![whole, u32::from(f16_bits(c)), splat(f16_bits(c))]
        }
        (ScalarSrc::Float(c), Use::Mix { f16: true }) => vec![u32::from(f16_bits(c))],
        (ScalarSrc::Int(_), Use::Packed { .. }) => vec![whole, splat(whole as u16)],
        _ => vec![whole],
    }
}

/// The kernel operand of source `i` from its 32 bits `raw`, and whether the modifiers on a
/// 32-bit source leave it unsettled (rule `gcn5.vop3p.opsel_32bit`).
fn operand(v: &Vop3p, i: usize, u: Use, raw: u32) -> (u64, bool) {
    let bit = |f: u8| f >> i & 1 == 1;
    let half = |hi: bool| if hi { (raw >> 16) as u16 } else { raw as u16 };
    match u {
        Use::Packed { float } => {
            let (mut lo, mut hi) = (half(bit(v.op_sel)), half(bit(v.op_sel_hi)));
            if float {
                lo ^= u16::from(bit(v.neg_lo)) << 15;
                hi ^= u16::from(bit(v.neg_hi)) << 15;
            }
            (u64::from(lo) | (u64::from(hi) << 16), false)
        }
        Use::Mix { f16 } => {
            let (x, sign) = if f16 {
                (u32::from(half(bit(v.op_sel))), 0x8000)
            } else {
                (raw, 0x8000_0000)
            };
            let x = if bit(v.neg_hi) { x & !sign } else { x };
            let x = if bit(v.neg_lo) { x ^ sign } else { x };
            let tag = if f16 { MIX_F16 } else { 0 };
            (u64::from(x) | tag, false)
        }
        Use::Whole { float } => {
            let x = if float && bit(v.neg_lo) {
                raw ^ 0x8000_0000
            } else {
                raw
            };
            let odd = bit(v.op_sel) || !bit(v.op_sel_hi) || bit(v.neg_hi);
            (u64::from(x), odd)
        }
    }
}

/// The clamp of a float of `bits` (16 or 32) bits to [0, 1] (rule `gcn5.vop3p.clamp`),
/// and the result bits rule `gcn5.vop3p.clamp_nan` leaves open.
fn clamp_float(x: u64, bits: u32, dx10: bool) -> (u64, u64) {
    let (sign, inf, one) = if bits == 16 {
        (0x8000u64, 0x7c00u64, 0x3c00u64)
    } else {
        (0x8000_0000, 0x7f80_0000, 0x3f80_0000)
    };
    let all = (sign << 1) - 1;
    let abs = x & (sign - 1);
    if abs > inf {
        (if dx10 { 0 } else { x }, all)
    } else if x & sign != 0 {
        (0, if abs == 0 { sign } else { 0 })
    } else if abs > one {
        (one, 0)
    } else {
        (x, 0)
    }
}

/// A lane result whose bits `open` are not settled, by `rule`, merged with the kernel's own.
fn merge(out: LaneOut, open: u64, rule: &'static str) -> LaneOut {
    if open == 0 {
        return out;
    }
    let settled = 0xffff_ffff & !open;
    let accept = match out.unsettled.map(|u| u.accept) {
        None => Accept::Mask(settled),
        Some(Accept::Mask(m)) => Accept::Mask(m & settled),
        Some(_) => Accept::Mask(0),
    };
    out.unsettled(accept, rule, false)
}

/// The float CLAMP of a packed row's result.
fn clamp_result(k: Kind, row: &Row, out: LaneOut, dx10: bool) -> LaneOut {
    let Some(d) = out.d else { return out };
    // (bit offset, width) of each float field the row writes.
    let fields: &[(u32, u32)] = match k {
        Kind::PackedF16 => &[(0, 16), (16, 16)],
        Kind::Dot2F16 => &[(0, 32)],
        Kind::Mix if row.name.ends_with("MIXLO_F16") => &[(0, 16)],
        Kind::Mix if row.name.ends_with("MIXHI_F16") => &[(16, 16)],
        Kind::Mix => &[(0, 32)],
        _ => return out,
    };
    let (mut new, mut open) = (d, 0);
    for &(at, w) in fields {
        let (v, o) = clamp_float((d >> at) & ((1 << w) - 1), w, dx10);
        new = (new & !(((1u64 << w) - 1) << at)) | (v << at);
        open |= o << at;
    }
    let range = match out.unsettled.map(|u| u.accept) {
        Some(Accept::Range { lo, hi }) if fields[0].1 == 32 => {
            Some((clamp_float(lo, 32, dx10).0, clamp_float(hi, 32, dx10).0))
        }
        _ => None,
    };
    let mut out = LaneOut {
        d: Some(new),
        ..out
    };
    if let (Some((lo, hi)), Some(u)) = (range, out.unsettled) {
        out = out.unsettled(Accept::Range { lo, hi }, u.rule, u.flags_settled);
    }
    merge(out, open, "gcn5.vop3p.clamp_nan")
}

/// Every active lane's result of a VOP3P instruction, without writing it (the acceptance
/// sets of the open rules are in each [`LaneOut`]).
pub fn lanes(wave: &Wave, inst: &Instruction) -> Result<Vec<(usize, LaneOut)>, ExecError> {
    let row = inst.row;
    let Fields::Vop3p(v) = inst.fields else {
        return Err(ExecError::NotYet { name: row.name });
    };
    let k = kernel_of(isa::row_id(row)).ok_or(ExecError::NotYet { name: row.name })?;
    let fam = kind(row);
    let n = sources(row);
    let uses: Vec<Use> = (0..n).map(|i| source_use(row, &v, i)).collect();
    let mut reads = Vec::with_capacity(n);
    for (i, u) in uses.iter().enumerate() {
        reads.push(match v.src[i] {
            VectorSrc::Vgpr(r) => Read::Vgpr(r),
            VectorSrc::Scalar(s) => Read::Uniform(constant(wave, s, *u)),
            VectorSrc::LdsDirect => {
                return Err(ExecError::Pending {
                    name: row.name,
                    reason: "LDS_DIRECT is not executed yet",
                })
            }
        });
    }
    let float = !matches!(fam, Kind::PackedInt | Kind::Dot2Int | Kind::DotPacked);
    let mode = super::mode::Mode(wave.mode);
    let ctx = LaneCtx {
        mode,
        clamp: v.clamp && !float,
    };
    // Every combination of the readings of the uniform sources; the first is gpuref's.
    let counts: Vec<usize> = reads
        .iter()
        .map(|r| match r {
            Read::Uniform(c) => c.len(),
            Read::Vgpr(_) => 1,
        })
        .collect();
    let combos: usize = counts.iter().product();
    let mut out = Vec::new();
    for lane in 0..64 {
        if wave.exec >> lane & 1 == 0 {
            continue;
        }
        let d = u64::from(wave.vgpr[usize::from(v.vdst)][lane]);
        let run = |combo: usize| {
            let (mut s, mut odd, mut rest) = ([0u64; 3], false, combo);
            for (i, r) in reads.iter().enumerate() {
                let raw = match r {
                    Read::Vgpr(g) => wave.vgpr[usize::from(*g)][lane],
                    Read::Uniform(c) => c.get(rest % c.len()).copied().unwrap_or(0),
                };
                rest /= counts[i];
                let (x, o) = operand(&v, i, uses[i], raw);
                s[i] = x;
                odd |= o;
            }
            let x = LaneIn {
                s0: s[0],
                s1: s[1],
                s2: s[2],
                s2_hi: 0,
                d,
                carry: false,
                lane: lane as u8,
            };
            let r = (k.kernel)(&x, &ctx);
            if v.clamp && float {
                (clamp_result(fam, row, r, mode.dx10_clamp()), odd)
            } else {
                (r, odd)
            }
        };
        let (mut r, odd) = run(0);
        let base = r.d.unwrap_or(0);
        let open = (1..combos).fold(0, |m, c| m | (run(c).0.d.unwrap_or(0) ^ base));
        r = merge(r, open, "gcn5.vop3p.inline_const");
        if odd {
            r = merge(r, 0xffff_ffff, "gcn5.vop3p.opsel_32bit");
        }
        out.push((lane, r));
    }
    Ok(out)
}

/// Execute a VOP3P or VOP3P-MAI instruction.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    if let Fields::Mai(m) = inst.fields {
        if let crate::formats::mai::Mai::Mfma(_) = m {
            return mfma::execute(wave, inst);
        }
        return execute_acc(wave, inst);
    }
    wave.unsettled.clear();
    let results = lanes(wave, inst)?;
    let Fields::Vop3p(v) = inst.fields else {
        return Err(ExecError::NotYet {
            name: inst.row.name,
        });
    };
    let mut flags = Flags::NONE;
    for (lane, r) in results {
        flags = flags.union(r.flags);
        if let Some(d) = r.d {
            wave.vgpr[usize::from(v.vdst)][lane] = d as u32;
        }
        // What the sources leave open in this lane (the kernel's or this executor's
        // acceptance), as the other vector executors record it (docs/design/0020).
        if let Some(why) = r.unsettled {
            wave.unsettled.push(UnsettledLane {
                vdst: v.vdst,
                dwords: 1,
                lane: lane as u8,
                why,
            });
        }
    }
    wave.trapsts |= trapsts_bits(flags);
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}
