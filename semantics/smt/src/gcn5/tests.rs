//! Tests of GCN5's models through the registry: scripts, exemptions, sources.

use super::*;
use crate::coverage::{self, Family, Format};

#[test]
fn a_script_declares_inputs_defines_outputs_and_names_its_mode() {
    let s = ISA
        .script("s_addc_u32", "gfx900", 0x3f0, Mods::NONE, false)
        .unwrap();
    assert!(s.contains("(declare-const scc_in (_ BitVec 1))"), "{s}");
    assert!(
        s.contains("(define-fun mode () (_ BitVec 32) #x000003f0)"),
        "{s}"
    );
    assert!(
        s.contains("(define-fun d () (_ BitVec 32) (s_addc_u32.d s0 s1 scc_in))"),
        "{s}"
    );
    assert!(!s.contains("check-sat"), "{s}");
    // The header names the manual of the script's target.
    assert!(
        s.contains("\n; Vega ISA manual: D.u = S0.u + S1.u + SCC"),
        "{s}"
    );
    let s = ISA
        .script("v_mfma_f32_4x4x1f32", "gfx908", 0, Mods::NONE, false)
        .unwrap();
    assert!(
        s.contains("\n; MI100 ISA manual: ") && !s.contains("Vega"),
        "{s}"
    );
    assert!(ISA
        .script("S_ADDC_U32", "gfx900", 0, Mods::NONE, true)
        .unwrap()
        .ends_with("(check-sat)\n"));
}

#[test]
fn unmodelled_rows_say_why() {
    // No guess from the mnemonic: a row of no table has no reason.
    assert_eq!(ISA.exemption("V_FOO_F32"), None);
    // The MFMA rows have element models (mfma), not exemptions.
    assert_eq!(ISA.exemption("V_MFMA_F32_4X4X1F32"), None);
    assert!(ISA.has_model("v_mfma_f32_4x4x1f32") && ISA.has_model("V_MFMA_I32_16X16X16I8"));
    assert!(ISA
        .exemption("V_CVT_NORM_I16_F16")
        .is_some_and(|w| w.contains("not defined")));
    assert_eq!(ISA.exemption("V_MAD_F32"), None);
    assert_eq!(ISA.exemption("V_ADD_F32"), None);
    assert_eq!(ISA.exemption("V_CMP_CLASS_F32"), None);
    assert_eq!(ISA.exemption("S_ADD_U32"), None);
    // Integer rows whose names look like float ones still have models.
    assert!(ISA.has_model("V_MAD_LEGACY_U16") && ISA.has_model("V_SAT_PK_U8_I16"));
    let e = ISA
        .script("v_cvt_norm_u16_f16", "gfx900", 0, Mods::NONE, false)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "V_CVT_NORM_U16_F16 has no z3 model: flt16_to_unorm16 is not defined by the manual (scale 65535 or 65536, rounding): no reading of it to model"
    );
    assert_eq!(
        ISA.script("s_nop", "gfx900", 0, Mods::NONE, false)
            .unwrap_err(),
        crate::Error::Unmodelled {
            name: "S_NOP".into(),
            why: None
        }
    );
}

#[test]
fn each_table_is_in_its_source_file() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    for Table {
        models: table,
        source: src,
    } in TABLES
    {
        let text = std::fs::read_to_string(format!("{root}{src}")).unwrap();
        assert!(text.contains("pub const MODELS"), "{src}");
        for (name, _) in *table {
            assert!(
                text.contains(&format!("(\"{name}\", ")),
                "{name} not in {src}"
            );
        }
    }
    assert_eq!(
        ISA.model_source("v_add_f32"),
        Some("semantics/smt/src/gcn5/valu/vop2.rs")
    );
    assert_eq!(
        ISA.model_source("v_mad_f32"),
        Some("semantics/smt/src/gcn5/valu/fminmax/mad.rs")
    );
    assert_eq!(ISA.model_source("v_exp_f32"), None);
}

