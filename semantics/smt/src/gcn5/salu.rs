//! Scalar ALU models (Vega manual, sections "SOP2 Instructions", "SOPK Instructions",
//! "SOP1 Instructions", "SOPC Instructions").

pub mod sop1;
pub mod sop2;
pub mod sopc;
pub mod sopk;
