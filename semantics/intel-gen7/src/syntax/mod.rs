//! Assembly text in IGA's syntax (`add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f`),
//! printed and parsed side by side. The grammar and every place it leaves IGA are written
//! down in docs/design/0045-gen7-encodings.md:
//!
//! ```text
//! [pred] mnemonic[.fn] (N|Mk) [(cmod)fR.S] operands [{Option, …}]
//! pred     (W) | ([W&][~]fR.S[.anyv|.x|…])
//! dst      [(sat)]rN.S<hs>:t | [(sat)]rN.S<hs>.xyzw:t (Align16) | r[a0.N,imm]<hs>:t | ARF
//! src      [-][(abs)]rN.S<vs;w,hs>:t | rN.S<vs>.xyzw:t (Align16) | r[a0.N,imm]<w,hs>:t (VxH) | 0xV:t
//! ```
//!
//! Subregisters count elements of the operand's type (§5.2.2 SubRegNum note); branch
//! offsets are bytes (8 × the JIP/UIP fields, which count 64-bit units, §5.3), as IGA
//! writes them; immediates print all 32 bits of Imm32.

use crate::formats::fields::*;
use crate::formats::native::{Addr, Body, Ctrl, Dst, Inst, RegSrc, Src, Src3};
use crate::instructions::{math_fn, row_of_mnemonic, BranchKind, Shape, MATH_FNS, ROWS};
use gpuref_core::decode::DecodeError;
use gpuref_core::isa::{AsmError, RowId};
use std::fmt::{self, Write};

/// The src1 that 1-source instructions carry: `null:ud`, every region field 0 (what IGA
/// writes for the non-present operand of §3.8).
pub const NULL_SRC: Src = Src::Reg(RegSrc {
    file: ARF_FILE,
    ty: 0,
    mods: 0,
    addr: Addr::Direct { reg: 0, sub: 0 },
    vs: 0,
    width: 0,
    hs: 0,
    swz: 0,
});

const NOT_TEXT: &str =
    "not expressible in the assembly syntax (docs/design/0045-gen7-encodings.md)";

fn unit(file: u8, ty: u8, sub: u32, field: &'static str) -> Result<u32, DecodeError> {
    let size = reg_type_size(ty);
    let _ = file;
    if !sub.is_multiple_of(size) {
        return Err(crate::formats::native::illegal(
            field,
            sub.into(),
            "SubRegNum is not a multiple of the type size: the syntax counts elements (§5.2.2 SubRegNum)",
        ));
    }
    Ok(sub / size)
}

/// What the printer needs that decoding does not check: subregisters aligned to their type,
/// indirect operands in the GRF, operand-less fields at zero.
pub fn text_check(i: &Inst) -> Result<(), DecodeError> {
    let ill = crate::formats::native::illegal;
    let dst_ok = |d: &Dst| -> Result<(), DecodeError> {
        match d.addr {
            Addr::Direct { sub, .. } => unit(d.file, d.ty, sub.into(), "Dst.SubRegNum").map(|_| ()),
            Addr::Indirect { .. } if d.file != GRF_FILE => {
                Err(ill("Dst.RegFile", d.file.into(), NOT_TEXT))
            }
            _ => Ok(()),
        }
    };
    let src_ok = |s: &Src| -> Result<(), DecodeError> {
        match s {
            Src::Imm { .. } => Ok(()),
            Src::Reg(r) => match r.addr {
                Addr::Direct { sub, .. } => {
                    unit(r.file, r.ty, sub.into(), "Src.SubRegNum").map(|_| ())
                }
                Addr::Indirect { .. } if r.file != GRF_FILE => {
                    Err(ill("Src.RegFile", r.file.into(), NOT_TEXT))
                }
                _ => Ok(()),
            },
        }
    };
    match &i.body {
        Body::Empty => Ok(()),
        Body::Common {
            dst, src0, src1, ..
        } => {
            dst_ok(dst)?;
            src_ok(src0)?;
            if !matches!(src0, Src::Imm { .. }) {
                src_ok(src1)?;
            }
            Ok(())
        }
        Body::Three {
            dst_sub,
            dst_ty,
            src_ty,
            src,
            ..
        } => {
            unit(
                GRF_FILE,
                *dst_ty,
                u32::from(*dst_sub) * 4,
                "Dst.SubRegNum (3-source)",
            )?;
            for s in src {
                unit(
                    GRF_FILE,
                    *src_ty,
                    u32::from(s.sub) * 4,
                    "Src.SubRegNum (3-source)",
                )?;
            }
            Ok(())
        }
        Body::Branch { dst, src0, .. } => {
            if i.ctrl.sat && dst.is_none() {
                return Err(ill("Saturate", 1, NOT_TEXT));
            }
            if let Some(d) = dst {
                dst_ok(d)?;
            }
            if let Some(s) = src0 {
                src_ok(s)?;
            }
            Ok(())
        }
    }
}