#[test]
fn shared_terms_are_defined_once_and_called_by_the_outputs() {
    let m = ISA.model("V_MAD_MIXLO_F16").unwrap();
    let t = m.text(0x3f0);
    assert_eq!(
        t.matches("(define-fun v_mad_mixlo_f16.f32 ((s0 (_ BitVec 32))")
            .count(),
        1,
        "{t}"
    );
    let call = "(v_mad_mixlo_f16.half s0 s1 s2 op_sel op_sel_hi d_in)";
    let d = &m.outputs.iter().find(|(n, _, _)| *n == "d").unwrap().2;
    assert!(d.contains(call), "{d}");
    // The f32 step (its fp.mul) is written once in the MAD_MIX scripts, not per
    // output; the MIXHI script was 240 KB when it was (note 0027, "Sixth round").
    for row in ["V_MAD_MIXLO_F16", "V_MAD_MIXHI_F16", "V_MAD_MIX_F32"] {
        let t = ISA.script(row, "gfx900", 0, Mods::NONE, false).unwrap();
        assert!(t.len() < 64 * 1024, "{row}: {} bytes", t.len());
    }
    // Regions (and coverage conditions) never refer to a shared term: coverage::query
    // and coverage::bind declare or bind the inputs only.
    for (name, f) in ISA.models() {
        let m = f();
        let fun = name.to_ascii_lowercase();
        for (r, cond) in &m.regions {
            for (d, _, _) in &m.defs {
                assert!(!cond.contains(&format!("{fun}.{d}")), "{name} {r}");
            }
        }
    }
}

#[test]
fn outputs_are_functions_of_every_input_in_order() {
    let m = ISA.model("V_MAD_U64_U32").unwrap();
    let t = m.text(0);
    assert!(t.contains("(define-fun v_mad_u64_u32.vcc ((s0 (_ BitVec 32)) (s1 (_ BitVec 32)) (s2 (_ BitVec 64))) (_ BitVec 1)"), "{t}");
    assert_eq!(m.width("s2"), Some(64));
    assert_eq!(m.width("vcc"), Some(1));
    assert_eq!(m.width("scc"), None);
}

// The coverage framework on GCN5's rows.

#[test]
fn rows_get_the_models_of_their_operation() {
    let names = |row: &str| -> Vec<&str> {
        coverage::conditions(&ISA.model(row).unwrap())
            .iter()
            .map(|(c, _)| c.name)
            .collect()
    };
    let add = names("V_ADD_F32");
    assert!(add.contains(&"fpgen.tie") && add.contains(&"fpgen.cancel_massive"));
    assert!(!add.contains(&"gpu.legacy_zero") && !add.contains(&"int.carry_out"));
    let mul = names("V_MUL_F32");
    assert!(mul.contains(&"fpgen.tie") && !mul.contains(&"fpgen.cancel_massive"));
    assert!(names("V_MUL_LEGACY_F32").contains(&"gpu.legacy_zero"));
    assert!(names("V_FMA_F32").contains(&"fpgen.cancel_massive"));
    assert!(names("V_CVT_I32_F32").contains(&"gpu.cvt_upper_at"));
    assert!(names("V_ADD_F16").contains(&"gpu.f16_overflow"));
    assert!(names("S_ADD_U32").contains(&"int.carry_out"));
    assert!(names("V_SUB_CO_U32").contains(&"int.borrow"));
    assert!(names("S_LSHL_B32").contains(&"int.shift_ge_width"));
    assert!(names("V_BFE_U32").contains(&"int.bfe_past_top"));
    assert!(names("V_MUL_HI_I32").contains(&"int.mul_hi_neg_neg"));
    assert!(names("V_SAD_U32").contains(&"int.sad_overflow"));
    assert!(names("S_NOT_B32").is_empty());
    assert!(names("V_MAX_F32").contains(&"gpu.pair_signed_zeros"));
    assert!(names("V_CMP_EQ_F16").contains(&"gpu.pair_nan_payloads"));
    assert!(names("V_RNDNE_F64").contains(&"gpu.rnd_tie"));
    assert!(names("V_DIV_SCALE_F32").contains(&"gpu.div_scale_gap_at"));
    assert!(names("V_RSQ_F32").contains(&"gpu.operand_exp_extreme"));
    assert!(names("V_PK_FMA_F16").contains(&"gpu.pk_tie_hi"));
    assert!(add.contains(&"gpu.clamp_above_one") && add.contains(&"gpu.omod_overflow"));
    assert!(names("V_FMA_F64").contains(&"gpu.omod_to_subnormal"));
    assert!(!names("V_CVT_I32_F32").contains(&"gpu.clamp_nan"));
    assert_eq!(
        coverage::by_name("gpu.clamp_nan").map(|c| c.mods),
        Some("clamp")
    );
    assert_eq!(coverage::by_name("fpgen.tie").map(|c| c.mods), Some(""));
}

