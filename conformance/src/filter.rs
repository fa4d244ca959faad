//! Case filters of `gpuref run`, `gpuref check` and `gpuref generate --random`: by ISA,
//! target, part (format folder or row format), instruction (name or glob), MODE, level and
//! rule status. Several kinds at once are ANDed; several values of one kind are ORed
//! (docs/design/0047-run-filters-and-reports.md).
//!
//! What a case is filtered on is read from the files alone (their headers, group lines,
//! mode fields and rule ids), so the filters know no ISA by name.

use crate::vector::{Case, VecFile};
use gpuref_core::Status;
use std::collections::BTreeSet;

/// The filter kinds, as the command line names them.
pub const KINDS: [&str; 7] = [
    "--isa",
    "--target",
    "--part",
    "--instruction",
    "--mode",
    "--level",
    "--status",
];

/// The statuses in order from the most settled to the least; a case's status is the least
/// settled of its rules' (a case without rules is `specified`).
pub const STATUSES: [&str; 4] = ["specified", "inferred", "contested", "unspecified"];

/// The selected values of each kind; an empty kind selects everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub isa: Vec<String>,
    pub target: Vec<String>,
    pub part: Vec<String>,
    /// Names or globs (`*`, `?`), compared without regard to case.
    pub instruction: Vec<String>,
    /// Each value a space-separated list of `key=value` items (or bare values) every one of
    /// which the case's mode tuple must hold.
    pub mode: Vec<String>,
    pub level: Vec<String>,
    pub status: Vec<String>,
}

/// What a file is filtered on.
#[derive(Clone, Debug, Default)]
pub struct FileFacts {
    pub isa: String,
    pub target: String,
    /// The format folder (the second path component under the corpus root: `alu`,
    /// `encoding`, `state`, `f32`) and the `format` header (`vop2`), when present.
    pub parts: Vec<String>,
    /// The `instruction` header.
    pub instruction: String,
    /// The `level` header's levels.
    pub levels: Vec<String>,
}

/// What a case is filtered on.
#[derive(Clone, Debug, Default)]
pub struct CaseFacts {
    /// The first word of the asm text.
    pub mnemonic: String,
    /// The mode tuple's items (`mode=0x3f0`, `round=rne`).
    pub mode: Vec<String>,
    /// The case's level, when the file says it (a group line's `level=`, a group named
    /// after one of the header's levels, a state case's `why`, a file of one level).
    pub level: Option<String>,
    /// The least settled status of its rules (index into [`STATUSES`]).
    pub status: usize,
}

/// Every value of each kind seen in the files read: what an unknown value's error lists.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    pub isa: BTreeSet<String>,
    pub target: BTreeSet<String>,
    pub part: BTreeSet<String>,
    pub instruction: BTreeSet<String>,
    pub mode: BTreeSet<String>,
    pub level: BTreeSet<String>,
}

impl Seen {
    pub fn file(&mut self, f: &FileFacts) {
        self.isa.insert(f.isa.clone());
        self.target.insert(f.target.clone());
        self.part.extend(f.parts.iter().cloned());
        if !f.instruction.is_empty() {
            self.instruction.insert(f.instruction.to_ascii_lowercase());
        }
        self.level.extend(f.levels.iter().cloned());
    }

    pub fn case(&mut self, c: &CaseFacts) {
        if !c.mnemonic.is_empty() && !self.instruction.contains(&c.mnemonic) {
            self.instruction.insert(c.mnemonic.clone());
        }
        for m in &c.mode {
            if !self.mode.contains(m) {
                self.mode.insert(m.clone());
            }
        }
    }

    pub fn extend(&mut self, o: Seen) {
        self.isa.extend(o.isa);
        self.target.extend(o.target);
        self.part.extend(o.part);
        self.instruction.extend(o.instruction);
        self.mode.extend(o.mode);
        self.level.extend(o.level);
    }
}

