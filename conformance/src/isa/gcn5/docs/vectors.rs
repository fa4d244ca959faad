//! Which committed GCN5 vectors pin a mnemonic and a rule: read from the vector files under
//! the repository root at generation time (as the kernels' doc comments are), so a page
//! lists the files with their case counts per row and, per rule id, the cases whose `rules`
//! field names it. The files are visited in path order and the counts are kept in ordered
//! maps, so the pages are the same on every run.

use super::pages::rule_home;
use super::{code, page_link, repo_link, t, Block, Span};
use gpuref_amd_gcn5::rules;
use gpuref_core::Rule;
use std::collections::BTreeMap;
use std::path::Path;

/// The folders read, per target: (target, folder from the repository root).
pub const DIRS: &[(&str, &str)] = &[
    ("gfx900", "vectors/amd-gcn5-vega/alu"),
    ("gfx908", "vectors/amd-gcn5-mi100/alu"),
    ("gfx900", "vectors/amd-gcn5-vega/encoding"),
    ("gfx908", "vectors/amd-gcn5-mi100/encoding"),
];

/// One vector file: its path from the root, target and kind (`alu` or `encoding`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct VecFile {
    pub target: String,
    pub kind: String,
    pub path: String,
}

/// The counts of the corpus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VectorIndex {
    /// Upper-case row name → file → cases of that row in the file.
    pub by_row: BTreeMap<String, BTreeMap<VecFile, usize>>,
    /// Rule id → file → cases naming the rule.
    pub by_rule: BTreeMap<String, BTreeMap<VecFile, usize>>,
    /// (row, rule id) → file → cases of the row naming the rule.
    pub by_row_rule: BTreeMap<(String, String), BTreeMap<VecFile, usize>>,
}

impl VectorIndex {
    /// Read every `.vec` file under the folders of [`DIRS`] (the ALU folders hold one
    /// folder per format) under `root`; missing folders give no counts.
    pub fn read(root: &Path) -> VectorIndex {
        let mut idx = VectorIndex::default();
        for (target, dir) in DIRS {
            let mut files = Vec::new();
            crate::check::collect_files(&[root.join(dir)], &mut files, &mut Vec::new());
            for f in files {
                let Ok(rel) = f.strip_prefix(root) else {
                    continue;
                };
                let path = rel.to_string_lossy().replace('\\', "/");
                if !path.ends_with(".vec") {
                    continue;
                }
                if let Ok(text) = std::fs::read_to_string(&f) {
                    idx.add(&path, target, &text);
                }
            }
        }
        idx
    }

    /// Count one file: the row of a case is the one its group comment (`## NAME: ...` or
    /// `## NAME (...)`) names; the rules are its 8th field, comma-separated (`-`: none).
    pub fn add(&mut self, path: &str, target: &str, text: &str) {
        let mut kind = String::new();
        let mut row = String::new();
        for line in text.lines() {
            if let Some(k) = line.strip_prefix("#!kind ") {
                kind = k.trim().to_string();
            } else if let Some(g) = line.strip_prefix("## ") {
                row = g
                    .split([':', ' '])
                    .next()
                    .unwrap_or_default()
                    .to_ascii_uppercase();
            } else if !line.starts_with('#') && !line.trim().is_empty() && !row.is_empty() {
                let file = VecFile {
                    path: path.to_string(),
                    target: target.to_string(),
                    kind: kind.clone(),
                };
                *self
                    .by_row
                    .entry(row.clone())
                    .or_default()
                    .entry(file.clone())
                    .or_default() += 1;
                let rules = line.split('\t').nth(7).unwrap_or("-");
                for r in rules.split(',').filter(|r| !r.is_empty() && *r != "-") {
                    *self
                        .by_rule
                        .entry(r.to_string())
                        .or_default()
                        .entry(file.clone())
                        .or_default() += 1;
                    *self
                        .by_row_rule
                        .entry((row.clone(), r.to_string()))
                        .or_default()
                        .entry(file.clone())
                        .or_default() += 1;
                }
            }
        }
    }

