//! The built-in reference for GCN5/CDNA1 state-transition vectors (`.jsonl`, kind `state`;
//! docs/vector-format.md "GCN5 state-transition vectors"): a case's initial state is set on
//! a wave whose state is 0 elsewhere, the instruction (its asm parsed on the file's target,
//! which must encode to its words) runs once, and the wave's changes must be exactly the
//! case's final state: every value the final state names within its acceptance set, and
//! nothing else changed. Register names are `gpuref eval`'s (one dword or one 64-bit
//! register each), plus the names below that only a state has.

use super::alu::get;
use crate::isa::gcn5::eval::{parse_reg, set, Reg};
use crate::state::{parse_bytes, parse_value, Case, StateFile, Value};
use crate::vector::{Alt, FloatType, Spec};
use gpuref_amd_gcn5::alu::valu::{Accept, Output, Unsettled};
use gpuref_amd_gcn5::exec::execute;
use gpuref_amd_gcn5::formats::{Fields, Instruction};
use gpuref_amd_gcn5::operand::ScalarReg;
use gpuref_amd_gcn5::wave::Wave;
use gpuref_amd_gcn5::Target;
use std::collections::BTreeMap;

/// Named values a state has besides `gpuref eval`'s registers: the aperture sources
/// (SRC_SHARED_BASE ... SRC_PRIVATE_LIMIT, which the driver sets), the two clocks S_MEMTIME
/// and S_MEMREALTIME read, and (final states) `mode` and `ended`.
const EXTRA: [&str; 8] = [
    "shared_base",
    "shared_limit",
    "private_base",
    "private_limit",
    "memtime",
    "memrealtime",
    "mode",
    "ended",
];

/// What a state name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
    /// A register of one value (eval's names), or one of [`EXTRA`].
    Reg(Reg),
    Extra(&'static str),
    /// The lanes of a VGPR (`false`) or AccVGPR (`true`).
    Lanes(bool, u8),
    Bytes(Space),
    Events,
}

/// A byte-addressed store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Space {
    Mem,
    Lds,
    Gds,
}

/// One comparable unit of state.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cell {
    Named(String),
    Lane(bool, u8, u8),
    Byte(Space, u64),
}

fn name_of(s: &str) -> Result<Name, String> {
    if let Some(e) = EXTRA.iter().find(|e| **e == s) {
        return Ok(Name::Extra(e));
    }
    match s {
        "mem" => return Ok(Name::Bytes(Space::Mem)),
        "lds" => return Ok(Name::Bytes(Space::Lds)),
        "gds" => return Ok(Name::Bytes(Space::Gds)),
        "events" => return Ok(Name::Events),
        _ => {}
    }
    match parse_reg(s)? {
        Reg::Vgpr(n, None) => Ok(Name::Lanes(false, n)),
        Reg::Acc(n, None) => Ok(Name::Lanes(true, n)),
        Reg::Scalar(_, 2) | Reg::VgprPair(..) | Reg::Mem(..) | Reg::Lds(..) => Err(format!(
            "`{s}`: a state names single registers (`s4`, `v1`) and `mem`/`lds`/`gds` objects"
        )),
        Reg::Vgpr(..) | Reg::Acc(..) => {
            Err(format!("`{s}`: lanes go in the value (`{{\"3\": ...}}`)"))
        }
        r => Ok(Name::Reg(r)),
    }
}

fn read_extra(w: &Wave, e: &str) -> u64 {
    match e {
        "shared_base" => u64::from(w.apertures[0]),
        "shared_limit" => u64::from(w.apertures[1]),
        "private_base" => u64::from(w.apertures[2]),
        "private_limit" => u64::from(w.apertures[3]),
        "memtime" => w.memtime,
        "memrealtime" => w.memrealtime,
        "mode" => u64::from(w.mode),
        _ => u64::from(w.ended),
    }
}

