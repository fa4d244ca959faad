//! ALU formats (R700 §"10.2 ALU Instructions", §"4.1 ALU Microcode Formats", §"4.5 OP2 and
//! OP3 Microcode Formats"): ALU_WORD0 (+0) with ALU_WORD1_OP2 or ALU_WORD1_OP3 (+4).
//!
//! OP2's ALU_INST is [17:7] (ch.10's first table; its continuation page prints [17:8], the
//! R600 layout: design note 0044, C-34). A word 1 whose bits [17:15] are not all 0 is OP3
//! (its 5-bit ALU_INST [17:13] then is at least 8), else OP2 (§"4.5 OP2 and OP3 Microcode
//! Formats").
//!
//! Text (design note 0044): `x: MNEMONIC DST, SRC0, SRC1[, SRC2] FLAGS…`, where `x:` is the
//! DST_CHAN (`x`,`y`,`z`,`w`), DST is `R<n>.<c>` (or `____` for an OP2 instruction with
//! WRITE_MASK 0 whose DST_GPR is 0 and not relative) and a source is
//! `[-][|]BASE[[INDEX]][.c][|]`, BASE one of `R<n>`, `KC0[<i>]`, `KC1[<i>]`, `C<n>`, `PV`,
//! `PS`, `literal`, the inline constants `0.0`, `1.0`, `0.5`, `ALU_SRC_1_INT`, `ALU_SRC_M_1_INT`, `ALU_SRC_1_DBL_L`,
//! `ALU_SRC_1_DBL_M`, `ALU_SRC_0_5_DBL_L`, `ALU_SRC_0_5_DBL_M`; `[INDEX]` is present when
//! SRCn_REL is set and names the INDEX_MODE (`AR.x` … `AR.w`, `aL`, `G`, `G+AR.x`).

use super::{asm_err, blank, f, need, read, tokens, unknown, Encoded, Kind::*, Layout};
use crate::instructions::{self, Format};
use crate::Target;
use gpuref_core::decode::DecodeError;
use gpuref_core::isa::AsmError;
use std::fmt;

const WORD0: [super::Field; 11] = [
    f("SRC0_SEL", 0, 0, 9, Sel),
    f("SRC0_REL", 0, 9, 1, Flag),
    f("SRC0_CHAN", 0, 10, 2, Int),
    f("SRC0_NEG", 0, 12, 1, Flag),
    f("SRC1_SEL", 0, 13, 9, Sel),
    f("SRC1_REL", 0, 22, 1, Flag),
    f("SRC1_CHAN", 0, 23, 2, Int),
    f("SRC1_NEG", 0, 25, 1, Flag),
    // 7 is not defined (ch.10 lists 0-6; Table 4.2 lists 0-4: C-51).
    f("INDEX_MODE", 0, 26, 3, Enum(&[7])),
    // 1 is reserved.
    f("PRED_SEL", 0, 29, 2, Enum(&[1])),
    f("LAST", 0, 31, 1, Flag),
];

/// BANK_SWIZZLE: vector slots define 0-5, the trans slot 0-3; 6 and 7 are defined for
/// neither.
const BS: super::Kind = Enum(&[6, 7]);

/// ALU_WORD0 + ALU_WORD1_OP2.
pub const OP2: Layout = Layout {
    name: "ALU_WORD0/ALU_WORD1_OP2",
    words: 2,
    fields: &[
        WORD0[0],
        WORD0[1],
        WORD0[2],
        WORD0[3],
        WORD0[4],
        WORD0[5],
        WORD0[6],
        WORD0[7],
        WORD0[8],
        WORD0[9],
        WORD0[10],
        f("SRC0_ABS", 1, 0, 1, Flag),
        f("SRC1_ABS", 1, 1, 1, Flag),
        f("UPDATE_EXECUTE_MASK", 1, 2, 1, Flag),
        f("UPDATE_PRED", 1, 3, 1, Flag),
        f("WRITE_MASK", 1, 4, 1, Flag),
        f("OMOD", 1, 5, 2, Int),
        f("ALU_INST", 1, 7, 11, Opcode),
        f("BANK_SWIZZLE", 1, 18, 3, BS),
        f("DST_GPR", 1, 21, 7, Int),
        f("DST_REL", 1, 28, 1, Flag),
        f("DST_CHAN", 1, 29, 2, Int),
        f("CLAMP", 1, 31, 1, Flag),
    ],
};

