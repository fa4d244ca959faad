//! Directed corner cases: operand values chosen for where floating-point operations are
//! hard (class boundaries, ties and near-ties, overflow and underflow thresholds,
//! cancellation, perfect squares, conversion and integer-range boundaries), for any
//! format of at most 64 bits. Values are built from the format's parameters by exact
//! integer arithmetic, never by the code under test.

use super::*;

/// Exact encoding of `(-1)^neg * mant * 2^exp` in `f`, if representable.
pub fn exact(f: Fmt, neg: bool, mant: u128, exp: i64) -> Option<u64> {
    let sign = if neg { f.sign_mask() } else { 0 };
    if mant == 0 {
        return Some(sign);
    }
    let p = i64::from(f.sbits);
    let top = exp + 127 - i64::from(mant.leading_zeros()); // exponent of the leading bit
    if top > f.emax() {
        return None;
    }
    let lsb = if top >= f.emin() {
        top - (p - 1)
    } else {
        f.emin() - (p - 1)
    };
    let shift = lsb - exp;
    let m = if shift >= 0 {
        if shift >= 128 || mant & ((1u128 << shift) - 1) != 0 {
            return None;
        }
        mant >> shift
    } else {
        mant.checked_shl(u32::try_from(-shift).ok()?)?
    };
    let m = u64::try_from(m).ok()?;
    if top >= f.emin() {
        let e = u64::try_from(top + f.bias()).ok()?;
        Some(sign | e << f.frac_bits() | (m & (f.min_normal() - 1)))
    } else {
        Some(sign | m)
    }
}

/// `2^e` in `f`, if representable.
pub fn pow2(f: Fmt, e: i64) -> Option<u64> {
    exact(f, false, 1, e)
}

/// `(mant, exp)` of a finite nonzero magnitude.
pub fn decode(f: Fmt, x: u64) -> (u128, i64) {
    let a = x & f.abs_mask();
    let e = (a >> f.frac_bits()) as i64;
    let frac = u128::from(a & (f.min_normal() - 1));
    if e == 0 {
        (frac, f.emin() - i64::from(f.frac_bits()))
    } else {
        (
            frac | 1u128 << f.frac_bits(),
            e - f.bias() - i64::from(f.frac_bits()),
        )
    }
}

/// Exponent of the leading bit of a finite nonzero value.
pub fn top_exp(f: Fmt, x: u64) -> i64 {
    let (m, e) = decode(f, x);
    e + 127 - i64::from(m.leading_zeros())
}

/// Next value away from zero / toward zero (on magnitudes; sign kept).
pub fn up(f: Fmt, x: u64) -> u64 {
    x + u64::from(x & f.abs_mask() < f.max_finite())
}

pub fn down(f: Fmt, x: u64) -> u64 {
    x - u64::from(x & f.abs_mask() != 0)
}

pub fn neg(f: Fmt, x: u64) -> u64 {
    x ^ f.sign_mask()
}

/// The class values, both signs, and NaNs (quiet, quiet with payload, signalling).
pub fn class_values(f: Fmt) -> Vec<u64> {
    let pos = [
        0,
        1,
        f.min_normal() - 1,
        f.min_normal(),
        f.max_finite(),
        f.one(),
        f.infinity(),
    ];
    let mut v: Vec<u64> = pos.iter().flat_map(|&x| [x, neg(f, x)]).collect();
    v.push(f.infinity() | f.quiet_bit());
    v.push(f.sign_mask() | f.infinity() | f.quiet_bit() | 1);
    v.push(f.infinity() | 1);
    v
}