fn write_extra(w: &mut Wave, e: &str, v: u64) {
    match e {
        "shared_base" => w.apertures[0] = v as u32,
        "shared_limit" => w.apertures[1] = v as u32,
        "private_base" => w.apertures[2] = v as u32,
        "private_limit" => w.apertures[3] = v as u32,
        "memtime" => w.memtime = v,
        "memrealtime" => w.memrealtime = v,
        "mode" => w.mode = v as u32,
        _ => w.ended = v != 0,
    }
}

fn width(n: Name) -> u32 {
    match n {
        Name::Reg(r) => crate::isa::gcn5::eval::bits(r),
        Name::Extra("memtime" | "memrealtime") => 64,
        Name::Extra("ended") => 1,
        _ => 32,
    }
}

/// The value of a cell in a wave.
pub fn read(w: &Wave, c: &Cell) -> u64 {
    match c {
        Cell::Named(s) => match name_of(s) {
            Ok(Name::Reg(r)) => get(w, r),
            Ok(Name::Extra(e)) => read_extra(w, e),
            _ => 0,
        },
        Cell::Lane(acc, n, l) => {
            let file = if *acc { &w.acc } else { &w.vgpr };
            u64::from(file[usize::from(*n)][usize::from(*l)])
        }
        Cell::Byte(Space::Mem, a) => u64::from(w.mem.read_u8(*a)),
        Cell::Byte(Space::Lds, a) => u64::from(w.lds[*a as usize]),
        Cell::Byte(Space::Gds, a) => u64::from(w.gds[*a as usize]),
    }
}

/// The cells of one state value with what each must be (initial states: exact values).
fn cells(name: &str, v: &Value, is_final: bool) -> Result<Vec<(Cell, Spec)>, String> {
    let n = name_of(name)?;
    let fits = |s: &Spec| -> Result<(), String> {
        let w = width(n);
        match s.0.as_slice() {
            [Alt::Exact(x)] if w < 64 && x >> w != 0 => {
                Err(format!("`{name}` = {x:#x} does not fit in {w} bits"))
            }
            _ => Ok(()),
        }
    };
    let mut out = Vec::new();
    match (n, v) {
        (Name::Reg(_) | Name::Extra(_), Value::Scalar(s)) => {
            let spec = parse_value(s, is_final).map_err(|e| format!("`{name}`: {e}"))?;
            fits(&spec)?;
            out.push((Cell::Named(name.to_ascii_lowercase()), spec));
        }
        (Name::Lanes(acc, r), Value::Scalar(s)) => {
            let spec = parse_value(s, is_final).map_err(|e| format!("`{name}`: {e}"))?;
            fits(&spec)?;
            out.extend((0..64).map(|l| (Cell::Lane(acc, r, l), spec.clone())));
        }
        (Name::Lanes(acc, r), Value::Lanes(lanes)) => {
            if lanes.len() > 64 {
                return Err(format!(
                    "`{name}`: {} lanes given, a wave has 64",
                    lanes.len()
                ));
            }
            for (l, s) in lanes.iter().enumerate() {
                let spec = parse_value(s, is_final).map_err(|e| format!("`{name}[{l}]`: {e}"))?;
                fits(&spec)?;
                out.push((Cell::Lane(acc, r, l as u8), spec));
            }
        }
        (Name::Lanes(acc, r), Value::Map(m)) => {
            for (l, s) in m {
                let lane = l
                    .parse::<u8>()
                    .ok()
                    .filter(|l| *l < 64)
                    .ok_or_else(|| format!("`{name}`: bad lane `{l}`"))?;
                let spec = parse_value(s, is_final).map_err(|e| format!("`{name}[{l}]`: {e}"))?;
                fits(&spec)?;
                out.push((Cell::Lane(acc, r, lane), spec));
            }
        }
        (Name::Bytes(space), Value::Map(m)) => {
            let size = match space {
                Space::Mem => None,
                _ => Some(gpuref_amd_gcn5::wave::LDS_BYTES as u64),
            };
            for (a, bytes) in m {
                let addr = crate::vector::parse_hex(a)
                    .ok_or_else(|| format!("`{name}`: bad address `{a}`"))?;
                let bytes =
                    parse_bytes(bytes, is_final).map_err(|e| format!("`{name}` at {a}: {e}"))?;
                for (i, b) in bytes.iter().enumerate() {
                    let at = addr.wrapping_add(i as u64);
                    if size.is_some_and(|s| at >= s) {
                        return Err(format!(
                            "`{name}` at {a}: byte {at:#x} is past the 64 KiB {name}"
                        ));
                    }
                    let spec = match b {
                        Some(x) => Spec::exact(u64::from(*x)),
                        None => Spec(vec![Alt::Masked { value: 0, mask: 0 }]),
                    };
                    out.push((Cell::Byte(space, at), spec));
                }
            }
        }
        (Name::Events, Value::Lanes(_)) if is_final => {}
        _ => {
            return Err(format!(
                "`{name}`: a value of the wrong shape for this name"
            ))
        }
    }
    Ok(out)
}