/// ALU_WORD0 + ALU_WORD1_OP3.
pub const OP3: Layout = Layout {
    name: "ALU_WORD0/ALU_WORD1_OP3",
    words: 2,
    fields: &[
        WORD0[0],
        WORD0[1],
        WORD0[2],
        WORD0[3],
        WORD0[4],
        WORD0[5],
        WORD0[6],
        WORD0[7],
        WORD0[8],
        WORD0[9],
        WORD0[10],
        f("SRC2_SEL", 1, 0, 9, Sel),
        f("SRC2_REL", 1, 9, 1, Flag),
        f("SRC2_CHAN", 1, 10, 2, Int),
        f("SRC2_NEG", 1, 12, 1, Flag),
        f("ALU_INST", 1, 13, 5, Opcode),
        f("BANK_SWIZZLE", 1, 18, 3, BS),
        f("DST_GPR", 1, 21, 7, Int),
        f("DST_REL", 1, 28, 1, Flag),
        f("DST_CHAN", 1, 29, 2, Int),
        f("CLAMP", 1, 31, 1, Flag),
    ],
};

/// ALU_SRC_LITERAL.
pub const LITERAL: u32 = 253;

/// Decode the ALU instruction at the start of `words`.
pub fn decode(target: Target, words: &[u32]) -> Result<Encoded, DecodeError> {
    need(words, 2)?;
    let (format, opcode) = if words[1] >> 15 & 7 != 0 {
        (Format::AluOp3, words[1] >> 13 & 0x1f)
    } else {
        (Format::AluOp2, words[1] >> 7 & 0x7ff)
    };
    let row = instructions::find(target, format, opcode).ok_or_else(|| {
        let mut e = unknown(format, opcode, target);
        e.offset_words = 1;
        e
    })?;
    read(super::layout_of(instructions::row(row)), row, words)
}

/// How many literal slots (64 bits, two dwords each) the instruction asks its group for:
/// any source field selecting ALU_SRC_LITERAL counts, used by the opcode or not (§"4.7.6
/// Literal Constant Restrictions"); channels X,Y are in the first slot, Z,W in the second.
pub fn literal_slots(e: &Encoded) -> usize {
    let mut n = 0;
    for s in 0..3 {
        if e.get(SEL[s]) == LITERAL && e.layout().index(SEL[s]).is_some() {
            n = n.max(if e.get(CHAN[s]) >= 2 { 2 } else { 1 });
        }
    }
    n
}

const SEL: [&str; 3] = ["SRC0_SEL", "SRC1_SEL", "SRC2_SEL"];
const REL: [&str; 3] = ["SRC0_REL", "SRC1_REL", "SRC2_REL"];
const CHAN: [&str; 3] = ["SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"];
const NEG: [&str; 3] = ["SRC0_NEG", "SRC1_NEG", "SRC2_NEG"];
const ABS: [&str; 3] = ["SRC0_ABS", "SRC1_ABS", "SRC2_ABS"];
const CH: [char; 4] = ['x', 'y', 'z', 'w'];
const INDEX: [&str; 7] = ["AR.x", "AR.y", "AR.z", "AR.w", "aL", "G", "G+AR.x"];
const INLINE: [(u32, &str); 9] = [
    (244, "ALU_SRC_1_DBL_L"),
    (245, "ALU_SRC_1_DBL_M"),
    (246, "ALU_SRC_0_5_DBL_L"),
    (247, "ALU_SRC_0_5_DBL_M"),
    (248, "0.0"),
    (249, "1.0"),
    (250, "ALU_SRC_1_INT"),
    (251, "ALU_SRC_M_1_INT"),
    (252, "0.5"),
];
const OMOD: [&str; 4] = ["", "M2", "M4", "D2"];
const PRED: [&str; 4] = ["", "", "ZERO", "ONE"];

