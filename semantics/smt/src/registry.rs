//! One ISA's models as data, reached by the ISA's name ([`crate::isa`]): R700's `MUL` and
//! Gen7's `mul` are different rows of different ISAs, so every lookup (model, exemption,
//! source file, script header) goes through the ISA that owns the row, never through one
//! crate-wide namespace of mnemonics.

use crate::{Model, ModelFn, Mods};

/// A table of models and the file (from the repository root) that holds it: the
/// instruction reference links a model to its file.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    pub models: &'static [(&'static str, ModelFn)],
    pub source: &'static str,
}

/// An input on which the cross-check found a model and a kernel disagreeing, kept by name
/// after the disagreement was resolved, so every implementation runs it again.
#[derive(Clone, Copy, Debug)]
pub struct Regression {
    /// A stable name (the vectors' `level=regression name=NAME`).
    pub name: &'static str,
    pub row: &'static str,
    /// The mode register's value.
    pub mode: u32,
    /// The output modifiers.
    pub mods: Mods,
    /// The model's inputs (every input of the row's model).
    pub inputs: &'static [(&'static str, u64)],
    /// What disagreed and how it was resolved (one line; the ISA's note has the story).
    pub found: &'static str,
}

/// One ISA's models, exemptions and the ISA-specific pieces of a script.
pub struct IsaModels {
    /// The ISA's name, as the core's `IsaInfo::name` spells it (`isa` header of vectors).
    pub name: &'static str,
    /// The per-lane models, in a fixed order (the order of [`IsaModels::models`]).
    pub tables: &'static [Table],
    /// Models that state one element of a whole-wave row's result (matrix rows): found by
    /// [`IsaModels::model`] but not among the lane models the lane cross-check walks.
    pub elements: &'static [Table],
    /// Every lane model flattened from [`IsaModels::tables`] (built once).
    pub all: fn() -> &'static [(&'static str, ModelFn)],
    /// Rows with no model and why.
    pub exempt: &'static [(&'static str, &'static str)],
    /// The manual a script's header names for a target.
    pub manual: fn(&str) -> &'static str,
    /// A model with the output modifiers applied for a mode register value; `Err` says why
    /// the row's modifiers are not modelled.
    pub with_mods: fn(&Model, u32, Mods) -> Result<Model, String>,
    /// The disagreements the cross-check found and that stay checked.
    pub regressions: &'static [Regression],
}

/// Why `gpuref smt` cannot print a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No row of that name has a model; the reason when a row is exempt.
    Unmodelled {
        name: String,
        why: Option<&'static str>,
    },
    /// The row has a model, but not of these output modifiers (why).
    Mods(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Unmodelled { name, why: Some(w) } => write!(f, "{name} has no z3 model: {w}"),
            Error::Unmodelled { name, why: None } => write!(f, "{name} has no z3 model"),
            Error::Mods(why) => write!(f, "no z3 model of the output modifiers: {why}"),
        }
    }
}

impl IsaModels {
    /// Every lane model: (uppercase mnemonic, constructor).
    pub fn models(&self) -> &'static [(&'static str, ModelFn)] {
        (self.all)()
    }

    fn find(&self, name: &str) -> Option<(&'static Table, ModelFn)> {
        self.tables.iter().chain(self.elements).find_map(|t| {
            t.models
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, f)| (t, *f))
        })
    }

    /// The model of a row, if it has one: a lane model or an element model.
    pub fn model(&self, name: &str) -> Option<Model> {
        self.find(name).map(|(_, f)| f())
    }

    /// Whether a row has a model (a lane model or an element model).
    pub fn has_model(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    /// The file (from the repository root) whose table holds a row's model.
    pub fn model_source(&self, name: &str) -> Option<&'static str> {
        self.find(name).map(|(t, _)| t.source)
    }

    /// Why a row has no model (`None`: it has one, or no reason is recorded).
    pub fn exemption(&self, name: &str) -> Option<&'static str> {
        let up = name.to_ascii_uppercase();
        if self.has_model(&up) {
            return None;
        }
        self.exempt
            .iter()
            .find(|(n, _)| *n == up)
            .map(|(_, why)| *why)
    }

    /// The manual a script's header names for `target`'s pseudocode lines.
    pub fn manual(&self, target: &str) -> &'static str {
        (self.manual)(target)
    }

    /// `m` with the output modifiers `mods` applied under mode register value `mode`.
    pub fn with_mods(&self, m: &Model, mode: u32, mods: Mods) -> Result<Model, String> {
        (self.with_mods)(m, mode, mods)
    }

    /// The self-contained SMT-LIB2 script of a row for mode register value `mode` and
    /// output modifiers `mods`, with `(check-sat)` at the end when `check_sat`. `target`
    /// names the target in the header only (a row's model is the same on every target).
    pub fn script(
        &self,
        name: &str,
        target: &str,
        mode: u32,
        mods: Mods,
        check_sat: bool,
    ) -> Result<String, Error> {
        let m = self.model(name).ok_or_else(|| Error::Unmodelled {
            name: name.to_ascii_uppercase(),
            why: self.exemption(name),
        })?;
        let m = self.with_mods(&m, mode, mods).map_err(Error::Mods)?;
        let with = if mods == Mods::NONE {
            String::new()
        } else {
            format!(
                ", modifiers {} (docs/design/0042-smt-output-modifiers.md)",
                mods.text()
            )
        };
        let mut s = format!(
            "; gpuref smt: {} on {target}, MODE 0x{mode:08x}{with} (docs/design/0027-smt-models.md)\n; {}: {}\n",
            m.name,
            self.manual(target),
            m.spec
        );
        s.push_str(&m.text(mode));
        if check_sat {
            s.push_str("(check-sat)\n");
        }
        Ok(s)
    }
}
