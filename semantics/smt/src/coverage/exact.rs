//! The exact result of a model's float operation at the bit level, for the coverage
//! conditions (note 0041, "The bit-level statement").
//!
//! Built as a float unit's datapath is, with integer adders, one integer multiplier and a
//! few shifters on small windows, no FP theory: each operand's significand is normalized
//! (leading one at the top of a window, exponent `e` of that leading one); a product is
//! the integer product of the significands; a sum aligns the two normalized values in a
//! window of `2w + 3` bits (the larger at bit `2w + 1`, the smaller shifted down by the
//! exponent difference, the bits shifted out OR-ed into bit 0: a sticky bit) and adds them
//! as signed integers. The result is normalized again, then shifted down to F's smallest
//! exponent when it is below it (sticky again). What the conditions read:
//!
//! - `cv_et`: the exponent of the result's top window bit in F (`max(e, EMIN)`),
//! - `cv_kept`: the `p` bits F keeps (its significand, hidden bit included, or the
//!   subnormal significand),
//! - `cv_d`: the bits below them (guard at the top, round next, then the rest and the
//!   sticky bit),
//! - `cv_nz`: the exact result is not zero.
//!
//! The sticky bit only ever sits below the round bit's position by at least two bits, and
//! every constant a condition compares `cv_d` with is a multiple of the round bit, so the
//! comparisons say the same of the exact value as of the window.

use super::{Format, FpOp, OpKind};

/// Width of the signed exponent terms.
const K: u32 = 16;

/// The lets of an operation's exact result and the conditions it needs.
pub struct Exact {
    /// `let` bindings in order (each may read the earlier ones and the model's inputs).
    pub lets: Vec<(String, String)>,
    /// Conditions the operation needs: finite operands, and for an unfused multiply-add a
    /// product exact in F.
    pub need: Vec<String>,
    /// Width of `cv_d`.
    pub dw: u32,
    /// The addend's normalized significand, its width and its exponent (lets), for the
    /// massive cancellation model; the result's window `cv_rn` and its width.
    pub addend: Option<(String, u32, String)>,
    pub window: u32,
}

pub fn bias(f: Format) -> i64 {
    (1i64 << (f.e - 1)) - 1
}

/// `v` as a literal of width `w`.
pub fn lit(v: u64, w: u32) -> String {
    format!("(_ bv{v} {w})")
}

/// `v << sh` as a binary literal of width `w` (`v << sh` < 2^w).
pub fn shifted(v: u64, sh: u32, w: u32) -> String {
    let bits: String = (0..w)
        .rev()
        .map(|b| {
            let set = b >= sh && b - sh < 64 && (v >> (b - sh)) & 1 == 1;
            if set {
                '1'
            } else {
                '0'
            }
        })
        .collect();
    format!("#b{bits}")
}

/// A signed exponent literal.
pub fn sk(v: i64) -> String {
    format!("(_ bv{} {K})", (v as u64) & ((1 << K) - 1))
}

fn let_(lets: &mut Vec<(String, String)>, name: &str, t: String) {
    lets.push((name.to_string(), t));
}

fn zext(t: &str, by: u32) -> String {
    if by == 0 {
        t.to_string()
    } else {
        format!("((_ zero_extend {by}) {t})")
    }
}

/// Normalizes `g` (width `w`, its bit 0 of exponent `t`): `cv_{tag}g` has its leading one
/// at the top, `cv_{tag}e` is that one's exponent (leading zeros counted by halving).
fn normalize(lets: &mut Vec<(String, String)>, tag: &str, g: &str, w: u32, t: &str) {
    let mut s = 1;
    while s * 2 < w {
        s *= 2;
    }
    let_(lets, &format!("cv_{tag}v0"), g.to_string());
    let_(lets, &format!("cv_{tag}z0"), sk(0));
    let mut i = 0;
    while s >= 1 {
        let v = format!("cv_{tag}v{i}");
        let top = format!("(= ((_ extract {} {}) {v}) {})", w - 1, w - s, lit(0, s));
        let_(
            lets,
            &format!("cv_{tag}v{}", i + 1),
            format!("(ite {top} (bvshl {v} {}) {v})", lit(s.into(), w)),
        );
        let_(
            lets,
            &format!("cv_{tag}z{}", i + 1),
            format!(
                "(ite {top} (bvadd cv_{tag}z{i} {}) cv_{tag}z{i})",
                sk(s.into())
            ),
        );
        i += 1;
        s /= 2;
    }
    let_(lets, &format!("cv_{tag}g"), format!("cv_{tag}v{i}"));
    let_(
        lets,
        &format!("cv_{tag}e"),
        format!("(bvsub (bvadd {t} {}) cv_{tag}z{i})", sk(i64::from(w) - 1)),
    );
}