    /// The files of a row with its case counts.
    pub fn row(&self, name: &str) -> Vec<(&VecFile, usize)> {
        self.by_row
            .get(&name.to_ascii_uppercase())
            .map(|m| m.iter().map(|(f, n)| (f, *n)).collect())
            .unwrap_or_default()
    }

    /// The rule ids the cases of a row name, each with its files and counts.
    pub fn row_rules(&self, name: &str) -> BTreeMap<&str, Vec<(&VecFile, usize)>> {
        let up = name.to_ascii_uppercase();
        self.by_row_rule
            .iter()
            .filter(|((r, _), _)| *r == up)
            .map(|((_, id), m)| (id.as_str(), m.iter().map(|(f, n)| (f, *n)).collect()))
            .collect()
    }

    /// The files naming a rule, with counts.
    pub fn rule(&self, id: &str) -> Vec<(&VecFile, usize)> {
        self.by_rule
            .get(id)
            .map(|m| m.iter().map(|(f, n)| (f, *n)).collect())
            .unwrap_or_default()
    }

    /// Cases naming a rule, over every file.
    pub fn rule_total(&self, id: &str) -> usize {
        self.rule(id).iter().map(|(_, n)| n).sum()
    }
}

fn file_link(f: &VecFile) -> Span {
    repo_link(f.path.clone(), f.path.clone())
}

/// `alu/vop2/v_add_f32.vec`: the file's path inside its target folder (the target is said
/// beside it).
fn short_name(f: &VecFile) -> String {
    let p = f.path.strip_prefix("vectors/").unwrap_or(&f.path);
    p.split_once('/').map_or(p, |(_, rest)| rest).to_string()
}

/// `target: alu/vop2/v_add_f32.vec (120), encoding/vop2.vec (7)` for the files of a row or a rule:
/// the value (`alu`) files linked when `link`, the encoding files as text (the Markdown stays
/// small: an encoding mnemonic sits in up to five files per target).
fn file_list(files: &[(&VecFile, usize)], target: Option<&str>, link: bool) -> Vec<Span> {
    let mut out = Vec::new();
    let mut last = "";
    for (f, n) in files
        .iter()
        .filter(|(f, _)| target.is_none_or(|t| t == f.target))
    {
        if f.target != last {
            if !last.is_empty() {
                out.push(t("; "));
            }
            out.push(t(format!("{}: ", f.target)));
            last = &f.target;
        } else {
            out.push(t(", "));
        }
        let short = short_name(f);
        if link && f.kind == "alu" {
            out.push(repo_link(short, f.path.clone()));
        } else {
            out.push(t(short));
        }
        out.push(t(format!(" ({n})")));
    }
    out
}

fn rule_link(id: &str) -> Span {
    match rules::resolve(id) {
        Some(r) => page_link(id, rule_home(r), Some(r.id)),
        // Float quirk rules and others outside the GCN5 registry.
        None if id.starts_with("float.quirks.") => page_link(id, "quirks", Some(id)),
        None => code(id),
    }
}

