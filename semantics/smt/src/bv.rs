//! Small SMT-LIB2 fragments (bit-vector terms as text) the models are built from.

/// The constant `v` of width `w`.
pub fn lit(v: u64, w: u32) -> String {
    format!("(_ bv{v} {w})")
}

/// Bits `hi..=lo` of `x`.
pub fn ext(x: &str, hi: u32, lo: u32) -> String {
    format!("((_ extract {hi} {lo}) {x})")
}

/// `x` widened by `by` zero bits.
pub fn zext(x: &str, by: u32) -> String {
    if by == 0 {
        x.to_string()
    } else {
        format!("((_ zero_extend {by}) {x})")
    }
}

/// `x` widened by `by` copies of its sign bit.
pub fn sext(x: &str, by: u32) -> String {
    if by == 0 {
        x.to_string()
    } else {
        format!("((_ sign_extend {by}) {x})")
    }
}

/// A Bool as one bit.
pub fn b1(cond: &str) -> String {
    format!("(ite {cond} #b1 #b0)")
}

/// `x` (width `w`) is not zero, as one bit.
pub fn nz(x: &str, w: u32) -> String {
    b1(&format!("(not (= {x} {}))", lit(0, w)))
}

/// Bit `i` of `x` is set (a Bool).
pub fn bit(x: &str, i: u32) -> String {
    format!("(= {} #b1)", ext(x, i, i))
}

/// The low `bits` bits of `x` widened back to `w` bits (a shift amount `S1.u[4:0]`).
pub fn low(x: &str, bits: u32, w: u32) -> String {
    zext(&ext(x, bits - 1, 0), w - bits)
}

/// Binary operator application.
pub fn op(f: &str, a: &str, b: &str) -> String {
    format!("({f} {a} {b})")
}

/// If-then-else.
pub fn ite(c: &str, a: &str, b: &str) -> String {
    format!("(ite {c} {a} {b})")
}

/// Concatenation, most significant first.
pub fn concat(parts: &[String]) -> String {
    if parts.len() == 1 {
        parts[0].clone()
    } else {
        format!("(concat {})", parts.join(" "))
    }
}

/// The number of set bits of `x` (width `w`) as a `out`-bit value.
pub fn popcount(x: &str, w: u32, out: u32) -> String {
    let terms: Vec<String> = (0..w).map(|i| zext(&ext(x, i, i), out - 1)).collect();
    format!("(bvadd {})", terms.join(" "))
}

/// The first `i` in `order` whose bit of `x` satisfies `is`, as `value(i)` (32 bits), or
/// -1 when none: the manual's "D.i = -1; for i ... if ... then D.i = i; break".
fn first(
    x: &str,
    order: &[u32],
    is: &dyn Fn(&str, u32) -> String,
    value: &dyn Fn(u32) -> u64,
) -> String {
    let mut acc = lit(0xffff_ffff, 32);
    for &i in order.iter().rev() {
        acc = ite(&is(x, i), &lit(value(i), 32), &acc);
    }
    acc
}

/// Position of the first bit equal to `one` from the LSB (FF0/FF1/FFBL), -1 if none.
pub fn find_lsb(x: &str, w: u32, one: bool) -> String {
    let order: Vec<u32> = (0..w).collect();
    let want = if one { "#b1" } else { "#b0" };
    first(
        x,
        &order,
        &|x, i| format!("(= {} {want})", ext(x, i, i)),
        &|i| u64::from(i),
    )
}

/// Zeros before the first one from the MSB (FLBIT/FFBH_U32), -1 if none.
pub fn find_msb(x: &str, w: u32) -> String {
    let order: Vec<u32> = (0..w).rev().collect();
    first(x, &order, &|x, i| bit(x, i), &|i| u64::from(w - 1 - i))
}

/// Bits equal to the sign bit before the first that differs, from the MSB (FLBIT_I32,
/// FFBH_I32), -1 if all bits are the same.
pub fn find_msb_signed(x: &str, w: u32) -> String {
    let order: Vec<u32> = (0..w - 1).rev().collect();
    let sign = ext(x, w - 1, w - 1);
    first(
        x,
        &order,
        &|x, i| format!("(not (= {} {sign}))", ext(x, i, i)),
        &|i| u64::from(w - 1 - i),
    )
}

/// `x` with its bit order reversed.
pub fn reverse(x: &str, w: u32) -> String {
    let bits: Vec<String> = (0..w).map(|i| ext(x, i, i)).collect();
    concat(&bits)
}

/// Signed (`signed`) or unsigned less-than, a Bool.
pub fn lt(a: &str, b: &str, signed: bool) -> String {
    op(if signed { "bvslt" } else { "bvult" }, a, b)
}

/// `(a < b) ? a : b`.
pub fn min(a: &str, b: &str, signed: bool) -> String {
    ite(&lt(a, b, signed), a, b)
}

/// `(a >= b) ? a : b`.
pub fn max(a: &str, b: &str, signed: bool) -> String {
    ite(&format!("(not {})", lt(a, b, signed)), a, b)
}

/// The carry out of `a + b (+ c)` (all `w` bits; `c` one bit or none), one bit.
pub fn carry(a: &str, b: &str, c: Option<&str>, w: u32) -> String {
    let mut sum = op("bvadd", &zext(a, 1), &zext(b, 1));
    if let Some(c) = c {
        sum = op("bvadd", &sum, &zext(c, w));
    }
    ext(&sum, w, w)
}

/// The full product of two `w`-bit values, `2w` bits, signed or unsigned.
pub fn mul_wide(a: &str, b: &str, w: u32, signed: bool) -> String {
    let x = |v: &str| if signed { sext(v, w) } else { zext(v, w) };
    op("bvmul", &x(a), &x(b))
}

/// `signext(x[n-1:0])` to `w` bits.
pub fn sext_low(x: &str, n: u32, w: u32) -> String {
    sext(&ext(x, n - 1, 0), w - n)
}

/// `zeroext(x[n-1:0])` to `w` bits.
pub fn zext_low(x: &str, n: u32, w: u32) -> String {
    zext(&ext(x, n - 1, 0), w - n)
}

/// `|a - b|` of two `w`-bit values read signed or unsigned, as a `w + 1`-bit value.
pub fn absdiff_wide(a: &str, b: &str, w: u32, signed: bool) -> String {
    let x = |v: &str| if signed { sext(v, 1) } else { zext(v, 1) };
    let d = op("bvsub", &x(a), &x(b));
    ite(
        &op("bvslt", &d, &lit(0, w + 1)),
        &format!("(bvneg {d})"),
        &d,
    )
}

/// `let`-bind `name` to `value` in `body`.
pub fn let1(name: &str, value: &str, body: &str) -> String {
    format!("(let (({name} {value})) {body})")
}
