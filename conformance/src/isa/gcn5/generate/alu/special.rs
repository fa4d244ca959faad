//! The special-value level of the GCN5 ALU value vectors (`level=special`, docs/design/
//! 0048): for a row with a float source, the 16 special classes of its type (`values.rs`:
//! ±0, ±min/max subnormal, ±min/max normal, ±1, ±inf, qNaN, sNaN; packed f16 sources take
//! the packed class values) crossed over its float sources. One float source: all 16
//! classes; two: every ordered pair (256 cases); three or more: a strength-2 covering of
//! 256 cases, the orthogonal array whose source k takes class `a + k'·b` over GF(16)
//! (`a`, `b`, `a XOR b`, ... : every pair of positions sees every pair of classes). The
//! other inputs (integer sources, carries) take the edge values as the edge level's
//! diagonal does: the j-th case's source takes its (j mod len)-th edge value.

use super::values::Kind;
use super::{Group, Level, Plan, DEFAULT_MODE, FLOAT_MODES};
use std::borrow::Cow;

/// Classes per float type (the edge values of a float kind).
pub const CLASSES: usize = 16;

/// Whether an input is a float source crossed by the level.
pub(super) fn is_float(kind: Kind) -> bool {
    matches!(kind, Kind::F16 | Kind::F32 | Kind::F64 | Kind::V2F16)
}

/// Multiplication in GF(16), modulo x^4 + x + 1.
fn gf16_mul(mut a: usize, mut b: usize) -> usize {
    let mut r = 0;
    while b != 0 {
        if b & 1 == 1 {
            r ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 0x10 != 0 {
            a ^= 0x13;
        }
    }
    r & 0xf
}

/// Class indexes of the float sources, one tuple per case: all 16 for one source, every
/// ordered pair for two, the GF(16) orthogonal array (a, b, a+b, a+2b, ...) for more
/// (at most 17 positions: a strength-2 array of 16 levels has at most 17 columns).
pub fn class_tuples(n: usize) -> Vec<Vec<usize>> {
    match n {
        0 => Vec::new(),
        1 => (0..CLASSES).map(|a| vec![a]).collect(),
        _ => (0..CLASSES * CLASSES)
            .map(|i| {
                let (a, b) = (i / CLASSES, i % CLASSES);
                (0..n.min(CLASSES + 1))
                    .map(|k| match k {
                        0 => a,
                        1 => b,
                        _ => a ^ gf16_mul(k - 1, b),
                    })
                    .collect()
            })
            .collect(),
    }
}

/// The value tuples of the level for `plan` (empty for a row without float source).
pub(super) fn tuples(plan: &Plan) -> Vec<Vec<u64>> {
    let float: Vec<usize> = (0..plan.inputs.len())
        .filter(|&k| is_float(plan.inputs[k].kind))
        .collect();
    let edges: Vec<Vec<u64>> = plan.inputs.iter().map(|i| i.kind.edges()).collect();
    class_tuples(float.len())
        .into_iter()
        .enumerate()
        .map(|(j, classes)| {
            edges
                .iter()
                .enumerate()
                .map(|(k, e)| match float.iter().position(|&f| f == k) {
                    Some(p) => e[classes[p] % e.len()],
                    None => e[j % e.len()],
                })
                .collect()
        })
        .collect()
}

/// The level's groups: under the default MODE only, or (`all_modes`, on demand: `gpuref
/// generate --special-all`) under every MODE of the row's edge level ([`FLOAT_MODES`]).
pub(super) fn groups(plan: &Plan, all_modes: bool) -> Vec<Group<'_>> {
    if !plan.float {
        return Vec::new();
    }
    let tuples = tuples(plan);
    if tuples.is_empty() {
        return Vec::new();
    }
    let modes: &[u32] = if all_modes {
        &FLOAT_MODES
    } else {
        &[DEFAULT_MODE]
    };
    let n = plan.inputs.iter().filter(|i| is_float(i.kind)).count();
    let why = match n {
        1 => "every special class of the float source".to_string(),
        2 => "every ordered pair of special classes of the two float sources".to_string(),
        _ => format!(
            "every pair of special classes in every pair of the {n} float sources (a strength-2 covering)"
        ),
    };
    modes
        .iter()
        .map(|&mode| Group {
            level: Level::Special,
            keys: String::new(),
            why: why.clone(),
            text: Cow::Borrowed(&plan.text),
            mode,
            tuples: tuples.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_tuples_cover_every_pair_of_positions() {
        for n in 1..=4 {
            let t = class_tuples(n);
            assert_eq!(t.len(), if n == 1 { 16 } else { 256 });
            for p in 0..n {
                for q in p + 1..n {
                    let pairs: std::collections::HashSet<(usize, usize)> =
                        t.iter().map(|x| (x[p], x[q])).collect();
                    assert_eq!(pairs.len(), 256, "n={n} positions {p},{q}");
                }
            }
        }
        assert_eq!(class_tuples(3)[0x35], vec![3, 5, 3 ^ 5]);
    }
}
