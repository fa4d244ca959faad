//! `gpuref eval`: run one GCN5 instruction on a wave whose registers are 0 unless set, and
//! print every register the instruction changed as `REG=0xVALUE` lines.
//!
//! Registers that can be set: `sN`, `s[N:M]` (two SGPRs), `ttmpN`, `ttmp[N:M]`, `vcc`,
//! `vcc_lo`, `vcc_hi`, `exec`, `exec_lo`, `exec_hi`, `m0`, `scc`, `flat_scratch`,
//! `xnack_mask`, `pc`, `trapsts`, `status`, `tba`, `tma`, `vN` (every lane), `vN[L]` (lane L), `v[N:N+1]` (a VGPR
//! pair, every lane: the low dword in vN) and `v[N:N+1][L]`. Values are hex (`0x…`) or
//! decimal and must fit the register. A VGPR whose lanes all changed to one value prints as
//! `vN=…`; otherwise each changed lane prints as `vN[L]=…`.
//!
//! A lane whose result the spec does not settle (docs/design/0020) prints what else is
//! accepted after its value: `v0=0x80000000 (accepts any value equal under mask
//! 0x7fffffff, rule gcn5.valu.clamp_neg_zero)`; a 64-bit result prints it on the pair's
//! first register, naming the pair. Every other value the state reference leaves open
//! (an SGPR, memory or LDS bytes, program state; `state::unsettled`, what the corpus writes
//! as an acceptance set) prints, changed or not, with the same note:
//! `mem[0x1000:4]=0xaabbccdd (accepts any value, rule gcn5.flat.align)`.
//!
//! Program flow (docs/design/0029) prints `ended=1` when the wave ends, `status`, `tba`
//! and `tma` when they change, `# event NAME simm16=…` for what only touches scheduling or
//! the outside world, and `# WHAT: gpuref's choice, rule …` for unsettled program state.
//!
//! MODE defaults to [`DEFAULT_MODE`]: the manual gives no value for a freshly launched
//! wave, so we take what LLVM 14 writes into a compute kernel's descriptor by default
//! (FLOAT_MODE 0xf0: round to nearest even, f32 and f64/f16 denormals kept; DX10_CLAMP 1;
//! IEEE 1).

use gpuref_amd_gcn5::alu::valu::{Accept, Output, Unsettled};
use gpuref_amd_gcn5::exec::execute;
use gpuref_amd_gcn5::formats::parse;
use gpuref_amd_gcn5::instructions::Format;
use gpuref_amd_gcn5::operand::{ScalarReg, Sgpr, Ttmp};
use gpuref_amd_gcn5::wave::{UnsettledLane, Wave, LDS_BYTES};
use gpuref_amd_gcn5::Target;

use super::state::{self, Cell, Space};
use crate::vector::{Alt, Spec};

pub use gpuref_amd_gcn5::alu::mode::DEFAULT_MODE;

/// A register the command line can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reg {
    /// One or two scalar registers starting here.
    Scalar(ScalarReg, u32),
    Vcc,
    Exec,
    FlatScratch,
    XnackMask,
    Scc,
    Pc,
    Trapsts,
    Status,
    Tba,
    Tma,
    /// A VGPR, all lanes or one.
    Vgpr(u8, Option<u8>),
    /// A VGPR pair (its first register), all lanes or one.
    VgprPair(u8, Option<u8>),
    /// An AccVGPR (MI100), all lanes or one.
    Acc(u8, Option<u8>),
    /// `n` bytes (1..=8) of memory at an address.
    Mem(u64, u32),
    /// `n` bytes (1..=8) of LDS at a byte offset.
    Lds(u32, u32),
}

/// `[ADDR:N]` after `mem`/`lds`: the address (hex or decimal) and a byte count 1..=8.
fn span(name: &str, rest: &str) -> Result<(u64, u32), String> {
    let inner = rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or(format!("`{name}`: expected `[ADDRESS:BYTES]`"))?;
    let (a, n) = inner
        .split_once(':')
        .ok_or(format!("`{name}`: expected `[ADDRESS:BYTES]`"))?;
    let addr = parse_value(a, 64).map_err(|e| format!("`{name}`: address {e}"))?;
    let n = num(n.trim())
        .filter(|n| (1..=8).contains(n))
        .ok_or(format!("`{name}`: the byte count must be 1..8"))?;
    Ok((addr, n))
}

