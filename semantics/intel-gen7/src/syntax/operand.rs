//! Parsing one operand of the syntax of [`super`]: registers, regions, swizzles, write
//! masks, immediates.

use super::parse::{code_of, err, number, type_code, PResult};
use super::print::CHANS;
use crate::formats::fields::*;
use crate::formats::native::{Addr, Dst, RegSrc, Src, Src3};

/// An operand split: base (`r3`, `acc0`, `r[a0.1,-4]`), subregister, region text, the
/// suffix after the region (`xyzw`) and the type, each with its column.
pub(super) struct Parts<'a> {
    pub(super) base: (usize, &'a str),
    pub(super) sub: Option<(usize, &'a str)>,
    pub(super) region: Option<(usize, &'a str)>,
    pub(super) suffix: Option<(usize, &'a str)>,
    pub(super) ty: (usize, &'a str),
}

pub(super) fn split(col: usize, t: &str) -> PResult<Parts<'_>> {
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

pub(super) fn base_of(col: usize, b: &str) -> PResult<Base> {
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

pub(super) fn sub_bytes(p: &Parts, ty: u8, limit: u32) -> PResult<u8> {
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

pub(super) fn chan_mask(col: usize, s: &str) -> PResult<u8> {
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

pub(super) fn swizzle(col: usize, s: &str) -> PResult<u8> {
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

pub(super) fn parse_dst(col: usize, tok: &str, a16: bool) -> PResult<(Dst, bool)> {
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

pub(super) fn parse_src(col: usize, tok: &str, a16: bool) -> PResult<Src> {
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

pub(super) fn parse_src3(
    col: usize,
    tok: &str,
    want_ty: &mut Option<(u8, usize)>,
) -> PResult<Src3> {
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

pub(super) fn three_type(col: usize, t: &str) -> PResult<u8> {
    let code = type_code(col, t, false)?;
    if THREE_SRC_TYPES.contains(&code) {
        Ok(code)
    } else {
        err(col, "3-source types are f, d, ud, df (§5.2.1)")
    }
}
