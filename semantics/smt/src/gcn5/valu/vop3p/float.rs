//! Packed f16 (VOP3P) models, per lane (Vega manual, "VOP3P Instructions"; note 0027 "Third
//! round (B)").
//!
//! V_PK_*: OP_SEL, OP_SEL_HI, NEG_LO and NEG_HI are not inputs: the models are of the default
//! encoding (OP_SEL = 0, OP_SEL_HI = 1: each half of the result reads the same half of
//! every source; no negation), because the executor, not the kernel, selects and negates
//! the halves (DESIGN.md "Layout"). CLAMP is 0, as for every model.
//!
//! The MIX rows (a multiply-add of f16 and f32 sources), per lane (fifth round, note 0027
//! "Fifth round"; the f16 dot products with an f32 sum are in `dot.rs`).
//!
//! MIX (Vega manual, "VOP3P Instructions", opcodes 32-34; MI100 manual, "Packed Math"):
//! - Interface: besides `s0` `s1` `s2` (the sources' 32 bits) the script declares
//!   `op_sel` and `op_sel_hi` (`(_ BitVec 3)`, bit i for source i), the instruction's
//!   OPSEL and OPSEL_HI fields: source i is the f32 `src[31:0]` when bit i of `op_sel_hi`
//!   is 0 (codes 0 and 1), else the f16 `src[15:0]` (`op_sel` bit 0, code 2) or
//!   `src[31:16]` (code 3). NEG and NEG_HI (abs) are not modelled (as every model, the
//!   unmodified instruction, CLAMP = 0). MIXLO/MIXHI also read `d_in`.
//! - An f16 source is read under the half denormal field (FP_DENORM[7:6]) and converted to
//!   f32 exactly (every f16 is an f32; a NaN keeps its sign and top payload bits, quieted:
//!   the manual does not settle converted payloads, so a result from an f16 NaN source is
//!   `nan_any`); a signalling f16 NaN raises invalid.
//! - V_FMA_MIX_* (gfx908): "The Mulitply-add is performed as an FMA": one rounding under
//!   MODE's single-precision fields. V_MAD_MIX_* (gfx900): "a single Multiply-Add", read
//!   as V_MAD_F32: the product rounded to f32, then the sum. Dispute D11 (note 0026, rule
//!   `gcn5.v_mad_mix_f32.flush`, contested): every denormal may be flushed whatever MODE
//!   says; the model's acceptance is the range between the MODE reading and the flush-all
//!   reading (`lo`, `hi`; `open` when one is a NaN and the other not, `nan_any` when both
//!   are NaNs that differ).
//! - MIXLO/MIXHI: `D.f[15:0]` / `D.f[31:16]` is the f32 result converted to f16 (half
//!   rounding field, FP16_OVFL, half output flush); the other half is `d_in`'s. Whether the
//!   hardware rounds once, straight to f16, is unpublished (rule
//!   `gcn5.v_mad_mixlo_f16.rounding`, unspecified): where the f32 result was inexact and
//!   lies exactly halfway between two f16 values under round-to-nearest, both neighbours
//!   are accepted. `lo`/`hi` are 32-bit: the written half's bounds with `d_in`'s other half.

use crate::bv::*;
use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::gcn5::valu::fminmax::mad::{fused, fused_scaled, unfused};
use crate::{Model, ModelFn};

