//! The pages of the reference, built from the tables.

use super::vectors::VectorIndex;
use super::{
    code, disputes, layout, model, modes, page_link, repo_link, special, t, vectors, Block, Page,
    Span,
};
use gpuref_amd_gcn5::formats::{salu, valu};
use gpuref_amd_gcn5::instructions::{rows, Row};
use gpuref_amd_gcn5::rules::{self, common_rules, row_view, Group, RowView};
use gpuref_amd_gcn5::Target;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::quirks::FloatQuirks;
use std::collections::BTreeMap;
use std::path::Path;

/// The page id of a mnemonic.
pub fn mnemonic_id(name: &str) -> String {
    format!("gcn5/{}", name.to_ascii_lowercase())
}

/// The rows of each mnemonic, in mnemonic order.
fn by_mnemonic() -> BTreeMap<String, Vec<&'static Row>> {
    let mut m: BTreeMap<String, Vec<&'static Row>> = BTreeMap::new();
    for r in rows() {
        m.entry(r.name.to_ascii_lowercase()).or_default().push(r);
    }
    m
}

fn targets_text(row: &Row) -> String {
    Target::ALL
        .into_iter()
        .filter(|t| row.targets.contains(*t))
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A citation: design notes link to the note; the rest is text.
pub fn cite(c: &SpecRef) -> Vec<Span> {
    if c.spec == Spec::Gpuref && c.section.starts_with("docs/") {
        let path = c.section.split('#').next().unwrap_or(c.section);
        vec![repo_link(c.section, path)]
    } else {
        vec![t(c.to_string())]
    }
}

fn cites(cs: &[SpecRef]) -> Vec<Span> {
    let mut out = Vec::new();
    for (i, c) in cs.iter().enumerate() {
        if i > 0 {
            out.push(t("; "));
        }
        out.extend(cite(c));
    }
    out
}

pub fn rule_block(r: &Rule) -> Block {
    Block::Rule {
        id: r.id.to_string(),
        aliases: rules::aliases_of(r.id).map(String::from).collect(),
        status: r.status.as_str(),
        statement: r.statement.to_string(),
        cites: r.cites.iter().map(cite).collect(),
    }
}

/// Where a rule is shown in full first: its first row's page, or its group's page.
pub fn rule_home(r: &Rule) -> String {
    match rules::belongs(r.id) {
        rules::Belongs::Common(g) => format!("gcn5/common-{}", g.name()),
        _ => rows()
            .find(|row| rules::belongs_to(r.id, row))
            .map_or_else(|| "gcn5/rules".to_string(), |row| mnemonic_id(row.name)),
    }
}

fn operands(row: &Row) -> Option<Block> {
    if valu::is_valu(row) {
        let s = valu::shape(row);
        let body = s
            .operands
            .iter()
            .map(|o| {
                vec![
                    vec![t(format!("{:?}", o.role))],
                    vec![t(format!("{:?}", o.ty))],
                    vec![t(format!("{:?}", o.kind))],
                ]
            })
            .collect();
        return Some(Block::Table(
            vec!["operand".into(), "type".into(), "accepts".into()],
            body,
        ));
    }
    if salu::is_salu(row) {
        let body = salu::shape(row)
            .into_iter()
            .map(|s| vec![vec![t(format!("{s:?}"))]])
            .collect();
        return Some(Block::Table(vec!["operand (dwords)".into()], body));
    }
    None
}

/// The page of one mnemonic (`target` keeps only that target's rows).
/// The kernel's doc comment (which quotes the manual's pseudocode line), read from the
/// sources under `root`: the table row `k("NAME", path::to::kernel, ...)` in `source`
/// names the kernel fn, looked up in `source` and the files of its module directory.
pub fn kernel_doc(root: &Path, source: &str, name: &str) -> Option<String> {
    let table = std::fs::read_to_string(root.join(source)).ok()?;
    let pat = format!("k(\"{name}\",");
    let rest = table[table.find(&pat)? + pat.len()..].trim_start();
    let path: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let fname = path.rsplit("::").next()?;
    let mut files = vec![root.join(source)];
    let mut dirs = vec![root.join(source).with_extension("")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    files.sort();
    let decl = format!("fn {fname}(");
    for f in files {
        let text = std::fs::read_to_string(&f).ok()?;
        let lines: Vec<&str> = text.lines().collect();
        let Some(at) = lines.iter().position(|l| {
            let l = l.trim_start();
            l.starts_with(&decl) || (l.starts_with("pub") && l.contains(&format!(" {decl}")))
        }) else {
            continue;
        };
        let mut doc: Vec<&str> = lines[..at]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|l| l.starts_with("///") || l.starts_with("#["))
            .filter_map(|l| l.strip_prefix("///"))
            .map(str::trim)
            .collect();
        doc.reverse();
        let doc = doc.join(" ");
        return (!doc.is_empty()).then_some(doc);
    }
    None
}

/// Text with `code` runs as spans.
fn doc_spans(doc: &str) -> Vec<Span> {
    doc.split('`')
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(i, s)| if i % 2 == 1 { code(s) } else { t(s) })
        .collect()
}