/// `N` or `N[LANE]` after a per-lane register prefix.
fn lane_reg(name: &str, rest: &str, what: &str) -> Result<(u32, Option<u8>), String> {
    let (reg, lane) = match rest.split_once('[') {
        Some((r, l)) => {
            let l = l
                .strip_suffix(']')
                .ok_or(format!("`{name}`: expected `{what}N[LANE]`"))?;
            let lane = num(l)
                .filter(|&l| l < 64)
                .ok_or(format!("`{name}`: the lane must be 0..63"))?;
            (r, Some(lane as u8))
        }
        None => (rest, None),
    };
    let n = num(reg)
        .filter(|&n| n < 256)
        .ok_or(format!("`{name}`: registers are {what}0..{what}255"))?;
    Ok((n, lane))
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `N` or `[N:M]` after a register prefix: (first, count).
fn index(rest: &str) -> Result<(u32, u32), String> {
    if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = inner
            .split_once(':')
            .ok_or("expected `[N:M]`".to_string())?;
        let (a, b) = (
            num(a.trim()).ok_or("bad register number")?,
            num(b.trim()).ok_or("bad register number")?,
        );
        if b != a + 1 {
            return Err("a register range must name two registers (`[N:N+1]`)".into());
        }
        return Ok((a, 2));
    }
    Ok((num(rest).ok_or("bad register number")?, 1))
}

pub(crate) fn parse_reg(name: &str) -> Result<Reg, String> {
    let lower = name.to_ascii_lowercase();
    Ok(match lower.as_str() {
        "vcc" => Reg::Vcc,
        "exec" => Reg::Exec,
        "flat_scratch" => Reg::FlatScratch,
        "xnack_mask" => Reg::XnackMask,
        "scc" => Reg::Scc,
        "pc" => Reg::Pc,
        "trapsts" => Reg::Trapsts,
        "status" => Reg::Status,
        "tba" => Reg::Tba,
        "tma" => Reg::Tma,
        "vcc_lo" => Reg::Scalar(ScalarReg::VccLo, 1),
        "vcc_hi" => Reg::Scalar(ScalarReg::VccHi, 1),
        "exec_lo" => Reg::Scalar(ScalarReg::ExecLo, 1),
        "exec_hi" => Reg::Scalar(ScalarReg::ExecHi, 1),
        "m0" => Reg::Scalar(ScalarReg::M0, 1),
        "mode" => return Err("MODE is set with --mode".into()),
        _ => {
            if let Some(rest) = lower.strip_prefix("ttmp") {
                let (n, count) = index(rest)?;
                if n + count > u32::from(Ttmp::COUNT) || (count == 2 && n % 2 == 1) {
                    return Err(format!(
                        "`{name}`: TTMPs are ttmp0..ttmp15, pairs even-aligned"
                    ));
                }
                Reg::Scalar(ScalarReg::Ttmp(Ttmp(n as u8)), count)
            } else if let Some(rest) = lower.strip_prefix('s') {
                let (n, count) = index(rest)?;
                if n + count > u32::from(Sgpr::COUNT) || (count == 2 && n % 2 == 1) {
                    return Err(format!("`{name}`: SGPRs are s0..s101, pairs even-aligned"));
                }
                Reg::Scalar(ScalarReg::Sgpr(Sgpr(n as u8)), count)
            } else if let Some(rest) = lower.strip_prefix("v[") {
                let (range, lane) = rest.split_once(']').ok_or("expected `v[N:N+1]`")?;
                let (n, count) = index(&format!("[{range}]"))?;
                if n + count > 256 {
                    return Err(format!("`{name}`: VGPR pairs are v[0:1]..v[254:255]"));
                }
                let lane = match lane {
                    "" => None,
                    l => Some(
                        l.strip_prefix('[')
                            .and_then(|l| l.strip_suffix(']'))
                            .and_then(num)
                            .filter(|&l| l < 64)
                            .ok_or(format!("`{name}`: the lane must be 0..63 (`v[N:N+1][L]`)"))?
                            as u8,
                    ),
                };
                Reg::VgprPair(n as u8, lane)
            } else if let Some(rest) = lower.strip_prefix('v') {
                let (reg, lane) = match rest.split_once('[') {
                    Some((r, l)) => {
                        let l = l.strip_suffix(']').ok_or("expected `vN[LANE]`")?;
                        let lane = num(l)
                            .filter(|&l| l < 64)
                            .ok_or(format!("`{name}`: the lane must be 0..63"))?;
                        (r, Some(lane as u8))
                    }
                    None => (rest, None),
                };
                let n = num(reg)
                    .filter(|&n| n < 256)
                    .ok_or(format!("`{name}`: VGPRs are v0..v255 (pairs: `v[N:N+1]`)"))?;
                Reg::Vgpr(n as u8, lane)
            } else if let Some(rest) = lower.strip_prefix("mem") {
                let (addr, n) = span(name, rest)?;
                Reg::Mem(addr, n)
            } else if let Some(rest) = lower.strip_prefix("lds") {
                let (addr, n) = span(name, rest)?;
                let end = addr.checked_add(u64::from(n));
                if end.is_none_or(|e| e > LDS_BYTES as u64) {
                    return Err(format!("`{name}`: the LDS holds {LDS_BYTES:#x} bytes"));
                }
                Reg::Lds(addr as u32, n)
            } else if let Some(rest) = lower.strip_prefix('a') {
                let (n, lane) = lane_reg(name, rest, "a")?;
                Reg::Acc(n as u8, lane)
            } else {
                return Err(format!("unknown register `{name}`"));
            }
        }
    })
}

