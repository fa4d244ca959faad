//! MI100's 20 MFMA rows: `D = A × B + C` over whole-wave register blocks
//! (docs/design/0036-gcn5-mfma.md). The MI100 manual gives the roles, shapes and number
//! formats ("Matrix Arithmetic Instructions"); where A, B, C and D lie across lanes and
//! registers, and what CBSZ/ABID/BLGP do, come from AMD's Matrix Instruction Calculator
//! (rules `gcn5.mfma.layout`, `gcn5.mfma.cbsz_abid`, `gcn5.mfma.blgp`: inferred). The float
//! rows' summation order and rounding are unpublished: the result is the exact sum rounded
//! once, and each lane carries the interval of every stepwise-rounded order
//! (`gcn5.mfma.float_sum`).

use crate::alu::mode::{Mode, Width};
use crate::alu::valu::{Accept, Output, Unsettled};
use crate::error::ExecError;
use crate::formats::mai::{Mai, MfmaSrc};
use crate::formats::{Fields, Instruction};
use crate::isa;
use crate::wave::{UnsettledLane, Wave, Widen, LANES};
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{ExactSum, SumValue};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{BFloat16, Binary16, Binary32, FloatQuirks, Format, FpMode};
use std::sync::OnceLock;

const NOTE: &str = "docs/design/0036-gcn5-mfma.md";
const MAI: &str = "7. Matrix Arithmetic Instructions (MAI)";
const OPCODES: &str = "7.1. Matrix Arithmetic Opcodes";

/// Rules of the MFMA rows.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.mfma.layout", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, MAI), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "D[i][j] of block b = C[i][j] + sum over k of A[i][k] x B[k][j] (block b); with P = K*M*blocks/64 elements per lane, A[i][k] of block b is element k mod P (packed from bit 0 of the first register) of lane b*M + (k div P)*M*blocks + i, B[k][j] the same with N and j; C/D[i][j] of block b is register b*(M*N/64) + (i div (4*64/N))*4 + i mod 4, lane (b mod max(1, 256/(M*N)))*N + ((i div 4) mod (64/N))*max(1, 256/(M*N))*N + j (AMD Matrix Instruction Calculator, CDNA1)" },
    Rule { id: "gcn5.mfma.cbsz_abid", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "with CBSZ and ABID set, block b reads the A block (b div 2^CBSZ)*2^CBSZ + ABID (one block broadcast to 2^CBSZ blocks); B, C and D are unchanged (AMD Matrix Instruction Calculator)" },
    Rule { id: "gcn5.mfma.cbsz_abid_range", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "2^CBSZ above the row's block count (any CBSZ on a one-block row) or ABID >= 2^CBSZ is outside the documented range: gpuref reads A block ((b div 2^CBSZ)*2^CBSZ + ABID) mod blocks, and every D lane is accepted as any value" },
    Rule { id: "gcn5.mfma.blgp", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "BLGP makes lane L of the B operand read lane: 1 L mod 32; 2 L+32 for L < 32; 3 (L+16) mod 64; 4 L mod 16; 5 16 + L mod 16; 6 32 + L mod 16; 7 48 + L mod 16; 0 L (AMD Matrix Instruction Calculator)" },
    Rule { id: "gcn5.mfma.reads_first", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "7.2. Dependency Resolution: Required NOPs"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "every A, B and C element is read before D is written, so a C that is D (the NOP table's 'exactly same' case) accumulates in place" },
    Rule { id: "gcn5.mfma.i8", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "I8 rows multiply signed bytes and add the products and C exactly in I32 ('Partial results of the calculation are performed in CDfmt')" },
    Rule { id: "gcn5.mfma.i8_overflow", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "when some order of the I32 partial sums leaves the I32 range, wrap-around or saturation is unpublished: gpuref wraps (the result is the exact sum mod 2^32) and the lane is accepted as any value" },
    Rule { id: "gcn5.mfma.float_sum", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "F32 partial sums ('performed in CDfmt') of an unpublished order and rounding: gpuref gives the exact sum of products and C rounded once (MODE's single rounding and output flush); accepted: the interval exact +- (K+1)(2^-23 + 2^-40)*sum|terms| + (K+1)*2^-124, rounded outward; any value when a partial sum may overflow" },
    Rule { id: "gcn5.mfma.nan_inf", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "a NaN term, an infinity times zero, or infinities of both signs give a NaN in every order (accepted: any NaN; gpuref gives the default NaN); infinities of one sign give that infinity when the finite terms cannot overflow" },
    Rule { id: "gcn5.mfma.denorm", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, "6.4. Denormalized and Rounding Modes"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "no source says whether MFMA follows MODE.FP_DENORM: gpuref flushes inputs per MODE (F32 and C: single field, F16: double/half field, BF16: kept) and accepts results with inputs flushed or kept, and with any partial or result flushed" },
    Rule { id: "gcn5.mfma.no_exceptions", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES)],
        statement: "'The miSIMD does not support arithmetic exceptions': MFMA sets no TRAPSTS exception bit" },
    Rule { id: "gcn5.mfma.exec", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, "7.2. Dependency Resolution: Required NOPs"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "MFMA reads EXEC (a V_CMPX before it needs 4 NOPs, 'no ExecMask forwarding') but no source says how: with EXEC all ones the result is as above; otherwise gpuref reads every source lane and writes the enabled D lanes, and every D lane is accepted as any value" },
    Rule { id: "gcn5.mfma.const_wide", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, OPCODES), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "an inline constant is FP32 bits (integers sign-extended) in one dword; as the two-register A or B of an F16 row gpuref repeats it in both, and every D lane is accepted as any value" },
];

