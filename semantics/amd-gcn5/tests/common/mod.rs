//! What every llvm-mc differential shares: running `llvm-mc -arch=amdgcn -mcpu=...` as a
//! subprocess (if it is missing the test fails and says to install llvm-14), splitting its
//! output per case, and comparing its verdict with ours.

#![allow(dead_code)]

use gpuref_amd_gcn5::formats::decode;
use gpuref_amd_gcn5::Target;
use gpuref_core::decode::DecodeErrorKind;
use std::io::Write;
use std::process::{Command, Stdio};

/// A VOP1 instruction our generator never produces, between cases so that llvm-mc's output
/// can be split per case: `v_mov_b32_e32 v255, 0x13579bdf`. llvm-mc reads its input as one
/// byte stream (an instruction can take its literal from the next line), so the marker is
/// preceded by two `s_nop 0` words: a stray word left over from a case (a literal LLVM did
/// not take, or the word after a rejected one) may take one of them as its own literal or
/// second dword, never the marker.
pub const MARKER: [u32; 4] = [0xbf80_0000, 0xbf80_0000, 0x7ffe_02ff, 0x1357_9bdf];

pub const MARKER_TEXT: &str = "v_mov_b32_e32 v255, 0x13579bdf";

pub fn llvm_mc(target: Target, args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new("llvm-mc")
        .args(["-arch=amdgcn", &format!("-mcpu={}", target.name())])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run llvm-mc ({e}): install LLVM 14 (apt-get install llvm-14) so that `llvm-mc` is on PATH")
        });
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("llvm-mc output");
    writer.join().expect("writer").expect("write to llvm-mc");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn bytes_line(words: &[u32]) -> String {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("{b:#04x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text ; encoding: [0x..,...]` → (text, words).
pub fn split_output_line(line: &str) -> Option<(String, Vec<u8>)> {
    let (text, enc) = line.split_once("; encoding: [")?;
    let bytes = enc
        .trim_end()
        .trim_end_matches(']')
        .split(',')
        .filter_map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
        .collect();
    Some((text.trim().to_string(), bytes))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept { text: String, words: usize },
    Reject(String),
}

/// Disassemble every case with llvm-mc, one case per line, markers between.
pub fn llvm_disassemble(target: Target, cases: &[Vec<u32>]) -> Vec<Verdict> {
    let marker = bytes_line(&MARKER);
    let mut input = String::new();
    for c in cases {
        input += &bytes_line(c);
        input += "\n";
        input += &marker;
        input += "\n";
    }
    let (out, err) = llvm_mc(target, &["--disassemble", "-show-encoding"], &input);
    let mut rejected = std::collections::HashSet::new();
    // A warning later on a case's line: LLVM left some of the case's words to a second
    // instruction.
    let mut split = std::collections::HashSet::new();
    for l in err.lines() {
        // <stdin>:LINE:COL: warning: invalid instruction encoding
        let mut parts = l.split(':');
        if parts.next() != Some("<stdin>") {
            continue;
        }
        let line: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let col: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        if line % 2 == 1 {
            if col == 1 {
                rejected.insert((line - 1) / 2);
            } else {
                split.insert((line - 1) / 2);
            }
        }
    }
    let mut groups = vec![Vec::new()];
    for l in out.lines().filter(|l| l.contains("; encoding:")) {
        let (text, bytes) = split_output_line(l).expect("llvm-mc output line");
        if text == MARKER_TEXT {
            groups.push(Vec::new());
        } else if let Some(g) = groups.last_mut() {
            g.push((text, bytes.len() / 4));
        }
    }
    assert_eq!(groups.len(), cases.len() + 1, "llvm-mc output not aligned");
    (0..cases.len())
        .map(|i| {
            if rejected.contains(&i) {
                Verdict::Reject("invalid instruction encoding".into())
            } else {
                // llvm-mc shows the re-encoding, whose length can differ from what it read
                // (a literal equal to an inline constant is re-encoded inline), so the words
                // it read are counted from what follows: exactly the two pad `s_nop 0`s when
                // it read the whole case.
                let g = &groups[i];
                let pads_only = g.len() == 3 && g[1..].iter().all(|(t, _)| t == "s_nop 0");
                let words = if pads_only && !split.contains(&i) {
                    cases[i].len()
                } else {
                    1
                };
                match g.first() {
                    Some((t, _)) => Verdict::Accept {
                        text: t.clone(),
                        words,
                    },
                    None => Verdict::Reject("no output".into()),
                }
            }
        })
        .collect()
}

/// The same text and length, or both reject (for any reason).
pub fn same(a: &Verdict, b: &Verdict) -> bool {
    matches!((a, b), (Verdict::Reject(_), Verdict::Reject(_))) || a == b
}

pub fn ours(target: Target, words: &[u32]) -> (Verdict, Option<DecodeErrorKind>) {
    match decode(target, words) {
        Ok((inst, used)) => (
            Verdict::Accept {
                text: inst.to_string(),
                words: used,
            },
            None,
        ),
        Err(e) => (Verdict::Reject(e.to_string()), Some(e.kind)),
    }
}

/// splitmix64.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub fn llvm_assemble(t: Target, text: &str) -> Result<Vec<u8>, String> {
    let (out, err) = llvm_mc(t, &["-show-encoding"], &format!("{text}\n"));
    if err.contains("error:") {
        return Err(err);
    }
    out.lines()
        .find_map(split_output_line)
        .map(|(_, b)| b)
        .ok_or(err)
}

pub fn le_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

// ---- The two drivers every differential shares, and their small helpers.

/// `VAR=N` from the environment, else `default` (the random words per target).
pub fn env_count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// `<stdin>:LINE:COL: error: MSG` (and, unless `errors_only`, `warning: MSG`) lines of
/// llvm-mc's stderr, by 0-based input line (the first such message of a line).
pub fn stdin_diagnostics(
    err: &str,
    errors_only: bool,
) -> std::collections::BTreeMap<usize, String> {
    let mut diagnostics = std::collections::BTreeMap::new();
    for l in err.lines() {
        let mut parts = l.splitn(4, ':');
        if parts.next() != Some("<stdin>") {
            continue;
        }
        let line: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let msg = parts.nth(1).unwrap_or("").trim().to_string();
        if !errors_only || msg.starts_with("error") {
            diagnostics.entry(line.saturating_sub(1)).or_insert(msg);
        }
    }
    diagnostics
}

/// Our verdict, our error kind and llvm-mc's verdict on one case.
pub fn both(t: Target, words: &[u32]) -> (Verdict, Option<DecodeErrorKind>, Verdict) {
    let (o, k) = ours(t, words);
    let l = llvm_disassemble(t, &[words.to_vec()]).remove(0);
    (o, k, l)
}

/// A pinned disagreement: on `t` llvm-mc prints `llvm_text` (taking all of `words`) and we
/// reject the words. Returns our error kind and llvm-mc's verdict for the class check.
pub fn pin_rejected(
    t: Target,
    words: &[u32],
    llvm_text: &str,
    note: &str,
) -> (Option<DecodeErrorKind>, Verdict) {
    let (o, k, l) = both(t, words);
    assert_eq!(
        l,
        Verdict::Accept {
            text: llvm_text.into(),
            words: words.len()
        },
        "{t}: LLVM changed: {note}"
    );
    assert!(matches!(o, Verdict::Reject(_)), "{t}: ours {o:?}");
    (k, l)
}

/// Decode `words` (of row `name`), check that they are used whole, re-encode to themselves
/// and that the printed text parses back to the same instruction.
pub fn roundtrip(t: Target, name: &str, words: &[u32]) -> gpuref_amd_gcn5::formats::Instruction {
    use gpuref_amd_gcn5::formats::{encode, parse};
    let (inst, used) = decode(t, words).unwrap_or_else(|e| panic!("{name} {words:08x?}: {e}"));
    assert_eq!(used, words.len(), "{name} {words:08x?}");
    assert_eq!(encode(&inst), words, "{name}");
    assert_eq!(parse(t, &inst.to_string()), Ok(inst), "{inst}");
    inst
}

/// Driver (1), "every row matches llvm": our words of `insts` disassembled by llvm-mc must
/// print our text with our length, and our text assembled by llvm-mc must give our words.
/// Rows in `not_yet` are skipped (and printed by the caller). Pushes one failure per
/// disagreement; returns the instances that agree both ways.
pub fn compare_rows<'a>(
    t: Target,
    insts: &'a [gpuref_amd_gcn5::formats::Instruction],
    not_yet: &[&str],
    failures: &mut Vec<String>,
) -> Vec<&'a gpuref_amd_gcn5::formats::Instruction> {
    use gpuref_amd_gcn5::formats::encode;
    let cases: Vec<Vec<u32>> = insts.iter().map(encode).collect();
    let llvm = llvm_disassemble(t, &cases);
    let text: String = insts.iter().map(|i| format!("{i}\n")).collect();
    let (out, err) = llvm_mc(t, &["-show-encoding"], &text);
    let errors = stdin_diagnostics(&err, false);
    let mut encs = out.lines().filter_map(split_output_line).map(|(_, b)| b);
    let mut agreeing = Vec::new();
    for (i, ((inst, words), l)) in insts.iter().zip(&cases).zip(&llvm).enumerate() {
        let assembled = match errors.get(&i) {
            Some(m) => Err(m),
            None => Ok(encs.next().unwrap_or_default()),
        };
        if not_yet.contains(&inst.row.name) {
            continue;
        }
        let ours = Verdict::Accept {
            text: inst.to_string(),
            words: words.len(),
        };
        if &ours != l {
            failures.push(format!(
                "{t} disassemble {words:08x?}: ours {ours:?}, llvm {l:?}"
            ));
            continue;
        }
        match assembled {
            Ok(bytes) if bytes == le_bytes(words) => agreeing.push(inst),
            Ok(bytes) => failures.push(format!(
                "{t} assemble `{inst}`: ours {:x?}, llvm {bytes:x?}",
                le_bytes(words)
            )),
            Err(m) => failures.push(format!("{t} llvm-mc rejects `{inst}`: {m}")),
        }
    }
    if !err.trim().is_empty() {
        failures.push(format!(
            "{t}: llvm-mc's stderr on our texts is not empty:\n{err}"
        ));
    }
    if encs.next().is_some() || errors.keys().any(|&i| i >= insts.len()) {
        failures.push(format!(
            "{t}: llvm-mc output not aligned with our {} texts:\n{err}",
            insts.len()
        ));
    }
    agreeing
}

