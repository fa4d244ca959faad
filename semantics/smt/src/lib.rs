//! Independent z3 models of GPU ALU instructions (docs/design/0027-smt-models.md).
//!
//! Each model is written from its ISA's manual, not from the Rust kernels, in files and
//! functions named like the kernels'. Shared layers here (bit-vector helpers, IEEE float
//! terms over an ISA's mode environment, [`Model`], the registry, coverage) name no ISA;
//! each ISA has one folder, named after it, with its models, mode register, output modifiers,
//! exemptions and regressions, registered by one line in [`ISAS`]. A model is SMT-LIB2
//! text: [`registry::IsaModels::script`] renders the self-contained script `gpuref smt`
//! prints.
//!
//! Script interface (stable names; each ISA's folder names its operands):
//! - inputs, `(declare-const NAME (_ BitVec N))`: the sources, the destination before the
//!   instruction (`d_in`) and the ISA's other operands, `*_in`;
//! - outputs, `(define-fun NAME () (_ BitVec N) ...)`: `d` and the ISA's other results;
//!   single bits are `(_ BitVec 1)`;
//! - each output also as a function of every input, in the order declared:
//!   `(define-fun s_add_u32.d ((s0 (_ BitVec 32)) (s1 (_ BitVec 32))) (_ BitVec 32) ...)`,
//!   so a property can apply the instruction to other operands (`(s_add_u32.d s1 s0)`);
//! - shared terms some outputs have in common (the MIX rows' f32 step), as functions of
//!   every input like the outputs, `(define-fun v_mad_mixlo_f16.f32 (...) ...)`, defined
//!   once before the outputs, which call them;
//! - `mode`, a `(_ BitVec 32)` constant: the mode register the script was made for (no
//!   integer model reads it);
//! - float models add `nan_any` and `flags`; approximate ones (RCP/RSQ/SQRT) `lo`, `hi`
//!   (the accepted range) and `open`, as do the rows whose manual reading is contested or
//!   unspecified (MAD_MIX, DOT2_F32_F16, TRIG_PREOP); packed f16 ones `nan_half` (note 0027);
//! - output modifiers (`gpuref smt --clamp --omod N`, note 0042): the script is rendered
//!   for a clamp bit and output scale as it is for a mode; the outputs keep their names
//!   and state the modified result. A clamped float result adds `zero_any` (1: the manual
//!   settles only that `d` is a zero, clamp(-0)); a result whose modifiers have several
//!   readings adds `d_open` / `d_hi_open` (the bits of `d` / `d_hi` the readings leave
//!   open: packed f16 halves, the quad SADs' fields) or `flags_open` (the exception bits
//!   left open: CLASS with CLAMP); the header comment names the modifiers;
//! - the header quotes the model's pseudocode line after the target's manual
//!   ([`registry::IsaModels::manual`]).

mod bv;
pub mod coverage;
pub mod eval;
mod fp;
pub mod registry;

pub use registry::{Error, IsaModels, Regression};

use std::fmt::Write as _;

// The ISAs: one folder and one line of [`ISAS`] each.
pub mod gcn5;

/// Every ISA with models.
pub static ISAS: &[&IsaModels] = &[&gcn5::ISA];

/// The models of the ISA named `name` (the core's `IsaInfo::name`).
pub fn isa(name: &str) -> Option<&'static IsaModels> {
    ISAS.iter().copied().find(|i| i.name == name)
}

/// An instruction's output modifiers as `gpuref smt` takes them: a clamp bit and an output
/// scale (each ISA's [`registry::IsaModels::with_mods`] says what they do and where).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mods {
    /// The clamp bit.
    pub clamp: bool,
    /// The output scale: 0 none, 1 ×2, 2 ×4, 3 ×0.5.
    pub omod: u8,
}

impl Mods {
    /// No modifier: the model as stated.
    pub const NONE: Mods = Mods {
        clamp: false,
        omod: 0,
    };
    /// The modifiers as `gpuref smt` options and assembly words (`clamp`, `mul:2`).
    pub fn text(self) -> String {
        let mut w = Vec::new();
        if self.clamp {
            w.push("clamp");
        }
        w.push(match self.omod & 3 {
            1 => "mul:2",
            2 => "mul:4",
            3 => "div:2",
            _ => "",
        });
        w.retain(|x| !x.is_empty());
        w.join(" ")
    }
}