// ---------------------------------------------------------------- print

fn reg_base(file: u8, reg: u8) -> String {
    if file == GRF_FILE {
        format!("r{reg}")
    } else {
        arf_name(reg).unwrap_or_else(|_| format!("arf{reg:#x}"))
    }
}

fn addr_text(file: u8, ty: u8, addr: Addr) -> String {
    match addr {
        Addr::Direct { reg, sub } => {
            format!(
                "{}.{}",
                reg_base(file, reg),
                u32::from(sub) / reg_type_size(ty)
            )
        }
        Addr::Indirect { a0, imm: 0 } => format!("r[a0.{a0}]"),
        Addr::Indirect { a0, imm } => format!("r[a0.{a0},{imm}]"),
    }
}

const CHANS: [char; 4] = ['x', 'y', 'z', 'w'];

fn mask_text(m: u8) -> String {
    if m == 0 {
        return "none".into();
    }
    (0..4)
        .filter(|k| m >> k & 1 == 1)
        .map(|k| CHANS[k])
        .collect()
}

fn swz_text(s: u8) -> String {
    (0..4)
        .map(|k| CHANS[usize::from(s >> (2 * k) & 3)])
        .collect()
}

fn dst_text(d: &Dst, a16: bool, sat: bool) -> String {
    let mut s = String::new();
    if sat {
        s += "(sat)";
    }
    s += &addr_text(d.file, d.ty, d.addr);
    let _ = write!(s, "<{}>", HORZ_STRIDES[usize::from(d.hs)]);
    if a16 {
        let _ = write!(s, ".{}", mask_text(d.chan_en));
    }
    let _ = write!(s, ":{}", REG_TYPES[usize::from(d.ty)]);
    s
}

fn src_text(src: &Src, a16: bool) -> String {
    match *src {
        Src::Imm { ty, value } => format!("{value:#x}:{}", IMM_TYPES[usize::from(ty)]),
        Src::Reg(r) => {
            let mut s = SRC_MODS[usize::from(r.mods)].to_string();
            s += &addr_text(r.file, r.ty, r.addr);
            let vs = VERT_STRIDES.get(usize::from(r.vs)).copied().unwrap_or(0);
            if a16 {
                let _ = write!(s, "<{vs}>.{}", swz_text(r.swz));
            } else if r.vs == VXH {
                let _ = write!(
                    s,
                    "<{},{}>",
                    WIDTHS[usize::from(r.width)],
                    HORZ_STRIDES[usize::from(r.hs)]
                );
            } else {
                let _ = write!(
                    s,
                    "<{vs};{},{}>",
                    WIDTHS[usize::from(r.width)],
                    HORZ_STRIDES[usize::from(r.hs)]
                );
            }
            let _ = write!(s, ":{}", REG_TYPES[usize::from(r.ty)]);
            s
        }
    }
}

fn src3_text(s: &Src3, ty: u8) -> String {
    format!(
        "{}r{}.{}<{}>.{}:{}",
        SRC_MODS[usize::from(s.mods)],
        s.reg,
        u32::from(s.sub) * 4 / reg_type_size(ty),
        if s.rep { 0 } else { 4 },
        swz_text(s.swz),
        REG_TYPES[usize::from(ty)]
    )
}