/// Fail with the failures of driver (1), if any.
pub fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `n` cases from `gen`, seeded with `seed`.
pub fn random_cases(
    n: usize,
    seed: u64,
    mut gen: impl FnMut(&mut u64) -> Vec<u32>,
) -> Vec<Vec<u32>> {
    let mut state = seed;
    (0..n).map(|_| gen(&mut state)).collect()
}

/// How one random case compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    SameText,
    BothReject,
    Classified,
    Unexplained,
}

/// What llvm-mc's assembler did with an agreed text, for a file's assembler classifier.
#[derive(Clone, Copy, Debug)]
pub enum AsmIssue<'a> {
    /// llvm-mc's assembler rejects the text with this message.
    Rejected(&'a str),
    /// Both assemble the text, to different bytes.
    Differs,
}

/// The figures of driver (2) on one target and family of cases.
#[derive(Debug, Default)]
pub struct RandomSummary {
    pub same_text: usize,
    pub both_reject: usize,
    /// Classified disassembly disagreements.
    pub classes: std::collections::BTreeMap<&'static str, usize>,
    /// Classified assembler-side disagreements on agreed texts.
    pub asm_classes: std::collections::BTreeMap<&'static str, usize>,
    /// The texts both disassemblers agree on, with the words they came from.
    pub texts: Vec<(String, Vec<u32>)>,
    /// Agreed texts assembled to the same bytes by llvm-mc and by parse+encode.
    pub assembled: usize,
    /// Per case, in order.
    pub outcomes: Vec<Outcome>,
}