/// Flags the packed float models claim: all but input denormal (as the scalar ones).
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// A packed f16 operation: per half, the operands read with MODE's half input flushing
/// (`ins`: the sources, `read` false for a source not flushed), `f` the rounded result of
/// one half from the operand names `a`, `b`, `c`. Outputs `d`, `nan_half` (bit 1: the high
/// half is settled only as some NaN; bit 0 the low half) and `flags`, the two halves'
/// flags ORed.
fn packed_float(
    name: &'static str,
    spec: &'static str,
    inf: Fmt,
    ins: &[&'static str],
    f: impl Fn() -> Rounded,
) -> Model {
    let vars = ["a", "b", "c"];
    let bind = |hi: bool, t: &str| {
        let w = inf.w();
        let binds: Vec<String> = ins
            .iter()
            .zip(vars)
            .map(|(src, v)| {
                let x = if w == 32 {
                    src.to_string()
                } else if hi {
                    ext(src, 31, 16)
                } else {
                    ext(src, 15, 0)
                };
                format!("({v} {})", inf.read(&x))
            })
            .collect();
        format!("(let ({}) {t})", binds.join(" "))
    };
    let r = f();
    let (d, nan, flags) = (
        |hi: bool| bind(hi, &r.d),
        |hi: bool| bind(hi, &r.nan_any),
        |hi: bool| bind(hi, &r.flags),
    );
    let mut m = Model::new(name, spec);
    for i in ins {
        m = m.input(i, 32);
    }
    m.out("d", 32, concat(&[d(true), d(false)]))
        .out("nan_half", 2, concat(&[nan(true), nan(false)]))
        .out(
            "flags",
            6,
            format!("(bvor {} {})", flags(true), flags(false)),
        )
        .float_flags(ROUNDED)
}

/// `D.f[31:16] = S0.f[31:16] op S1.f[31:16]`, the same for [15:0], `op` `fp.add` or `fp.mul`.
fn pk_binary(name: &'static str, spec: &'static str, fop: &str) -> Model {
    let f = H;
    let wide = f.widened(2);
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let real = if fop == "fp.add" { "+" } else { "*" };
    let rm = f.rm();
    packed_float(name, spec, f, &["s0", "s1"], || {
        round(RoundIn {
            inf: f,
            out: f,
            ops: &["a", "b"],
            r: format!("({fop} {rm} {} {})", f.fp("a"), f.fp("b")),
            wide,
            w: format!("({fop} {rm} {} {})", to_wide("a"), to_wide("b")),
            exact: format!(
                "({real} (fp.to_real {}) (fp.to_real {}))",
                f.fp("a"),
                f.fp("b")
            ),
        })
    })
    .region("nan_high_half", f.is_nan("((_ extract 31 16) s0)"))
    .region(
        "overflow_low_half",
        "(and (= ((_ extract 14 10) s0) #b11110) (= ((_ extract 14 10) s1) #b11110))",
    )
}

/// D.f[31:16] = S0.f[31:16] + S1.f[31:16] . D.f[15:0] = S0.f[15:0] + S1.f[15:0] .
pub fn v_pk_add_f16() -> Model {
    pk_binary(
        "V_PK_ADD_F16",
        "D.f[31:16] = S0.f[31:16] + S1.f[31:16] . D.f[15:0] = S0.f[15:0] + S1.f[15:0] .",
        "fp.add",
    )
    .packed_op(OpKind::Add)
}

/// D.f[31:16] = S0.f[31:16] * S1.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] .
pub fn v_pk_mul_f16() -> Model {
    pk_binary(
        "V_PK_MUL_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] .",
        "fp.mul",
    )
    .packed_op(OpKind::Mul { legacy: false })
}

/// A fused `a * b + c` of format `f` without `fp.fma` (unsound in libz3 4.8.12), as
/// V_FMA_F32's model: the product exact in `prod` (twice the significand, a wider
/// exponent); a finite non-zero sum is the exact Real rounded once by MODE; an exactly
/// zero sum and the infinite and invalid cases come from z3's `fp.add` of the exact
/// product and `c` (exact there: IEEE's zero sign, inf - inf invalid).
fn pk_fused(f: Fmt, prod: Fmt) -> Rounded {
    fused_scaled(f, prod, "1.0", "#b0")
}

/// D.f[31:16] = S0.f[31:16] * S1.f[31:16] + S2.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + S2.f[15:0] . Fused half-precision multiply add.
pub fn v_pk_fma_f16() -> Model {
    packed_float(
        "V_PK_FMA_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] + S2.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + S2.f[15:0] . Fused half-precision multiply add.",
        H,
        &["s0", "s1", "s2"],
        || pk_fused(H, Fmt { e: 8, m: 21 }),
    )
    .region("exact_cancellation", "(and (= s0 #x3c003c00) (= s1 #x3c003c00) (= s2 #xbc00bc00))")
    .region("inf_times_zero_high", "(and (= ((_ extract 31 16) s0) #x7c00) (= ((_ extract 31 16) s1) #x0000))")
    .packed_op(OpKind::MulAdd {
        fused: true,
        legacy: false,
    })
}

/// gfx908 (VOP2): D.f[31:16] = S0.f[31:16] * S1.f[31:16] + D.f[31:16], the same for [15:0].
///
/// The MI100 manual lists the opcode without a description (its VOP2 table is cut off):
/// read from the name, a fused multiply-accumulate, as V_PK_FMA_F16 with D as the addend.
pub fn v_pk_fmac_f16() -> Model {
    packed_float(
        "V_PK_FMAC_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] + D.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + D.f[15:0] . (MI100: opcode listed, read from its name)",
        H,
        &["s0", "s1", "d_in"],
        || pk_fused(H, Fmt { e: 8, m: 21 }),
    )
    .region("exact_cancellation", "(and (= s0 #x3c003c00) (= s1 #x3c003c00) (= d_in #xbc00bc00))")
}

/// V_PK_MIN_F16 (`max` false) / V_PK_MAX_F16: "min()" / "max()" per half, read as the
/// VOP2 V_MIN_F16 / V_MAX_F16 pseudocode (the manual's only definition of an f16 min/max):
/// signalling NaNs quieted first under MODE.IEEE, a NaN operand yields the other, the
/// signed zeros as bit patterns, then the comparison (MAX with IEEE: `>=`). Operands read
/// with MODE's half input flushing; a denormal result flushed per the half output bit.
/// Flags not modelled (none printed).
fn pk_minmax(name: &'static str, spec: &'static str, max: bool) -> Model {
    let f = H;
    let d = crate::gcn5::valu::fminmax::minmax::min_max_of_read(f, max);
    let d = format!(
        "(let ((r {d})) (ite (and {} {}) {} r))",
        f.flush_out(),
        f.is_sub("r"),
        f.signed_zero("r")
    );
    let r = Rounded {
        d,
        nan_any: "#b0".into(),
        flags: lit(0, 6),
    };
    let mut m = packed_float(name, spec, f, &["s0", "s1"], || Rounded {
        d: r.d.clone(),
        nan_any: r.nan_any.clone(),
        flags: r.flags.clone(),
    })
    .region(
        "signed_zeros_low",
        "(and (= ((_ extract 15 0) s0) #x0000) (= ((_ extract 15 0) s1) #x8000))",
    )
    .region("snan_high", f.is_snan("((_ extract 31 16) s1)"));
    m.flags_modelled = Some(0);
    m
}

/// D.f[31:16] = min(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = min(S0.f[15:0], S1.u[15:0]) .
pub fn v_pk_min_f16() -> Model {
    pk_minmax(
        "V_PK_MIN_F16",
        "D.f[31:16] = min(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = min(S0.f[15:0], S1.u[15:0]) .",
        false,
    )
}

/// D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = max(S0.f[15:0], S1.f[15:0]) .
pub fn v_pk_max_f16() -> Model {
    pk_minmax(
        "V_PK_MAX_F16",
        "D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = max(S0.f[15:0], S1.f[15:0]) .",
        true,
    )
}

/// `mode` with both FP_DENORM fields 0 (flush every denormal): dispute D11's reading.
fn flush_all(body: &str) -> String {
    format!(
        "(let ((mode (bvand mode {}))) {body})",
        lit(0xffff_ff0f, 32)
    )
}

/// Source `i` is an f16 (a Bool).
fn is_f16(i: u32) -> String {
    format!("(= {} #b1)", ext("op_sel_hi", i, i))
}

/// `body` with `a`, `b`, `c` bound to the three sources as f32 bits (see the module doc)
/// and `h0`..`h2` to the f16 halves as read.
fn sources(body: &str) -> String {
    let half = |i: u32| {
        let s = ["s0", "s1", "s2"][i as usize];
        ite(
            &format!("(= {} #b1)", ext("op_sel", i, i)),
            &ext(s, 31, 16),
            &ext(s, 15, 0),
        )
    };
    let read = |i: u32| format!("(h{i} {})", H.read(&format!("h{i}")));
    let f32_of = |i: u32| {
        let h = format!("h{i}");
        let s = ["s0", "s1", "s2"][i as usize];
        ite(
            &is_f16(i),
            &ite(
                &H.is_nan(&h),
                &convert_nan(H, S, &h),
                &format!("(fp.to_ieee_bv ((_ to_fp 8 24) RNE {}))", H.fp(&h)),
            ),
            &S.read(s),
        )
    };
    format!(
        "(let ((h0 {}) (h1 {}) (h2 {})) (let ({} {} {}) (let ((a {}) (b {}) (c {})) {body})))",
        half(0),
        half(1),
        half(2),
        read(0),
        read(1),
        read(2),
        f32_of(0),
        f32_of(1),
        f32_of(2)
    )
}

/// Some f16 source is a NaN (`snan`: a signalling one), inside [`sources`].
fn f16_nan(snan: bool) -> String {
    let t: Vec<String> = (0..3)
        .map(|i| {
            let h = format!("h{i}");
            let n = if snan { H.is_snan(&h) } else { H.is_nan(&h) };
            format!("(and {} {n})", is_f16(i))
        })
        .collect();
    format!("(or {})", t.join(" "))
}

/// The f32 result of the MIX product and sum under `mode`: bits, NaN freedom, flags.
fn mix_f32(fma: bool) -> Rounded {
    let r = if fma { fused(S) } else { unfused(S, false) };
    Rounded {
        d: sources(&r.d),
        nan_any: sources(&format!("(bvor {} {})", r.nan_any, b1(&f16_nan(false)))),
        flags: sources(&format!(
            "(bvor {} (concat #b00000 {}))",
            r.flags,
            b1(&f16_nan(true))
        )),
    }
}

/// The f32 value `x` (bits) converted to f16 under `mode` with rounding `rm` (half
/// rounding field, FP16_OVFL and output flush, as V_CVT_F16_F32).
fn to_f16(x: &str, rm: &str) -> Rounded {
    let wide = H.widened(4);
    let r = round(RoundIn {
        inf: S,
        out: H,
        ops: &["x"],
        r: format!("((_ to_fp 5 11) {rm} {})", S.fp("x")),
        wide,
        w: format!("((_ to_fp {} 11) {rm} {})", wide.e, S.fp("x")),
        exact: format!("(fp.to_real {})", S.fp("x")),
    });
    let bind = |t: &str| format!("(let ((x {})) {t})", S.read(x));
    Rounded {
        d: bind(&r.d),
        nan_any: bind(&r.nan_any),
        flags: bind(&r.flags),
    }
}

/// `x` (f32 bits, finite, non-zero) lies exactly halfway between two f16 values: its bits
/// below the f16 precision at its exponent (13, more below the f16 normal range) are
/// 100...0.
fn f16_midpoint(x: &str) -> String {
    let e = zext(&ext(x, 30, 23), 24);
    let mant = concat(&["#b000000001".into(), ext(x, 22, 0)]);
    let drop = format!(
        "(bvadd {} (ite (bvult {e} {}) (bvsub {} {e}) {}))",
        lit(13, 32),
        lit(113, 32),
        lit(113, 32),
        lit(0, 32)
    );
    let one = lit(1, 32);
    format!(
        "(and (bvuge {e} {}) (bvule {e} {}) (= (bvand {mant} (bvsub (bvshl {one} {drop}) {one})) (bvshl {one} (bvsub {drop} {one}))))",
        lit(102, 32),
        lit(254, 32)
    )
}

/// Bits of f32 terms `x`, `y`: the lesser and greater (by value; `x` on ties or NaNs).
fn order(f: Fmt, x: &str, y: &str) -> (String, String) {
    (
        format!("(ite (fp.lt {} {}) {y} {x})", f.fp(y), f.fp(x)),
        format!("(ite (fp.gt {} {}) {y} {x})", f.fp(y), f.fp(x)),
    )
}

/// The MIX model's inputs.
fn mix_inputs(name: &'static str, spec: &'static str) -> Model {
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .input("s2", 32)
        .input("op_sel", 3)
        .input("op_sel_hi", 3)
}

/// V_MAD_MIX_F32 / V_FMA_MIX_F32.
fn mix32(name: &'static str, spec: &'static str, fma: bool) -> Model {
    let r = mix_f32(fma);
    let m = mix_inputs(name, spec);
    let m = if fma {
        m.out("d", 32, r.d)
            .out("nan_any", 1, r.nan_any)
            .out("flags", 6, r.flags)
    } else {
        // The MODE reading and D11's flush-all reading, each stated once (shared terms).
        let m = m
            .def("f32", 32, r.d.clone())
            .def("f32_flush", 32, flush_all(&r.d))
            .def("f32_nan", 1, r.nan_any);
        let bind = |t: &str| {
            format!(
                "(let ((d1 {}) (d2 {}) (n1 {})) {t})",
                m.call("f32"),
                m.call("f32_flush"),
                m.call("f32_nan")
            )
        };
        let (lo, hi) = order(S, "d1", "d2");
        let (na, nb) = (S.is_nan("d1"), S.is_nan("d2"));
        let d = m.call("f32");
        let nan_any = bind(&format!(
            "(ite (= d1 d2) n1 {})",
            b1(&format!("(and {na} {nb})"))
        ));
        let open = bind(&b1(&format!("(and (not (= d1 d2)) (xor {na} {nb}))")));
        let (lo, hi) = (bind(&lo), bind(&hi));
        m.out("d", 32, d)
            .out("lo", 32, lo)
            .out("hi", 32, hi)
            .out("nan_any", 1, nan_any)
            .out("open", 1, open)
            .out("flags", 6, r.flags)
    };
    regions(m.float_flags(ROUNDED))
}

/// V_MAD_MIXLO/HI_F16, V_FMA_MIXLO/HI_F16: half `half` of D written.
fn mix16(name: &'static str, spec: &'static str, fma: bool, half: u32) -> Model {
    let r = mix_f32(fma);
    let m = mix_inputs(name, spec).input("d_in", 32);
    // The f32 step and its conversions are shared terms, stated once: every output
    // repeating them made z3 read V_MAD_MIXHI_F16's script for minutes (note 0027).
    let m = m.def("f32", 32, r.d.clone()).def("f32_flags", 6, r.flags);
    let f32 = m.call("f32");
    let on_f32 = |t: &str| format!("(let ((d1 {f32})) {t})");
    let c = to_f16("d1", &H.rm());
    let (down, up) = (to_f16("d1", "RTN"), to_f16("d1", "RTP"));
    // Candidates for the written half: the MODE reading; at an f16 midpoint of an inexact
    // f32 result under round-to-nearest, both neighbours; for MAD_MIX, D11's flush-all.
    let midpoint = format!(
        "(let ((d1 {}) (f1 {})) (and (= {} #b00) (= ((_ extract 5 5) f1) #b1) (not (fp.isNaN {x})) (not (fp.isInfinite {x})) (not (fp.isZero {x})) {}))",
        m.call("f32"),
        m.call("f32_flags"),
        ext("mode", 3, 2),
        f16_midpoint("d1"),
        x = S.fp("d1")
    );
    let m = m
        .def("half", 16, on_f32(&c.d))
        .def("half_nan", 1, on_f32(&c.nan_any))
        .def("half_flags", 6, on_f32(&c.flags))
        .def("half_down", 16, on_f32(&down.d))
        .def("half_up", 16, on_f32(&up.d))
        .def("midpoint", 1, b1(&midpoint));
    let m = if fma {
        m
    } else {
        // D11: the f32 step and the conversion with every denormal flushed.
        let flushed = flush_all(&format!("(let ((d1 {})) {})", r.d, c.d));
        m.def("half_flush", 16, flushed)
    };
    let keep = if half == 0 {
        ext("d_in", 31, 16)
    } else {
        ext("d_in", 15, 0)
    };
    let put = |h: &str| {
        if half == 0 {
            concat(&[keep.clone(), h.to_string()])
        } else {
            concat(&[h.to_string(), keep.clone()])
        }
    };
    let alt = if fma { "c1" } else { "c2" };
    // Each output binds only the shared terms it reads (z3 expands every call it parses).
    let bind = |vars: &[&str], t: &str| {
        let def = |v: &str| match v {
            "f1" => m.call("f32_flags"),
            "c1" => m.call("half"),
            "cn" => m.call("half_nan"),
            "cf" => m.call("half_flags"),
            "dn" => m.call("half_down"),
            "up" => m.call("half_up"),
            "m" => format!("(= {} #b1)", m.call("midpoint")),
            _ => m.call("half_flush"),
        };
        let b: Vec<String> = vars
            .iter()
            .filter(|v| !fma || **v != "c2")
            .map(|v| format!("({v} {})", def(v)))
            .collect();
        format!("(let ({}) {t})", b.join(" "))
    };
    let (lo1, hi1) = order(H, "dn", "up");
    let (lo2, hi2) = order(H, "c1", alt);
    let lo = format!("(ite m {lo1} {lo2})");
    let hi = format!("(ite m {hi1} {hi2})");
    let (na, nb) = (H.is_nan("c1"), H.is_nan(alt));
    // A NaN f32 result converts to a NaN whose payload the manual does not settle (`cn`).
    let nan_any = format!("(ite (= c1 {alt}) cn {})", b1(&format!("(and {na} {nb})")));
    // `m` as an `ite` condition, not a conjunct: z3 4.8.12 took 20-30 s to read
    // `(and (not m) ...)` here (its expansion of the calls over the parameters).
    let open = format!(
        "(ite m #b0 {})",
        b1(&format!("(and (not (= c1 {alt})) (xor {na} {nb}))"))
    );
    let flags = format!("(bvor f1 (bvand cf {}))", lit(u64::from(ROUNDED), 6));
    let range = ["m", "dn", "up", "c1", "c2"];
    let (d, lo, hi) = (
        bind(&["c1"], &put("c1")),
        bind(&range, &put(&lo)),
        bind(&range, &put(&hi)),
    );
    let nan_any = bind(&["c1", "c2", "cn"], &nan_any);
    let open = bind(&["m", "c1", "c2"], &open);
    let flags = bind(&["f1", "cf"], &flags);
    let m = m
        .out("d", 32, d)
        .out("lo", 32, lo)
        .out("hi", 32, hi)
        .out("nan_any", 1, nan_any)
        .out("open", 1, open)
        .out("flags", 6, flags);
    regions(m.float_flags(ROUNDED))
}

/// Coverage regions of the MIX models (reached by z3 and compared with the kernel).
fn regions(m: Model) -> Model {
    m.region(
        "all_f16_sources",
        "(and (= op_sel_hi #b111) (= op_sel #b010))".to_string(),
    )
    .region(
        "f16_denormal_source",
        format!(
            "(and (= op_sel_hi #b001) (= op_sel #b000) {})",
            H.is_sub(&ext("s0", 15, 0))
        ),
    )
    .region(
        "f16_nan_source",
        format!(
            "(and (= op_sel_hi #b010) (= op_sel #b010) {})",
            H.is_nan(&ext("s1", 31, 16))
        ),
    )
    .region(
        "f32_sources",
        format!(
            "(and (= op_sel_hi #b000) (not {}) (not {}))",
            S.is_nan("s0"),
            S.is_nan("s2")
        ),
    )
}

macro_rules! mixes {
    ($($f:ident $name:literal $fma:literal $half:expr, $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            match $half {
                None => mix32($name, $spec, $fma),
                Some(h) => mix16($name, $spec, $fma, h),
            }
        }
    )*};
}

