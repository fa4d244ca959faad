//! Independent z3 models of the GCN5 ALU instructions (docs/design/0027-smt-models.md).
//!
//! Each model is written from the Vega manual's pseudocode (`Spec::Vega`, the sections
//! "SOP2 Instructions" ... "VOP3A & VOP3B Instructions"), not from the Rust kernels, in
//! files and functions named like the kernels' (`gcn5/salu/sop2.rs` `s_add_u32`). A model
//! is SMT-LIB2 text: [`script`] renders the self-contained script `gpuref smt` prints.
//!
//! Script interface (stable names):
//! - inputs, `(declare-const NAME (_ BitVec N))`: `s0` `s1` `s2` (the spec's S0..S2),
//!   `d_in` (the destination before the instruction), `scc_in`, `vcc_in` (the lane's bit of
//!   VCC or of the SGPR pair in SRC2), `exec_in`, `m0_in`, `pc_in` (the instruction's byte
//!   address), `simm16` (SOPK's immediate), `lane` (the lane's ThreadPosition, 6 bits)
//!   and, for the MIX rows, `op_sel` and `op_sel_hi` (`(_ BitVec 3)`, bit i for source i:
//!   OPSEL_HI = 1 reads source i as the f16 half OPSEL selects);
//! - outputs, `(define-fun NAME () (_ BitVec N) ...)`: `d`, `scc`, `vcc` (the lane's bit of
//!   VCC / the SGPR-pair destination: carry-out or compare result), `exec`, `m0`, `pc`;
//!   single bits are `(_ BitVec 1)`;
//! - each output also as a function of every input, in the order declared:
//!   `(define-fun s_add_u32.d ((s0 (_ BitVec 32)) (s1 (_ BitVec 32))) (_ BitVec 32) ...)`,
//!   so a property can apply the instruction to other operands (`(s_add_u32.d s1 s0)`);
//! - shared terms some outputs have in common (the MIX rows' f32 step), as functions of
//!   every input like the outputs, `(define-fun v_mad_mixlo_f16.f32 (...) ...)`, defined
//!   once before the outputs, which call them;
//! - `mode`, a `(_ BitVec 32)` constant: the MODE register the script was made for (no
//!   integer model reads it);
//! - float models add `nan_any` and `flags`; approximate ones (RCP/RSQ/SQRT) `lo`, `hi`
//!   (the accepted range) and `open`, as do the rows whose manual reading is contested or
//!   unspecified (MAD_MIX, DOT2_F32_F16, TRIG_PREOP); packed f16 ones `nan_half` (note 0027);
//! - output modifiers (`gpuref smt --clamp --omod N`, note 0042): the script is rendered
//!   for a VOP3 CLAMP bit and OMOD field as it is for a MODE; the outputs keep their names
//!   and state the modified result. A clamped float result adds `zero_any` (1: the manual
//!   settles only that `d` is a zero, clamp(-0)); a result whose modifiers have several
//!   readings adds `d_open` / `d_hi_open` (the bits of `d` / `d_hi` the readings leave
//!   open: packed f16 halves, the quad SADs' fields) or `flags_open` (the exception bits
//!   left open: CLASS with CLAMP); the header comment names the modifiers;
//! - the header quotes the model's pseudocode line after the target's manual
//!   ([`manual`]).

mod bv;
pub mod coverage;
mod fp;
pub mod gcn5;

pub use gcn5::mods::{Mods, SATURATE};
pub use gcn5::regressions;

use std::fmt::Write as _;
use std::sync::LazyLock;

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
    /// `None`: an integer model (no float flags). A float model: the TRAPSTS.EXCP bits its
    /// `flags` output models (bit 0 invalid, 1 input denormal, 2 divide by zero, 3
    /// overflow, 4 underflow, 5 inexact); the others are not modelled (0 without `flags`).
    pub flags_modelled: Option<u8>,
    /// The rounded float operation the model computes, where it declares one: what the
    /// float coverage models ([`coverage`]) are stated on.
    pub op: Option<coverage::FpOp>,
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

static ALL: LazyLock<Vec<(&'static str, ModelFn)>> = LazyLock::new(|| {
    gcn5::TABLES
        .iter()
        .flat_map(|t| t.iter().copied())
        .collect()
});

/// Every model: (uppercase mnemonic, constructor).
pub fn models() -> &'static [(&'static str, ModelFn)] {
    &ALL
}