/// The disassembly half of driver (2): `llvm` is llvm-mc's verdict on each case. The same
/// text and length, or both reject; else `classify(words, ours, our error, llvm)` must name
/// a documented class, or the case is pushed to `unexplained`.
pub fn compare_disassembly(
    t: Target,
    cases: &[Vec<u32>],
    llvm: &[Verdict],
    mut classify: impl FnMut(
        &[u32],
        &Verdict,
        &Option<DecodeErrorKind>,
        &Verdict,
    ) -> Option<&'static str>,
    unexplained: &mut Vec<String>,
) -> RandomSummary {
    let mut s = RandomSummary::default();
    for (words, l) in cases.iter().zip(llvm) {
        let (o, kind) = ours(t, words);
        let outcome = if same(&o, l) {
            if let Verdict::Accept { text, .. } = &o {
                s.same_text += 1;
                s.texts.push((text.clone(), words.clone()));
                Outcome::SameText
            } else {
                s.both_reject += 1;
                Outcome::BothReject
            }
        } else if let Some(c) = classify(words, &o, &kind, l) {
            *s.classes.entry(c).or_default() += 1;
            Outcome::Classified
        } else {
            unexplained.push(format!("{t} {words:08x?}: ours {o:?}, llvm {l:?}"));
            Outcome::Unexplained
        };
        s.outcomes.push(outcome);
    }
    s
}

