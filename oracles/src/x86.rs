//! The host x86-64 CPU as an oracle: SSE/AVX scalar instructions under an explicit MXCSR.
//!
//! Every function here loads a control word into MXCSR (rounding control, FTZ, DAZ, all
//! exceptions masked, flags cleared), runs the x86 instruction, reads MXCSR back and restores
//! the caller's MXCSR. The instruction runs **inside the same `asm!` block** as the
//! `ldmxcsr`/`stmxcsr` pair (or, for the batch helpers, inside asm blocks bracketed by asm
//! blocks that set and restore MXCSR, with no Rust floating-point code in between), so the
//! compiler can neither move a float operation across the mode switch nor constant-fold it.
//! Values cross the boundary as raw bits (`u32`/`u64`); no host float arithmetic is done in
//! Rust.
//!
//! Flags are returned as [`gpuref_float::Flags`], mapped from the MXCSR status bits:
//! IE→`INVALID`, ZE→`DIV_BY_ZERO`, OE→`OVERFLOW`, UE→`UNDERFLOW`, PE→`INEXACT`,
//! DE→`INPUT_DENORMAL` (see [`flags_from_mxcsr`]).
//!
//! What x86 can mirror of a gpuref [`FpMode`] is decided by [`X86Mode::for_format`] and
//! [`X86Mode::for_conversion`]; see `docs/design/0002-x86-oracle.md` for the reasoning (x86
//! detects tininess after rounding, FTZ flushes results that are tiny in that sense, DAZ never
//! raises DE).
//!
//! # Operations
//!
//! | function | instruction | |
//! |---|---|---|
//! | [`add_f32`] [`sub_f32`] [`mul_f32`] [`div_f32`] [`sqrt_f32`] | `addss` `subss` `mulss` `divss` `sqrtss` | |
//! | [`add_f64`] [`sub_f64`] [`mul_f64`] [`div_f64`] [`sqrt_f64`] | `addsd` `subsd` `mulsd` `divsd` `sqrtsd` | |
//! | [`fma_f32`] [`fma_f64`] | `vfmadd213ss` / `vfmadd213sd` (FMA3) | `a*b+c`, one rounding; `Err` without FMA3 |
//! | [`f32_to_f64`] [`f64_to_f32`] | `cvtss2sd` / `cvtsd2ss` | |
//!
//! # Batch helpers (for benchmarks)
//!
//! Each operation also has two batch forms that set MXCSR once for the whole slice:
//!
//! - `<op>_batch(mode, inputs.., out) -> Result<Flags, X86Error>`: runs the operation on
//!   every index and returns the OR of the flags of all elements (MXCSR flags are sticky).
//!   This is the fast form (no MXCSR access per element).
//! - `<op>_batch_flags(mode, inputs.., out, flags) -> Result<(), X86Error>`: also stores
//!   each element's own flags (one `stmxcsr` + `ldmxcsr` per element, several times
//!   slower).
//!
//! All slices must have the same length, else `Err(X86Error::LengthMismatch)` and nothing is
//! computed. FMA forms return `Err(X86Error::MissingFeature("fma"))` when the CPU lacks
//! FMA3. Example: `add_f32_batch(X86Mode::IEEE, &a, &b, &mut out)?`.

use core::arch::asm;
use std::fmt;

use gpuref_float::{Flagged, Flags, Format, FpMode, Rounding, Tininess};

/// MXCSR bit layout (Intel SDM Vol. 1, "MXCSR Control and Status Register").
pub mod mxcsr {
    /// Invalid-operation flag (IE).
    pub const IE: u32 = 1 << 0;
    /// Denormal-operand flag (DE).
    pub const DE: u32 = 1 << 1;
    /// Divide-by-zero flag (ZE).
    pub const ZE: u32 = 1 << 2;
    /// Overflow flag (OE).
    pub const OE: u32 = 1 << 3;
    /// Underflow flag (UE).
    pub const UE: u32 = 1 << 4;
    /// Precision (inexact) flag (PE).
    pub const PE: u32 = 1 << 5;
    /// All six status flags.
    pub const FLAGS: u32 = 0x3f;
    /// Denormals-are-zero.
    pub const DAZ: u32 = 1 << 6;
    /// All six exception masks (bits 7–12).
    pub const MASK_ALL: u32 = 0x3f << 7;
    /// Rounding-control field shift (bits 13–14: 0 nearest-even, 1 down, 2 up, 3 toward
    /// zero).
    pub const RC_SHIFT: u32 = 13;
    /// Flush-to-zero.
    pub const FTZ: u32 = 1 << 15;
}