/// The number of source slots of the format.
fn format_srcs(e: &Encoded) -> usize {
    if e.row().format == Format::AluOp3 {
        3
    } else {
        2
    }
}

/// An ALU instruction's fields, read in one pass over its layout (printing reads each
/// several times; a lookup by name per read would dominate the printer's time).
#[derive(Default)]
struct View {
    sel: [u32; 3],
    rel: [u32; 3],
    chan: [u32; 3],
    neg: [u32; 3],
    abs: [u32; 3],
    index_mode: u32,
    pred_sel: u32,
    last: u32,
    uem: u32,
    up: u32,
    write_mask: u32,
    omod: u32,
    bank_swizzle: u32,
    dst_gpr: u32,
    dst_rel: u32,
    dst_chan: u32,
    clamp: u32,
}

impl View {
    fn of(e: &Encoded) -> View {
        let mut v = View::default();
        for (fd, &x) in e.layout().fields.iter().zip(&e.values) {
            let slot = match fd.name {
                "SRC0_SEL" => &mut v.sel[0],
                "SRC1_SEL" => &mut v.sel[1],
                "SRC2_SEL" => &mut v.sel[2],
                "SRC0_REL" => &mut v.rel[0],
                "SRC1_REL" => &mut v.rel[1],
                "SRC2_REL" => &mut v.rel[2],
                "SRC0_CHAN" => &mut v.chan[0],
                "SRC1_CHAN" => &mut v.chan[1],
                "SRC2_CHAN" => &mut v.chan[2],
                "SRC0_NEG" => &mut v.neg[0],
                "SRC1_NEG" => &mut v.neg[1],
                "SRC2_NEG" => &mut v.neg[2],
                "SRC0_ABS" => &mut v.abs[0],
                "SRC1_ABS" => &mut v.abs[1],
                "INDEX_MODE" => &mut v.index_mode,
                "PRED_SEL" => &mut v.pred_sel,
                "LAST" => &mut v.last,
                "UPDATE_EXECUTE_MASK" => &mut v.uem,
                "UPDATE_PRED" => &mut v.up,
                "WRITE_MASK" => &mut v.write_mask,
                "OMOD" => &mut v.omod,
                "BANK_SWIZZLE" => &mut v.bank_swizzle,
                "DST_GPR" => &mut v.dst_gpr,
                "DST_REL" => &mut v.dst_rel,
                "DST_CHAN" => &mut v.dst_chan,
                "CLAMP" => &mut v.clamp,
                _ => continue,
            };
            *slot = x;
        }
        v
    }

    fn index(&self) -> &'static str {
        INDEX[self.index_mode as usize % 7]
    }
}

/// Sources printed: those the opcode reads, and any later one whose fields are not all 0.
fn printed_srcs(e: &Encoded, v: &View) -> usize {
    let mut n = usize::from(e.row().srcs);
    for s in 0..format_srcs(e) {
        if v.sel[s] | v.rel[s] | v.chan[s] | v.neg[s] | v.abs[s] != 0 {
            n = n.max(s + 1);
        }
    }
    n
}

fn write_base(f: &mut fmt::Formatter<'_>, sel: u32) -> fmt::Result {
    match sel {
        0..=127 => write!(f, "R{sel}"),
        128..=159 => write!(f, "KC0[{}]", sel - 128),
        160..=191 => write!(f, "KC1[{}]", sel - 160),
        253 => f.write_str("literal"),
        254 => f.write_str("PV"),
        255 => f.write_str("PS"),
        256..=511 => write!(f, "C{}", sel - 256),
        _ => match INLINE.iter().find(|(v, _)| *v == sel) {
            Some((_, n)) => f.write_str(n),
            None => write!(f, "?{sel}"),
        },
    }
}

/// Whether the channel is printed for a select (inline constants and PS ignore it: it is
/// printed only when not 0).
fn chan_always(sel: u32) -> bool {
    !(sel == 255 || (244..=252).contains(&sel))
}