/// `x` (width `w`) shifted right by the signed count `k` (>= 0; counts past `w` shift
/// everything out), the bits shifted out OR-ed into bit 0.
fn shift_sticky(x: &str, w: u32, k: &str) -> String {
    let kw = if w >= K {
        zext(k, w - K)
    } else {
        format!("((_ extract {} 0) {k})", w - 1)
    };
    let past = format!("(bvsge {k} {})", sk(i64::from(w)));
    let kc = format!("(ite {past} {} {kw})", lit(w.into(), w));
    let lost = format!(
        "(distinct (bvand {x} (bvsub (bvshl {one} {kc}) {one})) {zero})",
        one = lit(1, w),
        zero = lit(0, w)
    );
    format!(
        "(bvor (bvlshr {x} {kc}) (ite {lost} {} {}))",
        lit(1, w),
        lit(0, w)
    )
}

/// The signed sum of two normalized values (width `w`, lets `cv_{a}g`, `cv_{a}e`, sign
/// term `na`, and the same of `b`), normalized: `cv_rg` (width `2w + 3`), `cv_re`.
fn add(lets: &mut Vec<(String, String)>, a: (&str, &str), b: (&str, &str), w: u32) {
    let wd = 2 * w + 3;
    let (ga, ea, gb, eb) = (
        format!("cv_{}g", a.0),
        format!("cv_{}e", a.0),
        format!("cv_{}g", b.0),
        format!("cv_{}e", b.0),
    );
    let z = lit(0, w);
    let_(
        lets,
        "cv_sw",
        format!("(or (= {ga} {z}) (and (distinct {gb} {z}) (bvsgt {eb} {ea})))"),
    );
    let pick = |x: &str, y: &str| format!("(ite cv_sw {y} {x})");
    let_(lets, "cv_hi_g", pick(&ga, &gb));
    let_(lets, "cv_hi_e", pick(&ea, &eb));
    let_(lets, "cv_hi_n", pick(a.1, b.1));
    let_(lets, "cv_lo_g", pick(&gb, &ga));
    let_(lets, "cv_lo_e", pick(&eb, &ea));
    let_(lets, "cv_lo_n", pick(b.1, a.1));
    let_(
        lets,
        "cv_dd",
        format!(
            "(ite (or (= cv_lo_g {z}) (bvslt (bvsub cv_hi_e cv_lo_e) {})) {} (bvsub cv_hi_e cv_lo_e))",
            sk(0),
            sk(i64::from(wd))
        ),
    );
    let up = |g: &str| format!("(bvshl {} {})", zext(g, w + 3), lit((w + 2).into(), wd));
    let_(lets, "cv_hi_w", up("cv_hi_g"));
    let_(lets, "cv_lo_w", shift_sticky(&up("cv_lo_g"), wd, "cv_dd"));
    let signed = |m: &str, neg: &str| {
        let z = zext(m, 1);
        format!("(ite {neg} (bvneg {z}) {z})")
    };
    let_(
        lets,
        "cv_r",
        format!(
            "(bvadd {} {})",
            signed("cv_hi_w", "cv_hi_n"),
            signed("cv_lo_w", "cv_lo_n")
        ),
    );
    let_(
        lets,
        "cv_rm",
        format!(
            "((_ extract {} 0) (ite (= ((_ extract {wd} {wd}) cv_r) #b1) (bvneg cv_r) cv_r))",
            wd - 1
        ),
    );
    // The larger value's leading one sits at bit wd - 2.
    normalize(
        lets,
        "r",
        "cv_rm",
        wd,
        &format!("(bvsub cv_hi_e {})", sk(i64::from(wd) - 2)),
    );
}

/// The rounding analysis of a normalized value (`cv_{tag}g` of width `w`, `cv_{tag}e`) in
/// F: `cv_{tag}et`, `cv_{tag}kept` (p bits), `cv_{tag}d` (w - p bits).
fn analyse(lets: &mut Vec<(String, String)>, f: Format, tag: &str, w: u32) {
    let p = f.m + 1;
    let emin = 1 - bias(f);
    let_(
        lets,
        &format!("cv_{tag}sh"),
        format!("(bvsub {} cv_{tag}e)", sk(emin)),
    );
    let_(
        lets,
        &format!("cv_{tag}nd"),
        format!(
            "(ite (bvsgt cv_{tag}sh {}) {} cv_{tag}g)",
            sk(0),
            shift_sticky(&format!("cv_{tag}g"), w, &format!("cv_{tag}sh"))
        ),
    );
    let_(
        lets,
        &format!("cv_{tag}et"),
        format!("(ite (bvsgt cv_{tag}sh {}) {} cv_{tag}e)", sk(0), sk(emin)),
    );
    let_(
        lets,
        &format!("cv_{tag}kept"),
        format!("((_ extract {} {}) cv_{tag}nd)", w - 1, w - p),
    );
    let_(
        lets,
        &format!("cv_{tag}d"),
        format!("((_ extract {} 0) cv_{tag}nd)", w - p - 1),
    );
}

