//! Inputs of `float_vs_x86.rs`: edge values of each format and seeded random operands
//! shaped to hit specials, subnormals, overflow and underflow, cancellation and ties.

use super::*;

// ------------------------------------------------------------------------------------------
// Inputs.
// ------------------------------------------------------------------------------------------

/// Edge values: both signs of zero, subnormals, normals at the ends of the range, 1 and
/// its neighbours, ties, infinity, and NaNs with payloads.
pub(super) fn edge_values(f: Fmt) -> Vec<u64> {
    let fb = f.frac_bits;
    let one = (f.bias() as u64) << fb;
    let p = f.precision() as i64;
    let min_normal = 1u64 << fb;
    let max = f.inf() - 1;
    let mags = [
        0,
        1,                                  // min subnormal
        2,                                  // 2 × min subnormal
        3,                                  // 3 × min subnormal
        min_normal >> 1,                    // half the min normal
        min_normal - 1,                     // max subnormal
        min_normal,                         // min normal
        min_normal + 1,                     // min normal + 1 ulp
        2 * min_normal,                     // 2 × min normal
        one - 1,                            // 1 − ulp
        one,                                // 1
        one + 1,                            // 1 + ulp
        one | f.quiet(),                    // 1.5
        one + min_normal,                   // 2
        f.with_exp(false, -p, 0),           // half an ulp of 1: a tie
        f.with_exp(false, -p, 1),           // just above that tie
        f.with_exp(false, -p - 1, 0),       // a quarter ulp of 1
        f.with_exp(false, f.bias(), 0),     // 2^emax
        max - 1,                            // max − ulp
        max,                                // max finite
        f.with_exp(false, f.bias() - p, 0), // half an ulp of max
        f.inf(),
        f.inf() | f.quiet(),                 // qNaN
        f.inf() | f.quiet() | 0x5,           // qNaN with a payload
        f.inf() | 1,                         // sNaN, low payload
        f.inf() | (f.quiet() >> 1) | 0x3,    // sNaN, high payload
        f.inf() | f.frac_mask(),             // qNaN, all ones
        f.inf() | f.quiet() | 1 << (fb - 2), // qNaN, high payload bit
    ];
    mags.iter().flat_map(|&m| [m, m | f.sign()]).collect()
}

/// binary64 values around binary32's rounding, overflow and underflow boundaries, for
/// binary64→binary32.
pub(super) fn narrowing_edges() -> Vec<u64> {
    let mut v = edge_values(F64);
    let exps = [
        0, -1, 127, 128, -126, -127, -128, -140, -148, -149, -150, -151, -152, 1023, -1022,
    ];
    let fracs = [
        0u64,
        1,
        1 << 28,                                // tie at binary32 precision
        (1 << 28) + 1,                          // above the tie
        (1 << 28) - 1,                          // below the tie
        0x000f_ffff_ffff_ffff,                  // all ones
        0x000f_ffff_e000_0000,                  // binary32 all ones
        0x000f_ffff_f000_0000,                  // binary32 all ones + tie
        0x0008_0000_0000_0000,                  // 1.5
        0x0000_0000_1000_0000 | 0x20_0000_0000, // odd last binary32 bit + tie
    ];
    for e in exps {
        for fr in fracs {
            for neg in [false, true] {
                v.push(F64.with_exp(neg, e, fr));
            }
        }
    }
    // NaNs whose payload lies only in the bits narrowing drops.
    v.extend([
        0x7ff0_0000_0000_0001,
        0xfff8_0000_1fff_ffff,
        0x7ff0_0000_1000_0000,
    ]);
    v
}

pub(super) fn edges_for(op: Op) -> Vec<u64> {
    match op {
        Op::F64ToF32 => narrowing_edges(),
        _ => edge_values(op.input()),
    }
}

/// splitmix64.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n ≥ 1; modulo bias is irrelevant here).
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// Uniform in `lo..=hi`.
    pub(super) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    pub(super) fn coin(&mut self) -> bool {
        self.next() & 1 != 0
    }
}

/// A random fraction with a shape that matters for rounding.
pub(super) fn rand_frac(f: Fmt, r: &mut Rng) -> u64 {
    let m = f.frac_mask();
    match r.below(6) {
        0 => {
            // Short significand: only the top k bits random (exact results, ties).
            let k = r.below(u64::from(f.frac_bits) + 1) as u32;
            r.next() & m & !(m >> k)
        }
        1 => m ^ (m >> r.below(u64::from(f.frac_bits) + 1)) | (r.next() & (m >> 40)),
        2 => m & !(r.next() & (m >> r.below(u64::from(f.frac_bits) + 1))), // runs of ones
        3 => r.next() & m & (r.next() | r.next()),                         // dense
        4 => r.next() & m & r.next() & r.next(),                           // sparse
        _ => r.next() & m,
    }
}

/// One random value of format `f`, shaped toward the interesting regions.
pub(super) fn rand_value(f: Fmt, edges: &[u64], r: &mut Rng) -> u64 {
    let neg = r.coin();
    let s = if neg { f.sign() } else { 0 };
    let bias = f.bias();
    match r.below(16) {
        0 | 1 => edges[r.below(edges.len() as u64) as usize],
        2 => s | f.inf() | (r.next() & f.frac_mask()).max(1), // NaN, random payload
        3 | 4 => s | rand_frac(f, r).max(1),                  // subnormal
        5 => f.with_exp(neg, r.range(1 - bias, 3 - bias), rand_frac(f, r)), // near underflow
        6 => f.with_exp(neg, r.range(bias - 3, bias), rand_frac(f, r)), // near overflow
        7 | 8 => f.with_exp(neg, r.range(-4, 4), rand_frac(f, r)), // around 1
        9 => r.next() & (f.sign() | (f.sign() - 1)),          // any bits
        _ => f.with_exp(neg, r.range(1 - bias, bias), rand_frac(f, r)),
    }
}

