//! The corpus of ISA `float`: every operation of the float core on every format, with
//! edge values crossed, modes chosen per operation, and seeded random cases.
//!
//! Expected values come from the reference (`quirks::Ieee754`), but only where IEEE 754
//! settles them: a NaN result is `nan:T` (which NaN is unspecified), an invalid
//! float→integer result is "any bits", `min_num`/`max_num` of two zeros of opposite signs
//! accepts either zero, and the invalid flag of `fma(±inf, ±0, qNaN)` is not checked.

use crate::generate::{case_id, Rng};
use crate::isa::float::reference::{mode_text, Fmt, Instr, Op};
use crate::vector::{Alt, Case, FlagSpec, FloatType, Spec, VecFile};
use gpuref_float::ops::{IntType, Predicate};
use gpuref_float::{DenormModes, Denormals, Flags, FpMode, Rounding, Tininess};

/// Every instruction of the corpus.
pub fn instructions() -> Vec<Instr> {
    let mut v = Vec::new();
    for fmt in Fmt::ALL {
        let mut ops = vec![
            Op::Add,
            Op::Sub,
            Op::Mul,
            Op::Div,
            Op::Fma,
            Op::MulAdd,
            Op::Sqrt,
            Op::RoundToIntegral { exact: false },
            Op::RoundToIntegral { exact: true },
            Op::Fract,
            Op::Frexp,
            Op::Ldexp,
            Op::MinNum,
            Op::MaxNum,
            Op::Minimum,
            Op::Maximum,
            Op::MinimumNumber,
            Op::MaximumNumber,
            Op::Class,
        ];
        for pred in Predicate::ALL {
            ops.push(Op::Compare {
                pred,
                signaling: false,
            });
            ops.push(Op::Compare {
                pred,
                signaling: true,
            });
        }
        for to in Fmt::ALL {
            if to != fmt {
                ops.push(Op::Convert(to));
            }
        }
        for ty in IntType::ALL {
            ops.push(Op::ToInt {
                ty,
                saturate: false,
            });
            ops.push(Op::ToInt { ty, saturate: true });
            ops.push(Op::FromInt(ty));
        }
        v.extend(ops.into_iter().map(|op| Instr { fmt, op }));
    }
    v
}

/// The path of an instruction's file, relative to the corpus root.
pub fn file_path(instr: &Instr) -> String {
    format!("float/{}/{}.vec", instr.fmt.name(), instr.name())
}

fn float_type(f: Fmt) -> FloatType {
    match f {
        Fmt::F16 => FloatType::F16,
        Fmt::BF16 => FloatType::BF16,
        Fmt::F32 => FloatType::F32,
        Fmt::F64 => FloatType::F64,
    }
}

/// (exponent bits, fraction bits)
fn layout(f: Fmt) -> (u32, u32) {
    let (_, e, m) = float_type(f).layout();
    (e, m)
}

/// Edge values of a format: every class, with NaN payloads, and the boundaries between
/// them. `full` adds the values next to 1 and 2 used where rounding matters.
fn edges(f: Fmt, full: bool) -> Vec<u64> {
    let (e, m) = layout(f);
    let sign = 1u64 << (e + m);
    let exp_all = ((1u64 << e) - 1) << m;
    let bias = (1u64 << (e - 1)) - 1;
    let one = bias << m;
    let mut pos = vec![
        0,                            // +0
        1,                            // smallest subnormal
        (1 << m) - 1,                 // largest subnormal
        1 << m,                       // smallest normal
        one,                          // 1
        exp_all - 1,                  // largest finite
        exp_all,                      // +inf
        exp_all | (1 << (m - 1)) | 1, // quiet NaN with payload
        exp_all | 1,                  // signalling NaN with payload
    ];
    if full {
        pos.extend([
            one + 1,
            one - 1,
            one + (1 << (m - 1)),
            (bias + 1) << m,
            exp_all - (1 << m),
        ]);
    }
    let mut v = pos.clone();
    v.extend(pos.iter().map(|x| x | sign));
    v
}

