//! MI100's 20 MFMA rows, one output element at a time (docs/design/0036-gcn5-mfma.md,
//! "The z3 model"). The MI100 manual ("7. Matrix Arithmetic Instructions (MAI)", "7.1.
//! Matrix Arithmetic Opcodes") gives D = A x B + C, the shapes M x N x K, the number formats
//! and "Partial results of the calculation are performed in CDfmt"; the element layout and
//! the block counts come from AMD's Matrix Instruction Calculator (CDNA1 table and its GFX9
//! register formulas), typed here again in the other direction (from a register slot to the
//! element it holds) so that a test can set it against the kernel's element-to-slot tables.
//!
//! Element model interface (`gpuref smt V_MFMA_...`): inputs `a0`..`a{K-1}` (the A row
//! i, w bits each), `b0`..`b{K-1}` (the B column j), `c` (C[i][j], 32 bits); outputs:
//! - I8 rows: `d` (the exact sum mod 2^32) and `open` (1: some order of I32 partial sums
//!   leaves the I32 range, rule gcn5.mfma.i8_overflow: any value accepted);
//! - float rows: `d` (the exact sum rounded once under MODE), `nan_any` (1: any NaN is
//!   accepted), `open` (1: any value), `lo`/`hi` (binary32 bits: the accepted interval in
//!   numeric order, -0 before +0, when neither; `lo` = `hi` = `d` when `d` is settled).

use crate::bv::{b1, concat, ext, ite, lit, sext};
use crate::fp::{Fmt, H, S};
use crate::gcn5::mode::Terms;
use crate::{Model, ModelFn};

/// The A/B number format of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    F32,
    F16,
    Bf16,
    I8,
}

impl Ty {
    /// Bits per element.
    pub fn width(self) -> usize {
        match self {
            Ty::F32 => 32,
            Ty::F16 | Ty::Bf16 => 16,
            Ty::I8 => 8,
        }
    }
}

/// One row of the calculator's CDNA1 table: M, N, K, blocks, A/B format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: &'static str,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub blocks: usize,
    pub ty: Ty,
}

const fn r(name: &'static str, m: usize, n: usize, k: usize, blocks: usize, ty: Ty) -> Row {
    Row {
        name,
        m,
        n,
        k,
        blocks,
        ty,
    }
}

/// The 20 rows (AMD Matrix Instruction Calculator, `dict_insts['cdna1']`: m, n, k, blocks,
/// in_type).
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    r("V_MFMA_F32_32X32X1F32", 32, 32, 1, 2, Ty::F32),   r("V_MFMA_F32_16X16X1F32", 16, 16, 1, 4, Ty::F32),
    r("V_MFMA_F32_4X4X1F32", 4, 4, 1, 16, Ty::F32),      r("V_MFMA_F32_32X32X2F32", 32, 32, 2, 1, Ty::F32),
    r("V_MFMA_F32_16X16X4F32", 16, 16, 4, 1, Ty::F32),   r("V_MFMA_F32_32X32X4F16", 32, 32, 4, 2, Ty::F16),
    r("V_MFMA_F32_16X16X4F16", 16, 16, 4, 4, Ty::F16),   r("V_MFMA_F32_4X4X4F16", 4, 4, 4, 16, Ty::F16),
    r("V_MFMA_F32_32X32X8F16", 32, 32, 8, 1, Ty::F16),   r("V_MFMA_F32_16X16X16F16", 16, 16, 16, 1, Ty::F16),
    r("V_MFMA_I32_32X32X4I8", 32, 32, 4, 2, Ty::I8),     r("V_MFMA_I32_16X16X4I8", 16, 16, 4, 4, Ty::I8),
    r("V_MFMA_I32_4X4X4I8", 4, 4, 4, 16, Ty::I8),        r("V_MFMA_I32_32X32X8I8", 32, 32, 8, 1, Ty::I8),
    r("V_MFMA_I32_16X16X16I8", 16, 16, 16, 1, Ty::I8),   r("V_MFMA_F32_32X32X2BF16", 32, 32, 2, 2, Ty::Bf16),
    r("V_MFMA_F32_16X16X2BF16", 16, 16, 2, 4, Ty::Bf16), r("V_MFMA_F32_4X4X2BF16", 4, 4, 2, 16, Ty::Bf16),
    r("V_MFMA_F32_32X32X4BF16", 32, 32, 4, 1, Ty::Bf16), r("V_MFMA_F32_16X16X8BF16", 16, 16, 8, 1, Ty::Bf16),
];