/// The wave a case starts from: MODE from the case's `mode` (default the ALU vectors'
/// 0x3f0), the target, and every value of the initial state.
pub fn initial_wave(target: Target, case: &Case) -> Result<Wave, String> {
    let mut w = Wave {
        target,
        mode: 0x3f0,
        ..Wave::default()
    };
    for (k, v) in &case.mode {
        match k.as_str() {
            "mode" => {
                w.mode = crate::vector::parse_hex(v)
                    .filter(|m| *m <= u64::from(u32::MAX))
                    .ok_or_else(|| format!("mode `{v}`: a 32-bit 0xHEX value"))?
                    as u32
            }
            _ => return Err(format!("unknown mode key `{k}` (gcn5 state: `mode`)")),
        }
    }
    for (name, v) in &case.initial {
        if matches!(name.as_str(), "mode" | "ended" | "events") {
            return Err(format!(
                "initial: `{name}` is not an initial value (MODE goes in `mode`)"
            ));
        }
        for (cell, spec) in cells(name, v, false).map_err(|e| format!("initial: {e}"))? {
            let [Alt::Exact(x)] = spec.0.as_slice() else {
                continue;
            };
            write(&mut w, &cell, *x)?;
        }
    }
    Ok(w)
}

/// Set a cell of a wave.
fn write(w: &mut Wave, cell: &Cell, x: u64) -> Result<(), String> {
    match cell {
        Cell::Named(s) => match name_of(s)? {
            Name::Reg(r) => set(w, r, x),
            Name::Extra(e) => write_extra(w, e, x),
            _ => {}
        },
        Cell::Lane(false, n, l) => w.vgpr[usize::from(*n)][usize::from(*l)] = x as u32,
        Cell::Lane(true, n, l) => w.acc[usize::from(*n)][usize::from(*l)] = x as u32,
        Cell::Byte(Space::Mem, a) => w.mem.write_u8(*a, x as u8),
        Cell::Byte(Space::Lds, a) => w.lds[*a as usize] = x as u8,
        Cell::Byte(Space::Gds, a) => w.gds[*a as usize] = x as u8,
    }
    Ok(())
}

/// The instruction of a case: its asm parsed on `target`, encoding to its words.
pub fn instruction(target: Target, case: &Case) -> Result<Instruction, String> {
    let words: Result<Vec<u32>, String> = case
        .words
        .iter()
        .map(|w| u32::from_str_radix(w, 16).map_err(|_| format!("bad word `{w}`")))
        .collect();
    super::alu::instruction_of(target, &case.asm, &words?)
}

