//! GCN5 (gfx900, `vectors/amd-gcn5-vega/state/`) and CDNA1 (gfx908,
//! `vectors/amd-gcn5-mi100/state/`) state-transition vectors: for every row with wave-level
//! semantics (DS, MUBUF/MTBUF, FLAT/GLOBAL/SCRATCH, SMEM, MIMG without a sampler, program
//! flow), edge cases for
//! addressing, range checks, EXEC patterns and M0, then seeded random cases up to
//! [`CAP`] per row. The layout is in docs/vector-format.md ("GCN5 state-transition
//! vectors"); the design and the size budget in docs/design/0035.
//!
//! A case is built as an initial state (what the instruction reads: its address and data
//! registers, EXEC, M0, the descriptor, the bytes it loads, and the bytes a store
//! overwrites so every write shows), the instruction's fields (encoded, decoded again and
//! printed: the words and the text are one instruction), and run through the reference's
//! own path (`reference::gcn5_state`): the final state is what changed, with the wave's
//! unsettled lanes, SGPRs, bytes and program state as acceptance sets.

mod buffer;
mod ds;
mod flat;
mod image;
mod mfma;
mod program;
mod smem;
mod wavelevel;

use super::{case_id, Rng};
use crate::isa::gcn5::state::{byte_runs, final_state, initial_wave, run};
use crate::state::{Case, Header, StateFile, Value};
use gpuref_amd_gcn5::formats::{self, Fields, Instruction};
use gpuref_amd_gcn5::instructions::{rows, Row};
use gpuref_amd_gcn5::Target;
use std::collections::{BTreeMap, HashSet};

/// Cases per row at most (edge cases first, then seeded random ones): the issue's "at least
/// 100 per opcode where the opcode has that many distinct behaviours" (docs/design/0035,
/// "The budget, and the 100-per-row goal").
pub const CAP: usize = 100;

/// The EXEC patterns every family crosses: all lanes, none, alternating, one lane (the
/// last), and the few-lane patterns the random level draws from.
pub const EXEC_ALL: u64 = u64::MAX;
pub const EXEC_ALT: u64 = 0x5555_5555_5555_5555;
pub const EXEC_LAST: u64 = 1 << 63;

/// A few lanes: 1 to 4 of them, one of them lane 0 or 63 half the time.
pub fn few_lanes(rng: &mut Rng) -> u64 {
    let mut m = 0u64;
    let n = 1 + rng.next_u64() % 4;
    for _ in 0..n {
        m |= 1 << (rng.next_u64() % 64);
    }
    match rng.next_u64() % 4 {
        0 => m | 1,
        1 => m | EXEC_LAST,
        _ => m,
    }
}

/// The active lanes of an EXEC mask.
pub fn lanes(exec: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |l| exec >> l & 1 == 1)
}

/// An initial state under construction.
#[derive(Clone, Debug, Default)]
pub struct Init {
    values: BTreeMap<String, Value>,
    bytes: BTreeMap<&'static str, BTreeMap<u64, u8>>,
    /// MODE, when not the default.
    pub mode: Option<u32>,
}

impl Init {
    pub fn new() -> Init {
        Init::default()
    }

    /// A scalar value (`exec`, `m0`, `s4`, `scc`, `pc`, ...).
    pub fn set(&mut self, name: &str, v: u64) -> &mut Self {
        self.values
            .insert(name.into(), Value::Scalar(format!("{v:#x}")));
        self
    }

    /// The lanes of VGPR `vN` that `exec` has active, lane `l` = `f(l)`.
    pub fn lanes(&mut self, reg: u8, exec: u64, f: impl FnMut(usize) -> u32) -> &mut Self {
        self.reg_lanes(&format!("v{reg}"), exec, f)
    }

    /// The lanes of the vector register `name` (`v3`, `a64`) that `exec` has active.
    pub fn reg_lanes(
        &mut self,
        name: &str,
        exec: u64,
        mut f: impl FnMut(usize) -> u32,
    ) -> &mut Self {
        let m: BTreeMap<String, String> = lanes(exec)
            .map(|l| (l.to_string(), format!("{:#x}", f(l))))
            .collect();
        let first = m.values().next().cloned();
        if m.len() == 64 && m.values().all(|v| Some(v) == first.as_ref()) {
            // Every lane alike: one string.
            self.values
                .insert(name.to_string(), Value::Scalar(first.unwrap_or_default()));
        } else if !m.is_empty() {
            self.values.insert(name.to_string(), Value::Map(m));
        }
        self
    }

