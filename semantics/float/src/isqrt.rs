//! Integer square root for the square-root operation, integer-only.
//!
//! `isqrt64(n)` is `floor(sqrt(n))`. A 192-entry table gives 8 bits of `1/sqrt`, two
//! Newton–Raphson steps in fixed point (multiplies only) take it to about 28 bits, and an
//! exact correction step (`r² ≤ n < (r+1)²`, checked in 128-bit arithmetic) makes the result
//! exact whatever the estimate's error: the estimate only decides the speed.

/// `TABLE[i] ≈ 2^30 / sqrt((i + 64 + 0.5) / 256)`, i.e. `1/sqrt` of the top 8 bits of a
/// value in [1/4, 1) in Q2.30 fixed point: `sqrt(2^69 / (2(i + 64) + 1))`.
const TABLE: [u32; 192] = {
    let mut t = [0u32; 192];
    let mut i = 0;
    while i < 192 {
        let d = 2 * (i as u128 + 64) + 1;
        t[i] = ((1u128 << 69) / d).isqrt() as u32;
        i += 1;
    }
    t
};

/// `floor(sqrt(n))`.
#[inline]
pub(crate) fn isqrt64(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    // Normalize: x = n << s with s even and x in [2^62, 2^64).
    let s = n.leading_zeros() & !1;
    let x = n << s;
    let xf = x >> 32; // X = xf / 2^32 in [1/4, 1)
    let mut y = TABLE[(xf >> 24) as usize - 64] as u64; // Q2.30 ≈ 1/sqrt(X)
    for _ in 0..2 {
        // y ← y (3 − X y²) / 2
        let y2 = (y * y) >> 30; // Q2.30 (y < 2^31)
        let xy2 = xf * y2; // Q2.62, ≈ 2^62
        let t = (3u64 << 62).saturating_sub(xy2) >> 32; // Q2.30
        y = (y * t) >> 31;
    }
    // sqrt(x) ≈ X · y · 2^32 = (xf · y) >> 30, then undo the normalization.
    let mut r = ((xf * y) >> 30) >> (s / 2);
    // Exact correction.
    let n128 = n as u128;
    while (r as u128) * (r as u128) > n128 {
        r -= 1;
    }
    while ((r + 1) as u128) * ((r + 1) as u128) <= n128 {
        r += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_core_isqrt() {
        // Perfect squares, their neighbours, and a spread of magnitudes.
        let mut checked = 0;
        for k in 0u64..64 {
            for base in [
                1u64 << k,
                (1u64 << k) | ((1u64 << k) >> 1),
                u64::MAX >> (63 - k),
            ] {
                for d in [0u64, 1, 2, 3] {
                    for n in [base.wrapping_sub(d), base.wrapping_add(d)] {
                        assert_eq!(isqrt64(n), n.isqrt(), "n = {n:#x}");
                        checked += 1;
                    }
                }
            }
        }
        for r in (1u64..1 << 32).step_by(104_729) {
            for n in [r * r - 1, r * r, r * r + 1] {
                assert_eq!(isqrt64(n), n.isqrt(), "n = {n:#x}");
                checked += 1;
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = x >> (x % 64);
            assert_eq!(isqrt64(n), n.isqrt(), "n = {n:#x}");
            checked += 1;
        }
        assert!(checked > 200_000);
    }
}