pub(crate) fn parse_value(text: &str, bits: u32) -> Result<u64, String> {
    let t = text.trim();
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(&h.replace('_', ""), 16)
    } else {
        t.replace('_', "").parse::<u64>()
    }
    .map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => format!("`{t}` does not fit in {bits} bits"),
        _ => format!("`{t}` is not a hex (0x…) or decimal value"),
    })?;
    if bits < 64 && v >> bits != 0 {
        return Err(format!("`{t}` does not fit in {bits} bits"));
    }
    Ok(v)
}

pub(crate) fn set(w: &mut Wave, reg: Reg, v: u64) {
    match reg {
        Reg::Scalar(r, n) => w.write_reg(r, n, v),
        Reg::Vcc => w.vcc = v,
        Reg::Exec => w.exec = v,
        Reg::FlatScratch => w.flat_scratch = v,
        Reg::XnackMask => w.xnack_mask = v,
        Reg::Scc => w.scc = v != 0,
        Reg::Pc => w.pc = v,
        Reg::Trapsts => w.trapsts = v as u32,
        Reg::Status => w.status = v as u32,
        Reg::Tba => w.tba = v,
        Reg::Tma => w.tma = v,
        Reg::Vgpr(n, None) => w.vgpr[usize::from(n)] = [v as u32; 64],
        Reg::Vgpr(n, Some(l)) => w.vgpr[usize::from(n)][usize::from(l)] = v as u32,
        Reg::Acc(n, None) => w.acc[usize::from(n)] = [v as u32; 64],
        Reg::Acc(n, Some(l)) => w.acc[usize::from(n)][usize::from(l)] = v as u32,
        Reg::Mem(addr, n) => w.mem.write(addr, n, v),
        Reg::Lds(addr, n) => {
            for i in 0..n {
                w.lds[(addr + i) as usize] = (v >> (8 * i)) as u8;
            }
        }
        Reg::VgprPair(n, lane) => {
            let n = usize::from(n);
            for l in 0..64 {
                if lane.is_none_or(|x| usize::from(x) == l) {
                    w.vgpr[n][l] = v as u32;
                    w.vgpr[n + 1][l] = (v >> 32) as u32;
                }
            }
        }
    }
}

pub(crate) fn bits(reg: Reg) -> u32 {
    match reg {
        Reg::Scalar(_, n) => 32 * n,
        Reg::Scc => 1,
        Reg::Tba | Reg::Tma => 48,
        Reg::Trapsts | Reg::Status | Reg::Vgpr(..) | Reg::Acc(..) => 32,
        Reg::Mem(_, n) | Reg::Lds(_, n) => 8 * n,
        _ => 64,
    }
}

pub use crate::isa::{EvalError, Evaluated};

/// Whether rows of `f` work per lane under EXEC (VALU, vector memory, LDS, interpolation).
fn is_vector(f: Format) -> bool {
    !matches!(
        f,
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp | Format::Smem
    )
}