/// The part of MXCSR the oracle sets: rounding control, FTZ and DAZ. Exceptions are always
/// masked and flags cleared before an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct X86Mode {
    pub rounding: Rounding,
    /// MXCSR.FTZ: results that are tiny (after rounding) become a zero of the same sign,
    /// raising UE and PE.
    pub ftz: bool,
    /// MXCSR.DAZ: subnormal source operands are read as a zero of the same sign; DE is not
    /// raised for them.
    pub daz: bool,
}

impl X86Mode {
    /// MXCSR's power-on default: nearest-even, no FTZ, no DAZ.
    pub const IEEE: X86Mode = X86Mode {
        rounding: Rounding::NearestEven,
        ftz: false,
        daz: false,
    };

    /// The MXCSR control word: all exceptions masked, flags clear.
    pub const fn mxcsr(self) -> u32 {
        let rc: u32 = match self.rounding {
            Rounding::NearestEven => 0,
            Rounding::TowardNegative => 1,
            Rounding::TowardPositive => 2,
            Rounding::TowardZero => 3,
        };
        mxcsr::MASK_ALL
            | (rc << mxcsr::RC_SHIFT)
            | if self.ftz { mxcsr::FTZ } else { 0 }
            | if self.daz { mxcsr::DAZ } else { 0 }
    }

    /// The x86 mode that mirrors `mode` for an operation whose operands and result are all of
    /// format `F`, or `None` if x86 cannot mirror it.
    ///
    /// x86 detects tininess after rounding, so only [`Tininess::AfterRounding`] maps. `F`'s
    /// `flush_inputs` becomes DAZ and its `flush_outputs` becomes FTZ; every combination of
    /// the two exists on x86. The settings of other formats do not matter.
    pub fn for_format<F: Format>(mode: &FpMode) -> Option<X86Mode> {
        Self::for_conversion::<F, F>(mode)
    }

    /// The x86 mode that mirrors `mode` for a conversion from `From` to `To`: DAZ from
    /// `From`'s `flush_inputs` (it applies to the operand), FTZ from `To`'s `flush_outputs`
    /// (it applies to the result). `None` unless tininess is after rounding.
    pub fn for_conversion<From: Format, To: Format>(mode: &FpMode) -> Option<X86Mode> {
        if mode.tininess != Tininess::AfterRounding {
            return None;
        }
        Some(X86Mode {
            rounding: mode.rounding,
            ftz: mode.denormals_for::<To>().flush_outputs,
            daz: mode.denormals_for::<From>().flush_inputs,
        })
    }
}

/// Map MXCSR status bits (0–5) to gpuref flags; other bits are ignored.
pub const fn flags_from_mxcsr(m: u32) -> Flags {
    let mut f = Flags::NONE;
    if m & mxcsr::IE != 0 {
        f = f.union(Flags::INVALID);
    }
    if m & mxcsr::DE != 0 {
        f = f.union(Flags::INPUT_DENORMAL);
    }
    if m & mxcsr::ZE != 0 {
        f = f.union(Flags::DIV_BY_ZERO);
    }
    if m & mxcsr::OE != 0 {
        f = f.union(Flags::OVERFLOW);
    }
    if m & mxcsr::UE != 0 {
        f = f.union(Flags::UNDERFLOW);
    }
    if m & mxcsr::PE != 0 {
        f = f.union(Flags::INEXACT);
    }
    f
}

/// Why an oracle call could not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum X86Error {
    /// The host CPU (or OS) lacks an instruction-set extension, named as
    /// `is_x86_feature_detected!` names it (`"fma"`).
    MissingFeature(&'static str),
    /// Batch slices of different lengths.
    LengthMismatch,
}

impl fmt::Display for X86Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            X86Error::MissingFeature(feat) => write!(
                f,
                "the host CPU does not support the x86 `{feat}` extension (FMA3 needs a \
                 Haswell/Piledriver or later CPU with AVX state enabled by the OS); the x86 \
                 oracle cannot check this operation here"
            ),
            X86Error::LengthMismatch => f.write_str("batch slices have different lengths"),
        }
    }
}

