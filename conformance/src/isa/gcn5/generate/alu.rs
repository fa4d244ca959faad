//! GCN5 (gfx900, `vectors/amd-gcn5-vega/alu/`) and CDNA1 (gfx908,
//! `vectors/amd-gcn5-mi100/alu/`) ALU value vectors: for every scalar row with a kernel in
//! `alu::salu::KERNELS` and every vector row with a kernel in `alu::valu::TABLES`, edge
//! values of each source's type (every class in every source position, then seeded
//! crossings, at most [`EDGE_CAP`] per row and mode), under the MODE values the row reads
//! ([`FLOAT_MODES`] for rows with a float operand, [`DEFAULT_MODE`] otherwise), the VOP3
//! CLAMP form of rows that take it, and a small seeded-random level (the levels: [`Level`],
//! built per row by `groups`). The files of a target (one per row) and its index are laid
//! out by `gcn5_alu_corpus`. The format is in docs/vector-format.md ("GCN5 ALU value
//! vectors"); the design in docs/design/0033 and 0039.
//!
//! A case is run through the real path: its text is parsed (`formats::parse`), encoded, and
//! executed by `exec::execute` on a wave whose registers are 0 unless set, EXEC = 1. What
//! the lane's `Unsettled` says becomes the acceptance set. A row whose text does not parse
//! or that does not execute has no file; the target's index names it with the reason.

pub mod coverage;
mod forms;
pub mod mix;
pub mod special;
pub mod writes;

use super::{case_id, Rng};
use crate::isa::gcn5::alu::{flags_of_trapsts, get, wave, EXCP_MASK};
use crate::vector::{Alt, Case, FlagSpec, FloatType, Spec, VecFile};
use gpuref_amd_gcn5::alu::valu::{Accept, Output};
use gpuref_amd_gcn5::alu::{salu, valu};
use gpuref_amd_gcn5::exec::execute;
use gpuref_amd_gcn5::formats::salu::{shape as salu_shape, ImmStyle, Slot as SSlot};
use gpuref_amd_gcn5::formats::valu::{shape as valu_shape, Role, SrcKind, Ty};
use gpuref_amd_gcn5::formats::{self, encode};
use gpuref_amd_gcn5::instructions::{rows, Format, Row};
use gpuref_amd_gcn5::rules::resolve;
use gpuref_amd_gcn5::Target;
use std::borrow::Cow;
use std::collections::HashSet;

/// MODE of integer rows and of the clamp and random levels (gpuref eval's default: round to
/// nearest even, denormals kept, DX10_CLAMP 1, IEEE 1).
pub use gpuref_amd_gcn5::alu::mode::DEFAULT_MODE;
/// MODE values of rows with a float operand: the default; every denormal flushed with
/// DX10_CLAMP and IEEE off; round toward zero (single and double/half) with denormals kept.
pub const FLOAT_MODES: [u32; 3] = [DEFAULT_MODE, 0x000, 0x3ff];
/// Edge cases per row under the default MODE.
pub const EDGE_CAP: usize = 48;
/// Edge cases per row under each other MODE.
pub const EDGE_CAP_OTHER: usize = 24;
/// Seeded random cases per row.
pub const RANDOM_PER_ROW: usize = 8;

mod values;
use values::Kind;
#[cfg(test)]
use values::F32;

/// What a case sets: an input register, or an immediate in the text (`{K}`).
#[derive(Clone, Debug)]
struct Input {
    /// `gpuref eval` register name, or "" for the immediate.
    name: String,
    kind: Kind,
}

/// How a row's cases are built and read.
#[derive(Clone, Debug)]
struct Plan {
    row: &'static Row,
    /// The text with `{K}` where an immediate goes.
    text: String,
    /// The VOP3 form's text without modifiers, for rows that take CLAMP (the modifier
    /// forms append their words to it: `forms.rs`).
    vop3_text: Option<String>,
    /// The row takes OMOD (LLVM's profile, `valu::Mods::omod`).
    omod: bool,
    inputs: Vec<Input>,
    /// State the instruction writes that no operand field names (EXEC of V_CMPX,
    /// V_CLREXCP's TRAPSTS); the registers its fields name come from the decoded
    /// instruction ([`writes::explicit`]).
    implicit: Vec<String>,
    /// The destination's float type (for `nan:T` and ranges).
    dst_float: Option<FloatType>,
    float: bool,
    salu: bool,
}

