//! V_TRIG_PREOP_F64 (Vega manual, "VOP3A Instructions"), fifth round (note 0027 "Fifth
//! round"), with the 1201 bits of 2/pi computed here by integer arithmetic, independently
//! of the kernel's table: pi by Machin's formula (pi/4 = 4 atan(1/5) - atan(1/239)) in
//! fixed point with a bound on the truncation error, then 2^1202 / pi by long division,
//! bracketed from both sides of the error so that the bits are proven, not estimated.
//!
//! Readings (the kernel's, note 0025, which the model states as the same acceptance):
//! - `2/PI[1200:0]` is the first 1201 fraction bits of 2/pi, and the segment is the 53 bits
//!   starting `shift` bits below the top (the printed `<< shift` then `& 0x1fffff_ffffffff`
//!   would keep the table's low bits, zero for any shift >= 53: dispute D16, rule
//!   `gcn5.v_trig_preop_f64.table`); bits past the table are 0. S1 is read as S1.u[4:0].
//! - `shift = S1.u[4:0] * 53 + max(0, exponent(S0.d) - 1077)`, `scale = -53 - shift`
//!   (+128 when exponent(S0.d) >= 1968), `D = segment * 2^scale`, a tiny result flushed to
//!   +0 when FP_DENORM[7] (double output denormals) is 0.
//! - Rounding (rule `.rounding`, contested): the manual says toward zero, LLVM's fold
//!   rounds to nearest: `lo` is the toward-zero result, `hi` the nearest one (the value is
//!   positive, so `lo <= hi`); `d` is the manual's, `lo`.
//! - Out of table (rule `.out_of_table`, contested): LLVM's fold returns +0 once its 37-word
//!   table runs out, from shift 1120; for 1120 <= shift < 1201 `lo` is +0.
//! - A NaN S0 (rule `.nan`, unspecified: the pseudocode reads only its exponent): `open`.
//! - Flags: not stated (`flags` 0, none modelled): the kernel leaves them open whenever the
//!   result is inexact.

use crate::bv::*;
use crate::fp::D;
use crate::{Model, ModelFn};

/// Bits of 2/pi in the manual's table.
pub const TABLE_BITS: usize = 1201;

/// An unsigned big integer, 32-bit limbs, least significant first.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Big(Vec<u32>);