fn write_src(f: &mut fmt::Formatter<'_>, v: &View, s: usize) -> fmt::Result {
    let sel = v.sel[s];
    if v.neg[s] == 1 {
        f.write_str("-")?;
    }
    if v.abs[s] == 1 {
        f.write_str("|")?;
    }
    write_base(f, sel)?;
    if v.rel[s] == 1 {
        write!(f, "[{}]", v.index())?;
    }
    let chan = v.chan[s];
    if chan_always(sel) || chan != 0 {
        write!(f, ".{}", CH[chan as usize])?;
    }
    if v.abs[s] == 1 {
        f.write_str("|")?;
    }
    Ok(())
}

pub(crate) fn print(e: &Encoded, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let v = View::of(e);
    let op2 = e.row().format == Format::AluOp2;
    let chan = CH[v.dst_chan as usize];
    write!(f, "{chan}: {} ", e.row().mnemonic)?;
    let masked = op2 && v.write_mask == 0;
    let plain = v.dst_gpr == 0 && v.dst_rel == 0;
    if masked && plain {
        f.write_str("____")?;
    } else {
        write!(f, "R{}", v.dst_gpr)?;
        if v.dst_rel == 1 {
            write!(f, "[{}]", v.index())?;
        }
        write!(f, ".{chan}")?;
    }
    for s in 0..printed_srcs(e, &v) {
        f.write_str(", ")?;
        write_src(f, &v, s)?;
    }
    if op2 && v.omod != 0 {
        write!(f, " OMOD({})", OMOD[v.omod as usize])?;
    }
    for (set, flag) in [
        (v.clamp, "CLAMP"),
        (v.uem, "UPDATE_EXECUTE_MASK"),
        (v.up, "UPDATE_PRED"),
    ] {
        if set == 1 {
            write!(f, " {flag}")?;
        }
    }
    if masked && !plain {
        f.write_str(" NOWRITE")?;
    }
    if v.pred_sel != 0 {
        write!(f, " PRED_SEL({})", PRED[v.pred_sel as usize])?;
    }
    if v.bank_swizzle != 0 {
        write!(f, " BANK_SWIZZLE({})", v.bank_swizzle)?;
    }
    let any_rel = v.rel.contains(&1) || v.dst_rel == 1;
    if !any_rel && v.index_mode != 0 {
        write!(f, " INDEX_MODE({})", v.index())?;
    }
    if v.last == 1 {
        f.write_str(" LAST")?;
    }
    Ok(())
}

/// One source operand parsed: (sel, rel index mode, chan, neg, abs).
type Src = (u32, Option<u32>, u32, bool, bool);

fn chan_of(c: &str) -> Option<u32> {
    CH.iter()
        .position(|&x| x.to_string() == c)
        .map(|i| i as u32)
}

fn index_of(s: &str) -> Option<u32> {
    INDEX.iter().position(|&x| x == s).map(|i| i as u32)
}

/// Split `BASE[[INDEX]][.c]` into base, index and channel.
fn split_operand(t: &str) -> Result<(&str, Option<u32>, Option<u32>), String> {
    let (rest, chan) = match t.rsplit_once('.') {
        Some((r, c)) if chan_of(c).is_some() && !r.is_empty() => (r, chan_of(c)),
        _ => (t, None),
    };
    if let Some(r) = rest.strip_suffix(']') {
        if let Some(open) = r.rfind('[') {
            let ix = &r[open + 1..];
            if let Some(m) = index_of(ix) {
                return Ok((&r[..open], Some(m), chan));
            }
            // KC0[i] without an index: fall through.
            if !r[..open].starts_with("KC") || r[..open].contains('[') {
                return Err(format!(
                    "`{ix}` is not an index mode ({})",
                    INDEX.join(", ")
                ));
            }
        }
    }
    Ok((rest, None, chan))
}

fn bounded(s: &str, lo: u32, n: u32) -> Option<u32> {
    super::number(s).filter(|&v| v < n).map(|v| v + lo)
}

