//! GCN5's MODE register as the float layer's environment ([`crate::fp::Env`]).
//!
//! MODE (Vega manual, "Mode register"; "Denormalized and Rounding Modes"): FP_ROUND [1:0]
//! single, [3:2] double (and half: the MI100 manual says "Double/Half"); FP_DENORM [5:4]
//! single, [7:6] double/half, each 0 = flush input and output, 1 = allow input, flush
//! output, 2 = flush input, allow output, 3 = allow both: the field's low bit allows input
//! denormals, its high bit output denormals. IEEE is bit 9, FP16_OVFL bit 23.
//!
//! The models call these as before the ISA seam (`f.rm()`, `f.read(x)`, `round(...)`):
//! [`Terms`] gives a format MODE's terms, and the free functions apply [`MODE`].

use crate::bv::*;
use crate::fp::{Env, Fmt, NanPick, RoundIn, Rounded, H, S};

/// The MODE register, read from the script's `mode` constant.
pub struct Mode;

/// The one MODE environment the models use.
pub const MODE: Mode = Mode;

impl Env for Mode {
    fn rm(&self, f: Fmt) -> String {
        let r = if single(f) {
            ext("mode", 1, 0)
        } else {
            ext("mode", 3, 2)
        };
        format!("(ite (= {r} #b00) RNE (ite (= {r} #b01) RTP (ite (= {r} #b10) RTN RTZ)))")
    }
    fn flush_in(&self, f: Fmt) -> String {
        let b = if single(f) { 4 } else { 6 };
        format!("(= {} #b0)", ext("mode", b, b))
    }
    fn flush_out(&self, f: Fmt) -> String {
        let b = if single(f) { 5 } else { 7 };
        format!("(= {} #b0)", ext("mode", b, b))
    }
    fn quiets_snan(&self) -> String {
        ieee()
    }
    /// FP16_OVFL clamps an overflowed half result to +-MAX_FP16; nothing else clamps.
    fn clamps_overflow(&self, f: Fmt) -> String {
        if f == H {
            fp16_ovfl()
        } else {
            "false".into()
        }
    }
}

/// Whether MODE selects the single-precision fields for this format (double and half
/// share the other fields).
fn single(f: Fmt) -> bool {
    f == S
}

/// MODE's terms of a format, as methods (the models' spelling).
pub trait Terms {
    /// MODE's rounding mode for results of this format.
    fn rm(self) -> String;
    /// MODE flushes input denormals of this format (a Bool).
    fn flush_in(self) -> String;
    /// MODE flushes output denormals of this format (a Bool).
    fn flush_out(self) -> String;
    /// `x` as the operation reads it: a denormal becomes a zero of its sign when MODE
    /// flushes input denormals.
    fn read(self, x: &str) -> String;
}

impl Terms for Fmt {
    fn rm(self) -> String {
        MODE.rm(self)
    }
    fn flush_in(self) -> String {
        MODE.flush_in(self)
    }
    fn flush_out(self) -> String {
        MODE.flush_out(self)
    }
    fn read(self, x: &str) -> String {
        MODE.read(self, x)
    }
}

/// MODE.IEEE (a Bool).
pub fn ieee() -> String {
    format!("(= {} #b1)", ext("mode", 9, 9))
}

/// MODE.FP16_OVFL (a Bool).
pub fn fp16_ovfl() -> String {
    format!("(= {} #b1)", ext("mode", 23, 23))
}

/// [`crate::fp::Env::nan_pick`] under MODE.
pub fn nan_pick(f: Fmt, xs: &[&str]) -> NanPick {
    MODE.nan_pick(f, xs)
}

/// [`crate::fp::Env::round`] under MODE.
pub fn round(x: RoundIn) -> Rounded {
    MODE.round(x)
}