fn vrange(base: u32, dwords: u8) -> String {
    match dwords {
        1 => format!("v{base}"),
        n => format!("v[{base}:{}]", base + u32::from(n) - 1),
    }
}

fn srange(base: u32, dwords: u32) -> String {
    match dwords {
        1 => format!("s{base}"),
        n => format!("s[{base}:{}]", base + n - 1),
    }
}

/// Inputs of a register range: one per eval name (pairs as one 64-bit input, 4 dwords as
/// four 32-bit ones).
fn push_inputs(inputs: &mut Vec<Input>, vgpr: bool, base: u32, ty: Ty) {
    let dw = ty.dwords();
    if dw == 4 {
        for i in 0..4 {
            inputs.push(Input {
                name: format!("{}{}", if vgpr { "v" } else { "s" }, base + i),
                kind: Kind::I32,
            });
        }
    } else {
        inputs.push(Input {
            name: if vgpr {
                vrange(base, dw)
            } else {
                srange(base, u32::from(dw))
            },
            kind: Kind::of(ty),
        });
    }
}

fn float_type(ty: Ty) -> Option<FloatType> {
    match ty {
        Ty::F16 => Some(FloatType::F16),
        Ty::F32 => Some(FloatType::F32),
        Ty::F64 => Some(FloatType::F64),
        _ => None,
    }
}

/// The plan of a VOP3P row: its operand count and types are the VOP3P format's
/// (`formats::vop3p`), not the VALU shape's.
fn vop3p_plan(row: &'static Row) -> Plan {
    use gpuref_amd_gcn5::formats::vop3p;
    let n = vop3p::sources(row);
    let mut inputs = Vec::new();
    let mut ops = vec!["v0".to_string()];
    for i in 0..n {
        let base = 4 + 4 * i as u32;
        push_inputs(&mut inputs, true, base, vop3p::src_type(row, i));
        ops.push(format!("v{base}"));
    }
    Plan {
        row,
        text: format!("{} {}", row.name.to_ascii_lowercase(), ops.join(", ")),
        vop3_text: None,
        omod: false,
        inputs,
        implicit: Vec::new(),
        // A 32-bit float result (MAD/FMA_MIX_F32, DOT2_F32_F16) keeps a kernel's range as
        // a range; the packed and MIXLO/MIXHI results are halves, whose sets are masks.
        dst_float: match vop3p::kind(row) {
            vop3p::Kind::Dot2F16 => Some(FloatType::F32),
            vop3p::Kind::Mix if row.name.ends_with("_MIX_F32") => Some(FloatType::F32),
            _ => None,
        },
        float: vop3p::has_neg(row),
        salu: false,
    }
}