/// Run `asm` on `target` with MODE `mode` and the `REG=VALUE` settings; the changed
/// registers as lines (and a note when a vector instruction ran with EXEC 0: no lane was
/// active, which a user who did not set `exec` may not expect), or an error that names the
/// bad argument.
pub fn eval(
    target: Target,
    mode: u32,
    asm: &str,
    settings: &[String],
) -> Result<Evaluated, EvalError> {
    let mut w = Wave {
        mode,
        target,
        ..Wave::default()
    };
    for (i, s) in settings.iter().enumerate() {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("argument `{s}`: expected REG=VALUE"))?;
        let reg = parse_reg(name.trim()).map_err(|e| format!("argument {} `{s}`: {e}", i + 1))?;
        let v =
            parse_value(value, bits(reg)).map_err(|e| format!("argument {} `{s}`: {e}", i + 1))?;
        set(&mut w, reg, v);
    }
    let inst = parse(target, asm).map_err(|e| format!("`{asm}`: {e}"))?;
    let before = w.clone();
    execute(&mut w, &inst).map_err(|e| EvalError::NoSemantics(e.to_string()))?;
    let len = 4 * inst.dwords() as u64;
    // The state reference's list of unsettled cells: SGPRs, memory, LDS and program state
    // (the VGPR lanes are noted from the wave's own list, with their flags).
    let open = state::unsettled(&inst, &w, &state::changes(&before, &w, len))
        .map_err(EvalError::NoSemantics)?;
    let open: Vec<(Cell, String)> = open
        .into_iter()
        .filter(|(c, _, _)| !matches!(c, Cell::Lane(..)))
        .map(|(c, spec, rule)| (c, format!(" (accepts {}, rule {rule})", spec_text(&spec))))
        .collect();
    let mut out = changes(&before, &w, len, &open);
    for u in w.unsettled.iter().filter(|u| u.why.output == Output::Carry) {
        out += &format!(
            "# lane {}'s bit of the lane mask written: {}\n",
            u.lane,
            accept_text(&u.why)
        );
    }
    for e in w.events.iter().skip(before.events.len()) {
        out += &format!(
            "# event {} simm16={:#x}",
            e.name.to_ascii_lowercase(),
            e.simm16
        );
        out += &e.m0.map_or(String::new(), |m| format!(" m0={m:#x}"));
        out += &e.exec.map_or(String::new(), |x| format!(" exec={x:#x}"));
        out += "\n";
    }
    for (what, rule) in &w.program_unsettled {
        out += &format!("# {what}: gpuref's choice, rule {rule}\n");
    }
    let mut notes = Vec::new();
    if before.exec == 0 && is_vector(inst.row.format) {
        notes.push(
            "EXEC is 0 (set `exec=`, e.g. exec=0xffffffffffffffff), so no lane was active: \
             no lane result was written"
                .to_string(),
        );
    }
    Ok(Evaluated { out, notes })
}

/// What an unsettled lane of register `v` accepts besides the printed value, as
/// ` (accepts …)`, or "" when the lane is settled; `list` is the VGPRs' or the AccVGPRs'
/// unsettled lanes.
fn note_in(list: &[UnsettledLane], v: usize, lane: usize) -> String {
    let Some(u) = list.iter().find(|u| {
        u.why.output == Output::D && usize::from(u.vdst) == v && usize::from(u.lane) == lane
    }) else {
        return String::new();
    };
    let pair = if u.dwords == 2 {
        format!("v[{v}:{}] ", v + 1)
    } else {
        String::new()
    };
    format!(" ({pair}{})", accept_text(&u.why))
}

/// `accepts …, rule …` for an unsettled result.
pub fn accept_text(u: &Unsettled) -> String {
    let what = match u.accept {
        Accept::AnyNan => "any NaN".to_string(),
        Accept::Range { lo, hi } => format!("{lo:#x}..={hi:#x}"),
        Accept::Mask(0) => "any value".to_string(),
        Accept::Mask(m) => format!("any value equal under mask {m:#x}"),
        // The executor reports a 128-bit mask per dword; a kernel's own, as one value.
        Accept::Mask128(m) => format!("any value equal under mask {m:#x}"),
    };
    let flags = if u.flags_settled {
        ""
    } else {
        "; flags unsettled"
    };
    format!("accepts {what}, rule {}{flags}", u.rule)
}

/// An acceptance set in words: `any value`, `any value equal under mask 0x…`, `any NaN`,
/// `LO..=HI`, alternatives joined by ` or `.
fn spec_text(s: &Spec) -> String {
    let alt = |a: &Alt| match *a {
        Alt::Exact(v) => format!("{v:#x}"),
        Alt::Masked { mask: 0, .. } => "any value".to_string(),
        Alt::Masked { mask, .. } => format!("any value equal under mask {mask:#x}"),
        Alt::AnyNan(_) => "any NaN".to_string(),
        Alt::Range { lo, hi, .. } => format!("{lo:#x}..={hi:#x}"),
    };
    s.0.iter().map(alt).collect::<Vec<_>>().join(" or ")
}