fn parse_src(tok: &str, op2: bool) -> Result<Src, String> {
    let mut t = tok;
    let neg = if let Some(r) = t.strip_prefix('-') {
        t = r;
        true
    } else {
        false
    };
    let abs = match t.strip_prefix('|').and_then(|r| r.strip_suffix('|')) {
        Some(inner) => {
            if !op2 {
                return Err("OP3 sources have no absolute value".into());
            }
            t = inner;
            true
        }
        None => false,
    };
    let (b, rel, chan) = split_operand(t)?;
    let sel = if let Some(n) = b.strip_prefix("KC0[").and_then(|r| r.strip_suffix(']')) {
        bounded(n, 128, 32)
    } else if let Some(n) = b.strip_prefix("KC1[").and_then(|r| r.strip_suffix(']')) {
        bounded(n, 160, 32)
    } else if let Some(n) = b.strip_prefix('R') {
        bounded(n, 0, 128)
    } else if let Some(n) = b.strip_prefix('C') {
        bounded(n, 256, 256)
    } else {
        match b {
            "literal" => Some(LITERAL),
            "PV" => Some(254),
            "PS" => Some(255),
            _ => INLINE.iter().find(|(_, n)| *n == b).map(|(v, _)| *v),
        }
    }
    .ok_or_else(|| format!("`{tok}` is not a source operand (R0-R127, KC0[0-31], KC1[0-31], C0-C255, PV, PS, literal, an inline constant)"))?;
    let chan = match chan {
        Some(c) => c,
        None if chan_always(sel) => {
            return Err(format!("`{tok}` needs a channel (.x, .y, .z or .w)"))
        }
        None => 0,
    };
    Ok((sel, rel, chan, neg, abs))
}