/// The plan of a vector row, or why it has none.
/// `force_e64`: the VOP3 form even where the row has a 32-bit one (for rows whose 32-bit
/// form the executor does not run).
fn valu_plan(row: &'static Row, force_e64: bool) -> Result<Plan, String> {
    if row.format == Format::Vop3p {
        return Ok(vop3p_plan(row));
    }
    let shape = valu_shape(row);
    let lower = row.name.to_ascii_lowercase();
    let short = matches!(row.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
    let e32 = short && shape.e32 && !(force_e64 && shape.e64);
    let mnemonic = if e32 {
        format!("{lower}_e32")
    } else if short {
        format!("{lower}_e64")
    } else {
        lower.clone()
    };
    let mut ops = Vec::new();
    let mut inputs = Vec::new();
    let mut implicit = Vec::new();
    let mut dst_float = None;
    let mut float = false;
    let mut e64_ops = Vec::new();
    for o in &shape.operands {
        float |= o.ty.is_float();
        let (text, text64) = match o.role {
            Role::Vdst => {
                let t = vrange(0, o.ty.dwords());
                dst_float = float_type(o.ty);
                (t.clone(), t)
            }
            Role::Sdst => ("s0".into(), "s0".into()),
            Role::CarryOut => ("vcc".into(), "s[20:21]".into()),
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let i = match o.role {
                    Role::Src0 => 0,
                    Role::Src1 => 1,
                    _ => 2,
                };
                let base = 4 + 4 * i;
                let vgpr = o.kind != SrcKind::Scalar;
                push_inputs(&mut inputs, vgpr, base, o.ty);
                let t = if vgpr {
                    vrange(base, o.ty.dwords())
                } else {
                    srange(base, u32::from(o.ty.dwords()))
                };
                (t.clone(), t)
            }
            Role::CarryIn => {
                inputs.push(Input {
                    name: if e32 { "vcc" } else { "s[22:23]" }.into(),
                    kind: Kind::Bit,
                });
                ("vcc".into(), "s[22:23]".into())
            }
            Role::K => {
                inputs.push(Input {
                    name: String::new(),
                    kind: Kind::of(o.ty),
                });
                ("{K}".into(), "{K}".into())
            }
        };
        ops.push(text);
        e64_ops.push(text64);
    }
    // V_CLREXCP has no operand: it reads and writes TRAPSTS (docs/design/0037).
    if row.name == "V_CLREXCP" {
        inputs.push(Input {
            name: "trapsts".into(),
            kind: Kind::I32,
        });
        implicit.push("trapsts".into());
    } else if ops.is_empty() {
        return Err("no operands: nothing a value vector can observe".into());
    }
    if row.name.starts_with("V_CMPX") {
        implicit.push("exec".into());
    }
    // Rows that read their destination (MAC, the accumulating dots).
    let reads_d = ["MAC", "DOT2C", "DOT4C", "DOT8C"]
        .iter()
        .any(|p| row.name.contains(p));
    if reads_d {
        if let Some(o) = shape.get(Role::Vdst) {
            push_inputs(&mut inputs, true, 0, o.ty);
        }
    }
    let text = format!("{mnemonic} {}", ops.join(", "));
    let vop3_text =
        (shape.e64 && shape.mods.clamp && !ops.contains(&"{K}".to_string())).then(|| {
            let m = if short {
                format!("{lower}_e64")
            } else {
                lower.clone()
            };
            format!("{m} {}", e64_ops.join(", "))
        });
    Ok(Plan {
        row,
        text,
        vop3_text,
        omod: shape.mods.omod,
        inputs,
        implicit,
        dst_float,
        float,
        salu: false,
    })
}

/// The plan of a scalar row, or why it has none.
fn salu_plan(row: &'static Row) -> Result<Plan, String> {
    let lower = row.name.to_ascii_lowercase();
    let mut ops = Vec::new();
    let mut inputs = Vec::new();
    let sopk = row.format == Format::Sopk;
    let reads_d = sopk || row.name.contains("BITSET") || row.name.starts_with("S_CMOV");
    for slot in salu_shape(row) {
        match slot {
            SSlot::Sdst(n) => {
                ops.push(srange(0, n));
                if reads_d {
                    inputs.push(Input {
                        name: srange(0, n),
                        kind: if n == 2 { Kind::I64 } else { Kind::I32 },
                    });
                }
            }
            SSlot::Ssrc0(n) | SSlot::Ssrc1(n) => {
                let base = if matches!(slot, SSlot::Ssrc0(_)) {
                    4
                } else {
                    8
                };
                ops.push(srange(base, n));
                inputs.push(Input {
                    name: srange(base, n),
                    kind: if n == 2 { Kind::I64 } else { Kind::I32 },
                });
            }
            SSlot::Simm16(ImmStyle::Hex) => {
                ops.push("{K}".into());
                inputs.push(Input {
                    name: String::new(),
                    kind: Kind::I16,
                });
            }
            other => return Err(format!("operand {other:?} is not a value a vector varies")),
        }
    }
    inputs.push(Input {
        name: "scc".into(),
        kind: Kind::Bit,
    });
    Ok(Plan {
        row,
        text: format!("{lower} {}", ops.join(", ")).trim_end().to_string(),
        vop3_text: None,
        omod: false,
        inputs,
        implicit: Vec::new(),
        dst_float: None,
        float: false,
        salu: true,
    })
}