/// A smaller edge set for operations with many operands or many variants: ±0, ±smallest
/// subnormal, ±1, ±inf, a quiet and a signalling NaN.
fn small_edges(f: Fmt) -> Vec<u64> {
    let all = edges(f, false);
    // edges() lists +0, +min sub, +max sub, +min normal, +1, +max, +inf, qNaN, sNaN, then
    // the same negated.
    [0, 1, 4, 6, 7, 8, 9, 10, 13, 15]
        .iter()
        .map(|&i| all[i])
        .collect()
}

/// Integer boundaries for conversions from `ty`, as raw bits in its width.
fn int_edges(ty: IntType) -> Vec<u64> {
    let w = ty.width();
    let all = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let mut v = vec![
        0,
        1,
        2,
        3,
        all,
        all - 1,
        1u64 << (w - 1),
        (1u64 << (w - 1)) - 1,
    ];
    for k in [11, 12, 24, 25, 53, 54] {
        if k < w {
            v.extend([
                (1u64 << k) - 1,
                (1u64 << k) + 1,
                (1u64 << k) | 1 | (1 << (k - 1)),
            ]);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Floats around the bounds of integer type `ty`: ±2^k and the values next to them, ±0.5,
/// ±1, ±1.5.
fn to_int_edges(f: Fmt, ty: IntType) -> Vec<u64> {
    let (e, m) = layout(f);
    let bias = (1i64 << (e - 1)) - 1;
    let emax = bias;
    let sign = 1u64 << (e + m);
    let pow2 =
        |k: i64| -> Option<u64> { (k <= emax && k >= 1 - bias).then(|| ((k + bias) as u64) << m) };
    let mut v = Vec::new();
    let w = ty.width() as i64;
    for k in [w - 1, w, w - 2, -1, 0, 1] {
        if let Some(p) = pow2(k) {
            v.extend([p, p - 1, p + 1, p | sign, (p - 1) | sign, (p + 1) | sign]);
        }
    }
    if let Some(p) = pow2(0) {
        v.extend([p | (1 << (m - 1)), p | (1 << (m - 1)) | sign]); // ±1.5
    }
    v.extend(edges(f, false));
    v.sort_unstable();
    v.dedup();
    v
}

fn mode(r: Rounding, daz: bool, ftz: bool, t: Tininess) -> FpMode {
    FpMode {
        rounding: r,
        denormals: DenormModes::all(Denormals {
            flush_inputs: daz,
            flush_outputs: ftz,
        }),
        tininess: t,
    }
}

const AFTER: Tininess = Tininess::AfterRounding;

/// All 32 modes.
fn all_modes() -> Vec<FpMode> {
    let mut v = Vec::new();
    for t in [Tininess::AfterRounding, Tininess::BeforeRounding] {
        for daz in [false, true] {
            for ftz in [false, true] {
                for r in Rounding::ALL {
                    v.push(mode(r, daz, ftz, t));
                }
            }
        }
    }
    v
}

/// A random value of format `f`, biased towards the interesting parts of the line.
fn random_float(f: Fmt, rng: &mut Rng) -> u64 {
    let (e, m) = layout(f);
    let sign = (rng.next_u64() & 1) << (e + m);
    let emax_field = (1u64 << e) - 1;
    let frac = rng.next_u64() & ((1u64 << m) - 1);
    let exp = match rng.next_u64() % 8 {
        0 => 0,                                             // subnormal or zero
        1 => 1 + rng.next_u64() % 3,                        // just above the subnormals
        2 => emax_field - 1 - rng.next_u64() % 3,           // near overflow
        3 => emax_field,                                    // inf / NaN
        4 | 5 => ((1 << (e - 1)) - 3) + rng.next_u64() % 6, // around 1
        _ => rng.next_u64() % (emax_field + 1),
    };
    let frac = match rng.next_u64() % 4 {
        0 => frac & !((1 << (m / 2)) - 1), // few significant bits: exact results, ties
        1 => frac | ((1 << (m / 2)) - 1),  // trailing ones: near-ties
        _ => frac,
    };
    sign | (exp << m) | frac
}

fn random_input(instr: &Instr, i: usize, rng: &mut Rng) -> u64 {
    match (instr.op, i) {
        (Op::FromInt(ty), _) => {
            let w = ty.width();
            let x = rng.next_u64() >> (rng.next_u64() % w as u64);
            if w == 64 {
                x
            } else {
                x & ((1u64 << w) - 1)
            }
        }
        (Op::Ldexp, 1) => {
            let n = (rng.next_u64() % 2200) as i64 - 1100;
            n as i32 as u32 as u64
        }
        _ => random_float(instr.fmt, rng),
    }
}

/// Input tuples and modes for one instruction.
/// A group of cases: its comment and its (mode, inputs) pairs.
type Group = (String, Vec<(FpMode, Vec<u64>)>);

fn plan(instr: &Instr, rng: &mut Rng) -> Vec<Group> {
    let rne = mode(Rounding::NearestEven, false, false, AFTER);
    let f = instr.fmt;
    let mut groups = Vec::new();
    let cross = |vals: &[u64], arity: usize| -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..arity {
            out = out
                .into_iter()
                .flat_map(|p| vals.iter().map(move |v| [p.clone(), vec![*v]].concat()))
                .collect();
        }
        out
    };
    let in_every_rounding = |inputs: Vec<Vec<u64>>| -> Vec<(FpMode, Vec<u64>)> {
        Rounding::ALL
            .into_iter()
            .flat_map(|r| {
                inputs
                    .iter()
                    .map(move |i| (mode(r, false, false, AFTER), i.clone()))
            })
            .collect()
    };
    let random = |n: usize, rng: &mut Rng, modes: &[FpMode]| -> Vec<(FpMode, Vec<u64>)> {
        (0..n)
            .map(|_| {
                let m = modes[(rng.next_u64() % modes.len() as u64) as usize];
                let ins = (0..instr.inputs().len())
                    .map(|i| random_input(instr, i, rng))
                    .collect();
                (m, ins)
            })
            .collect()
    };
    let every = all_modes();
    match instr.op {
        Op::Add | Op::Sub | Op::Mul | Op::Div => {
            groups.push((
                "edge: every class crossed with every class, in every rounding direction".into(),
                in_every_rounding(cross(&edges(f, false), 2)),
            ));
            let sub: Vec<u64> = edges(f, false)
                .into_iter()
                .filter(|x| {
                    x & ((1u64 << (layout(f).0 + layout(f).1)) - 1) < (1u64 << layout(f).1) << 1
                })
                .collect();
            let flush: Vec<(FpMode, Vec<u64>)> = cross(&sub, 2)
                .into_iter()
                .flat_map(|i| {
                    [(true, false), (false, true), (true, true)]
                        .map(|(d, z)| (mode(Rounding::NearestEven, d, z, AFTER), i.clone()))
                })
                .collect();
            groups.push((
                "edge: zeros, subnormals and the smallest normals under input and output flushing"
                    .into(),
                flush,
            ));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(400, rng, &every),
            ));
        }
        Op::Fma | Op::MulAdd => {
            groups.push((
                "edge: zeros, subnormals, ones, infinities and NaNs crossed three ways".into(),
                cross(&small_edges(f), 3)
                    .into_iter()
                    .map(|i| (rne, i))
                    .collect(),
            ));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(500, rng, &every),
            ));
        }
        Op::Sqrt
        | Op::RoundToIntegral { .. }
        | Op::Fract
        | Op::Frexp
        | Op::Class
        | Op::Convert(_) => {
            let single: Vec<Vec<u64>> = edges(f, true).into_iter().map(|x| vec![x]).collect();
            groups.push((
                "edge: every class and the values around 1, in every rounding direction".into(),
                in_every_rounding(single.clone()),
            ));
            groups.push((
                "edge: flushing".into(),
                single
                    .into_iter()
                    .flat_map(|i| {
                        [(true, false), (false, true)]
                            .map(|(d, z)| (mode(Rounding::NearestEven, d, z, AFTER), i.clone()))
                    })
                    .collect(),
            ));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(150, rng, &every),
            ));
        }
        Op::Ldexp => {
            let ns: [i64; 9] = [
                0,
                1,
                -1,
                2,
                -2,
                1000,
                -1000,
                i32::MAX as i64,
                i32::MIN as i64,
            ];
            let mut ins = Vec::new();
            for x in edges(f, false) {
                for n in ns {
                    ins.push(vec![x, n as i32 as u32 as u64]);
                }
            }
            groups.push((
                "edge: every class scaled by small, large and extreme exponents".into(),
                ins.into_iter().map(|i| (rne, i)).collect(),
            ));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(200, rng, &every),
            ));
        }
        Op::Compare { .. } => {
            groups.push((
                "edge: zeros, subnormals, ones, infinities and NaNs crossed".into(),
                cross(&small_edges(f), 2)
                    .into_iter()
                    .map(|i| (rne, i))
                    .collect(),
            ));
            groups.push((
                "edge: subnormals under input flushing".into(),
                cross(&edges(f, false)[..4], 2)
                    .into_iter()
                    .map(|i| (mode(Rounding::NearestEven, true, false, AFTER), i))
                    .collect(),
            ));
            groups.push(("random: seeded".into(), random(20, rng, &every)));
        }
        Op::MinNum
        | Op::MaxNum
        | Op::Minimum
        | Op::Maximum
        | Op::MinimumNumber
        | Op::MaximumNumber => {
            groups.push((
                "edge: every class crossed with every class".into(),
                cross(&edges(f, false), 2)
                    .into_iter()
                    .map(|i| (rne, i))
                    .collect(),
            ));
            groups.push((
                "edge: subnormals under input flushing".into(),
                cross(&edges(f, false)[..4], 2)
                    .into_iter()
                    .map(|i| (mode(Rounding::NearestEven, true, false, AFTER), i))
                    .collect(),
            ));
            groups.push(("random: seeded".into(), random(60, rng, &every)));
        }
        Op::ToInt { ty, .. } => {
            let single: Vec<Vec<u64>> = to_int_edges(f, ty).into_iter().map(|x| vec![x]).collect();
            groups.push(("edge: around the integer type's bounds and the halves, in every rounding direction".into(), in_every_rounding(single)));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(60, rng, &every),
            ));
        }
        Op::FromInt(ty) => {
            let single: Vec<Vec<u64>> = int_edges(ty).into_iter().map(|x| vec![x]).collect();
            groups.push(("edge: integer boundaries and the precision limits of the format, in every rounding direction".into(), in_every_rounding(single)));
            groups.push((
                "random: seeded, in all 32 modes".into(),
                random(120, rng, &every),
            ));
        }
    }
    groups
}