/// The cells that differ between two waves with their new values, in a fixed order; the PC
/// only when it is not the next instruction's (`len` bytes on).
pub fn changes(a: &Wave, b: &Wave, len: u64) -> Vec<(Cell, u64)> {
    let mut out = Vec::new();
    let mut named = |name: String, x: u64, y: u64| {
        if x != y {
            out.push((Cell::Named(name), y));
        }
    };
    for (i, (x, y)) in a.sgpr.iter().zip(&b.sgpr).enumerate() {
        named(format!("s{i}"), u64::from(*x), u64::from(*y));
    }
    for (i, (x, y)) in a.ttmp.iter().zip(&b.ttmp).enumerate() {
        named(format!("ttmp{i}"), u64::from(*x), u64::from(*y));
    }
    for (n, x, y) in [
        ("vcc", a.vcc, b.vcc),
        ("exec", a.exec, b.exec),
        ("m0", u64::from(a.m0), u64::from(b.m0)),
        ("scc", u64::from(a.scc), u64::from(b.scc)),
        ("mode", u64::from(a.mode), u64::from(b.mode)),
        ("trapsts", u64::from(a.trapsts), u64::from(b.trapsts)),
        ("status", u64::from(a.status), u64::from(b.status)),
        ("tba", a.tba, b.tba),
        ("tma", a.tma, b.tma),
        ("flat_scratch", a.flat_scratch, b.flat_scratch),
        ("xnack_mask", a.xnack_mask, b.xnack_mask),
        ("ended", u64::from(a.ended), u64::from(b.ended)),
    ] {
        named(n.into(), x, y);
    }
    if b.pc != a.pc.wrapping_add(len) {
        out.push((Cell::Named("pc".into()), b.pc));
    }
    for (acc, fa, fb) in [(false, &a.vgpr, &b.vgpr), (true, &a.acc, &b.acc)] {
        for (r, (x, y)) in fa.iter().zip(fb).enumerate() {
            if x == y {
                continue;
            }
            for (l, (p, q)) in x.iter().zip(y).enumerate() {
                if p != q {
                    out.push((Cell::Lane(acc, r as u8, l as u8), u64::from(*q)));
                }
            }
        }
    }
    for (space, x, y) in [(Space::Lds, &a.lds, &b.lds), (Space::Gds, &a.gds, &b.gds)] {
        for (chunk, (p, q)) in x.chunks(256).zip(y.chunks(256)).enumerate() {
            if p == q {
                continue;
            }
            for (i, (s, t)) in p.iter().zip(q).enumerate() {
                if s != t {
                    out.push((Cell::Byte(space, (chunk * 256 + i) as u64), u64::from(*t)));
                }
            }
        }
    }
    for (addr, v) in b.mem.bytes() {
        if a.mem.read_u8(addr) != v {
            out.push((Cell::Byte(Space::Mem, addr), u64::from(v)));
        }
    }
    out
}

/// The spec of an unsettled value `v` of `bits` bits.
fn unsettled_spec(accept: Accept, v: u64, bits: u32) -> Spec {
    let ty = if bits == 64 {
        FloatType::F64
    } else {
        FloatType::F32
    };
    Spec(vec![match accept {
        Accept::Mask(m) => Alt::Masked {
            value: v & m,
            mask: m,
        },
        // The executor reports 128-bit masks per dword (Accept::Mask); never seen here.
        Accept::Mask128(m) => Alt::Masked {
            value: v & m as u64,
            mask: m as u64,
        },
        Accept::AnyNan => Alt::AnyNan(ty),
        Accept::Range { lo, hi } => Alt::Range { lo, hi, ty },
    }])
}

/// Any value: `0x0/0x0`, as the ALU vectors write it.
fn any() -> Spec {
    Spec(vec![Alt::Masked { value: 0, mask: 0 }])
}