/// Individual registers a name covers (`v[0:1]` → v0, v1).
fn expand(name: &str) -> Vec<String> {
    let (prefix, rest) = name.split_at(1);
    match rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .and_then(|r| r.split_once(':'))
    {
        Some((a, b)) => {
            let (a, b): (u32, u32) = (a.parse().unwrap_or(0), b.parse().unwrap_or(0));
            (a..=b).map(|i| format!("{prefix}{i}")).collect()
        }
        None => vec![name.to_string()],
    }
}

/// Why a case has no line: the instruction wrote nothing (on this input).
const NOTHING: &str = "writes nothing a value vector can observe";

/// A case run: the vector line's data, or why the row cannot be run.
fn run_case(
    target: Target,
    plan: &Plan,
    text: &str,
    mode: u32,
    values: &[u64],
) -> Result<Case, String> {
    let mut asm = text.to_string();
    let mut inputs: Vec<(String, u64)> = Vec::new();
    for (inp, v) in plan.inputs.iter().zip(values) {
        if inp.name.is_empty() {
            asm = asm.replace("{K}", &format!("{v:#x}"));
        } else {
            inputs.push((inp.name.clone(), *v));
        }
    }
    inputs.push(("exec".into(), 1));
    let inst = formats::parse(target, &asm).map_err(|e| format!("`{asm}` does not parse: {e}"))?;
    let asm = inst.to_string();
    let words = encode(&inst);
    let mut w = wave(mode, &inputs)?;
    let before = w.clone();
    execute(&mut w, &inst).map_err(|e| e.to_string())?;
    // Outputs: the destinations the decoded fields name and the implicit state, then
    // every other register that changed.
    let written = writes::explicit(&inst);
    let mut names: Vec<String> = written.iter().map(|w| w.name.clone()).collect();
    names.extend(plan.implicit.iter().cloned());
    let lane_masks: Vec<&str> = written
        .iter()
        .filter(|w| w.lane_mask)
        .map(|w| w.name.as_str())
        .chain(
            plan.implicit
                .iter()
                .map(String::as_str)
                .filter(|n| *n == "exec"),
        )
        .collect();
    let covered: HashSet<String> = names.iter().flat_map(|n| expand(n)).collect();
    let mut changed = Vec::new();
    for (i, (x, y)) in before.sgpr.iter().zip(&w.sgpr).enumerate() {
        if x != y {
            changed.push(format!("s{i}"));
        }
    }
    for (i, (x, y)) in before.vgpr.iter().zip(&w.vgpr).enumerate() {
        if x[0] != y[0] {
            changed.push(format!("v{i}"));
        }
    }
    for (name, x, y) in [
        ("vcc", before.vcc, w.vcc),
        ("exec", before.exec, w.exec),
        ("m0", u64::from(before.m0), u64::from(w.m0)),
    ] {
        if x != y {
            changed.push(name.into());
        }
    }
    if w.pc != before.pc.wrapping_add(4 * words.len() as u64) {
        changed.push("pc".into());
    }
    let mut scc = before.scc != w.scc;
    if plan.salu && !scc {
        // SCC written with the value it had: run again with SCC flipped.
        let mut w2 = before.clone();
        w2.scc = !w2.scc;
        let b2 = w2.scc;
        if execute(&mut w2, &inst).is_ok() && w2.scc != b2 {
            scc = true;
        }
    }
    if scc {
        changed.push("scc".into());
    }
    names.extend(changed.into_iter().filter(|n| !covered.contains(n)));
    let new_flags = w.trapsts & EXCP_MASK & !before.trapsts;
    let read =
        |n: &str| -> Result<u64, String> { Ok(get(&w, crate::isa::gcn5::eval::parse_reg(n)?)) };
    let mut outputs: Vec<(String, Spec)> = Vec::new();
    for n in &names {
        outputs.push((n.clone(), Spec::exact(read(n)?)));
    }
    let mut flags = FlagSpec::Exact(flags_of_trapsts(new_flags));
    let mut rules = Vec::new();
    let main = format!("gcn5.{}", plan.row.name.to_ascii_lowercase());
    if resolve(&main).is_some() {
        rules.push(main);
    }
    for u in w.unsettled.iter().filter(|u| u.lane == 0) {
        let why = &u.why;
        if !rules.iter().any(|r| r == why.rule) {
            rules.push(why.rule.to_string());
        }
        if !why.flags_settled {
            flags = FlagSpec::Unchecked;
        }
        match why.output {
            Output::D => {
                let name = vrange(u32::from(u.vdst), u.dwords.max(1));
                let v = read(&name)?;
                let alt = match (why.accept, plan.dst_float) {
                    (Accept::Mask(m), _) => Alt::Masked {
                        value: v & m,
                        mask: m,
                    },
                    (Accept::AnyNan, Some(t)) => Alt::AnyNan(t),
                    (Accept::Range { lo, hi }, Some(ty)) => Alt::Range { lo, hi, ty },
                    _ => Alt::Masked { value: 0, mask: 0 },
                };
                // gpuref's own value is always accepted: where a kernel's set misses it
                // (a kernel inconsistency, reported in note 0033), it is added.
                let spec = if alt.accepts(v) {
                    Spec(vec![alt])
                } else {
                    Spec(vec![Alt::Exact(v), alt])
                };
                match outputs.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, s)) => *s = spec,
                    None => outputs.push((name, spec)),
                }
            }
            Output::Carry => {
                let settled = matches!(why.accept, Accept::Mask(m) if m & 1 == 1);
                if !settled {
                    for (n, s) in outputs.iter_mut() {
                        if lane_masks.contains(&n.as_str()) {
                            let v = read(n)?;
                            *s = Spec(vec![Alt::Masked {
                                value: v & !1,
                                mask: !1,
                            }]);
                        }
                    }
                }
            }
        }
    }
    // State the executor lists as gpuref's choice: V_CLREXCP's TRAPSTS.EXCP.
    for (what, rule) in &w.program_unsettled {
        if *what != "trapsts.excp" {
            return Err(format!("unsettled `{what}`: no value-vector form"));
        }
        let keep = !gpuref_amd_gcn5::alu::vexec::TRAPSTS_EXCP;
        let spec = Spec(vec![Alt::Masked {
            value: u64::from(w.trapsts & keep),
            mask: u64::from(keep),
        }]);
        match outputs.iter_mut().find(|(n, _)| n == "trapsts") {
            Some((_, s)) => *s = spec,
            None => outputs.push(("trapsts".into(), spec)),
        }
        if !rules.iter().any(|r| r == rule) {
            rules.push(rule.to_string());
        }
    }
    let listed = outputs.iter().any(|(n, _)| n == "trapsts");
    if !listed && (new_flags != 0 || w.trapsts != before.trapsts) {
        let v = u64::from(w.trapsts);
        let spec = match flags {
            FlagSpec::Exact(_) => Spec::exact(v),
            FlagSpec::Unchecked => Spec(vec![Alt::Masked {
                value: v & !u64::from(EXCP_MASK) & 0xffff_ffff,
                mask: !u64::from(EXCP_MASK) & 0xffff_ffff,
            }]),
        };
        outputs.push(("trapsts".into(), spec));
    }
    if outputs.is_empty() {
        return Err(NOTHING.into());
    }
    let mode_text = format!("mode={mode:#x}");
    let mnemonic = asm.split_whitespace().next().unwrap_or("").to_string();
    Ok(Case {
        id: case_id(&mnemonic, &format!("{mode_text}|{asm}"), values),
        words,
        asm,
        mode: mode_text,
        inputs,
        outputs,
        flags,
        rules,
        line: 0,
    })
}