/// The row of a mnemonic.
pub fn row(name: &str) -> Option<&'static Row> {
    ROWS.iter().find(|r| r.name.eq_ignore_ascii_case(name))
}

const LANES: usize = 64;

impl Row {
    /// Elements of A (or B) per lane: the K·M·blocks elements over 64 lanes.
    pub fn per_lane(&self) -> usize {
        self.k * self.m * self.blocks / LANES
    }

    /// Registers of A and B.
    pub fn in_regs(&self) -> usize {
        (self.per_lane() * self.ty.width()).div_ceil(32)
    }

    /// Registers of C and D.
    pub fn out_regs(&self) -> usize {
        self.m * self.n * self.blocks / LANES
    }

    /// The A element (block, i, k) (or B element (block, j, k), `outer` = N) that bit
    /// `bit` of register `reg` of lane `lane` starts, if an element starts there: lanes
    /// run over the outer index first, then the blocks, then groups of `per_lane()` k
    /// values; inside a lane the k values of a group are packed upwards from bit 0.
    pub fn input_at(
        &self,
        outer: usize,
        reg: usize,
        lane: usize,
        bit: usize,
    ) -> Option<(usize, usize, usize)> {
        let w = self.ty.width();
        let at = reg * 32 + bit;
        if !at.is_multiple_of(w) || at / w >= self.per_lane() || lane >= LANES {
            return None;
        }
        let index = lane % outer;
        let block = lane / outer % self.blocks;
        let group = lane / (outer * self.blocks);
        Some((block, index, group * self.per_lane() + at / w))
    }

    /// The C/D element (block, i, j) register `reg` of lane `lane` holds: lane mod N is
    /// the column j; the lane's group of N lanes is split into the blocks that share a
    /// register set (max(1, 256/(M·N)) of them) and then row groups of 4; each set of
    /// max(4, M·N/64) registers belongs to the next blocks, its register r holding rows
    /// 4·(groups)·(r div 4) + 4·group + r mod 4.
    pub fn output_at(&self, reg: usize, lane: usize) -> Option<(usize, usize, usize)> {
        if reg >= self.out_regs().max(4) || lane >= LANES {
            return None;
        }
        let sharing = (4 * LANES / (self.m * self.n)).max(1);
        let set = (self.m * self.n / LANES).max(4);
        let groups = LANES / (self.n * sharing);
        let j = lane % self.n;
        let g = lane / self.n;
        let block = (reg / set) * sharing + g % sharing;
        let within = reg % set;
        let i = (within / 4) * 4 * groups + (g / sharing) * 4 + within % 4;
        (block < self.blocks && i < self.m).then_some((block, i, j))
    }
}

/// The lane of B that lane `lane` reads under BLGP `blgp` (the calculator's eight "B matrix
/// lane group patterns"): 0 none; 1 and 2 broadcast one half of the lanes to both halves
/// (1 the low half, 2 the high half); 3 rotates the lanes down by 16 (lane 0's data goes to
/// lane 48, so lane L reads lane L + 16); 4..7 broadcast the group of 16 lanes number
/// BLGP - 4 to all four groups.
pub fn blgp_source(lane: usize, blgp: u8) -> usize {
    let (group, within) = (lane / 16, lane % 16);
    let from_group = match blgp {
        1 => group % 2,
        2 => group % 2 + 2,
        3 => (group + 1) % 4,
        4..=7 => usize::from(blgp - 4),
        _ => group,
    };
    from_group * 16 + within
}