/// Cases per target, as `gfx900: 12, gfx908: 12`.
fn per_target(files: &[(&VecFile, usize)], target: Option<&str>) -> String {
    let mut m: BTreeMap<&str, usize> = BTreeMap::new();
    for (f, n) in files {
        if target.is_none_or(|t| t == f.target) {
            *m.entry(f.target.as_str()).or_default() += n;
        }
    }
    if m.is_empty() {
        return "0".into();
    }
    m.iter()
        .map(|(t, n)| format!("{t}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The "Vectors" section of an instruction page: the files holding the mnemonic's cases
/// (per target, with counts), then per rule id (the row's own rules and any rule its cases
/// name) the cases naming it.
pub fn page_blocks(
    idx: &VectorIndex,
    name: &str,
    own: &[&Rule],
    target: Option<&str>,
) -> Vec<Block> {
    let mut b = vec![Block::Heading(2, "Vectors".into(), Some("vectors".into()))];
    let files: Vec<(&VecFile, usize)> = idx
        .row(name)
        .into_iter()
        .filter(|(f, _)| target.is_none_or(|t| t == f.target))
        .collect();
    if files.is_empty() {
        b.push(Block::Para(vec![t(
            "No committed vector holds this instruction.",
        )]));
    } else {
        let mut p = vec![t(
            "Committed cases of this instruction, per target and file (counted from the files \
             when the reference was generated; `alu/` files hold values, linked here, and \
             `encoding/` files words and text, in the same target folder): ",
        )];
        p.extend(file_list(&files, None, true));
        p.push(t("."));
        b.push(Block::Para(p));
    }
    let mut ids: BTreeMap<String, Vec<(&VecFile, usize)>> = idx
        .row_rules(name)
        .into_iter()
        .map(|(id, v)| (id.to_string(), v))
        .collect();
    ids.retain(|_, files| {
        files
            .iter()
            .any(|(f, _)| target.is_none_or(|t| t == f.target))
    });
    let unpinned = own.iter().filter(|r| !ids.contains_key(r.id)).count();
    if unpinned > 0 {
        b.push(Block::Para(vec![t(format!(
            "No case names {} of this instruction's {} rule(s) of its own yet{}",
            if unpinned == own.len() {
                "any"
            } else {
                "the other"
            },
            own.len(),
            if ids.is_empty() {
                "."
            } else {
                " (below: those that are named)."
            }
        ))]));
    }
    if ids.is_empty() {
        return b;
    }
    b.push(Block::Para(vec![t(
        "Cases of this instruction naming each rule in their `rules` field (a value case \
         names a rule where it decides an unsettled result, or the row's own rule):",
    )]));
    b.push(Block::Table(
        vec!["rule".into(), "cases".into(), "files".into()],
        ids.iter()
            .map(|(id, files)| {
                let fl = file_list(files, target, false);
                vec![vec![rule_link(id)], vec![t(per_target(files, target))], fl]
            })
            .collect(),
    ));
    b
}

/// The value cases of the rows a rule belongs to (both targets; `None` for a common rule,
/// whose rows are a whole group).
pub fn rows_cases(idx: &VectorIndex, id: &str) -> Option<(usize, usize)> {
    let r = rules::resolve(id)?;
    if matches!(rules::belongs(r.id), rules::Belongs::Common(_)) {
        return None;
    }
    let mut names: Vec<&str> = gpuref_amd_gcn5::instructions::rows()
        .filter(|row| rules::belongs_to(r.id, row))
        .map(|row| row.name)
        .collect();
    names.sort_unstable();
    names.dedup();
    let cases = names
        .iter()
        .flat_map(|n| idx.row(n))
        .filter(|(f, _)| f.kind == "alu")
        .map(|(_, n)| n)
        .sum();
    Some((names.len(), cases))
}

/// A dossier's vectors: per rule, every file whose cases name it, with counts, and the
/// value cases of the instructions the rule belongs to.
pub fn rules_table(idx: &VectorIndex, ids: &[&str]) -> Block {
    let mut body = Vec::new();
    for id in ids {
        let rows = match rows_cases(idx, id) {
            Some((n, c)) => format!("{c} ({n} instruction{})", if n == 1 { "" } else { "s" }),
            None => "common rule: every row of its group".to_string(),
        };
        let files = idx.rule(id);
        if files.is_empty() {
            body.push(vec![
                vec![rule_link(id)],
                vec![t("0")],
                vec![t("—")],
                vec![t(rows.clone())],
            ]);
        }
        for (f, n) in files {
            body.push(vec![
                vec![rule_link(id)],
                vec![t(n.to_string())],
                vec![file_link(f)],
                vec![t(rows.clone())],
            ]);
        }
    }
    Block::Table(
        vec![
            "rule".into(),
            "cases naming it".into(),
            "file".into(),
            "value cases of its instructions".into(),
        ],
        body,
    )
}