    /// Bytes of `mem`, `lds` or `gds` (a later write of a byte wins; LDS and GDS stop at
    /// their 64 KiB).
    pub fn bytes(&mut self, space: &'static str, addr: u64, data: &[u8]) -> &mut Self {
        let m = self.bytes.entry(space).or_default();
        for (i, b) in data.iter().enumerate() {
            let a = addr.wrapping_add(i as u64);
            if space != "mem" && a >= gpuref_amd_gcn5::wave::LDS_BYTES as u64 {
                continue;
            }
            m.insert(a, *b);
        }
        self
    }

    /// `n` seeded bytes at `addr`.
    pub fn fill(&mut self, space: &'static str, addr: u64, n: usize, rng: &mut Rng) -> &mut Self {
        let data: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
        self.bytes(space, addr, &data)
    }

    fn finish(&self) -> BTreeMap<String, Value> {
        let mut v = self.values.clone();
        for (space, m) in &self.bytes {
            let list: Vec<(u64, Option<u8>)> = m.iter().map(|(a, b)| (*a, Some(*b))).collect();
            if !list.is_empty() {
                v.insert(space.to_string(), Value::Map(byte_runs(&list)));
            }
        }
        v
    }
}

/// Decode `inst`'s encoding again on `target`: the instruction the case holds, or why not.
pub fn settle(target: Target, inst: &Instruction) -> Result<Instruction, String> {
    let words = formats::encode(inst);
    let (d, used) = formats::decode(target, &words).map_err(|e| format!("does not decode: {e}"))?;
    if used != words.len() || d.row.name != inst.row.name {
        return Err("decodes to another instruction".into());
    }
    let mut text = String::new();
    d.write_text(&mut text);
    crate::isa::gcn5::alu::instruction_of(target, &text, &words)?;
    Ok(d)
}

/// One row's cases being collected.
pub struct RowCases {
    pub target: Target,
    pub row: &'static Row,
    pub cases: Vec<Case>,
    /// Cases at most: [`CAP`] for the committed corpus, more for an on-demand level.
    pub cap: usize,
    seen: HashSet<String>,
    /// Why a case could not be made (the first few), for the file's notes.
    pub skipped: Vec<String>,
}

impl RowCases {
    pub fn new(target: Target, row: &'static Row) -> RowCases {
        RowCases::with_cap(target, row, CAP)
    }

    /// [`RowCases::new`] with another cap (`gpuref generate --state-cap`).
    pub fn with_cap(target: Target, row: &'static Row, cap: usize) -> RowCases {
        RowCases {
            target,
            row,
            cases: Vec::new(),
            cap,
            seen: HashSet::new(),
            skipped: Vec::new(),
        }
    }

    pub fn full(&self) -> bool {
        self.cases.len() >= self.cap
    }

    /// Run `inst` (already [`settle`]d) from `init` and keep the case unless an equal one
    /// exists or the row is full.
    pub fn push(&mut self, inst: &Instruction, init: &Init, why: &str) {
        if self.full() {
            return;
        }
        match make_case(self.target, inst, init, why) {
            Ok(c) => {
                if self.seen.insert(c.id.clone()) {
                    self.cases.push(c);
                }
            }
            Err(e) => {
                if self.skipped.len() < 3 {
                    self.skipped.push(e);
                }
            }
        }
    }
}

fn make_case(target: Target, inst: &Instruction, init: &Init, why: &str) -> Result<Case, String> {
    let words: Vec<String> = formats::encode(inst)
        .iter()
        .map(|w| format!("{w:08x}"))
        .collect();
    let mut asm = String::new();
    inst.write_text(&mut asm);
    let mut mode = BTreeMap::new();
    if let Some(m) = init.mode {
        mode.insert("mode".to_string(), format!("{m:#x}"));
    }
    let initial = init.finish();
    let mut case = Case {
        id: String::new(),
        words,
        asm,
        mode,
        initial,
        final_state: BTreeMap::new(),
        flags: "*".into(),
        rules: Vec::new(),
        why: why.into(),
        line: 0,
    };
    let w = initial_wave(target, &case)?;
    let o = run(inst, w)?;
    case.final_state = final_state(&o);
    let mut rules: Vec<String> = Vec::new();
    let own = format!("gcn5.{}", inst.row.name.to_ascii_lowercase());
    if gpuref_amd_gcn5::rules::resolve(&own).is_some() {
        rules.push(own);
    }
    for (_, _, r) in &o.unsettled {
        if !rules.iter().any(|x| x == r) {
            rules.push(r.to_string());
        }
    }
    case.rules = rules;
    let key = serde_json::to_string(&case.initial).unwrap_or_default();
    let mode_text = init.mode.map_or(String::new(), |m| format!("{m:#x}"));
    let mnemonic = inst.row.name.to_ascii_lowercase();
    case.id = case_id(&mnemonic, &format!("{mode_text}|{}|{key}", case.asm), &[]);
    Ok(case)
}