/// Every cell the instruction left unsettled, with its acceptance set and the rule; an error
/// names program state the vectors cannot express.
pub fn unsettled(
    inst: &Instruction,
    after: &Wave,
    changed: &[(Cell, u64)],
) -> Result<Vec<(Cell, Spec, &'static str)>, String> {
    let mut out = Vec::new();
    for u in &after.unsettled {
        if u.why.output != Output::D {
            continue;
        }
        let lane = |r: u8| Cell::Lane(false, r, u.lane);
        if u.dwords == 2 {
            // A 64-bit acceptance set over two VGPRs: a mask splits; NaN and ranges do not,
            // so each half then accepts any value.
            let (lo, hi) = match u.why.accept {
                Accept::Mask(m) => (m & 0xffff_ffff, m >> 32),
                _ => (0, 0),
            };
            for (r, m) in [(u.vdst, lo), (u.vdst.wrapping_add(1), hi)] {
                let v = read(after, &lane(r));
                out.push((lane(r), unsettled_spec(Accept::Mask(m), v, 32), u.why.rule));
            }
        } else {
            for d in 0..u.dwords.max(1) {
                let c = lane(u.vdst.wrapping_add(d));
                let v = read(after, &c);
                out.push((c, unsettled_spec(u.why.accept, v, 32), u.why.rule));
            }
        }
    }
    // MFMA results (note 0036): one dword per AccVGPR lane.
    for u in &after.unsettled_acc {
        let c = Cell::Lane(true, u.vdst, u.lane);
        let v = read(after, &c);
        out.push((c, unsettled_spec(u.why.accept, v, 32), u.why.rule));
    }
    for u in &after.unsettled_sgpr {
        let Some(reg) = gpuref_amd_gcn5::operand::ScalarSrc::from_code(u.code)
            .ok()
            .and_then(|s| match s {
                gpuref_amd_gcn5::operand::ScalarSrc::Reg(r) => Some(r),
                _ => None,
            })
        else {
            return Err(format!(
                "unsettled scalar code {} is not a register",
                u.code
            ));
        };
        let (c, shift) = scalar_cell(reg);
        let v = read(after, &c);
        let Unsettled { accept, rule, .. } = u.why;
        let wide = matches!(&c, Cell::Named(n) if ["vcc", "exec", "flat_scratch", "xnack_mask"].contains(&n.as_str()));
        let accept = match (accept, wide) {
            (Accept::Mask(m), false) => Accept::Mask(m & 0xffff_ffff),
            (a, false) => a,
            // One dword of a 64-bit register: the other dword is settled.
            (a, true) => {
                let m = match a {
                    Accept::Mask(m) => m & 0xffff_ffff,
                    _ => 0,
                };
                Accept::Mask(!(0xffff_ffffu64 << shift) | m << shift)
            }
        };
        out.push((
            c,
            unsettled_spec(accept, v, if wide { 64 } else { 32 }),
            rule,
        ));
    }
    for u in &after.unsettled_mem {
        let space = if u.lds { Space::Lds } else { Space::Mem };
        for i in 0..u64::from(u.bytes) {
            let a = u.addr.wrapping_add(i);
            if space == Space::Lds && a >= gpuref_amd_gcn5::wave::LDS_BYTES as u64 {
                continue;
            }
            out.push((Cell::Byte(space, a), any(), u.rule));
        }
    }
    for (what, rule) in &after.program_unsettled {
        let named = |n: &str| Cell::Named(n.into());
        let mut push = |c: Cell, spec: Spec| out.push((c, spec, *rule));
        match *what {
            "pc" | "exec" | "mode" | "trapsts" => {
                push(named(what), any());
            }
            "trapsts.excp" => {
                // V_CLREXCP: EXCP (bits 8:0) either reading, the rest settled.
                let keep = !gpuref_amd_gcn5::alu::vexec::TRAPSTS_EXCP;
                let v = u64::from(after.trapsts & keep);
                push(
                    named("trapsts"),
                    Spec(vec![Alt::Masked {
                        value: v,
                        mask: u64::from(keep),
                    }]),
                );
            }
            "mode.csp" => {
                let v = u64::from(after.mode);
                push(
                    named("mode"),
                    Spec(vec![Alt::Masked {
                        value: v & 0x1fff_ffff,
                        mask: 0x1fff_ffff,
                    }]),
                );
            }
            "sdst" => match inst.fields {
                Fields::Sopk(k) => {
                    let reg = k.sdst.ok_or("S_GETREG without a destination")?;
                    push(scalar_cell(reg).0, any());
                }
                _ => return Err(format!("unsettled `sdst` of `{}`", inst.row.name)),
            },
            w if w.starts_with("fork stack") => {
                if inst.row.name == "S_CBRANCH_JOIN" {
                    for n in ["pc", "exec"] {
                        push(named(n), any());
                    }
                } else {
                    let sgpr = |c: &Cell| matches!(c, Cell::Named(n) if n.starts_with('s') && n[1..].bytes().all(|b| b.is_ascii_digit()));
                    for (c, _) in changed.iter().filter(|(c, _)| sgpr(c)) {
                        push(c.clone(), any());
                    }
                }
            }
            other => return Err(format!("unsettled program state `{other}` has no cell")),
        }
    }
    Ok(out)
}

