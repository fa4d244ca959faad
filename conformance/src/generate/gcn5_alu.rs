//! GCN5 (gfx900, `vectors/amd-gcn5-vega/alu/`) and CDNA1 (gfx908,
//! `vectors/amd-gcn5-mi100/alu/`) ALU value vectors: for every scalar row with a kernel in
//! `alu::salu::KERNELS` and every vector row with a kernel in `alu::valu::TABLES`, edge
//! values of each source's type (every class in every source position, then seeded
//! crossings, at most [`EDGE_CAP`] per row and mode), under the MODE values the row reads
//! ([`FLOAT_MODES`] for rows with a float operand, [`DEFAULT_MODE`] otherwise), the VOP3
//! CLAMP form of rows that take it, and a small seeded-random level. The layout is in
//! docs/vector-format.md ("GCN5 ALU value vectors"); the design in docs/design/0033.
//!
//! A case is run through the real path: its text is parsed (`formats::parse`), encoded, and
//! executed by `alu::execute` on a wave whose registers are 0 unless set, EXEC = 1. What
//! the lane's `Unsettled` says becomes the acceptance set. A row whose text does not parse
//! or that does not execute is listed in the file's `uncovered` header with the reason.

pub mod coverage;

use super::{case_id, Rng};
use crate::reference::gcn5_alu::{flags_of_trapsts, get, wave, EXCP_MASK};
use crate::vector::{Alt, Case, FlagSpec, FloatType, Spec, VecFile};
use gpuref_amd_gcn5::alu::rules::resolve;
use gpuref_amd_gcn5::alu::valu::{Accept, Output};
use gpuref_amd_gcn5::alu::{execute, salu, valu};
use gpuref_amd_gcn5::formats::salu::{shape as salu_shape, ImmStyle, Slot as SSlot};
use gpuref_amd_gcn5::formats::valu::{shape as valu_shape, Role, SrcKind, Ty};
use gpuref_amd_gcn5::formats::{self, encode};
use gpuref_amd_gcn5::instructions::{rows, Format, Row};
use gpuref_amd_gcn5::Target;
use std::collections::{BTreeMap, HashSet};

/// MODE of integer rows and of the clamp and random levels (gpuref eval's default: round to
/// nearest even, denormals kept, DX10_CLAMP 1, IEEE 1).
pub const DEFAULT_MODE: u32 = 0x3f0;
/// MODE values of rows with a float operand: the default; every denormal flushed with
/// DX10_CLAMP and IEEE off; round toward zero (single and double/half) with denormals kept.
pub const FLOAT_MODES: [u32; 3] = [DEFAULT_MODE, 0x000, 0x3ff];
/// Edge cases per row under the default MODE.
pub const EDGE_CAP: usize = 48;
/// Edge cases per row under each other MODE.
pub const EDGE_CAP_OTHER: usize = 24;
/// Edge cases per row of the CLAMP form.
pub const CLAMP_CAP: usize = 16;
/// Seeded random cases per row.
pub const RANDOM_PER_ROW: usize = 8;

/// The value classes of an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    F16,
    F32,
    F64,
    I16,
    I32,
    I64,
    V2F16,
    V2I16,
    /// A lane-mask or SCC bit: 0 or 1.
    Bit,
}

const F16: &[u64] = &[
    0, 0x8000, 1, 0x8001, 0x3ff, 0x83ff, 0x400, 0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x7c00,
    0xfc00, 0x7e00, 0x7d23,
];
const F32: &[u64] = &[
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x7f_ffff,
    0x807f_ffff,
    0x80_0000,
    0x8080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7fa1_2345,
];
const F64: &[u64] = &[
    0,
    0x8000_0000_0000_0000,
    1,
    0x8000_0000_0000_0001,
    0x000f_ffff_ffff_ffff,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x8010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff4_0000_0012_3456,
];
const I16: &[u64] = &[
    0, 1, 2, 0x7fff, 0x8000, 0xffff, 0xf, 0x10, 0x11, 0xff, 0x100, 0xfffe,
];
const I32: &[u64] = &[
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0xffff_fffe,
    0x1f,
    0x20,
    0x21,
    0xff,
    0x100,
    0x7fff,
    0x8000,
    0xffff,
    0x1_0000,
    0x7f_ffff,
    0x80_0000,
    0xff_ffff,
];
const I64: &[u64] = &[
    0,
    1,
    2,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0xffff_ffff,
    0x1_0000_0000,
    0x3f,
    0x40,
    0x41,
    0x8000_0000,
];