/// The assembler half of driver (2): every agreed text of `s` must parse with our parser,
/// and llvm-mc and parse+encode must give the same bytes; else `classify_asm(text, issue)`
/// must name a documented class, or the text is pushed to `unexplained`.
pub fn compare_assembly(
    t: Target,
    s: &mut RandomSummary,
    mut classify_asm: impl FnMut(&str, AsmIssue) -> Option<&'static str>,
    unexplained: &mut Vec<String>,
) {
    use gpuref_amd_gcn5::formats::{encode, parse};
    let input: String = s.texts.iter().map(|(t, _)| format!("{t}\n")).collect();
    let (out, err) = llvm_mc(t, &["-show-encoding"], &input);
    let errors = stdin_diagnostics(&err, false);
    let mut encs = out.lines().filter_map(split_output_line).map(|(_, b)| b);
    let mut tally = LegalityTally::default();
    for (i, (text, _)) in s.texts.iter().enumerate() {
        tally.add(t, text, errors.get(&i).map(String::as_str));
        let llvm = match errors.get(&i) {
            Some(msg) => Err(msg),
            None => Ok(encs.next().unwrap_or_default()),
        };
        let ours = match parse(t, text) {
            Ok(i) => le_bytes(&encode(&i)),
            Err(e) => {
                unexplained.push(format!("{t} our parse rejects our `{text}`: {e}"));
                continue;
            }
        };
        let issue = match &llvm {
            Ok(enc) if *enc == ours => {
                s.assembled += 1;
                continue;
            }
            Ok(_) => AsmIssue::Differs,
            Err(msg) => AsmIssue::Rejected(msg),
        };
        match (classify_asm(text, issue), llvm) {
            (Some(c), _) => *s.asm_classes.entry(c).or_default() += 1,
            (None, Err(msg)) => unexplained.push(format!("{t} llvm-mc rejects `{text}`: {msg}")),
            (None, Ok(enc)) => unexplained.push(format!(
                "{t} assemble `{text}`: ours {ours:x?}, llvm {enc:x?}"
            )),
        }
    }
    tally.print(t, "random words");
    unexplained.append(&mut tally.unexplained);
}

/// Driver (2) on one target: disassemble `cases` with llvm-mc and compare with ours, then
/// re-assemble the agreed texts; prints the summary of `what` (e.g. "DS").
pub fn random_differential(
    t: Target,
    what: &str,
    cases: &[Vec<u32>],
    classify: impl FnMut(&[u32], &Verdict, &Option<DecodeErrorKind>, &Verdict) -> Option<&'static str>,
    classify_asm: impl FnMut(&str, AsmIssue) -> Option<&'static str>,
    unexplained: &mut Vec<String>,
) -> RandomSummary {
    let llvm = llvm_disassemble(t, cases);
    let mut s = compare_disassembly(t, cases, &llvm, classify, unexplained);
    compare_assembly(t, &mut s, classify_asm, unexplained);
    print_random_summary(t, what, cases.len(), &s);
    s
}