/// Value tuples: each source's edge classes (the i-th class in every position), then
/// seeded crossings, `cap` at most, without repeats.
fn edge_tuples(plan: &Plan, rng: &mut Rng, cap: usize) -> Vec<Vec<u64>> {
    let edges: Vec<Vec<u64>> = plan.inputs.iter().map(|i| i.kind.edges()).collect();
    let longest = edges.iter().map(Vec::len).max().unwrap_or(0);
    let total: usize = edges.iter().map(Vec::len).product();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut push = |t: Vec<u64>, out: &mut Vec<Vec<u64>>| {
        if out.len() < cap && seen.insert(t.clone()) {
            out.push(t);
        }
    };
    for i in 0..longest {
        push(edges.iter().map(|e| e[i % e.len()]).collect(), &mut out);
    }
    let mut tries = 0;
    while out.len() < cap.min(total) && tries < cap * 20 {
        tries += 1;
        let t = edges
            .iter()
            .map(|e| e[rng.next_u64() as usize % e.len()])
            .collect();
        push(t, &mut out);
    }
    out
}

/// Crossings of the edge values in a fixed order, for a group whose cases all check the
/// same value: source k takes class `(i + k * d) % len` for d = 1, 2, ... and then 0
/// (the diagonal), i = 0, 1, ...; at most 1024 tuples.
fn varied_tuples(plan: &Plan) -> impl Iterator<Item = Vec<u64>> + '_ {
    let edges: Vec<Vec<u64>> = plan.inputs.iter().map(|i| i.kind.edges()).collect();
    let longest = edges.iter().map(Vec::len).max().unwrap_or(0).max(1);
    (1..=longest)
        .flat_map(move |d| (0..longest).map(move |i| (d % longest, i)))
        .map(move |(d, i)| {
            edges
                .iter()
                .enumerate()
                .map(|(k, e)| e[(i + k * d) % e.len()])
                .collect()
        })
        .take(1024)
}

