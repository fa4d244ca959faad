//! The "z3 model" section of a page: the file and function of the row's model in
//! semantics/smt (gpuref_smt's registry), the `gpuref smt` command and the script it
//! prints, or the reason the row has no model (`IsaModels::exemption`).

use super::{code, repo_link, t, Block};
use std::path::Path;

/// The constructor named in the source's `MODELS` table for `name`: `("V_ADD_F32", v_add_f32)`.
pub fn model_fn(root: &Path, source: &str, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(root.join(source)).ok()?;
    let pat = format!("(\"{}\",", name.to_ascii_uppercase());
    let rest = text[text.find(&pat)? + pat.len()..].trim_start();
    let f: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    (!f.is_empty()).then_some(f)
}

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
pub fn blocks(root: &Path, name: &str, target: &str, kernel: bool, alu: bool) -> Vec<Block> {
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
    let mut p = vec![t("Written from the manual, independently of the kernel: ")];
    match model_fn(root, source, name) {
        Some(f) => {
            p.push(code(format!("{f}()")));
            p.push(t(" in "));
        }
        None => p.push(t("the MODELS table of ")),
    }
    // The MFMA element models are checked on whole waves, not lane inputs (note 0036).
    let (how, note) = if source == gpuref_smt::gcn5::MFMA_SOURCE {
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
