//! Every committed GCN5 ALU vector against the z3 model of its row (docs/design/0027,
//! "Fourth round"): kernel = model (semantics/smt/tests/crosscheck.rs) and kernel = vectors
//! (the regenerate-and-diff test) leave open whether the committed files agree with the
//! models; this test closes the triangle.
//!
//! Each case is read with the corpus's reader (`gpuref_conformance::vector`), its operands
//! are mapped onto the model's inputs from the asm text and the case's inputs (never from
//! the kernel or the decoder), the model is evaluated by z3 (the cross-check's evaluator,
//! `gpuref_smt::eval`) and its outputs must lie inside the case's expected
//! values / acceptance sets. Cases the models do not cover are counted by reason.
//!
//! `cargo test -p gpuref-conformance --test vectors_vs_models` checks every case of every
//! file under `vectors/amd-gcn5-*/alu/` (found recursively; file names are not assumed).
//! `GPUREF_VEC_SHARE=N` checks only the cases whose id hash is 0 mod N (deterministic).

use gpuref_conformance::vector::{self, Alt, Case, FlagSpec, Spec};
use gpuref_smt::eval::{is_nan, mask, Evaluator, Inputs};
use gpuref_smt::gcn5::known::known;
use gpuref_smt::Mods;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A case's flags as TRAPSTS.EXCP bits, the order of the models' `flags` output.
fn excp(f: gpuref_float::Flags) -> u64 {
    u64::from(gpuref_amd_gcn5::alu::vexec::trapsts_bits(f))
}

/// The ALU vector files of both targets, found recursively.
fn alu_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let mut out = Vec::new();
    for target in ["amd-gcn5-vega", "amd-gcn5-mi100"] {
        walk(&root.join(target).join("alu"), &mut out);
    }
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "vec") {
            out.push(p);
        }
    }
}

/// What a run found.
#[derive(Default)]
struct Tally {
    /// Cases compared with a model.
    compared: usize,
    /// Of those, MIX cases with an f16 source (`op_sel_hi:` printed, mapped onto the
    /// model's `op_sel`/`op_sel_hi` inputs).
    op_sel: usize,
    /// Cases not compared, by reason: (count, first case ids).
    skipped: BTreeMap<String, (usize, Vec<String>)>,
    /// Disagreements with a KNOWN reason (printed, not failed).
    known: Vec<String>,
    /// Disagreements (failures).
    fails: Vec<String>,
    /// Files read and parse errors.
    files: usize,
    errors: Vec<String>,
}

impl Tally {
    fn skip(&mut self, why: String, id: &str) {
        let e = self.skipped.entry(why).or_default();
        e.0 += 1;
        if e.1.len() < 3 {
            e.1.push(id.to_string());
        }
    }
}

/// Models parsed once per (row, MODE, output modifiers); `Err`: why the row's modifiers
/// are not modelled (note 0042).
#[derive(Default)]
struct Cache(HashMap<(String, u32, Mods), Result<Evaluator, String>>);

impl Cache {
    fn get(&mut self, row: &str, mode: u32, mods: Mods) -> Option<&Result<Evaluator, String>> {
        let key = (row.to_string(), mode, mods);
        if !self.0.contains_key(&key) {
            let m = gpuref_smt::gcn5::ISA.model(row)?;
            self.0.insert(
                key.clone(),
                Evaluator::with_mods(&gpuref_smt::gcn5::ISA, &m, mode, mods),
            );
        }
        self.0.get(&key)
    }
}

/// The output modifiers among a case's modifier words (`clamp`, LLVM's `mul:2`, `mul:4`,
/// `div:2`), and the first other modifier, which the models do not take.
fn output_mods(words: &[String]) -> (Mods, Option<&String>) {
    let mut mods = Mods::NONE;
    for w in words {
        match w.as_str() {
            "clamp" => mods.clamp = true,
            "mul:2" => mods.omod = 1,
            "mul:4" => mods.omod = 2,
            "div:2" => mods.omod = 3,
            _ => return (mods, Some(w)),
        }
    }
    (mods, None)
}

/// The row's mnemonic (uppercase, without LLVM's `_e32`/`_e64`) from the asm text.
fn row_of(asm: &str) -> String {
    let m = asm.split_whitespace().next().unwrap_or("");
    let m = m
        .strip_suffix("_e32")
        .or_else(|| m.strip_suffix("_e64"))
        .unwrap_or(m);
    m.to_ascii_uppercase()
}