/// The model of a row, if it has one: a lane model of [`models`], or the element model
/// of an MFMA row ([`gcn5::mfma`]: one output element of the whole-wave instruction).
pub fn model(name: &str) -> Option<Model> {
    models()
        .iter()
        .chain(gcn5::mfma::MODELS)
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, f)| f())
}

/// Whether a row has a model (a lane model or an MFMA element model).
pub fn has_model(name: &str) -> bool {
    models()
        .iter()
        .chain(gcn5::mfma::MODELS)
        .any(|(n, _)| n.eq_ignore_ascii_case(name))
}

/// The file (from the repository root) whose `MODELS` table holds a row's model.
pub fn model_source(name: &str) -> Option<&'static str> {
    gcn5::TABLES
        .iter()
        .zip(gcn5::SOURCES)
        .find(|(t, _)| t.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)))
        .map(|(_, s)| *s)
        .or_else(|| gcn5::mfma::row(name).map(|_| gcn5::MFMA_SOURCE))
}

/// Rows of the ALU kernel tables that have no model, with the reason ([`exemption`]
/// applies these and the float rule).
#[rustfmt::skip]
pub const EXEMPT: &[(&str, &str)] = &[
    // Third round (A) exemptions (h/smt2).
    ("V_CVT_NORM_I16_F16",         "flt16_to_snorm16 is not defined by the manual (scale 32767 or 32768, rounding): no reading of it to model"),
    ("V_CVT_NORM_U16_F16",         "flt16_to_unorm16 is not defined by the manual (scale 65535 or 65536, rounding): no reading of it to model"),
    // Third round (B): transcendentals z3 cannot state (note 0027, "Third round (B)").
    ("V_EXP_F32", TRANSCENDENTAL), ("V_LOG_F32", TRANSCENDENTAL), ("V_SIN_F32", TRANSCENDENTAL),
    ("V_COS_F32", TRANSCENDENTAL), ("V_EXP_F16", TRANSCENDENTAL), ("V_LOG_F16", TRANSCENDENTAL),
    ("V_SIN_F16", TRANSCENDENTAL), ("V_COS_F16", TRANSCENDENTAL),
    ("V_CVT_PKNORM_I16_F32", UNDEFINED_CVT), ("V_CVT_PKNORM_U16_F32", UNDEFINED_CVT),
    ("V_CVT_PKNORM_I16_F16", UNDEFINED_CVT), ("V_CVT_PKNORM_U16_F16", UNDEFINED_CVT),
    ("V_CVT_PK_U8_F32", UNDEFINED_CVT), ("V_CVT_PKACCUM_U8_F32", UNDEFINED_CVT),
    // End of third round (B).
    // Note 0037: the legacy transcendentals and V_CLREXCP.
    ("V_EXP_LEGACY_F32", LEGACY_TRANS), ("V_LOG_LEGACY_F32", LEGACY_TRANS),
    ("V_CLREXCP", "a wave-level row with no lane result: it clears TRAPSTS.EXCP or nothing visible (rule gcn5.v_clrexcp.state, unspecified); a model could only restate the kernel's choice"),
];

/// Why the legacy EXP/LOG rows have no model.
const LEGACY_TRANS: &str = "approximate transcendental (z3 has no exp2 or log2, as for V_EXP_F32/V_LOG_F32) whose \"legacy semantics\" are undefined: the kernel's acceptance sets hold every cited reading (note 0037), which a model could only restate";

/// Why the snorm/unorm/uint8 packing conversions have no model.
const UNDEFINED_CVT: &str = "the manual names the conversion ((snorm), (unorm), flt32_to_uint8) without defining its rounding, clamping or NaN result, and the kernel row is unspecified: a model could only restate the kernel's choice";

/// Why EXP, LOG, SIN and COS have no model.
const TRANSCENDENTAL: &str = "approximate transcendental: z3 has no exp2, log2, sin or cos (nor a decidable theory with them), so the manual's ULP acceptance around the exact value cannot be stated; a sound enclosure would need interval bounds written for the purpose (note 0027, \"Third round (B)\")";

/// Why a row has no model (`None`: it has one, or is out of the ALU scope).
pub fn exemption(name: &str) -> Option<&'static str> {
    let up = name.to_ascii_uppercase();
    if has_model(&up) {
        return None;
    }
    EXEMPT.iter().find(|(n, _)| *n == up).map(|(_, why)| *why)
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

/// The manual a script's header names for its pseudocode line: the target's (gfx908:
/// the MI100 manual; the Vega manual otherwise).
pub fn manual(target: &str) -> &'static str {
    if target.eq_ignore_ascii_case("gfx908") {
        "MI100 ISA manual"
    } else {
        "Vega ISA manual"
    }
}