/// More tuples of the random level, after its first `n`, each followed by a copy whose
/// sources of source 0's kind all take source 0's value, or whose 32-bit source 0 is the
/// 16-bit immediate sign-extended (equal operands, which random bits almost never give):
/// at most 512 pairs.
fn random_pool(target: Target, plan: &Plan, n: usize) -> Vec<Vec<u64>> {
    let seed = format!("alu-random|{}|{}", target.name(), plan.row.name);
    let mut rng = Rng::from_name(&seed);
    let draw =
        |rng: &mut Rng| -> Vec<u64> { plan.inputs.iter().map(|i| i.kind.random(rng)).collect() };
    for _ in 0..n {
        draw(&mut rng);
    }
    let mut out = Vec::new();
    for _ in 0..512 {
        let t = draw(&mut rng);
        let mut same = t.clone();
        if let Some(first) = plan.inputs.first() {
            for (k, inp) in plan.inputs.iter().enumerate().skip(1) {
                if inp.kind == first.kind && !inp.name.is_empty() {
                    same[k] = t[0];
                } else if inp.kind == Kind::I16 && first.kind == Kind::I32 {
                    // SOPK: the register equal to the sign-extended immediate.
                    same[0] = t[k] as u16 as i16 as i32 as u32 as u64;
                }
            }
        }
        out.push(t);
        out.push(same);
    }
    out
}

/// A level of the corpus: the `level=` key of a `##` group line (docs/vector-format.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Edge values of each source's type, every class crossed.
    Edge,
    /// The special classes of the float sources crossed: every pair (docs/design/0048).
    Special,
    /// Inputs z3 found in a named coverage model's condition (docs/design/0041).
    Coverage,
    /// Inputs on which the z3 cross-check found model and kernel disagreeing, kept by name
    /// after the disagreement was resolved (`gpuref_smt::gcn5::regressions`).
    Regression,
    /// Seeded random values (an edge with probability 1/4, else random bits).
    Random,
}

impl Level {
    /// The name in group lines and in the `level` header.
    pub fn name(self) -> &'static str {
        match self {
            Level::Edge => "edge",
            Level::Special => "special",
            Level::Coverage => "coverage",
            Level::Regression => "regression",
            Level::Random => "random",
        }
    }
}

/// Which levels a file gets: the committed corpus, or an on-demand random level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    pub edge: bool,
    /// The special-value level under the default MODE (docs/design/0048).
    pub special: bool,
    /// The special-value level under every other MODE of the row's edge level too
    /// (`gpuref generate --special-all`, on demand: over the budget, docs/design/0048).
    pub special_all: bool,
    /// The coverage level (the cached z3 answers of `conformance/coverage/`).
    pub coverage: bool,
    /// The named regressions of the z3 cross-check.
    pub regression: bool,
    /// Seeded random cases per row (0: no random level).
    pub random: usize,
}

