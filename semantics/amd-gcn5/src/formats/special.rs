//! The structured 16-bit immediates of the scalar formats, printed and parsed the way LLVM
//! does: `s_waitcnt` counters, `hwreg(...)` of S_GETREG/S_SETREG, `sendmsg(...)` of
//! S_SENDMSG, and `gpr_idx(...)` of S_SET_GPR_IDX_ON / S_SET_GPR_IDX_MODE.
//!
//! Field layouts: Vega manual, "SOPP Instructions" (S_WAITCNT, S_SENDMSG, S_SET_GPR_IDX_MODE),
//! "SOPK Instructions" (S_GETREG_B32, S_SETREG_B32), "SOPC Instructions" (S_SET_GPR_IDX_ON)
//! and "Send Message Types"/"Hardware Registers" tables. Names: LLVM 14 (the syntax we
//! print is LLVM's); where LLVM names more than the manual, docs/design/0008 says so.

use crate::operand::{parse_int, Reason};

// ---- s_waitcnt: vmcnt[3:0] in [3:0], expcnt in [6:4], lgkmcnt in [11:8], vmcnt[5:4] in [15:14].

const VMCNT_MAX: u16 = 63;
const EXPCNT_MAX: u16 = 7;
const LGKMCNT_MAX: u16 = 15;

fn waitcnt_fields(imm: u16) -> (u16, u16, u16) {
    let vm = (imm & 0xf) | (((imm >> 14) & 3) << 4);
    (vm, (imm >> 4) & 7, (imm >> 8) & 0xf)
}

fn waitcnt_encode(vm: u16, exp: u16, lgkm: u16) -> u16 {
    (vm & 0xf) | ((vm >> 4) << 14) | (exp << 4) | (lgkm << 8)
}

/// `vmcnt(N) expcnt(N) lgkmcnt(N)`: the counters that are not at their maximum, or all three
/// when all are (LLVM's `printWaitFlag`). Bits 7, 12 and 13 are not printed.
pub fn waitcnt_text(imm: u16) -> String {
    let (vm, exp, lgkm) = waitcnt_fields(imm);
    let all = vm == VMCNT_MAX && exp == EXPCNT_MAX && lgkm == LGKMCNT_MAX;
    let mut parts = Vec::new();
    if all || vm != VMCNT_MAX {
        parts.push(format!("vmcnt({vm})"));
    }
    if all || exp != EXPCNT_MAX {
        parts.push(format!("expcnt({exp})"));
    }
    if all || lgkm != LGKMCNT_MAX {
        parts.push(format!("lgkmcnt({lgkm})"));
    }
    parts.join(" ")
}

/// Parse `vmcnt(N) expcnt(N) lgkmcnt(N)` in any order and subset (separated by spaces, `&`
/// or commas; missing counters take their maximum), or a plain integer.
pub fn waitcnt_parse(text: &str) -> Result<u16, Reason> {
    if let Some(v) = parse_int(text) {
        return u16::try_from(v).map_err(|_| "s_waitcnt immediate must fit in 16 bits");
    }
    let (mut vm, mut exp, mut lgkm) = (VMCNT_MAX, EXPCNT_MAX, LGKMCNT_MAX);
    let mut any = false;
    for part in text
        .split(|c: char| c.is_whitespace() || c == '&' || c == ',')
        .filter(|p| !p.is_empty())
    {
        let (name, arg) = call(part).ok_or("expected vmcnt(N), expcnt(N) or lgkmcnt(N)")?;
        let v = parse_int(arg).ok_or("bad counter value")?;
        let (slot, max) = match name {
            "vmcnt" => (&mut vm, VMCNT_MAX),
            "expcnt" => (&mut exp, EXPCNT_MAX),
            "lgkmcnt" => (&mut lgkm, LGKMCNT_MAX),
            _ => return Err("unknown counter (vmcnt, expcnt, lgkmcnt)"),
        };
        if !(0..=i64::from(max)).contains(&v) {
            return Err("counter value too large");
        }
        *slot = v as u16;
        any = true;
    }
    if !any {
        return Err("expected counters");
    }
    Ok(waitcnt_encode(vm, exp, lgkm))
}

