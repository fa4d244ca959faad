//! The coverage level of the ALU value vectors (docs/design/0041-gcn5-coverage-models.md):
//! for every row with a z3 model, every corpus MODE of the row and every named coverage
//! model of gpuref-smt (`gpuref_smt::coverage`) that applies to it, one input z3 found in
//! the model's condition, run through the kernel as the other levels are (`run_case`), in a
//! group whose `##` line names the coverage model.
//!
//! z3 is not on the generation path: `gpuref generate --solve-coverage` asks the `z3`
//! command for each (row, MODE, coverage model) and writes the answers to
//! `conformance/coverage/<target>.tsv` (status `sat` with the inputs, `unsat`, or
//! `unknown` at the timeout); the generator reads those files (compiled in), and a test
//! evaluates every stored input against its condition and checks every pair is present.

use super::{forms, plans, Group, Level, Plan, DEFAULT_MODE, FLOAT_MODES};
use gpuref_amd_gcn5::Target;
use gpuref_smt::coverage::{self, parse, Coverage, Entry, RunMode};
use gpuref_smt::Model;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The cache of each target (path from the repository root, and content).
const CACHE: [(Target, &str, &str); 2] = [
    (
        Target::Gfx900,
        "conformance/coverage/gfx900.tsv",
        include_str!("../../../../../coverage/gfx900.tsv"),
    ),
    (
        Target::Gfx908,
        "conformance/coverage/gfx908.tsv",
        include_str!("../../../../../coverage/gfx908.tsv"),
    ),
];

/// A pair the cache must answer: row, MODE, coverage model and its condition.
pub struct Want {
    pub row: &'static str,
    pub mode: u32,
    pub cov: Coverage,
    pub cond: String,
    pub model: Model,
}

/// Which model input a plan input sets (`None`: none, the plan input is then 0).
fn model_input(plan: &Plan, name: &str, model: &Model) -> Option<&'static str> {
    let has = |n: &'static str| model.width(n).is_some().then_some(n);
    match name {
        "" if plan.salu => has("simm16"),
        "" => has("s2"),
        "vcc" | "s[22:23]" => has("vcc_in"),
        "scc" => has("scc_in"),
        "v0" | "v[0:1]" => has("d_in"),
        "s0" | "s[0:1]" if plan.salu => has("d_in").or(has("s0")),
        _ => {
            let base: String = name
                .trim_start_matches(['v', 's', '['])
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            match base.as_str() {
                "4" => has("s0"),
                "8" => has("s1"),
                "12" => has("s2"),
                _ => None,
            }
        }
    }
}

/// The model input set by each plan input, or why the row's inputs do not map.
fn mapping(plan: &Plan, model: &Model) -> Result<Vec<Option<&'static str>>, String> {
    let map: Vec<Option<&'static str>> = plan
        .inputs
        .iter()
        .map(|i| model_input(plan, &i.name, model))
        .collect();
    for (n, _) in &model.inputs {
        if !map.contains(&Some(*n)) {
            return Err(format!(
                "the model's input {n} is no register of the row's text"
            ));
        }
    }
    Ok(map)
}

/// GCN5's MODE value for a coverage model's run mode (note 0041, "Modifier models"):
/// FP16_OVFL set with round toward zero (single and double/half), denormals allowed,
/// DX10_CLAMP and IEEE; DX10_CLAMP = 1 (the default MODE); DX10_CLAMP = 0 with IEEE = 0,
/// denormals kept, RNE; every denormal flushed with IEEE = 0, where OMOD applies (MI100
/// "6.2.2. Instruction Outputs").
pub fn mode_of(run: RunMode) -> u32 {
    match run {
        RunMode::OverflowSaturatesRtz => 0x80_03ff,
        RunMode::ClampNanToZero => DEFAULT_MODE,
        RunMode::ClampKeepsNan => 0x0f0,
        RunMode::OutputScaleApplies => 0x000,
    }
}

/// The MODEs a coverage model is solved and run under for a row.
fn modes(plan: &Plan, cov: &Coverage) -> Vec<u32> {
    if !cov.modes.is_empty() {
        cov.modes.iter().map(|r| mode_of(*r)).collect()
    } else if plan.float {
        FLOAT_MODES.to_vec()
    } else {
        vec![DEFAULT_MODE]
    }
}