impl std::error::Error for X86Error {}

/// Whether the host has FMA3 (`vfmadd*`), which [`fma_f32`] and [`fma_f64`] need.
pub fn has_fma() -> bool {
    std::arch::is_x86_feature_detected!("fma")
}

fn require_fma() -> Result<(), X86Error> {
    if has_fma() {
        Ok(())
    } else {
        Err(X86Error::MissingFeature("fma"))
    }
}

/// The current MXCSR of this thread.
pub fn read_mxcsr() -> u32 {
    let mut m: u32 = 0;
    // SAFETY: stmxcsr stores 4 bytes to a valid, aligned, writable u32.
    unsafe {
        asm!("stmxcsr [{p}]", p = in(reg) core::ptr::addr_of_mut!(m), options(nostack, preserves_flags));
    }
    m
}

/// MXCSR set for a scope: `enter` saves the caller's MXCSR and loads the control word; drop
/// restores the caller's MXCSR. Only asm blocks run floating-point instructions inside the
/// scope.
struct MxcsrScope {
    /// `[control word, caller's MXCSR, scratch for stmxcsr]`
    words: [u32; 3],
}

impl MxcsrScope {
    #[inline(always)]
    fn enter(mode: X86Mode) -> Self {
        let mut s = MxcsrScope {
            words: [mode.mxcsr(), 0, 0],
        };
        // SAFETY: the pointer addresses three valid, aligned u32s; MXCSR gets a valid control
        // word (reserved bits clear), and `Drop` restores the saved one.
        unsafe {
            asm!(
                "stmxcsr [{w} + 4]",
                "ldmxcsr [{w}]",
                w = in(reg) s.words.as_mut_ptr(),
                options(nostack, preserves_flags),
            );
        }
        s
    }

    /// The MXCSR status flags accumulated since `enter`.
    #[inline(always)]
    fn flags(&mut self) -> Flags {
        // SAFETY: as in `enter`; stmxcsr only stores.
        unsafe {
            asm!(
                "stmxcsr [{w} + 8]",
                w = in(reg) self.words.as_mut_ptr(),
                options(nostack, preserves_flags),
            );
        }
        flags_from_mxcsr(self.words[2])
    }
}

