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
        // Every dossier links its notes (all in the tree) and at least one rule.
        assert!(!d.rules.is_empty(), "D{} has no rule", d.n);
        for n in d.notes {
            assert!(
                disputes::note_path(&root(), *n).is_some(),
                "D{}: note {n}",
                d.n
            );
        }
        for id in d.rules {
            assert!(gpuref_amd_gcn5::rules::rule(id).is_some(), "D{}: {id}", d.n);
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

/// The MODE fields a page lists are an upper bound: for every row with a lane kernel,
/// changing any field the derivation leaves out (every other value of its bits, from the
/// default MODE 0x3f0) changes nothing the kernel returns (result, lane-mask bit, flags,
/// acceptance set) on the special values of each source type (x in every position at
/// once and in each position with the others 1) and on integer edges. A row that reads a
/// field its operand types do not explain fails here.
#[test]
fn mode_fields_not_listed_change_nothing() {
    use gpuref_amd_gcn5::alu::mode::Mode;
    use gpuref_amd_gcn5::alu::valu::{self as kv, LaneCtx, LaneIn};
    use gpuref_amd_gcn5::formats::valu::Ty;
    let ints: [u64; 6] = [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x8000];
    let vals = |ty: Ty| -> Vec<u64> {
        match special::values(ty) {
            Some(v) => v.iter().map(|(_, b)| *b).collect(),
            None if ty.dwords() == 2 => ints
                .iter()
                .map(|v| v | (v << 32))
                .chain([1u64 << 63])
                .collect(),
            None => ints.to_vec(),
        }
    };
    let base = crate::isa::gcn5::eval::DEFAULT_MODE;
    let (mut rows, mut runs) = (0, 0);
    for row in gpuref_amd_gcn5::instructions::rows() {
        let (Some(k), Some((srcs, _, _)), Some(listed)) =
            (kv::kernel(row.name), modes::types(row), modes::fields(row))
        else {
            continue;
        };
        let srcs: Vec<Ty> = srcs.into_iter().take(3).collect();
        let mut inputs = Vec::new();
        let n = srcs.len().max(1);
        for i in 0..10 {
            let at = |ty: &Ty| {
                let v = vals(*ty);
                v[i % v.len()]
            };
            let all: Vec<u64> = srcs.iter().map(at).collect();
            inputs.push(all);
            for pos in 0..srcs.len() {
                inputs.push(
                    srcs.iter()
                        .enumerate()
                        .map(|(j, ty)| {
                            if j == pos {
                                at(ty)
                            } else {
                                vals(*ty)[2.min(vals(*ty).len() - 1)]
                            }
                        })
                        .collect(),
                );
            }
        }
        rows += 1;
        for f in modes::ALL.iter().filter(|f| !listed.contains(f)) {
            let shift = f.mask.trailing_zeros();
            let width = (f.mask >> shift).count_ones();
            for alt in 0..(1u32 << width) {
                let mode = (base & !f.mask) | (alt << shift);
                if mode == base {
                    continue;
                }
                for inp in &inputs {
                    let get = |i: usize| inp.get(i).copied().unwrap_or(0);
                    let lane = LaneIn {
                        s0: get(0),
                        s1: if n > 1 { get(1) } else { 0 },
                        s2: if n > 2 { get(2) } else { 0 },
                        ..LaneIn::default()
                    };
                    let run = |m: u32| {
                        (k.kernel)(
                            &lane,
                            &LaneCtx {
                                mode: Mode(m),
                                clamp: false,
                            },
                        )
                    };
                    assert_eq!(
                        run(base),
                        run(mode),
                        "{}: MODE {mode:#x} ({} not listed) changes the result of {lane:?}",
                        row.name,
                        f.name
                    );
                    runs += 1;
                }
            }
        }
    }
    assert!(rows > 400 && runs > 10_000, "{rows} rows, {runs} runs");
}

/// The vector counts: a hand-made file (two rows, three cases, rules counted by hand), and
/// the committed V_ADD_F32 count against the case ids (`v_add_f32_e32.…`, `v_add_f32_e64.…`
/// and the SDWA/DPP forms), a route independent of the group comments the index reads.
#[test]
fn vector_counts_per_row_and_rule() {
    let mut idx = vectors::VectorIndex::default();
    let text = "#!kind alu\n## V_X level=edge mode=0x3f0: edge values\n\
                v_x.1\tw\ta\tmode=0x3f0\ti\to\tnone\tgcn5.a,gcn5.b\n\
                v_x.2\tw\ta\tmode=0x3f0\ti\to\tnone\t-\n\
                ## V_Y (VOP1 opcode 0x1, native form): representatives\n\
                v_y.3\tw\ta\t-\t-\t-\t*\tgcn5.a\n";
    idx.add("vectors/x/alu/f.vec", "gfx900", text);
    let row = idx.row("v_x");
    assert_eq!(row.len(), 1);
    assert_eq!((row[0].0.kind.as_str(), row[0].1), ("alu", 2));
    assert_eq!(idx.row("V_Y")[0].1, 1);
    assert_eq!(idx.rule_total("gcn5.a"), 2);
    assert_eq!(idx.rule_total("gcn5.b"), 1);
    assert_eq!(idx.row_rules("v_x").len(), 2);
    assert_eq!(
        idx.row_rules("v_y").keys().copied().collect::<Vec<_>>(),
        ["gcn5.a"]
    );

    let path = "vectors/amd-gcn5-vega/alu/vop2/v_add_f32.vec";
    let by_id = std::fs::read_to_string(root().join(path))
        .unwrap()
        .lines()
        .filter(|l| {
            let id = l.split('.').next().unwrap_or("");
            [
                "v_add_f32_e32",
                "v_add_f32_e64",
                "v_add_f32_sdwa",
                "v_add_f32_dpp",
            ]
            .contains(&id)
        })
        .count();
    let idx = vectors::VectorIndex::read(&root());
    let n = idx
        .row("V_ADD_F32")
        .iter()
        .find(|(f, _)| f.path == path)
        .map(|(_, n)| *n);
    assert!(by_id > 0);
    assert_eq!(n, Some(by_id));
}

/// The z3 section: a modelled row names its registry entry and file and carries the
/// script; an MFMA row names its element model (the page once named a `4()` found by
/// scanning the source); an exempt row gives gpuref-smt's reason; a memory row says models
/// cover the ALU.
#[test]
fn z3_section_links_the_model_or_says_why_not() {
    let md = |m: &str| render::markdown(&instruction_page(&root(), m, None).unwrap());
    let add = md("v_add_f32");
    assert!(
        add.contains(
            "the `V_ADD_F32` entry of the MODELS table in [semantics/smt/src/gcn5/valu/vop2.rs]"
        ),
        "{add}"
    );
    let mfma = md("v_mfma_f32_4x4x1f32");
    assert!(
        mfma.contains("the `V_MFMA_F32_4X4X1F32` entry of the MODELS table in [semantics/smt/src/gcn5/vpacked/mfma.rs]")
            && mfma.contains("one output element of the wave"),
        "{mfma}"
    );
    assert!(!mfma.contains("`4()`"), "{mfma}");
    assert!(add.contains("(declare-const s0 (_ BitVec 32))"), "{add}");
    let exp = md("v_exp_f32");
    assert!(
        exp.contains("No z3 model: approximate transcendental: z3 has no exp2"),
        "{exp}"
    );
    assert!(md("ds_add_u32").contains("No z3 model: the models cover the ALU rows"));
    let p = instruction_page(&root(), "s_add_u32", None).unwrap();
    let html_code = p
        .blocks
        .iter()
        .any(|b| matches!(b, Block::Code { text, .. } if text.contains("(define-fun s_add_u32.d")));
    assert!(html_code);
}