/// An operand's sign `cv_n{j}`, significand `cv_g{j}` (hidden bit included) and the
/// exponent of its bit 0 `cv_t{j}`; its exponent field is not all ones.
fn operand(lets: &mut Vec<(String, String)>, need: &mut Vec<String>, i: Format, j: usize, x: &str) {
    let iw = i.w();
    let exp = format!("((_ extract {} {}) {x})", iw - 2, i.m);
    let zero = lit(0, i.e);
    need.push(format!("(distinct {exp} {})", lit((1 << i.e) - 1, i.e)));
    let_(
        lets,
        &format!("cv_n{j}"),
        format!("(= ((_ extract {0} {0}) {x}) #b1)", iw - 1),
    );
    let_(
        lets,
        &format!("cv_g{j}"),
        format!(
            "(ite (= {exp} {zero}) ((_ zero_extend 1) ((_ extract {mm} 0) {x})) (concat #b1 ((_ extract {mm} 0) {x})))",
            mm = i.m - 1
        ),
    );
    let_(
        lets,
        &format!("cv_t{j}"),
        format!(
            "(bvadd (ite (= {exp} {zero}) {} {}) {})",
            sk(1),
            zext(&exp, K - i.e),
            sk(-bias(i) - i64::from(i.m))
        ),
    );
}

/// The exact result of `op` (see the module's documentation).
pub fn exact(op: &FpOp) -> Exact {
    let f = op.output;
    let i = op.input;
    let p = i.m + 1;
    let mut lets = Vec::new();
    let mut need = Vec::new();
    let nops = match op.kind {
        OpKind::Add | OpKind::Sub | OpKind::Mul { .. } => 2,
        OpKind::MulAdd { .. } => 3,
        OpKind::Convert | OpKind::ToInt { .. } => 1,
    };
    for (j, x) in op.operands.iter().take(nops).enumerate() {
        operand(&mut lets, &mut need, i, j, x);
    }
    let l = &mut lets;
    let (window, addend) = match op.kind {
        OpKind::Add | OpKind::Sub => {
            normalize(l, "a", "cv_g0", p, "cv_t0");
            normalize(l, "b", "cv_g1", p, "cv_t1");
            let nb = if op.kind == OpKind::Sub {
                "(not cv_n1)"
            } else {
                "cv_n1"
            };
            add(l, ("a", "cv_n0"), ("b", nb), p);
            (
                2 * p + 3,
                Some(("cv_ag".to_string(), p, "cv_ae".to_string())),
            )
        }
        OpKind::Mul { .. } | OpKind::MulAdd { .. } => {
            let_(
                l,
                "cv_pm",
                format!("(bvmul {} {})", zext("cv_g0", p), zext("cv_g1", p)),
            );
            let pr = if matches!(op.kind, OpKind::Mul { .. }) {
                "r"
            } else {
                "p"
            };
            normalize(l, pr, "cv_pm", 2 * p, "(bvadd cv_t0 cv_t1)");
            if let OpKind::MulAdd { fused, .. } = op.kind {
                if !fused {
                    // The product is rounded to F first: keep to products exact in F (or
                    // zero), where both readings of the operation meet.
                    analyse(l, f, "p", 2 * p);
                    need.push(format!(
                        "(or (= cv_pm {}) (and (= cv_pd {}) (bvsle cv_pet {})))",
                        lit(0, 2 * p),
                        lit(0, p),
                        sk(bias(f))
                    ));
                }
                let_(l, "cv_cw", format!("(concat cv_g2 {})", lit(0, p)));
                normalize(
                    l,
                    "c",
                    "cv_cw",
                    2 * p,
                    &format!("(bvsub cv_t2 {})", sk(p.into())),
                );
                add(l, ("p", "(xor cv_n0 cv_n1)"), ("c", "cv_n2"), 2 * p);
                (
                    4 * p + 3,
                    Some(("cv_cg".to_string(), 2 * p, "cv_ce".to_string())),
                )
            } else {
                (2 * p, None)
            }
        }
        OpKind::Convert | OpKind::ToInt { .. } => {
            // Room for F's significand, guard, round and a sticky bit below them.
            let w = p.max(f.m + 1 + 4);
            if w > p {
                let_(l, "cv_cw", format!("(concat cv_g0 {})", lit(0, w - p)));
            }
            let g = if w == p { "cv_g0" } else { "cv_cw" };
            normalize(
                l,
                "r",
                g,
                w,
                &format!("(bvsub cv_t0 {})", sk(i64::from(w - p))),
            );
            (w, None)
        }
    };
    analyse(l, f, "r", window);
    let_(l, "cv_nz", format!("(distinct cv_rg {})", lit(0, window)));
    let_(l, "cv_et", "cv_ret".to_string());
    let_(l, "cv_kept", "cv_rkept".to_string());
    let_(l, "cv_d", "cv_rd".to_string());
    Exact {
        lets,
        need,
        dw: window - (f.m + 1),
        addend,
        window,
    }
}

/// `body` under the lets.
pub fn wrap(lets: &[(String, String)], body: &str) -> String {
    let mut s = body.to_string();
    for (name, t) in lets.iter().rev() {
        s = format!("(let (({name} {t})) {s})");
    }
    s
}