impl Levels {
    /// The committed corpus: the edge, special (default MODE) and coverage levels and
    /// [`RANDOM_PER_ROW`] random cases per row.
    pub const COMMITTED: Levels = Levels {
        edge: true,
        special: true,
        special_all: false,
        coverage: true,
        regression: true,
        random: RANDOM_PER_ROW,
    };
    /// `gpuref generate --random N`: only a random level of `n` cases per row.
    pub fn random_only(n: usize) -> Levels {
        Levels {
            edge: false,
            special: false,
            special_all: false,
            coverage: false,
            regression: false,
            random: n,
        }
    }
    /// `gpuref generate --special-all`: only the special-value level, under every MODE of
    /// each row's edge level.
    pub const SPECIAL_ALL: Levels = Levels {
        edge: false,
        special: true,
        special_all: true,
        coverage: false,
        regression: false,
        random: 0,
    };
}

/// One group of a row's cases: its `##` line says the level, the MODE and why it exists.
struct Group<'a> {
    level: Level,
    /// Keys after `mode=` on the group line (` form=clamp`), or "".
    keys: String,
    why: String,
    text: Cow<'a, str>,
    mode: u32,
    tuples: Vec<Vec<u64>>,
}

impl Group<'_> {
    fn line(&self, row: &str) -> String {
        format!(
            "{row} level={} mode={:#x}{}: {}",
            self.level.name(),
            self.mode,
            self.keys,
            self.why
        )
    }
}

/// The edge level: every MODE the row reads, then the modifier forms (`forms.rs`), then,
/// for the MIX rows, the OPSEL forms ([`mix::groups`]).
fn edge_groups<'a>(target: Target, plan: &'a Plan) -> Vec<Group<'a>> {
    let mut rng = Rng::from_name(&format!("alu|{}|{}", target.name(), plan.row.name));
    let modes: &[u32] = if plan.float {
        &FLOAT_MODES
    } else {
        &[DEFAULT_MODE]
    };
    let mut out = Vec::new();
    for (i, &mode) in modes.iter().enumerate() {
        let cap = if i == 0 { EDGE_CAP } else { EDGE_CAP_OTHER };
        out.push(Group {
            level: Level::Edge,
            keys: String::new(),
            why: "every class of each source in every position, then seeded crossings".into(),
            text: Cow::Borrowed(&plan.text),
            mode,
            tuples: edge_tuples(plan, &mut rng, cap),
        });
    }
    out.extend(forms::groups(plan, &mut rng));
    out
}

/// The random level: `n` cases from a seed of its own (target and row), so the committed
/// level is the first [`RANDOM_PER_ROW`] cases of any larger on-demand one.
fn random_group<'a>(target: Target, plan: &'a Plan, n: usize) -> Group<'a> {
    let seed = format!("alu-random|{}|{}", target.name(), plan.row.name);
    let mut rng = Rng::from_name(&seed);
    let tuples = (0..n)
        .map(|_| {
            plan.inputs
                .iter()
                .map(|i| i.kind.random(&mut rng))
                .collect()
        })
        .collect();
    Group {
        level: Level::Random,
        keys: String::new(),
        why: format!("seeded random values (seed `{seed}`)"),
        text: Cow::Borrowed(&plan.text),
        mode: DEFAULT_MODE,
        tuples,
    }
}

/// A row's groups, in file order: edge, special, coverage, regression, random.
fn groups<'a>(target: Target, plan: &'a Plan, levels: Levels) -> Vec<Group<'a>> {
    let mut out = Vec::new();
    if levels.edge {
        out.extend(edge_groups(target, plan));
        out.extend(mix::groups(target, plan));
    }
    if levels.special {
        out.extend(special::groups(plan, levels.special_all));
    }
    if levels.coverage {
        out.extend(coverage::groups(target, plan));
    }
    if levels.regression {
        out.extend(coverage::regression_groups(plan));
    }
    if levels.random > 0 {
        out.push(random_group(target, plan, levels.random));
    }
    out
}