/// `*` any run of characters, `?` any one; otherwise equal, without regard to ASCII case.
pub fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.to_ascii_lowercase().chars().collect();
    let t: Vec<char> = text.to_ascii_lowercase().chars().collect();
    // Iterative matching with one backtrack point (the last `*`).
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Whether a mode filter value (`mode=0x3f0`, `round=rtz daz=1`, `0x3f0`) holds in a tuple:
/// every item of it is an item of the tuple; a bare value matches any key's value; values
/// that are both numbers compare as numbers (`mode=0x3F0` = `mode=1008`).
pub fn mode_matches(want: &str, items: &[String]) -> bool {
    fn num(v: &str) -> Option<u64> {
        match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
            Some(h) => u64::from_str_radix(h, 16).ok(),
            None => v.parse().ok(),
        }
    }
    let same =
        |a: &str, b: &str| a == b || matches!((num(a), num(b)), (Some(x), Some(y)) if x == y);
    want.split_whitespace().all(|w| {
        items.iter().any(|item| {
            let (ik, iv) = item.split_once('=').unwrap_or(("", item));
            match w.split_once('=') {
                Some((k, v)) => k == ik && same(v, iv),
                None => same(w, iv),
            }
        })
    })
}

/// The facts of a value file (`.vec`): `rel` is its path under the corpus root.
pub fn vec_file_facts(rel: &str, file: &VecFile) -> FileFacts {
    let mut parts = Vec::new();
    if let Some(p) = rel.split('/').nth(1) {
        parts.push(p.to_string());
    }
    if let Some(f) = file.header("format") {
        if !parts.iter().any(|p| p == f) {
            parts.push(f.to_string());
        }
    }
    FileFacts {
        isa: file.header("isa").unwrap_or("").to_string(),
        target: file.header("target").unwrap_or("").to_string(),
        parts,
        instruction: file.header("instruction").unwrap_or("").to_string(),
        levels: file
            .header("level")
            .map(|l| {
                l.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// The status index of a case's rules: the least settled one (unknown rule ids count as
/// `unspecified`: nothing gpuref knows settles them).
pub fn status_of(rules: &[String]) -> usize {
    thread_local! {
        /// Rule id → status index: a corpus names a few hundred rules in 330k cases.
        static CACHE: std::cell::RefCell<std::collections::HashMap<String, usize>> =
            Default::default();
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        rules
            .iter()
            .map(|id| {
                if let Some(&s) = cache.get(id) {
                    return s;
                }
                let s = match crate::reference::lookup_rule(id) {
                    Some(r) => status_index(r.status),
                    None => STATUSES.len() - 1,
                };
                cache.insert(id.clone(), s);
                s
            })
            .max()
            .unwrap_or(0)
    })
}

fn status_index(s: Status) -> usize {
    STATUSES
        .iter()
        .position(|n| *n == s.as_str())
        .unwrap_or(STATUSES.len() - 1)
}

/// The level a group line names: its `level=` key, or its first word when that is one of
/// the file's levels (`## edge: every class crossed`).
fn group_level(group: &str, levels: &[String]) -> Option<String> {
    let head = group.split(": ").next().unwrap_or("");
    if let Some(l) = head
        .split_whitespace()
        .find_map(|w| w.strip_prefix("level="))
    {
        return Some(l.to_string());
    }
    let first = group
        .split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("");
    levels.iter().find(|l| *l == first).cloned()
}

/// The facts of every case of a value file, in order.
pub fn vec_case_facts(file: &VecFile, facts: &FileFacts) -> Vec<CaseFacts> {
    let mut groups = file.groups.iter().peekable();
    let mut group: Option<&str> = None;
    let only = (facts.levels.len() == 1).then(|| facts.levels[0].clone());
    file.cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            while let Some((at, text)) = groups.peek() {
                if *at > i {
                    break;
                }
                group = Some(text.as_str());
                groups.next();
            }
            let level = group
                .and_then(|g| group_level(g, &facts.levels))
                .or_else(|| only.clone());
            case_facts(c, level)
        })
        .collect()
}

/// The facts of one case, its level known.
pub fn case_facts(c: &Case, level: Option<String>) -> CaseFacts {
    CaseFacts {
        mnemonic: c
            .asm
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase(),
        mode: c.mode.split_whitespace().map(str::to_string).collect(),
        level,
        status: status_of(&c.rules),
    }
}

/// The facts of a state-transition file (`rel` under the corpus root) and of its cases.
pub fn state_facts(rel: &str, file: &crate::state::StateFile) -> (FileFacts, Vec<CaseFacts>) {
    let mut f = FileFacts::default();
    if let Some(p) = rel.split('/').nth(1) {
        f.parts.push(p.to_string());
    }
    if let Some(h) = &file.header {
        f.isa = h.isa.clone();
        f.target = h.target.clone();
        f.instruction = h.instruction.clone();
        f.levels = h
            .level
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
    }
    // A case's level: its `why` when that is one of the file's levels (`random`), else the
    // file's one other level (`edge`).
    let others: Vec<&String> = f.levels.iter().filter(|l| *l != "random").collect();
    let cases = file
        .cases
        .iter()
        .map(|c| {
            let level = if f.levels.contains(&c.why) {
                Some(c.why.clone())
            } else if others.len() == 1 {
                Some(others[0].clone())
            } else {
                None
            };
            CaseFacts {
                mnemonic: c
                    .asm
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase(),
                mode: c.mode.iter().map(|(k, v)| format!("{k}={v}")).collect(),
                level,
                status: status_of(&c.rules),
            }
        })
        .collect();
    (f, cases)
}

/// Keep the cases of `file` at the indexes `keep` (sorted), and the group lines above them.
pub fn retain_cases(file: &mut VecFile, keep: &[usize]) {
    let old = std::mem::take(&mut file.cases);
    let groups = std::mem::take(&mut file.groups);
    let mut g = groups.into_iter().peekable();
    let mut current: Option<String> = None;
    let mut placed: Option<String> = None;
    for (i, c) in old.into_iter().enumerate() {
        while let Some((at, _)) = g.peek() {
            if *at > i {
                break;
            }
            current = g.next().map(|(_, t)| t);
        }
        if keep.binary_search(&i).is_ok() {
            if current.is_some() && current != placed {
                file.groups
                    .push((file.cases.len(), current.clone().unwrap_or_default()));
                placed = current.clone();
            }
            file.cases.push(c);
        }
    }
}

impl Filter {
    /// Whether no filter is given.
    pub fn is_empty(&self) -> bool {
        self.isa.is_empty()
            && self.target.is_empty()
            && self.part.is_empty()
            && self.instruction.is_empty()
            && self.mode.is_empty()
            && self.level.is_empty()
            && self.status.is_empty()
    }

    /// Add the values of one `--KIND VALUE` (comma-separated); `Ok(false)` if `kind` is not
    /// a filter flag; an error for an empty value or an unknown status.
    pub fn add(&mut self, kind: &str, value: &str) -> Result<bool, String> {
        let list = match kind {
            "--isa" => &mut self.isa,
            "--target" => &mut self.target,
            "--part" => &mut self.part,
            "--instruction" => &mut self.instruction,
            "--mode" => &mut self.mode,
            "--level" => &mut self.level,
            "--status" => &mut self.status,
            _ => return Ok(false),
        };
        let values: Vec<&str> = value.split(',').map(str::trim).collect();
        if values.iter().any(|v| v.is_empty()) {
            return Err(format!("{kind} `{value}`: an empty value"));
        }
        if kind == "--status" {
            if let Some(bad) = values.iter().find(|v| !STATUSES.contains(v)) {
                return Err(format!(
                    "--status `{bad}`: not a rule status (valid: {})",
                    STATUSES.join(", ")
                ));
            }
        }
        list.extend(values.iter().map(|v| v.to_string()));
        Ok(true)
    }

    /// Whether the file can hold selected cases (its ISA, target, part).
    pub fn file(&self, f: &FileFacts) -> bool {
        (self.isa.is_empty() || self.isa.contains(&f.isa))
            && (self.target.is_empty() || self.target.contains(&f.target))
            && (self.part.is_empty() || f.parts.iter().any(|p| self.part.contains(p)))
    }

    /// Whether a case of a file the filter selects is selected.
    pub fn case(&self, f: &FileFacts, c: &CaseFacts) -> bool {
        (self.instruction.is_empty()
            || self
                .instruction
                .iter()
                .any(|g| glob(g, &f.instruction) || glob(g, &c.mnemonic)))
            && (self.mode.is_empty() || self.mode.iter().any(|m| mode_matches(m, &c.mode)))
            && (self.level.is_empty() || c.level.as_ref().is_some_and(|l| self.level.contains(l)))
            && (self.status.is_empty() || self.status.iter().any(|s| s == STATUSES[c.status]))
    }

    /// The indexes of the selected cases of a file (none if the file is not selected).
    pub fn select(&self, f: &FileFacts, cases: &[CaseFacts]) -> Vec<usize> {
        if !self.file(f) {
            return Vec::new();
        }
        (0..cases.len())
            .filter(|&i| self.case(f, &cases[i]))
            .collect()
    }

    /// An error for each filter value that names nothing in the files read (`seen`) nor,
    /// for ISAs and targets, in the registry: the values it could have been.
    pub fn unknown_values(&self, seen: &Seen) -> Vec<String> {
        let mut out = Vec::new();
        let registry_isas: BTreeSet<String> = crate::isa::all()
            .map(|e| e.info().name.to_string())
            .collect();
        let registry_targets: BTreeSet<String> = crate::isa::all()
            .flat_map(|e| e.info().targets.iter().map(|t| t.name.to_string()))
            .collect();
        let list = |s: &BTreeSet<String>| {
            let v: Vec<&str> = s
                .iter()
                .map(String::as_str)
                .filter(|v| !v.is_empty())
                .collect();
            if v.is_empty() {
                "none in the files read".to_string()
            } else {
                v.join(", ")
            }
        };
        for v in &self.isa {
            if !seen.isa.contains(v) && !registry_isas.contains(v) {
                let all: BTreeSet<String> = registry_isas.union(&seen.isa).cloned().collect();
                out.push(format!("--isa `{v}`: no such ISA (valid: {})", list(&all)));
            }
        }
        for v in &self.target {
            if !seen.target.contains(v) && !registry_targets.contains(v) {
                let all: BTreeSet<String> = registry_targets.union(&seen.target).cloned().collect();
                out.push(format!(
                    "--target `{v}`: no such target (valid: {})",
                    list(&all)
                ));
            }
        }
        for v in &self.part {
            if !seen.part.contains(v) {
                out.push(format!(
                    "--part `{v}`: no file of the files read is in that part (valid: {})",
                    list(&seen.part)
                ));
            }
        }
        for v in &self.level {
            if !seen.level.contains(v) {
                out.push(format!(
                    "--level `{v}`: no file of the files read has that level (valid: {})",
                    list(&seen.level)
                ));
            }
        }
        for v in &self.mode {
            let items: Vec<String> = seen.mode.iter().cloned().collect();
            let each_known = v.split_whitespace().all(|w| mode_matches(w, &items));
            if !each_known {
                out.push(format!(
                    "--mode `{v}`: no case of the files read has that mode (valid items: {})",
                    list(&seen.mode)
                ));
            }
        }
        for g in &self.instruction {
            if !seen.instruction.iter().any(|n| glob(g, n)) {
                // The suggestions share the pattern's first three characters.
                let stem: String = g
                    .chars()
                    .take_while(|c| *c != '*' && *c != '?')
                    .take(3)
                    .collect::<String>()
                    .to_ascii_lowercase();
                let near: Vec<&str> = seen
                    .instruction
                    .iter()
                    .filter(|n| n.starts_with(&stem))
                    .take(12)
                    .map(String::as_str)
                    .collect();
                out.push(format!(
                    "--instruction `{g}`: no file or case of the files read has that instruction{} ({} names in all; `gpuref run --list` lists the files)",
                    if near.is_empty() {
                        String::new()
                    } else {
                        format!(" (some that exist: {})", near.join(", "))
                    },
                    seen.instruction.len()
                ));
            }
        }
        out
    }

    /// The filter as command-line flags (for messages).
    pub fn describe(&self) -> String {
        let mut v = Vec::new();
        for (k, list) in KINDS.iter().zip([
            &self.isa,
            &self.target,
            &self.part,
            &self.instruction,
            &self.mode,
            &self.level,
            &self.status,
        ]) {
            if !list.is_empty() {
                v.push(format!("{k} {}", list.join(",")));
            }
        }
        v.join(" ")
    }
}

/// The usage lines of the filter flags, for a command's help (the ISAs and targets are the
/// registry's).
pub fn help() -> String {
    let targets: Vec<&str> = crate::isa::all()
        .flat_map(|e| e.info().targets.iter().map(|t| t.name))
        .collect();
    HELP.replace("{ISAS}", &crate::isa::names())
        .replace("{TARGETS}", &targets.join(", "))
}

const HELP: &str = "\
Filters (each may be repeated or take comma-separated values; kinds are ANDed, values of one
kind ORed; an unknown value is an error listing the valid ones):
  --isa NAME          files of this ISA ({ISAS})
  --target T          files of this target ({TARGETS})
  --part P            the format folder (`alu`, `encoding`, `state`, `f32`, ...: the summary's
                      format column) or an ALU row format (`vop2`, `sop1`)
  --instruction I     the file's instruction (`v_add_f32`, `f32.add`) or a case's mnemonic
                      (the asm's first word: `v_add_f32_e64`, `ds_write_b32`); globs `*`, `?`
  --mode M            cases whose mode tuple holds M (`mode=0x0`, `round=rtz`, `0x3f0`)
  --level L           cases of this level (`edge`, `special`, `random`, `coverage`,
                      `regression`, `spec`: a group line's level, a state case's `why`)
  --status S          cases whose least settled rule has status S (`specified`, `inferred`,
                      `contested`, `unspecified`; a case without rules is `specified`)
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_modes() {
        assert!(glob("v_add_*", "v_add_f32"));
        assert!(glob("V_ADD_F32", "v_add_f32"));
        assert!(glob("*f32", "v_add_f32") && glob("v_?dd_f32", "v_add_f32"));
        assert!(!glob("v_add", "v_add_f32") && !glob("*f64", "v_add_f32"));
        assert!(glob("*", "") && glob("a*b*c", "axxbyyc") && !glob("a*b*c", "axxbyy"));
        let items = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let m = items("round=rtz daz=0 ftz=1");
        assert!(mode_matches("round=rtz", &m) && mode_matches("round=rtz ftz=1", &m));
        assert!(!mode_matches("round=rne", &m) && !mode_matches("round=rtz ftz=0", &m));
        let g = items("mode=0x3f0");
        assert!(mode_matches("mode=0x3F0", &g) && mode_matches("0x3f0", &g));
        assert!(mode_matches("mode=1008", &g) && !mode_matches("mode=0x0", &g));
    }

    #[test]
    fn kept_cases_keep_their_group_lines() {
        let text = "#!gpuref-vectors 1\n#!isa float\n#!level edge,random\n## edge: a\nx.1\t-\tx\tm=1\ta=0x1\td=0x1\tnone\t-\nx.2\t-\tx\tm=2\ta=0x1\td=0x1\tnone\t-\n## random: b\nx.3\t-\tx\tm=1\ta=0x1\td=0x1\tnone\t-\n";
        let (mut f, errs) = crate::vector::parse(std::path::Path::new("x.vec"), text);
        assert!(errs.is_empty(), "{errs:?}");
        let facts = vec_file_facts("float/f32/x.vec", &f);
        let cases = vec_case_facts(&f, &facts);
        let levels: Vec<_> = cases.iter().map(|c| c.level.clone()).collect();
        assert_eq!(
            levels,
            [
                Some("edge".into()),
                Some("edge".into()),
                Some("random".into())
            ]
        );
        let filter = Filter {
            mode: vec!["m=1".into()],
            ..Filter::default()
        };
        let keep = filter.select(&facts, &cases);
        assert_eq!(keep, [0, 2]);
        retain_cases(&mut f, &keep);
        assert_eq!(
            f.to_text(),
            "#!gpuref-vectors 1\n#!isa float\n#!level edge,random\n## edge: a\nx.1\t-\tx\tm=1\ta=0x1\td=0x1\tnone\t-\n## random: b\nx.3\t-\tx\tm=1\ta=0x1\td=0x1\tnone\t-\n"
        );
    }

    #[test]
    fn levels_come_from_group_lines() {
        let levels = vec!["coverage".to_string(), "edge".into(), "random".into()];
        assert_eq!(
            group_level("V_ADD_F32 level=edge mode=0x3f0: every class", &levels),
            Some("edge".into())
        );
        assert_eq!(
            group_level("edge: every class crossed with every class", &levels),
            Some("edge".into())
        );
        assert_eq!(group_level("S_ADD_U32 (SOP2 opcode 0x0)", &levels), None);
    }
}
