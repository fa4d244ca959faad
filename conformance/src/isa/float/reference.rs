//! The built-in reference for ISA `float`: the float core's operations by name, as the
//! vector format names them (docs/vector-format.md, "Operations of ISA float").

use gpuref_float::ops::{self, IntType, Predicate};
use gpuref_float::quirks::Ieee754;
use gpuref_float::{
    classify, BFloat16, Binary16, Binary32, Binary64, Class, DenormModes, Denormals, Flags, Format,
    FpMode, Rounding, Tininess,
};

/// A float format, at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fmt {
    F16,
    BF16,
    F32,
    F64,
}

impl Fmt {
    pub const ALL: [Fmt; 4] = [Fmt::F16, Fmt::BF16, Fmt::F32, Fmt::F64];
    pub fn name(self) -> &'static str {
        match self {
            Fmt::F16 => "f16",
            Fmt::BF16 => "bf16",
            Fmt::F32 => "f32",
            Fmt::F64 => "f64",
        }
    }
    fn parse(s: &str) -> Option<Fmt> {
        Fmt::ALL.into_iter().find(|f| f.name() == s)
    }
    pub fn width(self) -> u32 {
        match self {
            Fmt::F16 | Fmt::BF16 => 16,
            Fmt::F32 => 32,
            Fmt::F64 => 64,
        }
    }
}

fn parse_int(s: &str) -> Option<IntType> {
    IntType::ALL.into_iter().find(|t| t.name() == s)
}

/// GCN-style predicate names, in `Predicate::ALL` order.
const PRED_NAMES: [&str; 16] = [
    "f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt",
    "tru",
];

/// An operation of ISA `float`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Fma,
    MulAdd,
    Sqrt,
    RoundToIntegral { exact: bool },
    Fract,
    Frexp,
    Ldexp,
    MinNum,
    MaxNum,
    Minimum,
    Maximum,
    MinimumNumber,
    MaximumNumber,
    Compare { pred: Predicate, signaling: bool },
    Class,
    Convert(Fmt),
    ToInt { ty: IntType, saturate: bool },
    FromInt(IntType),
}

/// An instruction of ISA `float`: an operation on a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instr {
    pub fmt: Fmt,
    pub op: Op,
}

const SIMPLE: [(&str, Op); 17] = [
    ("add", Op::Add),
    ("sub", Op::Sub),
    ("mul", Op::Mul),
    ("div", Op::Div),
    ("fma", Op::Fma),
    ("mul_add", Op::MulAdd),
    ("sqrt", Op::Sqrt),
    ("round_to_integral", Op::RoundToIntegral { exact: false }),
    (
        "round_to_integral_exact",
        Op::RoundToIntegral { exact: true },
    ),
    ("fract", Op::Fract),
    ("frexp", Op::Frexp),
    ("ldexp", Op::Ldexp),
    ("min_num", Op::MinNum),
    ("max_num", Op::MaxNum),
    ("minimum", Op::Minimum),
    ("maximum", Op::Maximum),
    ("minimum_number", Op::MinimumNumber),
];

impl Instr {
    /// Parse a name such as `f32.add`, `cvt.f64.f16`, `f16.to_i32_sat`, `f32.cmps.lt`.
    pub fn parse(name: &str) -> Option<Instr> {
        let mut parts = name.split('.');
        let first = parts.next()?;
        if first == "cvt" {
            let from = Fmt::parse(parts.next()?)?;
            let to = Fmt::parse(parts.next()?)?;
            return parts.next().is_none().then_some(Instr {
                fmt: from,
                op: Op::Convert(to),
            });
        }
        let fmt = Fmt::parse(first)?;
        let op_name = parts.next()?;
        let op = if op_name == "cmp" || op_name == "cmps" {
            let p = parts.next()?;
            let i = PRED_NAMES.iter().position(|n| *n == p)?;
            Op::Compare {
                pred: Predicate::ALL[i],
                signaling: op_name == "cmps",
            }
        } else if op_name == "class" {
            Op::Class
        } else if op_name == "maximum_number" {
            Op::MaximumNumber
        } else if let Some(t) = op_name.strip_prefix("to_") {
            let (t, saturate) = match t.strip_suffix("_sat") {
                Some(t) => (t, true),
                None => (t, false),
            };
            Op::ToInt {
                ty: parse_int(t)?,
                saturate,
            }
        } else if let Some(t) = op_name.strip_prefix("from_") {
            Op::FromInt(parse_int(t)?)
        } else {
            SIMPLE.iter().find(|(n, _)| *n == op_name)?.1
        };
        parts.next().is_none().then_some(Instr { fmt, op })
    }