/// The families and the file each writes.
const FAMILIES: [&str; 11] = [
    "ds",
    "mubuf",
    "mtbuf",
    "flat",
    "global",
    "scratch",
    "smem",
    "mimg",
    "program",
    "wavelevel",
    "mfma",
];

fn family(row: &Row) -> Option<&'static str> {
    use gpuref_amd_gcn5::instructions::Format;
    let f = match row.format {
        Format::Ds if gpuref_amd_gcn5::mem::ds::handles(row.name) => "ds",
        Format::Mubuf if gpuref_amd_gcn5::mem::buffer::handles(row) => "mubuf",
        Format::Mtbuf if gpuref_amd_gcn5::mem::buffer::handles(row) => "mtbuf",
        Format::Flat => "flat",
        Format::Global => "global",
        Format::Scratch => "scratch",
        Format::Smem if gpuref_amd_gcn5::mem::smem::handles(row.name) => "smem",
        Format::Mimg if gpuref_amd_gcn5::mem::image::handles(row) => "mimg",
        Format::Vop3pMai if gpuref_amd_gcn5::alu::vpacked::shape(row.name).is_some() => "mfma",
        _ if gpuref_amd_gcn5::program::handles(row.name) || row.name == "S_CALL_B64" => "program",
        _ if wavelevel::ROWS.contains(&row.name) => "wavelevel",
        _ => return None,
    };
    Some(f)
}

fn row_cases(target: Target, row: &'static Row, fam: &str, cap: usize) -> RowCases {
    let mut rc = RowCases::with_cap(target, row, cap);
    let mut rng = Rng::from_name(&format!("state|{}|{}", target.name(), row.name));
    match fam {
        "ds" => ds::cases(&mut rc, &mut rng),
        "mubuf" | "mtbuf" => buffer::cases(&mut rc, &mut rng),
        "flat" | "global" | "scratch" => flat::cases(&mut rc, &mut rng),
        "smem" => smem::cases(&mut rc, &mut rng),
        "mimg" => image::cases(&mut rc, &mut rng),
        "wavelevel" => wavelevel::cases(&mut rc, &mut rng),
        "mfma" => mfma::cases(&mut rc, &mut rng),
        _ => program::cases(&mut rc, &mut rng),
    }
    rc
}

/// The goal per row (issue 6): at least this many cases where the row has that many
/// distinct behaviours.
pub const GOAL: usize = 100;

/// Every state-transition file: (path relative to the corpus root, content).
pub fn files(common: &[(String, String)]) -> Vec<(String, StateFile)> {
    files_capped(common, CAP, &FAMILIES)
}

/// The family names, for `gpuref generate --state-family`.
pub fn families() -> &'static [&'static str] {
    &FAMILIES
}

