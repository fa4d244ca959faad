use super::*;
use std::collections::HashSet;
use std::path::Path;

#[test]
fn rule_ids_are_unique_cited_and_stated() {
    let mut seen = HashSet::new();
    let mut n = 0;
    for r in rules() {
        assert!(seen.insert(r.id), "duplicate rule id {}", r.id);
        assert!(r.id.starts_with("gcn5."), "{} is not a gcn5 id", r.id);
        assert!(!r.cites.is_empty(), "{} has no citation", r.id);
        assert!(!r.statement.trim().is_empty(), "{} has no statement", r.id);
        n += 1;
    }
    // 103 rules when the registry was written; more may come, none may vanish unnoticed.
    assert!(n >= 103, "only {n} rules");
}

#[test]
fn every_rule_belongs_to_a_row_or_a_group() {
    for r in rules() {
        match belongs(r.id) {
            Belongs::Common(_) => {}
            Belongs::Row(scope) => assert!(
                rows().any(|row| row.name.eq_ignore_ascii_case(scope)),
                "{}: no row named {scope} and no SCOPES entry",
                r.id
            ),
            Belongs::Rows(globs) => assert!(
                rows().any(|row| globs.iter().any(|g| glob_row(g, row))),
                "{}: its globs match no row",
                r.id
            ),
        }
    }
}

#[test]
fn every_scope_glob_matches_a_row_and_every_scope_a_rule() {
    for (prefix, scope) in SCOPES {
        assert!(
            rules().any(|r| scope_entry(r.id).is_some_and(|(p, _)| p == prefix)),
            "{prefix} decides no rule"
        );
        if let Scope::Rows(globs) = scope {
            for g in *globs {
                assert!(
                    rows().any(|r| glob_row(g, r)),
                    "{prefix}: {g} matches no row"
                );
            }
        }
    }
}

#[test]
fn glob_matches_as_documented() {
    // `*` is any run, the empty one included; the rest matches literally.
    assert!(glob("V_MIN_F*", "V_MIN_F32"));
    assert!(glob("V_MIN_F*", "V_MIN_F"));
    assert!(!glob("V_MIN_F*", "V_MIN3_F32"));
    assert!(glob("V_DOT*C_*", "V_DOT4C_I32_I8"));
    assert!(!glob("V_DOT*C_*", "V_DOT4_I32_I8"));
    assert!(glob("S_LSHL*_ADD_U32", "S_LSHL2_ADD_U32"));
    let pk = rows().find(|r| r.name == "V_PK_FMAC_F16").unwrap();
    assert!(glob_row("V_PK_*", pk) && glob_row("VOP2:V_PK_*", pk) && !glob_row("VOP3P:*", pk));
    assert!(!glob("V_SUBBREV_CO_U32", "V_SUBBREV_CO_U32X"));
}

#[test]
fn family_and_own_rules_land_on_the_expected_rows() {
    let ids = |name: &str| {
        let row = rows().find(|r| r.name == name).unwrap();
        rules_of(row).iter().map(|r| r.id).collect::<Vec<_>>()
    };
    // Own id, family id, and a longest-prefix override inside a common prefix.
    assert!(ids("V_CVT_RPI_I32_F32").contains(&"gcn5.v_cvt_rpi_i32_f32.sum"));
    assert!(ids("V_CVT_RPI_I32_F32").contains(&"gcn5.valu.cvt_floor.range"));
    assert!(ids("V_MED3_F32").contains(&"gcn5.v_minmax.nan"));
    assert!(ids("V_MED3_F32").contains(&"gcn5.v_med3.zero"));
    assert!(!ids("V_MIN_F32").contains(&"gcn5.v_med3.zero"));
    assert!(ids("V_SUBBREV_CO_U32").contains(&"gcn5.valu.subbrev.borrow"));
    assert!(ids("V_XNOR_B32").contains(&"gcn5.v_xnor_b32"));
    assert!(ids("V_DOT4C_I32_I8").contains(&"gcn5.vop3p.dot_c_vop2"));
    // VOP3P's operand rules reach VOP3P rows only, not the VOP2 rows with packed math.
    assert!(ids("V_PK_ADD_F16").contains(&"gcn5.vop3p.opsel"));
    assert!(ids("V_DOT2_F32_F16").contains(&"gcn5.vop3p.opsel"));
    assert!(!ids("V_DOT2C_F32_F16").contains(&"gcn5.vop3p.opsel"));
    assert!(!ids("V_PK_FMAC_F16").contains(&"gcn5.vop3p.opsel"));
    assert!(ids("S_BFE_U32").contains(&"gcn5.salu.bfe.width"));
    // The single-precision transcendentals' flushing rule is theirs, not a common VALU rule.
    assert!(ids("V_RSQ_F32").contains(&"gcn5.valu.trans_f32_denorm"));
    assert!(!ids("V_ADD_F32").contains(&"gcn5.valu.trans_f32_denorm"));
    assert!(!common_rules(Group::Valu)
        .iter()
        .any(|r| r.id == "gcn5.valu.trans_f32_denorm"));
    // Common rules are not repeated per row.
    assert!(!ids("V_ADD_F32").contains(&"gcn5.valu.exec_mask"));
    assert!(common_rules(Group::Valu)
        .iter()
        .any(|r| r.id == "gcn5.valu.exec_mask"));
    assert!(common_rules(Group::Salu)
        .iter()
        .any(|r| r.id == "gcn5.salu.literal64"));
}

#[test]
fn table_sources_follow_the_tables() {
    assert_eq!(VALU_TABLE_SOURCES.len(), valu::TABLES.len());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for src in VALU_TABLE_SOURCES.iter().chain([&SALU_SOURCE]) {
        assert!(root.join(src).is_file(), "{src} does not exist");
    }
    // A spot check that the zip pairs each table with its own file.
    let v = row_view(crate::instructions::by_name(crate::Target::Gfx900, "v_add_f32").unwrap());
    assert_eq!(
        v.kernel.map(|k| k.source),
        Some("semantics/amd-gcn5/src/alu/valu/vop2.rs")
    );
    assert_eq!(v.groups, vec![Group::Valu]);
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `gcn5.` string literal of the ALU sources (kernels naming the rule of an
/// unsettled lane, tests asserting it) is a registered rule id.
#[test]
fn every_rule_id_named_in_the_sources_is_registered() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/alu");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let known: HashSet<&str> = rules().map(|r| r.id).collect();
    let mut checked = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices("\"gcn5.") {
            let lit = &text[i + 1..];
            let end = lit.find('"').unwrap_or(lit.len());
            let id = &lit[..end];
            if id.ends_with('.') || id.contains(' ') {
                continue;
            }
            assert!(
                known.contains(id),
                "{}: {id} is not a registered rule",
                f.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} literals found");
}

/// An alias names a registered rule and is not itself a live id (a rename that reuses an
/// old id for another rule would send old links to the wrong rule).
#[test]
fn aliases_point_at_rules_and_shadow_none() {
    let mut seen = HashSet::new();
    for (old, new) in ALIASES {
        assert!(seen.insert(*old), "alias {old} listed twice");
        assert!(rule(new).is_some(), "alias {old} -> {new}: no such rule");
        assert!(rule(old).is_none(), "alias {old} is a live rule id");
        assert_eq!(resolve(old).map(|r| r.id), Some(*new));
    }
    assert_eq!(
        resolve("gcn5.v_minmax.nan").map(|r| r.id),
        Some("gcn5.v_minmax.nan")
    );
    // Built from parts: a literal would fail the source scan below, as it should.
    assert!(resolve(&["gcn5", "no_such", "rule"].join(".")).is_none());
}
