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

mod operand;
mod parse;
mod print;

pub use parse::parse;

use crate::formats::fields::*;
use crate::formats::native::{Addr, Body, Dst, Inst, RegSrc, Src};
use crate::instructions::{BranchKind, Shape, MATH_FNS, ROWS};
use gpuref_core::decode::DecodeError;

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