    pub fn name(&self) -> String {
        let f = self.fmt.name();
        match self.op {
            Op::Convert(to) => format!("cvt.{f}.{}", to.name()),
            Op::Compare { pred, signaling } => {
                let i = Predicate::ALL.iter().position(|p| *p == pred).unwrap_or(0);
                format!(
                    "{f}.{}.{}",
                    if signaling { "cmps" } else { "cmp" },
                    PRED_NAMES[i]
                )
            }
            Op::Class => format!("{f}.class"),
            Op::MaximumNumber => format!("{f}.maximum_number"),
            Op::ToInt { ty, saturate } => {
                format!("{f}.to_{}{}", ty.name(), if saturate { "_sat" } else { "" })
            }
            Op::FromInt(t) => format!("{f}.from_{}", t.name()),
            op => {
                let n = SIMPLE
                    .iter()
                    .find(|(_, o)| *o == op)
                    .map(|(n, _)| *n)
                    .unwrap_or("?");
                format!("{f}.{n}")
            }
        }
    }

    /// Input operand names, in order.
    pub fn inputs(&self) -> &'static [&'static str] {
        match self.op {
            Op::Fma | Op::MulAdd => &["a", "b", "c"],
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Div
            | Op::MinNum
            | Op::MaxNum
            | Op::Minimum
            | Op::Maximum
            | Op::MinimumNumber
            | Op::MaximumNumber
            | Op::Compare { .. } => &["a", "b"],
            Op::Ldexp => &["a", "n"],
            _ => &["a"],
        }
    }

    /// Output names, in order.
    pub fn outputs(&self) -> &'static [&'static str] {
        match self.op {
            Op::Frexp => &["d", "e"],
            _ => &["d"],
        }
    }

    /// The width in bits of input `i` (floats: the format's; integers: the type's;
    /// `ldexp`'s exponent: 32).
    pub fn input_width(&self, i: usize) -> u32 {
        match (self.op, i) {
            (Op::FromInt(t), _) => t.width(),
            (Op::Ldexp, 1) => 32,
            _ => self.fmt.width(),
        }
    }

    /// The float type of output `i`, if it is a float.
    pub fn output_fmt(&self, i: usize) -> Option<Fmt> {
        match (self.op, i) {
            (Op::Convert(to), 0) => Some(to),
            (Op::Frexp, 1) | (Op::Compare { .. }, _) | (Op::Class, _) | (Op::ToInt { .. }, _) => {
                None
            }
            _ => Some(self.fmt),
        }
    }

    /// Evaluate on `inputs` (in [`Instr::inputs`] order) under `mode`: the outputs (in
    /// [`Instr::outputs`] order) and the flags.
    pub fn eval(&self, inputs: &[u64], mode: &FpMode) -> (Vec<u64>, Flags) {
        match self.fmt {
            Fmt::F16 => eval_in::<Binary16>(self.op, inputs, mode),
            Fmt::BF16 => eval_in::<BFloat16>(self.op, inputs, mode),
            Fmt::F32 => eval_in::<Binary32>(self.op, inputs, mode),
            Fmt::F64 => eval_in::<Binary64>(self.op, inputs, mode),
        }
    }
}

fn eval_in<F: Format>(op: Op, x: &[u64], m: &FpMode) -> (Vec<u64>, Flags) {
    let v = |i: usize| F::bits_from_u64(x.get(i).copied().unwrap_or(0));
    let one = |r: gpuref_float::Flagged<F::Bits>| (vec![r.value.into()], r.flags);
    type Q = Ieee754;
    match op {
        Op::Add => one(ops::add::<F, Q>(v(0), v(1), m)),
        Op::Sub => one(ops::sub::<F, Q>(v(0), v(1), m)),
        Op::Mul => one(ops::mul::<F, Q>(v(0), v(1), m)),
        Op::Div => one(ops::div::<F, Q>(v(0), v(1), m)),
        Op::Fma => one(ops::fma::<F, Q>(v(0), v(1), v(2), m)),
        Op::MulAdd => one(ops::mul_add_unfused::<F, Q>(v(0), v(1), v(2), m)),
        Op::Sqrt => one(ops::sqrt::<F, Q>(v(0), m)),
        Op::RoundToIntegral { exact } => {
            one(ops::round_to_integral::<F, Q>(v(0), m.rounding, exact, m))
        }
        Op::Fract => one(ops::fract::<F, Q>(v(0), m)),
        Op::Frexp => {
            let r = ops::frexp::<F, Q>(v(0), m);
            (vec![r.value.0.into(), r.value.1 as u32 as u64], r.flags)
        }
        Op::Ldexp => {
            let n = x.get(1).copied().unwrap_or(0) as u32 as i32;
            one(ops::ldexp::<F, Q>(v(0), n, m))
        }
        Op::MinNum => one(ops::min_num::<F, Q>(v(0), v(1), m)),
        Op::MaxNum => one(ops::max_num::<F, Q>(v(0), v(1), m)),
        Op::Minimum => one(ops::minimum::<F, Q>(v(0), v(1), m)),
        Op::Maximum => one(ops::maximum::<F, Q>(v(0), v(1), m)),
        Op::MinimumNumber => one(ops::minimum_number::<F, Q>(v(0), v(1), m)),
        Op::MaximumNumber => one(ops::maximum_number::<F, Q>(v(0), v(1), m)),
        Op::Compare { pred, signaling } => {
            let r = ops::compare::<F, Q>(v(0), v(1), pred, signaling, m);
            (vec![r.value as u64], r.flags)
        }
        Op::Class => {
            let c = classify::<F>(v(0));
            let i = Class::ALL.iter().position(|k| *k == c).unwrap_or(0);
            (vec![i as u64], Flags::NONE)
        }
        Op::Convert(to) => {
            let a = v(0);
            let r = match to {
                Fmt::F16 => ops::convert::<F, Binary16, Q>(a, m).map(u64::from),
                Fmt::BF16 => ops::convert::<F, BFloat16, Q>(a, m).map(u64::from),
                Fmt::F32 => ops::convert::<F, Binary32, Q>(a, m).map(u64::from),
                Fmt::F64 => ops::convert::<F, Binary64, Q>(a, m),
            };
            (vec![r.value], r.flags)
        }
        Op::ToInt { ty, saturate } => {
            let r = ops::to_int::<F, Q>(v(0), ty, m.rounding, saturate, m);
            (vec![r.value], r.flags)
        }
        Op::FromInt(ty) => one(ops::from_int::<F, Q>(
            x.first().copied().unwrap_or(0),
            ty,
            m,
        )),
    }
}