/// Operands of the asm text (after the mnemonic, split at commas outside brackets:
/// `op_sel:[1,0,1]` is one word) and the modifiers (the words after the last operand:
/// `clamp`, `omod`, `op_sel:...`, ...).
fn operands(asm: &str) -> (Vec<String>, Vec<String>) {
    let rest = asm.split_once(' ').map(|x| x.1).unwrap_or("");
    let mut depth = 0i32;
    let mut ops: Vec<String> = rest
        .split(|c: char| {
            depth += match c {
                '[' => 1,
                ']' => -1,
                _ => 0,
            };
            c == ',' && depth == 0
        })
        .map(|s| s.trim().to_string())
        .collect();
    ops.retain(|s| !s.is_empty());
    let mut mods = Vec::new();
    if let Some(last) = ops.pop() {
        let mut words = last.split_whitespace();
        if let Some(first) = words.next() {
            ops.push(first.to_string());
        }
        mods.extend(words.map(str::to_string));
    }
    // Modifiers written as functions of an operand: neg(v4), |v4|, -v4, sext(v4).
    for op in &ops {
        if op.starts_with('-') || op.starts_with('|') || op.contains('(') {
            mods.push(format!("source modifier {op}"));
        }
    }
    (ops, mods)
}

/// A literal operand (`0x..` or decimal), if `op` is one.
fn literal(op: &str) -> Option<u64> {
    if let Some(h) = op.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok();
    }
    op.parse::<u64>().ok()
}

