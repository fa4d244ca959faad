//! One dossier page per dispute of the survey (shared notes, "Disputes and surprises",
//! D1..D18) that concerns GCN5/CDNA1. The content is the project's: the question in one
//! line of our own, the design notes that hold the dossier (linked when the note is in the
//! tree), and the rules that decide it with their status. The survey's prose is not copied.

use super::pages::{rule_block, rule_home};
use super::vectors::{rules_table, VectorIndex};
use super::{page_link, repo_link, t, Block, Page, Span};
use gpuref_amd_gcn5::rules;
use std::path::Path;

/// A dispute concerning GCN5.
pub struct Dispute {
    pub n: u8,
    /// The question, in our words.
    pub question: &'static str,
    /// Design notes (numbers) that hold the dossier.
    pub notes: &'static [u16],
    /// The rules that decide it.
    pub rules: &'static [&'static str],
}

impl Dispute {
    pub fn page_id(&self) -> String {
        format!("disputes/d{}", self.n)
    }
}

/// D2 (R700 MUL vs MUL_IEEE) and D17 (Intel Gen7) do not concern GCN5.
#[rustfmt::skip]
pub const DISPUTES: &[Dispute] = &[
    Dispute { n: 1, question: "What does the legacy (DX9) multiply return for a zero times infinity or NaN, and with which sign of zero?",
        notes: &[24], rules: &["gcn5.v_mul_legacy_f32.zero", "gcn5.v_mul_legacy_f32.snan", "gcn5.v_mad_legacy_f16.same_math"] },
    Dispute { n: 3, question: "How do V_MIN/V_MAX treat NaN operands under each MODE.IEEE setting, and how do they order -0 and +0?",
        notes: &[24], rules: &["gcn5.v_minmax.nan", "gcn5.v_minmax.two_nans", "gcn5.v_minmax.zero", "gcn5.v_minmax.snan_flag", "gcn5.valu.ieee0_snan", "gcn5.v_pk_min_f16.nan"] },
    Dispute { n: 4, question: "What does V_MED3 return with NaN operands or with zeros of both signs?",
        notes: &[24], rules: &["gcn5.v_med3.zero", "gcn5.v_minmax.nan"] },
    Dispute { n: 5, question: "What does the CLAMP bit make of a NaN result, and what part does MODE.DX10_CLAMP play?",
        notes: &[19, 20, 38], rules: &["gcn5.vop3p.clamp_nan", "gcn5.vop3p.clamp", "gcn5.valu.packed_clamp", "gcn5.valu.pack_clamp"] },
    Dispute { n: 6, question: "Do float-to-integer conversions saturate, what do they give for NaN, and which flags do they raise?",
        notes: &[21], rules: &["gcn5.valu.cvt_int.saturate", "gcn5.valu.cvt_int.invalid", "gcn5.valu.cvt_int.trunc", "gcn5.valu.cvt_int.inexact", "gcn5.valu.cvt_floor.range"] },
    Dispute { n: 7, question: "When does a conversion to f16 overflow to infinity or to the largest f16, under rounding toward zero and MODE.FP16_OVFL?",
        notes: &[21, 25], rules: &["gcn5.valu.fp16_ovfl", "gcn5.valu.f16_ovfl_mad", "gcn5.v_cvt_pkrtz_f16_f32.overflow", "gcn5.valu.cvt_float.mode"] },
    Dispute { n: 8, question: "How accurate is V_RCP_F32, does it flush denormals whatever MODE says, and may a compiler fold it exactly?",
        notes: &[22], rules: &["gcn5.valu.trans_f32_denorm", "gcn5.v_rcp_f32.accuracy"] },
    Dispute { n: 9, question: "What exactly do the division helpers V_DIV_SCALE, V_DIV_FMAS and V_DIV_FIXUP compute on their edge cases?",
        notes: &[25], rules: &["gcn5.v_div_scale.tests", "gcn5.v_div_scale.vcc", "gcn5.v_div_scale.nan", "gcn5.v_div_scale.zero",
            "gcn5.v_div_scale.both_denormal", "gcn5.v_div_fmas.scale", "gcn5.v_div_fmas.extreme", "gcn5.v_div_fixup.flags",
            "gcn5.v_div_fixup.overflow", "gcn5.v_div_fixup.underflow", "gcn5.div_helpers.denormals"] },
    Dispute { n: 10, question: "When does the output modifier (OMOD) apply, and what does it do to zeros and denormals?",
        notes: &[19, 20, 38], rules: &["gcn5.valu.omod_order", "gcn5.valu.omod_mode", "gcn5.valu.omod_zero", "gcn5.valu.packed_omod"] },
    Dispute { n: 11, question: "Do some instructions (mixed-precision MAD, dot products) flush denormals whatever MODE says?",
        notes: &[26], rules: &["gcn5.v_mad_mix_f32.flush", "gcn5.v_dot2_f32_f16.order"] },
    Dispute { n: 12, question: "What does the CLAMP bit do to an integer operation?",
        notes: &[23], rules: &["gcn5.valu.int_clamp", "gcn5.vop3i.clamp_unstated", "gcn5.vop3p.clamp"] },
    Dispute { n: 13, question: "Which modifier bits do VOP3B instructions have, where VOP3A has ABS and OPSEL?",
        notes: &[14, 19, 20], rules: &["gcn5.valu.vop3b_fields", "gcn5.valu.int_clamp"] },
    Dispute { n: 14, question: "Is the source NEG modifier a sign-bit flip or a subtraction from zero?",
        notes: &[19, 20, 26, 38], rules: &["gcn5.valu.neg_abs", "gcn5.valu.packed_src_mods"] },
    Dispute { n: 15, question: "Which sign does a zero result of TRUNC/CEIL/FLOOR/RNDNE/FRACT carry?",
        notes: &[21], rules: &["gcn5.valu.round_integral.ops", "gcn5.v_rndne.neg_zero", "gcn5.v_fract.zero_sign"] },
    Dispute { n: 16, question: "Where is the manual's pseudocode not executable as written, and how is it read?",
        notes: &[19, 25, 49], rules: &["gcn5.salu.lshl_add.carry", "gcn5.salu.bfe.width", "gcn5.valu.subbrev.borrow", "gcn5.v_trig_preop_f64.table", "gcn5.v_div_scale.unassigned"] },
    Dispute { n: 18, question: "What range and accuracy do the transcendental instructions have?",
        notes: &[22], rules: &["gcn5.v_sin_f32.range", "gcn5.v_sin_f32.accuracy", "gcn5.v_exp_f32.accuracy", "gcn5.v_log_f32.accuracy",
            "gcn5.v_rcp_f32.accuracy", "gcn5.v_rsq_f32.accuracy", "gcn5.v_sqrt_f32.accuracy", "gcn5.valu.trans_f16.accuracy", "gcn5.valu.trans_f64.accuracy"] },
];