/// The cell of a one-dword scalar register, and where its dword sits in the cell (bits).
fn scalar_cell(r: ScalarReg) -> (Cell, u32) {
    let c = |n: &str| Cell::Named(n.into());
    match r {
        ScalarReg::Sgpr(s) => (Cell::Named(format!("s{}", s.0)), 0),
        ScalarReg::Ttmp(t) => (Cell::Named(format!("ttmp{}", t.0)), 0),
        ScalarReg::M0 => (c("m0"), 0),
        ScalarReg::VccLo => (c("vcc"), 0),
        ScalarReg::VccHi => (c("vcc"), 32),
        ScalarReg::ExecLo => (c("exec"), 0),
        ScalarReg::ExecHi => (c("exec"), 32),
        ScalarReg::FlatScratchLo => (c("flat_scratch"), 0),
        ScalarReg::FlatScratchHi => (c("flat_scratch"), 32),
        ScalarReg::XnackMaskLo => (c("xnack_mask"), 0),
        ScalarReg::XnackMaskHi => (c("xnack_mask"), 32),
    }
}

/// What one run of an instruction did: the changes and the unsettled cells.
pub struct Outcome {
    pub before: Wave,
    pub after: Wave,
    pub changed: Vec<(Cell, u64)>,
    pub unsettled: Vec<(Cell, Spec, &'static str)>,
}

/// Run `inst` on `w`.
pub fn run(inst: &Instruction, w: Wave) -> Result<Outcome, String> {
    let before = w;
    let mut after = before.clone();
    // The lists of unsettled values speak of the last instruction only.
    after.unsettled.clear();
    after.unsettled_acc.clear();
    after.unsettled_sgpr.clear();
    after.unsettled_mem.clear();
    after.program_unsettled.clear();
    execute(&mut after, inst).map_err(|e| e.to_string())?;
    let changed = changes(&before, &after, 4 * inst.dwords() as u64);
    let unsettled = unsettled(inst, &after, &changed)?;
    Ok(Outcome {
        before,
        after,
        changed,
        unsettled,
    })
}

/// The events an instruction recorded, as text.
pub fn events(o: &Outcome) -> Vec<String> {
    o.after
        .events
        .iter()
        .skip(o.before.events.len())
        .map(|e| {
            let mut s = format!("{} simm16={:#x}", e.name.to_ascii_lowercase(), e.simm16);
            s += &e.m0.map_or(String::new(), |m| format!(" m0={m:#x}"));
            s += &e.exec.map_or(String::new(), |x| format!(" exec={x:#x}"));
            s
        })
        .collect()
}

/// The final state of an outcome as the vectors write it: every changed cell exactly, every
/// unsettled cell as its acceptance set; VGPR lanes grouped per register (one string when
/// all 64 lanes hold one settled value), bytes grouped in runs of consecutive addresses.
pub fn final_state(o: &Outcome) -> BTreeMap<String, Value> {
    state_of(o, true)
}

/// What an outcome changed, exact values only: the answer an implementation gives to an
/// adapter protocol-2 state request (`gpuref adapter` answers with it).
pub fn changed_state(o: &Outcome) -> BTreeMap<String, Value> {
    state_of(o, false)
}

/// The changed cells, and with `unsettled` the unsettled ones as acceptance sets.
fn state_of(o: &Outcome, unsettled: bool) -> BTreeMap<String, Value> {
    let mut specs: BTreeMap<Cell, Spec> = o
        .changed
        .iter()
        .map(|(c, v)| (c.clone(), Spec::exact(*v)))
        .collect();
    if unsettled {
        for (c, s, _) in &o.unsettled {
            specs.insert(c.clone(), s.clone());
        }
    }
    let mut out: BTreeMap<String, Value> = BTreeMap::new();
    let mut lanes: BTreeMap<(bool, u8), BTreeMap<u8, String>> = BTreeMap::new();
    let mut bytes: BTreeMap<Space, Vec<(u64, Option<u8>)>> = BTreeMap::new();
    for (c, s) in &specs {
        match c {
            Cell::Named(n) => {
                out.insert(n.clone(), Value::Scalar(s.to_string()));
            }
            Cell::Lane(acc, r, l) => {
                lanes
                    .entry((*acc, *r))
                    .or_default()
                    .insert(*l, s.to_string());
            }
            Cell::Byte(space, a) => {
                let b = match s.0.as_slice() {
                    [Alt::Exact(v)] => Some(*v as u8),
                    _ => None,
                };
                bytes.entry(*space).or_default().push((*a, b));
            }
        }
    }
    for ((acc, r), m) in lanes {
        let name = format!("{}{r}", if acc { 'a' } else { 'v' });
        let first = m.values().next().cloned().unwrap_or_default();
        let v = if m.len() == 64 && m.values().all(|s| *s == first) {
            Value::Scalar(first)
        } else {
            Value::Map(m.into_iter().map(|(l, s)| (l.to_string(), s)).collect())
        };
        out.insert(name, v);
    }
    for (space, list) in bytes {
        out.insert(space_name(space).into(), Value::Map(byte_runs(&list)));
    }
    let ev = events(o);
    if !ev.is_empty() {
        out.insert("events".into(), Value::Lanes(ev));
    }
    out
}

fn space_name(s: Space) -> &'static str {
    match s {
        Space::Mem => "mem",
        Space::Lds => "lds",
        Space::Gds => "gds",
    }
}