/// Parse an ALU line (`x: MNEMONIC …`); `None` when the text is not one.
pub(crate) fn parse(target: Target, text: &str, base: usize) -> Result<Option<Encoded>, AsmError> {
    let lead = text.len() - text.trim_start().len();
    let t = &text[lead..];
    let Some(slot) = t
        .get(..2)
        .filter(|p| p.ends_with(':'))
        .and_then(|p| chan_of(&p[..1]))
    else {
        return Ok(None);
    };
    let at0 = base + lead + 2;
    let toks = tokens(&t[2..], at0);
    let Some(&(m_at, m)) = toks.first() else {
        return Err(asm_err(
            at0,
            "expected an ALU mnemonic after the slot".into(),
        ));
    };
    let row =
        instructions::by_name(target, &[Format::AluOp2, Format::AluOp3], m).ok_or_else(|| {
            asm_err(
                m_at,
                format!("unknown ALU mnemonic `{m}` on {}", target.name()),
            )
        })?;
    let mut e = blank(row);
    let op2 = e.row().format == Format::AluOp2;
    e.set("DST_CHAN", slot);
    if op2 {
        e.set("WRITE_MASK", 1);
    }
    // Operands: the token after the mnemonic, and each next token while the previous one
    // ends with a comma (an operand holds no blank); the other tokens are flags.
    let mut k = 1;
    while k < toks.len() && (k == 1 || toks[k - 1].1.ends_with(',')) {
        k += 1;
    }
    let mut ops = Vec::new();
    for &(at, tok) in &toks[1..k] {
        let mut off = 0;
        for part in tok.strip_suffix(',').unwrap_or(tok).split(',') {
            if part.is_empty() {
                return Err(asm_err(
                    at + off,
                    "an operand is missing between commas".into(),
                ));
            }
            ops.push((at + off, part));
            off += part.len() + 1;
        }
    }
    if toks[1..k].last().is_some_and(|(_, t)| t.ends_with(',')) {
        return Err(asm_err(
            toks[k - 1].0,
            "an operand is missing after the comma".into(),
        ));
    }
    let flags = &toks[k..];
    let Some(&(d_at, d)) = ops.first().filter(|(_, d)| !d.is_empty()) else {
        return Err(asm_err(m_at, format!("`{m}` needs a destination")));
    };
    let mut index: Option<(u32, usize)> = None;
    let mut note_index = |m: u32, at: usize| -> Result<(), AsmError> {
        match index {
            Some((x, _)) if x != m => Err(asm_err(
                at,
                "every relative operand of an instruction uses its one INDEX_MODE".into(),
            )),
            _ => {
                index = Some((m, at));
                Ok(())
            }
        }
    };
    if d == "____" {
        if !op2 {
            return Err(asm_err(
                d_at,
                "OP3 has no write mask: name the destination".into(),
            ));
        }
        e.set("WRITE_MASK", 0);
    } else {
        let (b, rel, chan) = split_operand(d).map_err(|r| asm_err(d_at, r))?;
        let gpr = b
            .strip_prefix('R')
            .and_then(|n| bounded(n, 0, 128))
            .ok_or_else(|| asm_err(d_at, format!("`{d}`: the destination is a GPR R0-R127")))?;
        if chan != Some(slot) {
            return Err(asm_err(
                d_at,
                format!(
                    "`{d}`: the destination channel must be the slot's, .{}",
                    CH[slot as usize]
                ),
            ));
        }
        e.set("DST_GPR", gpr);
        if let Some(m) = rel {
            e.set("DST_REL", 1);
            note_index(m, d_at)?;
        }
    }
    let srcs = &ops[1..];
    if srcs.len() > format_srcs(&e) {
        return Err(asm_err(
            srcs[format_srcs(&e)].0,
            format!(
                "{} has at most {} sources",
                e.layout().name,
                format_srcs(&e)
            ),
        ));
    }
    if srcs.len() < usize::from(e.row().srcs) {
        return Err(asm_err(
            m_at,
            format!("`{m}` reads {} sources", e.row().srcs),
        ));
    }
    for (s, &(at, tok)) in srcs.iter().enumerate() {
        let (sel, rel, chan, neg, abs) = parse_src(tok, op2).map_err(|r| asm_err(at, r))?;
        e.set(SEL[s], sel);
        e.set(CHAN[s], chan);
        e.set(NEG[s], u32::from(neg));
        e.set(ABS[s], u32::from(abs));
        if let Some(m) = rel {
            e.set(REL[s], 1);
            note_index(m, at)?;
        }
    }
    let mut seen = Vec::new();
    for &(at, tok) in flags {
        let (name, val) = match tok.split_once('(') {
            Some((n, v)) => (n, v.strip_suffix(')')),
            None => (tok, None),
        };
        if seen.contains(&name) {
            return Err(asm_err(at, format!("`{name}` given twice")));
        }
        seen.push(name);
        let bad = || {
            asm_err(at, format!("`{tok}` is not an ALU flag (OMOD(M2|M4|D2), CLAMP, UPDATE_EXECUTE_MASK, UPDATE_PRED, NOWRITE, PRED_SEL(ZERO|ONE), BANK_SWIZZLE(0-5), INDEX_MODE(..), LAST)"))
        };
        match (name, val) {
            ("OMOD", Some(v)) if op2 => {
                let i = OMOD.iter().skip(1).position(|&o| o == v).ok_or_else(bad)?;
                e.set("OMOD", i as u32 + 1);
            }
            ("CLAMP" | "LAST", None) => e.set(name, 1),
            ("UPDATE_EXECUTE_MASK" | "UPDATE_PRED", None) if op2 => e.set(name, 1),
            ("NOWRITE", None) if op2 && d != "____" => e.set("WRITE_MASK", 0),
            ("PRED_SEL", Some(v)) => {
                let i = PRED
                    .iter()
                    .position(|&p| p == v && !v.is_empty())
                    .ok_or_else(bad)?;
                e.set("PRED_SEL", i as u32);
            }
            ("BANK_SWIZZLE", Some(v)) => {
                let n = super::number(v).filter(|&n| n <= 5).ok_or_else(bad)?;
                e.set("BANK_SWIZZLE", n);
            }
            ("INDEX_MODE", Some(v)) => {
                let m = index_of(v).ok_or_else(bad)?;
                note_index(m, at)?;
            }
            _ => return Err(bad()),
        }
    }
    if let Some((m, _)) = index {
        e.set("INDEX_MODE", m);
    }
    // A printed INDEX_MODE(..) flag is only the form when no operand is relative; both
    // forms encode the same bits, and the printer picks one.
    Ok(Some(e))
}

#[cfg(test)]
mod tests;
