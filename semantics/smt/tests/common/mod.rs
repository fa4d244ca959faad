//! Shared by the cross-check tests: evaluate a model in z3 (`gpuref_smt::eval`), run the
//! kernel of the same row, compare.

#![allow(dead_code)]

use gpuref_amd_gcn5::alu::mode::Mode;
use gpuref_amd_gcn5::alu::valu::{self, Accept, LaneCtx, LaneIn, LaneOut, Output};
use gpuref_amd_gcn5::alu::vpacked::MIX_F16;
use gpuref_amd_gcn5::alu::{salu, ScalarIn, ScalarOut};
use gpuref_smt::{Model, Mods};
use std::collections::BTreeMap;

mod open;
use open::{kernel_mask, open_agrees, packed_exec, PACKED_F16_OUT};

pub use gpuref_smt::eval::{is_nan, mask, Evaluator, Inputs};

// GCN5's understood disagreements (library data, shared with gpuref-conformance); each
// test binary uses some of them.
#[allow(unused_imports)]
pub use gpuref_smt::gcn5::known::{nan, KNOWN};

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Edge values of a `w`-bit operand.
pub fn edges(w: u32) -> Vec<u64> {
    let m = mask(w);
    let top = 1u64 << (w - 1);
    let mut v = vec![
        0,
        1,
        2,
        3,
        m,
        m - 1,
        top,
        top - 1,
        top + 1,
        0x7f,
        0x80,
        0xff,
        0x100,
        0x7fff,
        0x8000,
        0xffff,
        0x1_0000,
        15,
        16,
        17,
        31,
        32,
        33,
        63,
        64,
        65,
        0x80_0000,
        0xff_ffff,
        0x7f_ffff,
        0x1f_0000,
        0x20_0000,
        0x3f_0005,
        0x0a_0013,
        0x0c0d0e0f,
        0x0001_0203,
        0x0807_0605,
        0x8000_0000,
        0xffff_ffff,
        0x1_0000_0000,
    ];
    v.iter_mut().for_each(|x| *x &= m);
    v
}

/// Float edge values of a `w`-bit operand (16, 32, 64): +-0, the smallest and largest
/// denormals, the smallest and largest normals, +-1, +-inf, quiet and signalling NaNs
/// with and without payloads, and the integer boundaries of the float-to-int conversions.
pub fn float_edges(w: u32) -> Vec<u64> {
    let (e, m) = match w {
        16 => (5, 10),
        32 => (8, 23),
        _ => (11, 52),
    };
    let sign = 1u64 << (w - 1);
    let inf = ((1u64 << e) - 1) << m;
    let one = ((1u64 << (e - 1)) - 1) << m;
    let quiet = 1u64 << (m - 1);
    let mut v = vec![
        0,
        1,
        2,
        quiet - 1,
        quiet,
        (1 << m) - 1,
        1 << m,
        (1 << m) + 1,
        one,
        one + 1,
        one - 1,
        inf - 1,
        inf,
        inf | quiet,
        inf | 1,
        inf | quiet | 5,
        inf | (quiet >> 1),
        (one >> 1) + (1 << m),
    ];
    if w == 32 {
        // +-2^31, 2^32 and neighbours; 2^24 + 1 (an int that f32 rounds).
        v.extend([
            0x4f00_0000,
            0x4eff_ffff,
            0x4f80_0000,
            0x4f7f_ffff,
            0x3f00_0000,
            0x3fc0_0000,
        ]);
        v.extend([
            0x33000000, 0x33000001, 0x387fe000, 0x387fc000, 0x477fe000, 0x477ff000,
        ]);
    }
    let pos = v.clone();
    v.extend(pos.iter().map(|x| x | sign));
    v
}