mixes! {
    v_mad_mix_f32   "V_MAD_MIX_F32"   false None,    "D.f[31:0] = S0.f * S1.f + S2.f. Size and location of S0, S1 and S2 controlled by OPSEL: 0=src[31:0], 1=src[31:0], 2=src[15:0], 3=src[31:16].";
    v_mad_mixlo_f16 "V_MAD_MIXLO_F16" false Some(0), "D.f[15:0] = S0.f * S1.f + S2.f. Size and location of S0, S1 and S2 controlled by OPSEL: 0=src[31:0], 1=src[31:0], 2=src[15:0], 3=src[31:16].";
    v_mad_mixhi_f16 "V_MAD_MIXHI_F16" false Some(1), "D.f[31:16] = S0.f * S1.f + S2.f. Size and location of S0, S1 and S2 controlled by OPSEL: 0=src[31:0], 1=src[31:0], 2=src[15:0], 3=src[31:16].";
    v_fma_mix_f32   "V_FMA_MIX_F32"   true  None,    "D.f[31:0] = S0.f * S1.f + S2.f, performed as an FMA (MI100 manual, Packed Math; sizes as V_MAD_MIX_F32).";
    v_fma_mixlo_f16 "V_FMA_MIXLO_F16" true  Some(0), "D.f[15:0] = S0.f * S1.f + S2.f, performed as an FMA (MI100 manual, Packed Math; sizes as V_MAD_MIXLO_F16).";
    v_fma_mixhi_f16 "V_FMA_MIXHI_F16" true  Some(1), "D.f[31:16] = S0.f * S1.f + S2.f, performed as an FMA (MI100 manual, Packed Math; sizes as V_MAD_MIXHI_F16).";
}

/// The packed f16 and MIX models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_PK_ADD_F16", v_pk_add_f16), ("V_PK_MUL_F16", v_pk_mul_f16), ("V_PK_FMA_F16", v_pk_fma_f16),
    ("V_PK_FMAC_F16", v_pk_fmac_f16), ("V_PK_MIN_F16", v_pk_min_f16),
    ("V_PK_MAX_F16", v_pk_max_f16), ("V_MAD_MIX_F32", v_mad_mix_f32),
    ("V_FMA_MIX_F32", v_fma_mix_f32), ("V_MAD_MIXLO_F16", v_mad_mixlo_f16),
    ("V_MAD_MIXHI_F16", v_mad_mixhi_f16), ("V_FMA_MIXLO_F16", v_fma_mixlo_f16),
    ("V_FMA_MIXHI_F16", v_fma_mixhi_f16),
];