/// The A block that output block `block` multiplies with CBSZ/ABID (the calculator's
/// "broadcast control": blocks are taken in runs of 2^CBSZ, and every block of a run reads
/// the run's block number ABID), when 2^CBSZ <= blocks and ABID < 2^CBSZ.
pub fn cbsz_abid_source(block: usize, cbsz: u8, abid: u8) -> usize {
    let run = 1usize << cbsz;
    block - block % run + usize::from(abid)
}

/// The spec line every MFMA model follows.
const SPEC: &str = "D.f32 = A.f16[0] * B.f16[0] + A.f16[1] * B.f16[1] + ... + C.f32 (MI100 manual, 7. Matrix Arithmetic Instructions; D = A x B + C per block, 7.1)";

fn input_names(prefix: &str, k: usize) -> Vec<&'static str> {
    // The names live as long as the program: models are built a few times per run.
    (0..k)
        .map(|i| &*Box::leak(format!("{prefix}{i}").into_boxed_str()))
        .collect()
}

/// The I8 element: `d` = c + Σ sext(a_k)·sext(b_k) mod 2^32; `open` when C plus the
/// positive (or the negative) products leaves the I32 range (then some order of partial
/// sums overflows, rule gcn5.mfma.i8_overflow).
fn int_model(row: &Row) -> Model {
    let (a, b) = (input_names("a", row.k), input_names("b", row.k));
    let mut m = Model::new(row.name, SPEC);
    for x in a.iter().chain(&b) {
        m = m.input(x, 8);
    }
    m = m.input("c", 32);
    // 48 bits hold C and 16 products of at most 2^14 each without wrapping.
    let prod = |i: usize| format!("(bvmul {} {})", sext(a[i], 40), sext(b[i], 40));
    let zero = lit(0, 48);
    let mut pos = sext("c", 16);
    let mut neg = sext("c", 16);
    let mut sum = "c".to_string();
    for i in 0..row.k {
        let p = prod(i);
        pos = format!("(bvadd {pos} (ite (bvsgt {p} {zero}) {p} {zero}))");
        neg = format!("(bvadd {neg} (ite (bvslt {p} {zero}) {p} {zero}))");
        sum = format!(
            "(bvadd {sum} (bvmul {} {}))",
            sext(a[i], 24),
            sext(b[i], 24)
        );
    }
    let open = format!(
        "(or (bvsgt {pos} {}) (bvslt {neg} {}))",
        sext(&lit(0x7fff_ffff, 32), 16),
        sext(&lit(0x8000_0000, 32), 16)
    );
    m.out("d", 32, sum).out("open", 1, b1(&open))
}

/// bfloat16: binary32's exponent, 7 fraction bits.
const BF: Fmt = Fmt { e: 8, m: 7 };

/// A Real literal 2^e.
fn pow2(e: i32) -> String {
    let p = format!("{}", 1u128 << e.unsigned_abs().min(126));
    let p = if e.unsigned_abs() > 126 {
        format!("(* {p}.0 {}.0)", 1u128 << (e.unsigned_abs() - 126))
    } else {
        format!("{p}.0")
    };
    if e >= 0 {
        p
    } else {
        format!("(/ 1.0 {p})")
    }
}

/// The parts of one variant of the sum (inputs flushed or kept).
struct Sum {
    nan: String,
    inf: String,
    inf_neg: String,
    sum: String,
    abs: String,
    neg_zero: String,
}

