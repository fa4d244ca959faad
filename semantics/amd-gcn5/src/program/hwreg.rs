//! S_GETREG_B32, S_SETREG_B32 and S_SETREG_IMM32_B32: bit fields of the hardware registers
//! (Vega "Special Instructions", table "Hardware Register Values"; rules `gcn5.hwreg.*`).

use super::{bad_form, next_pc, status, unsettled};
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;

/// Hardware register ids (Vega "Hardware Register Values").
pub mod id {
    pub const MODE: u16 = 1;
    pub const STATUS: u16 = 2;
    pub const TRAPSTS: u16 = 3;
    pub const HW_ID: u16 = 4;
    pub const IB_STS: u16 = 7;
    pub const TBA_LO: u16 = 16;
    pub const TBA_HI: u16 = 17;
    pub const TMA_LO: u16 = 18;
    pub const TMA_HI: u16 = 19;
}

/// MODE bits the mode table leaves undefined: 22:19 (rule `gcn5.hwreg.undefined_bits`).
const MODE_UNDEFINED: u32 = 0x0078_0000;
/// TRAPSTS bits the trap-status table leaves undefined: 9, 15 and 28:22.
const TRAPSTS_UNDEFINED: u32 = 0x1fc0_8200;

/// `SIMM16 = {size[4:0], offset[4:0], hwRegId[5:0]}` with the size field holding size - 1
/// (rule `gcn5.hwreg.field`): (id, offset, size).
pub(super) fn fields(simm16: u16) -> (u16, u32, u32) {
    (
        simm16 & 0x3f,
        u32::from((simm16 >> 6) & 0x1f),
        u32::from(simm16 >> 11) + 1,
    )
}

/// The field's mask within the 32-bit register (bits past 31 dropped).
fn mask(offset: u32, size: u32) -> u32 {
    (((1u64 << size) - 1) << offset) as u32
}

/// The value of a hardware register, or `None` for a reserved id.
pub(super) fn read(w: &Wave, reg: u16) -> Option<u32> {
    let live = u32::from(w.scc) | (u32::from(w.exec == 0) << 9) | (u32::from(w.vcc == 0) << 10);
    Some(match reg {
        id::MODE => w.mode,
        id::STATUS => (w.status & !0x601) | live,
        id::TRAPSTS => w.trapsts,
        id::HW_ID..=id::IB_STS => w.hw_info[usize::from(reg - id::HW_ID)],
        id::TBA_LO => w.tba as u32,
        id::TBA_HI => (w.tba >> 32) as u32 & 0xffff,
        id::TMA_LO => w.tma as u32,
        id::TMA_HI => (w.tma >> 32) as u32 & 0xffff,
        _ => return None,
    })
}

/// Replace the low or high (bits 47:32) half of a 48-bit trap address.
fn set_half(addr: &mut u64, high: bool, v: u32) {
    if high {
        *addr = (*addr & 0xffff_ffff) | (u64::from(v & 0xffff) << 32);
    } else {
        *addr = (*addr & !0xffff_ffff) | u64::from(v);
    }
}

/// `D.u = hardware-reg. Read some or all of a hardware register into the LSBs of D.`
pub(super) fn s_getreg_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sopk(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let d = f.sdst.ok_or_else(|| bad_form(inst))?;
    let (reg, offset, size) = fields(f.simm16);
    if offset + size > 32 {
        unsettled(w, "sdst", "gcn5.hwreg.past_bit31");
    }
    let value = read(w, reg).unwrap_or_else(|| {
        unsettled(w, "sdst", "gcn5.hwreg.reserved");
        0
    });
    w.set_reg(d, (value & mask(offset, size)) >> offset);
    w.pc = next_pc(w, inst);
    Ok(())
}

/// S_SETREG_B32: `hardware-reg = S0.u. Write some or all of the LSBs of D into a hardware
/// register.` S_SETREG_IMM32_B32: `Write some or all of the LSBs of IMM32 into a hardware
/// register`.
pub(super) fn s_setreg_b32(w: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let Fields::Sopk(f) = inst.fields else {
        return Err(bad_form(inst));
    };
    let value = match f.sdst {
        Some(r) => w.reg(r),
        None => inst.literal.ok_or_else(|| bad_form(inst))?,
    };
    let (reg, offset, size) = fields(f.simm16);
    let m = mask(offset, size);
    let merge = |old: u32| (old & !m) | ((value << offset) & m);
    if offset + size > 32 {
        unsettled(w, "hardware register field", "gcn5.hwreg.past_bit31");
    }
    match reg {
        id::MODE => {
            if m & MODE_UNDEFINED != 0 {
                unsettled(w, "mode", "gcn5.hwreg.undefined_bits");
            }
            w.mode = merge(w.mode);
        }
        id::TRAPSTS => {
            if m & TRAPSTS_UNDEFINED != 0 {
                unsettled(w, "trapsts", "gcn5.hwreg.undefined_bits");
            }
            w.trapsts = merge(w.trapsts);
        }
        id::STATUS..=id::IB_STS => {} // read-only: rule gcn5.hwreg.read_only
        id::TBA_LO..=id::TMA_HI => {
            unsettled(w, "tba/tma", "gcn5.hwreg.tba_tma");
            if w.status & status::PRIV != 0 {
                let v = merge(read(w, reg).unwrap_or(0));
                let high = reg == id::TBA_HI || reg == id::TMA_HI;
                if reg <= id::TBA_HI {
                    set_half(&mut w.tba, high, v);
                } else {
                    set_half(&mut w.tma, high, v);
                }
            }
        }
        _ => unsettled(w, "hardware register", "gcn5.hwreg.reserved"),
    }
    w.pc = next_pc(w, inst);
    Ok(())
}