/// The cases of one row into `file` (its groups and cases), or why it has none.
fn row_cases(
    target: Target,
    plan: &Plan,
    levels: Levels,
    file: &mut VecFile,
) -> Result<(), String> {
    let groups = groups(target, plan, levels);
    // A case appears once. The regression and coverage levels claim their cases first, so
    // that a named input that repeats an edge value keeps its name (the edge group drops
    // the case). The special level claims before the edge and random levels, so that its
    // crossing stays whole in its group (a compare's special group holds both answers: the
    // equal pairs are its own) and the edge group under the default MODE keeps the tuples
    // the crossing does not hold (docs/design/0048). The file order stays edge, special,
    // coverage, regression, random.
    let mut claim: Vec<usize> = (0..groups.len()).collect();
    claim.sort_by_key(|&i| match groups[i].level {
        Level::Regression => 0,
        Level::Coverage => 1,
        Level::Special => 2,
        Level::Edge | Level::Random => 3,
    });
    let mut ids = HashSet::new();
    let mut cases: Vec<Vec<Case>> = groups.iter().map(|_| Vec::new()).collect();
    for i in claim {
        let g = &groups[i];
        for t in &g.tuples {
            let case = match run_case(target, plan, &g.text, g.mode, t) {
                Err(e) if e == NOTHING => continue,
                r => r?,
            };
            if ids.insert(case.id.clone()) {
                cases[i].push(case);
            }
        }
    }
    // A group whose cases all expect the same checked value checks nothing an emulator
    // could get wrong inside it (a compare on equal operands is always false for `lt`):
    // an edge or random group of two or more cases gets one more case, the first of the
    // varied crossings (`varied_tuples`; for the random level `random_pool`) whose
    // checked value differs.
    for (g, cs) in groups.iter().zip(cases.iter_mut()) {
        if !matches!(g.level, Level::Edge | Level::Random) || cs.len() < 2 {
            continue;
        }
        let Ok(inst) = formats::decode(target, &cs[0].words).map(|(i, _)| i) else {
            continue;
        };
        let dsts = writes::explicit(&inst);
        let first = writes::checked(&cs[0], &dsts);
        if cs.iter().any(|c| writes::checked(c, &dsts) != first) {
            continue;
        }
        let pool: Vec<Vec<u64>> = match g.level {
            Level::Random => random_pool(target, plan, g.tuples.len()),
            _ => varied_tuples(plan).collect(),
        };
        for t in pool {
            let Ok(case) = run_case(target, plan, &g.text, g.mode, &t) else {
                continue;
            };
            if writes::checked(&case, &dsts) != first && ids.insert(case.id.clone()) {
                cs.push(case);
                break;
            }
        }
    }
    if cases.iter().all(Vec::is_empty) {
        return Err(NOTHING.into());
    }
    for (g, cs) in groups.iter().zip(cases) {
        if !cs.is_empty() {
            file.groups.push((file.cases.len(), g.line(plan.row.name)));
            file.cases.extend(cs);
        }
    }
    Ok(())
}

/// Every ALU row of a target with a kernel, with its plan or why it has none.
fn plans(target: Target) -> Vec<(&'static Row, Result<Plan, String>)> {
    rows()
        .filter(|r| r.targets.contains(target))
        .filter_map(|r| {
            if salu::KERNELS.iter().any(|k| k.name == r.name) {
                Some((r, salu_plan(r)))
            } else if valu::kernel(r.name).is_some() || r.name == "V_CLREXCP" {
                // V_CLREXCP, a wave-level row, has a value to observe: TRAPSTS.
                Some((r, valu_plan(r, false)))
            } else {
                None
            }
        })
        .collect()
}

/// One row's file (its groups and cases), or why the row has none.
pub struct RowFile {
    pub row: &'static Row,
    pub result: Result<VecFile, String>,
}

/// Every ALU row of a target with a kernel, in table order, with its cases at `levels`.
pub fn row_files(target: Target, levels: Levels) -> Vec<RowFile> {
    plans(target)
        .into_iter()
        .map(|(row, plan)| {
            let mut file = VecFile::default();
            let mut r = plan.and_then(|p| row_cases(target, &p, levels, &mut file));
            if r.is_err() && !row.name.starts_with("S_") {
                // The 32-bit form may be what does not run: try the VOP3 form.
                file = VecFile::default();
                if let Ok(p) = valu_plan(row, true) {
                    if !p.text.contains("_e32") {
                        r = row_cases(target, &p, levels, &mut file);
                    }
                }
            }
            RowFile {
                row,
                result: r.map(|()| file),
            }
        })
        .collect()
}

/// The corpus folder of a target.
pub fn target_dir(target: Target) -> &'static str {
    super::encoding::target_dir(target)
}

#[cfg(test)]
mod tests;