/// The sum with A/B read through `flush_ab` and C through `flush_c` (Bools: a subnormal
/// becomes a zero of its sign).
fn sum(f: Fmt, a: &[&str], b: &[&str], flush_ab: &str, flush_c: &str) -> Sum {
    let read = |f: Fmt, x: &str, flush: &str| {
        f.fp(&ite(
            &format!("(and {flush} {})", f.is_sub(x)),
            &f.signed_zero(x),
            x,
        ))
    };
    let (mut nans, mut infs, mut pinf, mut ninf, mut reals, mut negz) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for (x, y) in a.iter().zip(b) {
        let (p, q) = (read(f, x, flush_ab), read(f, y, flush_ab));
        let nan = format!(
            "(or (fp.isNaN {p}) (fp.isNaN {q}) (and (fp.isInfinite {p}) (fp.isZero {q})) (and (fp.isZero {p}) (fp.isInfinite {q})))"
        );
        let inf = format!("(and (not {nan}) (or (fp.isInfinite {p}) (fp.isInfinite {q})))");
        let neg = format!("(distinct (fp.isNegative {p}) (fp.isNegative {q}))");
        pinf.push(format!("(and {inf} (not {neg}))"));
        ninf.push(format!("(and {inf} {neg})"));
        reals.push(format!(
            "(ite (or {nan} {inf}) 0.0 (* (fp.to_real {p}) (fp.to_real {q})))"
        ));
        negz.push(format!("(and (or (fp.isZero {p}) (fp.isZero {q})) {neg})"));
        nans.push(nan);
        infs.push(inf);
    }
    let c = read(S, "c", flush_c);
    nans.push(format!("(fp.isNaN {c})"));
    infs.push(format!("(fp.isInfinite {c})"));
    pinf.push(format!("(and (fp.isInfinite {c}) (fp.isPositive {c}))"));
    ninf.push(format!("(and (fp.isInfinite {c}) (fp.isNegative {c}))"));
    reals.push(format!(
        "(ite (or (fp.isNaN {c}) (fp.isInfinite {c})) 0.0 (fp.to_real {c}))"
    ));
    negz.push(format!("(and (fp.isZero {c}) (fp.isNegative {c}))"));
    let or = |v: &[String]| format!("(or {})", v.join(" "));
    let nan = format!("(or {} (and {} {}))", or(&nans), or(&pinf), or(&ninf));
    let abs: Vec<String> = reals
        .iter()
        .map(|t| format!("(ite (< {t} 0.0) (- {t}) {t})"))
        .collect();
    Sum {
        inf: format!("(and (not {nan}) {})", or(&infs)),
        inf_neg: or(&ninf),
        nan,
        sum: format!("(+ {})", reals.join(" ")),
        abs: format!("(+ {})", abs.join(" ")),
        neg_zero: format!("(and {})", negz.join(" ")),
    }
}

/// Binary32 bits of a Real rounded by `rm`.
fn bits(rm: &str, x: &str) -> String {
    format!("(fp.to_ieee_bv ((_ to_fp 8 24) {rm} {x}))")
}

/// The numeric order key of binary32 bits (-0 before +0), as a signed 32-bit value.
fn key(x: &str) -> String {
    ite(
        &format!("(= {} #b1)", ext(x, 31, 31)),
        &format!("(bvnot (bvand {x} #x7fffffff))"),
        x,
    )
}