/// The page of one mnemonic (`target` keeps only that target's rows; `root` is the
/// repository, where the kernel's doc comment and the vector files are read).
pub fn instruction_page(root: &Path, name: &str, target: Option<Target>) -> Option<Page> {
    page_of(root, &VectorIndex::read(root), name, target)
}

fn page_of(root: &Path, idx: &VectorIndex, name: &str, target: Option<Target>) -> Option<Page> {
    let lower = name.to_ascii_lowercase();
    let rs: Vec<&'static Row> = by_mnemonic()
        .remove(&lower)?
        .into_iter()
        .filter(|r| target.is_none_or(|t| r.targets.contains(t)))
        .collect();
    let first = *rs.first()?;
    let view = row_view(first);
    let mut b = Vec::new();
    let mut keywords = vec![lower.clone()];
    b.push(Block::Para(vec![
        t("GCN5 (gfx900, Vega) and CDNA1 (gfx908, MI100) · "),
        t(first.format.name()),
        t(" · targets: "),
        t(rs.iter()
            .map(|r| targets_text(r))
            .collect::<Vec<_>>()
            .join(" / ")),
        t(" · "),
        page_link("all instructions", "gcn5/index", None),
    ]));
    b.push(Block::Heading(
        2,
        "Semantics".into(),
        Some("semantics".into()),
    ));
    b.push(semantics_para(first, &view));
    if let Some(doc) = view
        .kernel
        .and_then(|k| kernel_doc(root, k.source, first.name))
    {
        let mut s = vec![t(
            "The kernel's doc comment (the manual's pseudocode line): ",
        )];
        s.extend(doc_spans(&doc));
        b.push(Block::Para(s));
    }
    b.push(Block::Heading(
        2,
        "Encodings".into(),
        Some("encodings".into()),
    ));
    let mut forms = Vec::new();
    for r in &rs {
        forms.push((r.format, r.opcode, targets_text(r), cites(r.cites)));
        if let Some(p) = r.promotion() {
            let c = vec![t("native opcode + the manual's VOP3 offset")];
            forms.push((p.format, p.opcode, targets_text(r), c));
        }
    }
    let body = forms
        .iter()
        .map(|(f, o, tg, c)| {
            vec![
                vec![t(f.name())],
                vec![code(format!("{o:#x}"))],
                vec![t(tg.clone())],
                c.clone(),
            ]
        })
        .collect();
    b.push(Block::Table(
        vec![
            "format".into(),
            "opcode".into(),
            "targets".into(),
            "source".into(),
        ],
        body,
    ));
    for (f, o, _, _) in &forms {
        b.push(Block::Heading(3, format!("{} {o:#x}", f.name()), None));
        b.push(Block::Diagram(diagram(*f, *o)));
    }
    if let Some(ops) = operands(first) {
        b.push(Block::Heading(
            2,
            "Operands".into(),
            Some("operands".into()),
        ));
        b.push(ops);
    }
    if let Some(m) = modes::block(first) {
        b.push(Block::Heading(2, "Modes".into(), Some("modes".into())));
        b.extend(m);
    }
    b.push(Block::Heading(2, "Rules".into(), Some("rules".into())));
    if view.rules.is_empty() {
        b.push(Block::Para(vec![t(
            "No rule of its own: the kernel row's status and citation above say all.",
        )]));
    }
    for r in &view.rules {
        keywords.push(r.id.to_string());
        keywords.extend(rules::aliases_of(r.id).map(String::from));
        b.push(rule_block(r));
    }
    for g in &view.groups {
        b.push(Block::Para(vec![
            t("Also every "),
            page_link(
                format!("common {} rule", g.name().to_ascii_uppercase()),
                format!("gcn5/common-{}", g.name()),
                None,
            ),
            t(format!(" ({}).", common_rules(*g).len())),
        ]));
    }
    let ds: Vec<Span> = disputes::DISPUTES
        .iter()
        .filter(|d| {
            d.rules
                .iter()
                .any(|id| view.rules.iter().any(|r| r.id == *id))
        })
        .flat_map(|d| [page_link(format!("D{}", d.n), d.page_id(), None), t(" ")])
        .collect();
    if !ds.is_empty() {
        b.push(Block::Heading(
            2,
            "Disputes".into(),
            Some("disputes".into()),
        ));
        b.push(Block::Para(ds));
    }
    b.extend(vectors::page_blocks(
        idx,
        first.name,
        &view.rules,
        target.map(|t| t.name()),
    ));
    let cmd_target = target.unwrap_or_else(|| {
        Target::ALL
            .into_iter()
            .find(|t| first.targets.contains(*t))
            .unwrap_or(Target::ALL[0])
    });
    b.extend(model::blocks(
        root,
        first.name,
        cmd_target.name(),
        view.kernel.is_some() || executor_source(first).is_some(),
        matches!(
            first.format,
            gpuref_amd_gcn5::Format::Sop1
                | gpuref_amd_gcn5::Format::Sop2
                | gpuref_amd_gcn5::Format::Sopk
                | gpuref_amd_gcn5::Format::Sopc
                | gpuref_amd_gcn5::Format::Vop3p
        ) || valu::is_valu(first),
    ));
    if view.kernel.is_some_and(|k| k.lane) {
        if let Some(table) = special::table(first) {
            b.push(Block::Heading(
                2,
                "Special values".into(),
                Some("special-values".into()),
            ));
            b.push(Block::Para(vec![t(format!(
                "Computed by gpuref's reference (the lane kernel, MODE = {:#x}: round to nearest \
                 even, denormals kept, DX10_CLAMP = 1, IEEE = 1; CLAMP clear). x runs down the \
                 rows, the other sources are 1 of their type. A value marked open: is gpuref's \
                 choice where the named rule accepts others.",
                crate::isa::gcn5::eval::DEFAULT_MODE
            ))]));
            b.push(table);
        }
    }
    Some(Page {
        id: mnemonic_id(name),
        title: lower,
        blocks: b,
        keywords,
    })
}