/// The number format of A and B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum In {
    F32,
    F16,
    Bf16,
    I8,
}

impl In {
    fn bits(self) -> usize {
        match self {
            In::F32 => 32,
            In::F16 | In::Bf16 => 16,
            In::I8 => 8,
        }
    }
}

/// M, N, K, blocks and the A/B format of a row (AMD Matrix Instruction Calculator, CDNA1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub blocks: usize,
    ty: In,
}

#[rustfmt::skip]
const SHAPES: &[(&str, usize, usize, usize, usize, In)] = &[
    ("V_MFMA_F32_32X32X1F32",  32, 32,  1,  2, In::F32),
    ("V_MFMA_F32_16X16X1F32",  16, 16,  1,  4, In::F32),
    ("V_MFMA_F32_4X4X1F32",     4,  4,  1, 16, In::F32),
    ("V_MFMA_F32_32X32X2F32",  32, 32,  2,  1, In::F32),
    ("V_MFMA_F32_16X16X4F32",  16, 16,  4,  1, In::F32),
    ("V_MFMA_F32_32X32X4F16",  32, 32,  4,  2, In::F16),
    ("V_MFMA_F32_16X16X4F16",  16, 16,  4,  4, In::F16),
    ("V_MFMA_F32_4X4X4F16",     4,  4,  4, 16, In::F16),
    ("V_MFMA_F32_32X32X8F16",  32, 32,  8,  1, In::F16),
    ("V_MFMA_F32_16X16X16F16", 16, 16, 16,  1, In::F16),
    ("V_MFMA_I32_32X32X4I8",   32, 32,  4,  2, In::I8),
    ("V_MFMA_I32_16X16X4I8",   16, 16,  4,  4, In::I8),
    ("V_MFMA_I32_4X4X4I8",      4,  4,  4, 16, In::I8),
    ("V_MFMA_I32_32X32X8I8",   32, 32,  8,  1, In::I8),
    ("V_MFMA_I32_16X16X16I8",  16, 16, 16,  1, In::I8),
    ("V_MFMA_F32_32X32X2BF16", 32, 32,  2,  2, In::Bf16),
    ("V_MFMA_F32_16X16X2BF16", 16, 16,  2,  4, In::Bf16),
    ("V_MFMA_F32_4X4X2BF16",    4,  4,  2, 16, In::Bf16),
    ("V_MFMA_F32_32X32X4BF16", 32, 32,  4,  1, In::Bf16),
    ("V_MFMA_F32_16X16X8BF16", 16, 16,  8,  1, In::Bf16),
];