/// The note ` (accepts …, rule …)` of an unsettled cell, or "".
fn open_note<'a>(open: &'a [(Cell, String)], c: &Cell) -> &'a str {
    open.iter().find(|(o, _)| o == c).map_or("", |(_, n)| n)
}

/// Bytes `(address, new value)` in address order as `NAME[0xADDR:N]=0xVALUE` lines,
/// little-endian, one line per run of consecutive addresses of at most 8 bytes with one
/// note (`note(address)`: what an unsettled byte accepts, "" when settled) printed after it.
fn byte_runs(name: &str, bytes: &[(u64, u8)], note: impl Fn(u64) -> String) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = bytes[i].0;
        let first = note(start);
        let mut n = 1;
        while i + n < bytes.len()
            && n < 8
            && bytes[i + n].0 == start.wrapping_add(n as u64)
            && note(bytes[i + n].0) == first
        {
            n += 1;
        }
        let v = (0..n).fold(0u64, |v, k| v | u64::from(bytes[i + k].1) << (8 * k));
        out += &format!("{name}[{start:#x}:{n}]={v:#x}{first}\n");
        i += n;
    }
    out
}

/// The lanes of one register file (`v`: VGPRs, `a`: AccVGPRs) that changed or are
/// unsettled: a register whose lanes all changed alike prints as `v0=…`, otherwise each
/// such lane as `v0[LANE]=…`, each with its note.
fn lane_registers(
    out: &mut String,
    prefix: &str,
    before: &[[u32; 64]],
    after: &[[u32; 64]],
    open: &[UnsettledLane],
) {
    for (i, (x, y)) in before.iter().zip(after).enumerate() {
        let note = |lane: usize| note_in(open, i, lane);
        let noted = (0..64).any(|l| !note(l).is_empty());
        if x == y && !noted {
            continue;
        }
        let all_same = x.iter().zip(y).all(|(p, q)| p != q)
            && y.iter().all(|v| *v == y[0])
            && (0..64).all(|l| note(l) == note(0));
        if all_same {
            *out += &format!("{prefix}{i}={:#x}{}\n", y[0], note(0));
        } else {
            for (lane, (p, q)) in x.iter().zip(y).enumerate() {
                if p != q || !note(lane).is_empty() {
                    *out += &format!("{prefix}{i}[{lane}]={q:#x}{}\n", note(lane));
                }
            }
        }
    }
}