/// The summary lines of driver (2).
pub fn print_random_summary(t: Target, what: &str, n: usize, s: &RandomSummary) {
    println!(
        "{t}: {n} random {what} words: same text {}, both reject {}; {} of {} agreed texts \
         assembled to the same bytes by llvm-mc and by parse+encode; {} refused by llvm-mc's \
         assembler only (classified)",
        s.same_text,
        s.both_reject,
        s.assembled,
        s.texts.len(),
        s.asm_classes.values().sum::<usize>()
    );
    println!(
        "{t}: classified {what} disagreements: {:#?}; assembler: {:#?}",
        s.classes, s.asm_classes
    );
}

/// Fail with the first `show` unexplained disagreements of driver (2), if any.
pub fn assert_explained(unexplained: &[String], show: usize) {
    let shown: Vec<&String> = unexplained.iter().take(show).collect();
    assert!(
        unexplained.is_empty(),
        "{} unexplained disagreements (first {show}):\n{shown:#?}",
        unexplained.len()
    );
}

/// No assembler-side class: every agreed text must assemble identically.
pub fn no_asm_class(_text: &str, _issue: AsmIssue) -> Option<&'static str> {
    None
}

/// llvm-mc's assembler gives `reassembled` for `text` (`None`: it rejects the text).
pub fn assert_reassembled(t: Target, text: &str, reassembled: Option<&[u32]>, class: &str) {
    match reassembled {
        Some(w) => assert_eq!(llvm_assemble(t, text), Ok(le_bytes(w)), "{t} {class}"),
        None => assert!(llvm_assemble(t, text).is_err(), "{t} {class}"),
    }
}

/// Driver (1) over both targets: prints `not_yet`; `instances(t)` gives the round-tripped
/// representatives of target `t` (see [`roundtrip`]); [`compare_rows`] compares them with
/// llvm-mc; `summary(t, instances, agreeing, failures)` prints the target's figures (and may
/// add failures). Fails on any failure.
pub fn rows_differential(
    not_yet: &[&str],
    mut instances: impl FnMut(Target) -> Vec<gpuref_amd_gcn5::formats::Instruction>,
    mut summary: impl FnMut(
        Target,
        &[gpuref_amd_gcn5::formats::Instruction],
        &[&gpuref_amd_gcn5::formats::Instruction],
        &mut Vec<String>,
    ),
) {
    println!("NOT_YET (rows whose LLVM syntax is unfinished): {not_yet:?}");
    let mut failures = Vec::new();
    for t in Target::ALL {
        let insts = instances(t);
        let agreeing = compare_rows(t, &insts, not_yet, &mut failures);
        summary(t, &insts, &agreeing, &mut failures);
    }
    assert_no_failures(&failures);
}

/// Driver (2) over both targets: `GPUREF_<FMT>_RANDOM_WORDS` (`var`, default 100000) cases
/// per target; `run(t, n, unexplained)` runs one target (usually [`random_differential`]).
/// Fails on any unexplained disagreement, showing the first `show`.
pub fn random_words_differential(
    var: &str,
    show: usize,
    mut run: impl FnMut(Target, usize, &mut Vec<String>),
) {
    let n = env_count(var, 100_000);
    let mut unexplained = Vec::new();
    for t in Target::ALL {
        run(t, n, &mut unexplained);
    }
    assert_explained(&unexplained, show);
}

/// Agreeing instances counted per row name.
pub fn per_row(
    agreeing: &[&gpuref_amd_gcn5::formats::Instruction],
) -> std::collections::BTreeMap<&'static str, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for inst in agreeing {
        *counts.entry(inst.row.name).or_default() += 1;
    }
    counts
}