impl Big {
    fn zero(limbs: usize) -> Big {
        Big(vec![0; limbs])
    }
    fn pow2(n: usize, limbs: usize) -> Big {
        let mut b = Big::zero(limbs);
        b.0[n / 32] = 1 << (n % 32);
        b
    }
    fn small(v: u32, limbs: usize) -> Big {
        let mut b = Big::zero(limbs);
        b.0[0] = v;
        b
    }
    /// Compare as integers (same limb count).
    fn lt(&self, o: &Big) -> bool {
        self.0.iter().rev().lt(o.0.iter().rev())
    }
    fn add(&self, o: &Big) -> Big {
        let mut carry = 0u64;
        let v = self
            .0
            .iter()
            .zip(&o.0)
            .map(|(a, b)| {
                let s = u64::from(*a) + u64::from(*b) + carry;
                carry = s >> 32;
                s as u32
            })
            .collect();
        Big(v)
    }
    /// `self - o`, `self >= o`.
    fn sub(&self, o: &Big) -> Big {
        let mut borrow = 0i64;
        let v = self
            .0
            .iter()
            .zip(&o.0)
            .map(|(a, b)| {
                let mut d = i64::from(*a) - i64::from(*b) - borrow;
                borrow = 0;
                if d < 0 {
                    d += 1 << 32;
                    borrow = 1;
                }
                d as u32
            })
            .collect();
        Big(v)
    }
    fn mul_small(&self, m: u32) -> Big {
        let mut carry = 0u64;
        let v = self
            .0
            .iter()
            .map(|a| {
                let p = u64::from(*a) * u64::from(m) + carry;
                carry = p >> 32;
                p as u32
            })
            .collect();
        Big(v)
    }
    /// `floor(self / d)`.
    fn div_small(&self, d: u32) -> Big {
        let mut rem = 0u64;
        let mut v = vec![0; self.0.len()];
        for (i, a) in self.0.iter().enumerate().rev() {
            let cur = rem << 32 | u64::from(*a);
            v[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        Big(v)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|x| *x == 0)
    }
    fn bit(&self, i: usize) -> bool {
        self.0[i / 32] >> (i % 32) & 1 == 1
    }
    fn shl1(&self) -> Big {
        let mut carry = 0;
        let v = self
            .0
            .iter()
            .map(|a| {
                let r = a << 1 | carry;
                carry = a >> 31;
                r
            })
            .collect();
        Big(v)
    }
}

/// `atan(1/x) * 2^p` as its positive and negative series terms, each truncated, and a
/// bound in units on the error of `pos - neg`: `x^-(2k+1) * 2^p` is truncated repeatedly
/// (error below 2 units), each term then divided (below 3), and the series is cut where
/// the power reaches 0 (the rest below 2 units).
fn atan_inv(x: u32, p: usize, limbs: usize) -> (Big, Big, u32) {
    // Positive and negative terms are summed apart: atan = pos - neg.
    let (mut pos, mut neg) = (Big::zero(limbs), Big::zero(limbs));
    let mut power = Big::pow2(p, limbs).div_small(x);
    let mut k = 0u32;
    let mut cuts = 2;
    while !power.is_zero() {
        let term = power.div_small(2 * k + 1);
        if k.is_multiple_of(2) {
            pos = pos.add(&term);
        } else {
            neg = neg.add(&term);
        }
        power = power.div_small(x * x);
        k += 1;
        cuts += 3;
    }
    (pos, neg, cuts)
}

/// The first [`TABLE_BITS`] fraction bits of 2/pi, most significant first, or a message
/// when the error bracket does not settle them (it does at this working precision).
pub fn two_over_pi_bits() -> Result<Vec<bool>, String> {
    // pi * 2^P within +-err, P well past the 1201 bits wanted.
    const P: usize = 1400;
    let limbs = (P + 1300 + 64) / 32;
    let (p5, n5, c5) = atan_inv(5, P, limbs);
    let (p239, n239, c239) = atan_inv(239, P, limbs);
    // pi = 16 atan(1/5) - 4 atan(1/239).
    let plus = p5.mul_small(16).add(&n239.mul_small(4));
    let minus = n5.mul_small(16).add(&p239.mul_small(4));
    let pi = plus.sub(&minus);
    // Each truncation loses less than 1 unit; scaled by 16 or 4.
    let err = Big::small(16 * c5 + 4 * c239 + 1, limbs);
    let (pi_lo, pi_hi) = (pi.sub(&err), pi.add(&err));
    // floor(2^(1202 + P) / pi_x): 2^1202/pi = 2^1201 * 2/pi.
    let quotient = |d: &Big| {
        let n = 1202 + P;
        let num = Big::pow2(n, limbs);
        let mut r = Big::zero(limbs);
        let mut q = Vec::with_capacity(n + 1);
        for i in (0..=n).rev() {
            r = r.shl1();
            if num.bit(i) {
                r.0[0] |= 1;
            }
            let ge = !r.lt(d);
            if ge {
                r = r.sub(d);
            }
            q.push(ge);
        }
        // Most significant first; the quotient is below 2^1201 (2/pi < 1).
        q.split_off(q.len() - TABLE_BITS)
    };
    let (a, b) = (quotient(&pi_hi), quotient(&pi_lo));
    if a != b {
        return Err("2/pi: the error bracket does not settle 1201 bits".into());
    }
    Ok(a)
}

/// The table as a bit-vector literal of `TABLE_BITS` bits (`#b...`).
fn table_literal() -> String {
    let bits = two_over_pi_bits().unwrap_or_else(|e| panic!("{e}"));
    let mut s = String::from("#b");
    s.extend(bits.iter().map(|b| if *b { '1' } else { '0' }));
    s
}

/// `shift = S1.u * 53; if exponent(S0.d) > 1077 then shift += exponent(S0.d) - 1077;
/// endif result = (double) ((2/PI[1200:0] << shift) & 0x1fffff_ffffffff); scale = (-53 -
/// shift); if exponent(S0.d) >= 1968 then scale += 128; endif D.d = ldexp(result, scale)`.
pub fn v_trig_preop_f64() -> Model {
    let spec = "shift = S1.u * 53; if exponent(S0.d) > 1077 then shift += exponent(S0.d) - 1077; endif; result = (double) ((2/PI[1200:0] << shift) & 0x1fffff_ffffffff); scale = (-53 - shift); if exponent(S0.d) >= 1968 then scale += 128; endif; D.d = ldexp(result, scale).";
    // Shifts reach 31 * 53 + (2047 - 1077) = 2613: the table padded with zeros below.
    let tw: u32 = 4096;
    let e = zext(&ext("s0", 62, 52), 1);
    let shift = format!(
        "(bvadd (bvmul {} {}) (ite (bvugt {e} {}) (bvsub {e} {}) {}))",
        zext(&ext("s1", 4, 0), 7),
        lit(53, 12),
        lit(1077, 12),
        lit(1077, 12),
        lit(0, 12)
    );
    let table = format!(
        "(concat {} {})",
        table_literal(),
        lit(0, tw - TABLE_BITS as u32)
    );
    let seg = ext(
        &format!("(bvshl {table} {})", zext("shift", tw - 12)),
        tw - 1,
        tw - 53,
    );
    // The exact value in a 13-bit-exponent format (bias 4095): segment (53 bits, exact)
    // times 2^scale, scale from -53 - 2613 up.
    let scale_biased = format!(
        "(bvadd (bvsub {} {}) (ite (bvuge {e} {}) {} {}))",
        lit(4095 - 53, 13),
        zext("shift", 1),
        lit(1968, 12),
        lit(128, 13),
        lit(0, 13)
    );
    let exact = format!(
        "(fp.mul RNE ((_ to_fp_unsigned 13 53) RNE seg) (fp #b0 {scale_biased} {}))",
        lit(0, 52)
    );
    let min_normal = "((_ to_fp 13 53) RNE (fp #b0 #b00000000001 #x0000000000000))";
    let rounded = |rm: &str| {
        format!(
            "(ite (and (= {} #b0) (fp.lt v {min_normal})) {} (fp.to_ieee_bv ((_ to_fp 11 53) {rm} v)))",
            ext("mode", 7, 7),
            lit(0, 64)
        )
    };
    let bind =
        |t: &str| format!("(let ((shift {shift})) (let ((seg {seg})) (let ((v {exact})) {t})))");
    let out_of_table = format!(
        "(and (bvuge shift {}) (bvult shift {}))",
        lit(1120, 12),
        lit(TABLE_BITS as u64, 12)
    );
    let nan = D.is_nan("s0");
    let guard = |t: &str| ite(&nan, &D.quiet("s0"), t);
    let rtz = rounded("RTZ");
    Model::new("V_TRIG_PREOP_F64", spec)
        .input("s0", 64)
        .input("s1", 32)
        .out("d", 64, guard(&bind(&rtz)))
        .out(
            "lo",
            64,
            guard(&bind(&ite(&out_of_table, &lit(0, 64), &rtz))),
        )
        .out("hi", 64, guard(&bind(&rounded("RNE"))))
        .out("nan_any", 1, lit(0, 1))
        .out("open", 1, b1(&nan))
        .out("flags", 6, lit(0, 6))
        .float_flags(0)
        .region(
            "huge_operand",
            format!("(bvuge {} {})", ext("s0", 62, 52), lit(1968, 11)),
        )
        .region(
            "segment_past_the_table",
            format!(
                "(and (= {} {}) (bvuge {} {}))",
                ext("s1", 4, 0),
                lit(22, 5),
                ext("s0", 62, 52),
                lit(1077 + 80, 11)
            ),
        )
        .region(
            "denormal_result",
            format!(
                "(and (= {} {}) (bvuge {} {}))",
                ext("s1", 4, 0),
                lit(31, 5),
                ext("s0", 62, 52),
                lit(2000, 11)
            ),
        )
}

/// The TRIG_PREOP model.
pub const MODELS: &[(&str, ModelFn)] = &[("V_TRIG_PREOP_F64", v_trig_preop_f64)];

#[cfg(test)]
mod tests {
    use super::*;