/// `name(args)` → (name, args).
fn call(s: &str) -> Option<(&str, &str)> {
    let open = s.find('(')?;
    let inner = s[open + 1..].strip_suffix(')')?;
    Some((s[..open].trim(), inner))
}

fn split_args(s: &str) -> Vec<&str> {
    if s.trim().is_empty() {
        Vec::new()
    } else {
        s.split(',').map(str::trim).collect()
    }
}

// ---- hwreg: id in [5:0], offset in [10:6], size-1 in [15:11].

/// Names LLVM 14 gives hardware registers on gfx9 (the manual's "Hardware Register Values"
/// table names 1..=7 and 16..=19; LLVM names 15 and not 16..=19, see docs/design/0008).
const HWREG_NAMES: &[(u16, &str)] = &[
    (1, "HW_REG_MODE"),
    (2, "HW_REG_STATUS"),
    (3, "HW_REG_TRAPSTS"),
    (4, "HW_REG_HW_ID"),
    (5, "HW_REG_GPR_ALLOC"),
    (6, "HW_REG_LDS_ALLOC"),
    (7, "HW_REG_IB_STS"),
    (15, "HW_REG_SH_MEM_BASES"),
];

/// `hwreg(ID)` when offset 0 and size 32, else `hwreg(ID, offset, size)`.
pub fn hwreg_text(imm: u16) -> String {
    let id = imm & 0x3f;
    let offset = (imm >> 6) & 0x1f;
    let size = ((imm >> 11) & 0x1f) + 1;
    let name = HWREG_NAMES
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, n)| (*n).to_string())
        .unwrap_or_else(|| id.to_string());
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

pub fn hwreg_parse(text: &str) -> Result<u16, Reason> {
    let Some(("hwreg", inner)) = call(text) else {
        return parse_int(text)
            .and_then(|v| u16::try_from(v).ok())
            .ok_or("expected hwreg(ID[, offset, size]) or a 16-bit integer");
    };
    let args = split_args(inner);
    let id = match args.first() {
        Some(a) => match HWREG_NAMES.iter().find(|(_, n)| n == a) {
            Some((i, _)) => *i,
            None => parse_int(a)
                .filter(|v| (0..64).contains(v))
                .ok_or("unknown hardware register (name or 0..=63)")? as u16,
        },
        None => return Err("hwreg() needs a register"),
    };
    let (offset, size) = match args.len() {
        1 => (0, 32),
        3 => {
            let o = parse_int(args[1])
                .filter(|v| (0..32).contains(v))
                .ok_or("hwreg offset must be 0..=31")?;
            let s = parse_int(args[2])
                .filter(|v| (1..=32).contains(v))
                .ok_or("hwreg size must be 1..=32")?;
            (o as u16, s as u16)
        }
        _ => return Err("hwreg takes 1 or 3 arguments"),
    };
    Ok(id | (offset << 6) | ((size - 1) << 11))
}

// ---- sendmsg: msg in [3:0], op in [6:4], stream in [9:8].

const MSG_GS: u16 = 2;
const MSG_GS_DONE: u16 = 3;
const MSG_SYSMSG: u16 = 15;