/// Parse a mode tuple of ISA `float` (`round=rne daz=0 ftz=0 tininess=after quirks=ieee754`).
/// Every key is required; unknown keys are errors.
pub fn parse_mode(s: &str) -> Result<FpMode, String> {
    let (mut round, mut daz, mut ftz, mut tiny, mut quirks) = (None, None, None, None, None);
    for kv in s.split(' ').filter(|t| !t.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("mode item `{kv}` is not key=value"))?;
        let bit = |v: &str| match v {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(format!("mode `{k}`: expected 0 or 1, got `{v}`")),
        };
        match k {
            "round" => {
                round = Some(
                    Rounding::ALL
                        .into_iter()
                        .find(|r| r.short_name() == v)
                        .ok_or_else(|| {
                            format!("mode `round`: unknown `{v}` (rne, rtz, rup, rdn)")
                        })?,
                )
            }
            "daz" => daz = Some(bit(v)?),
            "ftz" => ftz = Some(bit(v)?),
            "tininess" => {
                tiny = Some(match v {
                    "before" => Tininess::BeforeRounding,
                    "after" => Tininess::AfterRounding,
                    _ => return Err(format!("mode `tininess`: unknown `{v}` (before, after)")),
                })
            }
            "quirks" => {
                if v != "ieee754" {
                    return Err(format!("mode `quirks`: unknown `{v}` (ieee754)"));
                }
                quirks = Some(());
            }
            _ => return Err(format!("unknown mode key `{k}`")),
        }
    }
    let missing = |k: &str| format!("mode tuple lacks `{k}`");
    let d = Denormals {
        flush_inputs: daz.ok_or_else(|| missing("daz"))?,
        flush_outputs: ftz.ok_or_else(|| missing("ftz"))?,
    };
    quirks.ok_or_else(|| missing("quirks"))?;
    Ok(FpMode {
        rounding: round.ok_or_else(|| missing("round"))?,
        denormals: DenormModes::all(d),
        tininess: tiny.ok_or_else(|| missing("tininess"))?,
    })
}

/// The mode tuple text for `mode` (which must use one denormal setting for all formats).
pub fn mode_text(mode: &FpMode) -> String {
    let d = mode.denormals.single;
    format!(
        "round={} daz={} ftz={} tininess={} quirks=ieee754",
        mode.rounding.short_name(),
        d.flush_inputs as u8,
        d.flush_outputs as u8,
        match mode.tininess {
            Tininess::BeforeRounding => "before",
            Tininess::AfterRounding => "after",
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        for name in [
            "f32.add",
            "f16.mul_add",
            "bf16.sqrt",
            "cvt.f64.f16",
            "f16.to_i32_sat",
            "f64.from_u64",
            "f32.cmps.nge",
            "f32.cmp.tru",
            "f64.class",
            "f32.maximum_number",
            "f16.round_to_integral_exact",
            "f32.frexp",
            "f64.ldexp",
        ] {
            let i = Instr::parse(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(i.name(), name);
        }
        for bad in [
            "f32",
            "f32.nope",
            "f128.add",
            "cvt.f32",
            "f32.add.x",
            "f32.to_i8",
            "f32.cmp.zz",
        ] {
            assert!(Instr::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn modes() {
        let m = parse_mode("round=rtz daz=1 ftz=0 tininess=before quirks=ieee754").unwrap();
        assert_eq!(m.rounding, Rounding::TowardZero);
        assert!(m.denormals.half.flush_inputs && !m.denormals.double.flush_outputs);
        assert_eq!(
            mode_text(&m),
            "round=rtz daz=1 ftz=0 tininess=before quirks=ieee754"
        );
        assert!(parse_mode("round=rne daz=0 ftz=0 tininess=after")
            .unwrap_err()
            .contains("quirks"));
        assert!(parse_mode("round=up daz=0 ftz=0 tininess=after quirks=ieee754").is_err());
        assert!(parse_mode("round=rne daz=2 ftz=0 tininess=after quirks=ieee754").is_err());
        assert!(parse_mode("round=rne daz=0 ftz=0 tininess=after quirks=ieee754 x=1").is_err());
    }
}