/// The state files of `families` with at most `cap` cases per row: [`files`] when `cap` is
/// [`CAP`], else an on-demand level (docs/design/0035, "Larger levels on demand") whose
/// headers say so. The edge cases come first as always; a larger cap lets the seeded
/// random level (the same seed per row and target) draw further.
pub fn files_capped(
    common: &[(String, String)],
    cap: usize,
    families: &[&str],
) -> Vec<(String, StateFile)> {
    let get = |k: &str| {
        common
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut command = format!("gpuref generate --state-cap {cap}");
    if families.len() != FAMILIES.len() {
        command += &format!(" --state-family {}", families.join(","));
    }
    let mut out = Vec::new();
    for target in [Target::Gfx900, Target::Gfx908] {
        for fam in FAMILIES.into_iter().filter(|f| families.contains(f)) {
            // A family with no row on the target (MFMA on gfx900) has no file there.
            if !rows().any(|r| r.targets.contains(target) && family(r) == Some(fam)) {
                continue;
            }
            let mut cases = Vec::new();
            let mut notes = vec![if cap == CAP {
                format!(
                    "at most {CAP} cases per row (the issue's 100 per opcode, docs/design/0035); a row with fewer has no more distinct edge cases and random draws left"
                )
            } else {
                format!(
                    "at most {cap} cases per row (an on-demand level, `gpuref generate --state-cap {cap}`; the committed corpus has {CAP}, docs/design/0035); a row with fewer has no more distinct edge cases and random draws left"
                )
            }];
            if fam == "mfma" {
                notes.push(format!(
                    "MFMA: each row also stops once its cases pass {} bytes per unit of the cap (a lane-varying case of a 32x32 row is ~100 KB: 32 AccVGPRs x 64 lanes with a range each), so every row has fewer than the cap: each keeps its edge cases (every operand alike in every lane), its EXEC patterns and at least one lane-varying case (the CBSZ/ABID broadcast on rows with more than one block, else BLGP 1), the rows with 4 output registers most BLGP patterns, and only two I8 rows reach the seeded random waves; `gpuref generate --out DIR --state-cap N --state-family mfma` makes more (docs/design/0036)",
                    mfma::BYTES_PER_CASE
                ));
            }
            for row in rows().filter(|r| r.targets.contains(target)) {
                if family(row) != Some(fam) {
                    continue;
                }
                let rc = row_cases(target, row, fam, cap);
                if rc.cases.is_empty() {
                    notes.push(format!(
                        "{}: no case ({})",
                        row.name,
                        rc.skipped.first().map_or("no scenario", |s| s.as_str())
                    ));
                }
                cases.extend(rc.cases);
            }
            let header = Header {
                gpuref_vectors: 1,
                kind: "state".into(),
                generator: get("generator"),
                command: if cap == CAP {
                    get("command")
                } else {
                    command.clone()
                },
                semantics: get("semantics"),
                isa: "gcn5".into(),
                target: target.name().into(),
                instruction: format!("state.{fam}"),
                level: "edge,random".into(),
                notes,
            };
            let path = format!("{}/state/{fam}.jsonl", super::alu::target_dir(target));
            out.push((
                path,
                StateFile {
                    header: Some(header),
                    cases,
                },
            ));
        }
    }
    out
}

/// The fields of an instruction of `row` (tests and generators).
pub fn inst(row: &'static Row, fields: Fields) -> Instruction {
    Instruction {
        row,
        fields,
        literal: None,
    }
}

/// What [`write_level`] wrote.
pub struct Level {
    pub files: usize,
    pub cases: usize,
    pub bytes: usize,
    /// Per target: (rows, rows with `cap` cases).
    pub rows: Vec<(&'static str, usize, usize)>,
}

/// Write an on-demand level (`gpuref generate --out DIR --state-cap N`): the state files of
/// `families` with at most `cap` cases per row under `root`, each written to a temporary
/// name and renamed. `root` must not be the committed corpus (the caller checks).
pub fn write_level(root: &std::path::Path, cap: usize, families: &[&str]) -> Result<Level, String> {
    if cap == 0 {
        return Err("--state-cap must be at least 1".into());
    }
    if let Some(bad) = families.iter().find(|f| !FAMILIES.contains(f)) {
        return Err(format!(
            "unknown state family `{bad}` (known: {})",
            FAMILIES.join(", ")
        ));
    }
    let header = super::common_header();
    let files = files_capped(&header, cap, families);
    let mut level = Level {
        files: files.len(),
        cases: 0,
        bytes: 0,
        rows: Vec::new(),
    };
    let mut per_target: BTreeMap<&'static str, BTreeMap<String, usize>> = BTreeMap::new();
    for (rel, file) in &files {
        let text = file.to_text();
        level.cases += file.cases.len();
        level.bytes += text.len();
        let target = if rel.contains("mi100") {
            "gfx908"
        } else {
            "gfx900"
        };
        let rows = per_target.entry(target).or_default();
        for c in &file.cases {
            let mnemonic = c.id.rsplit_once('.').map_or(c.id.as_str(), |(m, _)| m);
            *rows.entry(mnemonic.to_string()).or_default() += 1;
        }
        let path = root.join(rel);
        let write = || -> std::io::Result<()> {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = path.with_extension("tmp");
            std::fs::write(&tmp, &text)?;
            std::fs::rename(&tmp, &path)
        };
        write().map_err(|e| format!("{}: {e}", path.display()))?;
    }
    level.rows = per_target
        .into_iter()
        .map(|(t, rows)| (t, rows.len(), rows.values().filter(|n| **n >= cap).count()))
        .collect();
    Ok(level)
}