/// Message names of LLVM 14 on gfx9 (the manual's "Send Message Types" table has 2..=9;
/// LLVM adds 1, 10 and 15, see docs/design/0008).
const MSG_NAMES: &[(u16, &str)] = &[
    (1, "MSG_INTERRUPT"),
    (2, "MSG_GS"),
    (3, "MSG_GS_DONE"),
    (4, "MSG_SAVEWAVE"),
    (5, "MSG_STALL_WAVE_GEN"),
    (6, "MSG_HALT_WAVES"),
    (7, "MSG_ORDERED_PS_DONE"),
    (8, "MSG_EARLY_PRIM_DEALLOC"),
    (9, "MSG_GS_ALLOC_REQ"),
    (10, "MSG_GET_DOORBELL"),
    (15, "MSG_SYSMSG"),
];
const GS_OPS: &[&str] = &["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
const SYSMSG_OPS: &[&str] = &[
    "",
    "SYSMSG_OP_ECC_ERR_INTERRUPT",
    "SYSMSG_OP_REG_RD",
    "SYSMSG_OP_HOST_TRAP_ACK",
    "SYSMSG_OP_TTRACE_PC",
];

fn msg_name(id: u16) -> Option<&'static str> {
    MSG_NAMES.iter().find(|(i, _)| *i == id).map(|(_, n)| *n)
}

fn op_name(id: u16, op: u16) -> Option<&'static str> {
    match id {
        MSG_GS | MSG_GS_DONE => GS_OPS.get(usize::from(op)).copied(),
        MSG_SYSMSG => SYSMSG_OPS
            .get(usize::from(op))
            .copied()
            .filter(|s| !s.is_empty()),
        _ => None,
    }
}

/// LLVM's `printSendMsg`: symbolic when message, operation and stream are all valid;
/// `sendmsg(id, op, stream)` when only those bits are set; else the decimal immediate.
pub fn sendmsg_text(imm: u16) -> String {
    let id = imm & 0xf;
    let op = (imm >> 4) & 7;
    let stream = (imm >> 8) & 3;
    let requires_op = matches!(id, MSG_GS | MSG_GS_DONE | MSG_SYSMSG);
    let op_ok = match id {
        MSG_GS => (1..=3).contains(&op),
        MSG_GS_DONE => op <= 3,
        MSG_SYSMSG => (1..=4).contains(&op),
        _ => op == 0,
    };
    let with_stream = matches!(id, MSG_GS | MSG_GS_DONE) && op != 0;
    let stream_ok = with_stream || stream == 0;
    match msg_name(id) {
        Some(name) if op_ok && stream_ok => {
            let mut s = format!("sendmsg({name}");
            if requires_op {
                s += ", ";
                s += op_name(id, op).unwrap_or("");
                if with_stream {
                    s += &format!(", {stream}");
                }
            }
            s + ")"
        }
        _ if imm == id | (op << 4) | (stream << 8) => format!("sendmsg({id}, {op}, {stream})"),
        _ => imm.to_string(),
    }
}

pub fn sendmsg_parse(text: &str) -> Result<u16, Reason> {
    let Some(("sendmsg", inner)) = call(text) else {
        return parse_int(text)
            .and_then(|v| u16::try_from(v).ok())
            .ok_or("expected sendmsg(MSG[, OP[, STREAM]]) or a 16-bit integer");
    };
    let args = split_args(inner);
    if args.is_empty() || args.len() > 3 {
        return Err("sendmsg takes 1 to 3 arguments");
    }
    let id = match MSG_NAMES.iter().find(|(_, n)| *n == args[0]) {
        Some((i, _)) => *i,
        None => parse_int(args[0])
            .filter(|v| (0..16).contains(v))
            .ok_or("unknown message (name or 0..=15)")? as u16,
    };
    let op = match args.get(1) {
        None => 0,
        Some(a) => {
            let named = GS_OPS
                .iter()
                .position(|n| n == a)
                .or_else(|| SYSMSG_OPS.iter().position(|n| !n.is_empty() && n == a));
            match named {
                Some(i) => i as u16,
                None => parse_int(a)
                    .filter(|v| (0..8).contains(v))
                    .ok_or("unknown message operation (name or 0..=7)")?
                    as u16,
            }
        }
    };
    let stream = match args.get(2) {
        None => 0,
        Some(a) => parse_int(a)
            .filter(|v| (0..4).contains(v))
            .ok_or("stream must be 0..=3")? as u16,
    };
    Ok(id | (op << 4) | (stream << 8))
}

// ---- gpr_idx: SRC0, SRC1, SRC2, DST enable bits [3:0].