/// The shape of an MFMA row.
pub fn shape(name: &str) -> Option<Shape> {
    SHAPES
        .iter()
        .find(|s| s.0 == name)
        .map(|&(_, m, n, k, blocks, ty)| Shape {
            m,
            n,
            k,
            blocks,
            ty,
        })
}

/// The shape of the MFMA row with this id (asked once per row).
pub fn shape_of(id: RowId) -> Option<Shape> {
    static TABLE: OnceLock<Vec<Option<Shape>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::all_rows().iter().map(|r| shape(r.name)).collect())[id.index()]
}

/// Where an element lies: (register offset, lane, bit offset).
pub type Place = (usize, usize, usize);

impl Shape {
    /// Where A[i][k] of `block` (or B[k][j], with `outer` = N and `i` = j) lies before
    /// BLGP (rule `gcn5.mfma.layout`).
    pub fn input(&self, outer: usize, i: usize, k: usize, block: usize) -> Place {
        let per = self.k * outer * self.blocks / LANES;
        let e = k % per;
        let lane = block * outer + (k / per) * outer * self.blocks + i;
        let bit = e * self.ty.bits();
        (bit / 32, lane, bit % 32)
    }

    /// Where C[i][j] / D[i][j] of `block` lies (rule `gcn5.mfma.layout`).
    pub fn output(&self, i: usize, j: usize, block: usize) -> Place {
        let (m, n) = (self.m, self.n);
        let rows_per_reg = LANES / n;
        let blocks_per_reg = (4 * LANES / (m * n)).max(1);
        let reg = block * (m * n / LANES) + (i / (4 * rows_per_reg)) * 4 + i % 4;
        let lane = (block % blocks_per_reg) * n + ((i / 4) % rows_per_reg) * blocks_per_reg * n + j;
        (reg, lane, 0)
    }

    /// The registers of A and B.
    fn in_regs(&self) -> usize {
        (self.k * self.m * self.blocks * self.ty.bits()).div_ceil(32 * LANES)
    }
}

/// The lane BLGP makes lane `lane` of B read (rule `gcn5.mfma.blgp`).
pub fn blgp_lane(lane: usize, blgp: u8) -> usize {
    match blgp {
        1 => lane % 32,
        2 if lane < 32 => lane + 32,
        3 => (lane + 16) % 64,
        4 => lane % 16,
        5 => 16 + lane % 16,
        6 => 32 + lane % 16,
        7 => 48 + lane % 16,
        _ => lane,
    }
}

/// The A block that block `b` reads, and whether CBSZ/ABID are in the documented range.
pub fn a_block(b: usize, blocks: usize, cbsz: u8, abid: u8) -> (usize, bool) {
    let size = 1usize << cbsz.min(7);
    let ok = size <= blocks && usize::from(abid) < size;
    (((b / size) * size + usize::from(abid)) % blocks, ok)
}

/// One operand's dword `reg` of lane `lane`.
fn read(w: &Wave, s: MfmaSrc, reg: usize, lane: usize) -> u32 {
    match s {
        MfmaSrc::Vgpr(r) => w.vgpr[usize::from(r) + reg][lane],
        MfmaSrc::Acc(r) => w.acc[usize::from(r) + reg][lane],
        MfmaSrc::Const(c) => w.read_src(c, 1, 0, Widen::Zero) as u32,
    }
}