/// Build one case: expected values from the reference, relaxed where IEEE 754 leaves the
/// result open, and the rules it pins down.
pub fn make_case(instr: &Instr, m: &FpMode, inputs: &[u64]) -> Case {
    let name = instr.name();
    let (outs, flags) = instr.eval(inputs, m);
    let mut rules = vec![op_rule(instr.op).to_string()];
    let mut flag_spec = FlagSpec::Exact(flags);
    let mut outputs = Vec::new();
    for (i, out_name) in instr.outputs().iter().enumerate() {
        let v = outs[i];
        let spec = match instr.output_fmt(i) {
            Some(of) if float_type(of).is_nan(v) => {
                rules.push("float.quirks.ieee754.nan_propagation".into());
                rules.push("float.quirks.ieee754.default_nan".into());
                Spec(vec![Alt::AnyNan(float_type(of))])
            }
            _ => Spec::exact(v),
        };
        outputs.push((out_name.to_string(), spec));
    }
    let fty = float_type(instr.fmt);
    match instr.op {
        Op::ToInt { saturate, .. } if flags.contains(Flags::INVALID) => {
            let nan = fty.is_nan(inputs[0]);
            if !saturate || nan {
                outputs[0].1 = Spec(vec![Alt::Masked { value: 0, mask: 0 }]);
                rules.push(
                    if saturate {
                        "float.quirks.ieee754.float_to_int_saturating_nan"
                    } else {
                        "float.quirks.ieee754.float_to_int_invalid"
                    }
                    .into(),
                );
            }
        }
        Op::MinNum | Op::MaxNum => {
            let (w, _, _) = fty.layout();
            let sign = 1u64 << (w - 1);
            let zero = |x: u64| {
                x & !sign == 0
                    || (m.denormals_for_fmt(instr.fmt).flush_inputs
                        && x & !sign < (1u64 << layout(instr.fmt).1))
            };
            if zero(inputs[0]) && zero(inputs[1]) && (inputs[0] ^ inputs[1]) & sign != 0 {
                outputs[0].1 = Spec(vec![Alt::Exact(0), Alt::Exact(sign)]);
            }
        }
        Op::Fma => {
            let is_zero = |x: u64| x & ((1u64 << (fty.layout().0 - 1)) - 1) == 0;
            let is_inf = |x: u64| {
                !fty.is_nan(x)
                    && x & ((1u64 << (fty.layout().0 - 1)) - 1)
                        >= (((1u64 << layout(instr.fmt).0) - 1) << layout(instr.fmt).1)
            };
            let (a, b, c) = (inputs[0], inputs[1], inputs[2]);
            if fty.is_nan(c)
                && !fty.is_nan(a)
                && !fty.is_nan(b)
                && ((is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)))
            {
                flag_spec = FlagSpec::Unchecked;
                rules.push("float.quirks.ieee754.fma_inf_zero_qnan".into());
            }
        }
        _ => {}
    }
    if flags.contains(Flags::UNDERFLOW) {
        rules.push("float.tininess".into());
    }
    let d = m.denormals.single;
    if d.flush_inputs || d.flush_outputs {
        rules.push("float.flush".into());
    }
    let mode_s = mode_text(m);
    let inputs_named: Vec<(String, u64)> = instr
        .inputs()
        .iter()
        .zip(inputs)
        .map(|(n, v)| (n.to_string(), *v))
        .collect();
    Case {
        id: case_id(&name, &mode_s, inputs),
        words: Vec::new(),
        asm: name,
        mode: mode_s,
        inputs: inputs_named,
        outputs,
        flags: flag_spec,
        rules,
        line: 0,
    }
}