/// The `i`th input set of a model: edge values and random ones, per input; float models
/// also get float edges and, for two operands, second operands near the first (exact
/// cancellation, tiny differences).
pub fn inputs(model: &Model, rng: &mut Rng) -> Inputs {
    let float = model.flags_modelled.is_some();
    let mut inp: Inputs = model
        .inputs
        .iter()
        .map(|(n, w)| {
            let mut e = edges(*w);
            if float && *w >= 16 {
                e = float_edges(*w);
                if rng.next().is_multiple_of(4) {
                    e = edges(*w);
                }
            }
            let r = rng.next();
            let v = match r % 4 {
                0 | 1 => e[(rng.next() % e.len() as u64) as usize],
                2 => rng.next(),
                _ => rng.next() >> (rng.next() % 64),
            };
            (*n, v & mask(*w))
        })
        .collect();
    if model.width("op_sel_hi").is_some() {
        // MIX: a source read as f16 gets f16 edges in its selected half (random bits in
        // the other), one read as f32 keeps its f32 value.
        let (sel, hi) = (inp["op_sel"], inp["op_sel_hi"]);
        let e = float_edges(16);
        for (i, n) in ["s0", "s1", "s2"].iter().enumerate() {
            if hi >> i & 1 == 1 && !rng.next().is_multiple_of(4) {
                let h = e[(rng.next() % e.len() as u64) as usize];
                let at = 16 * (sel >> i & 1);
                let v = (inp[n] & !(0xffff << at)) | h << at;
                inp.insert(*n, v);
            }
        }
        return inp;
    }
    let dot2_f16 = model.name.starts_with("V_DOT2") && model.name.ends_with("_F32_F16");
    if dot2_f16 || model.width("nan_half").is_some() && model.width("s0") == Some(32) {
        // Packed f16 operands (and f32 ones of CVT_PKRTZ: every other input): two halves,
        // each an f16 edge or random value.
        let packed_f16 = model.name.starts_with("V_PK_") || dot2_f16;
        for (n, w) in &model.inputs {
            // DOT2's accumulator is an f32.
            let acc = dot2_f16 && (*n == "s2" || *n == "d_in");
            if *w == 32 && !acc && (packed_f16 || rng.next().is_multiple_of(2)) {
                let e = float_edges(16);
                let mut half = || match rng.next() % 3 {
                    0 | 1 => e[(rng.next() % e.len() as u64) as usize],
                    _ => rng.next() & 0xffff,
                };
                let v = half() << 16 | half();
                inp.insert(n, v);
            }
        }
        return inp;
    }
    if float && model.width("s0") == model.width("s1") && rng.next().is_multiple_of(4) {
        let w = model.width("s0").unwrap_or(32);
        let s0 = inp["s0"];
        let flip = if rng.next().is_multiple_of(2) {
            1u64 << (w - 1)
        } else {
            0
        };
        let delta = (rng.next() % 5).wrapping_sub(2);
        inp.insert("s1", (s0 ^ flip).wrapping_add(delta) & mask(w));
    }
    inp
}

/// A float's bits (`w` bits) as a key ordered as the values are (NaNs aside).
fn order_key(x: u64, w: u32) -> i128 {
    let sign = x >> (w - 1) & 1 == 1;
    let mag = i128::from(x & (mask(w) >> 1));
    if sign {
        -mag
    } else {
        mag
    }
}

/// The float flags in TRAPSTS.EXCP bit order (invalid, input denormal, divide by zero,
/// overflow, underflow, inexact).
pub const EXCP_ORDER: [gpuref_float::Flags; 6] = [
    gpuref_float::Flags::INVALID,
    gpuref_float::Flags::INPUT_DENORMAL,
    gpuref_float::Flags::DIV_BY_ZERO,
    gpuref_float::Flags::OVERFLOW,
    gpuref_float::Flags::UNDERFLOW,
    gpuref_float::Flags::INEXACT,
];

/// Kernel flags as TRAPSTS.EXCP bits.
pub fn excp(f: gpuref_float::Flags) -> u64 {
    EXCP_ORDER
        .iter()
        .enumerate()
        .map(|(i, b)| u64::from(f.contains(*b)) << i)
        .sum()
}

