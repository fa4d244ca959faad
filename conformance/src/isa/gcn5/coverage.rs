//! `gpuref coverage`: per target and format, how many opcode rows exist and how many are
//! decoded, have executable semantics, have a z3 model, have vectors, and are exempt.
//!
//! Sources: the instruction tables (`instructions::rows`), the formats the decoder handles
//! (`formats::is_supported`), the kernel tables (`exec::has_semantics`), and the vector
//! corpus (a row counts as having vectors when a value vector file under
//! `vectors/amd-gcn5-*` other than the encoding files names it in its `#!instruction`
//! header, or a case of an ALU value file, `#!kind alu`, or of a state-transition file,
//! `.jsonl`, is an instruction of the row: its `asm`), and the z3 models of gpuref-smt (`smt`: rows with a model); a row is exempt when it has no semantics and a table
//! states why (`exec::pending_reason`: the reasons are listed under the table).

use gpuref_amd_gcn5::instructions::{rows, Format, Row};
use gpuref_amd_gcn5::{exec, formats, Target};
use std::collections::BTreeSet;
use std::path::Path;

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub target: &'static str,
    pub format: &'static str,
    pub rows: usize,
    pub decoded: usize,
    pub semantics: usize,
    pub smt: usize,
    pub vectors: usize,
    pub exempt: usize,
}

/// The CSV header the report's csv form starts with.
pub const CSV_HEADER: &str = "target,format,rows,decoded,semantics,smt,vectors,exempt";

/// The instruction names that value or state vectors of `target` exercise.
fn vector_names(root: &Path, target: Target) -> BTreeSet<String> {
    let dir = match target {
        Target::Gfx900 => "amd-gcn5-vega",
        Target::Gfx908 => "amd-gcn5-mi100",
    };
    let mut names = BTreeSet::new();
    let mut stack = vec![root.join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "encoding") {
                    stack.push(p);
                }
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            if p.extension().is_some_and(|x| x == "jsonl") {
                // A state-transition file holds many rows: each case's `asm` names its row
                // (the first line is the header, which has none).
                for line in text.lines().skip(1) {
                    let asm = serde_json::from_str::<serde_json::Value>(line)
                        .ok()
                        .and_then(|v| v.get("asm")?.as_str().map(str::to_string));
                    if let Some(m) = asm.as_deref().and_then(|a| a.split_whitespace().next()) {
                        names.insert(row_name(m));
                    }
                }
                continue;
            }
            let alu = text.lines().any(|l| l.trim() == "#!kind alu");
            for line in text.lines().take_while(|l| l.starts_with("#!")) {
                if let Some(name) = line.strip_prefix("#!instruction ") {
                    names.insert(name.trim().to_ascii_uppercase());
                }
            }
            if alu {
                // One file holds many rows: each case's assembly (field 3) names its row.
                for line in text
                    .lines()
                    .filter(|l| !l.starts_with('#') && !l.is_empty())
                {
                    if let Some(m) = line
                        .split('\t')
                        .nth(2)
                        .and_then(|asm| asm.split_whitespace().next())
                    {
                        names.insert(row_name(m));
                    }
                }
            }
        }
    }
    names
}

/// The row name of an assembly mnemonic: upper case, without the encoding suffix LLVM
/// prints (`v_add_f32_e64` → `V_ADD_F32`).
fn row_name(mnemonic: &str) -> String {
    let m = ["_e32", "_e64", "_sdwa", "_dpp"]
        .iter()
        .find_map(|s| mnemonic.strip_suffix(s))
        .unwrap_or(mnemonic);
    m.to_ascii_uppercase()
}

/// The report for every target (or one), one line per format that has rows.
pub fn gcn5(vectors_root: &Path, only: Option<Target>) -> Vec<Line> {
    let mut out = Vec::new();
    for t in Target::ALL
        .into_iter()
        .filter(|t| only.is_none_or(|o| o == *t))
    {
        let with_vectors = vector_names(vectors_root, t);
        for f in Format::ALL {
            let of: Vec<&Row> = rows()
                .filter(|r| r.format == f && r.targets.contains(t))
                .collect();
            if of.is_empty() {
                continue;
            }
            let count = |p: &dyn Fn(&Row) -> bool| of.iter().filter(|r| p(r)).count();
            out.push(Line {
                target: t.name(),
                format: f.name(),
                rows: of.len(),
                decoded: count(&|r| formats::is_supported(r)),
                semantics: count(&|r| exec::has_semantics(r)),
                smt: count(&|r| gpuref_smt::isa("gcn5").is_some_and(|m| m.has_model(r.name))),
                vectors: count(&|r| with_vectors.contains(r.name)),
                exempt: count(&|r| !exec::has_semantics(r) && exec::pending_reason(r).is_some()),
            });
        }
    }
    out
}

/// Rows without semantics that a table gives a reason for: (target, name, reason).
pub fn pending(only: Option<Target>) -> Vec<(&'static str, &'static str, &'static str)> {
    let mut out = Vec::new();
    for t in Target::ALL
        .into_iter()
        .filter(|t| only.is_none_or(|o| o == *t))
    {
        for r in rows().filter(|r| r.targets.contains(t)) {
            if let Some(why) = exec::pending_reason(r) {
                out.push((t.name(), r.name, why));
            }
        }
    }
    out
}

/// The report as CSV.
pub fn csv(lines: &[Line]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for l in lines {
        s += &format!(
            "{},{},{},{},{},{},{},{}\n",
            l.target, l.format, l.rows, l.decoded, l.semantics, l.smt, l.vectors, l.exempt
        );
    }
    s
}

