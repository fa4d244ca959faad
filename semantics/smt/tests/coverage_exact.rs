//! An independent, solver-free check of the float coverage models' stored inputs
//! (docs/design/0041-gcn5-coverage-models.md): the exact result of the model's declared
//! operation is formed with arbitrary-precision integers here (no z3, no soft-float, no
//! bit-level datapath), and each result model's definition from note 0041 is evaluated on
//! it against thresholds built as exact values. Every sat entry of the caches must satisfy
//! its model's definition.

use gpuref_smt::coverage::{Format, FpOp, OpKind};
use std::cmp::Ordering;

/// A non-negative integer, 32-bit limbs, little-endian, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Nat(Vec<u32>);

impl Nat {
    fn from(v: u128) -> Nat {
        let mut l = Vec::new();
        let mut v = v;
        while v != 0 {
            l.push(v as u32);
            v >>= 32;
        }
        Nat(l)
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn trim(mut self) -> Nat {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }
    fn bits(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(t) => 32 * (self.0.len() as u64 - 1) + u64::from(32 - t.leading_zeros()),
        }
    }
    fn shl(&self, k: u64) -> Nat {
        let (w, b) = ((k / 32) as usize, k % 32);
        let mut l = vec![0u32; w];
        let mut carry = 0u32;
        for &x in &self.0 {
            l.push(if b == 0 { x } else { (x << b) | carry });
            carry = if b == 0 { 0 } else { x >> (32 - b) };
        }
        l.push(carry);
        Nat(l).trim()
    }
    fn add(&self, o: &Nat) -> Nat {
        let mut l = Vec::new();
        let mut c = 0u64;
        for i in 0..self.0.len().max(o.0.len()) {
            let s =
                u64::from(*self.0.get(i).unwrap_or(&0)) + u64::from(*o.0.get(i).unwrap_or(&0)) + c;
            l.push(s as u32);
            c = s >> 32;
        }
        l.push(c as u32);
        Nat(l).trim()
    }
    /// `self - o`, `self >= o`.
    fn sub(&self, o: &Nat) -> Nat {
        let mut l = Vec::new();
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut s = i64::from(self.0[i]) - i64::from(*o.0.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if s < 0 {
                s += 1 << 32;
                borrow = 1;
            }
            l.push(s as u32);
        }
        assert_eq!(borrow, 0, "sub underflow");
        Nat(l).trim()
    }
    fn cmp(&self, o: &Nat) -> Ordering {
        self.0
            .len()
            .cmp(&o.0.len())
            .then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
}

/// `(-1)^neg * mag * 2^exp`, exact.
#[derive(Clone, Debug)]
struct Val {
    neg: bool,
    mag: Nat,
    exp: i64,
}

impl Val {
    fn new(neg: bool, m: u128, exp: i64) -> Val {
        Val {
            neg,
            mag: Nat::from(m),
            exp,
        }
    }
    /// The value of `bits` in `f`, or `None` for infinities and NaNs.
    fn of(f: Format, bits: u64) -> Option<Val> {
        let e = (bits >> f.m) & ((1 << f.e) - 1);
        if e == (1 << f.e) - 1 {
            return None;
        }
        let frac = bits & ((1 << f.m) - 1);
        let sig = if e == 0 { frac } else { frac | 1 << f.m };
        let bias = (1i64 << (f.e - 1)) - 1;
        Some(Val::new(
            bits >> (f.w() - 1) & 1 == 1,
            sig.into(),
            e.max(1) as i64 - bias - i64::from(f.m),
        ))
    }
    fn mul(&self, o: &Val) -> Val {
        // Both factors fit 64 bits here (significands of at most 53 bits).
        let m = |n: &Nat| {
            n.0.iter()
                .rev()
                .fold(0u128, |a, &l| (a << 32) | u128::from(l))
        };
        Val::new(
            self.neg != o.neg,
            m(&self.mag) * m(&o.mag),
            self.exp + o.exp,
        )
    }
    fn add(&self, o: &Val) -> Val {
        let e = self.exp.min(o.exp);
        let a = self.mag.shl((self.exp - e) as u64);
        let b = o.mag.shl((o.exp - e) as u64);
        if self.neg == o.neg {
            return Val {
                neg: self.neg,
                mag: a.add(&b),
                exp: e,
            };
        }
        match a.cmp(&b) {
            Ordering::Less => Val {
                neg: o.neg,
                mag: b.sub(&a),
                exp: e,
            },
            _ => Val {
                neg: self.neg,
                mag: a.sub(&b),
                exp: e,
            },
        }
    }
    fn negate(&self) -> Val {
        Val {
            neg: !self.neg,
            ..self.clone()
        }
    }
    fn abs(&self) -> Val {
        Val {
            neg: false,
            ..self.clone()
        }
    }
    /// Compares two values.
    fn cmp(&self, o: &Val) -> Ordering {
        let d = self.add(&o.negate());
        if d.mag.is_zero() {
            Ordering::Equal
        } else if d.neg {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }
    fn is_zero(&self) -> bool {
        self.mag.is_zero()
    }
    /// floor(log2 |x|) (x not zero).
    fn ilog2(&self) -> i64 {
        self.mag.bits() as i64 - 1 + self.exp
    }
}

fn pow2(k: i64) -> Val {
    Val::new(false, 1, k)
}

/// F's constants and its rounding of an exact value.
struct Fmt {
    p: i64,
    emin: i64,
    emax: i64,
}

impl Fmt {
    fn of(f: Format) -> Fmt {
        let bias = (1i64 << (f.e - 1)) - 1;
        Fmt {
            p: i64::from(f.m) + 1,
            emin: 1 - bias,
            emax: bias,
        }
    }
    fn max(&self) -> Val {
        Val::new(false, (1u128 << self.p) - 1, self.emax - self.p + 1)
    }
    fn min_sub(&self) -> Val {
        pow2(self.emin - self.p + 1)
    }
    fn min_normal(&self) -> Val {
        pow2(self.emin)
    }
    /// The unit in the last place of F at |x| (x not zero).
    fn ulp(&self, x: &Val) -> i64 {
        x.ilog2().max(self.emin) - self.p + 1
    }
    /// |x| minus |x| rounded down to F's grid (the part rounding discards), over the ulp's
    /// exponent.
    fn rest(&self, x: &Val) -> (Val, i64) {
        let u = self.ulp(x);
        let a = x.abs();
        if a.exp >= u {
            return (Val::new(false, 0, 0), u);
        }
        // Keep the bits below 2^u: shift them out and back.
        let s = (u - a.exp) as u64;
        let kept = Nat(a.mag.0.clone());
        let dn = {
            let mut t = kept;
            // mag >> s << s, by limbs and bits.
            let bits = t.bits();
            if s >= bits {
                t = Nat(vec![]);
            } else {
                let mut l = t.0.clone();
                for (i, limb) in l.iter_mut().enumerate() {
                    let lo = 32 * i as u64;
                    if lo + 32 <= s {
                        *limb = 0;
                    } else if lo < s {
                        *limb &= !((1u32 << (s - lo)) - 1);
                    }
                }
                t = Nat(l).trim();
            }
            t
        };
        (
            Val {
                neg: false,
                mag: a.mag.sub(&dn),
                exp: a.exp,
            },
            u,
        )
    }
}

/// Whether the exact result `x` of `op` (operands `ops`) satisfies the result model
/// `name` as note 0041 defines it; `None` for a model this check does not know.
fn holds(name: &str, op: &FpOp, ops: &[Val], x: &Val) -> Option<bool> {
    let f = Fmt::of(op.output);
    let ax = x.abs();
    let lt = |a: &Val, b: &Val| a.cmp(b) == Ordering::Less;
    let eq = |a: &Val, b: &Val| a.cmp(b) == Ordering::Equal;
    const RESULT: &[&str] = &[
        "fpgen.exact",
        "fpgen.tie",
        "fpgen.near_tie_above",
        "fpgen.near_tie_below",
        "fpgen.sticky_only",
        "fpgen.guard_sticky",
        "fpgen.cancel_massive",
        "fpgen.largest_finite",
        "fpgen.overflow_before_rounding",
        "fpgen.overflow_after_rounding",
        "fpgen.underflow_before_rounding",
        "fpgen.min_normal",
        "fpgen.result_min_subnormal",
        "fpgen.result_max_subnormal",
        "gpu.flush_boundary_result",
        "gpu.f16_overflow",
        "gpu.clamp_above_one",
        "gpu.clamp_below_zero",
        "gpu.omod_overflow",
        "gpu.omod_mul4_overflow",
        "gpu.omod_to_subnormal",
    ];
    if !RESULT.contains(&name) {
        return None;
    }
    if x.is_zero() {
        return Some(false);
    }
    let (rest, u) = f.rest(x);
    let max = f.max();
    let inexact = !rest.is_zero() && lt(&ax, &max);
    let q = pow2(u - 2);
    let half = pow2(u - 1);
    let three = half.add(&q);
    let half_ulp_max = pow2(f.emax - f.p);
    let max_sub = f.min_normal().add(&f.min_sub().negate());
    Some(match name {
        "fpgen.exact" => rest.is_zero() && !lt(&max, &ax),
        "fpgen.tie" => inexact && eq(&rest, &half),
        "fpgen.near_tie_above" => inexact && eq(&rest, &three),
        "fpgen.near_tie_below" => inexact && eq(&rest, &q),
        "fpgen.sticky_only" => inexact && lt(&rest, &q),
        "fpgen.guard_sticky" => inexact && lt(&half, &rest) && lt(&rest, &three),
        "fpgen.cancel_massive" => {
            let c = match op.kind {
                OpKind::Add | OpKind::Sub => &ops[0],
                _ => &ops[2],
            };
            let scaled = Val {
                exp: ax.exp + f.p,
                ..ax.clone()
            };
            !c.is_zero() && !lt(&c.abs(), &scaled)
        }
        "fpgen.largest_finite" => eq(&ax, &max),
        "fpgen.overflow_before_rounding" => lt(&max, &ax) && lt(&ax, &max.add(&half_ulp_max)),
        "fpgen.overflow_after_rounding" => eq(&ax, &max.add(&half_ulp_max)),
        "fpgen.underflow_before_rounding" => {
            let lo = f.min_normal().add(&pow2(f.emin - f.p).negate());
            !lt(&ax, &lo) && lt(&ax, &f.min_normal())
        }
        "fpgen.min_normal" => eq(&ax, &f.min_normal()),
        "fpgen.result_min_subnormal" => !lt(
            &Val {
                exp: f.min_sub().exp + 2,
                ..f.min_sub()
            },
            &ax,
        ),
        "fpgen.result_max_subnormal" => {
            let lo = max_sub.add(&Val::new(true, 3, f.min_sub().exp));
            !lt(&ax, &lo) && !lt(&max_sub, &ax)
        }
        "gpu.flush_boundary_result" => eq(&ax, &max_sub),
        "gpu.f16_overflow" => !lt(&ax, &pow2(16)),
        // The modifier models (note 0041, "Modifier models"), on the unmodified result.
        "gpu.clamp_above_one" => !x.neg && lt(&pow2(0), &ax) && lt(&ax, &pow2(1)),
        "gpu.clamp_below_zero" => x.neg && lt(&ax, &pow2(0)),
        "gpu.omod_overflow" => rest.is_zero() && !lt(&ax, &pow2(f.emax)) && !lt(&max, &ax),
        "gpu.omod_mul4_overflow" => {
            rest.is_zero() && !lt(&ax, &pow2(f.emax - 1)) && lt(&ax, &pow2(f.emax))
        }
        "gpu.omod_to_subnormal" => {
            rest.is_zero()
                && !lt(&ax, &f.min_normal())
                && lt(&ax, &f.min_normal().add(&f.min_normal()))
        }
        _ => return None,
    })
}

/// The exact result of `op` on `ops`, and whether the operation's own conditions hold (an
/// unfused multiply-add's product exact in F).
fn result(op: &FpOp, ops: &[Val]) -> (Val, bool) {
    match op.kind {
        OpKind::Add => (ops[0].add(&ops[1]), true),
        OpKind::Sub => (ops[0].add(&ops[1].negate()), true),
        OpKind::Mul { .. } => (ops[0].mul(&ops[1]), true),
        OpKind::MulAdd { fused, .. } => {
            let p = ops[0].mul(&ops[1]);
            let ok = fused || p.is_zero() || {
                let f = Fmt::of(op.output);
                f.rest(&p).0.is_zero() && p.abs().cmp(&f.max()) != Ordering::Greater
            };
            (p.add(&ops[2]), ok)
        }
        OpKind::Convert | OpKind::ToInt { .. } => (ops[0].clone(), true),
    }
}

/// A packed row's half model: the operation on 16-bit floats (operands named by the
/// row's inputs), the model it restates, and the half's bit offset.
fn packed_half(row: &str, model: &str) -> Option<(FpOp, &'static str, u32)> {
    let rest = model.strip_prefix("gpu.pk_")?;
    let (what, half) = rest.rsplit_once('_')?;
    let kind = match row {
        "V_PK_ADD_F16" => OpKind::Add,
        "V_PK_MUL_F16" => OpKind::Mul { legacy: false },
        "V_PK_FMA_F16" => OpKind::MulAdd {
            fused: true,
            legacy: false,
        },
        _ => return None,
    };
    let operands = if matches!(kind, OpKind::MulAdd { .. }) {
        vec!["s0", "s1", "s2"]
    } else {
        vec!["s0", "s1"]
    };
    let name = match what {
        "tie" => "fpgen.tie",
        "f16_overflow" => "gpu.f16_overflow",
        _ => return None,
    };
    let op = FpOp {
        kind,
        input: Format::H,
        output: Format::H,
        operands,
    };
    Some((op, name, if half == "hi" { 16 } else { 0 }))
}

#[test]
fn the_definitions_can_fail() {
    // Worked by hand from IEEE 754 binary32: 1 + 2^-24 is the midpoint of 1 and 1 + 2^-23
    // (a tie), 1 + 2^-23 is exact, 1 + 3 * 2^-25 is midpoint + quarter ulp.
    let op = FpOp {
        kind: OpKind::Add,
        input: Format::S,
        output: Format::S,
        operands: vec!["s0", "s1"],
    };
    let v = |b: u64| Val::of(Format::S, b).unwrap();
    let one = v(0x3f80_0000);
    let tie = one.add(&v(0x3380_0000)); // 2^-24
    let exact = one.add(&v(0x3400_0000)); // 2^-23
    let near = one.add(&v(0x33c0_0000)); // 1.5 * 2^-24 = 3 * 2^-25
    assert_eq!(holds("fpgen.tie", &op, &[], &tie), Some(true));
    assert_eq!(holds("fpgen.tie", &op, &[], &exact), Some(false));
    assert_eq!(holds("fpgen.exact", &op, &[], &exact), Some(true));
    assert_eq!(holds("fpgen.near_tie_above", &op, &[], &near), Some(true));
    assert_eq!(holds("fpgen.near_tie_below", &op, &[], &near), Some(false));
    // binary32's largest finite value 0x7f7fffff; 2^-149 the smallest subnormal.
    assert_eq!(
        holds("fpgen.largest_finite", &op, &[], &v(0x7f7f_ffff)),
        Some(true)
    );
    assert_eq!(
        holds("fpgen.result_min_subnormal", &op, &[], &v(1)),
        Some(true)
    );
    assert_eq!(
        holds("gpu.flush_boundary_result", &op, &[], &v(0x007f_ffff)),
        Some(true)
    );
    assert_eq!(
        holds("fpgen.min_normal", &op, &[], &v(0x0080_0000)),
        Some(true)
    );
    // The modifier models, by hand: 1.0 is not above 1.0, 1 + 2^-23 (0x3f800001) is;
    // -2^-149 (0x80000001) is below zero, -1.0 is not above -1.0; 2^127 (0x7f000000) x2
    // overflows, 2^126 (0x7e800000) x4 overflows; the smallest normal 2^-126 (0x00800000)
    // halves below it, 2^-125 (0x01000000) does not.
    let yes = |m: &str, b: u64| holds(m, &op, &[], &v(b));
    assert_eq!(yes("gpu.clamp_above_one", 0x3f80_0000), Some(false));
    assert_eq!(yes("gpu.clamp_above_one", 0x3f80_0001), Some(true));
    assert_eq!(yes("gpu.clamp_above_one", 0xbf80_0001), Some(false));
    assert_eq!(yes("gpu.clamp_below_zero", 0x8000_0001), Some(true));
    assert_eq!(yes("gpu.clamp_below_zero", 0xbf80_0000), Some(false));
    assert_eq!(yes("gpu.omod_overflow", 0x7f00_0000), Some(true));
    assert_eq!(yes("gpu.omod_overflow", 0x7e80_0000), Some(false));
    assert_eq!(yes("gpu.omod_mul4_overflow", 0x7e80_0000), Some(true));
    assert_eq!(yes("gpu.omod_to_subnormal", 0x0080_0000), Some(true));
    assert_eq!(yes("gpu.omod_to_subnormal", 0x0100_0000), Some(false));
}

#[test]
fn every_cached_float_result_input_meets_its_definition() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../conformance/coverage/");
    let (mut checked, mut modifier, mut bad) = (0, 0, Vec::new());
    for target in ["gfx900", "gfx908"] {
        let path = format!("{root}{target}.tsv");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let entries = gpuref_smt::coverage::parse(&path, &text).unwrap_or_else(|e| panic!("{e}"));
        for e in entries.iter().filter(|e| e.status == "sat") {
            let m = gpuref_smt::gcn5::ISA
                .model(&e.row)
                .unwrap_or_else(|| panic!("{path}: no model {}", e.row));
            // A packed row's half models read that half of each input as the operation of
            // the row on 16-bit floats.
            let packed = packed_half(&e.row, &e.model);
            let (op, model) = match (&m.op, &packed) {
                (Some(op), _) => (op.clone(), e.model.as_str()),
                (None, Some((op, model, _))) => (op.clone(), *model),
                (None, None) => continue,
            };
            let op = &op;
            let shift = packed.as_ref().map_or(0, |p| p.2);
            let ops: Option<Vec<Val>> = op
                .operands
                .iter()
                .map(|n| {
                    let v = e.inputs.iter().find(|(k, _)| k == n).map(|(_, v)| *v)?;
                    let v = if packed.is_some() {
                        (v >> shift) & 0xffff
                    } else {
                        v
                    };
                    Val::of(op.input, v)
                })
                .collect();
            let Some(ops) = ops else {
                if holds(model, op, &[], &Val::new(false, 1, 0)).is_none() {
                    continue;
                }
                bad.push(format!(
                    "{} {} {:x?}: a non-finite operand",
                    e.row, e.model, e.inputs
                ));
                continue;
            };
            let (x, ok) = result(op, &ops);
            let Some(h) = holds(&e.model, op, &ops, &x) else {
                continue;
            };
            checked += 1;
            modifier +=
                usize::from(e.model.starts_with("gpu.omod") || e.model.starts_with("gpu.clamp"));
            if !(h && ok) {
                bad.push(format!(
                    "{} mode={:#x} {} {:x?}",
                    e.row, e.mode, e.model, e.inputs
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} stored inputs outside their model's definition: {bad:#?}",
        bad.len()
    );
    assert!(checked > 100, "only {checked} inputs checked");
    // The modifier result models (clamp edges, OMOD overflow and flush) are checked too.
    assert!(
        modifier > 50,
        "only {modifier} modifier model inputs checked"
    );
}

/// The operand format of a row from its mnemonic's suffix.
fn suffix_format(row: &str) -> Option<Format> {
    [
        ("_F16", Format::H),
        ("_F32", Format::S),
        ("_F64", Format::D),
    ]
    .into_iter()
    .find(|(s, _)| row.ends_with(s))
    .map(|(_, f)| f)
}

/// The operand models of the rows without a rounded operation (note 0041, "Rows without
/// a rounded operation"), from their definitions on the operands' values and fields;
/// `None` for a model this check does not know.
fn class_holds(name: &str, row: &str, f: Format, x: &[u64]) -> Option<bool> {
    let exp = |v: u64| (v >> f.m) & ((1 << f.e) - 1);
    let frac = |v: u64| v & ((1 << f.m) - 1);
    let mag = |v: u64| v & ((1 << (f.w() - 1)) - 1);
    let sign = |v: u64| v >> (f.w() - 1) & 1;
    let all = (1 << f.e) - 1;
    let nan = |v: u64| exp(v) == all && frac(v) != 0;
    let quiet = |v: u64| nan(v) && frac(v) >> (f.m - 1) == 1;
    let snan = |v: u64| nan(v) && !quiet(v);
    let finite = |v: u64| exp(v) != all;
    let nonzero = |v: u64| finite(v) && mag(v) != 0;
    let (a, b) = (x[0], *x.get(1).unwrap_or(&0));
    let c = *x.get(2).unwrap_or(&0);
    let either =
        |p: &dyn Fn(u64) -> bool, q: &dyn Fn(u64) -> bool| (p(a) && q(b)) || (p(b) && q(a));
    // |S0| as an exact value: twice it an odd integer above 1 is a tie k + 1/2.
    let v = Val::of(f, mag(a));
    let m = i64::from(f.m);
    let is = |k: u128, e: i64| {
        v.as_ref()
            .is_some_and(|v| v.cmp(&Val::new(false, k, e)) == Ordering::Equal)
    };
    let d = exp(c) as i64 - exp(b) as i64;
    Some(match name {
        "gpu.pair_signed_zeros" => mag(a) == 0 && mag(b) == 0 && sign(a) != sign(b),
        "gpu.pair_snan_number" => either(&snan, &|v| !nan(v)),
        "gpu.pair_qnan_number" => either(&quiet, &|v| !nan(v)),
        "gpu.pair_nan_payloads" => nan(a) && nan(b) && a != b,
        "gpu.pair_adjacent" => finite(a) && finite(b) && b == a + 1,
        "gpu.rnd_tie" => v.as_ref().is_some_and(|v| {
            let twice = Val {
                exp: v.exp + 1,
                ..v.clone()
            };
            // 2|x| odd integer: its lowest set bit at weight 1; and |x| > 1.
            let t = twice
                .mag
                .0
                .iter()
                .rev()
                .fold(0u128, |s, &l| (s << 32) | u128::from(l));
            t != 0 && twice.exp <= 0 && {
                let sh = (-twice.exp) as u32;
                t >> sh << sh == t && (t >> sh) & 1 == 1 && (t >> sh) >= 3
            }
        }),
        "gpu.rnd_half" => is(1, -1),
        "gpu.rnd_largest_nonint" => is((1 << (m + 1)) - 1, -1),
        "gpu.rnd_all_integers" => is(1, m),
        "gpu.div_scale_gap_at" | "gpu.div_scale_gap_below" => {
            let gap = if f == Format::S { 96 } else { 768 };
            let want = if name.ends_with("_at") { gap } else { gap - 1 };
            nonzero(b) && nonzero(c) && a == b && d == want
        }
        "gpu.div_scale_tiny_at" | "gpu.div_scale_tiny_above" => {
            let tiny = if f == Format::S { 23 } else { 53 };
            let want = if name.ends_with("_at") {
                tiny
            } else {
                tiny + 1
            };
            nonzero(b) && nonzero(c) && a == c && exp(c) == want
        }
        "gpu.div_fixup_gap_at" | "gpu.div_fixup_gap_above" => {
            let t = if f == Format::S { -150 } else { -1075 };
            let want = if name.ends_with("_at") { t - 1 } else { t };
            nonzero(c) && d == want
        }
        "gpu.operand_exp_extreme" => exp(a) == 1 || exp(a) == all - 1,
        "gpu.flush_boundary_operand" if !row.contains("_PK_") => {
            mag(a) == (1 << f.m) - 1 || mag(a) == 1 << f.m
        }
        "fpgen.operand_min_subnormal" if !row.contains("_PK_") => (1..=4).contains(&mag(a)),
        _ => return None,
    })
}

#[test]
fn every_cached_operand_class_input_meets_its_definition() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../conformance/coverage/");
    let (mut checked, mut bad) = (std::collections::BTreeMap::new(), Vec::new());
    for target in ["gfx900", "gfx908"] {
        let path = format!("{root}{target}.tsv");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let entries = gpuref_smt::coverage::parse(&path, &text).unwrap_or_else(|e| panic!("{e}"));
        for e in entries.iter().filter(|e| e.status == "sat") {
            let m = gpuref_smt::gcn5::ISA
                .model(&e.row)
                .unwrap_or_else(|| panic!("{path}: no model {}", e.row));
            // Operand models of rows with an operation read the operation's format.
            let f = match &m.op {
                Some(op) => op.input,
                None => match suffix_format(&e.row) {
                    Some(f) => f,
                    None => continue,
                },
            };
            // In the operation's operand order (V_SUBREV's first operand is S1).
            let names =
                m.op.as_ref()
                    .map_or(vec!["s0", "s1", "s2"], |op| op.operands.clone());
            let x: Vec<u64> = names
                .iter()
                .map(|n| e.inputs.iter().find(|(k, _)| k == n).map_or(0, |(_, v)| *v))
                .collect();
            let Some(h) = class_holds(&e.model, &e.row, f, &x) else {
                continue;
            };
            *checked.entry(e.model.clone()).or_insert(0) += 1;
            if !h {
                bad.push(format!(
                    "{} mode={:#x} {} {:x?}",
                    e.row, e.mode, e.model, e.inputs
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} stored inputs outside their model's definition: {bad:#?}",
        bad.len()
    );
    for name in [
        "gpu.pair_signed_zeros",
        "gpu.rnd_tie",
        "gpu.div_scale_gap_at",
        "gpu.operand_exp_extreme",
    ] {
        assert!(
            checked.get(name).copied().unwrap_or(0) > 0,
            "no {name} input checked: {checked:?}"
        );
    }
}

#[test]
fn the_class_definitions_can_fail() {
    // binary32 by hand: 2.5 = 0x40200000 is a tie k + 1/2, 2.25 = 0x40100000 and 0.5
    // = 0x3f000000 are not (0.5 is gpu.rnd_half); +0 and -0 are a signed-zero pair.
    let f = Format::S;
    let t = |n: &str, x: &[u64]| class_holds(n, "V_X_F32", f, x);
    assert_eq!(t("gpu.rnd_tie", &[0x4020_0000]), Some(true));
    assert_eq!(t("gpu.rnd_tie", &[0x4010_0000]), Some(false));
    assert_eq!(t("gpu.rnd_tie", &[0x3f00_0000]), Some(false));
    assert_eq!(t("gpu.rnd_half", &[0xbf00_0000]), Some(true));
    assert_eq!(t("gpu.pair_signed_zeros", &[0, 0x8000_0000]), Some(true));
    assert_eq!(t("gpu.pair_signed_zeros", &[0, 0]), Some(false));
    // 8388607.5 = 0x4affffff; 2^23 = 0x4b000000.
    assert_eq!(t("gpu.rnd_largest_nonint", &[0x4aff_ffff]), Some(true));
    assert_eq!(t("gpu.rnd_all_integers", &[0x4b00_0000]), Some(true));
}
