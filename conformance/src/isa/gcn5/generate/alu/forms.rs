//! The modifier forms of the edge level (docs/design/0033 and 0039, "form=" keys): the
//! VOP3 text of a row with its output modifier words appended, each run under a MODE
//! where the modifier does what the form is about.
//!
//! - `form=clamp`: CLAMP under the default MODE (DX10_CLAMP = 1: a NaN clamps to 0).
//! - `form=clamp_nodx10`: CLAMP with DX10_CLAMP = 0 and IEEE = 0, denormals kept and
//!   rounding to nearest (MODE 0x0f0): "otherwise, pass NaN through" (Vega "Mode register",
//!   DX10_CLAMP), for rows with a float result.
//! - `form=omod_mul2` / `omod_mul4` / `omod_div2`: OMOD under MODE 0x000 (IEEE = 0 and
//!   every output denormal flushed), the only kind of MODE in which OMOD applies: MI100
//!   "6.2.2. Instruction Outputs" ("Output modifiers are ignored if the IEEE mode bit is set
//!   to 1", "if output denormals are enabled, then output modifiers are ignored"; rule
//!   `gcn5.valu.omod_mode`). Under the default MODE 0x3f0 an OMOD case would be the plain
//!   instruction again.

use super::{edge_tuples, Group, Level, Plan, DEFAULT_MODE};
use crate::generate::Rng;
use std::borrow::Cow;

/// CLAMP with DX10_CLAMP = 0 and IEEE = 0; denormals kept, round to nearest even.
pub const NO_DX10_MODE: u32 = 0x0f0;
/// Every denormal flushed, DX10_CLAMP and IEEE off, round to nearest even: OMOD applies to
/// every result width.
pub const OMOD_MODE: u32 = 0x000;

/// Which rows a form applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Rows that take CLAMP (the VOP3 form).
    Clamp,
    /// Rows that take CLAMP and write a float result.
    ClampFloat,
    /// Rows that take OMOD.
    Omod,
}

/// A modifier form: its group key, modifier words, MODE, edge cases per row and why.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The group line's key (` form=NAME`).
    pub key: &'static str,
    /// The words after the operands (LLVM syntax).
    pub words: &'static str,
    pub mode: u32,
    pub cap: usize,
    /// Edge tuples skipped first: the edge list's diagonal (every source the same class)
    /// starts with zeros and subnormals, which a flushing MODE makes zero before the
    /// modifier; a form starts where its modifier matters (index 6: the smallest normal,
    /// then MAX and 1.0; index 10: 1.0, the infinities and the NaNs, `gcn5_alu_values.rs`).
    pub skip: usize,
    pub why: &'static str,
    pub needs: Needs,
}

/// The forms, in file order (the CLAMP form first: its cases are those of the corpus
/// before the other forms were added, the edge tuples being drawn from one generator).
pub const FORMS: [Form; 5] = [
    Form {
        key: "clamp",
        words: "clamp",
        mode: DEFAULT_MODE,
        cap: 16,
        skip: 0,
        why: "edge values of the VOP3 form with CLAMP",
        needs: Needs::Clamp,
    },
    Form {
        key: "clamp_nodx10",
        words: "clamp",
        mode: NO_DX10_MODE,
        cap: 8,
        skip: 10,
        why: "edge values of the VOP3 form with CLAMP, DX10_CLAMP = 0 (a NaN passes)",
        needs: Needs::ClampFloat,
    },
    Form {
        key: "omod_mul2",
        words: "mul:2",
        mode: OMOD_MODE,
        cap: 8,
        skip: 6,
        why: "edge values of the VOP3 form with OMOD x2 (applied: IEEE = 0, denormals flushed)",
        needs: Needs::Omod,
    },
    Form {
        key: "omod_mul4",
        words: "mul:4",
        mode: OMOD_MODE,
        cap: 8,
        skip: 6,
        why: "edge values of the VOP3 form with OMOD x4 (applied: IEEE = 0, denormals flushed)",
        needs: Needs::Omod,
    },
    Form {
        key: "omod_div2",
        words: "div:2",
        mode: OMOD_MODE,
        cap: 8,
        skip: 6,
        why: "edge values of the VOP3 form with OMOD x0.5 (applied: IEEE = 0, denormals flushed)",
        needs: Needs::Omod,
    },
];

/// The text of a row in the form with modifier `words` (`clamp`, `mul:2`, ...), or `None`
/// when the row does not take them.
pub fn text(plan: &Plan, words: &str) -> Option<String> {
    let base = plan.vop3_text.as_ref()?;
    let omod = words
        .split(' ')
        .any(|w| w.starts_with("mul:") || w == "div:2");
    if omod && !plan.omod {
        return None;
    }
    Some(format!("{base} {words}"))
}

/// Whether `form` applies to the row of `plan`.
fn applies(plan: &Plan, form: &Form) -> bool {
    plan.vop3_text.is_some()
        && match form.needs {
            Needs::Clamp => true,
            Needs::ClampFloat => plan.dst_float.is_some(),
            Needs::Omod => plan.omod,
        }
}

/// The edge groups of the forms that apply to the row.
pub(super) fn groups<'a>(plan: &'a Plan, rng: &mut Rng) -> Vec<Group<'a>> {
    let mut out = Vec::new();
    for f in FORMS.iter().filter(|f| applies(plan, f)) {
        let Some(text) = text(plan, f.words) else {
            continue;
        };
        out.push(Group {
            level: Level::Edge,
            keys: format!(" form={}", f.key),
            why: f.why.into(),
            text: Cow::Owned(text),
            mode: f.mode,
            tuples: edge_tuples(plan, rng, f.skip + f.cap)
                .into_iter()
                .skip(f.skip)
                .collect(),
        });
    }
    out
}