/// Model input values (name, value) as a plan's value tuple, through the [`mapping`]: a
/// plan input no model input sets, or one the values do not name, is 0.
fn plan_values<K: AsRef<str>>(map: &[Option<&'static str>], values: &[(K, u64)]) -> Vec<u64> {
    map.iter()
        .map(|m| {
            m.and_then(|n| values.iter().find(|(k, _)| k.as_ref() == n))
                .map_or(0, |(_, v)| *v)
        })
        .collect()
}

/// Every (row, MODE, coverage model) of a target, in a stable order.
pub fn wanted(target: Target) -> Vec<Want> {
    let mut out = Vec::new();
    for (row, plan) in plans(target) {
        let (Ok(plan), Some(model)) = (plan, gpuref_smt::gcn5::ISA.model(row.name)) else {
            continue;
        };
        if mapping(&plan, &model).is_err() {
            continue;
        }
        for (cov, cond) in coverage::conditions(&model) {
            // A modifier model runs in the row's modifier form: none, no pair.
            if !cov.mods.is_empty() && forms::text(&plan, cov.mods).is_none() {
                continue;
            }
            for mode in modes(&plan, &cov) {
                out.push(Want {
                    row: row.name,
                    mode,
                    cov,
                    cond: cond.clone(),
                    model: model.clone(),
                });
            }
        }
    }
    out
}

/// A target's parsed cache: its entries, or the parse error (naming the file and line).
type Parsed = (Target, Result<Vec<Entry>, String>);

/// Each target's cache, parsed once.
fn parsed() -> &'static [Parsed] {
    static PARSED: std::sync::OnceLock<Vec<Parsed>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| {
        CACHE
            .iter()
            .map(|(t, path, text)| (*t, parse(path, text)))
            .collect()
    })
}

/// Why the committed cache cannot be read (a malformed line), if it cannot: `gpuref
/// generate` stops with it before writing anything.
pub fn cache_error() -> Option<String> {
    parsed().iter().find_map(|(_, r)| r.as_ref().err().cloned())
}

/// A target's cached answers (none when its cache is malformed: see [`cache_error`]).
fn cached(target: Target) -> Vec<Entry> {
    parsed()
        .iter()
        .find(|(t, _)| *t == target)
        .and_then(|(_, r)| r.as_ref().ok())
        .cloned()
        .unwrap_or_default()
}

/// The coverage level of a row: one group per coverage model and MODE with a `sat`
/// answer, its values in the plan's input order; the group line names the model
/// (`level=coverage mode=... model=NAME`). Models whose answers are the same case (same
/// MODE and values) share one group that names each (`model=A,B`).
pub(super) fn groups<'a>(target: Target, plan: &'a Plan) -> Vec<Group<'a>> {
    let Some(model) = gpuref_smt::gcn5::ISA.model(plan.row.name) else {
        return Vec::new();
    };
    let Ok(map) = mapping(plan, &model) else {
        return Vec::new();
    };
    let mut out: Vec<Group> = Vec::new();
    for e in cached(target)
        .into_iter()
        .filter(|e| e.row == plan.row.name && e.status == "sat")
    {
        let tuple = plan_values(&map, &e.inputs);
        // A modifier model's input runs in the row's form with its modifiers.
        let mods = coverage::by_name(&e.model).map_or("", |c| c.mods);
        let text = if mods.is_empty() {
            std::borrow::Cow::Borrowed(plan.text.as_str())
        } else {
            match forms::text(plan, mods) {
                Some(t) => std::borrow::Cow::Owned(t),
                None => continue,
            }
        };
        if let Some(g) = out
            .iter_mut()
            .find(|g| g.mode == e.mode && g.text == text && g.tuples == [tuple.clone()])
        {
            g.keys.push_str(&format!(",{}", e.model));
            g.why = "an input z3 found in each coverage model's condition".into();
            continue;
        }
        out.push(Group {
            level: Level::Coverage,
            keys: format!(" model={}", e.model),
            why: "an input z3 found in the coverage model's condition".into(),
            text,
            mode: e.mode,
            tuples: vec![tuple],
        });
    }
    out
}