/// The module that executes a row without a kernel-table row (wave-level VALU rows,
/// program flow, memory), from the predicates the executor dispatches on.
pub fn executor_source(row: &Row) -> Option<&'static str> {
    use gpuref_amd_gcn5::{alu, mem, program};
    Some(if alu::vexec::handles(row.name) {
        "semantics/amd-gcn5/src/alu/vexec/wavelevel.rs"
    } else if alu::vpacked::has_semantics(row.name) {
        "semantics/amd-gcn5/src/alu/vpacked.rs"
    } else if program::handles(row.name) {
        "semantics/amd-gcn5/src/program.rs"
    } else if mem::ds::handles(row.name) {
        "semantics/amd-gcn5/src/mem/ds.rs"
    } else if mem::smem::handles(row.name) {
        "semantics/amd-gcn5/src/mem/smem.rs"
    } else if mem::flat::handles(row) {
        "semantics/amd-gcn5/src/mem/flat.rs"
    } else if mem::buffer::handles(row) {
        "semantics/amd-gcn5/src/mem/buffer.rs"
    } else if mem::image::handles(row) {
        "semantics/amd-gcn5/src/mem/image.rs"
    } else {
        return None;
    })
}

fn semantics_para(row: &Row, view: &RowView) -> Block {
    let mut s = Vec::new();
    match (view.kernel, executor_source(row), view.pending) {
        (Some(k), _, _) => {
            s.push(t(format!("Kernel status: {}. Citation: ", k.status)));
            s.extend(cites(k.cites));
            s.push(t(". Kernel table: "));
            s.push(repo_link(k.source, k.source));
            s.push(t("."));
        }
        (None, Some(src), _) => {
            s.push(t("Executed by "));
            s.push(repo_link(src, src));
            s.push(t(" (no lane-kernel row: its rules below say how)."));
        }
        (None, None, Some(why)) => s.push(t(format!("No executable semantics yet: {why}"))),
        (None, None, None) => s.push(t(
            "No executable semantics yet (encoding only: decode, encode, print and parse).",
        )),
    }
    Block::Para(s)
}