#[test]
fn bind_closes_the_condition_over_every_input() {
    let m = ISA.model("V_ADD_F32").unwrap();
    let t = coverage::bind(&m, 0x3f0, &[("s0", 1), ("s1", 2)], "(= s0 s1)").unwrap();
    assert_eq!(
        t,
        "(let ((mode #x000003f0) (s0 (_ bv1 32)) (s1 (_ bv2 32))) (= s0 s1))"
    );
    assert!(coverage::bind(&m, 0, &[("s0", 1)], "true").is_none());
}

/// The family a float row's mnemonic named before the models declared theirs (coverage
/// read `_F16`/`_F32`/`_F64` and the operation word): the oracle the declarations are
/// checked against, so every coverage query stays what the cache (conformance/coverage/)
/// hashed.
fn family_by_name(name: &str) -> Option<(Family, Format)> {
    let fmt = if name.ends_with("_F16") {
        Format::H
    } else if name.ends_with("_F32") {
        Format::S
    } else if name.ends_with("_F64") {
        Format::D
    } else {
        return None;
    };
    let rest = name.strip_prefix("V_")?;
    let op = rest.split('_').next()?;
    let fam = match op {
        "MIN" | "MAX" | "MIN3" | "MAX3" | "MED3" => Family::MinMax,
        "CMP" | "CMPX" if !rest.contains("CLASS") => Family::Compare,
        "RNDNE" | "TRUNC" | "CEIL" | "FLOOR" | "FRACT" => Family::RoundInt,
        "DIV" if rest.starts_with("DIV_SCALE") => Family::DivScale,
        "DIV" if rest.starts_with("DIV_FIXUP_F") => Family::DivFixup,
        "RCP" | "RSQ" | "SQRT" | "DIV" | "FREXP" | "LDEXP" | "LOG" | "EXP" => Family::Approx,
        _ => return None,
    };
    Some((fam, fmt))
}

#[test]
fn families_from_mnemonics() {
    assert_eq!(
        family_by_name("V_MIN_F32"),
        Some((Family::MinMax, Format::S))
    );
    assert_eq!(
        family_by_name("V_CMPX_NLT_F64"),
        Some((Family::Compare, Format::D))
    );
    assert_eq!(family_by_name("V_CMP_CLASS_F32"), None);
    assert_eq!(
        family_by_name("V_RNDNE_F16"),
        Some((Family::RoundInt, Format::H))
    );
    assert_eq!(
        family_by_name("V_DIV_SCALE_F64"),
        Some((Family::DivScale, Format::D))
    );
    assert_eq!(
        family_by_name("V_DIV_FIXUP_LEGACY_F16").map(|x| x.0),
        Some(Family::Approx)
    );
    assert_eq!(family_by_name("V_ADD_F32").map(|x| x.0), None);
}

#[test]
fn every_model_declares_the_family_its_mnemonic_named() {
    for (name, f) in ISA.models().iter().chain(mfma::MODELS) {
        let m = f();
        // Coverage reads the family only of models without a rounded operation.
        if m.op.is_none() {
            assert_eq!(m.family, family_by_name(name), "{name}");
        }
    }
}

#[test]
fn coverage_reads_no_mnemonic() {
    // Every model's conditions are the same under another name: coverage picks a row's
    // family, formats and operands from what the model declares (op, family, int_family,
    // packed_op), never from `_F32`-style suffixes or the operation word.
    let mut with = 0;
    for (name, f) in ISA.models().iter().chain(mfma::MODELS) {
        let m = f();
        let mut renamed = m.clone();
        renamed.name = "RENAMED";
        let cond = |m: &Model| -> Vec<(&str, String)> {
            coverage::conditions(m)
                .into_iter()
                .map(|(c, t)| (c.name, t))
                .collect()
        };
        let got = cond(&m);
        with += usize::from(!got.is_empty());
        assert_eq!(got, cond(&renamed), "{name}");
    }
    assert!(with > 150, "{with} models with coverage conditions");
}