/// The bits of element `place` of an operand.
fn element(w: &Wave, s: MfmaSrc, (reg, lane, bit): Place, bits: usize) -> u64 {
    let mask = (1u64 << bits) - 1;
    u64::from(read(w, s, reg, lane)) >> bit & mask
}

/// Flush a subnormal input of `F` to a zero of its sign.
fn flushed<F: Format>(x: u64, flush: bool) -> u64 {
    let sub = x & F::EXP_MASK == 0 && x & F::FRAC_MASK != 0;
    if flush && sub {
        x & F::SIGN_MASK
    } else {
        x
    }
}

/// The numeric order of binary32 bits (-0 before +0).
fn key(x: u64) -> i64 {
    if x & Binary32::SIGN_MASK != 0 {
        -((x & Binary32::ABS_MASK) as i64) - 1
    } else {
        x as i64
    }
}

/// A float lane: gpuref's result and what is accepted.
fn float_lane(
    pairs: &[(u64, u64)],
    c: u64,
    ty: In,
    mode: &FpMode,
) -> (u64, Option<(Accept, &'static str)>) {
    let single = mode.denormals_for::<Binary32>().flush_inputs;
    let input = match ty {
        In::F16 => mode.denormals_for::<Binary16>().flush_inputs,
        In::Bf16 => mode.denormals_for::<BFloat16>().flush_inputs,
        _ => single,
    };
    let sum = |flush_in: bool, flush_c: bool| {
        let mut s = ExactSum::new();
        for &(a, b) in pairs {
            match ty {
                In::F16 => s.add_product::<Binary16>(
                    flushed::<Binary16>(a, flush_in),
                    flushed::<Binary16>(b, flush_in),
                ),
                In::Bf16 => s.add_product::<BFloat16>(
                    flushed::<BFloat16>(a, flush_in),
                    flushed::<BFloat16>(b, flush_in),
                ),
                _ => s.add_product::<Binary32>(
                    flushed::<Binary32>(a, flush_in),
                    flushed::<Binary32>(b, flush_in),
                ),
            }
        }
        s.add_f32(flushed::<Binary32>(c, flush_c));
        s
    };
    let chosen = sum(input, single);
    let d = match chosen.value() {
        SumValue::Nan => AmdGcn5::default_nan::<Binary32>(),
        SumValue::Inf(neg) => (u64::from(neg) * Binary32::SIGN_MASK) | Binary32::INFINITY,
        SumValue::Finite => chosen.round(mode),
    };
    let roundings = pairs.len() as u32 + 1;
    let variants = [sum(false, false), sum(true, true)];
    let values = variants.map(|v| v.value());
    let any = Some((Accept::Mask(0), "gcn5.mfma.float_sum"));
    let accept = if values.iter().all(|v| *v == SumValue::Nan) {
        Some((Accept::AnyNan, "gcn5.mfma.nan_inf"))
    } else if values.iter().all(|v| matches!(v, SumValue::Inf(_))) && values[0] == values[1] {
        // One infinity in every order when the finite terms cannot overflow.
        if variants.iter().all(|v| v.interval(roundings).is_some()) {
            None
        } else {
            any
        }
    } else if values.iter().all(|v| *v == SumValue::Finite) {
        match variants.map(|v| v.interval(roundings)) {
            [Some((l0, h0)), Some((l1, h1))] => {
                let lo = if key(l0) <= key(l1) { l0 } else { l1 };
                let hi = if key(h0) >= key(h1) { h0 } else { h1 };
                let rule = if variants[0].round(&FpMode::IEEE) == variants[1].round(&FpMode::IEEE) {
                    "gcn5.mfma.float_sum"
                } else {
                    "gcn5.mfma.denorm"
                };
                Some((Accept::Range { lo, hi }, rule))
            }
            _ => any,
        }
    } else {
        Some((Accept::Mask(0), "gcn5.mfma.denorm"))
    };
    (d, accept)
}

/// An integer lane: the wrapped sum, and whether an order of partial sums may overflow.
fn int_lane(pairs: &[(u64, u64)], c: u64) -> (u64, Option<(Accept, &'static str)>) {
    let c = i64::from(c as u32 as i32);
    let (mut pos, mut neg) = (0i64, 0i64);
    for &(a, b) in pairs {
        let p = i64::from(a as u8 as i8) * i64::from(b as u8 as i8);
        if p > 0 {
            pos += p;
        } else {
            neg += p;
        }
    }
    let exact = c + pos + neg;
    let safe = c + pos <= i64::from(i32::MAX) && c + neg >= i64::from(i32::MIN);
    let accept = (!safe).then_some((Accept::Mask(0), "gcn5.mfma.i8_overflow"));
    (exact as u32 as u64, accept)
}

/// "D.f32 = A.f16[0] * B.f16[0] + A.f16[1] * B.f16[1] + ... + C.f32" (MI100 "Matrix
/// Arithmetic Instructions"), for every element of every block: execute an MFMA row on
/// `wave` (its AccVGPRs).
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    let (Fields::Mai(Mai::Mfma(f)), Some(sh)) = (inst.fields, shape_of(isa::row_id(inst.row)))
    else {
        return Err(ExecError::NotYet { name });
    };
    let mode = Mode(wave.mode).fp(Width::Single);
    let bits = sh.ty.bits();
    let (_, range_ok) = a_block(0, sh.blocks, f.cbsz, f.abid);
    let wide_const =
        sh.in_regs() > 1 && (matches!(f.a, MfmaSrc::Const(_)) || matches!(f.b, MfmaSrc::Const(_)));
    let full_exec = wave.exec == u64::MAX;
    let overall = if !full_exec {
        Some("gcn5.mfma.exec")
    } else if !range_ok {
        Some("gcn5.mfma.cbsz_abid_range")
    } else if wide_const {
        Some("gcn5.mfma.const_wide")
    } else {
        None
    };
    // Every result first (rule gcn5.mfma.reads_first), then the writes.
    let mut results = Vec::with_capacity(sh.m * sh.n * sh.blocks);
    for block in 0..sh.blocks {
        let (ab, _) = a_block(block, sh.blocks, f.cbsz, f.abid);
        for i in 0..sh.m {
            for j in 0..sh.n {
                let pairs: Vec<(u64, u64)> = (0..sh.k)
                    .map(|k| {
                        let a = element(wave, f.a, sh.input(sh.m, i, k, ab), bits);
                        let (reg, lane, bit) = sh.input(sh.n, j, k, block);
                        let b = element(wave, f.b, (reg, blgp_lane(lane, f.blgp), bit), bits);
                        (a, b)
                    })
                    .collect();
                let (reg, lane, _) = sh.output(i, j, block);
                let c = u64::from(wave.acc[usize::from(f.c) + reg][lane]);
                let (d, accept) = if sh.ty == In::I8 {
                    int_lane(&pairs, c)
                } else {
                    float_lane(&pairs, c, sh.ty, &mode)
                };
                let accept = overall.map_or(accept, |r| Some((Accept::Mask(0), r)));
                results.push((reg, lane, d, accept));
            }
        }
    }
    wave.unsettled_acc.clear();
    for (reg, lane, d, accept) in results {
        let vdst = usize::from(f.vdst) + reg;
        if wave.exec >> lane & 1 == 1 {
            wave.acc[vdst][lane] = d as u32;
        }
        if let Some((accept, rule)) = accept {
            wave.unsettled_acc.push(UnsettledLane {
                vdst: vdst as u8,
                dwords: 1,
                lane: lane as u8,
                why: Unsettled {
                    output: Output::D,
                    accept,
                    rule,
                    flags_settled: true,
                },
            });
        }
    }
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}

#[cfg(test)]
#[path = "mfma_tests.rs"]
mod tests;