/// Finite magnitudes around which rounding is interesting: 1 and its neighbours, small
/// integers and halves, odd significands, binade ends, subnormal and overflow ends.
pub fn magnitudes(f: Fmt) -> Vec<u64> {
    let p = i64::from(f.sbits);
    let mut v = vec![
        f.one(),
        up(f, f.one()),
        down(f, f.one()),
        f.min_normal(),
        up(f, f.min_normal()),
        f.min_normal() - 1,
        1,
        2,
        3,
        f.max_finite(),
        down(f, f.max_finite()),
    ];
    for (m, e) in [
        (3u128, -1),
        (3, 0),
        (5, 0),
        (7, 0),
        (5, -2),
        (11, 0),
        (1, -1),
    ] {
        v.extend(exact(f, false, m, e));
    }
    // Odd significands with p bits, at 1 and scaled to both ends of the range.
    for m in [(1u128 << (p - 1)) + 1, (1u128 << p) - 1, (1u128 << p) - 3] {
        for e in [-(p - 1), f.emin() - (p - 1), f.emax() - (p - 1)] {
            v.extend(exact(f, false, m, e));
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// A small seeded generator (xorshift64*) for reproducible random operands.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Mostly random bits, a quarter from the class values, exponents often near the ends.
    pub fn operand(&mut self, f: Fmt, classes: &[u64]) -> u64 {
        let r = self.next_u64();
        let mask = if f.width() == 64 {
            u64::MAX
        } else {
            (1 << f.width()) - 1
        };
        match r % 8 {
            0 | 1 => classes[(r >> 8) as usize % classes.len()],
            2 => (self.next_u64() & mask) & !(f.infinity() - f.min_normal()), // tiny exponent
            3 => (self.next_u64() & mask) | (f.infinity() - f.min_normal()) & !f.min_normal(),
            _ => self.next_u64() & mask,
        }
    }
}

/// Rounding boundaries of `a + b`: for each anchor, addends at a half ulp and its
/// neighbours (ties and near-ties, both directions, across the binade below), massive
/// cancellation against neighbours, and the overflow threshold.
pub fn add_boundaries(f: Fmt) -> Vec<[u64; 2]> {
    let p = i64::from(f.sbits);
    let mut v = Vec::new();
    for a in magnitudes(f) {
        let e = top_exp(f, a);
        let half = pow2(f, e - p);
        let quarter = pow2(f, e - p - 1);
        let three_q = exact(f, false, 3, e - p - 1);
        for b in [half, quarter, three_q].into_iter().flatten() {
            for b in [b, up(f, b), down(f, b)] {
                v.push([a, b]);
                v.push([a, neg(f, b)]);
            }
        }
        // Massive cancellation: neighbours, equal values.
        for b in [a, up(f, a), down(f, a), up(f, up(f, a))] {
            v.push([a, neg(f, b)]);
            v.push([neg(f, a), b]);
        }
    }
    v
}

/// Cases for a basic operation: the class cross product, then for add/sub the boundaries
/// of [`add_boundaries`], for mul/div all pairs of [`magnitudes`] with halves, three
/// quarters and doubles of 1, the smallest normal and the largest finite value.
pub fn binary_cases(op: BinOp, f: Fmt) -> Vec<[u64; 2]> {
    let classes = class_values(f);
    let mut v: Vec<[u64; 2]> = classes
        .iter()
        .flat_map(|&a| classes.iter().map(move |&b| [a, b]))
        .collect();
    let mags = magnitudes(f);
    match op {
        BinOp::Add | BinOp::Sub => {
            v.extend(add_boundaries(f).into_iter().map(|[a, b]| match op {
                BinOp::Sub => [a, neg(f, b)],
                _ => [a, b],
            }));
        }
        BinOp::Mul | BinOp::Div => {
            // Every pair of interesting magnitudes, one sign flipped too: products and
            // quotients near ties, at the overflow threshold and across the subnormal range.
            let mut extra = mags.clone();
            for x in [f.one(), f.min_normal(), f.max_finite()] {
                for (m, e) in [(1u128, -1i64), (3, -2), (1, 1), (1, -2)] {
                    let (xm, xe) = decode(f, x);
                    extra.extend(exact(f, false, xm * m, xe + e));
                }
            }
            extra.extend([down(f, f.max_finite() >> 1), pow2(f, 2).unwrap_or(0)]);
            for &a in &mags {
                for &b in &extra {
                    v.push([a, b]);
                    v.push([neg(f, a), b]);
                }
            }
        }
    }
    v
}

/// Perfect squares `k^2 * 4^j` (exact roots), their neighbours (near-squares: the root is
/// just off a representable value), `2 k^2` (odd exponent), at 1 and both range ends.
pub fn sqrt_cases(f: Fmt) -> Vec<u64> {
    let p = i64::from(f.sbits);
    let h = (p + 1) / 2; // k < 2^h keeps k^2 within p+1 bits, p bits for most k
    let mut ks: Vec<u128> = (1..=17).collect();
    ks.extend([
        (1 << h) - 1,
        (1 << (h - 1)) + 1,
        (1 << (h - 1)) - 1,
        (1 << h) - 3,
    ]);
    let mut v = class_values(f);
    for k in ks {
        for j in [0, f.emin() / 2 - p / 2, f.emin() / 2, f.emax() / 2 - h] {
            for (mult, e) in [(1u128, 2 * j), (2, 2 * j), (1, 2 * j - 2)] {
                if let Some(x) = exact(f, false, k * k * mult, e) {
                    v.extend([x, up(f, x), down(f, x), neg(f, x)]);
                }
            }
        }
    }
    v.extend(magnitudes(f));
    v.sort_unstable();
    v.dedup();
    v
}

/// The false counterexample of libz3 4.8.12's `fp.fma` (binary16 `x`, `y`, `z`). The
/// exact result 8.363525390625 = 34257 × 2^-12 is not a binary16 number (16 significant
/// bits); it lies above the midpoint between 1070 and 1071 × 2^-7.
pub const Z3_FMA_BUG: [u64; 3] = [0x6294, 0x1da0, 0x437a];

/// FMA cases: the cross product of a reduced class set, and for every pair of
/// [`magnitudes`] the addends `-(a*b rounded)` (the residual), a neighbour of it, and
/// powers of two at and below half an ulp of the product (ties and sticky bits); no
/// intermediate overflow (`max * 2 - max`); [`Z3_FMA_BUG`] for binary16. `z` rounds the
/// products that choose the addends.
pub fn fma_cases(z: &Z3Fp, f: Fmt) -> Vec<[u64; 3]> {
    let p = i64::from(f.sbits);
    // Class cross product over a reduced class set (no max subnormal, one NaN of each kind).
    let small: Vec<u64> = {
        let pos = [0, 1, f.min_normal(), f.max_finite(), f.one(), f.infinity()];
        let mut s: Vec<u64> = pos.iter().flat_map(|&x| [x, neg(f, x)]).collect();
        s.extend([f.infinity() | f.quiet_bit(), f.infinity() | 1]);
        s
    };
    let mut v = Vec::new();
    for &a in &small {
        for &b in &small {
            for &c in &small {
                v.push([a, b, c]);
            }
        }
    }
    let mags = magnitudes(f);
    for &a in &mags {
        for &b in &mags {
            // c = -(a*b rounded): the residual; c = tiny: ties on the product; c = 0.
            let Ok(Value::Bits(prod)) = z
                .binary(BinOp::Mul, f, Rounding::NearestEven, a, b)
                .map(|o| o.value)
            else {
                continue;
            };
            v.push([a, b, neg(f, prod)]);
            v.push([a, neg(f, b), prod]);
            v.push([a, b, neg(f, up(f, prod))]);
            if f.is_finite(prod) && prod & f.abs_mask() != 0 {
                let e = top_exp(f, prod);
                for c in [
                    pow2(f, e - p),
                    pow2(f, e - p - 3),
                    exact(f, false, 3, e - p - 1),
                ]
                .into_iter()
                .flatten()
                {
                    v.push([a, b, c]);
                    v.push([a, b, neg(f, c)]);
                }
            }
        }
    }
    // No intermediate overflow: max * 2 - max = max.
    if let Some(two) = pow2(f, 1) {
        v.push([f.max_finite(), two, neg(f, f.max_finite())]);
    }
    if f == Fmt::BINARY16 {
        v.push(Z3_FMA_BUG);
    }
    v
}

/// For a conversion `from → to`: the class values of `from`, and for anchors of `to`
/// (1, odd significands, min normal, min/max subnormal, max finite) the `from` values at the
/// midpoint to the next `to` value and one `from` ulp either side; also the overflow
/// threshold (max + half ulp) and half the smallest subnormal.
pub fn convert_cases(from: Fmt, to: Fmt) -> Vec<u64> {
    let mut v = class_values(from);
    let mut anchors = vec![
        to.one(),
        up(to, to.one()),
        to.min_normal(),
        down(to, to.min_normal()),
        1,
        2,
        3,
        to.max_finite(),
        down(to, to.max_finite()),
    ];
    anchors.extend(exact(to, false, 3, 0));
    for t in anchors {
        // The value itself, and the midpoint to the next value up (the overflow threshold
        // for max finite), in `from`.
        let (m, e) = decode(to, t);
        for (mm, ee) in [(2 * m, e - 1), (2 * m + 1, e - 1)] {
            if let Some(x) = exact(from, false, mm, ee) {
                for y in [x, up(from, x), down(from, x)] {
                    v.extend([y, neg(from, y)]);
                }
            }
        }
    }
    // Half the smallest subnormal of `to`, and just above it.
    if let Some(x) = pow2(from, to.emin() - i64::from(to.sbits)) {
        v.extend([x, up(from, x), down(from, x), neg(from, x)]);
    }
    v.extend(magnitudes(from));
    v.sort_unstable();
    v.dedup();
    v
}

/// Halves and quarters around small integers, the largest values with a fraction bit, the
/// first integral binade, and their negatives.
pub fn integral_cases(f: Fmt) -> Vec<u64> {
    let p = f.sbits;
    let mut v = class_values(f);
    v.extend(magnitudes(f));
    let mut pos = Vec::new();
    for m in [
        1u128,
        3,
        5,
        7,
        9,
        1 << (p - 1),
        (1 << p) - 1,
        (1 << p) - 3,
        (1 << (p - 1)) + 1,
    ] {
        for e in [-1i64, -2, 0, 1] {
            pos.extend(exact(f, false, m, e));
        }
    }
    for x in [
        pow2(f, -1),
        pow2(f, i64::from(p) - 1),
        pow2(f, i64::from(p)),
    ]
    .into_iter()
    .flatten()
    {
        pos.extend([x, up(f, x), down(f, x)]);
    }
    v.extend(pos.iter().flat_map(|&x| [x, neg(f, x)]));
    v.sort_unstable();
    v.dedup();
    v
}

/// Integer-range boundaries 2^15, 2^16, 2^31, 2^32, 2^63, 2^64 with one ulp and a half
/// either side (where representable), small halves, and the class values.
pub fn to_int_cases(f: Fmt) -> Vec<u64> {
    let mut pos = Vec::new();
    for k in [15i64, 16, 31, 32, 63, 64] {
        if let Some(x) = pow2(f, k) {
            pos.extend([x, up(f, x), down(f, x), down(f, down(f, x))]);
        }
        let b = 1u128 << k;
        pos.extend(
            [
                exact(f, false, 2 * b - 1, -1),
                exact(f, false, 2 * b + 1, -1),
                exact(f, false, b - 1, 0),
            ]
            .into_iter()
            .flatten(),
        );
    }
    for (m, e) in [(1u128, -1i64), (3, -1), (5, -1), (1, 0), (1, -2), (3, -2)] {
        pos.extend(exact(f, false, m, e));
    }
    pos.extend(magnitudes(f));
    let mut v = class_values(f);
    v.extend(pos.iter().flat_map(|&x| [x, neg(f, x)]));
    v.sort_unstable();
    v.dedup();
    v
}

/// Integers around 2^k for k near the precision and the type widths: exact powers, ties
/// (2^k + 2^(k-p)), near-ties, odd ties, all-ones, the type's extremes, binary16's
/// overflow threshold (65520).
pub fn from_int_cases(f: Fmt, t: IntTy) -> Vec<u64> {
    let p = f.sbits;
    let mut v: Vec<u64> = vec![0, 1, 2, 3, 65504, 65519, 65520, 65535, 65536];
    for k in [
        p - 1,
        p,
        p + 1,
        p + 2,
        15,
        16,
        24,
        25,
        31,
        32,
        53,
        54,
        62,
        63,
    ] {
        if k >= 64 {
            continue;
        }
        let b = 1u64 << k;
        let half = if k >= p { 1u64 << (k - p) } else { 0 };
        v.extend([
            b,
            b - 1,
            b + 1,
            b + half,
            b + 3 * half,
            b + half + 1,
            b + half - 1,
        ]);
        v.extend([(b << 1).wrapping_sub(1), (b << 1).wrapping_sub(half)]);
    }
    v.extend([
        t.max_bits(),
        t.min_bits(),
        t.max_bits() - 1,
        t.min_bits() + 1,
        u64::MAX,
    ]);
    let mut out: Vec<u64> = v.iter().map(|&x| x & t.mask()).collect();
    if t.signed {
        out.extend(v.iter().map(|&x| x.wrapping_neg() & t.mask()));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// All pairs of the class values and a few finite neighbours (for min/max and compare).
pub fn pair_cases(f: Fmt) -> Vec<[u64; 2]> {
    let mut vals = class_values(f);
    vals.extend([
        up(f, f.one()),
        down(f, f.one()),
        2,
        neg(f, 2),
        exact(f, false, 3, 0).unwrap_or(0),
    ]);
    vals.iter()
        .flat_map(|&a| vals.iter().map(move |&b| [a, b]))
        .collect()
}