pub(super) fn unbiased(f: Fmt, x: u64) -> i64 {
    f.exp_field(x).max(1) - f.bias()
}

/// One random input tuple for `op`.
pub(super) fn rand_inputs(op: Op, edges: &[u64], r: &mut Rng) -> [u64; 3] {
    let f = op.input();
    let bias = f.bias();
    let p = f.precision() as i64;
    let a = rand_value(f, edges, r);
    match op.kind() {
        Kind::Sqrt => match r.below(4) {
            0 => {
                // An exact square (or a neighbour): sqrt at or next to a representable value.
                let half = p as u32 / 2;
                let m = (r.next() >> (64 - half)) | 1 << (half - 1);
                let x = f.value_of_int(
                    false,
                    u128::from(m) * u128::from(m),
                    2 * r.range(-bias / 2, bias / 2),
                );
                let d = r.range(-2, 2);
                [x.wrapping_add(d as u64) & !f.sign(), 0, 0]
            }
            1 => [a & !f.sign(), 0, 0],
            _ => [a, 0, 0],
        },
        Kind::Convert => match (op, r.below(4)) {
            (Op::F64ToF32, 0 | 1) => {
                // binary32's range and its rounding positions.
                let e = r.range(-170, 130);
                [F64.with_exp(r.coin(), e, rand_frac(F64, r)), 0, 0]
            }
            _ => [a, 0, 0],
        },
        Kind::Div if r.below(6) == 0 => {
            // A quotient within an ulp or two below a power of two where the result's
            // exponent changes: a = q·b truncated to p bits, with q = 2^(p+1) − k, scaled so
            // that a/b lands just below 2^emin (tininess before vs after rounding), 2^(emax+1)
            // (overflow) or a power of two in the subnormal range.
            let t = [-bias, bias, -bias - r.range(1, p)][r.below(3) as usize];
            // a ≈ b·2^(t+1) must be a normal number.
            let eb = r.range((1 - bias).max(-bias - t), bias.min(bias - t - 1));
            let b = f.with_exp(r.coin(), eb, rand_frac(f, r));
            let (mb, xb) = f.sig_exp(b);
            let q = (1u128 << (p + 1)) - u128::from(r.below(3));
            [
                f.value_of_int(r.coin(), q * u128::from(mb), xb + t - p),
                b,
                0,
            ]
        }
        Kind::Add | Kind::Mul | Kind::Div => {
            let ea = unbiased(f, a);
            let b = match r.below(10) {
                0..=2 => rand_value(f, edges, r),
                3 | 4 => {
                    // Close exponent (cancellation, alignment by a few bits) or an
                    // alignment shift around the precision (ties, sticky bits).
                    let d = if r.coin() {
                        r.range(-3, 3)
                    } else {
                        r.range(-p - 3, p + 3)
                    };
                    f.with_exp(r.coin(), ea + d, rand_frac(f, r))
                }
                5 => {
                    // a's magnitude nudged by a few ulps: massive cancellation in add/sub.
                    let d = r.range(-4, 4) as u64;
                    (a & !f.sign()).wrapping_add(d) & !f.sign() | (r.next() & f.sign())
                }
                6 | 7 => {
                    // Exponents whose sum (mul) or difference (div) lands near overflow,
                    // the normal/subnormal boundary or below the subnormals.
                    let targets = [bias, bias + 1, 1 - bias, -bias, 1 - bias - p, 2 - bias - p];
                    let t = targets[r.below(targets.len() as u64) as usize] + r.range(-2, 2);
                    let eb = if op.kind() == Kind::Div {
                        ea - t
                    } else {
                        t - ea
                    };
                    f.with_exp(r.coin(), eb, rand_frac(f, r))
                }
                _ => edges[r.below(edges.len() as u64) as usize],
            };
            [a, b, 0]
        }
        Kind::Fma => {
            let b = if r.coin() {
                rand_value(f, edges, r)
            } else {
                let t = [bias, 1 - bias, -bias - p, 0][r.below(4) as usize] + r.range(-3, 3);
                f.with_exp(r.coin(), t - unbiased(f, a), rand_frac(f, r))
            };
            let prod_neg = (a ^ b) & f.sign() != 0;
            let c = match r.below(8) {
                0 | 1 => rand_value(f, edges, r),
                2 => edges[r.below(edges.len() as u64) as usize],
                _ if f.is_nan(a)
                    || f.is_nan(b)
                    || f.exp_field(a) == f.max_exp()
                    || f.exp_field(b) == f.max_exp() =>
                {
                    rand_value(f, edges, r)
                }
                3..=5 => {
                    // c ≈ −a·b: the exact product's leading bits, perturbed, opposite sign
                    // (mostly): deep cancellation.
                    let (sa, xa) = f.sig_exp(a);
                    let (sb, xb) = f.sig_exp(b);
                    let prod = u128::from(sa) * u128::from(sb);
                    let x = f.value_of_int(!prod_neg ^ (r.below(8) == 0), prod, xa + xb);
                    x.wrapping_add(r.range(-3, 3) as u64)
                }
                _ => {
                    // c near the product's exponent, shifted by up to ~2p bits.
                    let e = unbiased(f, a) + unbiased(f, b) + r.range(-2 * p - 3, p + 3);
                    f.with_exp(r.coin(), e, rand_frac(f, r))
                }
            };
            [a, b, c]
        }
    }
}