/// The four statuses, in order.
pub const STATUSES: [Status; 4] = [
    Status::Specified,
    Status::Inferred,
    Status::Contested,
    Status::Unspecified,
];

fn count<'a>(rs: impl Iterator<Item = &'a Rule>) -> [usize; 4] {
    let mut c = [0; 4];
    for r in rs {
        if let Some(i) = STATUSES.iter().position(|s| *s == r.status) {
            c[i] += 1;
        }
    }
    c
}

fn status_counts() -> Vec<(Status, usize)> {
    STATUSES.into_iter().zip(count(rules::rules())).collect()
}

/// Rules per status: the GCN5 registry, the GCN5/CDNA1 float quirks, every float quirks
/// impl (the closing figures of issue 7; `gpuref docs` prints them).
pub fn status_table() -> Vec<(String, [usize; 4])> {
    let cols = special::quirk_columns();
    let gcn5_quirks = cols
        .iter()
        .filter(|c| c.1 == gpuref_float::quirks::AmdGcn5::NAME)
        .flat_map(|c| c.2.iter());
    vec![
        (
            "GCN5 / CDNA1 rules (registry)".into(),
            count(rules::rules()),
        ),
        ("float quirks, AMD GCN5 / CDNA1".into(), count(gcn5_quirks)),
        (
            "float quirks, all five impls".into(),
            count(cols.iter().flat_map(|c| c.2.iter())),
        ),
    ]
}

fn status_block() -> Block {
    let mut head = vec!["rules".to_string()];
    head.extend(STATUSES.iter().map(|s| s.as_str().to_string()));
    head.push("total".into());
    Block::Table(
        head,
        status_table()
            .into_iter()
            .map(|(l, c)| {
                let mut row = vec![vec![t(l)]];
                row.extend(c.iter().map(|n| vec![t(n.to_string())]));
                row.push(vec![t(c.iter().sum::<usize>().to_string())]);
                row
            })
            .collect(),
    )
}

