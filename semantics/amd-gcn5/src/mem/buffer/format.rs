//! Data-format conversions of the FORMAT rows (Vega "Buffer Data", "Read Data Format", the
//! DFMT/NFMT codes of the MTBUF field table; the manual's data-format table itself is a
//! figure). Float work goes through the float core; the manual states no rounding for
//! these conversions, so where one rounds the result carries rule
//! `gcn5.buffer.format.rounding` (docs/design/0032).

use gpuref_float::ops::{convert, div, from_int, mul, to_int, IntType};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, FpMode, Rounding};

/// NFMT codes (MTBUF field table).
pub const UNORM: u8 = 0;
pub const SNORM: u8 = 1;
pub const USCALED: u8 = 2;
pub const SSCALED: u8 = 3;
pub const UINT: u8 = 4;
pub const SINT: u8 = 5;
pub const FLOAT: u8 = 7;

/// How sure a converted value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loose {
    /// The bits follow from the manual.
    Exact,
    /// A rounding the manual does not state: gpuref's correctly rounded value; any value
    /// within one unit in the last place is accepted (only for 32-bit float results).
    Ulp,
    /// A conversion the manual does not state at all: any bits are accepted.
    Any,
}

/// A converted component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conv {
    pub bits: u32,
    pub loose: Loose,
}

fn exact(bits: u32) -> Result<Conv, &'static str> {
    Ok(Conv {
        bits,
        loose: Loose::Exact,
    })
}

fn rounded(bits: u32, loose: Loose) -> Result<Conv, &'static str> {
    Ok(Conv { bits, loose })
}

/// Where a data format's components are: `n` components; `packed`: all in one dword,
/// component `i` at bits `shift[i]..shift[i] + width[i]`; else component `i` is
/// `width[0]` bits at byte `i * width[0] / 8` (X at the lowest address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub n: u32,
    pub packed: bool,
    pub width: [u32; 4],
    pub shift: [u32; 4],
}

const fn uniform(n: u32, w: u32) -> Layout {
    Layout {
        n,
        packed: false,
        width: [w; 4],
        shift: [0, w, 2 * w, 3 * w],
    }
}

const fn packed(w: [u32; 4], n: u32) -> Layout {
    Layout {
        n,
        packed: true,
        width: w,
        shift: [0, w[0], w[0] + w[1], w[0] + w[1] + w[2]],
    }
}

/// The layout of a data format (DFMT). The manual's format table is a figure; the packed
/// formats are named most significant component first, X in the low bits (rule
/// `gcn5.buffer.format.packed`): 10_11_11 is X 11, Y 11, Z 10 bits from bit 0 up, as the
/// radeonsi and RADV drivers use it for R11G11B10_FLOAT, and 2_10_10_10 is X, Y, Z 10
/// bits and W 2, their R10G10B10A2.
pub fn layout(dfmt: u8) -> Result<Layout, &'static str> {
    Ok(match dfmt {
        1 => uniform(1, 8),
        2 => uniform(1, 16),
        3 => uniform(2, 8),
        4 => uniform(1, 32),
        5 => uniform(2, 16),
        6 => packed([11, 11, 10, 0], 3),
        7 => packed([10, 11, 11, 0], 3),
        8 => packed([2, 10, 10, 10], 4),
        9 => packed([10, 10, 10, 2], 4),
        10 => uniform(4, 8),
        11 => uniform(2, 32),
        12 => uniform(4, 16),
        13 => uniform(3, 32),
        14 => uniform(4, 32),
        0 => return Err("data format 0 is INVALID"),
        _ => return Err("data format 15 is reserved"),
    })
}

/// Check a numeric format against a data format's components.
pub fn check_format(dfmt: u8, nfmt: u8) -> Result<Layout, &'static str> {
    let l = layout(dfmt)?;
    if nfmt == FLOAT && matches!(dfmt, 8 | 9) {
        return Err("FLOAT with 10_10_10_2 / 2_10_10_10: there is no 2-bit float");
    }
    for w in &l.width[..l.n as usize] {
        check_nfmt(nfmt, *w)?;
    }
    Ok(l)
}