/// The round-tripped instances (see [`roundtrip`]) of every representative `reps(row)` of
/// `rows`, encoded by `encode`; each decodes to the `Fields` `fields` makes of it.
pub fn instances_of<T>(
    t: Target,
    rows: Vec<&'static gpuref_amd_gcn5::Row>,
    reps: impl Fn(&'static gpuref_amd_gcn5::Row) -> Vec<T>,
    encode: impl Fn(&'static gpuref_amd_gcn5::Row, &T) -> Vec<u32>,
    fields: impl Fn(T) -> gpuref_amd_gcn5::formats::Fields,
) -> Vec<gpuref_amd_gcn5::formats::Instruction> {
    let mut insts = Vec::new();
    for row in rows {
        for d in reps(row) {
            let inst = roundtrip(t, row.name, &encode(row, &d));
            assert_eq!(inst.fields, fields(d), "{}", row.name);
            insts.push(inst);
        }
    }
    insts
}

/// A file's classifier of disassembly disagreements on a target: (target, words, our
/// verdict, our error kind, llvm-mc's verdict) → class.
pub type ClassifyOn =
    fn(Target, &[u32], &Verdict, &Option<DecodeErrorKind>, &Verdict) -> Option<&'static str>;

/// [`random_words_differential`] with [`random_differential`] for a format whose cases come
/// from `gen(rows(t), state)` seeded with `seed + t`, and `classify(t, words, ours, our
/// error, llvm)`; no assembler-side class.
pub fn random_rows_differential(
    var: &str,
    show: usize,
    what: &str,
    seed: u64,
    rows: fn(Target) -> Vec<&'static gpuref_amd_gcn5::Row>,
    gen: fn(&[&'static gpuref_amd_gcn5::Row], &mut u64) -> Vec<u32>,
    classify: ClassifyOn,
) {
    random_words_differential(var, show, |t, n, unexplained| {
        let rows = rows(t);
        let cases = random_cases(n, seed + t as u64, |s| gen(&rows, s));
        let classify = |w: &[u32], o: &Verdict, k: &_, l: &_| classify(t, w, o, k, l);
        random_differential(t, what, &cases, classify, no_asm_class, unexplained);
    });
}

/// Issue 25's figure, per run: of the agreed texts, those llvm-mc's assembler refuses that
/// our assembler accepts, without the legality rules (`parse`, what `gpuref asm --lenient`
/// encodes: "before") and with them (`legality::parse_checked`, the default: "after"), by
/// llvm-mc's message. Printed by [`LegalityTally::print`]; docs/design/0046 has the figures.
#[derive(Debug, Default)]
pub struct LegalityTally {
    pub texts: usize,
    pub before: std::collections::BTreeMap<String, usize>,
    pub after: std::collections::BTreeMap<String, usize>,
    /// Constant-bus refusals `parse_checked` accepts outside class L2 of docs/design/0046
    /// (SCC, VCCZ, EXECZ, the apertures, POPS_EXITING_WAVE_ID): each is a failure.
    pub unexplained: Vec<String>,
}

/// The sources whose constant-bus use the manual does not limit (0046 L2).
const UNLIMITED_SOURCES: &[&str] = &[
    "src_scc",
    "src_vccz",
    "src_execz",
    "src_shared_",
    "src_private_",
    "src_pops_exiting_wave_id",
];

impl LegalityTally {
    /// Count one agreed text and llvm-mc's verdict on it (`Some(message)`: refused).
    pub fn add(&mut self, t: Target, text: &str, llvm_error: Option<&str>) {
        use gpuref_amd_gcn5::formats::{legality, parse};
        self.texts += 1;
        let Some(msg) = llvm_error.filter(|m| m.starts_with("error")) else {
            return;
        };
        let key = msg.trim_start_matches("error:").trim().to_string();
        if parse(t, text).is_ok() {
            *self.before.entry(key.clone()).or_default() += 1;
        }
        if legality::parse_checked(t, text).is_ok() {
            if key.contains("constant bus") && !UNLIMITED_SOURCES.iter().any(|s| text.contains(s)) {
                self.unexplained.push(format!(
                    "{t} `{text}`: llvm-mc refuses it ({msg}) and the legality check accepts it"
                ));
            }
            *self.after.entry(key).or_default() += 1;
            if std::env::var_os("GPUREF_LEGALITY_SHOW").is_some() {
                println!("llvm-only {t}: {text}  ({msg})");
            }
        }
    }

    pub fn print(&self, t: Target, what: &str) {
        let sum = |m: &std::collections::BTreeMap<String, usize>| m.values().sum::<usize>();
        println!(
            "{t}: legality ({what}): of {} agreed texts, llvm-mc's assembler refuses {} that \
             our parse accepts (before, --lenient) and {} that parse_checked accepts (after); \
             before {:#?}; after {:#?}",
            self.texts,
            sum(&self.before),
            sum(&self.after),
            self.before,
            self.after
        );
    }
}
