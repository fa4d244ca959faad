//! Parsing the syntax of [`super`]: every error carries the 1-based byte column.

use super::operand::{
    base_of, chan_mask, parse_dst, parse_src, parse_src3, split, sub_bytes, three_type,
};
use super::print::uses_cmod;
use super::NULL_SRC;
use crate::formats::fields::*;
use crate::formats::native::{Body, Ctrl, Inst, RegSrc, Src, Src3};
use crate::instructions::{math_fn, row_of_mnemonic, BranchKind, Shape, MATH_FNS, ROWS};
use gpuref_core::isa::{AsmError, RowId};

pub(super) type PResult<T> = Result<T, AsmError>;

pub(super) fn err<T>(col: usize, reason: impl Into<String>) -> PResult<T> {
    Err(AsmError {
        column: col + 1,
        reason: reason.into(),
    })
}

pub(super) fn number(col: usize, t: &str) -> PResult<i64> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let v = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(h) => i64::from_str_radix(h, 16).ok(),
        None => body.parse::<i64>().ok(),
    };
    match v {
        Some(v) if v < 1 << 40 => Ok(if neg { -v } else { v }),
        _ => err(col, format!("`{t}` is not a number (decimal or 0x hex)")),
    }
}

pub(super) fn code_of(col: usize, v: i64, table: &[u32], what: &str) -> PResult<u8> {
    match table.iter().position(|&x| i64::from(x) == v) {
        Some(p) => Ok(p as u8),
        None => err(col, format!("{what} {v} is not one of {table:?} (§5.2.2)")),
    }
}

pub(super) fn type_code(col: usize, t: &str, imm: bool) -> PResult<u8> {
    let table = if imm { IMM_TYPES } else { REG_TYPES };
    match table.iter().position(|&n| n == t) {
        Some(p) => Ok(p as u8),
        None => err(
            col,
            format!(
                "`:{t}` is not a{} type ({})",
                if imm { "n immediate" } else { " register" },
                table.join(", ")
            ),
        ),
    }
}

struct Cursor<'a> {
    toks: Vec<(usize, &'a str)>,
    i: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self) -> Option<(usize, &'a str)> {
        let t = self.toks.get(self.i).copied();
        self.i += 1;
        t
    }

    fn peek(&self) -> Option<(usize, &'a str)> {
        self.toks.get(self.i).copied()
    }

    fn next(&mut self, what: &str) -> PResult<(usize, &'a str)> {
        match self.take() {
            Some(t) => Ok(t),
            None => err(self.end, format!("expected {what}")),
        }
    }
}

fn flag_of(col: usize, f: &str) -> PResult<(u8, u8)> {
    let bad = || {
        err(
            col,
            format!("`{f}` is not a flag subregister (f0.0, f0.1, f1.0, f1.1)"),
        )
    };
    let Some((r, s)) = f.strip_prefix('f').and_then(|x| x.split_once('.')) else {
        return bad();
    };
    match (r.parse::<u8>(), s.parse::<u8>()) {
        (Ok(r @ 0..=1), Ok(s @ 0..=1)) => Ok((r, s)),
        _ => bad(),
    }
}