trait DenormFor {
    fn denormals_for_fmt(&self, f: Fmt) -> Denormals;
}
impl DenormFor for FpMode {
    fn denormals_for_fmt(&self, f: Fmt) -> Denormals {
        match f {
            Fmt::F16 => self.denormals.half,
            Fmt::BF16 => self.denormals.bfloat,
            Fmt::F32 => self.denormals.single,
            Fmt::F64 => self.denormals.double,
        }
    }
}

fn op_rule(op: Op) -> &'static str {
    match op {
        Op::Add => "float.add",
        Op::Sub => "float.sub",
        Op::Mul => "float.mul",
        Op::Div => "float.div",
        Op::Fma => "float.fma",
        Op::MulAdd => "float.mul_add",
        Op::Sqrt => "float.sqrt",
        Op::RoundToIntegral { .. } => "float.round_to_integral",
        Op::Fract => "float.fract",
        Op::Frexp => "float.frexp",
        Op::Ldexp => "float.ldexp",
        Op::MinNum
        | Op::MaxNum
        | Op::Minimum
        | Op::Maximum
        | Op::MinimumNumber
        | Op::MaximumNumber => "float.minmax",
        Op::Compare { .. } => "float.compare",
        Op::Class => "float.class",
        Op::Convert(_) => "float.convert",
        Op::ToInt { .. } => "float.to_int",
        Op::FromInt(_) => "float.from_int",
    }
}

/// The file of one instruction. `header` carries the shared keys (generator, semantics...).
pub fn generate_file(instr: &Instr, header: &[(String, String)]) -> VecFile {
    let name = instr.name();
    let mut rng = Rng::from_name(&name);
    let mut file = VecFile::default();
    file.header.extend(header.iter().cloned());
    file.header.push(("isa".into(), "float".into()));
    file.header.push(("target".into(), "ieee754".into()));
    file.header.push(("instruction".into(), name.clone()));
    file.header.push((
        "mode".into(),
        mode_text(&mode(Rounding::NearestEven, false, false, AFTER)),
    ));
    file.header.push(("level".into(), "edge,random".into()));
    let mut seen = std::collections::HashSet::new();
    for (group, cases) in plan(instr, &mut rng) {
        file.groups.push((file.cases.len(), group));
        for (m, inputs) in cases {
            let case = make_case(instr, &m, &inputs);
            if seen.insert(case.id.clone()) {
                file.cases.push(case);
            }
        }
    }
    file
}
