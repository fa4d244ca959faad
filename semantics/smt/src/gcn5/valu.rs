//! Vector ALU models, per lane (Vega manual, sections "VOP2 Instructions", "VOP1
//! Instructions", "VOPC Instructions", "VOP3A & VOP3B Instructions").
//!
//! Files named like gpuref-amd-gcn5's `alu/valu` files (`vop1/cvt.rs`, `fminmax/mad.rs`,
//! ...) hold the models of the rows whose kernels are there (`tests/mirror.rs`).
//!
//! Float models (note 0027 "Float models"): outputs `d` (bits), `nan_any` (1: the manual
//! settles only that `d` is a NaN, `d` is then the model's pick) and `flags` (TRAPSTS.EXCP
//! order; `Model::flags_modelled` says which bits are modelled). Every model reads the MODE
//! the script is made for. The float layer several files share (`read`, `outputs`,
//! `binary`, `binaries!`) is here.

use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::Model;

/// Flags the rounded operations model: all but input denormal.
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// `let`-bind the operands as the operation reads them (input flushing by MODE).
fn read(f: Fmt, names: &[(&str, &str)], body: &str) -> String {
    let binds: Vec<String> = names
        .iter()
        .map(|(n, src)| format!("({n} {})", f.read(src)))
        .collect();
    format!("(let ({}) {body})", binds.join(" "))
}

fn outputs(m: Model, f: Fmt, bind: &dyn Fn(&str) -> String, r: Rounded) -> Model {
    m.out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(ROUNDED)
}

/// `D = S0 op S1` (`rev`: `S1 op S0`) in format `f`, `op` one of `fp.add` `fp.sub` `fp.mul`.
fn binary(name: &'static str, spec: &'static str, f: Fmt, fop: &str, rev: bool) -> Model {
    let (x, y) = if rev { ("b", "a") } else { ("a", "b") };
    let wide = f.widened(2);
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let real = match fop {
        "fp.add" => "+",
        "fp.sub" => "-",
        _ => "*",
    };
    let rm = f.rm();
    let r = RoundIn {
        inf: f,
        out: f,
        ops: &[x, y],
        r: format!("({fop} {rm} {} {})", f.fp(x), f.fp(y)),
        wide,
        w: format!("({fop} {rm} {} {})", to_wide(x), to_wide(y)),
        exact: format!("({real} (fp.to_real {}) (fp.to_real {}))", f.fp(x), f.fp(y)),
    };
    let bind = |t: &str| read(f, &[("a", "s0"), ("b", "s1")], t);
    let kind = match fop {
        "fp.add" => OpKind::Add,
        "fp.sub" => OpKind::Sub,
        _ => OpKind::Mul { legacy: false },
    };
    let operands: &[&'static str] = if rev { &["s1", "s0"] } else { &["s0", "s1"] };
    let m = Model::new(name, spec)
        .input("s0", f.w())
        .input("s1", f.w())
        .fp_op(kind, f, f, operands);
    outputs(m, f, &bind, round(r))
        .region("nan_operand", f.is_nan("s0"))
        .region("denormal_operand", f.is_sub("s1"))
}

macro_rules! binaries {
    ($($f:ident $name:literal $fmt:ident $op:literal $rev:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            binary($name, $spec, $fmt, $op, $rev)
        }
    )*};
}

pub mod fminmax;
pub mod trans;
pub mod vop1;
pub mod vop2;
pub mod vop3f;
pub mod vop3i;
pub mod vop3p;
pub mod vopc;