/// The note file `docs/design/NNNN-*.md` under `root`, if it is in the tree.
pub fn note_path(root: &Path, n: u16) -> Option<String> {
    let prefix = format!("{n:04}-");
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs/design"))
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.starts_with(&prefix) && f.ends_with(".md"))
        .collect();
    names.sort();
    names.first().map(|f| format!("docs/design/{f}"))
}

pub fn pages(root: &Path, idx: &VectorIndex) -> Vec<Page> {
    let mut out = Vec::new();
    let mut index = Vec::new();
    for d in DISPUTES {
        let notes: Vec<Span> = d
            .notes
            .iter()
            .flat_map(|n| {
                let s = match note_path(root, *n) {
                    Some(p) => repo_link(p.clone(), p),
                    None => t(format!("note {n:04} (being written; not in this tree yet)")),
                };
                [s, t(" ")]
            })
            .collect();
        let mut b = vec![
            Block::Heading(2, "Question".into(), None),
            Block::Para(vec![t(d.question)]),
            Block::Heading(2, "Dossier".into(), None),
            Block::Para(
                std::iter::once(t("Every reading with its source, and our decision: "))
                    .chain(notes)
                    .collect(),
            ),
            Block::Heading(2, "Rules".into(), None),
        ];
        if d.rules.is_empty() {
            b.push(Block::Para(vec![t(
                "No rule decides it yet: the instructions it concerns have no kernel, or the \
                 decision is in the note but not yet a rule of the registry.",
            )]));
        }
        let mut kw = vec![format!("d{}", d.n)];
        for id in d.rules {
            if let Some(r) = rules::rule(id) {
                kw.push(r.id.to_string());
                b.push(Block::Para(vec![
                    t("Shown with its instructions on "),
                    page_link(
                        rule_home(r).trim_start_matches("gcn5/").to_string(),
                        rule_home(r),
                        Some(r.id),
                    ),
                ]));
                b.push(rule_block(r));
            }
        }
        if !d.rules.is_empty() {
            b.push(Block::Heading(2, "Vectors".into(), Some("vectors".into())));
            b.push(Block::Para(vec![t(
                "The committed cases whose `rules` field names each rule, per file (a value \
                 case names a rule where the rule decides its result or leaves it open), and \
                 the value cases of the instructions the rule belongs to (their pages list \
                 the files):",
            )]));
            b.push(rules_table(idx, d.rules));
        }
        index.push(vec![
            vec![page_link(format!("D{}", d.n), d.page_id(), None)],
            vec![t(d.question)],
            vec![t(d.rules.len().to_string())],
        ]);
        out.push(Page {
            id: d.page_id(),
            title: format!("Dispute D{}", d.n),
            blocks: b,
            keywords: kw,
        });
    }
    out.insert(
        0,
        Page {
            id: "disputes/index".into(),
            title: "Disputes concerning GCN5 / CDNA1".into(),
            blocks: vec![
                Block::Para(vec![t(
                    "Numbered as in the project's survey of disputes (D2 and D17 concern other \
                     ISAs). Each dossier links the design notes that hold the readings and the \
                     rules that decide it.",
                )]),
                Block::Table(
                    vec!["dispute".into(), "question".into(), "rules".into()],
                    index,
                ),
            ],
            keywords: vec![],
        },
    );
    out
}