const GPR_IDX_NAMES: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// `gpr_idx(SRC0,DST)` when only bits [3:0] may be set, else hex.
pub fn gpr_idx_text(imm: u16) -> String {
    if imm & !0xf != 0 {
        return format!("{imm:#x}");
    }
    let names: Vec<&str> = (0..4)
        .filter(|b| imm & (1 << b) != 0)
        .map(|b| GPR_IDX_NAMES[b])
        .collect();
    format!("gpr_idx({})", names.join(","))
}

pub fn gpr_idx_parse(text: &str, max: u16) -> Result<u16, Reason> {
    let Some(("gpr_idx", inner)) = call(text) else {
        return parse_int(text)
            .filter(|v| (0..=i64::from(max)).contains(v))
            .map(|v| v as u16)
            .ok_or("expected gpr_idx(SRC0,SRC1,SRC2,DST) or an integer");
    };
    let mut v = 0u16;
    for a in split_args(inner) {
        let b = GPR_IDX_NAMES
            .iter()
            .position(|n| *n == a)
            .ok_or("gpr_idx takes SRC0, SRC1, SRC2, DST")?;
        if v & (1 << b) != 0 {
            return Err("gpr_idx mode named twice");
        }
        v |= 1 << b;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_examples() {
        // Each expected string is llvm-mc 14's output for the immediate.
        assert_eq!(waitcnt_text(0xcf7f), "vmcnt(63) expcnt(7) lgkmcnt(15)");
        assert_eq!(waitcnt_text(0xc07f), "lgkmcnt(0)");
        assert_eq!(waitcnt_text(0x0000), "vmcnt(0) expcnt(0) lgkmcnt(0)");
        assert_eq!(hwreg_text(0x1801), "hwreg(HW_REG_MODE, 0, 4)");
        assert_eq!(hwreg_text(0xf801), "hwreg(HW_REG_MODE)");
        assert_eq!(hwreg_text(0xffff), "hwreg(63, 31, 32)");
        assert_eq!(sendmsg_text(0x03), "sendmsg(MSG_GS_DONE, GS_OP_NOP)");
        assert_eq!(sendmsg_text(0x332), "sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)");
        assert_eq!(sendmsg_text(0x02), "sendmsg(2, 0, 0)");
        assert_eq!(sendmsg_text(0x8f), "143");
        assert_eq!(gpr_idx_text(5), "gpr_idx(SRC0,SRC2)");
        assert_eq!(gpr_idx_text(0x10), "0x10");
    }

    #[test]
    fn parse_inverts_print_for_every_immediate() {
        for imm in 0..=u16::MAX {
            let t = waitcnt_text(imm);
            assert_eq!(waitcnt_text(waitcnt_parse(&t).unwrap()), t);
            let t = hwreg_text(imm);
            assert_eq!(hwreg_parse(&t), Ok(imm), "{t}");
            // LLVM prints a valid message symbolically even when bits outside msg/op/stream
            // are set (0x81 prints as sendmsg(MSG_INTERRUPT)), so only the text roundtrips.
            let t = sendmsg_text(imm);
            assert_eq!(sendmsg_text(sendmsg_parse(&t).unwrap()), t);
            let t = gpr_idx_text(imm);
            assert_eq!(gpr_idx_parse(&t, u16::MAX), Ok(imm), "{t}");
        }
    }

    #[test]
    fn bad_text() {
        assert!(waitcnt_parse("vmcnt(64)").is_err());
        assert!(waitcnt_parse("vmcnt(1").is_err());
        assert!(waitcnt_parse("").is_err());
        assert!(hwreg_parse("hwreg(HW_REG_MODE, 0)").is_err());
        assert!(hwreg_parse("hwreg(HW_REG_MODE, 0, 33)").is_err());
        assert!(sendmsg_parse("sendmsg(MSG_GS, 9)").is_err());
        assert!(gpr_idx_parse("gpr_idx(SRC0,SRC0)", 0xff).is_err());
    }
}