/// One instruction's model: its inputs, its outputs as SMT-LIB2 terms over the inputs, and
/// the named coverage regions (conditions over the inputs) the tests search in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The uppercase mnemonic.
    pub name: &'static str,
    /// The manual's pseudocode line the model follows (one line, as cited).
    pub spec: &'static str,
    /// Inputs: name and width in bits.
    pub inputs: Vec<(&'static str, u32)>,
    /// Shared terms: name, width in bits, term over the inputs (and earlier shared
    /// terms). Each is printed once, as `(define-fun FUN.NAME (inputs) ...)` before the
    /// outputs, which refer to it through [`Model::call`] instead of repeating it (MIX's
    /// f32 step; note 0027, "Sixth round"). Regions and coverage conditions speak of the
    /// inputs only, never of a shared term.
    pub defs: Vec<(&'static str, u32, String)>,
    /// Outputs: name, width in bits, term over the inputs (and calls of [`Model::defs`]).
    pub outputs: Vec<(&'static str, u32, String)>,
    /// Coverage regions: name and a Bool term over the inputs.
    pub regions: Vec<(&'static str, String)>,
    /// `None`: an integer model (no float flags). A float model: the flag bits its `flags`
    /// output models (bit 0 invalid, 1 input denormal, 2 divide by zero, 3 overflow,
    /// 4 underflow, 5 inexact); the others are not modelled (0 without `flags`).
    pub flags_modelled: Option<u8>,
    /// The rounded float operation the model computes, where it declares one: what the
    /// float coverage models ([`coverage`]) are stated on.
    pub op: Option<coverage::FpOp>,
    /// For a float row with no rounded operation: its coverage family and operand format
    /// (min/max, compare, round to integral, ...), declared by the model so that coverage
    /// reads no mnemonic.
    pub family: Option<(coverage::Family, coverage::Format)>,
    /// For an integer row: its coverage family (an add or subtract, a shift, ...), declared
    /// by the model so that coverage reads no mnemonic.
    pub int_family: Option<coverage::IntFamily>,
    /// For a packed row of two 16-bit float lanes: the rounded operation each half
    /// computes (its operands are the halves of the sources), declared by the model.
    pub packed_op: Option<coverage::OpKind>,
}

impl Model {
    pub(crate) fn new(name: &'static str, spec: &'static str) -> Model {
        Model {
            name,
            spec,
            inputs: Vec::new(),
            defs: Vec::new(),
            outputs: Vec::new(),
            regions: Vec::new(),
            flags_modelled: None,
            op: None,
            family: None,
            int_family: None,
            packed_op: None,
        }
    }
    /// Declares the model's rounded operation: `kind` on `operands` (inputs, in the
    /// operation's order) of format `input`, rounded to `output`.
    pub(crate) fn fp_op(
        mut self,
        kind: coverage::OpKind,
        input: fp::Fmt,
        output: fp::Fmt,
        operands: &[&'static str],
    ) -> Model {
        let f = |x: fp::Fmt| coverage::Format { e: x.e, m: x.m };
        self.op = Some(coverage::FpOp {
            kind,
            input: f(input),
            output: f(output),
            operands: operands.to_vec(),
        });
        self
    }
    /// Declares the model's coverage family and the format of its float operands.
    pub(crate) fn family(mut self, family: coverage::Family, operands: fp::Fmt) -> Model {
        let f = coverage::Format {
            e: operands.e,
            m: operands.m,
        };
        self.family = Some((family, f));
        self
    }
    /// Declares the operation each 16-bit half of a packed float row rounds.
    pub(crate) fn packed_op(mut self, kind: coverage::OpKind) -> Model {
        self.packed_op = Some(kind);
        self
    }
    /// Declares the model's integer coverage family.
    pub(crate) fn int_family(mut self, family: coverage::IntFamily) -> Model {
        self.int_family = Some(family);
        self
    }
    pub(crate) fn float_flags(mut self, modelled: u8) -> Model {
        self.flags_modelled = Some(modelled);
        self
    }
    pub(crate) fn input(mut self, name: &'static str, width: u32) -> Model {
        self.inputs.push((name, width));
        self
    }
    pub(crate) fn out(mut self, name: &'static str, width: u32, term: impl Into<String>) -> Model {
        self.outputs.push((name, width, term.into()));
        self
    }
    /// Adds the shared term `name` (declare the inputs first): what [`Model::call`] of
    /// `name` stands for in the terms added after it.
    pub(crate) fn def(mut self, name: &'static str, width: u32, term: impl Into<String>) -> Model {
        self.defs.push((name, width, term.into()));
        self
    }
    /// The shared term `name` applied to the inputs, `(FUN.NAME s0 s1 ...)`: a term over
    /// the inputs for outputs and later shared terms.
    pub(crate) fn call(&self, name: &str) -> String {
        let fun = format!("{}.{name}", self.name.to_ascii_lowercase());
        let args: Vec<&str> = self.inputs.iter().map(|(n, _)| *n).collect();
        if args.is_empty() {
            fun
        } else {
            format!("({fun} {})", args.join(" "))
        }
    }
    pub(crate) fn region(mut self, name: &'static str, cond: impl Into<String>) -> Model {
        self.regions.push((name, cond.into()));
        self
    }

    /// The width of an input or output, if the model has it.
    pub fn width(&self, name: &str) -> Option<u32> {
        self.inputs
            .iter()
            .map(|(n, w)| (*n, *w))
            .chain(self.outputs.iter().map(|(n, w, _)| (*n, *w)))
            .find(|(n, _)| *n == name)
            .map(|(_, w)| w)
    }

    /// The model's definitions: declarations, `mode`, the shared terms, the output
    /// functions and constants.
    pub fn text(&self, mode: u32) -> String {
        let fun = self.name.to_ascii_lowercase();
        let mut s = String::new();
        for (n, w) in &self.inputs {
            let _ = writeln!(s, "(declare-const {n} (_ BitVec {w}))");
        }
        let _ = writeln!(s, "(define-fun mode () (_ BitVec 32) #x{mode:08x})");
        let params: Vec<String> = self
            .inputs
            .iter()
            .map(|(n, w)| format!("({n} (_ BitVec {w}))"))
            .collect();
        let args: Vec<&str> = self.inputs.iter().map(|(n, _)| *n).collect();
        for (n, w, t) in self.defs.iter().chain(&self.outputs) {
            let _ = writeln!(
                s,
                "(define-fun {fun}.{n} ({}) (_ BitVec {w})\n  {t})",
                params.join(" ")
            );
        }
        for (n, w, _) in &self.outputs {
            let call = if args.is_empty() {
                format!("{fun}.{n}")
            } else {
                format!("({fun}.{n} {})", args.join(" "))
            };
            let _ = writeln!(s, "(define-fun {n} () (_ BitVec {w}) {call})");
        }
        s
    }
}

/// A model constructor.
pub type ModelFn = fn() -> Model;