/// Check a numeric format against a component width.
pub fn check_nfmt(nfmt: u8, width: u32) -> Result<(), &'static str> {
    match nfmt {
        6 => Err("numeric format 6 is reserved"),
        FLOAT if !matches!(width, 10 | 11 | 16 | 32) => {
            Err("there is no float of this component width")
        }
        UNORM | SNORM if width == 32 => Err(
            "32-bit UNORM/SNORM: the manual gives no conversion and a 32-bit integer is not \
             exact in binary32 (docs/design/0032)",
        ),
        _ => Ok(()),
    }
}

/// An unsigned 10- or 11-bit float (5 exponent bits, bias 15, like binary16 without the
/// sign and with 5 or 6 fraction bits) as binary16: exact.
fn small_to_f16(v: u32, width: u32) -> u32 {
    (v & ((1 << width) - 1)) << (15 - width)
}

/// A binary32 value as an unsigned float of `width` (10 or 11) bits, rounding to nearest
/// even (rule `gcn5.buffer.format.store`): negative values and -0 give 0, NaN a NaN,
/// values at or past the overflow threshold infinity.
fn f32_to_small(x: u32, width: u32) -> u32 {
    let fb = width - 5; // fraction bits
    let exp = (x >> 23) & 0xff;
    let frac = x & 0x7f_ffff;
    if exp == 0xff {
        return if frac != 0 {
            (31 << fb) | (1 << (fb - 1))
        } else if x >> 31 == 0 {
            31 << fb
        } else {
            0
        };
    }
    if x >> 31 == 1 || exp == 0 {
        // Negative, zero, or a binary32 subnormal (< 2^-126, far below the smallest
        // target subnormal's half): 0.
        return 0;
    }
    // Significand with its hidden bit, 24 bits; value = sig * 2^(exp - 150).
    let sig = u64::from(frac | 0x80_0000);
    let e = exp as i32 - 127; // unbiased
                              // Target: value = t * 2^(max(e, -14) - fb), t integer.
    let te = e.max(-14);
    let drop = (23 + te - e - fb as i32) as u32; // bits of sig below the target ulp
    let t = if drop >= 64 {
        0
    } else {
        let kept = sig >> drop;
        let rem = sig & ((1u64 << drop) - 1);
        let half = 1u64 << (drop - 1);
        if rem > half || (rem == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    // t < 2^fb: subnormal (biased exponent 0); else normal with the hidden bit removed;
    // a carry to 2^(fb+1) moves to the next exponent.
    let (biased, t) = if te == -14 && t < (1 << fb) {
        (0, t)
    } else if t >= (2 << fb) {
        (te + 15 + 1, (t >> 1) - (1 << fb))
    } else {
        (te + 15, t - (1 << fb))
    };
    if biased >= 31 {
        return 31 << fb;
    }
    ((biased as u32) << fb) | t as u32
}

const MODE: FpMode = FpMode::IEEE;
const ONE_F32: u32 = 0x3f80_0000;
const ONE_F16: u32 = 0x3c00;

/// `v`'s low `width` bits, sign-extended.
pub fn sext(v: u32, width: u32) -> u32 {
    if width >= 32 {
        v
    } else {
        let s = 32 - width;
        (((v << s) as i32) >> s) as u32
    }
}

fn f32_of(v: u32, ty: IntType) -> u32 {
    from_int::<Binary32, AmdGcn5>(u64::from(v), ty, &MODE).value
}

fn f16_of(v: u32, ty: IntType) -> u32 {
    u32::from(from_int::<Binary16, AmdGcn5>(u64::from(v), ty, &MODE).value)
}

fn f32_to_f16(x: u32) -> u32 {
    u32::from(convert::<Binary32, Binary16, AmdGcn5>(x, &MODE).value)
}

fn f16_to_f32(x: u32) -> u32 {
    convert::<Binary16, Binary32, AmdGcn5>(x as u16, &MODE).value
}

/// UNORM/SNORM to binary32: v / (2^n - 1) (UNORM), max(v / (2^(n-1) - 1), -1) (SNORM),
/// the quotient of two exact binary32 values correctly rounded. 0 and ±1 are exact.
fn norm_f32(v: u32, width: u32, signed: bool) -> Conv {
    let (num, den) = if signed {
        let s = sext(v, width) as i32;
        let den = (1i32 << (width - 1)) - 1;
        (s.max(-den), den)
    } else {
        (v as i32, ((1u32 << width) - 1) as i32)
    };
    if num == 0 || num == den || num == -den {
        let one = if num == 0 { 0 } else { ONE_F32 };
        return Conv {
            bits: one | if num < 0 { 0x8000_0000 } else { 0 },
            loose: Loose::Exact,
        };
    }
    let a = f32_of(num as u32, IntType::I32);
    let b = f32_of(den as u32, IntType::I32);
    Conv {
        bits: div::<Binary32, AmdGcn5>(a, b, &MODE).value,
        loose: Loose::Ulp,
    }
}

/// A component of `width` bits read from memory, as the 32-bit VGPR value ("Read Data
/// Format": floats and normalized data as binary32, integers extended as their type).
pub fn load32(nfmt: u8, width: u32, v: u32) -> Result<Conv, &'static str> {
    check_nfmt(nfmt, width)?;
    match nfmt {
        UNORM => Ok(norm_f32(v, width, false)),
        SNORM => Ok(norm_f32(v, width, true)),
        // Integers of up to 24 bits are exact in binary32; 32-bit ones round to nearest
        // even, as every GCN int-to-float conversion.
        USCALED => rounded(f32_of(v, IntType::U32), loose_if(width == 32, Loose::Ulp)),
        SSCALED => rounded(
            f32_of(sext(v, width), IntType::I32),
            loose_if(width == 32, Loose::Ulp),
        ),
        UINT => exact(v),
        SINT => exact(sext(v, width)),
        _ if width == 16 => exact(f16_to_f32(v)),
        _ if width < 16 => exact(f16_to_f32(small_to_f16(v, width))),
        _ => exact(v),
    }
}

fn loose_if(c: bool, l: Loose) -> Loose {
    if c {
        l
    } else {
        Loose::Exact
    }
}

/// A component read by a D16 FORMAT row: the 16-bit value ("D16 Instructions": converted
/// to 16 bits; int vs. float by NFMT). Only what is exact in 16 bits is settled.
pub fn load16(nfmt: u8, width: u32, v: u32) -> Result<Conv, &'static str> {
    check_nfmt(nfmt, width)?;
    match nfmt {
        UNORM | SNORM if width <= 11 => {
            // Both operands are exact in binary16 (integers below 2^11): one rounding.
            let signed = nfmt == SNORM;
            let (num, den) = if signed {
                let den = (1i32 << (width - 1)) - 1;
                ((sext(v, width) as i32).max(-den), den)
            } else {
                (v as i32, ((1u32 << width) - 1) as i32)
            };
            let q = div::<Binary16, AmdGcn5>(
                f16_of(num as u32, IntType::I32) as u16,
                f16_of(den as u32, IntType::I32) as u16,
                &MODE,
            );
            let ends = num == 0 || num == den || num == -den;
            rounded(u32::from(q.value), loose_if(!ends, Loose::Any))
        }
        UNORM | SNORM => {
            // 0 and the ends (+-1.0) are exact in every reading; the rest is rounded twice
            // or once, which the manual does not say.
            let c = norm_f32(v, width, nfmt == SNORM);
            rounded(
                f32_to_f16(c.bits),
                loose_if(c.loose != Loose::Exact, Loose::Any),
            )
        }
        USCALED => rounded(f16_of(v, IntType::U32), loose_if(width > 11, Loose::Any)),
        SSCALED => rounded(
            f16_of(sext(v, width), IntType::I32),
            loose_if(width > 12, Loose::Any),
        ),
        UINT => rounded(v & 0xffff, loose_if(width == 32, Loose::Any)),
        SINT => rounded(sext(v, width) & 0xffff, loose_if(width == 32, Loose::Any)),
        _ if width == 16 => exact(v & 0xffff),
        _ if width < 16 => exact(small_to_f16(v, width)),
        _ => rounded(f32_to_f16(v), Loose::Any),
    }
}