/// The registers that differ, in a fixed order; the PC only when it is not the next
/// instruction's address (`len` bytes on). A value the instruction left unsettled (`open`:
/// cells other than VGPR lanes, with their notes) prints, changed or not, with its note.
fn changes(a: &Wave, b: &Wave, len: u64, open: &[(Cell, String)]) -> String {
    let mut out = String::new();
    let named = |n: &str| open_note(open, &Cell::Named(n.to_string()));
    for (i, (x, y)) in a.sgpr.iter().zip(&b.sgpr).enumerate() {
        let note = named(&format!("s{i}"));
        if x != y || !note.is_empty() {
            out += &format!("s{i}={y:#x}{note}\n");
        }
    }
    for (i, (x, y)) in a.ttmp.iter().zip(&b.ttmp).enumerate() {
        let note = named(&format!("ttmp{i}"));
        if x != y || !note.is_empty() {
            out += &format!("ttmp{i}={y:#x}{note}\n");
        }
    }
    lane_registers(&mut out, "v", &a.vgpr, &b.vgpr, &b.unsettled);
    lane_registers(&mut out, "a", &a.acc, &b.acc, &b.unsettled_acc);
    // Changed bytes, and unsettled ones even when unchanged.
    let open_bytes = |space: Space| -> Vec<u64> {
        open.iter()
            .filter_map(|(c, _)| match c {
                Cell::Byte(s, addr) if *s == space => Some(*addr),
                _ => None,
            })
            .collect()
    };
    let mut lds: Vec<(u64, u8)> = a
        .lds
        .iter()
        .zip(&b.lds)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, (_, y))| (i as u64, *y))
        .collect();
    lds.extend(open_bytes(Space::Lds).into_iter().filter_map(|addr| {
        let v = *b.lds.get(usize::try_from(addr).ok()?)?;
        Some((addr, v))
    }));
    lds.sort_unstable();
    lds.dedup();
    let byte_note = |space| move |addr| open_note(open, &Cell::Byte(space, addr)).to_string();
    out += &byte_runs("lds", &lds, byte_note(Space::Lds));
    let mut mem: Vec<(u64, u8)> = b
        .mem
        .bytes()
        .filter(|&(addr, v)| a.mem.read_u8(addr) != v)
        .collect();
    mem.extend(
        open_bytes(Space::Mem)
            .into_iter()
            .map(|addr| (addr, b.mem.read_u8(addr))),
    );
    mem.sort_unstable();
    mem.dedup();
    out += &byte_runs("mem", &mem, byte_note(Space::Mem));
    let pairs = [
        ("vcc", a.vcc, b.vcc),
        ("exec", a.exec, b.exec),
        ("flat_scratch", a.flat_scratch, b.flat_scratch),
        ("xnack_mask", a.xnack_mask, b.xnack_mask),
        ("m0", u64::from(a.m0), u64::from(b.m0)),
        ("mode", u64::from(a.mode), u64::from(b.mode)),
        ("trapsts", u64::from(a.trapsts), u64::from(b.trapsts)),
        ("status", u64::from(a.status), u64::from(b.status)),
        ("tba", a.tba, b.tba),
        ("tma", a.tma, b.tma),
    ];
    for (name, x, y) in pairs {
        let note = named(name);
        if x != y || !note.is_empty() {
            out += &format!("{name}={y:#x}{note}\n");
        }
    }
    if b.ended && !a.ended {
        out += "ended=1\n";
    }
    if a.scc != b.scc {
        out += &format!("scc={}\n", u8::from(b.scc));
    }
    let note = named("pc");
    if b.pc != a.pc.wrapping_add(len) || !note.is_empty() {
        out += &format!("pc={:#x}{note}\n", b.pc);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(asm: &str, sets: &[&str]) -> Result<String, String> {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        eval(Target::Gfx900, DEFAULT_MODE, asm, &sets)
            .map(|e| e.out)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn prints_what_changed() {
        assert_eq!(
            run("s_add_u32 s0, s1, s2", &["s1=0xffffffff", "s2=2"]).unwrap(),
            "s0=0x1\nscc=1\n"
        );
        assert_eq!(
            run("s_mov_b64 s[4:5], s[2:3]", &["s[2:3]=0x1122334455667788"]).unwrap(),
            "s4=0x55667788\ns5=0x11223344\n"
        );
        assert_eq!(
            run("s_and_saveexec_b64 s[0:1], vcc", &["exec=0xff", "vcc=0x0f"]).unwrap(),
            "s0=0xff\nexec=0xf\nscc=1\n"
        );
        // Nothing changes: nothing printed.
        assert_eq!(run("s_mov_b32 s0, 0", &[]).unwrap(), "");
        assert_eq!(
            run("s_setpc_b64 s[2:3]", &["s2=0x100"]).unwrap(),
            "pc=0x100\n"
        );
    }

    #[test]
    fn vector_lanes() {
        // Every lane active and changed alike: one line.
        assert_eq!(
            run(
                "v_add_u32_e32 v0, v1, v2",
                &["exec=0xffffffffffffffff", "v1=3", "v2=4"]
            )
            .unwrap(),
            "v0=0x7\n"
        );
        // Lanes differ, or some are inactive: one line per changed lane.
        assert_eq!(
            run("v_add_u32_e32 v0, v1, v2", &["exec=0x5", "v1=3", "v2[2]=4"]).unwrap(),
            "v0[0]=0x3\nv0[2]=0x7\n"
        );
        assert_eq!(
            run(
                "v_add_co_u32_e32 v0, vcc, v1, v2",
                &["exec=0x3", "v1=0xffffffff", "v2=1"]
            )
            .unwrap(),
            "vcc=0x3\n"
        );
    }

    /// A vector instruction with EXEC 0 runs no lane and says so in a note; a scalar one
    /// does not (issue 25).
    #[test]
    fn exec_zero_is_noted_for_vector_instructions() {
        let notes = |asm: &str, sets: &[&str]| {
            let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
            eval(Target::Gfx900, DEFAULT_MODE, asm, &sets)
                .unwrap()
                .notes
        };
        let n = notes("v_add_u32 v0, v1, v2", &["v1=1"]);
        assert!(n.len() == 1 && n[0].starts_with("EXEC is 0"), "{n:?}");
        assert_eq!(notes("ds_write_b32 v1, v2", &["m0=0xffffffff"]).len(), 1);
        assert!(notes("v_add_u32 v0, v1, v2", &["exec_hi=1"]).is_empty());
        assert!(notes("s_add_u32 s0, s1, s2", &[]).is_empty());
    }

    #[test]
    fn errors_name_the_argument() {
        let e = run("s_mov_b32 s0, 0", &["q1=5"]).unwrap_err();
        assert!(e.contains("argument 1") && e.contains("q1"), "{e}");
        let e = run("s_mov_b32 s0, 0", &["s1=0x100000000"]).unwrap_err();
        assert!(e.contains("does not fit"), "{e}");
        let e = run("s_mov_b32 s0, 0", &["s3=1", "s[1:2]=5"]).unwrap_err();
        assert!(e.contains("argument 2") && e.contains("even"), "{e}");
        let e = run("s_mov_b32 s0, 0", &["v256=5"]).unwrap_err();
        assert!(e.contains("v0..v255"), "{e}");
        let e = run("s_mov_b32 s0, 0", &["v1[64]=5"]).unwrap_err();
        assert!(e.contains("lane"), "{e}");
        let e = run("s_mov_b32 s0, 0", &["s1"]).unwrap_err();
        assert!(e.contains("REG=VALUE"), "{e}");
        let e = run("s_bogus s0", &[]).unwrap_err();
        assert!(e.contains("s_bogus"), "{e}");
        let e = run("v_bogus v0", &[]).unwrap_err();
        assert!(e.contains("v_bogus"), "{e}");
    }

    #[test]
    fn program_state() {
        assert_eq!(
            run("s_endpgm", &["status=0x10000"]).unwrap(),
            "status=0x0\nended=1\n# event s_endpgm simm16=0x0\n"
        );
        assert_eq!(
            run("s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)", &["m0=5"]).unwrap(),
            "# event s_sendmsg simm16=0x3 m0=0x5 exec=0x0\n"
        );
        assert_eq!(run("s_branch 65534", &["pc=0x100"]).unwrap(), "pc=0xfc\n");
        assert_eq!(
            run("s_trap 1", &["status=0x40", "tba=0x8000"]).unwrap(),
            "ttmp1=0x10000\nstatus=0x60\npc=0x8000\n# event s_trap simm16=0x1\n"
        );
        assert_eq!(
            run("s_getreg_b32 s0, hwreg(9, 0, 32)", &["s0=1"]).unwrap(),
            "s0=0x0 (accepts any value, rule gcn5.hwreg.reserved)\n\
             # sdst: gpuref's choice, rule gcn5.hwreg.reserved\n"
        );
    }

    /// Unsettled SGPR, memory and LDS results print their acceptance set and rule, as the
    /// corpus marks them and as VGPR lanes always did (issue 25, defect 11 and the audit).
    #[test]
    fn unsettled_scalar_and_memory_results_are_noted() {
        assert_eq!(
            run(
                "global_store_dword v[1:2], v3, off",
                &["exec=1", "v[1:2]=0x1002", "v3=0xaabbccdd"]
            )
            .unwrap(),
            "mem[0x1000:4]=0xaabbccdd (accepts any value, rule gcn5.flat.align)\n"
        );
        assert_eq!(
            run(
                "s_buffer_load_dwordx2 s[8:9], s[4:7], 0x0",
                &[
                    "mem[0x10000:8]=0xddbe06eec8313c2c",
                    "s4=0x10000",
                    "s6=0x100",
                    "s7=0x27fac",
                    "s8=0xa95884d2",
                    "s9=0x32581e9e"
                ]
            )
            .unwrap(),
            "s8=0xc8313c2c\ns9=0xddbe06ee (accepts any value, rule gcn5.smem.buffer_range)\n"
        );
        // Unsettled bytes print even when unchanged (the store wrote what was there).
        assert_eq!(
            run(
                "global_store_dword v[1:2], v3, off",
                &["exec=1", "v[1:2]=0x1002", "v3=0"]
            )
            .unwrap(),
            "mem[0x1000:4]=0x0 (accepts any value, rule gcn5.flat.align)\n"
        );
    }
}
