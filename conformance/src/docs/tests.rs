use super::*;
use std::collections::HashSet;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn anchors(p: &Page) -> HashSet<String> {
    p.blocks
        .iter()
        .filter_map(|b| match b {
            Block::Heading(_, _, Some(a)) => Some(a.clone()),
            Block::Rule { id, .. } => Some(id.clone()),
            _ => None,
        })
        .collect()
}

/// Every page link names a page and an anchor on it; every repository link a file.
#[test]
fn every_link_resolves() {
    let all = pages(&root());
    let ids: std::collections::HashMap<&str, HashSet<String>> =
        all.iter().map(|p| (p.id.as_str(), anchors(p))).collect();
    let mut n = 0;
    for p in &all {
        for b in &p.blocks {
            let spans: Vec<&Span> = match b {
                Block::Para(s) => s.iter().collect(),
                Block::Table(_, rows) => rows.iter().flatten().flatten().collect(),
                Block::Rule { cites, .. } => cites.iter().flatten().collect(),
                _ => vec![],
            };
            for s in spans {
                match s {
                    Span::Link(_, Link::Page(id, anchor)) => {
                        let a = ids.get(id.as_str());
                        assert!(a.is_some(), "{}: no page {id}", p.id);
                        if let (Some(a), Some(x)) = (a, anchor) {
                            assert!(a.contains(x), "{}: no anchor {id}#{x}", p.id);
                        }
                    }
                    Span::Link(_, Link::Repo(path)) => {
                        assert!(root().join(path).is_file(), "{}: no file {path}", p.id)
                    }
                    _ => continue,
                }
                n += 1;
            }
        }
    }
    assert!(n > 2000, "only {n} links");
}

/// Every GCN5 mnemonic has a page, every dispute a dossier, and every dispute's rule is
/// registered.
#[test]
fn pages_cover_the_tables() {
    let all = pages(&root());
    let ids: HashSet<&str> = all.iter().map(|p| p.id.as_str()).collect();
    for r in gpuref_amd_gcn5::instructions::rows() {
        assert!(
            ids.contains(pages::mnemonic_id(r.name).as_str()),
            "{}",
            r.name
        );
    }
    for d in disputes::DISPUTES {
        assert!(ids.contains(d.page_id().as_str()));
        for id in d.rules {
            assert!(
                gpuref_amd_gcn5::alu::rules::rule(id).is_some(),
                "D{}: {id}",
                d.n
            );
        }
    }
}

/// The special-values table runs the kernel: V_MIN_F32(x, 1) with x = -inf is -inf
/// (0xff800000), and with x = qNaN is 1.0 (IEEE 754-2008 minNum returns the number).
#[test]
fn special_values_come_from_the_kernel() {
    let p = instruction_page(&root(), "v_min_f32", None).unwrap();
    let md = render::markdown(&p);
    assert!(md.contains("| -inf | `0xff800000`"), "{md}");
    assert!(md.contains("| qNaN | `0x3f800000`"), "{md}");
    assert!(md.contains("<a id=\"gcn5.v_minmax.nan\"></a>"));
    let txt = text(&p);
    assert!(txt.contains("gcn5.v_minmax.nan [specified]"), "{txt}");
}

/// The kernel's doc comment is found through the table row, also for a kernel in a
/// submodule (`minmax::v_min_f32`) and a shared one (`s_cselect` for S_CSELECT_B64).
#[test]
fn kernel_doc_is_read_from_the_sources() {
    let r = root();
    let add = pages::kernel_doc(&r, "semantics/amd-gcn5/src/alu/valu/vop2.rs", "V_ADD_F32");
    assert_eq!(add.as_deref(), Some("`D.f = S0.f + S1.f`."));
    let min = pages::kernel_doc(
        &r,
        "semantics/amd-gcn5/src/alu/valu/fminmax.rs",
        "V_MIN_F32",
    );
    assert!(min.is_some_and(|d| d.starts_with("`if (IEEE_MODE && S0.f == sNaN)")));
    let sel = pages::kernel_doc(&r, "semantics/amd-gcn5/src/alu/salu.rs", "S_CSELECT_B64");
    assert_eq!(
        sel.as_deref(),
        Some("`D.u = SCC ? S0.u : S1.u` (B32 and B64; SCC unchanged).")
    );
    assert_eq!(
        pages::kernel_doc(&r, "semantics/amd-gcn5/src/alu/salu.rs", "S_NOPE"),
        None
    );
}

/// An old rule id gets an anchor beside the current one in every form.
#[test]
fn a_renamed_rule_keeps_its_old_anchor() {
    let p = Page {
        id: "gcn5/x".into(),
        title: "x".into(),
        keywords: vec![],
        blocks: vec![Block::Rule {
            id: "gcn5.x.new".into(),
            aliases: vec!["gcn5.x.old".into()],
            status: "inferred",
            statement: "s".into(),
            cites: vec![],
        }],
    };
    assert!(render::markdown(&p).contains("<a id=\"gcn5.x.old\"></a><a id=\"gcn5.x.new\"></a>"));
    assert!(text(&p).contains("(formerly gcn5.x.old)"));
}
