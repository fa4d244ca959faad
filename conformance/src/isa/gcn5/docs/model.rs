//! The "z3 model" section of a page: the row's entry and the file of its model in
//! semantics/smt (gpuref_smt's registry), the `gpuref smt` command and the script it
//! prints, or the reason the row has no model (`IsaModels::exemption`).

use super::{code, repo_link, t, Block};
use std::path::Path;

/// Lines of a script shown in Markdown and text: up to the first output function (the
/// header, the manual's line, the declarations and `mode`).
fn interface_lines(script: &str) -> usize {
    script
        .lines()
        .position(|l| l.starts_with("(define-fun ") && !l.starts_with("(define-fun mode "))
        .unwrap_or(script.lines().count())
}

/// The section's blocks. `target` is the target the command names; `kernel` whether the
/// row has executable semantics; `alu` whether it is a scalar or vector ALU row (the rows
/// the models are written for; `IsaModels::exemption` answers for those only).
pub fn blocks(_root: &Path, name: &str, target: &str, kernel: bool, alu: bool) -> Vec<Block> {
    let lower = name.to_ascii_lowercase();
    let cmd = format!("gpuref smt --target {target} {lower}");
    let mut b = vec![Block::Heading(
        2,
        "z3 model".into(),
        Some("z3-model".into()),
    )];
    let isa = gpuref_smt::isa("gcn5").expect("gpuref-smt registers gcn5");
    let Some(source) = isa.model_source(name) else {
        let why = match (alu, isa.exemption(name)) {
            (false, _) if kernel => "the models cover the ALU rows; memory and program-flow \
                                     rows are checked by their own tests and vectors"
                .to_string(),
            (_, _) if !kernel => {
                "the row has no executable semantics to check a model against yet".into()
            }
            (true, Some(why)) => why.to_string(),
            (_, _) => "outside the ALU rows the models cover so far (0027)".to_string(),
        };
        b.push(Block::Para(vec![
            t(format!("No z3 model: {why}. ")),
            t("Which rows have models and why: "),
            repo_link(
                "docs/design/0027-smt-models.md",
                "docs/design/0027-smt-models.md",
            ),
            t("."),
        ]));
        return b;
    };
    // What the page says of the model comes from gpuref-smt's registry alone: the row's
    // entry, the file of its table, and whether it is an element model.
    let mut p = vec![
        t("Written from the manual, independently of the kernel: the "),
        code(name.to_ascii_uppercase()),
        t(" entry of the MODELS table in "),
    ];
    // The MFMA element models are checked on whole waves, not lane inputs (note 0036).
    let element = isa
        .elements
        .iter()
        .any(|t| t.models.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)));
    let (how, note) = if element {
        (
            " (one output element of the wave; checked against the kernel on every output element of random waves, its layout typed again from the calculator: ",
            "docs/design/0036-gcn5-mfma.md",
        )
    } else {
        (
            " (cross-checked against the kernel on edge, random and z3-found inputs: ",
            "docs/design/0027-smt-models.md",
        )
    };
    p.extend([
        repo_link(source, source),
        t(how),
        repo_link(note, note),
        t("). The SMT-LIB2 script: "),
        code(cmd),
        t(" (pipe it to "),
        code("z3 -in"),
        t("; "),
        code("--mode 0x..."),
        t(" for another MODE)."),
    ]);
    // The VOP3 output modifiers (note 0042): how to get them, or why they are not modelled.
    let clamp = gpuref_smt::Mods {
        clamp: true,
        omod: 0,
    };
    match isa
        .model(name)
        .map(|m| isa.with_mods(&m, crate::isa::gcn5::eval::DEFAULT_MODE, clamp))
    {
        Some(Ok(_)) => p.extend([
            t(" With the VOP3 output modifiers: "),
            code("--clamp"),
            t(", "),
            code("--omod N"),
            t(" ("),
            repo_link(
                "docs/design/0042-smt-output-modifiers.md",
                "docs/design/0042-smt-output-modifiers.md",
            ),
            t(")."),
        ]),
        Some(Err(why)) if name.starts_with("V_") => {
            let why = why
                .split_once(": ")
                .map_or(why.as_str(), |x| x.1)
                .to_string();
            p.extend([
                t(" Its output modifiers are not modelled: "),
                t(why),
                t(" ("),
                repo_link(
                    "docs/design/0042-smt-output-modifiers.md",
                    "docs/design/0042-smt-output-modifiers.md",
                ),
                t(")."),
            ]);
        }
        _ => {}
    }
    b.push(Block::Para(p));
    if let Ok(s) = isa.script(
        name,
        target,
        crate::isa::gcn5::eval::DEFAULT_MODE,
        gpuref_smt::Mods::NONE,
        false,
    ) {
        b.push(Block::Code {
            summary: format!(
                "gpuref smt --target {target} {lower} (MODE {:#x})",
                crate::isa::gcn5::eval::DEFAULT_MODE
            ),
            excerpt: interface_lines(&s),
            text: s,
        });
    }
    b
}