/// How the case maps onto the model: inputs, and the case output names of the model's
/// outputs (with the bit offset of a dword of a 128-bit result: `Some(32)` is bits 63:32
/// of the model output, compared with that one register).
struct Mapped {
    inputs: Inputs,
    outputs: Vec<(&'static str, String, Option<u32>)>,
}

/// The four dword registers of a 128-bit register range (`v[12:15]` → v12 … v15), which a
/// case lists one by one (docs/vector-format.md), if `op` is one.
fn quad(op: &str) -> Option<[String; 4]> {
    let (file, rest) = op.split_at_checked(1)?;
    let (a, b) = rest.strip_prefix('[')?.strip_suffix(']')?.split_once(':')?;
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    (matches!(file, "v" | "s") && b == a + 3)
        .then(|| [0, 1, 2, 3].map(|i| format!("{file}{}", a + i)))
}

/// Map a case onto a model's inputs: `Err` gives the reason the form is not covered.
fn map_case(case: &Case, model: &gpuref_smt::Model) -> Result<Mapped, String> {
    let (ops, mut words) = operands(&case.asm);
    let has_in = |n: &str| model.inputs.iter().any(|(i, _)| *i == n);
    // A MIX model takes OPSEL and OPSEL_HI as inputs (`op_sel:[a,b,c]`, bit i for source
    // i; absent: 0, LLVM's default for MIX, whose sources are then f32).
    let mut sel = Inputs::new();
    if has_in("op_sel_hi") {
        sel.insert("op_sel", 0);
        sel.insert("op_sel_hi", 0);
        let mut rest = Vec::new();
        for m in words {
            match m.split_once(':') {
                Some((k @ ("op_sel" | "op_sel_hi"), v)) => {
                    let bits =
                        mix_bits(v).ok_or(format!("modifier `{m}`: not [a,b,c] of 0 and 1"))?;
                    sel.insert(if k == "op_sel" { "op_sel" } else { "op_sel_hi" }, bits);
                }
                _ => rest.push(m),
            }
        }
        words = rest;
    }
    if let (_, Some(m)) = output_mods(&words) {
        let m = m.split([':', '(']).next().unwrap_or(m);
        return Err(format!(
            "modifier `{m}`: the models take CLAMP and OMOD only (no ABS/NEG/SDWA/DPP; OP_SEL on the MIX rows)"
        ));
    }
    let has_out = |n: &str| model.outputs.iter().any(|(o, _, _)| *o == n);
    let scalar = case.asm.starts_with("s_");
    // Destinations the asm text names first: `d`, then a vector row's carry-out or compare
    // destination (`vcc` or an SGPR pair).
    let mut ops = ops.into_iter();
    let mut outputs = Vec::new();
    if has_out("d") {
        let r = ops.next().ok_or("no destination operand in the asm text")?;
        match quad(&r).filter(|_| has_out("d_hi")) {
            // A 128-bit result (V_MQSAD_U32_U8): `d` is bits 63:0, `d_hi` bits 127:64.
            Some([r0, r1, r2, r3]) => outputs.extend([
                ("d", r0, Some(0)),
                ("d", r1, Some(32)),
                ("d_hi", r2, Some(0)),
                ("d_hi", r3, Some(32)),
            ]),
            None => outputs.push(("d", r, None)),
        }
    }
    if !scalar && has_out("vcc") {
        let r = ops
            .next()
            .ok_or("no lane-mask destination in the asm text")?;
        outputs.push(("vcc", r, None));
    }
    for (o, reg) in [("scc", "scc"), ("exec", "exec"), ("m0", "m0"), ("pc", "pc")] {
        if has_out(o) {
            outputs.push((o, reg.to_string(), None));
        }
    }
    let value = |r: &str| case.input(r).unwrap_or(0);
    let mut inputs = sel;
    let mut free = ["s0", "s1", "s2"].into_iter().filter(|s| has_in(s));
    for op in ops {
        if let Some(k) = literal(&op) {
            // SOPK's SIMM16; MADMK's and MADAK's constant K is the model's `s2`.
            let slot = if has_in("simm16") { "simm16" } else { "s2" };
            inputs.insert(slot, k);
        } else if let Some(s) = free.next() {
            match quad(&op).filter(|_| s == "s2" && has_in("s2_hi")) {
                // A 128-bit source: `s2` is bits 63:0, `s2_hi` bits 127:64.
                Some(q) => {
                    let pair = |a: &str, b: &str| value(a) & 0xffff_ffff | value(b) << 32;
                    inputs.insert("s2", pair(&q[0], &q[1]));
                    inputs.insert("s2_hi", pair(&q[2], &q[3]));
                }
                None => {
                    inputs.insert(s, value(&op));
                }
            }
        } else if has_in("vcc_in") && !inputs.contains_key("vcc_in") {
            // The VOP2 carry-in / CNDMASK select (`vcc`) or the VOP3 SGPR pair.
            inputs.insert("vcc_in", value(&op));
        } else {
            return Err(format!("operand `{op}` has no model input"));
        }
    }
    // The destination register before the instruction (MAC, ADDK, CMOVK, BITSET, ...).
    let d_reg = outputs
        .iter()
        .find(|(o, _, _)| *o == "d")
        .map(|(_, r, _)| r.clone());
    for (n, w) in &model.inputs {
        if inputs.contains_key(n) {
            continue;
        }
        let v = match *n {
            "d_in" => value(d_reg.as_deref().ok_or("d_in without a destination")?),
            // SOPK compares name the compared register first (`s_cmpk_eq_u32 s0, K`).
            "vcc_in" => value("vcc"),
            "scc_in" => value("scc"),
            "exec_in" => value("exec"),
            "m0_in" => value("m0"),
            // The machine's PC is 0 (docs/vector-format.md, "The machine a case runs on").
            "pc_in" => 0,
            // Only lane 0 is active (`exec=0x1`).
            "lane" => 0,
            s => return Err(format!("model input `{s}` has no operand in the asm text")),
        };
        inputs.insert(n, v & mask(*w));
    }
    for (n, w) in &model.inputs {
        if let Some(v) = inputs.get_mut(n) {
            *v &= mask(*w);
        }
    }
    Ok(Mapped { inputs, outputs })
}

/// `[a,b,c]` (each 0 or 1) as bits, `a` in bit 0.
fn mix_bits(v: &str) -> Option<u64> {
    let v = v.strip_prefix('[')?.strip_suffix(']')?;
    v.split(',')
        .enumerate()
        .try_fold(0, |acc, (i, b)| match b.trim() {
            "0" => Some(acc),
            "1" if i < 3 => Some(acc | 1 << i),
            _ => None,
        })
}

/// Whether every alternative of `spec` satisfies `ok`.
fn all(spec: &Spec, ok: impl Fn(&Alt) -> bool) -> bool {
    spec.0.iter().all(ok)
}

/// Whether an alternative admits some NaN of width `w`.
fn has_nan(a: &Alt, w: u32) -> bool {
    let frac = match w {
        16 => 10,
        32 => 23,
        _ => 52,
    };
    let exp = mask(w) >> 1 & !mask(frac);
    match *a {
        Alt::Exact(v) => is_nan(v, w),
        // The fixed exponent bits are ones and the fraction can be non-zero.
        Alt::Masked { value, mask: m } => {
            value & m & exp == m & exp && (m & mask(frac) != mask(frac) || value & mask(frac) != 0)
        }
        Alt::AnyNan(_) => true,
        Alt::Range { .. } => false,
    }
}

/// A float's bits (`w` bits) as a key ordered as the values are (NaNs aside).
fn order_key(x: u64, w: u32) -> i128 {
    let mag = i128::from(x & (mask(w) >> 1));
    if x >> (w - 1) & 1 == 1 {
        -mag
    } else {
        mag
    }
}

/// Whether the model's `d` (and its `nan_any`, `lo`/`hi`/`open`, `nan_half`) agrees with the
/// case's set: an exact model value must be accepted by the set; a model that settles only
/// a set (some NaN, a range) must contain every alternative of the case's set.
fn d_agrees(want: &BTreeMap<&str, u64>, spec: &Spec, dw: u32) -> bool {
    let d = want.get("d").copied().unwrap_or(0);
    let nan_any = want.get("nan_any").is_some_and(|v| *v == 1);
    let zero_any = want.get("zero_any").is_some_and(|v| *v == 1);
    if want.get("open").is_some_and(|v| *v == 1) {
        return true;
    }
    if let Some(nh) = want.get("nan_half") {
        return all(spec, |a| {
            let (value, m) = match *a {
                Alt::Exact(v) => (v, u64::MAX),
                Alt::Masked { value, mask } => (value, mask),
                _ => return false,
            };
            value >> 32 & m == 0
                && (0..2).all(|h| {
                    let (wh, gh, mh) = (
                        d >> (16 * h) & 0xffff,
                        value >> (16 * h) & 0xffff,
                        m >> (16 * h) & 0xffff,
                    );
                    if nh >> h & 1 == 1 {
                        is_nan(gh, 16) || mh != 0xffff
                    } else {
                        (wh ^ gh) & mh == 0
                    }
                })
        });
    }
    if nan_any {
        // The manual settles only "a NaN" and the vector must admit one (as the
        // cross-check asks the kernel's own value to be a NaN).
        return spec.0.iter().any(|a| has_nan(a, dw));
    }
    if zero_any {
        // The manual settles only "a zero" (clamp of -0, note 0042): the vector must admit
        // one, as for `nan_any`.
        return spec.accepts(0) || spec.accepts(1 << (dw - 1));
    }
    if let (Some(&lo), Some(&hi)) = (want.get("lo"), want.get("hi")) {
        if lo == hi {
            return spec.0.iter().any(|a| a.accepts(lo))
                && all(spec, |a| match *a {
                    Alt::Range { lo: a, hi: b, .. } => a == lo && b == lo,
                    Alt::AnyNan(_) => is_nan(lo, dw),
                    _ => true,
                });
        }
        let inside = |x: u64| {
            !is_nan(x, dw)
                && order_key(lo, dw) <= order_key(x, dw)
                && order_key(x, dw) <= order_key(hi, dw)
        };
        return all(spec, |a| match *a {
            Alt::Exact(v) => inside(v),
            // Every value the mask admits: exact, or only the sign free (either zero of a
            // clamped -0, note 0042).
            Alt::Masked { value, mask: m } => {
                let sign = 1u64 << (dw - 1);
                (m & mask(dw) == mask(dw) && inside(value))
                    || (m & mask(dw) | sign == mask(dw)
                        && inside(value & !sign)
                        && inside(value | sign))
            }
            Alt::Range { lo: a, hi: b, .. } => inside(a) && inside(b),
            Alt::AnyNan(_) => false,
        });
    }
    spec.accepts(d)
}

/// A model's `d` with open bits `open` (`w` bits) against the case's set: every
/// alternative settles exactly the bits the model settles, with the model's bits there; a
/// 16-bit half whose bit is set in `nan_half` must admit a NaN instead.
fn open_agrees(d: u64, open: u64, nan_half: u64, spec: &Spec, w: u32) -> bool {
    let nan_bits = (0..2)
        .filter(|h| nan_half >> h & 1 == 1)
        .fold(0, |b, h| b | 0xffff << (16 * h));
    let cmp = mask(w) & !nan_bits;
    all(spec, |a| {
        let (value, m) = match *a {
            Alt::Exact(v) => (v, u64::MAX),
            Alt::Masked { value, mask } => (value, mask),
            _ => return false,
        };
        let nan_ok = (0..2).filter(|h| nan_half >> h & 1 == 1).all(|h| {
            has_nan(
                &Alt::Masked {
                    value: value >> (16 * h) & 0xffff,
                    mask: m >> (16 * h) & 0xffff,
                },
                16,
            )
        });
        nan_ok && (m ^ !open) & cmp == 0 && (value ^ d) & !open & cmp == 0
    })
}

/// The half a MIXLO (0) or MIXHI (1) row writes.
fn mix_half(row: &str) -> Option<u32> {
    (row.contains("_MIXLO_") || row.contains("_MIXHI_")).then(|| u32::from(row.contains("_MIXHI_")))
}

/// A MIXLO/MIXHI destination against the case's set: the kept half exactly the model's
/// (`d_in`'s); the written half's every accepted value (free bits enumerated) inside the
/// model's f16 range `[lo, hi]`, or some NaN admitted under `nan_any`; `open` accepts all.
fn half_agrees(want: &BTreeMap<&str, u64>, spec: &Spec, h: u32) -> bool {
    let d = want.get("d").copied().unwrap_or(0);
    let (sh, keep) = (16 * h, 16 * (1 - h));
    let half = |x: u64| x >> sh & 0xffff;
    let (l, u) = (half(want["lo"]), half(want["hi"]));
    let open = want.get("open").is_some_and(|v| *v == 1);
    let nan_any = want.get("nan_any").is_some_and(|v| *v == 1);
    let inside = |x: u64| {
        !is_nan(x, 16)
            && order_key(l, 16) <= order_key(x, 16)
            && order_key(x, 16) <= order_key(u, 16)
    };
    let alts: Vec<(u64, u64)> = spec
        .0
        .iter()
        .filter_map(|a| match *a {
            Alt::Exact(v) => Some((v, 0xffff_ffff)),
            Alt::Masked { value, mask } => Some((value, mask & 0xffff_ffff)),
            _ => None,
        })
        .collect();
    if alts.len() != spec.0.len() {
        return false;
    }
    if nan_any && !open {
        return alts.iter().any(|(v, m)| {
            has_nan(
                &Alt::Masked {
                    value: half(*v),
                    mask: half(*m),
                },
                16,
            )
        });
    }
    alts.iter().all(|&(v, m)| {
        let kept = (v ^ d) >> keep & 0xffff == 0 && m >> keep & 0xffff == 0xffff && v >> 32 == 0;
        if open {
            return kept;
        }
        // Every value of the written half the set admits: its free bits enumerated.
        let free = !half(m) & 0xffff;
        let mut sub = free;
        let mut ok = kept;
        loop {
            ok &= inside(half(v) & !free | sub);
            if sub == 0 || !ok {
                break;
            }
            sub = (sub - 1) & free;
        }
        ok
    })
}

/// Whether a one-bit model output (a lane's VCC/EXEC bit, SCC) agrees with the case's set
/// on bit 0 (lane 0, the only active lane).
fn bit_agrees(v: u64, spec: &Spec) -> bool {
    spec.0.iter().any(|a| match *a {
        Alt::Exact(x) => x & 1 == v,
        Alt::Masked { value, mask } => mask & 1 == 0 || value & 1 == v,
        _ => false,
    })
}

/// A disagreement, with the KNOWN reason that covers it (semantics/smt/tests/common).
type Disagreement = (Option<&'static str>, String);

/// Check one case; `Err` is a reason it is not compared, `Ok(Some)` a disagreement.
fn check_case(case: &Case, file: &Path, cache: &mut Cache) -> Result<Option<Disagreement>, String> {
    let row = row_of(&case.asm);
    let Some(mode) = case
        .mode
        .strip_prefix("mode=0x")
        .and_then(|h| u32::from_str_radix(h, 16).ok())
    else {
        return Err(format!("mode `{}` is not mode=0xHEX", case.mode));
    };
    let (mods, _) = output_mods(&operands(&case.asm).1);
    let ev = match cache.get(&row, mode, mods) {
        Some(Ok(ev)) => ev,
        Some(Err(why)) => {
            let why = why.split_once(": ").map_or(why.as_str(), |x| x.1);
            return Err(format!("modifier `{}`: {why}", mods.text()));
        }
        None => {
            return Err(match gpuref_smt::gcn5::ISA.exemption(&row) {
                Some(why) => format!("row exempt from models: {why}"),
                None => "row has no model and no exemption".to_string(),
            })
        }
    };
    let model = &ev.model;
    let mapped = map_case(case, model)?;
    let want = ev.eval(&mapped.inputs);
    let mut bad = Vec::new();
    for (o, reg, dword) in &mapped.outputs {
        let w = model.width(o).unwrap_or(64);
        let v = match dword {
            Some(at) => want[o] >> at & 0xffff_ffff,
            None => want[o],
        };
        // A lane mask in an SGPR pair (`s[20:21]`): the case lists its dwords (`s20`);
        // lane 0's bit is bit 0 of the low one.
        let low = reg
            .strip_prefix("s[")
            .and_then(|r| r.split_once(':'))
            .map(|(a, _)| format!("s{a}"));
        let spec = case
            .outputs
            .iter()
            .find(|(n, _)| n == reg || Some(n) == low.as_ref())
            .or_else(|| {
                (*o == "vcc" && low.is_none())
                    .then(|| case.outputs.iter().find(|(n, _)| n == "vcc"))?
            })
            .map(|(_, s)| s.clone())
            // Not listed: the register is unchanged (docs/vector-format.md, field 6).
            .unwrap_or_else(|| Spec::exact(case.input(reg).unwrap_or(0)));
        // The model's open bits of this output (`d_open`, `d_hi_open`; note 0042).
        let open = match *o {
            "d" => want.get("d_open"),
            "d_hi" => want.get("d_hi_open"),
            _ => None,
        }
        .map(|x| match dword {
            Some(at) => x >> at & 0xffff_ffff,
            None => *x,
        });
        let ok = if let Some(open) = open {
            let (w, nh) = match dword {
                Some(_) => (32, 0),
                None => (w, want.get("nan_half").copied().unwrap_or(0)),
            };
            open_agrees(v, open, nh, &spec, w)
        } else if dword.is_some() {
            spec.accepts(v)
        } else if let (true, Some(h)) = (*o == "d", mix_half(model.name)) {
            half_agrees(&want, &spec, h)
        } else if *o == "d" {
            d_agrees(&want, &spec, w)
        } else if w == 1 {
            bit_agrees(v, &spec)
        } else {
            spec.accepts(v)
        };
        if !ok {
            bad.push(format!("{o} ({reg}): model {v:#x}, vector {spec}"));
        }
    }
    match (&case.flags, model.flags_modelled) {
        (FlagSpec::Unchecked, _) => {}
        // Flags the model leaves open (`flags_open`, note 0042): the vector must too.
        (FlagSpec::Exact(f), _) if want.get("flags_open").is_some_and(|o| *o != 0) => {
            bad.push(format!(
                "flags: the model leaves {:#x} open, vector {}",
                want["flags_open"],
                vector::flags_text(*f)
            ));
        }
        (FlagSpec::Exact(f), None) => {
            if !f.is_empty() {
                bad.push(format!(
                    "flags: an integer model raises none, vector {}",
                    vector::flags_text(*f)
                ));
            }
        }
        (FlagSpec::Exact(f), Some(m)) => {
            let got = want.get("flags").copied().unwrap_or(0);
            if (excp(*f) ^ got) & u64::from(m) != 0 {
                bad.push(format!(
                    "flags (bits {m:#x} modelled): model {got:#x}, vector {:#x} ({})",
                    excp(*f),
                    vector::flags_text(*f)
                ));
            }
        }
    }
    if bad.is_empty() {
        return Ok(None);
    }
    let why = known(model.name, mode, &mapped.inputs);
    Ok(Some((why, format!(
        "{}:{}: {} ({row}) mode=0x{mode:x} modifiers `{}` inputs {:x?} -> model inputs {:x?}: {}; model {:x?}; model rule: Vega \"{}\"; vector rules {}",
        file.display(),
        case.line,
        case.id,
        mods.text(),
        case.inputs,
        mapped.inputs,
        bad.join("; "),
        want,
        model.spec,
        if case.rules.is_empty() { "-".to_string() } else { case.rules.join(",") }
    ))))
}

/// Deterministic share: whether the case is in the 1/`n` share (FNV-1a of the id).
fn in_share(id: &str, n: u64) -> bool {
    let h = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    h % n == 0
}

/// Check every case of `files` (in the share 1/`share`).
fn check_files(files: &[PathBuf], share: u64, cache: &mut Cache) -> Tally {
    let mut t = Tally::default();
    for f in files {
        let text = match std::fs::read_to_string(f) {
            Ok(x) => x,
            Err(e) => {
                t.errors.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        let (file, errs) = vector::parse(f, &text);
        t.files += 1;
        t.errors.extend(errs.iter().map(ToString::to_string));
        for case in &file.cases {
            if !in_share(&case.id, share) {
                continue;
            }
            match check_case(case, f, cache) {
                Err(why) => t.skip(why, &case.id),
                Ok(None) => {
                    t.compared += 1;
                    t.op_sel += usize::from(case.asm.contains("op_sel_hi:"));
                }
                Ok(Some((why, msg))) => {
                    t.compared += 1;
                    t.op_sel += usize::from(case.asm.contains("op_sel_hi:"));
                    match why {
                        Some(w) => t.known.push(format!("{msg} [known: {w}]")),
                        None => t.fails.push(msg),
                    }
                }
            }
        }
    }
    t
}

#[test]
fn every_committed_alu_vector_agrees_with_the_model_of_its_row() {
    let share = std::env::var("GPUREF_VEC_SHARE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let files = alu_files();
    assert!(files.len() >= 2, "no ALU vector files under vectors/");
    let t0 = Instant::now();
    let mut cache = Cache::default();
    let t = check_files(&files, share, &mut cache);
    let secs = t0.elapsed().as_secs_f64();
    eprintln!(
        "{} files, {} cases compared ({} MIX cases with f16 sources) with {} models (share 1/{share}) in {secs:.1} s ({:.0} cases/s)",
        t.files,
        t.compared,
        t.op_sel,
        cache.0.len(),
        t.compared as f64 / secs
    );
    for (why, (n, ids)) in &t.skipped {
        eprintln!("not compared: {n} cases: {why} (e.g. {})", ids.join(", "));
    }
    let mut per_row: BTreeMap<&str, usize> = BTreeMap::new();
    for k in &t.known {
        let row = k.split(" (").nth(1).and_then(|r| r.split(')').next());
        *per_row.entry(row.unwrap_or("?")).or_default() += 1;
    }
    eprintln!(
        "{} disagreements on lanes KNOWN covers (semantics/smt/tests/common): {per_row:?}; e.g.:",
        t.known.len()
    );
    for k in t.known.iter().step_by(t.known.len() / 8 + 1) {
        eprintln!("known: {k}");
    }
    assert!(t.errors.is_empty(), "parse errors: {:#?}", t.errors);
    assert!(
        t.compared > 0,
        "no case was compared: the mapping covers nothing"
    );
    // The MIX rows' OPSEL groups (generate/gcn5_alu/mix.rs) read sources as f16 halves.
    assert!(
        share != 1 || t.op_sel > 0,
        "no MIX case with an f16 source (op_sel_hi) was compared"
    );
    assert!(
        t.fails.is_empty(),
        "{} vectors disagree with their models:\n{}",
        t.fails.len(),
        t.fails.join("\n")
    );
}

/// The check fails on corrupted expectations, naming the file, case, row, mode, modifiers,
/// inputs, both answers and the rules, and counts the forms it does not cover. Expected
/// values worked by hand: 0x1 + 0x2 = 0x3 without carry; 1.0 + 1.0 = 2.0 (0x40000000),
/// exact; with CLAMP 0 + 0 = 0, and 1.0 + 1.0 = 2.0 clamps to 1.0 (0x3f800000), so the
/// case expecting 2.0 is wrong; a negated source (`-v4`) is a modifier the models do not
/// take.
#[test]
fn a_corrupted_expectation_fails_with_names() {
    let dir = std::env::temp_dir().join(format!("gpuref-vvm-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nested")).expect("temp dir");
    let file = dir.join("nested").join("any-name.vec");
    let head = "#!gpuref-vectors 1\n#!isa gcn5\n#!target gfx900\n#!kind alu\n";
    let cases = [
        "s_add_u32.000000000001\t80000804\ts_add_u32 s0, s4, s8\tmode=0x3f0\ts4=0x1 s8=0x2 scc=0x0 exec=0x1\ts0=0x3 scc=0x0\tnone\t-",
        "s_add_u32.000000000002\t80000804\ts_add_u32 s0, s4, s8\tmode=0x3f0\ts4=0x1 s8=0x2 scc=0x0 exec=0x1\ts0=0x4 scc=0x0\tnone\tgcn5.some_rule",
        "v_add_f32_e32.000000000003\t02001104\tv_add_f32_e32 v0, v4, v8\tmode=0x3f0\tv4=0x3f800000 v8=0x3f800000 exec=0x1\tv0=0x40000000\tnone\t-",
        "v_add_f32_e32.000000000004\t02001104\tv_add_f32_e32 v0, v4, v8\tmode=0x3f0\tv4=0x3f800000 v8=0x3f800000 exec=0x1\tv0=0x40000000 trapsts=0x20\tinexact\t-",
        "v_add_f32_e64.000000000005\td1018000 00021104\tv_add_f32_e64 v0, v4, v8 clamp\tmode=0x3f0\tv4=0x0 v8=0x0 exec=0x1\tv0=0x0\tnone\t-",
        "v_add_f32_e64.000000000006\td1018000 00021104\tv_add_f32_e64 v0, v4, v8 clamp\tmode=0x3f0\tv4=0x3f800000 v8=0x3f800000 exec=0x1\tv0=0x40000000\tnone\t-",
        "v_add_f32_e64.000000000007\td1010000 20021104\tv_add_f32_e64 v0, -v4, v8\tmode=0x3f0\tv4=0x0 v8=0x0 exec=0x1\tv0=0x0\tnone\t-",
    ];
    std::fs::write(&file, format!("{head}{}\n", cases.join("\n"))).expect("write");
    let mut files = Vec::new();
    walk(&dir, &mut files);
    let t = check_files(&files, 1, &mut Cache::default());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!(t.compared, 6);
    assert_eq!(t.fails.len(), 3, "{:#?}", t.fails);
    let f = &t.fails[0];
    for part in [
        "any-name.vec:6:",
        "s_add_u32.000000000002",
        "(S_ADD_U32)",
        "mode=0x3f0",
        "(\"s4\", 1)",
        "d (s0): model 0x3, vector 0x4",
        "vector rules gcn5.some_rule",
        "D.u = S0.u + S1.u",
    ] {
        assert!(f.contains(part), "`{part}` missing from: {f}");
    }
    assert!(
        t.fails[1].contains("v_add_f32_e32.000000000004")
            && t.fails[1].contains("flags")
            && t.fails[1].contains("(inexact)"),
        "{}",
        t.fails[1]
    );
    assert!(
        t.fails[2].contains("v_add_f32_e64.000000000006")
            && t.fails[2].contains("modifiers `clamp`")
            && t.fails[2].contains("d (v0): model 0x3f800000, vector 0x40000000"),
        "{}",
        t.fails[2]
    );
    let skipped: Vec<_> = t
        .skipped
        .iter()
        .map(|(w, (n, _))| (w.as_str(), *n))
        .collect();
    assert_eq!(skipped.len(), 1);
    assert!(
        skipped[0].0.contains("source modifier -v4") && skipped[0].1 == 1,
        "{skipped:?}"
    );
}

#[test]
fn op_sel_brackets_are_one_modifier_word() {
    // Typed from LLVM's printing of a MIX row with both fields (llvm-mc -mcpu=gfx900).
    let (ops, mods) = operands("v_mad_mixlo_f16 v0, v4, v8, v12 op_sel:[1,0,1] op_sel_hi:[1,1,0]");
    assert_eq!(ops, ["v0", "v4", "v8", "v12"]);
    assert_eq!(mods, ["op_sel:[1,0,1]", "op_sel_hi:[1,1,0]"]);
    assert_eq!(mix_bits("[1,0,1]"), Some(0b101));
    assert_eq!(mix_bits("[1,1,0]"), Some(0b011));
}
