//! VOPC kernels: compares and CLASS (Vega manual, "VOPC Instructions"; the VOP3A forms run
//! the same kernels). A kernel returns the lane's compare bit in `LaneOut::carry`; writing
//! VCC / the SGPR pair, and EXEC for CMPX, is the executor's, so each `V_CMPX_*` row runs its
//! `V_CMP_*` kernel. Every kernel is defined by one macro line below, named by the lowercase
//! mnemonic and documented with the manual's pseudocode (docs/design/0023).
//!
//! Float compares use the float core's IEEE 754 predicates ([`compare`]); the CLAMP bit of
//! the VOP3A form selects a signalling compare (rule `gcn5.vopc.clamp_signals`). Inputs are
//! read under the width's FP_DENORM input setting (rule `gcn5.vopc.denormal_inputs`). CLASS
//! tests the raw encoding (rule `gcn5.v_cmp_class.denormal`).

use super::{Accept, LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{compare, Predicate, Relation};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{
    classify, is_signaling_nan_bits, Binary16, Binary32, Binary64, Class, Flags, Format,
};

const COMPF: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOPC Instructions"),
    SpecRef::new(Spec::Vega, "VOPC using VOP3A encoding"),
];
const COMPI: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOPC Instructions")];
const CLASS: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOPC Instructions")];
const NOTE: SpecRef = SpecRef::new(
    Spec::Gpuref,
    "docs/design/0023-gcn5-compares-and-vop3-integer.md",
);

use Status::Specified;

/// Rows of this family without a kernel yet, with the question that must be settled first.
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.vopc.clamp_signals", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOPC using VOP3A encoding"), SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage")],
        statement: "with the VOP3A CLAMP bit set a float compare raises invalid when either input is a NaN, quiet or signalling, whatever the predicate (F and TRU included); the VOPC form has no CLAMP bit" },
    Rule { id: "gcn5.vopc.snan_quiet", status: Status::Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOPC using VOP3A encoding"), SpecRef::new(Spec::Ieee754, "5.11"), NOTE],
        statement: "with CLAMP clear the manual says a NaN input does not signal; IEEE 754's quiet compares still raise invalid for a signalling NaN. gpuref follows the manual (no flag); the compare bit is settled, the flags of such lanes are not" },
    Rule { id: "gcn5.vopc.denormal_inputs", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Denormalized and Rounding Modes"), NOTE],
        statement: "float compares read their inputs under the width's FP_DENORM input setting (a flushed denormal compares equal to a zero of its sign, so to either zero); the manual states the mode for every float input and has no exception for compares" },
    Rule { id: "gcn5.vopc.nan_predicates", status: Status::Specified,
        cites: &[SpecRef::new(Spec::Vega, "VOPC Instructions")],
        statement: "F, LT, EQ, LE, GT, LG, GE and O are false on a NaN input; U and the negated forms NGE, NLG, NGT, NLE, NEQ, NLT are true (`!(S0 >= S1)`: 'with NAN inputs this is not the same operation as <'); -0 equals +0" },
    Rule { id: "gcn5.v_cmp_class.denormal", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOPC Instructions"), SpecRef::new(Spec::Ieee754, "5.7.2"), NOTE],
        statement: "CLASS tests S0's encoding as IEEE 754's non-computational class() does: a denormal is a denormal whatever FP_DENORM says. Whether input flushing turns it into a zero first is not stated: where the mask's denormal and zero bits of that sign differ and the mode flushes inputs, the bit is unsettled" },
    Rule { id: "gcn5.v_cmp_class.flags", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "VOPC Instructions"), SpecRef::new(Spec::Ieee754, "5.7.2")],
        statement: "CLASS raises no exception flag, a signalling NaN included (IEEE 754 class() is quiet; the manual names no flag); only S1[9:0] is read" },
    Rule { id: "gcn5.v_cmp_class.clamp", status: Status::Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOPC using VOP3A encoding"), SpecRef::new(Spec::Gpuref, "docs/design/0042-smt-output-modifiers.md")],
        statement: "CLASS with CLAMP: 'these compare instructions signal an exception when either of the inputs is NaN' may cover CLASS (its float input S0; S1.u is a mask) or not (class() is quiet): with a NaN S0 the invalid flag is either; gpuref raises none and leaves the flags open; the compare bit is unchanged" },
];