/// Bytes in address order as runs of consecutive addresses (`??` for an unsettled byte).
pub fn byte_runs(list: &[(u64, Option<u8>)]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut i = 0;
    while i < list.len() {
        let start = list[i].0;
        let mut s = String::new();
        let mut n = 0;
        while i + n < list.len() && list[i + n].0 == start.wrapping_add(n as u64) && n < 64 {
            s += &list[i + n].1.map_or("??".into(), |b| format!("{b:02x}"));
            n += 1;
        }
        out.insert(format!("{start:#x}"), s);
        i += n;
    }
    out
}

/// Compare an outcome with a case's final state: `None` when it passes, else what differs.
pub fn compare(case: &Case, o: &Outcome) -> Result<Option<String>, String> {
    compare_parts(case, &o.after, &o.changed, &events(o))
}

/// [`compare`] for a wave after the instruction, the cells it changed and its events.
fn compare_parts(
    case: &Case,
    after: &Wave,
    changed: &[(Cell, u64)],
    got_events: &[String],
) -> Result<Option<String>, String> {
    let mut want: BTreeMap<Cell, Spec> = BTreeMap::new();
    for (name, v) in &case.final_state {
        for (c, s) in cells(name, v, true).map_err(|e| format!("final: {e}"))? {
            want.insert(c, s);
        }
    }
    let mut problems = Vec::new();
    for (c, s) in &want {
        let got = read(after, c);
        if !s.accepts(got) {
            problems.push(format!("{} = {got:#x}, expected {s}", cell_text(c)));
        }
    }
    for (c, v) in changed {
        if !want.contains_key(c) {
            problems.push(format!(
                "{} changed to {v:#x}, which the final state does not list",
                cell_text(c)
            ));
        }
    }
    let want_events = match case.final_state.get("events") {
        Some(Value::Lanes(e)) => e.clone(),
        _ => Vec::new(),
    };
    if want_events != got_events {
        problems.push(format!("events {got_events:?}, expected {want_events:?}"));
    }
    Ok(if problems.is_empty() {
        None
    } else {
        Some(problems.join("; "))
    })
}

