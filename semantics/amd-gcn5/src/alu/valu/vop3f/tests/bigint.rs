//! The 1201 bits of 2/pi derived by exact integer arithmetic (rule
//! `gcn5.v_trig_preop_f64.table`): pi bracketed by Machin's formula
//! pi = 16 atan(1/5) - 4 atan(1/239) in fixed point, then the typed table T checked by
//! T * pi_hi <= 2^1202 * 2^G < (T + 1) * pi_lo, i.e. T = floor(2^1201 * 2/pi).

use super::super::trig::{TABLE_BITS, TWO_OVER_PI};
use std::cmp::Ordering;

/// A natural number, 32-bit limbs, least significant first, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Nat(Vec<u32>);

impl Nat {
    fn trim(mut self) -> Nat {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }
    fn pow2(n: usize) -> Nat {
        let mut v = vec![0; n / 32 + 1];
        v[n / 32] = 1 << (n % 32);
        Nat(v)
    }
    fn small(v: u32) -> Nat {
        Nat(vec![v]).trim()
    }
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
    fn add(&self, o: &Nat) -> Nat {
        let n = self.0.len().max(o.0.len());
        let (mut out, mut carry) = (Vec::with_capacity(n + 1), 0u64);
        for i in 0..n {
            let s = u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*o.0.get(i).unwrap_or(&0))
                + carry;
            out.push(s as u32);
            carry = s >> 32;
        }
        out.push(carry as u32);
        Nat(out).trim()
    }
    /// self - o, for self >= o.
    fn sub(&self, o: &Nat) -> Nat {
        assert!(self.cmp(o) != Ordering::Less);
        let (mut out, mut borrow) = (Vec::with_capacity(self.0.len()), 0i64);
        for i in 0..self.0.len() {
            let mut d = i64::from(self.0[i]) - i64::from(*o.0.get(i).unwrap_or(&0)) - borrow;
            borrow = i64::from(d < 0);
            if d < 0 {
                d += 1 << 32;
            }
            out.push(d as u32);
        }
        Nat(out).trim()
    }
    fn mul(&self, o: &Nat) -> Nat {
        let mut out = vec![0u64; self.0.len() + o.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in o.0.iter().enumerate() {
                let t = u128::from(out[i + j]) + u128::from(a) * u128::from(b) + u128::from(carry);
                out[i + j] = (t & 0xffff_ffff) as u64;
                carry = (t >> 32) as u64;
            }
            out[i + o.0.len()] += carry;
        }
        Nat(out.into_iter().map(|v| v as u32).collect()).trim()
    }
    /// floor(self / d).
    fn div_small(&self, d: u32) -> Nat {
        let mut out = vec![0u32; self.0.len()];
        let mut rem = 0u64;
        for i in (0..self.0.len()).rev() {
            let cur = rem << 32 | u64::from(self.0[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        Nat(out).trim()
    }
    fn cmp(&self, o: &Nat) -> Ordering {
        self.0
            .len()
            .cmp(&o.0.len())
            .then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
}

/// floor-sum approximation of 2^g * atan(1/x): (positive terms, negative terms). Each
/// power floor(2^g / x^(2k+1)) is exact (nested floors), each division by 2k+1 truncates
/// by less than 1.
fn atan_inv(x: u32, g: usize) -> (Nat, Nat, u32) {
    let (mut pos, mut neg) = (Nat(vec![]), Nat(vec![]));
    let mut t = Nat::pow2(g).div_small(x);
    let (mut n, mut terms) = (1u32, 0u32);
    while !t.is_zero() {
        let term = t.div_small(n);
        if terms % 2 == 0 {
            pos = pos.add(&term);
        } else {
            neg = neg.add(&term);
        }
        t = t.div_small(x * x);
        n += 2;
        terms += 1;
    }
    (pos, neg, terms)
}

#[test]
fn two_over_pi_table_is_exact() {
    const G: usize = 1400;
    let (p5, n5, t5) = atan_inv(5, G);
    let (p239, n239, t239) = atan_inv(239, G);
    // 16 atan(1/5) - 4 atan(1/239), each term off by less than one unit (and the dropped
    // tail by less than one): total error below 16 (t5 + 1) + 4 (t239 + 1) units.
    let sixteen = Nat::small(16);
    let four = Nat::small(4);
    let pi = sixteen
        .mul(&p5.sub(&n5))
        .add(&four.mul(&n239))
        .sub(&four.mul(&p239));
    // pi * 2^24 = 0x3243f6a.8...: the top limb of pi * 2^1400 (1400 = 43 * 32 + 24).
    assert_eq!(pi.0.last(), Some(&0x0324_3f6a));
    let err = Nat::small(16 * (t5 + 1) + 4 * (t239 + 1));
    let (lo, hi) = (pi.sub(&err), pi.add(&err));
    // T from the typed words: 38 words = 1216 bits, the last 15 zero.
    assert_eq!(TWO_OVER_PI[37] & 0x7fff, 0, "bits past 1201 are zero");
    let mut t = Nat(TWO_OVER_PI.iter().rev().copied().collect()).trim();
    for _ in 0..15 {
        t = t.div_small(2);
    }
    assert_eq!(TABLE_BITS, 1201);
    let two_scaled = Nat::pow2(1202 + G);
    assert_ne!(
        t.mul(&hi).cmp(&two_scaled),
        Ordering::Greater,
        "T is too large"
    );
    assert_eq!(
        t.add(&Nat::small(1)).mul(&lo).cmp(&two_scaled),
        Ordering::Greater,
        "T is too small"
    );
}