/// What a component of a SEL_1 destination select reads: 1.0 for float-valued formats, 1
/// for integer ones, in the destination's width.
pub fn one(nfmt: u8, d16: bool) -> u32 {
    match (nfmt, d16) {
        (UINT | SINT, _) => 1,
        (_, true) => ONE_F16,
        (_, false) => ONE_F32,
    }
}

/// Saturate a binary32 value to an integer type's range, rounding to nearest even (NaN
/// reads as 0).
fn f32_to_int(x: u32, signed: bool) -> u32 {
    if gpuref_float::is_nan_bits::<Binary32>(x) {
        return 0;
    }
    let ty = if signed { IntType::I32 } else { IntType::U32 };
    to_int::<Binary32, AmdGcn5>(x, ty, Rounding::NearestEven, true, &MODE).value as u32
}

fn clamp_int(v: u32, width: u32, signed: bool) -> u32 {
    if width >= 32 {
        return v;
    }
    let m = (1u32 << width) - 1;
    if signed {
        let (lo, hi) = (-(1i32 << (width - 1)), (1i32 << (width - 1)) - 1);
        ((v as i32).clamp(lo, hi) as u32) & m
    } else {
        v.min(m)
    }
}

/// A 32-bit VGPR value stored into a component of `width` bits (the inverse of
/// [`load32`]; the manual states none of it: rule `gcn5.buffer.format.store`).
pub fn store32(nfmt: u8, width: u32, x: u32) -> Result<u32, &'static str> {
    check_nfmt(nfmt, width)?;
    let mask = if width >= 32 {
        u32::MAX
    } else {
        (1 << width) - 1
    };
    Ok(match nfmt {
        UNORM | SNORM => {
            let signed = nfmt == SNORM;
            let max = if signed {
                (1u32 << (width - 1)) - 1
            } else {
                mask
            };
            // Clamp to [0, 1] or [-1, 1] (NaN reads as 0), scale, round to nearest even.
            let nan = gpuref_float::is_nan_bits::<Binary32>(x);
            let c = if nan || (x & 0x8000_0000 != 0 && !signed) {
                0
            } else if x & 0x7fff_ffff >= ONE_F32 {
                (x & 0x8000_0000) | ONE_F32
            } else {
                x
            };
            let scaled = mul::<Binary32, AmdGcn5>(c, f32_of(max, IntType::U32), &MODE).value;
            clamp_int(f32_to_int(scaled, signed), width, signed) & mask
        }
        USCALED | SSCALED => {
            let signed = nfmt == SSCALED;
            clamp_int(f32_to_int(x, signed), width, signed) & mask
        }
        UINT | SINT => x & mask,
        _ if width == 16 => f32_to_f16(x),
        _ if width < 16 => f32_to_small(x, width),
        _ => x,
    })
}

/// A 16-bit (D16) VGPR half stored into a component of `width` bits: integers extend by
/// NFMT, floats widen to binary32 exactly and store as [`store32`].
pub fn store16(nfmt: u8, width: u32, h: u32) -> Result<u32, &'static str> {
    check_nfmt(nfmt, width)?;
    match nfmt {
        UINT => store32(nfmt, width, h & 0xffff),
        SINT => store32(nfmt, width, sext(h & 0xffff, 16)),
        FLOAT if width == 16 => Ok(h & 0xffff),
        _ => store32(nfmt, width, f16_to_f32(h & 0xffff)),
    }
}