impl Drop for MxcsrScope {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: restores the value stmxcsr saved in `enter`.
        unsafe {
            asm!(
                "ldmxcsr [{w} + 4]",
                w = in(reg) self.words.as_mut_ptr(),
                options(nostack, preserves_flags),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Operation generators. `$insn` is an Intel-syntax template over the named registers `r`
// (result, also the first source for two-operand SSE forms), `a`/`b`/`c`.
//
// Single-op template, all in one asm block:
//   stmxcsr [w+4]   save the caller's MXCSR
//   ldmxcsr [w]     load the control word (flags clear)
//   <op>
//   stmxcsr [w+8]   read the flags
//   ldmxcsr [w+4]   restore
// ---------------------------------------------------------------------------------------

/// Two-operand SSE arithmetic `r = r op b` with `r` preloaded with `a`.
macro_rules! binary_op {
    ($(#[$doc:meta])* $name:ident, $batch:ident, $batch_flags:ident, $t:ty, $insn:literal) => {
        $(#[$doc])*
        pub fn $name(mode: X86Mode, a: $t, b: $t) -> Flagged<$t> {
            let mut w: [u32; 3] = [mode.mxcsr(), 0, 0];
            let mut r: $t = a;
            // SAFETY: `w` is three valid aligned u32s; MXCSR gets a valid control word and is
            // restored before the block ends; the instruction only touches the named xmm
            // registers.
            unsafe {
                asm!(
                    "stmxcsr [{w} + 4]",
                    "ldmxcsr [{w}]",
                    concat!($insn, " {r}, {b}"),
                    "stmxcsr [{w} + 8]",
                    "ldmxcsr [{w} + 4]",
                    w = in(reg) w.as_mut_ptr(),
                    r = inout(xmm_reg) r,
                    b = in(xmm_reg) b,
                    options(nostack, preserves_flags),
                );
            }
            Flagged::new(r, flags_from_mxcsr(w[2]))
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; returns the OR of all flags.")]
        pub fn $batch(mode: X86Mode, a: &[$t], b: &[$t], out: &mut [$t]) -> Result<Flags, X86Error> {
            if a.len() != out.len() || b.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                let mut r: $t = x;
                // SAFETY: register-only instruction; MXCSR is set by `scope`.
                unsafe {
                    asm!(concat!($insn, " {r}, {b}"), r = inout(xmm_reg) r, b = in(xmm_reg) y,
                         options(nostack, preserves_flags));
                }
                *o = r;
            }
            Ok(scope.flags())
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; stores each element's flags.")]
        pub fn $batch_flags(mode: X86Mode, a: &[$t], b: &[$t], out: &mut [$t], flags: &mut [Flags]) -> Result<(), X86Error> {
            if a.len() != out.len() || b.len() != out.len() || flags.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for (((o, f), &x), &y) in out.iter_mut().zip(flags.iter_mut()).zip(a).zip(b) {
                let mut r: $t = x;
                // SAFETY: as in the single form; the control word at [w] re-clears the flags.
                unsafe {
                    asm!(
                        concat!($insn, " {r}, {b}"),
                        "stmxcsr [{w} + 8]",
                        "ldmxcsr [{w}]",
                        w = in(reg) scope.words.as_mut_ptr(),
                        r = inout(xmm_reg) r, b = in(xmm_reg) y,
                        options(nostack, preserves_flags),
                    );
                }
                *o = r;
                *f = flags_from_mxcsr(scope.words[2]);
            }
            Ok(())
        }
    };
}

/// One-operand instruction `r = op(a)` (sqrt, conversions), input and output types may differ.
macro_rules! unary_op {
    ($(#[$doc:meta])* $name:ident, $batch:ident, $batch_flags:ident, $ti:ty => $to:ty, $insn:literal) => {
        $(#[$doc])*
        pub fn $name(mode: X86Mode, a: $ti) -> Flagged<$to> {
            let mut w: [u32; 3] = [mode.mxcsr(), 0, 0];
            let r: $to;
            // SAFETY: see `binary_op`.
            unsafe {
                asm!(
                    "stmxcsr [{w} + 4]",
                    "ldmxcsr [{w}]",
                    concat!($insn, " {r}, {a}"),
                    "stmxcsr [{w} + 8]",
                    "ldmxcsr [{w} + 4]",
                    w = in(reg) w.as_mut_ptr(),
                    r = lateout(xmm_reg) r,
                    a = in(xmm_reg) a,
                    options(nostack, preserves_flags),
                );
            }
            Flagged::new(r, flags_from_mxcsr(w[2]))
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; returns the OR of all flags.")]
        pub fn $batch(mode: X86Mode, a: &[$ti], out: &mut [$to]) -> Result<Flags, X86Error> {
            if a.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for (o, &x) in out.iter_mut().zip(a) {
                let r: $to;
                // SAFETY: register-only instruction; MXCSR is set by `scope`.
                unsafe {
                    asm!(concat!($insn, " {r}, {a}"), r = lateout(xmm_reg) r, a = in(xmm_reg) x,
                         options(nostack, preserves_flags));
                }
                *o = r;
            }
            Ok(scope.flags())
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; stores each element's flags.")]
        pub fn $batch_flags(mode: X86Mode, a: &[$ti], out: &mut [$to], flags: &mut [Flags]) -> Result<(), X86Error> {
            if a.len() != out.len() || flags.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for ((o, f), &x) in out.iter_mut().zip(flags.iter_mut()).zip(a) {
                let r: $to;
                // SAFETY: as in the single form; the control word at [w] re-clears the flags.
                unsafe {
                    asm!(
                        concat!($insn, " {r}, {a}"),
                        "stmxcsr [{w} + 8]",
                        "ldmxcsr [{w}]",
                        w = in(reg) scope.words.as_mut_ptr(),
                        r = lateout(xmm_reg) r, a = in(xmm_reg) x,
                        options(nostack, preserves_flags),
                    );
                }
                *o = r;
                *f = flags_from_mxcsr(scope.words[2]);
            }
            Ok(())
        }
    };
}

/// FMA3 `vfmadd213s? r, a, c` computes `r = a*r + c`; `r` is preloaded with `b`, so the
/// result is `a*b + c`. This operand assignment also makes x86's NaN choice (the first NaN
/// among operand 2, operand 1, operand 3 of the instruction, measured) the first NaN among
/// `a`, `b`, `c`.
macro_rules! fma_op {
    ($(#[$doc:meta])* $name:ident, $batch:ident, $batch_flags:ident, $t:ty, $insn:literal) => {
        $(#[$doc])*
        pub fn $name(mode: X86Mode, a: $t, b: $t, c: $t) -> Result<Flagged<$t>, X86Error> {
            require_fma()?;
            let mut w: [u32; 3] = [mode.mxcsr(), 0, 0];
            let mut r: $t = b;
            // SAFETY: see `binary_op`; FMA3 support was checked above.
            unsafe {
                asm!(
                    "stmxcsr [{w} + 4]",
                    "ldmxcsr [{w}]",
                    concat!($insn, " {r}, {a}, {c}"),
                    "stmxcsr [{w} + 8]",
                    "ldmxcsr [{w} + 4]",
                    w = in(reg) w.as_mut_ptr(),
                    r = inout(xmm_reg) r,
                    a = in(xmm_reg) a,
                    c = in(xmm_reg) c,
                    options(nostack, preserves_flags),
                );
            }
            Ok(Flagged::new(r, flags_from_mxcsr(w[2])))
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; returns the OR of all flags.")]
        pub fn $batch(mode: X86Mode, a: &[$t], b: &[$t], c: &[$t], out: &mut [$t]) -> Result<Flags, X86Error> {
            require_fma()?;
            if a.len() != out.len() || b.len() != out.len() || c.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for (((o, &x), &y), &z) in out.iter_mut().zip(a).zip(b).zip(c) {
                let mut r: $t = y;
                // SAFETY: register-only instruction; FMA3 checked; MXCSR is set by `scope`.
                unsafe {
                    asm!(concat!($insn, " {r}, {a}, {c}"), r = inout(xmm_reg) r,
                         a = in(xmm_reg) x, c = in(xmm_reg) z, options(nostack, preserves_flags));
                }
                *o = r;
            }
            Ok(scope.flags())
        }

        #[doc = concat!("[`", stringify!($name), "`] over slices, MXCSR set once; stores each element's flags.")]
        pub fn $batch_flags(mode: X86Mode, a: &[$t], b: &[$t], c: &[$t], out: &mut [$t], flags: &mut [Flags]) -> Result<(), X86Error> {
            require_fma()?;
            if a.len() != out.len() || b.len() != out.len() || c.len() != out.len() || flags.len() != out.len() {
                return Err(X86Error::LengthMismatch);
            }
            let mut scope = MxcsrScope::enter(mode);
            for ((((o, f), &x), &y), &z) in out.iter_mut().zip(flags.iter_mut()).zip(a).zip(b).zip(c) {
                let mut r: $t = y;
                // SAFETY: as in the single form; the control word at [w] re-clears the flags.
                unsafe {
                    asm!(
                        concat!($insn, " {r}, {a}, {c}"),
                        "stmxcsr [{w} + 8]",
                        "ldmxcsr [{w}]",
                        w = in(reg) scope.words.as_mut_ptr(),
                        r = inout(xmm_reg) r, a = in(xmm_reg) x, c = in(xmm_reg) z,
                        options(nostack, preserves_flags),
                    );
                }
                *o = r;
                *f = flags_from_mxcsr(scope.words[2]);
            }
            Ok(())
        }
    };
}

binary_op!(
    /// binary32 `a + b` (`addss`).
    add_f32, add_f32_batch, add_f32_batch_flags, u32, "addss"
);
binary_op!(
    /// binary32 `a - b` (`subss`).
    sub_f32, sub_f32_batch, sub_f32_batch_flags, u32, "subss"
);
binary_op!(
    /// binary32 `a * b` (`mulss`).
    mul_f32, mul_f32_batch, mul_f32_batch_flags, u32, "mulss"
);
binary_op!(
    /// binary32 `a / b` (`divss`).
    div_f32, div_f32_batch, div_f32_batch_flags, u32, "divss"
);
binary_op!(
    /// binary64 `a + b` (`addsd`).
    add_f64, add_f64_batch, add_f64_batch_flags, u64, "addsd"
);
binary_op!(
    /// binary64 `a - b` (`subsd`).
    sub_f64, sub_f64_batch, sub_f64_batch_flags, u64, "subsd"
);
binary_op!(
    /// binary64 `a * b` (`mulsd`).
    mul_f64, mul_f64_batch, mul_f64_batch_flags, u64, "mulsd"
);
binary_op!(
    /// binary64 `a / b` (`divsd`).
    div_f64, div_f64_batch, div_f64_batch_flags, u64, "divsd"
);
unary_op!(
    /// binary32 square root (`sqrtss`).
    sqrt_f32, sqrt_f32_batch, sqrt_f32_batch_flags, u32 => u32, "sqrtss"
);
unary_op!(
    /// binary64 square root (`sqrtsd`).
    sqrt_f64, sqrt_f64_batch, sqrt_f64_batch_flags, u64 => u64, "sqrtsd"
);
unary_op!(
    /// binary32 → binary64 (`cvtss2sd`).
    f32_to_f64, f32_to_f64_batch, f32_to_f64_batch_flags, u32 => u64, "cvtss2sd"
);
unary_op!(
    /// binary64 → binary32 (`cvtsd2ss`), rounded by MXCSR.RC.
    f64_to_f32, f64_to_f32_batch, f64_to_f32_batch_flags, u64 => u32, "cvtsd2ss"
);
fma_op!(
    /// binary32 fused `a*b + c` (`vfmadd213ss`); `Err(MissingFeature("fma"))` without FMA3.
    fma_f32, fma_f32_batch, fma_f32_batch_flags, u32, "vfmadd213ss"
);
fma_op!(
    /// binary64 fused `a*b + c` (`vfmadd213sd`); `Err(MissingFeature("fma"))` without FMA3.
    fma_f64, fma_f64_batch, fma_f64_batch_flags, u64, "vfmadd213sd"
);

#[cfg(test)]
mod tests {
    //! Self-checks of the wrapper (not of gpuref): values here are IEEE facts, written in
    //! hex, that any correct x86 must produce; they catch a wrong MXCSR encoding or operand
    //! order in the wrapper.
    use super::*;

    fn m(rounding: Rounding, ftz: bool, daz: bool) -> X86Mode {
        X86Mode { rounding, ftz, daz }
    }

    #[test]
    fn control_word_encoding() {
        assert_eq!(X86Mode::IEEE.mxcsr(), 0x1f80);
        assert_eq!(m(Rounding::TowardNegative, false, false).mxcsr(), 0x3f80);
        assert_eq!(m(Rounding::TowardPositive, false, false).mxcsr(), 0x5f80);
        assert_eq!(m(Rounding::TowardZero, true, true).mxcsr(), 0xffc0);
    }

    #[test]
    fn caller_mxcsr_is_restored() {
        let before = read_mxcsr();
        let _ = div_f32(m(Rounding::TowardZero, true, true), 0x3f80_0000, 0);
        let _ = add_f64_batch(
            m(Rounding::TowardPositive, true, false),
            &[1],
            &[1],
            &mut [0],
        );
        let mut f = [Flags::NONE];
        let _ = sqrt_f32_batch_flags(
            m(Rounding::TowardNegative, false, true),
            &[1],
            &mut [0],
            &mut f,
        );
        assert_eq!(read_mxcsr(), before);
    }

    #[test]
    fn rounding_control_reaches_the_instruction() {
        // 1 + 2^-24 is a tie between 1 and 1 + 2^-23 in binary32.
        let one = 0x3f80_0000;
        let half_ulp = 0x3380_0000;
        let r = |rd| add_f32(m(rd, false, false), one, half_ulp);
        assert_eq!(r(Rounding::NearestEven), Flagged::new(one, Flags::INEXACT));
        assert_eq!(r(Rounding::TowardZero).value, one);
        assert_eq!(r(Rounding::TowardPositive).value, one + 1);
        // -1 - 2^-24 toward -inf.
        let neg = add_f32(
            m(Rounding::TowardNegative, false, false),
            one | 1 << 31,
            half_ulp | 1 << 31,
        );
        assert_eq!(neg.value, (one + 1) | 1 << 31);
    }

    #[test]
    fn operand_order_and_flags() {
        // 1 - 2 = -1; 1 / 0 = +inf with divide-by-zero; sqrt(-1) invalid.
        assert_eq!(
            sub_f32(X86Mode::IEEE, 0x3f80_0000, 0x4000_0000).value,
            0xbf80_0000
        );
        assert_eq!(
            div_f64(X86Mode::IEEE, 0x3ff0_0000_0000_0000, 0),
            Flagged::new(0x7ff0_0000_0000_0000, Flags::DIV_BY_ZERO)
        );
        assert!(sqrt_f32(X86Mode::IEEE, 0xbf80_0000)
            .flags
            .contains(Flags::INVALID));
        // Subnormal operand: DE without DAZ, none with DAZ (which reads it as +0).
        let sub = add_f32(X86Mode::IEEE, 1, 0);
        assert_eq!(sub, Flagged::new(1, Flags::INPUT_DENORMAL));
        assert_eq!(
            add_f32(m(Rounding::NearestEven, false, true), 1, 0),
            Flagged::exact(0)
        );
        // FTZ: min_normal * 0.5 is tiny: flushed to +0 with underflow|inexact.
        let ftz = mul_f32(
            m(Rounding::NearestEven, true, false),
            0x0080_0000,
            0x3f00_0000,
        );
        assert_eq!(ftz, Flagged::new(0, Flags::UNDERFLOW | Flags::INEXACT));
        // Conversions: 1.0 both ways; f64 max overflows to +inf in binary32.
        assert_eq!(
            f32_to_f64(X86Mode::IEEE, 0x3f80_0000).value,
            0x3ff0_0000_0000_0000
        );
        assert_eq!(
            f64_to_f32(X86Mode::IEEE, 0x3ff0_0000_0000_0000).value,
            0x3f80_0000
        );
        assert_eq!(
            f64_to_f32(X86Mode::IEEE, 0x7fef_ffff_ffff_ffff),
            Flagged::new(0x7f80_0000, Flags::OVERFLOW | Flags::INEXACT)
        );
    }

    #[test]
    fn fma_is_a_times_b_plus_c() {
        if !has_fma() {
            panic!("{}", X86Error::MissingFeature("fma"));
        }
        // 2 * 3 + 1 = 7 (operand roles distinguishable: 2*1+3 = 5, 3*1+2 = 5).
        let r = fma_f32(X86Mode::IEEE, 0x4000_0000, 0x4040_0000, 0x3f80_0000).unwrap();
        assert_eq!(r, Flagged::exact(0x40e0_0000));
        let r = fma_f64(
            X86Mode::IEEE,
            0x4000_0000_0000_0000,
            0x4008_0000_0000_0000,
            0x3ff0_0000_0000_0000,
        )
        .unwrap();
        assert_eq!(r, Flagged::exact(0x401c_0000_0000_0000));
        // The operand assignment documented on `fma_op`: NaN choice is the first NaN of a, b, c.
        let (na, nb, nc) = (0x7fc0_000a, 0x7f80_000b, 0x7fc0_000c);
        let one = 0x3f80_0000;
        let nan = |a, b, c| fma_f32(X86Mode::IEEE, a, b, c).unwrap().value;
        assert_eq!(nan(na, nb, nc), na);
        assert_eq!(nan(one, nb, nc), nb | 0x0040_0000);
        assert_eq!(nan(one, one, nc), nc);
    }

    #[test]
    fn batch_forms_agree_with_single_forms() {
        let a = [0x3f80_0000u32, 1, 0x7f7f_ffff, 0xff80_0001, 0];
        let b = [0x3380_0000u32, 0x8000_0003, 0x7f7f_ffff, 0x3f80_0000, 0];
        let mode = m(Rounding::TowardPositive, false, false);
        let mut out = [0u32; 5];
        let mut out2 = [0u32; 5];
        let mut flags = [Flags::NONE; 5];
        let or = add_f32_batch(mode, &a, &b, &mut out).unwrap();
        add_f32_batch_flags(mode, &a, &b, &mut out2, &mut flags).unwrap();
        let mut or_single = Flags::NONE;
        for i in 0..a.len() {
            let s = add_f32(mode, a[i], b[i]);
            assert_eq!(
                (out[i], out2[i], flags[i]),
                (s.value, s.value, s.flags),
                "index {i}"
            );
            or_single |= s.flags;
        }
        assert_eq!(or, or_single);
        assert_eq!(
            add_f32_batch(mode, &a, &b[..4], &mut out),
            Err(X86Error::LengthMismatch)
        );
    }
}