/// The rows of the reference's contents page this ISA gives.
pub fn contents() -> Vec<crate::docs::Contents> {
    let row = |title: &str, page: &str, what: String| crate::docs::Contents {
        title: title.into(),
        page: page.into(),
        what,
    };
    let counts = status_counts();
    vec![
        row(
            "GCN5 / CDNA1 instructions",
            "gcn5/index",
            format!("{} mnemonics", by_mnemonic().len()),
        ),
        row(
            "All GCN5 rules",
            "gcn5/rules",
            counts
                .iter()
                .map(|(s, n)| format!("{n} {s}"))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        row(
            "Disputes",
            "disputes/index",
            format!("{} dossiers", disputes::DISPUTES.len()),
        ),
        row(
            "Float quirks matrix",
            "quirks",
            "GPU × FloatQuirks contract item".into(),
        ),
    ]
}

fn index_pages(idx: &VectorIndex) -> Vec<Page> {
    let m = by_mnemonic();
    let counts = status_counts();
    let mut pages = Vec::new();
    let body = m
        .iter()
        .map(|(name, rs)| {
            let v = row_view(rs[0]);
            let status = match (v.kernel, v.pending) {
                (Some(k), _) => k.status.as_str().to_string(),
                (None, _) if executor_source(rs[0]).is_some() => "executed".into(),
                (None, Some(_)) => "pending".into(),
                (None, None) => "encoding only".into(),
            };
            vec![
                vec![page_link(name.clone(), mnemonic_id(name), None)],
                vec![t(rs
                    .iter()
                    .map(|r| r.format.name())
                    .collect::<Vec<_>>()
                    .join(", "))],
                vec![t(rs
                    .iter()
                    .map(|r| targets_text(r))
                    .collect::<Vec<_>>()
                    .join(" / "))],
                vec![t(status)],
                vec![t(v.rules.len().to_string())],
            ]
        })
        .collect();
    pages.push(Page {
        id: "gcn5/index".into(),
        title: "GCN5 / CDNA1 instructions".into(),
        blocks: vec![
            Block::Para(vec![
                t(
                    "Every mnemonic of the opcode table, with its kernel status (or `wave` for \
                   the wave-level executors, `pending` / `encoding only`) and how many rules of its own it has. Common rules: ",
                ),
                page_link("VALU", "gcn5/common-valu", None),
                t(", "),
                page_link("SALU", "gcn5/common-salu", None),
                t("."),
            ]),
            Block::Table(
                vec![
                    "mnemonic".into(),
                    "format".into(),
                    "targets".into(),
                    "kernel".into(),
                    "rules".into(),
                ],
                body,
            ),
        ],
        keywords: vec![],
    });
    for g in Group::ALL {
        let rs = common_rules(g);
        pages.push(Page {
            id: format!("gcn5/common-{}", g.name()),
            title: format!("Common {} rules", g.name().to_ascii_uppercase()),
            keywords: rs.iter().map(|r| r.id.to_string()).collect(),
            blocks: std::iter::once(Block::Para(vec![t(
                "Rules every row of the group obeys (the executor's, MODE's, the operand readers').",
            )]))
            .chain(rs.iter().map(|r| rule_block(r)))
            .collect(),
        });
    }
    let body = rules::rules()
        .map(|r| {
            vec![
                vec![page_link(r.id, rule_home(r), Some(r.id))],
                vec![t(r.status.as_str())],
                vec![t(idx.rule_total(r.id).to_string())],
                vec![t(r.statement)],
            ]
        })
        .collect();
    pages.push(Page {
        id: "gcn5/rules".into(),
        title: "All GCN5 rules".into(),
        blocks: vec![
            Block::Para(vec![t(format!(
                "{} rules: {}. Each links to the page that shows it in full.",
                rules::rules().count(),
                counts
                    .iter()
                    .map(|(s, n)| format!("{n} {s}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))]),
            status_block(),
            Block::Para(vec![t(
                "`cases`: the committed vector cases (both targets) whose `rules` field names \
                 the rule.",
            )]),
            Block::Table(
                vec![
                    "id".into(),
                    "status".into(),
                    "cases".into(),
                    "statement".into(),
                ],
                body,
            ),
        ],
        keywords: vec![],
    });
    pages
}

/// Every page. `root` is the repository root (design notes are looked up there).
pub fn pages(root: &Path) -> Vec<Page> {
    let idx = VectorIndex::read(root);
    let mut out = index_pages(&idx);
    for name in by_mnemonic().keys() {
        out.extend(page_of(root, &idx, name, None));
    }
    out.extend(disputes::pages(root, &idx));
    out.push(super::special::quirks_page());
    out
}

/// The bit diagram of `format` with `opcode`'s fixed fields.
pub fn diagram(format: gpuref_amd_gcn5::Format, opcode: u16) -> super::Diagram {
    super::Diagram {
        format: format.name().to_string(),
        fields: layout::fields(format)
            .iter()
            .map(|f| super::DiagramField {
                word: f.0,
                hi: f.1,
                lo: f.2,
                name: f.3,
                fixed: layout::fixed(format, opcode, f),
            })
            .collect(),
    }
}
