//! The z3 side of [`super`]: a model parsed by z3 and evaluated by its simplifier.

use super::{mask, Inputs};
use crate::{IsaModels, Model, Mods};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use z3::ast::{Ast, Dynamic, BV};
use z3::{SatResult, Solver};

/// A model parsed once; its outputs evaluated at concrete inputs by z3's simplifier.
pub struct Evaluator {
    pub model: Model,
    /// The output modifiers the model was rendered for (note 0042).
    pub mods: Mods,
    consts: Vec<(&'static str, u32, Dynamic)>,
    outputs: Vec<(&'static str, u32, Dynamic)>,
}

impl Evaluator {
    /// The model of the instruction with output modifiers `mods` (as `isa` states them)
    /// under `mode`; `Err` says why the modifiers are not modelled for the row.
    pub fn with_mods(
        isa: &IsaModels,
        model: &Model,
        mode: u32,
        mods: Mods,
    ) -> Result<Evaluator, String> {
        let mut ev = Evaluator::new(isa.with_mods(model, mode, mods)?, mode);
        ev.mods = mods;
        Ok(ev)
    }

    /// The model rendered for mode register value `mode`, parsed by z3.
    pub fn new(model: Model, mode: u32) -> Evaluator {
        let mut text = model.text(mode);
        for (n, w, _) in &model.outputs {
            let _ = writeln!(
                text,
                "(declare-const out.{n} (_ BitVec {w}))\n(assert (= out.{n} {n}))"
            );
        }
        let solver = Solver::new();
        solver.from_string(text);
        let asserts = solver.get_assertions();
        assert_eq!(
            asserts.len(),
            model.outputs.len(),
            "{}: z3 did not parse the model",
            model.name
        );
        let outputs = model
            .outputs
            .iter()
            .zip(asserts.iter())
            .map(|((n, w, _), a)| {
                let lhs = a.nth_child(0).expect("an equation");
                assert_eq!(lhs.to_string(), format!("out.{n}"), "{}", model.name);
                (*n, *w, a.nth_child(1).expect("an equation"))
            })
            .collect();
        let consts = model
            .inputs
            .iter()
            .map(|(n, w)| (*n, *w, Dynamic::from_ast(&BV::new_const(*n, *w))))
            .collect();
        Evaluator {
            model,
            mods: Mods::NONE,
            consts,
            outputs,
        }
    }

    /// Every output's value at `inputs`.
    pub fn eval(&self, inputs: &Inputs) -> BTreeMap<&'static str, u64> {
        let vals: Vec<Dynamic> = self
            .consts
            .iter()
            .map(|(n, w, _)| Dynamic::from_ast(&BV::from_u64(inputs[n] & mask(*w), *w)))
            .collect();
        let subs: Vec<(&Dynamic, &Dynamic)> = self
            .consts
            .iter()
            .map(|(_, _, c)| c)
            .zip(vals.iter())
            .collect();
        self.outputs
            .iter()
            .map(|(n, _, e)| {
                let v = e.substitute(&subs).simplify();
                let v = v
                    .as_bv()
                    .and_then(|b| b.as_u64())
                    .unwrap_or_else(|| panic!("{}: {n} did not evaluate: {v}", self.model.name));
                (*n, v)
            })
            .collect()
    }

    /// Inputs satisfying `cond` (a Bool term over the inputs), if z3 finds some.
    pub fn find(&self, cond: &str, mode: u32) -> Result<Inputs, String> {
        let solver = Solver::new();
        // Float regions speak of inputs only: declare those and `mode`, not the output
        // terms (their FP and Real terms would make every search slow).
        let text = if self.model.flags_modelled.is_some() {
            let mut t = format!("(define-fun mode () (_ BitVec 32) #x{mode:08x})\n");
            for (n, w) in &self.model.inputs {
                let _ = writeln!(t, "(declare-const {n} (_ BitVec {w}))");
            }
            t
        } else {
            self.model.text(mode)
        };
        solver.from_string(format!("{text}(assert {cond})\n"));
        match solver.check() {
            SatResult::Sat => {
                let m = solver.get_model().ok_or("no model")?;
                Ok(self
                    .model
                    .inputs
                    .iter()
                    .map(|(n, w)| {
                        let v = m
                            .eval(&BV::new_const(*n, *w), true)
                            .and_then(|v| v.as_u64())
                            .unwrap_or(0);
                        (*n, v)
                    })
                    .collect())
            }
            r => Err(format!("{r:?}")),
        }
    }
}