/// The report as an aligned table, with per-target totals and the pending reasons.
pub fn table(lines: &[Line], pending: &[(&str, &str, &str)]) -> String {
    let mut s = format!(
        "{:<7} {:<10} {:>5} {:>8} {:>10} {:>4} {:>8} {:>7}\n",
        "target", "format", "rows", "decoded", "semantics", "smt", "vectors", "exempt"
    );
    let mut targets: Vec<&str> = lines.iter().map(|l| l.target).collect();
    targets.dedup();
    for t in targets {
        let mut total = Line {
            target: t,
            format: "total",
            rows: 0,
            decoded: 0,
            semantics: 0,
            smt: 0,
            vectors: 0,
            exempt: 0,
        };
        for l in lines.iter().filter(|l| l.target == t) {
            s += &row_text(l);
            total.rows += l.rows;
            total.decoded += l.decoded;
            total.semantics += l.semantics;
            total.smt += l.smt;
            total.vectors += l.vectors;
            total.exempt += l.exempt;
        }
        s += &row_text(&total);
    }
    if !pending.is_empty() {
        s += &format!(
            "\nrows without semantics for a stated reason ({}):\n",
            pending.len()
        );
        for (t, name, why) in pending {
            s += &format!("  {t} {}: {why}\n", name.to_ascii_lowercase());
        }
    }
    s
}

fn row_text(l: &Line) -> String {
    format!(
        "{:<7} {:<10} {:>5} {:>8} {:>10} {:>4} {:>8} {:>7}\n",
        l.target, l.format, l.rows, l.decoded, l.semantics, l.smt, l.vectors, l.exempt
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_tables() {
        let lines = gcn5(Path::new("/nonexistent"), None);
        let get = |t: &str, f: &str| {
            lines
                .iter()
                .find(|l| l.target == t && l.format == f)
                .unwrap_or_else(|| panic!("{t} {f}"))
                .clone()
        };
        // SOP2 has 53 rows on gfx900 (the manual's table), all decoded, all executed (the
        // kernels, and S_CBRANCH_G_FORK and S_RFE_RESTORE_B64 in the program module).
        let sop2 = get("gfx900", "SOP2");
        assert_eq!((sop2.rows, sop2.decoded, sop2.semantics), (53, 53, 53));
        // MI100's MFMA rows exist only on gfx908.
        assert!(lines
            .iter()
            .all(|l| !(l.target == "gfx900" && l.format == "VOP3P-MAI")));
        assert_eq!(get("gfx908", "VOP3P-MAI").rows, 22);
        let csv = csv(&lines);
        assert!(csv.starts_with(CSV_HEADER));
        // Every SOP2 row has semantics (51 kernels, 2 program-flow rows); the 51 kernels have
        // z3 models (gpuref-smt).
        assert!(
            csv.contains(
                "gfx900,SOP2,53,53,53,51,0,0
"
            ),
            "{csv}"
        );
        let p = pending(Some(Target::Gfx900));
        // The interpolation rows stay exempt (issue 6); the last rows that waited for a
        // reading (docs/design/0037) execute.
        assert!(p.iter().any(|(_, n, _)| *n == "V_INTERP_P1_F32"));
        for n in [
            "V_CLREXCP",
            "V_MSAD_U8",
            "V_MQSAD_U32_U8",
            "V_LOG_LEGACY_F32",
        ] {
            assert!(!p.iter().any(|(_, m, _)| *m == n), "{n}");
        }
        let t = table(&lines, &p);
        assert!(t.contains("total"));
    }

    /// A state-transition file counts its cases' rows, per target; its header (whose
    /// `instruction` is the family, `state.ds`) names none, and a line that is not JSON is
    /// skipped.
    #[test]
    fn state_vectors_count_their_cases_rows() {
        let root = std::env::temp_dir().join(format!("gpuref-coverage-{}", std::process::id()));
        let dir = root.join("amd-gcn5-vega/state");
        std::fs::create_dir_all(&dir).unwrap();
        let header = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.ds"}"#;
        let write = r#"{"id": "a", "words": ["d81a0004", "00000201"], "asm": "ds_write_b32 v1, v2 offset:4", "initial": {}, "final": {}, "rules": []}"#;
        let branch = r#"{"id": "b", "words": ["bf820003"], "asm": "s_branch 3", "initial": {}, "final": {}, "rules": []}"#;
        std::fs::write(
            dir.join("ds.jsonl"),
            format!("{header}\n{write}\nnot json\n{branch}\n"),
        )
        .unwrap();
        let lines = gcn5(&root, None);
        let get = |t: &str, f: &str| {
            lines
                .iter()
                .find(|l| l.target == t && l.format == f)
                .map(|l| l.vectors)
        };
        // One DS row and one SOPP row on gfx900 (the file is under amd-gcn5-vega), none on
        // gfx908.
        assert_eq!(get("gfx900", "DS"), Some(1));
        assert_eq!(get("gfx900", "SOPP"), Some(1));
        assert_eq!(get("gfx908", "DS"), Some(0));
        let _ = std::fs::remove_dir_all(&root);
    }

    /// On the committed corpus every DS row the memory module executes has state vectors
    /// on gfx900 (docs/design/0035: every row with wave-level semantics has cases).
    #[test]
    fn committed_state_vectors_cover_the_ds_rows() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
        let lines = gcn5(&root, Some(Target::Gfx900));
        let ds = lines.iter().find(|l| l.format == "DS").unwrap();
        let executed = rows()
            .filter(|r| r.format == Format::Ds && r.targets.contains(Target::Gfx900))
            .filter(|r| gpuref_amd_gcn5::mem::ds::handles(r.name))
            .count();
        assert!(executed > 0);
        assert_eq!(ds.vectors, executed, "{ds:?}");
    }
}
