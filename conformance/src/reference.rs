//! The built-in reference: evaluates a vector case with gpuref's own semantics, through the
//! ISA registry ([`crate::isa`]): the file's `isa` header picks the ISA, which picks the
//! evaluator by the file's other headers.

use crate::isa::{self, ValueReference};
use crate::vector::{Case, VecFile};
use gpuref_core::Rule;
use gpuref_float::Flags;

/// What an implementation (the reference or an adapter) produced for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    pub outputs: Vec<(String, u64)>,
    /// `None` when the implementation does not report flags.
    pub flags: Option<Flags>,
}

/// Evaluates the cases of one file (one ISA and target).
pub struct Reference {
    isa: &'static str,
    inner: Box<dyn ValueReference>,
}

impl Reference {
    /// A reference for files with this `isa` header and no other headers; an error if
    /// gpuref has none.
    pub fn for_isa(name: &str) -> Result<Reference, String> {
        let mut file = VecFile::default();
        file.header.push(("isa".into(), name.into()));
        Reference::for_file(&file)
    }

    /// A reference for a parsed file: by its `isa` header, and by its `target` and `kind`
    /// headers as the ISA needs.
    pub fn for_file(file: &VecFile) -> Result<Reference, String> {
        let entry = isa::of_file(file)?;
        Ok(Reference {
            isa: entry.info().name,
            inner: entry.value_reference(file)?,
        })
    }

    pub fn isa(&self) -> &str {
        self.isa
    }

    /// Evaluate `case`; an error names what in the case the reference cannot evaluate.
    pub fn eval(&mut self, case: &Case) -> Result<Observed, String> {
        self.inner.eval(case)
    }
}

/// Every rule gpuref knows, for citing in reports.
pub fn lookup_rule(id: &str) -> Option<&'static Rule> {
    isa::rule(id)
}
