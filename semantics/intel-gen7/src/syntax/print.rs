//! Printing: `Display` for [`Inst`] in the syntax of [`super`].

use super::NULL_SRC;
use crate::formats::fields::*;
use crate::formats::native::{Addr, Body, Dst, Inst, Src, Src3};
use crate::instructions::{math_fn, BranchKind, Shape, ROWS};
use std::fmt::{self, Write};

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

pub(super) const CHANS: [char; 4] = ['x', 'y', 'z', 'w'];

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

pub(super) fn uses_cmod(shape: Shape) -> bool {
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