impl Kind {
    fn of(ty: Ty) -> Kind {
        match ty {
            Ty::I16 => Kind::I16,
            Ty::F16 => Kind::F16,
            Ty::V2I16 => Kind::V2I16,
            Ty::V2F16 => Kind::V2F16,
            Ty::I32 | Ty::B128 => Kind::I32,
            Ty::F32 => Kind::F32,
            Ty::I64 => Kind::I64,
            Ty::F64 => Kind::F64,
        }
    }

    /// The edge values: every class of the type.
    fn edges(self) -> Vec<u64> {
        let packed = |e: &[u64]| -> Vec<u64> {
            (0..e.len())
                .map(|i| e[i] | e[(i + 5) % e.len()] << 16)
                .collect()
        };
        match self {
            Kind::F16 => F16.to_vec(),
            Kind::F32 => F32.to_vec(),
            Kind::F64 => F64.to_vec(),
            Kind::I16 => I16.to_vec(),
            Kind::I32 => I32.to_vec(),
            Kind::I64 => I64.to_vec(),
            Kind::V2F16 => packed(F16),
            Kind::V2I16 => packed(I16),
            Kind::Bit => vec![0, 1],
        }
    }

    /// A random value: an edge, or random bits of the width.
    fn random(self, rng: &mut Rng) -> u64 {
        let r = rng.next_u64();
        let e = self.edges();
        if r & 3 == 0 {
            return e[(r >> 8) as usize % e.len()];
        }
        let v = rng.next_u64();
        match self {
            Kind::F16 | Kind::I16 => v & 0xffff,
            Kind::F32 | Kind::I32 | Kind::V2F16 | Kind::V2I16 => v & 0xffff_ffff,
            Kind::F64 | Kind::I64 => v,
            Kind::Bit => v & 1,
        }
    }
}

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
    /// The CLAMP form's text, for rows that take it.
    clamp_text: Option<String>,
    inputs: Vec<Input>,
    /// Registers the instruction always writes (eval names; pairs as `v[0:1]`).
    dsts: Vec<String>,
    /// Outputs holding a lane mask (the lane's bit may be unsettled).
    lane_masks: Vec<String>,
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
        clamp_text: None,
        inputs,
        dsts: vec!["v0".into()],
        lane_masks: Vec::new(),
        dst_float: None,
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
    let mut dsts = Vec::new();
    let mut lane_masks = Vec::new();
    let mut dst_float = None;
    let mut float = false;
    let mut e64_ops = Vec::new();
    for o in &shape.operands {
        float |= o.ty.is_float();
        let (text, text64) = match o.role {
            Role::Vdst => {
                let t = vrange(0, o.ty.dwords());
                if o.ty.dwords() == 4 {
                    dsts.extend((0..4).map(|i| format!("v{i}")));
                } else {
                    dsts.push(t.clone());
                }
                dst_float = float_type(o.ty);
                (t.clone(), t)
            }
            Role::Sdst => {
                dsts.push("s0".into());
                ("s0".into(), "s0".into())
            }
            Role::CarryOut => {
                dsts.push(if e32 { "vcc" } else { "s[20:21]" }.into());
                lane_masks.push(if e32 { "vcc" } else { "s[20:21]" }.to_string());
                ("vcc".into(), "s[20:21]".into())
            }
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
    if ops.is_empty() {
        return Err("no operands: nothing a value vector can observe".into());
    }
    if row.name.starts_with("V_CMPX") {
        dsts.push("exec".into());
        lane_masks.push("exec".into());
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
    let clamp_text =
        (shape.e64 && shape.mods.clamp && !ops.contains(&"{K}".to_string())).then(|| {
            let m = if short {
                format!("{lower}_e64")
            } else {
                lower.clone()
            };
            format!("{m} {} clamp", e64_ops.join(", "))
        });
    Ok(Plan {
        row,
        text,
        clamp_text,
        inputs,
        dsts,
        lane_masks,
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
    let mut dsts = Vec::new();
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
                if !row.name.starts_with("S_CMPK") {
                    dsts.push(srange(0, n));
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
        clamp_text: None,
        inputs,
        dsts,
        lane_masks: Vec::new(),
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
    // Outputs: the destinations, then every other register that changed.
    let mut names: Vec<String> = plan.dsts.clone();
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
    let read = |n: &str| -> Result<u64, String> { Ok(get(&w, crate::eval::parse_reg(n)?)) };
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
                        if plan.lane_masks.contains(n) {
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
    if new_flags != 0 || w.trapsts != before.trapsts {
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

/// One target's files: name → (cases with their groups, uncovered rows).
type Files = BTreeMap<String, (VecFile, Vec<String>)>;

fn row_cases(target: Target, plan: &Plan, file: &mut VecFile) -> Result<(), String> {
    let row = plan.row;
    let mut rng = Rng::from_name(&format!("alu|{}|{}", target.name(), row.name));
    let modes: &[u32] = if plan.float {
        &FLOAT_MODES
    } else {
        &[DEFAULT_MODE]
    };
    let mut ids = HashSet::new();
    let mut levels: Vec<(String, &str, u32, Vec<Vec<u64>>)> = Vec::new();
    for (i, &mode) in modes.iter().enumerate() {
        let cap = if i == 0 { EDGE_CAP } else { EDGE_CAP_OTHER };
        levels.push((
            format!("{}: edge values, mode={mode:#x}", row.name),
            &plan.text,
            mode,
            edge_tuples(plan, &mut rng, cap),
        ));
    }
    if let Some(t) = &plan.clamp_text {
        levels.push((
            format!(
                "{}: edge values, CLAMP form, mode={DEFAULT_MODE:#x}",
                row.name
            ),
            t,
            DEFAULT_MODE,
            edge_tuples(plan, &mut rng, CLAMP_CAP),
        ));
    }
    levels.extend(coverage::levels(target, plan));
    let random = (0..RANDOM_PER_ROW)
        .map(|_| {
            plan.inputs
                .iter()
                .map(|i| i.kind.random(&mut rng))
                .collect()
        })
        .collect();
    levels.push((
        format!("{}: seeded random, mode={DEFAULT_MODE:#x}", row.name),
        &plan.text,
        DEFAULT_MODE,
        random,
    ));
    let mut out = Vec::new();
    for (group, text, mode, tuples) in levels {
        let at = file.cases.len() + out.len();
        let mut any = false;
        for t in tuples {
            let case = match run_case(target, plan, text, mode, &t) {
                Err(e) if e == NOTHING => continue,
                r => r?,
            };
            if ids.insert(case.id.clone()) {
                out.push(case);
                any = true;
            }
        }
        if any {
            file.groups.push((at, group));
        }
    }
    if out.is_empty() {
        return Err(NOTHING.into());
    }
    file.cases.extend(out);
    Ok(())
}

/// Every ALU row of a target with a kernel, with its plan or why it has none.
fn plans(target: Target) -> Vec<(&'static Row, Result<Plan, String>)> {
    rows()
        .filter(|r| r.targets.contains(target))
        .filter_map(|r| {
            if salu::KERNELS.iter().any(|k| k.name == r.name) {
                Some((r, salu_plan(r)))
            } else if valu::kernel(r.name).is_some() {
                Some((r, valu_plan(r, false)))
            } else {
                None
            }
        })
        .collect()
}

fn target_files(target: Target) -> Files {
    let mut files: Files = BTreeMap::new();
    for (row, plan) in plans(target) {
        let name = row.format.name().to_ascii_lowercase();
        let (file, uncovered) = files.entry(name).or_default();
        let groups = file.groups.len();
        let cases = file.cases.len();
        let mut r = plan.and_then(|p| row_cases(target, &p, file));
        if r.is_err() && !row.name.starts_with("S_") {
            // The 32-bit form may be what does not run: try the VOP3 form.
            file.groups.truncate(groups);
            file.cases.truncate(cases);
            if let Ok(p) = valu_plan(row, true) {
                if !p.text.contains("_e32") && row_cases(target, &p, file).is_ok() {
                    r = Ok(());
                }
            }
        }
        if let Err(e) = r {
            file.groups.truncate(groups);
            file.cases.truncate(cases);
            uncovered.push(format!("{} ({e})", row.name));
        }
    }
    files
}

/// The corpus folder of a target.
pub fn target_dir(target: Target) -> &'static str {
    super::gcn5_encoding::target_dir(target)
}

/// Every ALU value-vector file: (path relative to the corpus root, content).
pub fn files(common: &[(String, String)]) -> Vec<(String, VecFile)> {
    let mut out = Vec::new();
    for target in [Target::Gfx900, Target::Gfx908] {
        for (name, (mut file, uncovered)) in target_files(target) {
            let mut header = common.to_vec();
            header.extend([
                ("isa".to_string(), "gcn5".to_string()),
                ("target".into(), target.name().to_string()),
                ("kind".into(), "alu".into()),
                ("instruction".into(), format!("alu.{name}")),
                ("mode".into(), format!("mode={DEFAULT_MODE:#x}")),
                ("level".into(), "edge,coverage,random".into()),
            ]);
            if !uncovered.is_empty() {
                header.push(("uncovered".into(), uncovered.join("; ")));
            }
            file.header = header;
            out.push((format!("{}/alu/{name}.vec", target_dir(target)), file));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_names_expand() {
        assert_eq!(expand("v[0:1]"), vec!["v0", "v1"]);
        assert_eq!(expand("s[20:21]"), vec!["s20", "s21"]);
        assert_eq!(expand("vcc"), vec!["vcc"]);
    }

    #[test]
    fn edge_tuples_put_every_class_in_every_position_and_respect_the_cap() {
        let row = gpuref_amd_gcn5::formats::valu::row_by_name(Target::Gfx900, "V_ADD_F32")
            .expect("V_ADD_F32");
        let plan = valu_plan(row, false).unwrap();
        assert_eq!(plan.text, "v_add_f32_e32 v0, v4, v8");
        let mut rng = Rng::from_name("t");
        let t = edge_tuples(&plan, &mut rng, EDGE_CAP);
        assert_eq!(t.len(), EDGE_CAP);
        for k in 0..2 {
            for e in F32 {
                assert!(t.iter().any(|x| x[k] == *e), "{e:#x} in position {k}");
            }
        }
    }

    /// A small file of a few rows (one of each kind of plan), built as `files` builds them.
    fn small_file(target: Target) -> VecFile {
        let mut file = VecFile::default();
        for name in [
            "S_ADD_U32",
            "S_MOVK_I32",
            "V_ADD_F32",
            "V_CMP_LT_F64",
            "V_FMA_F32",
            "V_PK_ADD_F16",
            "V_ADDC_CO_U32",
        ] {
            let row = rows()
                .find(|r| r.name == name && r.targets.contains(target))
                .unwrap_or_else(|| panic!("{name}"));
            let plan = if name.starts_with("S_") {
                salu_plan(row)
            } else {
                valu_plan(row, false)
            }
            .unwrap();
            row_cases(target, &plan, &mut file).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut header = crate::generate::gcn5_common_header();
        header.extend([
            ("isa".to_string(), "gcn5".to_string()),
            ("target".into(), target.name().into()),
            ("kind".into(), "alu".into()),
        ]);
        file.header = header;
        file
    }

    #[test]
    fn generation_is_deterministic() {
        for t in [Target::Gfx900, Target::Gfx908] {
            let a = small_file(t).to_text();
            assert_eq!(a, small_file(t).to_text());
            assert!(a.lines().count() > 200, "{a}");
        }
    }

    fn check_text(name: &str, text: &str) -> crate::check::FileResult {
        let path =
            std::env::temp_dir().join(format!("gpuref-alu-{}-{name}.vec", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let r = crate::check::check_file(&path);
        let _ = std::fs::remove_file(&path);
        r
    }

    #[test]
    fn the_reference_accepts_generated_cases_and_rejects_a_wrong_value_by_file_and_line() {
        let file = small_file(Target::Gfx900);
        let text = file.to_text();
        let r = check_text("good", &text);
        assert!(r.parse_errors.is_empty(), "{:?}", r.parse_errors);
        assert_eq!(
            (r.failed, r.passed),
            (0, file.cases.len()),
            "{:?}",
            r.failures
        );
        // V_ADD_F32 1.0 + 1.0 = 2.0 (0x40000000); claim 0x40000001 instead.
        let line = text
            .lines()
            .position(|l| {
                l.contains("v_add_f32_e32")
                    && l.contains("v4=0x3f800000 v8=0x3f800000")
                    && l.contains("mode=0x3f0")
            })
            .expect("the 1 + 1 case");
        let bad: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i == line {
                    l.replace("v0=0x40000000", "v0=0x40000001")
                } else {
                    l.to_string()
                }
            })
            .collect();
        let r = check_text("bad", &(bad.join("\n") + "\n"));
        assert_eq!(r.failed, 1, "{:?}", r.failures);
        let f = &r.failures[0];
        assert!(f.contains(&format!("-bad.vec:{})", line + 1)), "{f}");
        assert!(
            f.contains("v_add_f32_e32 v0, v4, v8")
                && f.contains("expected: v0=0x40000001")
                && f.contains("got:      v0=0x40000000"),
            "{f}"
        );
    }

    #[test]
    fn malformed_lines_are_errors_with_line_and_column() {
        let head = "#!gpuref-vectors 1\n#!isa gcn5\n#!target gfx900\n#!kind alu\n";
        let good = "x.1\t00001104\tv_cndmask_b32_e32 v0, v4, v8, vcc\tmode=0x3f0\tv4=0x1 exec=0x1\tv0=0x1\tnone\t-";
        let r = check_text("ok", &format!("{head}{good}\n"));
        assert!(
            r.parse_errors.is_empty() && r.failed == 0,
            "{:?} {:?}",
            r.parse_errors,
            r.failures
        );
        // Columns: the id and the words take 4 + 9 characters, so the asm starts at 14, the
        // mode at 48, the inputs at 59 and the outputs at 75.
        let cases = [
            (
                good.replace("mode=0x3f0", "round=rne"),
                48,
                "unknown mode item",
            ),
            (good.replace("v4=0x1", "q4=0x1"), 59, "input `q4`"),
            (
                good.replace("v4=0x1", "v4=0x100000000"),
                62,
                "does not fit in 32 bits",
            ),
            (good.replace("v0=0x1", "v999=0x1"), 75, "output `v999`"),
            (
                good.replace("v_cndmask_b32_e32", "v_bogus_e32"),
                14,
                "v_bogus_e32",
            ),
        ];
        for (line, col, what) in cases {
            let r = check_text("bad", &format!("{head}{line}\n"));
            let e = r
                .parse_errors
                .first()
                .unwrap_or_else(|| panic!("no error for {line}"));
            assert_eq!((e.line, e.column), (5, col), "{e}");
            assert!(e.message.contains(what), "{e}");
        }
    }
}