/// A float element: the exact sum of the K products and C (a Real), rounded once for
/// `d`; the interval exact ± E, E = m(2^-23 + 2^-40)·Σ|t| + m·2^-124 (m = K + 1, note
/// 0036), rounded outward, hulled over the inputs kept and every input flushed; any value
/// when S + E reaches binary32's largest finite value or the two readings differ in class.
fn float_model(row: &Row) -> Model {
    let f = match row.ty {
        Ty::F32 => S,
        Ty::F16 => H,
        _ => BF,
    };
    let (a, b) = (input_names("a", row.k), input_names("b", row.k));
    let mut model = Model::new(row.name, SPEC);
    for x in a.iter().chain(&b) {
        model = model.input(x, f.w());
    }
    model = model.input("c", 32);
    // MODE.FP_DENORM: bit 4 (single inputs) for F32 and C, bit 6 (double/half inputs)
    // for F16; BF16 inputs are kept (note 0036, rule gcn5.mfma.denorm).
    let single = "(= ((_ extract 4 4) mode) #b0)";
    let ab = match row.ty {
        Ty::F32 => single,
        Ty::F16 => "(= ((_ extract 6 6) mode) #b0)",
        _ => "false",
    };
    let chosen = sum(f, &a, &b, ab, single);
    let rm = S.rm();
    let wide = format!("((_ to_fp 11 24) {rm} {})", chosen.sum);
    let tiny = format!(
        "(and (not (fp.isZero {wide})) (fp.lt (fp.abs {wide}) ((_ to_fp 11 24) RNE {})))",
        pow2(-126)
    );
    let rounded = bits(&rm, &chosen.sum);
    let finite = ite(
        &format!("(= {} 0.0)", chosen.sum),
        &ite(
            &format!("(or {} (= {rm} RTN))", chosen.neg_zero),
            "#x80000000",
            "#x00000000",
        ),
        &ite(
            &format!("(and {tiny} {})", S.flush_out()),
            &concat(&[ext(&rounded, 31, 31), lit(0, 31)]),
            &rounded,
        ),
    );
    // A NaN: any NaN is accepted (`nan_any`); the bits are the model's default NaN.
    let default_nan = S.default_nan();
    let d = ite(
        &chosen.nan,
        &default_nan,
        &ite(
            &chosen.inf,
            &ite(&chosen.inf_neg, "#xff800000", "#x7f800000"),
            &finite,
        ),
    );
    let m = (row.k + 1) as u64;
    let kept = sum(f, &a, &b, "false", "false");
    let flushed = sum(f, &a, &b, "true", "true");
    let maxf = format!("(* {}.0 {})", (1u64 << 24) - 1, pow2(104));
    let parts = |v: &Sum| {
        let e = format!(
            "(+ (* (/ {}.0 {}) {}) (* {m}.0 {}))",
            m * ((1 << 17) + 1),
            pow2(40),
            v.abs,
            pow2(-124)
        );
        let ovf = format!("(>= (+ {} {e}) {maxf})", v.abs);
        let lo_r = format!("(- {} {e})", v.sum);
        let lo = ite(
            &format!("(= {lo_r} 0.0)"),
            "#x80000000",
            &bits("RTN", &lo_r),
        );
        let hi = bits("RTP", &format!("(+ {} {e})", v.sum));
        (ovf, lo, hi)
    };
    let ((ovf0, lo0, hi0), (ovf1, lo1, hi1)) = (parts(&kept), parts(&flushed));
    let both_nan = format!("(and {} {})", kept.nan, flushed.nan);
    let fin = |v: &Sum| format!("(and (not {}) (not {}))", v.nan, v.inf);
    let both_fin = format!("(and {} {})", fin(&kept), fin(&flushed));
    let one_inf = format!(
        "(and {} {} (= {} {}))",
        kept.inf, flushed.inf, kept.inf_neg, flushed.inf_neg
    );
    let no_ovf = format!("(and (not {ovf0}) (not {ovf1}))");
    let settled_inf = format!("(and {one_inf} {no_ovf})");
    let range = format!("(and {both_fin} {no_ovf})");
    let open = format!("(not (or {both_nan} {settled_inf} {range}))");
    let lo = ite(&format!("(bvsle {} {})", key(&lo0), key(&lo1)), &lo0, &lo1);
    let hi = ite(&format!("(bvsge {} {})", key(&hi0), key(&hi1)), &hi0, &hi1);
    model
        .out("d", 32, d.clone())
        .out("nan_any", 1, b1(&both_nan))
        .out("open", 1, b1(&open))
        .out("lo", 32, ite(&range, &lo, &d))
        .out("hi", 32, ite(&range, &hi, &d))
}

/// The element model of an MFMA row.
pub fn element_model(name: &str) -> Option<Model> {
    let row = row(name)?;
    Some(if row.ty == Ty::I8 {
        int_model(row)
    } else {
        float_model(row)
    })
}

macro_rules! models {
    ($(($name:literal, $f:ident)),* $(,)?) => {
        $(
            #[doc = concat!("The element model of ", $name, ".")]
            pub fn $f() -> Model {
                element_model($name).expect("a row of ROWS")
            }
        )*
        /// The element models, by mnemonic (outside `gcn5::TABLES`: they are not lane
        /// models, and the lane cross-checks do not apply).
        #[rustfmt::skip]
        pub const MODELS: &[(&str, ModelFn)] = &[$(($name, $f)),*];
    };
}