/// The self-contained SMT-LIB2 script of a row for MODE `mode` and output modifiers
/// `mods`, with `(check-sat)` at the end when `check_sat`. `target` names the target in the
/// header only (the models of the rows both targets have are the same).
pub fn script(
    name: &str,
    target: &str,
    mode: u32,
    mods: Mods,
    check_sat: bool,
) -> Result<String, Error> {
    let m = model(name).ok_or_else(|| Error::Unmodelled {
        name: name.to_ascii_uppercase(),
        why: exemption(name),
    })?;
    let m = m.with_mods(mode, mods).map_err(Error::Mods)?;
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
        manual(target),
        m.spec
    );
    s.push_str(&m.text(mode));
    if check_sat {
        s.push_str("(check-sat)\n");
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_declares_inputs_defines_outputs_and_names_its_mode() {
        let s = script("s_addc_u32", "gfx900", 0x3f0, Mods::NONE, false).unwrap();
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
        let s = script("v_mfma_f32_4x4x1f32", "gfx908", 0, Mods::NONE, false).unwrap();
        assert!(
            s.contains("\n; MI100 ISA manual: ") && !s.contains("Vega"),
            "{s}"
        );
        assert!(script("S_ADDC_U32", "gfx900", 0, Mods::NONE, true)
            .unwrap()
            .ends_with("(check-sat)\n"));
    }

    #[test]
    fn unmodelled_rows_say_why() {
        // No guess from the mnemonic: a row of no table has no reason.
        assert_eq!(exemption("V_FOO_F32"), None);
        // The MFMA rows have element models (gcn5::mfma), not exemptions.
        assert_eq!(exemption("V_MFMA_F32_4X4X1F32"), None);
        assert!(has_model("v_mfma_f32_4x4x1f32") && has_model("V_MFMA_I32_16X16X16I8"));
        assert!(exemption("V_CVT_NORM_I16_F16").is_some_and(|w| w.contains("not defined")));
        assert_eq!(exemption("V_MAD_F32"), None);
        assert_eq!(exemption("V_ADD_F32"), None);
        assert_eq!(exemption("V_CMP_CLASS_F32"), None);
        assert_eq!(exemption("S_ADD_U32"), None);
        // Integer rows whose names look like float ones still have models.
        assert!(has_model("V_MAD_LEGACY_U16") && has_model("V_SAT_PK_U8_I16"));
        let e = script("v_cvt_norm_u16_f16", "gfx900", 0, Mods::NONE, false).unwrap_err();
        assert_eq!(
            e.to_string(),
            "V_CVT_NORM_U16_F16 has no z3 model: flt16_to_unorm16 is not defined by the manual (scale 65535 or 65536, rounding): no reading of it to model"
        );
        assert_eq!(
            script("s_nop", "gfx900", 0, Mods::NONE, false).unwrap_err(),
            Error::Unmodelled {
                name: "S_NOP".into(),
                why: None
            }
        );
    }

    #[test]
    fn each_table_is_in_its_source_file() {
        assert_eq!(gcn5::TABLES.len(), gcn5::SOURCES.len());
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
        for (table, src) in gcn5::TABLES.iter().zip(gcn5::SOURCES) {
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
            model_source("v_add_f32"),
            Some("semantics/smt/src/gcn5/valu/vfloat.rs")
        );
        assert_eq!(
            model_source("v_mad_f32"),
            Some("semantics/smt/src/gcn5/valu/vmad.rs")
        );
        assert_eq!(model_source("v_exp_f32"), None);
    }

    #[test]
    fn shared_terms_are_defined_once_and_called_by_the_outputs() {
        let m = model("V_MAD_MIXLO_F16").unwrap();
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
            let t = script(row, "gfx900", 0, Mods::NONE, false).unwrap();
            assert!(t.len() < 64 * 1024, "{row}: {} bytes", t.len());
        }
        // Regions (and coverage conditions) never refer to a shared term: coverage::query
        // and coverage::bind declare or bind the inputs only.
        for (name, f) in models() {
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
        let m = model("V_MAD_U64_U32").unwrap();
        let t = m.text(0);
        assert!(t.contains("(define-fun v_mad_u64_u32.vcc ((s0 (_ BitVec 32)) (s1 (_ BitVec 32)) (s2 (_ BitVec 64))) (_ BitVec 1)"), "{t}");
        assert_eq!(m.width("s2"), Some(64));
        assert_eq!(m.width("vcc"), Some(1));
        assert_eq!(m.width("scc"), None);
    }
}