/// Parse one instruction.
pub fn parse(text: &str) -> PResult<Inst> {
    let (main, opts) = match text.find('{') {
        Some(b) => {
            let rest = &text[b + 1..];
            let Some(e) = rest.find('}') else {
                return err(b, "`{` without `}`");
            };
            if !rest[e + 1..].trim().is_empty() {
                return err(b + 2 + e, "nothing may follow the options");
            }
            (&text[..b], Some((b + 1, &rest[..e])))
        }
        None => (text, None),
    };
    let mut ctrl = Ctrl::default();
    let mut eot_opt = false;
    let mut compacted = false;
    let mut flag_opt: Option<(u8, u8, usize)> = None;
    if let Some((oc, o)) = opts {
        let mut at = oc;
        for part in o.split(',') {
            let c = at + (part.len() - part.trim_start().len());
            at += part.len() + 1;
            match part.trim() {
                "Align16" => ctrl.align16 = true,
                "Align1" => {}
                "NoDDClr" => ctrl.dep_ctrl |= 1,
                "NoDDChk" => ctrl.dep_ctrl |= 2,
                "Atomic" if ctrl.thread_ctrl == 0 => ctrl.thread_ctrl = 1,
                "Switch" if ctrl.thread_ctrl == 0 => ctrl.thread_ctrl = 2,
                "Atomic" | "Switch" => return err(c, "Atomic and Switch share ThreadCtrl: one of them"),
                "AccWrEn" => ctrl.acc_wr = true,
                "Breakpoint" => ctrl.debug = true,
                "EOT" => eot_opt = true,
                "Compacted" => compacted = true,
                t => match t.strip_prefix("Flag=") {
                    Some(f) => {
                        let (r, s) = flag_of(c + 5, f)?;
                        flag_opt = Some((r, s, c));
                    }
                    None => {
                        return err(c, format!("`{t}` is not an option (Align16, NoDDClr, NoDDChk, Atomic, Switch, AccWrEn, Breakpoint, EOT, Compacted, Flag=fR.S)"))
                    }
                },
            }
        }
    }
    let mut toks: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for part in main.split([' ', '\t']) {
        if !part.is_empty() {
            toks.push((at, part));
        }
        at += part.len() + 1;
    }
    let end = main.trim_end().len();
    let mut toks = Cursor { toks, i: 0, end };
    let Some(mut first) = toks.take() else {
        return err(0, "empty instruction");
    };
    let mut flag: Option<(u8, u8)> = None;
    let use_flag = |col: usize, f: (u8, u8), flag: &mut Option<(u8, u8)>| -> PResult<()> {
        match flag {
            Some(g) if *g != f => err(col, "predication and the conditional modifier share one flag field (FlagRegNum/FlagSubRegNum, §5.2.5)"),
            _ => {
                *flag = Some(f);
                Ok(())
            }
        }
    };
    // Predication and NoMask.
    if let Some(inner) = first.1.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        let c = first.0 + 1;
        let (w, rest) = match inner.strip_prefix('W') {
            Some(r) => (true, r),
            None => (false, inner),
        };
        ctrl.no_mask = w;
        let rest = match (w, rest.strip_prefix('&')) {
            (true, Some(r)) if !r.is_empty() => r,
            (true, None) if rest.is_empty() => "",
            (false, _) if !rest.is_empty() => rest,
            _ => {
                return err(
                    c,
                    format!(
                        "`({inner})`: a predicate is (W), ([~]fR.S[.mode]) or (W&[~]fR.S[.mode])"
                    ),
                )
            }
        };
        if !rest.is_empty() {
            let (inv, p) = match rest.strip_prefix('~') {
                Some(p) => (true, p),
                None => (false, rest),
            };
            let pc = c + (inner.len() - p.len());
            let mut dots = p.splitn(3, '.');
            let (Some(r), Some(s)) = (dots.next(), dots.next()) else {
                return err(pc, format!("`{p}`: a predicate is fR.S[.mode]"));
            };
            use_flag(pc, flag_of(pc, &format!("{r}.{s}"))?, &mut flag)?;
            let suffix = dots.next().map(|m| format!(".{m}")).unwrap_or_default();
            ctrl.pred_inv = inv;
            ctrl.pred_ctrl = match (1..16u8)
                .find(|&code| pred_suffix(ctrl.align16, code) == Some(suffix.as_str()))
            {
                Some(code) => code,
                None => {
                    return err(
                        pc,
                        format!(
                            "`{suffix}` is not a predicate mode in {} (§5.2.3 PredCtrl)",
                            if ctrl.align16 { "Align16" } else { "Align1" }
                        ),
                    )
                }
            };
        }
        first = match toks.take() {
            Some(t) => t,
            None => return err(text.len(), "a mnemonic must follow the predicate"),
        };
    }
    // Mnemonic.
    let (mc, mtext) = first;
    let (mn, fn_sfx) = match mtext.split_once('.') {
        Some((m, f)) => (m, Some(f)),
        None => (mtext, None),
    };
    let Some(row) = row_of_mnemonic(mn) else {
        return err(mc, format!("unknown mnemonic `{mn}`"));
    };
    let shape = ROWS[row].shape;
    match (shape, fn_sfx) {
        (Shape::Math, Some(f)) => match MATH_FNS.iter().find(|m| m.suffix == f) {
            Some(m) => ctrl.cond = m.fc,
            None => {
                let all: Vec<&str> = MATH_FNS.iter().map(|m| m.suffix).collect();
                return err(
                    mc + mn.len() + 1,
                    format!("`{f}` is not a math function ({})", all.join(", ")),
                );
            }
        },
        (Shape::Math, None) => return err(mc, "math needs its function: math.inv, math.pow, …"),
        (_, Some(f)) => return err(mc + mn.len(), format!("`{mn}` takes no `.{f}`")),
        _ => {}
    }
    // Execution size and channel offset.
    if shape != Shape::NoOperands {
        let Some((ec, e)) = toks.take() else {
            return err(end, "expected the execution size `(8|M0)`");
        };
        let Some((n, m)) = e
            .strip_prefix('(')
            .and_then(|x| x.strip_suffix(')'))
            .and_then(|x| x.split_once("|M"))
        else {
            return err(ec, format!("`{e}`: expected the execution size `(N|Mk)`"));
        };
        ctrl.exec_size = code_of(ec + 1, number(ec + 1, n)?, &EXEC_SIZES, "ExecSize")?;
        let mo = number(ec + 3 + n.len(), m)?;
        if !(0..32).contains(&mo) || mo % 4 != 0 {
            return err(ec + 3 + n.len(), format!("M{mo}: the channel offset is a multiple of 4 below 32 (QtrCtrl, NibCtrl; §5.2.3)"));
        }
        ctrl.qtr_ctrl = (mo / 8) as u8;
        ctrl.nib_ctrl = mo % 8 == 4;
    }
    // Conditional modifier.
    if uses_cmod(shape) {
        if let Some((cc, t)) = toks.peek() {
            if let Some((name, f)) = t.strip_prefix('(').and_then(|x| x.split_once(')')) {
                if name != "sat" && name != "abs" {
                    ctrl.cond = match (1..16u8).find(|&c| cond_name(c) == Some(name)) {
                        Some(c) => c,
                        None => return err(cc + 1, format!("`{name}` is not a conditional modifier (eq, ne, gt, ge, lt, le, ov, un)")),
                    };
                    use_flag(
                        cc + name.len() + 2,
                        flag_of(cc + name.len() + 2, f)?,
                        &mut flag,
                    )?;
                    toks.take();
                }
            }
        }
    }
    let a16 = ctrl.align16;
    let body = match shape {
        Shape::NoOperands => Body::Empty,
        Shape::Src1 | Shape::Src2 | Shape::Math | Shape::Send => {
            let (dc, d) = toks.next("the destination")?;
            let (dst, sat) = parse_dst(dc, d, a16)?;
            ctrl.sat = sat;
            let (sc, s) = toks.next("source 0")?;
            let src0 = parse_src(sc, s, a16)?;
            let mut eot = eot_opt;
            let src1 = if shape == Shape::Send {
                let (xc, x) = toks.next("the extended descriptor (SFID | EOT << 5)")?;
                let ex = number(xc, x)?;
                if !(0..64).contains(&ex) || ex & 0x10 != 0 {
                    return err(
                        xc,
                        "the extended descriptor is SFID (bits 3:0) | EOT << 5 (§5.2.1 send)",
                    );
                }
                ctrl.cond = (ex & 0xF) as u8;
                eot |= ex & 0x20 != 0;
                let (dc1, d1) = toks.next("the message descriptor")?;
                if d1.starts_with(|c: char| c.is_ascii_digit()) && !d1.contains(':') {
                    let v = number(dc1, d1)?;
                    if !(0..=0x7FFF_FFFF).contains(&v) {
                        return err(
                            dc1,
                            "the message descriptor is 31 bits (MsgDscpt31, §5.2.2)",
                        );
                    }
                    Src::Imm {
                        ty: 0,
                        value: v as u32,
                    }
                } else {
                    let s1 = parse_src(dc1, d1, a16)?;
                    if let Src::Imm { value, .. } = s1 {
                        if value > 0x7FFF_FFFF {
                            return err(
                                dc1,
                                "the message descriptor is 31 bits (MsgDscpt31, §5.2.2)",
                            );
                        }
                    }
                    s1
                }
            } else {
                let one = shape == Shape::Src1
                    || (shape == Shape::Math && math_fn(ctrl.cond).is_some_and(|m| m.sources == 1));
                match toks.peek() {
                    Some(_) => {
                        let (c1, t1) = toks.next("source 1")?;
                        let s1 = parse_src(c1, t1, a16)?;
                        let bare = match s1 {
                            Src::Reg(r) => {
                                Src::Reg(RegSrc {
                                    file: r.file,
                                    ty: r.ty,
                                    ..match NULL_SRC {
                                        Src::Reg(n) => n,
                                        s => return err(c1, format!("{s:?}")),
                                    }
                                }) == s1
                            }
                            Src::Imm { .. } => false,
                        };
                        if matches!(src0, Src::Imm { .. }) && !bare {
                            return err(c1, "with an immediate src0, src1 is the non-present operand: a register with every region field 0, e.g. null.0<0;1,0>:ud (§3.8)");
                        }
                        s1
                    }
                    None if one => NULL_SRC,
                    None => return err(end, "expected source 1"),
                }
            };
            if shape == Shape::Send && matches!(src0, Src::Imm { .. }) {
                return err(
                    sc,
                    "send's src0 is the payload's first GRF, not an immediate (§6.56)",
                );
            }
            if matches!(src0, Src::Imm { .. })
                && shape != Shape::Src1
                && !(shape == Shape::Math && math_fn(ctrl.cond).is_some_and(|m| m.sources == 1))
            {
                return err(
                    sc,
                    "an immediate must be the last source operand (§5.2.2 Imm32)",
                );
            }
            if eot && shape != Shape::Send {
                return err(
                    opts.map_or(0, |o| o.0),
                    "EOT is a send/sendc option (§5.2.2 EOT)",
                );
            }
            Body::Common {
                dst,
                src0,
                src1,
                eot: eot && shape == Shape::Send,
            }
        }
        Shape::Src3 => {
            let (dc, d) = toks.next("the destination")?;
            let (sat, t, c) = match d.strip_prefix("(sat)") {
                Some(r) => (true, r, dc + 5),
                None => (false, d, dc),
            };
            ctrl.sat = sat;
            let p = split(c, t)?;
            let dst_ty = three_type(p.ty.0, p.ty.1)?;
            let (file, reg, _) = base_of(p.base.0, p.base.1)?;
            let Some(dst_reg) = reg.filter(|_| file == GRF_FILE) else {
                return err(c, "the 3-source destination is a GRF register rN (§5.2.1)");
            };
            if p.region.map(|r| r.1) != Some("1") {
                return err(
                    c,
                    "the 3-source destination is written `<1>` (no stride field)",
                );
            }
            let Some((sc, s)) = p.suffix else {
                return err(c, "the 3-source destination needs its write mask (`.xyzw`)");
            };
            let chan_en = chan_mask(sc, s)?;
            let dst_sub = sub_bytes(&p, dst_ty, 32)? / 4;
            let mut ty = None;
            let mut src = [Src3::default(); 3];
            for (k, s) in src.iter_mut().enumerate() {
                let (c, t) = toks.next(["source 0", "source 1", "source 2"][k])?;
                *s = parse_src3(c, t, &mut ty)?;
            }
            let src_ty = ty.map_or(7, |t| t.0);
            Body::Three {
                dst_reg,
                dst_sub,
                chan_en,
                dst_ty,
                src_ty,
                src,
            }
        }
        Shape::Branch(kind) => {
            let mut dst = None;
            let mut src0 = None;
            if kind == BranchKind::Call {
                let (dc, d) = toks.next("call's destination (return IP, CallMask)")?;
                let (d, sat) = parse_dst(dc, d, a16)?;
                ctrl.sat = sat;
                dst = Some(d);
            }
            if kind == BranchKind::Ret {
                let (sc, s) = toks.next("ret's source (return IP, CallMask)")?;
                src0 = Some(parse_src(sc, s, a16)?);
            }
            let offset = |toks: &mut Cursor, what: &str, bits16: bool| -> PResult<i64> {
                let (c, t) = toks.next(what)?;
                let v = number(c, t)?;
                let (lo, hi) = if bits16 {
                    (-0x8000 * 8, 0x7FFF * 8)
                } else {
                    (i64::from(i32::MIN) * 8, i64::from(i32::MAX) * 8)
                };
                if v % 8 != 0 || v < lo || v > hi {
                    return err(c, format!("{what} {v}: a byte offset, a multiple of 8 (one 64-bit unit, §5.3) that fits the field"));
                }
                Ok(v / 8)
            };
            let (jip, uip) = match kind {
                BranchKind::JipUip => (
                    offset(&mut toks, "JIP", true)?,
                    offset(&mut toks, "UIP", true)?,
                ),
                BranchKind::Else | BranchKind::Endif => (offset(&mut toks, "JIP", true)?, 0),
                BranchKind::Ret => (0, 0),
                _ => (offset(&mut toks, "JIP", true)?, 0),
            };
            Body::Branch {
                dst,
                src0,
                jip: jip as i32,
                uip: uip as i16,
            }
        }
    };
    if let Some((c, _)) = toks.take() {
        return err(c, format!("`{mn}` takes no more operands"));
    }
    let cmod_used = uses_cmod(shape) && ctrl.cond != 0;
    if let Some((r, s, oc)) = flag_opt {
        if ctrl.pred_ctrl != 0 || cmod_used {
            return err(
                oc,
                "Flag= is for a flag field neither predication nor a conditional modifier names",
            );
        }
        flag = Some((r, s));
    }
    if let Some((r, s)) = flag {
        ctrl.flag_reg = r;
        ctrl.flag_sub = s;
    }
    if shape == Shape::NoOperands
        && ctrl
            != (Ctrl {
                debug: ctrl.debug,
                ..Ctrl::default()
            })
    {
        return err(
            0,
            "nop and illegal take no instruction options other than Breakpoint (§6.44)",
        );
    }
    Ok(Inst {
        row: RowId(row as u16),
        ctrl,
        body,
        compacted,
    })
}