/// The regression level of a row: one group per resolved disagreement of the z3
/// cross-check on the row (`gpuref_smt::gcn5::regressions`), at its MODE and with its output
/// modifiers, the group line naming it (`level=regression mode=... name=NAME`).
pub(super) fn regression_groups<'a>(plan: &'a Plan) -> Vec<Group<'a>> {
    let Some(model) = gpuref_smt::gcn5::ISA.model(plan.row.name) else {
        return Vec::new();
    };
    let Ok(map) = mapping(plan, &model) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in gpuref_smt::gcn5::ISA
        .regressions
        .iter()
        .filter(|r| r.row == plan.row.name)
    {
        let text = if r.mods == gpuref_smt::Mods::NONE {
            Some(std::borrow::Cow::Borrowed(plan.text.as_str()))
        } else {
            forms::text(plan, &r.mods.text()).map(std::borrow::Cow::Owned)
        };
        // A regression whose form the row's plan has no text for makes no case; the test
        // `every_regression_is_a_case_of_the_corpus` names it.
        let Some(text) = text else { continue };
        let tuple = plan_values(&map, r.inputs);
        out.push(Group {
            level: Level::Regression,
            keys: format!(" name={}", r.name),
            why: format!("a resolved disagreement of the z3 cross-check: {}", r.found),
            text,
            mode: r.mode,
            tuples: vec![tuple],
        });
    }
    out
}

/// One z3 answer: status, inputs (sat), milliseconds.
type Answer = (String, Vec<(String, u64)>, u64);

/// One coverage pair: each narrowing of `coverage::narrowings` in order (the first `sat`
/// wins), then the condition itself unless one found a solution (only it can prove the
/// condition empty). The time is the sum of all queries asked.
fn solve_pair(model: &Model, mode: u32, cond: &str, timeout_ms: u64) -> Answer {
    let mut spent = 0;
    for n in coverage::narrowings(model) {
        let a = solve_one(model, mode, &format!("(and {cond} {n})"), timeout_ms);
        if a.0 == "sat" {
            return (a.0, a.1, a.2 + spent);
        }
        spent += a.2;
    }
    let (status, inputs, ms) = solve_one(model, mode, cond, timeout_ms);
    (status, inputs, ms + spent)
}