fn uses_cmod(shape: Shape) -> bool {
    matches!(shape, Shape::Src1 | Shape::Src2 | Shape::Src3)
}

impl fmt::Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.ctrl;
        let row = &ROWS[self.row.index()];
        let shape = row.shape;
        let flag = format!("f{}.{}", c.flag_reg, c.flag_sub);
        // Predication, NoMask.
        if c.pred_ctrl != 0 {
            write!(
                f,
                "({}{}{}{}) ",
                if c.no_mask { "W&" } else { "" },
                if c.pred_inv { "~" } else { "" },
                flag,
                pred_suffix(c.align16, c.pred_ctrl).unwrap_or("")
            )?;
        } else if c.no_mask {
            f.write_str("(W) ")?;
        }
        f.write_str(row.mnemonic)?;
        if shape == Shape::Math {
            if let Some(m) = math_fn(c.cond) {
                write!(f, ".{}", m.suffix)?;
            }
        }
        if shape != Shape::NoOperands {
            write!(
                f,
                " ({}|M{})",
                EXEC_SIZES[usize::from(c.exec_size)],
                u32::from(c.qtr_ctrl) * 8 + u32::from(c.nib_ctrl) * 4
            )?;
        }
        let cmod_used = uses_cmod(shape) && c.cond != 0;
        if cmod_used {
            write!(f, " ({}){flag}", cond_name(c.cond).unwrap_or("?"))?;
        }
        let a16 = c.align16;
        match &self.body {
            Body::Empty => {}
            Body::Common {
                dst,
                src0,
                src1,
                eot,
            } => {
                write!(f, " {} {}", dst_text(dst, a16, c.sat), src_text(src0, a16))?;
                if shape == Shape::Send {
                    write!(f, " {:#x}", u32::from(c.cond) | u32::from(*eot) << 5)?;
                    match src1 {
                        Src::Imm { ty: 0, value } => write!(f, " {value:#x}")?,
                        s => write!(f, " {}", src_text(s, a16))?,
                    }
                } else {
                    let one = shape == Shape::Src1
                        || (shape == Shape::Math
                            && math_fn(c.cond).is_some_and(|m| m.sources == 1));
                    if !(one && *src1 == NULL_SRC) {
                        write!(f, " {}", src_text(src1, a16))?;
                    }
                }
            }
            Body::Three {
                dst_reg,
                dst_sub,
                chan_en,
                dst_ty,
                src_ty,
                src,
            } => {
                write!(
                    f,
                    " {}r{dst_reg}.{}<1>.{}:{}",
                    if c.sat { "(sat)" } else { "" },
                    u32::from(*dst_sub) * 4 / reg_type_size(*dst_ty),
                    mask_text(*chan_en),
                    REG_TYPES[usize::from(*dst_ty)]
                )?;
                for s in src {
                    write!(f, " {}", src3_text(s, *src_ty))?;
                }
            }
            Body::Branch {
                dst,
                src0,
                jip,
                uip,
            } => {
                if let Some(d) = dst {
                    write!(f, " {}", dst_text(d, a16, c.sat))?;
                }
                if let Some(s) = src0 {
                    write!(f, " {}", src_text(s, a16))?;
                }
                let Shape::Branch(kind) = shape else {
                    return Ok(());
                };
                if kind != BranchKind::Ret {
                    write!(f, " {}", i64::from(*jip) * 8)?;
                }
                if kind == BranchKind::JipUip {
                    write!(f, " {}", i64::from(*uip) * 8)?;
                }
            }
        }
        let mut opts: Vec<String> = Vec::new();
        if a16 {
            opts.push("Align16".into());
        }
        if c.dep_ctrl & 1 != 0 {
            opts.push("NoDDClr".into());
        }
        if c.dep_ctrl & 2 != 0 {
            opts.push("NoDDChk".into());
        }
        match c.thread_ctrl {
            1 => opts.push("Atomic".into()),
            2 => opts.push("Switch".into()),
            _ => {}
        }
        if c.acc_wr {
            opts.push("AccWrEn".into());
        }
        if c.debug {
            opts.push("Breakpoint".into());
        }
        if let Body::Common { eot: true, .. } = self.body {
            opts.push("EOT".into());
        }
        if c.pred_ctrl == 0 && !cmod_used && (c.flag_reg | c.flag_sub) != 0 {
            opts.push(format!("Flag={flag}"));
        }
        if self.compacted {
            opts.push("Compacted".into());
        }
        if !opts.is_empty() {
            write!(f, " {{{}}}", opts.join(", "))?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- parse

type PResult<T> = Result<T, AsmError>;

fn err<T>(col: usize, reason: impl Into<String>) -> PResult<T> {
    Err(AsmError {
        column: col + 1,
        reason: reason.into(),
    })
}

fn number(col: usize, t: &str) -> PResult<i64> {
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

fn code_of(col: usize, v: i64, table: &[u32], what: &str) -> PResult<u8> {
    match table.iter().position(|&x| i64::from(x) == v) {
        Some(p) => Ok(p as u8),
        None => err(col, format!("{what} {v} is not one of {table:?} (§5.2.2)")),
    }
}

fn type_code(col: usize, t: &str, imm: bool) -> PResult<u8> {
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

/// An operand split: base (`r3`, `acc0`, `r[a0.1,-4]`), subregister, region text, the
/// suffix after the region (`xyzw`) and the type, each with its column.
struct Parts<'a> {
    base: (usize, &'a str),
    sub: Option<(usize, &'a str)>,
    region: Option<(usize, &'a str)>,
    suffix: Option<(usize, &'a str)>,
    ty: (usize, &'a str),
}

fn split(col: usize, t: &str) -> PResult<Parts<'_>> {
    let Some(colon) = t.rfind(':') else {
        return err(
            col,
            format!("`{t}`: an operand ends with its type (`:f`, `:ud`, …)"),
        );
    };
    let (body, ty) = (&t[..colon], &t[colon + 1..]);
    let (head, region, tail) = match body.find('<') {
        Some(lt) => {
            let Some(gt) = body[lt..].find('>') else {
                return err(col + lt, "`<` without `>`");
            };
            (
                &body[..lt],
                Some((col + lt + 1, &body[lt + 1..lt + gt])),
                (lt + gt + 1, &body[lt + gt + 1..]),
            )
        }
        None => (body, None, (body.len(), "")),
    };
    let suffix = match tail.1 {
        "" => None,
        s => match s.strip_prefix('.') {
            Some(x) => Some((col + tail.0 + 1, x)),
            None => return err(col + tail.0, format!("unexpected `{s}` after the region")),
        },
    };
    let (base, sub) = if head.starts_with("r[") {
        let Some(close) = head.find(']') else {
            return err(col, "`r[` without `]`");
        };
        if close + 1 != head.len() {
            return err(col + close + 1, "nothing may follow `]` before the region");
        }
        ((col, head), None)
    } else {
        match head.find('.') {
            Some(d) => ((col, &head[..d]), Some((col + d + 1, &head[d + 1..]))),
            None => ((col, head), None),
        }
    };
    Ok(Parts {
        base,
        sub,
        region,
        suffix,
        ty: (col + colon + 1, ty),
    })
}

/// A register base: its file, and its RegNum (direct) or index register and AddrImm.
type Base = (u8, Option<u8>, Option<(u8, i16)>);

fn base_of(col: usize, b: &str) -> PResult<Base> {
    if let Some(inner) = b.strip_prefix("r[").and_then(|x| x.strip_suffix(']')) {
        let (a, imm) = match inner.split_once(',') {
            Some((a, i)) => (a, Some(i)),
            None => (inner, None),
        };
        let Some(n) = a
            .strip_prefix("a0.")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| *n < 8)
        else {
            return err(col + 2, format!("`{a}`: the index register is a0.0 … a0.7"));
        };
        let imm = match imm {
            Some(i) => number(col + 3 + a.len(), i.trim())?,
            None => 0,
        };
        if !(-512..=511).contains(&imm) {
            return err(
                col,
                format!("AddrImm {imm} is outside [-512, 511] (§5.2.2 AddrImm)"),
            );
        }
        return Ok((GRF_FILE, None, Some((n, imm as i16))));
    }
    if let Some(n) = b.strip_prefix('r').and_then(|n| n.parse::<u8>().ok()) {
        if n >= 128 {
            return err(
                col,
                format!("`{b}`: GRF registers are r0 … r127 (§5.2.2 RegNum)"),
            );
        }
        return Ok((GRF_FILE, Some(n), None));
    }
    match arf_reg(b) {
        Some(r) => Ok((ARF_FILE, Some(r), None)),
        None => err(col, format!("`{b}` is not a register (r0-r127, null, a0, acc0-1, f0-1, sr0, cr0, n0-1, ip, tdr0, tm0)")),
    }
}

fn sub_bytes(p: &Parts, ty: u8, limit: u32) -> PResult<u8> {
    let Some((c, s)) = p.sub else {
        return Ok(0);
    };
    let n = number(c, s)?;
    let bytes = n * i64::from(reg_type_size(ty));
    if n < 0 || bytes >= i64::from(limit) {
        return err(
            c,
            format!("subregister {n} is outside the register for this type"),
        );
    }
    Ok(bytes as u8)
}

fn chan_mask(col: usize, s: &str) -> PResult<u8> {
    if s == "none" {
        return Ok(0);
    }
    let mut m = 0u8;
    let mut last = -1i32;
    for (k, ch) in s.chars().enumerate() {
        let Some(i) = CHANS.iter().position(|&c| c == ch) else {
            return err(col + k, format!("`{ch}` is not a channel (x, y, z, w)"));
        };
        if i as i32 <= last {
            return err(
                col + k,
                "write-mask channels are written once each, in xyzw order",
            );
        }
        last = i as i32;
        m |= 1 << i;
    }
    if m == 0 {
        return err(col, "empty write mask (write `none`)");
    }
    Ok(m)
}

fn swizzle(col: usize, s: &str) -> PResult<u8> {
    let cs: Vec<char> = s.chars().collect();
    if cs.len() != 4 && cs.len() != 1 {
        return err(
            col,
            format!("`.{s}`: a swizzle has 4 channels (or 1, replicated)"),
        );
    }
    let mut v = 0u8;
    for k in 0..4 {
        let ch = cs[if cs.len() == 1 { 0 } else { k }];
        let Some(i) = CHANS.iter().position(|&c| c == ch) else {
            return err(
                col + k.min(cs.len() - 1),
                format!("`{ch}` is not a channel (x, y, z, w)"),
            );
        };
        v |= (i as u8) << (2 * k);
    }
    Ok(v)
}

fn parse_dst(col: usize, tok: &str, a16: bool) -> PResult<(Dst, bool)> {
    let (sat, t, c) = match tok.strip_prefix("(sat)") {
        Some(r) => (true, r, col + 5),
        None => (false, tok, col),
    };
    let p = split(c, t)?;
    let ty = type_code(p.ty.0, p.ty.1, false)?;
    let (file, reg, ind) = base_of(p.base.0, p.base.1)?;
    let Some((rc, region)) = p.region else {
        return err(c, "the destination needs its horizontal stride `<1>`");
    };
    let hs = code_of(rc, number(rc, region)?, &HORZ_STRIDES, "HorzStride")?;
    let chan_en = match (a16, p.suffix) {
        (true, Some((sc, s))) => chan_mask(sc, s)?,
        (true, None) => return err(c, "an Align16 destination needs its write mask (`.xyzw`)"),
        (false, Some((sc, _))) => return err(sc, "a write mask needs {Align16}"),
        (false, None) => 0,
    };
    let addr = match (reg, ind) {
        (Some(reg), _) => {
            let sub = sub_bytes(&p, ty, 32)?;
            if a16 && sub % 16 != 0 {
                return err(c, "an Align16 subregister is 0 or 16 bytes (§5.2.4.1)");
            }
            Addr::Direct { reg, sub }
        }
        (None, Some((a0, imm))) => {
            if a16 && imm % 16 != 0 {
                return err(
                    c,
                    "an Align16 AddrImm is a multiple of 16 (AddrImm[9:4], §5.2.4.1)",
                );
            }
            Addr::Indirect { a0, imm }
        }
        _ => return err(c, "no register"),
    };
    Ok((
        Dst {
            file,
            ty,
            addr,
            hs,
            chan_en,
        },
        sat,
    ))
}

fn parse_src(col: usize, tok: &str, a16: bool) -> PResult<Src> {
    if tok.starts_with(|c: char| c.is_ascii_digit())
        || tok.starts_with("-0x")
        || tok.starts_with("-1")
        || tok.starts_with("-2")
        || tok.starts_with("-3")
        || tok.starts_with("-4")
        || tok.starts_with("-5")
        || tok.starts_with("-6")
        || tok.starts_with("-7")
        || tok.starts_with("-8")
        || tok.starts_with("-9")
    {
        let Some((v, t)) = tok.rsplit_once(':') else {
            return err(
                col,
                format!("`{tok}`: an immediate carries its type (`0x3f800000:f`)"),
            );
        };
        let ty = type_code(col + v.len() + 1, t, true)?;
        let n = number(col, v)?;
        if n < i64::from(i32::MIN) || n > i64::from(u32::MAX) {
            return err(col, format!("`{v}` does not fit in 32 bits"));
        }
        return Ok(Src::Imm {
            ty,
            value: n as u32,
        });
    }
    let (mods, rest) = if let Some(r) = tok.strip_prefix("-(abs)") {
        (3, r)
    } else if let Some(r) = tok.strip_prefix("(abs)") {
        (1, r)
    } else if let Some(r) = tok.strip_prefix('-') {
        (2, r)
    } else {
        (0, tok)
    };
    let c = col + (tok.len() - rest.len());
    let p = split(c, rest)?;
    let ty = type_code(p.ty.0, p.ty.1, false)?;
    let (file, reg, ind) = base_of(p.base.0, p.base.1)?;
    let Some((rc, region)) = p.region else {
        return err(
            c,
            "a register source needs its region (`<8;8,1>`, Align16 `<4>.xyzw`)",
        );
    };
    let (vs, width, hs, swz);
    if a16 {
        vs = code_of(rc, number(rc, region)?, &VERT_STRIDES, "VertStride")?;
        let Some((sc, s)) = p.suffix else {
            return err(c, "an Align16 source needs its swizzle (`.xyzw`)");
        };
        swz = swizzle(sc, s)?;
        (width, hs) = (0, 0);
    } else {
        swz = 0;
        if let Some((sc, _)) = p.suffix {
            return err(sc, "a swizzle needs {Align16}");
        }
        let parts: Vec<&str> = region.split([';', ',']).collect();
        let (v, w, h) = match parts.as_slice() {
            [v, w, h] if region.contains(';') => (Some(*v), *w, *h),
            [w, h] if ind.is_some() => (None, *w, *h),
            _ => return err(rc, format!("`<{region}>`: the region is <VertStride;Width,HorzStride> (or <Width,HorzStride> for VxH indirect)")),
        };
        vs = match v {
            Some(v) => code_of(rc, number(rc, v)?, &VERT_STRIDES, "VertStride")?,
            None => VXH,
        };
        width = code_of(rc, number(rc, w)?, &WIDTHS, "Width")?;
        hs = code_of(rc, number(rc, h)?, &HORZ_STRIDES, "HorzStride")?;
    }
    let addr = match (reg, ind) {
        (Some(reg), _) => {
            let sub = sub_bytes(&p, ty, 32)?;
            if a16 && sub % 16 != 0 {
                return err(c, "an Align16 subregister is 0 or 16 bytes (§5.2.5.1)");
            }
            Addr::Direct { reg, sub }
        }
        (None, Some((a0, imm))) => {
            if a16 && imm % 16 != 0 {
                return err(
                    c,
                    "an Align16 AddrImm is a multiple of 16 (AddrImm[9:4], §5.2.5.1)",
                );
            }
            Addr::Indirect { a0, imm }
        }
        _ => return err(c, "no register"),
    };
    Ok(Src::Reg(RegSrc {
        file,
        ty,
        mods,
        addr,
        vs,
        width,
        hs,
        swz,
    }))
}

fn parse_src3(col: usize, tok: &str, want_ty: &mut Option<(u8, usize)>) -> PResult<Src3> {
    let (mods, rest) = if let Some(r) = tok.strip_prefix("-(abs)") {
        (3, r)
    } else if let Some(r) = tok.strip_prefix("(abs)") {
        (1, r)
    } else if let Some(r) = tok.strip_prefix('-') {
        (2, r)
    } else {
        (0, tok)
    };
    let c = col + (tok.len() - rest.len());
    let p = split(c, rest)?;
    let ty = three_type(p.ty.0, p.ty.1)?;
    match want_ty {
        Some((t, _)) if *t != ty => {
            return err(p.ty.0, "the three sources share one type (SrcType, §5.2.1)")
        }
        _ => *want_ty = Some((ty, p.ty.0)),
    }
    let (file, reg, _) = base_of(p.base.0, p.base.1)?;
    let Some(reg) = reg.filter(|_| file == GRF_FILE) else {
        return err(c, "3-source operands are GRF registers rN (§5.2.1)");
    };
    let sub = sub_bytes(&p, ty, 32)?;
    let Some((rc, region)) = p.region else {
        return err(
            c,
            "a 3-source operand needs `<4>` (or `<0>` to replicate) and its swizzle",
        );
    };
    let rep = match region {
        "4" => false,
        "0" => true,
        _ => return err(rc, "3-source regions are `<4>` or `<0>` (RepCtrl, §5.2.2)"),
    };
    let Some((sc, s)) = p.suffix else {
        return err(c, "a 3-source operand needs its swizzle (`.xyzw`)");
    };
    Ok(Src3 {
        reg,
        sub: sub / 4,
        swz: swizzle(sc, s)?,
        rep,
        mods,
    })
}

fn three_type(col: usize, t: &str) -> PResult<u8> {
    let code = type_code(col, t, false)?;
    if THREE_SRC_TYPES.contains(&code) {
        Ok(code)
    } else {
        err(col, "3-source types are f, d, ud, df (§5.2.1)")
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
                _ => (offset(&mut toks, "JIP", false)?, 0),
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

/// One well-formed text per row (for `math`, one per function code): what `gpuref
/// coverage` round-trips to count a row as decoded, and the differentials' seeds.
pub fn examples(row: usize) -> Vec<String> {
    let r = &ROWS[row];
    let m = r.mnemonic;
    match r.shape {
        Shape::Src1 => vec![format!("{m} (8|M0) r5.0<1>:ud r2.0<8;8,1>:ud")],
        Shape::Src2 => vec![format!(
            "{m} (8|M0) r5.0<1>:ud r2.0<8;8,1>:ud r3.0<8;8,1>:ud"
        )],
        Shape::Src3 => vec![format!(
            "{m} (8|M0) r5.0<1>.xyzw:f r2.0<4>.xyzw:f r3.0<4>.xyzw:f r4.0<4>.xyzw:f {{Align16}}"
        )],
        Shape::Send => vec![format!(
            "{m} (8|M0) r10.0<1>:ud r112.0<0;1,0>:ud 0x5 0x2000010"
        )],
        Shape::Math => MATH_FNS
            .iter()
            .map(|f| {
                let src1 = if f.sources == 2 { " r3.0<8;8,1>:f" } else { "" };
                format!("math.{} (8|M0) r5.0<1>:f r2.0<8;8,1>:f{src1}", f.suffix)
            })
            .collect(),
        Shape::Branch(k) => vec![match k {
            BranchKind::JipUip => format!("{m} (8|M0) 16 32"),
            BranchKind::Else | BranchKind::Endif | BranchKind::Brd => format!("{m} (8|M0) 16"),
            BranchKind::Call => format!("{m} (8|M0) r10.0<1>:d 16"),
            BranchKind::Ret => format!("{m} (8|M0) r10.0<2;2,1>:d"),
            BranchKind::Jmpi => format!("(W) {m} (1|M0) 16"),
        }],
        Shape::NoOperands => vec![m.to_string()],
    }
}