/// Comparisons where the kernel marked the lane unsettled (compared within the acceptance
/// set only), counted over the whole run.
pub static UNSETTLED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// What one comparison found wrong, or `None`.
pub fn compare(ev: &Evaluator, inp: &Inputs, mode: u32, rng: &mut Rng) -> Option<String> {
    let model = &ev.model;
    let want = ev.eval(inp);
    let got = kernel(model.name, inp, mode, ev.mods, rng);
    let (ok, kernel_text, rule) = match got {
        Kernel::Scalar(input, out) => check_scalar(model, &want, &input, &out),
        Kernel::Vector(out) => {
            if out.unsettled.is_some() {
                UNSETTLED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            check_vector(model, &want, &out)
        }
        Kernel::Missing => (false, "no kernel".to_string(), ""),
    };
    if ok {
        return None;
    }
    Some(format!(
        "{} mode=0x{mode:x} inputs {:x?}: model {:x?}, kernel {kernel_text}; model rule: Vega \"{}\"{}",
        model.name,
        inp,
        want,
        model.spec,
        if rule.is_empty() { String::new() } else { format!("; kernel rule {rule}") }
    ))
}

pub enum Kernel {
    Scalar(ScalarIn, ScalarOut),
    Vector(LaneOut),
    Missing,
}

/// Run the row's kernel on the model's inputs (inputs the model does not read are random),
/// with the output modifiers `mods` as the vector executor applies them: CLAMP reaches the
/// kernel (integer saturation, compares, conversions' INEXACT) and a float destination (the
/// row's VDST type) goes through the executor's OMOD and CLAMP stage.
pub fn kernel(name: &str, inp: &Inputs, mode: u32, mods: Mods, rng: &mut Rng) -> Kernel {
    let get = |n: &str, r: u64| inp.get(n).copied().unwrap_or(r);
    if let Some(row) = salu::KERNELS.iter().find(|k| k.name == name) {
        let mut x = ScalarIn {
            s0: get("s0", rng.next()),
            s1: get("s1", rng.next()),
            d: get("d_in", rng.next()),
            simm16: get("simm16", rng.next()) as u16,
            scc: get("scc_in", rng.next()) & 1 == 1,
            exec: get("exec_in", rng.next()),
            m0: get("m0_in", rng.next()) as u32,
            pc: get("pc_in", rng.next() & !3),
        };
        // SOPK compares read the register the SDST field names (ScalarIn::d).
        if name.starts_with("S_CMPK_") {
            x.d = x.s0;
        }
        return Kernel::Scalar(x, (row.kernel)(&x));
    }
    if mods != Mods::NONE && PACKED_F16_OUT.contains(&name) {
        return packed_exec(name, inp, mode, mods, rng);
    }
    if let Some(row) = valu::kernel(name) {
        // A MIX model's OPSEL/OPSEL_HI choose each source's size and half; the kernel gets
        // the operand the VOP3P executor builds (`vpacked::MIX_F16` tags an f16).
        let mix = |i: u32, v: u64| match (inp.get("op_sel"), inp.get("op_sel_hi")) {
            (Some(sel), Some(hi)) if hi >> i & 1 == 1 => {
                MIX_F16 | (v >> (16 * (sel >> i & 1))) & 0xffff
            }
            (Some(_), Some(_)) => v & 0xffff_ffff,
            _ => v,
        };
        let x = LaneIn {
            s0: mix(0, get("s0", rng.next())),
            s1: mix(1, get("s1", rng.next())),
            s2: mix(2, get("s2", rng.next())),
            s2_hi: get("s2_hi", rng.next()),
            d: get("d_in", rng.next()),
            carry: get("vcc_in", rng.next()) & 1 == 1,
            lane: (get("lane", rng.next()) & 63) as u8,
        };
        let c = LaneCtx {
            mode: Mode(mode),
            clamp: mods.clamp,
        };
        let mut out = (row.kernel)(&x, &c);
        if let (Some(ty), Some(d)) = (float_dst(name).filter(|_| mods != Mods::NONE), out.d) {
            let m = gpuref_amd_gcn5::alu::vexec::output_modifiers(
                d,
                ty,
                mods.omod,
                mods.clamp,
                Mode(mode),
                out.unsettled,
            );
            out.d = Some(m.d);
            out.flags = out.flags.union(m.flags);
            out.unsettled = m.unsettled;
        }
        return Kernel::Vector(out);
    }
    if name.starts_with("V_ACCVGPR_") {
        return acc_move(name, get("s0", rng.next()), mode, rng);
    }
    Kernel::Missing
}

/// The row's float destination type (not packed), as the executor reads it from the shape.
fn float_dst(name: &str) -> Option<gpuref_amd_gcn5::formats::valu::Ty> {
    use gpuref_amd_gcn5::formats::valu::{shape, Role, Ty};
    let row = gpuref_amd_gcn5::instructions::rows().find(|r| r.name == name)?;
    shape(row)
        .get(Role::Vdst)
        .map(|o| o.ty)
        .filter(|t| matches!(t, Ty::F16 | Ty::F32 | Ty::F64))
}

/// MI100's AccVGPR moves are wave-level kernels (`alu::vpacked`, no lane kernel): run one on
/// a gfx908 wave with lane 0 active, the source in lane 0 of v4 / a4 and a random old
/// destination, and read lane 0 of the destination.
fn acc_move(name: &str, s0: u64, mode: u32, rng: &mut Rng) -> Kernel {
    use gpuref_amd_gcn5::{formats::parse, wave::Wave, Target};
    let read = name == "V_ACCVGPR_READ_B32";
    let asm = if read {
        "v_accvgpr_read_b32 v0, a4"
    } else {
        "v_accvgpr_write_b32 a0, v4"
    };
    let Ok(inst) = parse(Target::Gfx908, asm) else {
        return Kernel::Missing;
    };
    let mut w = Wave {
        exec: 1,
        mode,
        target: Target::Gfx908,
        ..Wave::default()
    };
    let (src, dst) = if read {
        (&mut w.acc, &mut w.vgpr)
    } else {
        (&mut w.vgpr, &mut w.acc)
    };
    src[4][0] = s0 as u32;
    dst[0][0] = rng.next() as u32;
    if gpuref_amd_gcn5::exec::execute(&mut w, &inst).is_err() {
        return Kernel::Missing;
    }
    let d = if read { w.vgpr[0][0] } else { w.acc[0][0] };
    Kernel::Vector(LaneOut::d(u64::from(d)))
}

fn check_scalar(
    model: &Model,
    want: &BTreeMap<&str, u64>,
    x: &ScalarIn,
    out: &ScalarOut,
) -> (bool, String, &'static str) {
    let fields: [(&str, Option<u64>, u64); 5] = [
        ("d", out.d, x.d),
        ("scc", out.scc.map(u64::from), u64::from(x.scc)),
        ("exec", out.exec, x.exec),
        ("m0", out.m0.map(u64::from), u64::from(x.m0)),
        ("pc", out.pc, x.pc),
    ];
    let mut ok = true;
    for (n, got, before) in fields {
        match (want.get(n), got) {
            (Some(w), Some(g)) => ok &= *w == g,
            // Left as it was: the model must say the same.
            (Some(w), None) => ok &= *w == before & mask(model.width(n).unwrap_or(64)),
            (None, Some(g)) => ok &= g == before,
            (None, None) => {}
        }
    }
    (ok, format!("{out:x?}"), "")
}

fn check_vector(
    model: &Model,
    want: &BTreeMap<&str, u64>,
    out: &LaneOut,
) -> (bool, String, &'static str) {
    let un = out.unsettled;
    let rule = un.map(|u| u.rule).unwrap_or("");
    let settled = |o: Output| match un {
        Some(u) if u.output == o => match u.accept {
            Accept::Mask(m) => Some(m),
            _ => None,
        },
        _ => Some(u64::MAX),
    };
    let dw = model.width("d").unwrap_or(64);
    let mut ok = match model.flags_modelled {
        None => out.flags == LaneOut::default().flags,
        // Flags the model leaves open (`flags_open`, note 0042) the kernel must leave open.
        Some(_) if want.get("flags_open").is_some_and(|o| *o != 0) => {
            un.is_some_and(|u| !u.flags_settled)
        }
        // Flags the kernel leaves open are not compared.
        Some(_) if un.is_some_and(|u| !u.flags_settled) => true,
        Some(m) => {
            let want_flags = want.get("flags").copied().unwrap_or(0);
            (excp(out.flags) ^ want_flags) & u64::from(m) == 0
        }
    };
    if let Some(open) = want.get("d_open") {
        // The model's open bits (note 0042): the kernel settles exactly the others, with
        // the model's bits there; a NaN half (`nan_half`) is compared as a NaN.
        let nh = want.get("nan_half").copied().unwrap_or(0);
        ok &= open_agrees(want["d"], *open, nh, out.d, kernel_mask(un, false), dw);
        if let Some(hi) = want.get("d_hi") {
            let open_hi = want.get("d_hi_open").copied().unwrap_or(0);
            ok &= open_agrees(*hi, open_hi, 0, Some(out.d_hi), kernel_mask(un, true), 64);
        }
        return (ok, format!("{out:x?}"), rule);
    }
    let nan_any = want.get("nan_any").is_some_and(|v| *v == 1);
    let zero_any = want.get("zero_any").is_some_and(|v| *v == 1);
    if let Some(nh) = want.get("nan_half") {
        // A packed float model: per 16-bit half, exact bits or (bit set) some NaN.
        ok &= halves(*nh, want.get("d").copied().unwrap_or(0), out);
        return (ok, format!("{out:x?}"), rule);
    }
    if let (Some(lo), Some(hi), Some(h)) = (want.get("lo"), want.get("hi"), mix_half(model)) {
        // MIXLO/MIXHI: the kept half exactly, the written one within the model's range.
        ok &= within_half(*lo, *hi, h, want, out);
        return (ok, format!("{out:x?}"), rule);
    }
    if let (Some(lo), Some(hi)) = (want.get("lo"), want.get("hi")) {
        // An approximate model: its acceptance [lo, hi] must hold the kernel's value and
        // the kernel's own acceptance set.
        ok &= within(*lo, *hi, want, out, dw);
        return (ok, format!("{out:x?}"), rule);
    }
    match (want.get("d"), out.d) {
        // The manual settles only that d is a NaN.
        (Some(_), Some(g)) if nan_any => ok &= is_nan(g, dw) && g & !mask(dw) == 0,
        // The manual settles only that d is a zero (clamp of -0, note 0042).
        (Some(_), Some(g)) if zero_any => ok &= g & !(1 << (dw - 1)) == 0,
        (Some(w), Some(g)) => match un.filter(|u| u.output == Output::D).map(|u| u.accept) {
            Some(Accept::AnyNan) => ok &= is_nan(*w, dw),
            Some(Accept::Range { lo, hi }) => {
                let k = order_key(*w, dw);
                ok &= !is_nan(*w, dw) && order_key(lo, dw) <= k && k <= order_key(hi, dw)
            }
            _ => match settled(Output::D) {
                Some(m) => ok &= (w ^ g) & m == 0 && g & !mask(dw) & m == 0,
                None => ok = false,
            },
        },
        (None, None) => {}
        _ => ok = false,
    }
    // A 128-bit destination's bits 127:64 (the kernel's `d_hi`); the CLAMP = 0 models
    // leave none of them open.
    if let Some(w) = want.get("d_hi") {
        ok &= *w == out.d_hi && !matches!(un.map(|u| u.accept), Some(Accept::Mask128(_)));
    }
    let lane_bit = want.get("vcc").or(want.get("exec"));
    match (lane_bit, out.carry) {
        (Some(w), Some(g)) => match settled(Output::Carry) {
            Some(m) => ok &= m & 1 == 0 || *w == u64::from(g),
            None => ok = false,
        },
        (None, None) => {}
        _ => ok = false,
    }
    (ok, format!("{out:x?}"), rule)
}

/// Whether a kernel lane's `d` and its acceptance set lie inside an approximate model's
/// acceptance: `open` (nothing settled), `nan_any` (some NaN), exact bits (`lo == hi`,
/// a NaN or a value) or the numeric range `[lo, hi]`.
fn within(lo: u64, hi: u64, want: &BTreeMap<&str, u64>, out: &LaneOut, dw: u32) -> bool {
    if want.get("open").is_some_and(|v| *v == 1) {
        return true;
    }
    let Some(g) = out.d else { return false };
    let accept = out
        .unsettled
        .filter(|u| u.output == Output::D)
        .map(|u| u.accept);
    if want.get("nan_any").is_some_and(|v| *v == 1) {
        // A kernel that settles every bit (a mask of all of them leaves only the flags
        // open) settles one NaN, as `None` does.
        return is_nan(g, dw)
            && match accept {
                None | Some(Accept::AnyNan) => true,
                Some(Accept::Mask(m)) => m & mask(dw) == mask(dw),
                _ => false,
            };
    }
    if lo == hi {
        return match accept {
            None => g == lo,
            // A contested reading the kernel declares: the model's bits must be in its set.
            Some(Accept::Mask(m)) => (g ^ lo) & m == 0,
            Some(Accept::Range { lo: a, hi: b }) => g == lo && a == lo && b == lo,
            // A NaN the executor's stage left as any NaN (note 0042): the model's NaN is in.
            Some(Accept::AnyNan) => is_nan(lo, dw) && is_nan(g, dw),
            Some(Accept::Mask128(_)) => false,
        };
    }
    let inside = |x: u64| {
        !is_nan(x, dw)
            && order_key(lo, dw) <= order_key(x, dw)
            && order_key(x, dw) <= order_key(hi, dw)
    };
    inside(g)
        && match accept {
            None => true,
            Some(Accept::Range { lo: a, hi: b }) => inside(a) && inside(b),
            // Every value the mask admits: all bits, or only the sign free (either zero
            // of a clamped -0, note 0042).
            // A range of just the two zeros (a clamped -0) is compared as an exact model
            // value is: the kernel's own value must be in it.
            // Otherwise the kernel's set (the bits its readings share) is no interval:
            // each side must accept the other's answers, the model's bounds in the
            // kernel's set (TRIG_PREOP, note 0027 "Fifth round").
            Some(Accept::Mask(m)) => {
                let sign = 1u64 << (dw - 1);
                m == mask(dw)
                    || (m | sign == mask(dw) && inside(g & !sign) && inside(g | sign))
                    || (lo == sign && hi == 0)
                    || ((lo ^ g) & m == 0 && (hi ^ g) & m == 0)
            }
            Some(Accept::AnyNan | Accept::Mask128(_)) => false,
        }
}

/// The half a MIXLO (0) or MIXHI (1) model writes.
fn mix_half(model: &Model) -> Option<u32> {
    let n = model.name;
    (n.contains("_MIXLO_") || n.contains("_MIXHI_")).then(|| u32::from(n.contains("_MIXHI_")))
}

/// A MIXLO/MIXHI lane against the model: the kept half equal to the model's `d`; the
/// written half within the model's f16 range `[lo, hi]` (or a NaN under `nan_any`, or
/// anything under `open`), and the model's bounds inside the kernel's `Accept::Mask`.
fn within_half(lo: u64, hi: u64, h: u32, want: &BTreeMap<&str, u64>, out: &LaneOut) -> bool {
    let Some(g) = out.d else { return false };
    let d = want.get("d").copied().unwrap_or(0);
    let (sh, keep) = (16 * h, 16 * (1 - h));
    let half = |x: u64| x >> sh & 0xffff;
    let Some(m) = d_mask(out) else { return false };
    if g >> 32 != 0 || (g ^ d) >> keep & 0xffff & m >> keep != 0 {
        return false;
    }
    if want.get("open").is_some_and(|v| *v == 1) {
        return true;
    }
    let (gh, mh) = (half(g), half(m));
    if want.get("nan_any").is_some_and(|v| *v == 1) {
        return is_nan(gh, 16) || mh == 0;
    }
    let (l, u) = (half(lo), half(hi));
    let inside = |x: u64| {
        !is_nan(x, 16)
            && order_key(l, 16) <= order_key(x, 16)
            && order_key(x, 16) <= order_key(u, 16)
    };
    if l == u {
        return (gh ^ l) & mh == 0;
    }
    inside(gh) && (l ^ gh) & mh == 0 && (u ^ gh) & mh == 0
}

/// The bits of a lane's `d` the kernel settles: all without an acceptance set, the mask of
/// an `Accept::Mask` (`None`: another kind of set, which a packed result does not have).
fn d_mask(out: &LaneOut) -> Option<u64> {
    match out
        .unsettled
        .filter(|u| u.output == Output::D)
        .map(|u| u.accept)
    {
        None => Some(u64::MAX),
        Some(Accept::Mask(m)) => Some(m),
        Some(_) => None,
    }
}

/// Whether a packed lane's halves match a packed model's `d`, half `h` compared as
/// NaN-ness where bit `h` of `nan_half` is set, within the kernel's `Accept::Mask` if any.
fn halves(nan_half: u64, w: u64, out: &LaneOut) -> bool {
    let Some(g) = out.d else { return false };
    let Some(m) = d_mask(out) else { return false };
    g >> 32 == 0
        && (0..2).all(|h| {
            let (wh, gh, mh) = (
                w >> (16 * h) & 0xffff,
                g >> (16 * h) & 0xffff,
                m >> (16 * h) & 0xffff,
            );
            if nan_half >> h & 1 == 1 {
                is_nan(gh, 16) || mh != 0xffff
            } else {
                (wh ^ gh) & mh == 0
            }
        })
}