    /// The first 24-bit words of 2/pi as fdlibm publishes them (k_rem_pio2.c, `ipio2`,
    /// Sun Microsystems 1993: "the (24*i)-th to (24*i+23)-th bit of 2/pi after binary
    /// point"), typed from that table: an independent check of the computed bits.
    const FDLIBM_IPIO2: [u32; 12] = [
        0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
        0xABDEBB, 0xC561B7, 0x246E3A,
    ];

    #[test]
    fn two_over_pi_bits_match_fdlibms_published_words() {
        let bits = two_over_pi_bits().expect("settled");
        assert_eq!(bits.len(), TABLE_BITS);
        for (i, w) in FDLIBM_IPIO2.iter().enumerate() {
            let got = bits[24 * i..24 * i + 24]
                .iter()
                .fold(0u32, |a, b| a << 1 | u32::from(*b));
            assert_eq!(got, *w, "word {i}");
        }
    }

    #[test]
    fn the_tables_last_bits_match_fdlibms_published_words() {
        // fdlibm's words 48 and 49 (bits 1152..=1199) and the top bit of word 50,
        // 0x6BABF0 (bit 1200, the table's last): 0x560330, 0x46FC7B, 0.
        let bits = two_over_pi_bits().expect("settled");
        let word = |i: usize| {
            bits[24 * i..24 * i + 24]
                .iter()
                .fold(0u32, |a, b| a << 1 | u32::from(*b))
        };
        assert_eq!(word(48), 0x56_0330);
        assert_eq!(word(49), 0x46_FC7B);
        assert!(!bits[1200]);
    }
}