models! {
    ("V_MFMA_F32_32X32X1F32", v_mfma_f32_32x32x1f32), ("V_MFMA_F32_16X16X1F32", v_mfma_f32_16x16x1f32),
    ("V_MFMA_F32_4X4X1F32", v_mfma_f32_4x4x1f32), ("V_MFMA_F32_32X32X2F32", v_mfma_f32_32x32x2f32),
    ("V_MFMA_F32_16X16X4F32", v_mfma_f32_16x16x4f32), ("V_MFMA_F32_32X32X4F16", v_mfma_f32_32x32x4f16),
    ("V_MFMA_F32_16X16X4F16", v_mfma_f32_16x16x4f16), ("V_MFMA_F32_4X4X4F16", v_mfma_f32_4x4x4f16),
    ("V_MFMA_F32_32X32X8F16", v_mfma_f32_32x32x8f16), ("V_MFMA_F32_16X16X16F16", v_mfma_f32_16x16x16f16),
    ("V_MFMA_I32_32X32X4I8", v_mfma_i32_32x32x4i8), ("V_MFMA_I32_16X16X4I8", v_mfma_i32_16x16x4i8),
    ("V_MFMA_I32_4X4X4I8", v_mfma_i32_4x4x4i8), ("V_MFMA_I32_32X32X8I8", v_mfma_i32_32x32x8i8),
    ("V_MFMA_I32_16X16X16I8", v_mfma_i32_16x16x16i8), ("V_MFMA_F32_32X32X2BF16", v_mfma_f32_32x32x2bf16),
    ("V_MFMA_F32_16X16X2BF16", v_mfma_f32_16x16x2bf16), ("V_MFMA_F32_4X4X2BF16", v_mfma_f32_4x4x2bf16),
    ("V_MFMA_F32_32X32X4BF16", v_mfma_f32_32x32x4bf16), ("V_MFMA_F32_16X16X8BF16", v_mfma_f32_16x16x8bf16),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_holds_one_element_and_every_element_has_a_slot() {
        for row in ROWS {
            for outer in [row.m, row.n] {
                let mut seen = std::collections::BTreeSet::new();
                for reg in 0..row.in_regs() {
                    for lane in 0..LANES {
                        for bit in 0..32 {
                            if let Some(e) = row.input_at(outer, reg, lane, bit) {
                                assert!(
                                    e.0 < row.blocks && e.1 < outer && e.2 < row.k,
                                    "{}",
                                    row.name
                                );
                                assert!(seen.insert(e), "{}: {e:?} twice", row.name);
                            }
                        }
                    }
                }
                assert_eq!(seen.len(), row.blocks * outer * row.k, "{}", row.name);
            }
            let mut seen = std::collections::BTreeSet::new();
            for reg in 0..row.out_regs().max(4) {
                for lane in 0..LANES {
                    let e = row.output_at(reg, lane).expect("every C/D slot is used");
                    assert!(seen.insert(e), "{}: {e:?} twice", row.name);
                }
            }
            assert_eq!(seen.len(), row.blocks * row.m * row.n, "{}", row.name);
        }
    }

    #[test]
    fn slots_of_the_calculators_readme_examples() {
        // README (--get-register, V_MFMA_F32_4X4X4F16): A[1][2] of block 4 is v1{17}.[15:0].
        let r = row("v_mfma_f32_4x4x4f16").unwrap();
        assert_eq!(r.input_at(r.m, 1, 17, 0), Some((4, 1, 2)));
        // --detail-instruction of V_MFMA_F32_4X4X1F32: D[i][j].block in GPR i, lane 4·block + j.
        let r = row("V_MFMA_F32_4X4X1F32").unwrap();
        assert_eq!(r.output_at(2, 39), Some((9, 2, 3)));
    }
}