/// One z3 query, bit-blasted straight to SAT (`(then simplify propagate-values simplify
/// bit-blast sat)`: several times faster than z3's default QF_BV strategy on the coverage
/// conditions' datapaths; `propagate-values` carries a narrowing's fixed bits into the
/// datapath before it is bit-blasted).
fn solve_one(model: &Model, mode: u32, cond: &str, timeout_ms: u64) -> Answer {
    let names: Vec<&str> = model.inputs.iter().map(|(n, _)| *n).collect();
    let text = format!(
        "(set-option :random-seed 7)\n(set-option :timeout {timeout_ms})\n{}(check-sat-using (then simplify propagate-values simplify bit-blast sat))\n(get-value ({}))\n",
        coverage::query(model, mode, cond),
        names.join(" ")
    );
    let t = Instant::now();
    let out = Command::new("z3")
        .args(["-in", "-smt2", &format!("-T:{}", timeout_ms / 1000 + 5)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut c| {
            if let Some(mut i) = c.stdin.take() {
                i.write_all(text.as_bytes())?;
            }
            c.wait_with_output()
        });
    let ms = t.elapsed().as_millis() as u64;
    let Ok(out) = out else {
        return ("unknown".into(), Vec::new(), ms);
    };
    let s = String::from_utf8_lossy(&out.stdout).to_string();
    let status = s.lines().next().unwrap_or("").trim().to_string();
    if status != "sat" {
        let st = if status == "unsat" {
            "unsat"
        } else {
            "unknown"
        };
        return (st.into(), Vec::new(), ms);
    }
    let mut values = Vec::new();
    for n in &names {
        let Some(at) = s.find(&format!("({n} ")) else {
            return ("unknown".into(), Vec::new(), ms);
        };
        let rest = &s[at + n.len() + 2..];
        let tok: String = rest
            .chars()
            .take_while(|c| !matches!(c, ')' | ' ' | '\n'))
            .collect();
        let v = if let Some(h) = tok.strip_prefix("#x") {
            u64::from_str_radix(h, 16).ok()
        } else if let Some(b) = tok.strip_prefix("#b") {
            u64::from_str_radix(b, 2).ok()
        } else {
            None
        };
        match v {
            Some(v) => values.push((n.to_string(), v)),
            None => return ("unknown".into(), Vec::new(), ms),
        }
    }
    ("sat".into(), values, ms)
}

/// What `--solve-coverage` did, per coverage model: (sat, unsat, unknown, solve times)
/// of the queries z3 was asked this time.
pub type Stats = crate::isa::CoverageStats;

pub use crate::isa::Reuse;

/// The text whose hash keys a pair's answer: the query as [`coverage::query`] states it
/// (MODE only where the condition reads it) and the narrowings tried first.
fn query_text(w: &Want) -> String {
    let key_mode = if w.cond.contains("mode") { w.mode } else { 0 };
    format!(
        "{}{}",
        coverage::query(&w.model, key_mode, &w.cond),
        coverage::narrowings(&w.model).concat()
    )
}

/// Solves the pairs of both targets whose answer is missing or stale and writes the
/// caches under `root` (the repository root). An answer is kept while the hash of its
/// query is unchanged (see [`Reuse`]); a query that does not depend on MODE is solved once
/// and its answer recorded for every MODE and target that asks it. Returns the statistics
/// of what was solved and the number of answers kept.
pub fn solve(
    root: &Path,
    timeout_ms: u64,
    reuse: Reuse,
    progress: &mut dyn FnMut(usize, usize, &str),
) -> std::io::Result<(Stats, usize)> {
    let mut memo: BTreeMap<(String, u64), Answer> = BTreeMap::new();
    let mut stats = Stats::new();
    let mut kept = 0;
    let all: Vec<(Target, Vec<Want>)> = CACHE.iter().map(|(t, _, _)| (*t, wanted(*t))).collect();
    let total: usize = all.iter().map(|(_, w)| w.len()).sum();
    let mut done = 0;
    for (target, wants) in &all {
        let old: BTreeMap<(String, u32, String), Entry> = cached(*target)
            .into_iter()
            .map(|e| ((e.row.clone(), e.mode, e.model.clone()), e))
            .collect();
        let mut text = format!(
            "# gpuref generate --solve-coverage: z3 answers for the coverage level of {} (docs/design/0041-gcn5-coverage-models.md).\n# row\tmode\tcoverage model\tstatus\tinputs\tsolve ms (0: the answer of the same query at another MODE or target)\tquery hash\n",
            target.name()
        );
        for w in wants {
            done += 1;
            progress(done, total, w.row);
            let hash = coverage::query_hash(&query_text(w));
            let key = (w.row.to_string(), hash);
            let stored = old
                .get(&(w.row.to_string(), w.mode, w.cov.name.to_string()))
                .filter(|e| {
                    e.query == hash
                        && match reuse {
                            Reuse::Unchanged => true,
                            Reuse::Settled => e.status != "unknown",
                            Reuse::Nothing => false,
                        }
                });
            let (status, inputs, ms) = if let Some(e) = stored {
                kept += 1;
                let a: Answer = (e.status.clone(), e.inputs.clone(), e.ms);
                memo.entry(key).or_insert_with(|| a.clone());
                a
            } else {
                let fresh = !memo.contains_key(&key);
                let a = memo
                    .entry(key)
                    .or_insert_with(|| solve_pair(&w.model, w.mode, &w.cond, timeout_ms))
                    .clone();
                if fresh {
                    let s = stats.entry(w.cov.name).or_default();
                    match a.0.as_str() {
                        "sat" => s.0 += 1,
                        "unsat" => s.1 += 1,
                        _ => s.2 += 1,
                    }
                    s.3.push(a.2);
                    a
                } else {
                    (a.0, a.1, 0)
                }
            };
            let inp = if inputs.is_empty() {
                "-".to_string()
            } else {
                inputs
                    .iter()
                    .map(|(k, v)| format!("{k}={v:#x}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            text.push_str(&format!(
                "{}\t{:#x}\t{}\t{status}\t{inp}\t{ms}\t{hash:016x}\n",
                w.row, w.mode, w.cov.name
            ));
        }
        let (_, path, _) = CACHE
            .iter()
            .find(|(t, _, _)| t == target)
            .expect("a target");
        std::fs::write(root.join(path), text)?;
    }
    Ok((stats, kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluates closed Bool terms with the `z3` command's simplifier: one answer per term.
    fn evaluate(terms: &[String]) -> Vec<String> {
        let text: String = terms.iter().map(|t| format!("(simplify {t})\n")).collect();
        let mut c = Command::new("z3")
            .args(["-in", "-smt2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the z3 command (z3 4.8.12 is preinstalled)");
        c.stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write");
        let out = c.wait_with_output().expect("z3 ran");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Every regression of the z3 cross-check is a named case of the committed corpus of
    /// each target with its row, and no group names a regression that is not listed.
    #[test]
    fn every_regression_is_a_case_of_the_corpus() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for (target, dir) in [
            (Target::Gfx900, "amd-gcn5-vega"),
            (Target::Gfx908, "amd-gcn5-mi100"),
        ] {
            let mut names = Vec::new();
            let alu = root.join("vectors").join(dir).join("alu");
            for f in std::fs::read_dir(&alu).expect("the ALU corpus") {
                let f = f.expect("a folder entry").path();
                if !f.is_dir() {
                    continue;
                }
                for v in std::fs::read_dir(&f).expect("a format folder") {
                    let text =
                        std::fs::read_to_string(v.expect("a file").path()).expect("a vector file");
                    for l in text.lines().filter(|l| l.contains(" level=regression ")) {
                        let name = l.split(" name=").nth(1).and_then(|x| x.split(':').next());
                        names.push(name.expect("a name= key").to_string());
                    }
                }
            }
            for r in gpuref_smt::gcn5::ISA.regressions {
                let has_row = gpuref_amd_gcn5::instructions::by_name(target, r.row).is_some();
                let n = names.iter().filter(|n| *n == r.name).count();
                assert_eq!(
                    n,
                    usize::from(has_row),
                    "{}: regression {} ({}) appears {n} times",
                    target.name(),
                    r.name,
                    r.row
                );
            }
            for n in &names {
                assert!(
                    gpuref_smt::gcn5::ISA
                        .regressions
                        .iter()
                        .any(|r| r.name == n),
                    "{}: a group names regression {n}, which is not listed",
                    target.name()
                );
            }
        }
    }

    #[test]
    fn the_evaluation_can_fail() {
        // S_ADD_U32's carry out, worked by hand: 0xffffffff + 1 carries, 1 + 1 does not.
        let m = gpuref_smt::gcn5::ISA.model("S_ADD_U32").unwrap();
        let cond = coverage::conditions(&m)
            .into_iter()
            .find(|(c, _)| c.name == "int.carry_out")
            .unwrap()
            .1;
        let t = |a: u64, b: u64| {
            coverage::bind(&m, 0x3f0, &[("s0", a), ("s1", b), ("scc_in", 0)], &cond).unwrap()
        };
        assert_eq!(evaluate(&[t(0xffff_ffff, 1), t(1, 1)]), ["true", "false"]);
    }

    #[test]
    fn a_float_result_model_can_fail() {
        // Worked by hand in binary16: 1.0 (0x3c00) + 2^-11 (0x1000) is the midpoint of 1.0
        // and 1 + 2^-10, a tie; 1.0 + 2^-12 (0x0c00) is not. V_CVT_F16_F32 of 0x4ac43000
        // (6428672, past binary16's MAX 65504) is no tie: the neighbours must be finite.
        let add = gpuref_smt::gcn5::ISA.model("V_ADD_F16").unwrap();
        let cvt = gpuref_smt::gcn5::ISA.model("V_CVT_F16_F32").unwrap();
        let tie = |m: &Model| {
            coverage::conditions(m)
                .into_iter()
                .find(|(c, _)| c.name == "fpgen.tie")
                .unwrap()
                .1
        };
        let (ta, tc) = (tie(&add), tie(&cvt));
        let a = |b: u64| coverage::bind(&add, 0x3f0, &[("s0", 0x3c00), ("s1", b)], &ta).unwrap();
        let c = coverage::bind(&cvt, 0x3f0, &[("s0", 0x4ac4_3000)], &tc).unwrap();
        assert_eq!(
            evaluate(&[a(0x1000), a(0x0c00), c]),
            ["true", "false", "false"]
        );
    }

    #[test]
    fn the_narrowings_hold_only_where_they_say() {
        // V_FMA_F32's second factor S1 under the narrowings (half-zero, short, power of
        // two), worked by hand in binary32: 1.0 (0x3f800000) is all three; 1.5
        // (0x3fc00000, fraction 0x400000: top fraction bit only) is half-zero and short,
        // no power of two; 1 + 2^-11 (0x3f801000: fraction bit 12) is half-zero only;
        // 1 + 2^-23 (0x3f800001) none; +0 has a zero exponent field, so it is half-zero
        // and short but no power of two. Adds have no narrowing.
        let m = gpuref_smt::gcn5::ISA.model("V_FMA_F32").unwrap();
        let ns = coverage::narrowings(&m);
        assert_eq!(ns.len(), 3);
        let terms: Vec<String> = [0x3f80_0000, 0x3fc0_0000, 0x3f80_1000, 0x3f80_0001, 0]
            .iter()
            .flat_map(|&b| {
                let m = &m;
                ns.iter().map(move |n| {
                    coverage::bind(m, 0x3f0, &[("s0", 0), ("s1", b), ("s2", 0)], n).unwrap()
                })
            })
            .collect();
        let t = |s: &str| s.to_string();
        let want: Vec<String> = [
            "true", "true", "true", "true", "true", "false", "true", "false", "false", "false",
            "false", "false", "true", "true", "false",
        ]
        .map(t)
        .to_vec();
        assert_eq!(evaluate(&terms), want);
        assert!(
            coverage::narrowings(&gpuref_smt::gcn5::ISA.model("V_ADD_F32").unwrap()).is_empty()
        );
    }

    #[test]
    fn every_pair_is_cached_and_every_stored_input_satisfies_its_condition() {
        // A malformed line would leave a target with no answers: `generate` stops on it.
        assert_eq!(cache_error(), None);
        for (target, path, _) in CACHE {
            let entries = cached(target);
            let mut by_key: BTreeMap<(String, u32, String), &Entry> = BTreeMap::new();
            for e in &entries {
                let k = (e.row.clone(), e.mode, e.model.clone());
                assert!(
                    by_key.insert(k, e).is_none(),
                    "{path}: {} {:#x} {} twice",
                    e.row,
                    e.mode,
                    e.model
                );
            }
            let wants = wanted(target);
            let mut terms = Vec::new();
            let mut what = Vec::new();
            for w in &wants {
                let key = (w.row.to_string(), w.mode, w.cov.name.to_string());
                let e = by_key.remove(&key).unwrap_or_else(|| {
                    panic!(
                        "{path}: no answer for {} mode={:#x} {} (run gpuref generate --solve-coverage)",
                        w.row, w.mode, w.cov.name
                    )
                });
                assert_eq!(
                    e.query,
                    coverage::query_hash(&query_text(w)),
                    "{path}: the answer for {} mode={:#x} {} is for another query (stale: run gpuref generate --solve-coverage)",
                    w.row,
                    w.mode,
                    w.cov.name
                );
                if e.status == "sat" {
                    let v: Vec<(&str, u64)> =
                        e.inputs.iter().map(|(k, v)| (k.as_str(), *v)).collect();
                    let t = coverage::bind(&w.model, w.mode, &v, &w.cond).unwrap_or_else(|| {
                        panic!(
                            "{path}: {} {} lacks an input of the model",
                            w.row, w.cov.name
                        )
                    });
                    terms.push(t);
                    what.push(format!(
                        "{} mode={:#x} {} {:x?}",
                        w.row, w.mode, w.cov.name, e.inputs
                    ));
                }
            }
            assert!(
                by_key.is_empty(),
                "{path}: answers for pairs no longer asked: {:?}",
                by_key.keys().take(5).collect::<Vec<_>>()
            );
            let got = evaluate(&terms);
            assert_eq!(
                got.len(),
                terms.len(),
                "{path}: z3 answered {} of {}",
                got.len(),
                terms.len()
            );
            let bad: Vec<&String> = what
                .iter()
                .zip(&got)
                .filter(|(_, g)| *g != "true")
                .map(|(w, _)| w)
                .collect();
            assert!(
                bad.is_empty(),
                "{path}: stored inputs outside their condition: {bad:?}"
            );
        }
    }
}
