//! VOP3-only integer and bit models, per lane (Vega manual, "VOP3A & VOP3B Instructions";
//! V_XNOR_B32 from the MI100 manual). The CLAMP bit is not modelled: these models are of
//! the instruction with CLAMP = 0 (note 0027).
//!
//! The models are in `arith.rs` and `bits.rs`, mirroring the kernel files; the shared
//! input builders and the `simple3!` macro stay here.

use crate::Model;

fn three(name: &'static str, spec: &'static str, w: u32) -> Model {
    Model::new(name, spec)
        .input("s0", w)
        .input("s1", w)
        .input("s2", w)
}

fn two(name: &'static str, spec: &'static str, w: u32) -> Model {
    Model::new(name, spec).input("s0", w).input("s1", w)
}

macro_rules! simple3 {
    ($($f:ident $name:literal $w:literal $spec:literal $d:expr;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            three($name, $spec, $w).out("d", $w, $d)
        }
    )*};
}

pub mod arith;
pub mod bits;
pub mod qsad;