fn cell_text(c: &Cell) -> String {
    match c {
        Cell::Named(n) => n.clone(),
        Cell::Lane(acc, r, l) => format!("{}{r}[{l}]", if *acc { 'a' } else { 'v' }),
        Cell::Byte(s, a) => format!("{}[{a:#x}]", space_name(*s)),
    }
}

/// Compare an implementation's answer to a state request (adapter protocol 2: the final
/// state as what changed, exact values only) with the case's final state, the same way
/// [`compare`] checks the reference: the answer is applied to the case's initial wave (the
/// PC moves to the next instruction unless the answer names `pc`), and the changes must be
/// the final state's, within its acceptance sets. `Err` names a bad answer (an unknown
/// name, a value of the wrong shape or width, a byte past the LDS).
pub fn compare_answer(
    target: Target,
    case: &Case,
    answer: &BTreeMap<String, Value>,
) -> Result<Option<String>, String> {
    let inst = instruction(target, case)?;
    let before = initial_wave(target, case)?;
    let len = 4 * inst.dwords() as u64;
    let mut after = before.clone();
    after.pc = before.pc.wrapping_add(len);
    let mut got_events = Vec::new();
    for (name, v) in answer {
        if name == "events" {
            match v {
                Value::Lanes(list) => got_events = list.clone(),
                _ => return Err("answer: `events` must be an array of strings".into()),
            }
            continue;
        }
        for (cell, spec) in cells(name, v, false).map_err(|e| format!("answer: {e}"))? {
            if let [Alt::Exact(x)] = spec.0.as_slice() {
                write(&mut after, &cell, *x).map_err(|e| format!("answer: {e}"))?;
            }
        }
    }
    let changed = changes(&before, &after, len);
    compare_parts(case, &after, &changed, &got_events)
}

/// Check one case against the reference: `Ok(None)` when it passes.
pub fn check_case(target: Target, case: &Case) -> Result<Option<String>, String> {
    let inst = instruction(target, case)?;
    let w = initial_wave(target, case)?;
    let o = run(&inst, w)?;
    compare(case, &o)
}

/// Check every case of a parsed state file: (passed, failure reports). A file-level
/// problem (unknown isa or target) is one failure per case.
pub fn check_file(path: &std::path::Path, file: &StateFile) -> (usize, Vec<String>) {
    let Some(h) = &file.header else {
        return (0, Vec::new());
    };
    let target = match (h.isa.as_str(), Target::parse(&h.target)) {
        ("gcn5", Some(t)) => t,
        _ => {
            let why = format!(
                "{}: no built-in reference for state vectors of {}:{} (known: gcn5:gfx900, gcn5:gfx908)",
                path.display(),
                h.isa,
                h.target
            );
            return (0, file.cases.iter().map(|_| why.clone()).collect());
        }
    };
    let mut passed = 0;
    let mut failures = Vec::new();
    for case in &file.cases {
        let unknown: Vec<&String> = case
            .rules
            .iter()
            .filter(|r| super::lookup_rule(r).is_none())
            .collect();
        let result = if unknown.is_empty() {
            check_case(target, case)
        } else {
            Err(format!("rules: unknown rule ids {unknown:?}"))
        };
        match result {
            Ok(None) => passed += 1,
            Ok(Some(diff)) => failures.push(report(path, case, &format!("got: {diff}"))),
            Err(e) => failures.push(report(path, case, &format!("error: {e}"))),
        }
    }
    (passed, failures)
}

pub use crate::state::report;