/// A float compare: the compare bit and flags, CLAMP selecting the signalling compare.
fn fcmp<F: Format>(x: &LaneIn, c: &LaneCtx, w: Width, p: Predicate) -> LaneOut {
    let (a, b) = (F::bits_from_u64(x.s0), F::bits_from_u64(x.s1));
    let r = compare::<F, AmdGcn5>(a, b, p, c.clamp, &c.fp(w));
    let snan = is_signaling_nan_bits::<F>(a) || is_signaling_nan_bits::<F>(b);
    let out = LaneOut {
        d: None,
        d_hi: 0,
        carry: Some(r.value),
        flags: if snan && !c.clamp {
            r.flags.without(Flags::INVALID)
        } else {
            r.flags
        },
        unsettled: None,
    };
    if snan && !c.clamp {
        // The bit is settled (bit 0 of the accept mask stands for it), the flags are not.
        return out.unsettled_carry(Accept::Mask(1), "gcn5.vopc.snan_quiet", false);
    }
    out
}

/// An integer operand as a wide signed value.
#[derive(Clone, Copy)]
enum IntTy {
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

fn int_key(v: u64, ty: IntTy) -> i128 {
    match ty {
        IntTy::I16 => i128::from(v as u16 as i16),
        IntTy::U16 => i128::from(v as u16),
        IntTy::I32 => i128::from(v as u32 as i32),
        IntTy::U32 => i128::from(v as u32),
        IntTy::I64 => i128::from(v as i64),
        IntTy::U64 => i128::from(v),
    }
}

/// An integer compare; `mask` is the set of relations for which it holds (less = 1,
/// equal = 2, greater = 4: F 0, LT 1, EQ 2, LE 3, GT 4, NE 5, GE 6, T 7).
fn icmp(x: &LaneIn, ty: IntTy, mask: u8) -> LaneOut {
    let rel = match int_key(x.s0, ty).cmp(&int_key(x.s1, ty)) {
        std::cmp::Ordering::Less => Relation::Less,
        std::cmp::Ordering::Equal => Relation::Equal,
        std::cmp::Ordering::Greater => Relation::Greater,
    };
    LaneOut {
        carry: Some(mask & rel.mask() != 0),
        ..LaneOut::default()
    }
}

/// CLASS: whether S0's class is selected in S1[9:0] (bit i is `Class::ALL[i]`: sNaN, qNaN,
/// -inf, -normal, -denormal, -0, +0, +denormal, +normal, +inf, the manual's list).
fn class<F: Format>(x: &LaneIn, c: &LaneCtx, w: Width) -> LaneOut {
    let bit = |cl: Class| {
        let i = Class::ALL.iter().position(|k| *k == cl).unwrap_or(0);
        x.s1 >> i & 1 == 1
    };
    let cl = classify::<F>(F::bits_from_u64(x.s0));
    let out = LaneOut {
        carry: Some(bit(cl)),
        ..LaneOut::default()
    };
    let flushed = match cl {
        Class::NegativeSubnormal => Some(Class::NegativeZero),
        Class::PositiveSubnormal => Some(Class::PositiveZero),
        _ => None,
    };
    match flushed {
        Some(z) if flushes_inputs::<F>(c, w) && bit(z) != bit(cl) => {
            out.unsettled_carry(Accept::Mask(0), "gcn5.v_cmp_class.denormal", true)
        }
        // CLAMP with a NaN S0: invalid or nothing (rule gcn5.v_cmp_class.clamp).
        _ if c.clamp && matches!(cl, Class::SignalingNan | Class::QuietNan) => {
            out.unsettled_carry(Accept::Mask(1), "gcn5.v_cmp_class.clamp", false)
        }
        _ => out,
    }
}

/// Whether the mode flushes denormal inputs of format `F`.
fn flushes_inputs<F: Format>(c: &LaneCtx, w: Width) -> bool {
    c.fp(w).denormals_for::<F>().flush_inputs
}

macro_rules! fcmp {
    ($f:ident, $fmt:ty, $w:ident, $p:ident, $doc:literal) => {
        #[doc = $doc]
        fn $f(x: &LaneIn, c: &LaneCtx) -> LaneOut {
            fcmp::<$fmt>(x, c, Width::$w, Predicate::$p)
        }
    };
}
macro_rules! icmp {
    ($f:ident, $ty:ident, $mask:literal, $doc:literal) => {
        #[doc = $doc]
        fn $f(x: &LaneIn, _: &LaneCtx) -> LaneOut {
            icmp(x, IntTy::$ty, $mask)
        }
    };
}
macro_rules! class {
    ($f:ident, $fmt:ty, $w:ident, $doc:literal) => {
        #[doc = $doc]
        fn $f(x: &LaneIn, c: &LaneCtx) -> LaneOut {
            class::<$fmt>(x, c, Width::$w)
        }
    };
}

// One line per V_CMP_* kernel (the V_CMPX_* rows share them).
class! { v_cmp_class_f32, Binary32, Single, "`VCC = IEEE numeric class function specified in S1.u, performed on S0`" }
class! { v_cmp_class_f64, Binary64, Double, "`VCC = IEEE numeric class function specified in S1.u, performed on S0`" }
class! { v_cmp_class_f16, Binary16, Half, "`VCC = IEEE numeric class function specified in S1.u, performed on S0`" }
fcmp! { v_cmp_f_f16, Binary16, Half, False, "`D.u64[threadId] = 0`" }
fcmp! { v_cmp_lt_f16, Binary16, Half, Less, "`D.u64[threadId] = (S0 < S1)`" }
fcmp! { v_cmp_eq_f16, Binary16, Half, Equal, "`D.u64[threadId] = (S0 == S1)`" }
fcmp! { v_cmp_le_f16, Binary16, Half, LessEqual, "`D.u64[threadId] = (S0 <= S1)`" }
fcmp! { v_cmp_gt_f16, Binary16, Half, Greater, "`D.u64[threadId] = (S0 > S1)`" }
fcmp! { v_cmp_lg_f16, Binary16, Half, LessGreater, "`D.u64[threadId] = (S0 <> S1)`" }
fcmp! { v_cmp_ge_f16, Binary16, Half, GreaterEqual, "`D.u64[threadId] = (S0 >= S1)`" }
fcmp! { v_cmp_o_f16, Binary16, Half, Ordered, "`D.u64[threadId] = (!isNan(S0) && !isNan(S1))`" }
fcmp! { v_cmp_u_f16, Binary16, Half, Unordered, "`D.u64[threadId] = (isNan(S0) || isNan(S1))`" }
fcmp! { v_cmp_nge_f16, Binary16, Half, LessUnordered, "`D.u64[threadId] = !(S0 >= S1)`" }
fcmp! { v_cmp_nlg_f16, Binary16, Half, EqualUnordered, "`D.u64[threadId] = !(S0 <> S1)`" }
fcmp! { v_cmp_ngt_f16, Binary16, Half, NotGreater, "`D.u64[threadId] = !(S0 > S1)`" }
fcmp! { v_cmp_nle_f16, Binary16, Half, GreaterUnordered, "`D.u64[threadId] = !(S0 <= S1)`" }
fcmp! { v_cmp_neq_f16, Binary16, Half, NotEqual, "`D.u64[threadId] = !(S0 == S1)`" }
fcmp! { v_cmp_nlt_f16, Binary16, Half, NotLess, "`D.u64[threadId] = !(S0 < S1)`" }
fcmp! { v_cmp_tru_f16, Binary16, Half, True, "`D.u64[threadId] = 1`" }
fcmp! { v_cmp_f_f32, Binary32, Single, False, "`D.u64[threadId] = 0`" }
fcmp! { v_cmp_lt_f32, Binary32, Single, Less, "`D.u64[threadId] = (S0 < S1)`" }
fcmp! { v_cmp_eq_f32, Binary32, Single, Equal, "`D.u64[threadId] = (S0 == S1)`" }
fcmp! { v_cmp_le_f32, Binary32, Single, LessEqual, "`D.u64[threadId] = (S0 <= S1)`" }
fcmp! { v_cmp_gt_f32, Binary32, Single, Greater, "`D.u64[threadId] = (S0 > S1)`" }
fcmp! { v_cmp_lg_f32, Binary32, Single, LessGreater, "`D.u64[threadId] = (S0 <> S1)`" }
fcmp! { v_cmp_ge_f32, Binary32, Single, GreaterEqual, "`D.u64[threadId] = (S0 >= S1)`" }
fcmp! { v_cmp_o_f32, Binary32, Single, Ordered, "`D.u64[threadId] = (!isNan(S0) && !isNan(S1))`" }
fcmp! { v_cmp_u_f32, Binary32, Single, Unordered, "`D.u64[threadId] = (isNan(S0) || isNan(S1))`" }
fcmp! { v_cmp_nge_f32, Binary32, Single, LessUnordered, "`D.u64[threadId] = !(S0 >= S1)`" }
fcmp! { v_cmp_nlg_f32, Binary32, Single, EqualUnordered, "`D.u64[threadId] = !(S0 <> S1)`" }
fcmp! { v_cmp_ngt_f32, Binary32, Single, NotGreater, "`D.u64[threadId] = !(S0 > S1)`" }
fcmp! { v_cmp_nle_f32, Binary32, Single, GreaterUnordered, "`D.u64[threadId] = !(S0 <= S1)`" }
fcmp! { v_cmp_neq_f32, Binary32, Single, NotEqual, "`D.u64[threadId] = !(S0 == S1)`" }
fcmp! { v_cmp_nlt_f32, Binary32, Single, NotLess, "`D.u64[threadId] = !(S0 < S1)`" }
fcmp! { v_cmp_tru_f32, Binary32, Single, True, "`D.u64[threadId] = 1`" }
fcmp! { v_cmp_f_f64, Binary64, Double, False, "`D.u64[threadId] = 0`" }
fcmp! { v_cmp_lt_f64, Binary64, Double, Less, "`D.u64[threadId] = (S0 < S1)`" }
fcmp! { v_cmp_eq_f64, Binary64, Double, Equal, "`D.u64[threadId] = (S0 == S1)`" }
fcmp! { v_cmp_le_f64, Binary64, Double, LessEqual, "`D.u64[threadId] = (S0 <= S1)`" }
fcmp! { v_cmp_gt_f64, Binary64, Double, Greater, "`D.u64[threadId] = (S0 > S1)`" }
fcmp! { v_cmp_lg_f64, Binary64, Double, LessGreater, "`D.u64[threadId] = (S0 <> S1)`" }
fcmp! { v_cmp_ge_f64, Binary64, Double, GreaterEqual, "`D.u64[threadId] = (S0 >= S1)`" }
fcmp! { v_cmp_o_f64, Binary64, Double, Ordered, "`D.u64[threadId] = (!isNan(S0) && !isNan(S1))`" }
fcmp! { v_cmp_u_f64, Binary64, Double, Unordered, "`D.u64[threadId] = (isNan(S0) || isNan(S1))`" }
fcmp! { v_cmp_nge_f64, Binary64, Double, LessUnordered, "`D.u64[threadId] = !(S0 >= S1)`" }
fcmp! { v_cmp_nlg_f64, Binary64, Double, EqualUnordered, "`D.u64[threadId] = !(S0 <> S1)`" }
fcmp! { v_cmp_ngt_f64, Binary64, Double, NotGreater, "`D.u64[threadId] = !(S0 > S1)`" }
fcmp! { v_cmp_nle_f64, Binary64, Double, GreaterUnordered, "`D.u64[threadId] = !(S0 <= S1)`" }
fcmp! { v_cmp_neq_f64, Binary64, Double, NotEqual, "`D.u64[threadId] = !(S0 == S1)`" }
fcmp! { v_cmp_nlt_f64, Binary64, Double, NotLess, "`D.u64[threadId] = !(S0 < S1)`" }
fcmp! { v_cmp_tru_f64, Binary64, Double, True, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_i16, I16, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_i16, I16, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_i16, I16, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_i16, I16, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_i16, I16, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_i16, I16, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_i16, I16, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_i16, I16, 7, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_u16, U16, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_u16, U16, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_u16, U16, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_u16, U16, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_u16, U16, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_u16, U16, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_u16, U16, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_u16, U16, 7, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_i32, I32, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_i32, I32, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_i32, I32, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_i32, I32, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_i32, I32, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_i32, I32, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_i32, I32, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_i32, I32, 7, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_u32, U32, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_u32, U32, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_u32, U32, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_u32, U32, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_u32, U32, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_u32, U32, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_u32, U32, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_u32, U32, 7, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_i64, I64, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_i64, I64, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_i64, I64, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_i64, I64, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_i64, I64, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_i64, I64, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_i64, I64, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_i64, I64, 7, "`D.u64[threadId] = 1`" }
icmp! { v_cmp_f_u64, U64, 0, "`D.u64[threadId] = 0`" }
icmp! { v_cmp_lt_u64, U64, 1, "`D.u64[threadId] = (S0 < S1)`" }
icmp! { v_cmp_eq_u64, U64, 2, "`D.u64[threadId] = (S0 == S1)`" }
icmp! { v_cmp_le_u64, U64, 3, "`D.u64[threadId] = (S0 <= S1)`" }
icmp! { v_cmp_gt_u64, U64, 4, "`D.u64[threadId] = (S0 > S1)`" }
icmp! { v_cmp_ne_u64, U64, 5, "`D.u64[threadId] = (S0 <> S1)`" }
icmp! { v_cmp_ge_u64, U64, 6, "`D.u64[threadId] = (S0 >= S1)`" }
icmp! { v_cmp_t_u64, U64, 7, "`D.u64[threadId] = 1`" }

/// This family's kernels (a `V_CMPX_*` row runs its `V_CMP_*` kernel).
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_CMP_CLASS_F32",  v_cmp_class_f32,  Specified, CLASS),
    k("V_CMPX_CLASS_F32", v_cmp_class_f32,  Specified, CLASS),
    k("V_CMP_CLASS_F64",  v_cmp_class_f64,  Specified, CLASS),
    k("V_CMPX_CLASS_F64", v_cmp_class_f64,  Specified, CLASS),
    k("V_CMP_CLASS_F16",  v_cmp_class_f16,  Specified, CLASS),
    k("V_CMPX_CLASS_F16", v_cmp_class_f16,  Specified, CLASS),
    k("V_CMP_F_F16",      v_cmp_f_f16,      Specified, COMPF),
    k("V_CMP_LT_F16",     v_cmp_lt_f16,     Specified, COMPF),
    k("V_CMP_EQ_F16",     v_cmp_eq_f16,     Specified, COMPF),
    k("V_CMP_LE_F16",     v_cmp_le_f16,     Specified, COMPF),
    k("V_CMP_GT_F16",     v_cmp_gt_f16,     Specified, COMPF),
    k("V_CMP_LG_F16",     v_cmp_lg_f16,     Specified, COMPF),
    k("V_CMP_GE_F16",     v_cmp_ge_f16,     Specified, COMPF),
    k("V_CMP_O_F16",      v_cmp_o_f16,      Specified, COMPF),
    k("V_CMP_U_F16",      v_cmp_u_f16,      Specified, COMPF),
    k("V_CMP_NGE_F16",    v_cmp_nge_f16,    Specified, COMPF),
    k("V_CMP_NLG_F16",    v_cmp_nlg_f16,    Specified, COMPF),
    k("V_CMP_NGT_F16",    v_cmp_ngt_f16,    Specified, COMPF),
    k("V_CMP_NLE_F16",    v_cmp_nle_f16,    Specified, COMPF),
    k("V_CMP_NEQ_F16",    v_cmp_neq_f16,    Specified, COMPF),
    k("V_CMP_NLT_F16",    v_cmp_nlt_f16,    Specified, COMPF),
    k("V_CMP_TRU_F16",    v_cmp_tru_f16,    Specified, COMPF),
    k("V_CMPX_F_F16",     v_cmp_f_f16,      Specified, COMPF),
    k("V_CMPX_LT_F16",    v_cmp_lt_f16,     Specified, COMPF),
    k("V_CMPX_EQ_F16",    v_cmp_eq_f16,     Specified, COMPF),
    k("V_CMPX_LE_F16",    v_cmp_le_f16,     Specified, COMPF),
    k("V_CMPX_GT_F16",    v_cmp_gt_f16,     Specified, COMPF),
    k("V_CMPX_LG_F16",    v_cmp_lg_f16,     Specified, COMPF),
    k("V_CMPX_GE_F16",    v_cmp_ge_f16,     Specified, COMPF),
    k("V_CMPX_O_F16",     v_cmp_o_f16,      Specified, COMPF),
    k("V_CMPX_U_F16",     v_cmp_u_f16,      Specified, COMPF),
    k("V_CMPX_NGE_F16",   v_cmp_nge_f16,    Specified, COMPF),
    k("V_CMPX_NLG_F16",   v_cmp_nlg_f16,    Specified, COMPF),
    k("V_CMPX_NGT_F16",   v_cmp_ngt_f16,    Specified, COMPF),
    k("V_CMPX_NLE_F16",   v_cmp_nle_f16,    Specified, COMPF),
    k("V_CMPX_NEQ_F16",   v_cmp_neq_f16,    Specified, COMPF),
    k("V_CMPX_NLT_F16",   v_cmp_nlt_f16,    Specified, COMPF),
    k("V_CMPX_TRU_F16",   v_cmp_tru_f16,    Specified, COMPF),
    k("V_CMP_F_F32",      v_cmp_f_f32,      Specified, COMPF),
    k("V_CMP_LT_F32",     v_cmp_lt_f32,     Specified, COMPF),
    k("V_CMP_EQ_F32",     v_cmp_eq_f32,     Specified, COMPF),
    k("V_CMP_LE_F32",     v_cmp_le_f32,     Specified, COMPF),
    k("V_CMP_GT_F32",     v_cmp_gt_f32,     Specified, COMPF),
    k("V_CMP_LG_F32",     v_cmp_lg_f32,     Specified, COMPF),
    k("V_CMP_GE_F32",     v_cmp_ge_f32,     Specified, COMPF),
    k("V_CMP_O_F32",      v_cmp_o_f32,      Specified, COMPF),
    k("V_CMP_U_F32",      v_cmp_u_f32,      Specified, COMPF),
    k("V_CMP_NGE_F32",    v_cmp_nge_f32,    Specified, COMPF),
    k("V_CMP_NLG_F32",    v_cmp_nlg_f32,    Specified, COMPF),
    k("V_CMP_NGT_F32",    v_cmp_ngt_f32,    Specified, COMPF),
    k("V_CMP_NLE_F32",    v_cmp_nle_f32,    Specified, COMPF),
    k("V_CMP_NEQ_F32",    v_cmp_neq_f32,    Specified, COMPF),
    k("V_CMP_NLT_F32",    v_cmp_nlt_f32,    Specified, COMPF),
    k("V_CMP_TRU_F32",    v_cmp_tru_f32,    Specified, COMPF),
    k("V_CMPX_F_F32",     v_cmp_f_f32,      Specified, COMPF),
    k("V_CMPX_LT_F32",    v_cmp_lt_f32,     Specified, COMPF),
    k("V_CMPX_EQ_F32",    v_cmp_eq_f32,     Specified, COMPF),
    k("V_CMPX_LE_F32",    v_cmp_le_f32,     Specified, COMPF),
    k("V_CMPX_GT_F32",    v_cmp_gt_f32,     Specified, COMPF),
    k("V_CMPX_LG_F32",    v_cmp_lg_f32,     Specified, COMPF),
    k("V_CMPX_GE_F32",    v_cmp_ge_f32,     Specified, COMPF),
    k("V_CMPX_O_F32",     v_cmp_o_f32,      Specified, COMPF),
    k("V_CMPX_U_F32",     v_cmp_u_f32,      Specified, COMPF),
    k("V_CMPX_NGE_F32",   v_cmp_nge_f32,    Specified, COMPF),
    k("V_CMPX_NLG_F32",   v_cmp_nlg_f32,    Specified, COMPF),
    k("V_CMPX_NGT_F32",   v_cmp_ngt_f32,    Specified, COMPF),
    k("V_CMPX_NLE_F32",   v_cmp_nle_f32,    Specified, COMPF),
    k("V_CMPX_NEQ_F32",   v_cmp_neq_f32,    Specified, COMPF),
    k("V_CMPX_NLT_F32",   v_cmp_nlt_f32,    Specified, COMPF),
    k("V_CMPX_TRU_F32",   v_cmp_tru_f32,    Specified, COMPF),
    k("V_CMP_F_F64",      v_cmp_f_f64,      Specified, COMPF),
    k("V_CMP_LT_F64",     v_cmp_lt_f64,     Specified, COMPF),
    k("V_CMP_EQ_F64",     v_cmp_eq_f64,     Specified, COMPF),
    k("V_CMP_LE_F64",     v_cmp_le_f64,     Specified, COMPF),
    k("V_CMP_GT_F64",     v_cmp_gt_f64,     Specified, COMPF),
    k("V_CMP_LG_F64",     v_cmp_lg_f64,     Specified, COMPF),
    k("V_CMP_GE_F64",     v_cmp_ge_f64,     Specified, COMPF),
    k("V_CMP_O_F64",      v_cmp_o_f64,      Specified, COMPF),
    k("V_CMP_U_F64",      v_cmp_u_f64,      Specified, COMPF),
    k("V_CMP_NGE_F64",    v_cmp_nge_f64,    Specified, COMPF),
    k("V_CMP_NLG_F64",    v_cmp_nlg_f64,    Specified, COMPF),
    k("V_CMP_NGT_F64",    v_cmp_ngt_f64,    Specified, COMPF),
    k("V_CMP_NLE_F64",    v_cmp_nle_f64,    Specified, COMPF),
    k("V_CMP_NEQ_F64",    v_cmp_neq_f64,    Specified, COMPF),
    k("V_CMP_NLT_F64",    v_cmp_nlt_f64,    Specified, COMPF),
    k("V_CMP_TRU_F64",    v_cmp_tru_f64,    Specified, COMPF),
    k("V_CMPX_F_F64",     v_cmp_f_f64,      Specified, COMPF),
    k("V_CMPX_LT_F64",    v_cmp_lt_f64,     Specified, COMPF),
    k("V_CMPX_EQ_F64",    v_cmp_eq_f64,     Specified, COMPF),
    k("V_CMPX_LE_F64",    v_cmp_le_f64,     Specified, COMPF),
    k("V_CMPX_GT_F64",    v_cmp_gt_f64,     Specified, COMPF),
    k("V_CMPX_LG_F64",    v_cmp_lg_f64,     Specified, COMPF),
    k("V_CMPX_GE_F64",    v_cmp_ge_f64,     Specified, COMPF),
    k("V_CMPX_O_F64",     v_cmp_o_f64,      Specified, COMPF),
    k("V_CMPX_U_F64",     v_cmp_u_f64,      Specified, COMPF),
    k("V_CMPX_NGE_F64",   v_cmp_nge_f64,    Specified, COMPF),
    k("V_CMPX_NLG_F64",   v_cmp_nlg_f64,    Specified, COMPF),
    k("V_CMPX_NGT_F64",   v_cmp_ngt_f64,    Specified, COMPF),
    k("V_CMPX_NLE_F64",   v_cmp_nle_f64,    Specified, COMPF),
    k("V_CMPX_NEQ_F64",   v_cmp_neq_f64,    Specified, COMPF),
    k("V_CMPX_NLT_F64",   v_cmp_nlt_f64,    Specified, COMPF),
    k("V_CMPX_TRU_F64",   v_cmp_tru_f64,    Specified, COMPF),
    k("V_CMP_F_I16",      v_cmp_f_i16,      Specified, COMPI),
    k("V_CMP_LT_I16",     v_cmp_lt_i16,     Specified, COMPI),
    k("V_CMP_EQ_I16",     v_cmp_eq_i16,     Specified, COMPI),
    k("V_CMP_LE_I16",     v_cmp_le_i16,     Specified, COMPI),
    k("V_CMP_GT_I16",     v_cmp_gt_i16,     Specified, COMPI),
    k("V_CMP_NE_I16",     v_cmp_ne_i16,     Specified, COMPI),
    k("V_CMP_GE_I16",     v_cmp_ge_i16,     Specified, COMPI),
    k("V_CMP_T_I16",      v_cmp_t_i16,      Specified, COMPI),
    k("V_CMP_F_U16",      v_cmp_f_u16,      Specified, COMPI),
    k("V_CMP_LT_U16",     v_cmp_lt_u16,     Specified, COMPI),
    k("V_CMP_EQ_U16",     v_cmp_eq_u16,     Specified, COMPI),
    k("V_CMP_LE_U16",     v_cmp_le_u16,     Specified, COMPI),
    k("V_CMP_GT_U16",     v_cmp_gt_u16,     Specified, COMPI),
    k("V_CMP_NE_U16",     v_cmp_ne_u16,     Specified, COMPI),
    k("V_CMP_GE_U16",     v_cmp_ge_u16,     Specified, COMPI),
    k("V_CMP_T_U16",      v_cmp_t_u16,      Specified, COMPI),
    k("V_CMPX_F_I16",     v_cmp_f_i16,      Specified, COMPI),
    k("V_CMPX_LT_I16",    v_cmp_lt_i16,     Specified, COMPI),
    k("V_CMPX_EQ_I16",    v_cmp_eq_i16,     Specified, COMPI),
    k("V_CMPX_LE_I16",    v_cmp_le_i16,     Specified, COMPI),
    k("V_CMPX_GT_I16",    v_cmp_gt_i16,     Specified, COMPI),
    k("V_CMPX_NE_I16",    v_cmp_ne_i16,     Specified, COMPI),
    k("V_CMPX_GE_I16",    v_cmp_ge_i16,     Specified, COMPI),
    k("V_CMPX_T_I16",     v_cmp_t_i16,      Specified, COMPI),
    k("V_CMPX_F_U16",     v_cmp_f_u16,      Specified, COMPI),
    k("V_CMPX_LT_U16",    v_cmp_lt_u16,     Specified, COMPI),
    k("V_CMPX_EQ_U16",    v_cmp_eq_u16,     Specified, COMPI),
    k("V_CMPX_LE_U16",    v_cmp_le_u16,     Specified, COMPI),
    k("V_CMPX_GT_U16",    v_cmp_gt_u16,     Specified, COMPI),
    k("V_CMPX_NE_U16",    v_cmp_ne_u16,     Specified, COMPI),
    k("V_CMPX_GE_U16",    v_cmp_ge_u16,     Specified, COMPI),
    k("V_CMPX_T_U16",     v_cmp_t_u16,      Specified, COMPI),
    k("V_CMP_F_I32",      v_cmp_f_i32,      Specified, COMPI),
    k("V_CMP_LT_I32",     v_cmp_lt_i32,     Specified, COMPI),
    k("V_CMP_EQ_I32",     v_cmp_eq_i32,     Specified, COMPI),
    k("V_CMP_LE_I32",     v_cmp_le_i32,     Specified, COMPI),
    k("V_CMP_GT_I32",     v_cmp_gt_i32,     Specified, COMPI),
    k("V_CMP_NE_I32",     v_cmp_ne_i32,     Specified, COMPI),
    k("V_CMP_GE_I32",     v_cmp_ge_i32,     Specified, COMPI),
    k("V_CMP_T_I32",      v_cmp_t_i32,      Specified, COMPI),
    k("V_CMP_F_U32",      v_cmp_f_u32,      Specified, COMPI),
    k("V_CMP_LT_U32",     v_cmp_lt_u32,     Specified, COMPI),
    k("V_CMP_EQ_U32",     v_cmp_eq_u32,     Specified, COMPI),
    k("V_CMP_LE_U32",     v_cmp_le_u32,     Specified, COMPI),
    k("V_CMP_GT_U32",     v_cmp_gt_u32,     Specified, COMPI),
    k("V_CMP_NE_U32",     v_cmp_ne_u32,     Specified, COMPI),
    k("V_CMP_GE_U32",     v_cmp_ge_u32,     Specified, COMPI),
    k("V_CMP_T_U32",      v_cmp_t_u32,      Specified, COMPI),
    k("V_CMPX_F_I32",     v_cmp_f_i32,      Specified, COMPI),
    k("V_CMPX_LT_I32",    v_cmp_lt_i32,     Specified, COMPI),
    k("V_CMPX_EQ_I32",    v_cmp_eq_i32,     Specified, COMPI),
    k("V_CMPX_LE_I32",    v_cmp_le_i32,     Specified, COMPI),
    k("V_CMPX_GT_I32",    v_cmp_gt_i32,     Specified, COMPI),
    k("V_CMPX_NE_I32",    v_cmp_ne_i32,     Specified, COMPI),
    k("V_CMPX_GE_I32",    v_cmp_ge_i32,     Specified, COMPI),
    k("V_CMPX_T_I32",     v_cmp_t_i32,      Specified, COMPI),
    k("V_CMPX_F_U32",     v_cmp_f_u32,      Specified, COMPI),
    k("V_CMPX_LT_U32",    v_cmp_lt_u32,     Specified, COMPI),
    k("V_CMPX_EQ_U32",    v_cmp_eq_u32,     Specified, COMPI),
    k("V_CMPX_LE_U32",    v_cmp_le_u32,     Specified, COMPI),
    k("V_CMPX_GT_U32",    v_cmp_gt_u32,     Specified, COMPI),
    k("V_CMPX_NE_U32",    v_cmp_ne_u32,     Specified, COMPI),
    k("V_CMPX_GE_U32",    v_cmp_ge_u32,     Specified, COMPI),
    k("V_CMPX_T_U32",     v_cmp_t_u32,      Specified, COMPI),
    k("V_CMP_F_I64",      v_cmp_f_i64,      Specified, COMPI),
    k("V_CMP_LT_I64",     v_cmp_lt_i64,     Specified, COMPI),
    k("V_CMP_EQ_I64",     v_cmp_eq_i64,     Specified, COMPI),
    k("V_CMP_LE_I64",     v_cmp_le_i64,     Specified, COMPI),
    k("V_CMP_GT_I64",     v_cmp_gt_i64,     Specified, COMPI),
    k("V_CMP_NE_I64",     v_cmp_ne_i64,     Specified, COMPI),
    k("V_CMP_GE_I64",     v_cmp_ge_i64,     Specified, COMPI),
    k("V_CMP_T_I64",      v_cmp_t_i64,      Specified, COMPI),
    k("V_CMP_F_U64",      v_cmp_f_u64,      Specified, COMPI),
    k("V_CMP_LT_U64",     v_cmp_lt_u64,     Specified, COMPI),
    k("V_CMP_EQ_U64",     v_cmp_eq_u64,     Specified, COMPI),
    k("V_CMP_LE_U64",     v_cmp_le_u64,     Specified, COMPI),
    k("V_CMP_GT_U64",     v_cmp_gt_u64,     Specified, COMPI),
    k("V_CMP_NE_U64",     v_cmp_ne_u64,     Specified, COMPI),
    k("V_CMP_GE_U64",     v_cmp_ge_u64,     Specified, COMPI),
    k("V_CMP_T_U64",      v_cmp_t_u64,      Specified, COMPI),
    k("V_CMPX_F_I64",     v_cmp_f_i64,      Specified, COMPI),
    k("V_CMPX_LT_I64",    v_cmp_lt_i64,     Specified, COMPI),
    k("V_CMPX_EQ_I64",    v_cmp_eq_i64,     Specified, COMPI),
    k("V_CMPX_LE_I64",    v_cmp_le_i64,     Specified, COMPI),
    k("V_CMPX_GT_I64",    v_cmp_gt_i64,     Specified, COMPI),
    k("V_CMPX_NE_I64",    v_cmp_ne_i64,     Specified, COMPI),
    k("V_CMPX_GE_I64",    v_cmp_ge_i64,     Specified, COMPI),
    k("V_CMPX_T_I64",     v_cmp_t_i64,      Specified, COMPI),
    k("V_CMPX_F_U64",     v_cmp_f_u64,      Specified, COMPI),
    k("V_CMPX_LT_U64",    v_cmp_lt_u64,     Specified, COMPI),
    k("V_CMPX_EQ_U64",    v_cmp_eq_u64,     Specified, COMPI),
    k("V_CMPX_LE_U64",    v_cmp_le_u64,     Specified, COMPI),
    k("V_CMPX_GT_U64",    v_cmp_gt_u64,     Specified, COMPI),
    k("V_CMPX_NE_U64",    v_cmp_ne_u64,     Specified, COMPI),
    k("V_CMPX_GE_U64",    v_cmp_ge_u64,     Specified, COMPI),
    k("V_CMPX_T_U64",     v_cmp_t_u64,      Specified, COMPI),
];

#[cfg(test)]
mod tests;
