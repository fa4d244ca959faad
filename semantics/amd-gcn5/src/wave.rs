//! The state of one wave that the ALU instructions read and write: SGPRs, trap temporaries,
//! VCC, EXEC, M0, SCC, FLAT_SCRATCH, XNACK_MASK, the hardware registers MODE and TRAPSTS,
//! the PC, the configured values of the aperture sources, the VGPRs and AccVGPRs (64 lanes
//! each), LDS, GDS and memory.
//!
//! Reading a scalar source follows the Vega manual's "Scalar ALU Operands" table and
//! "Literal Expansion to 64 bits"; docs/design/0019-gcn5-alu-execution.md has the rules and
//! their status (for example how a 32-bit literal widens for a `_B64` operand).

use crate::operand::{FloatConst, ScalarReg, ScalarSrc};
use gpuref_core::open::Accept;

/// Which of a lane's outputs an [`Unsettled`] speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The destination `d`.
    D,
    /// The lane's bit of VCC / the SGPR pair / EXEC (`carry`: a compare, a carry-out,
    /// DIV_SCALE's flag); an `Accept::Mask` on it is 1 (settled) or 0 (either value).
    Carry,
}

/// A lane result that is not exact bits: what is accepted, and the rule id that explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsettled {
    /// The output the acceptance set is about; the lane's other outputs are exact.
    pub output: Output,
    pub accept: Accept,
    /// The rule (status `unspecified`, `contested`, or an approximate-by-spec rule).
    pub rule: &'static str,
    /// Whether the flags are settled too (false: vectors write `*`).
    pub flags_settled: bool,
}

/// A lane whose destination the spec does not settle bit for bit: the destination's first
/// VGPR, how many it spans, the lane, and what of it is accepted (docs/design/0020). The
/// vector executor replaces the list on every instruction, so after one instruction it
/// says which of that instruction's lane results are gpuref's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsettledLane {
    /// The VGPR (first of the pair when `dwords` is 2) whose lane is unsettled; 0 with
    /// `dwords` 0 when `why.output` is `Output::Carry`: then the unsettled bit is the lane's
    /// bit of the instruction's lane-mask destination (VCC or the SGPR pair, and EXEC for
    /// V_CMPX).
    pub vdst: u8,
    pub dwords: u8,
    pub lane: u8,
    pub why: Unsettled,
}

/// How a 64-bit operand widens a 32-bit literal (Vega "Literal Expansion to 64 bits").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Widen {
    /// "64-bit unsigned integer: zero extended to 64 bits" (also `_B64`: docs/design/0019).
    Zero,
    /// "64-bit signed integer: sign extended to 64 bits".
    Sign,
}

/// One wave's scalar state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// SGPR 0..=101.
    pub sgpr: [u32; 102],
    /// TTMP 0..=15.
    pub ttmp: [u32; 16],
    pub vcc: u64,
    pub exec: u64,
    pub flat_scratch: u64,
    pub xnack_mask: u64,
    pub m0: u32,
    pub scc: bool,
    /// Byte address of the instruction being executed.
    pub pc: u64,
    /// The MODE hardware register (Vega "MODE register").
    pub mode: u32,
    /// The TRAPSTS hardware register.
    pub trapsts: u32,
    /// What codes 235..=239 read (SRC_SHARED_BASE, SRC_SHARED_LIMIT, SRC_PRIVATE_BASE,
    /// SRC_PRIVATE_LIMIT, SRC_POPS_EXITING_WAVE_ID): set up by the driver, so the state
    /// holds them; 0 unless set.
    pub apertures: [u32; 5],
    /// v0..v255, one value per lane.
    pub vgpr: Vec<[u32; 64]>,
    /// a0..a255, MI100's AccVGPRs, one value per lane (gfx900 has none: unused there).
    pub acc: Vec<[u32; 64]>,
    /// The LDS this wave's work-group sees, byte-addressed (64 KiB on both targets).
    pub lds: Vec<u8>,
    /// Memory, byte-addressed and sparse.
    pub mem: crate::memory::Memory,
    /// The unsettled lanes of the last vector instruction ([`UnsettledLane`]).
    pub unsettled: Vec<UnsettledLane>,
    /// The unsettled AccVGPR lanes of the last MFMA (`vdst` names an AccVGPR;
    /// docs/design/0036).
    pub unsettled_acc: Vec<UnsettledLane>,
    /// STATUS (Vega "Status registers"), as the driver set it when the wave was created;
    /// program-flow instructions change PRIV, WAVE_PRIO, HALT and VALID. Bits 0 (SCC), 9
    /// (EXECZ) and 10 (VCCZ) are not kept here: S_GETREG reads them from `scc`, `exec` and
    /// `vcc` (docs/design/0029).
    pub status: u32,
    /// The read-only hardware registers the driver sets: HW_ID, GPR_ALLOC, LDS_ALLOC and
    /// IB_STS (hwreg 4..=7, in that order); S_GETREG reads them.
    pub hw_info: [u32; 4],
    /// TBA, the trap base address (48 bits): where S_TRAP jumps.
    pub tba: u64,
    /// TMA, the trap memory address (48 bits).
    pub tma: u64,
    /// Whether the wave has ended (S_ENDPGM, S_ENDPGM_SAVED, S_ENDPGM_ORDERED_PS_DONE).
    pub ended: bool,
    /// What the program-flow instructions did that only touches scheduling, other waves or
    /// the outside world (S_WAITCNT, S_BARRIER, S_SENDMSG, ...), in order.
    pub events: Vec<crate::program::Event>,
    /// Program state the last program-flow instruction (or V_CLREXCP: `trapsts.excp`) left
    /// unsettled: (what, rule id). Replaced on every instruction `program::execute` or the
    /// vector executor runs (docs/design/0029, 0037).
    pub program_unsettled: Vec<(&'static str, &'static str)>,
    /// Scalar registers the last scalar memory instruction wrote whose value the spec does
    /// not settle (S_MEMTIME's clock, a load from an address the spec leaves open;
    /// docs/design/0031). The SMEM executor replaces the list on every instruction.
    pub unsettled_sgpr: Vec<UnsettledSgpr>,
    /// Memory bytes the last memory instruction wrote (or may have written) whose place or
    /// value the spec does not settle (scratch swizzle, misaligned addresses, lanes racing
    /// for one address; docs/design/0031). Replaced by every SMEM and FLAT instruction.
    pub unsettled_mem: Vec<UnsettledMem>,
    /// The 64-bit clock S_MEMTIME reads (0 unless set; its result is unsettled).
    pub memtime: u64,
    /// The 64-bit real-time counter S_MEMREALTIME reads (0 unless set; unsettled).
    pub memrealtime: u64,
    /// The chip the wave runs on: rules that differ between the manuals (for example the
    /// LDS range check, docs/design/0030) read it. Default gfx900.
    pub target: crate::target::Target,
    /// The global data share the DS instructions reach with GDS = 1, byte-addressed (Vega
    /// "Global Data Share (GDS)": 64 kB); M0 holds the wave's { base[15:0], size[15:0] }.
    pub gds: Vec<u8>,
}

/// A scalar register whose value the spec does not settle: its operand code (as
/// [`ScalarReg::code`]) and what is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsettledSgpr {
    pub code: u8,
    pub why: Unsettled,
}

/// Memory bytes `addr..addr + bytes` (wrapping) that an instruction wrote or may have
/// written where the spec does not settle the place or the value, and the rule id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsettledMem {
    /// True when `addr` is an LDS byte offset (a FLAT access in the shared aperture).
    pub lds: bool,
    pub addr: u64,
    pub bytes: u32,
    pub rule: &'static str,
}

/// Lanes in a wave.
pub const LANES: usize = 64;

/// Bytes of LDS a work-group can address (Vega and MI100: 64 KiB).
pub const LDS_BYTES: usize = 64 * 1024;

/// Bytes of GDS (Vega "Global Data Share (GDS)": 64 kB).
pub const GDS_BYTES: usize = 64 * 1024;

impl Default for Wave {
    fn default() -> Self {
        Wave {
            sgpr: [0; 102],
            ttmp: [0; 16],
            vcc: 0,
            exec: 0,
            flat_scratch: 0,
            xnack_mask: 0,
            m0: 0,
            scc: false,
            pc: 0,
            mode: 0,
            trapsts: 0,
            apertures: [0; 5],
            vgpr: vec![[0; LANES]; 256],
            acc: vec![[0; LANES]; 256],
            lds: vec![0; LDS_BYTES],
            mem: crate::memory::Memory::default(),
            unsettled: Vec::new(),
            unsettled_acc: Vec::new(),
            status: 0,
            hw_info: [0; 4],
            tba: 0,
            tma: 0,
            ended: false,
            events: Vec::new(),
            program_unsettled: Vec::new(),
            unsettled_sgpr: Vec::new(),
            unsettled_mem: Vec::new(),
            memtime: 0,
            memrealtime: 0,
            target: crate::target::Target::Gfx900,
            gds: vec![0; GDS_BYTES],
        }
    }
}

fn lo(v: u64) -> u32 {
    v as u32
}

fn hi(v: u64) -> u32 {
    (v >> 32) as u32
}

fn set_lo(v: &mut u64, x: u32) {
    *v = (*v & !0xffff_ffff) | u64::from(x);
}

fn set_hi(v: &mut u64, x: u32) {
    *v = (*v & 0xffff_ffff) | (u64::from(x) << 32);
}

impl Wave {
    /// One dword of a scalar register.
    pub fn reg(&self, r: ScalarReg) -> u32 {
        match r {
            ScalarReg::Sgpr(s) => self.sgpr[usize::from(s.0)],
            ScalarReg::FlatScratchLo => lo(self.flat_scratch),
            ScalarReg::FlatScratchHi => hi(self.flat_scratch),
            ScalarReg::XnackMaskLo => lo(self.xnack_mask),
            ScalarReg::XnackMaskHi => hi(self.xnack_mask),
            ScalarReg::VccLo => lo(self.vcc),
            ScalarReg::VccHi => hi(self.vcc),
            ScalarReg::Ttmp(t) => self.ttmp[usize::from(t.0)],
            ScalarReg::M0 => self.m0,
            ScalarReg::ExecLo => lo(self.exec),
            ScalarReg::ExecHi => hi(self.exec),
        }
    }

    /// Write one dword of a scalar register.
    pub fn set_reg(&mut self, r: ScalarReg, x: u32) {
        match r {
            ScalarReg::Sgpr(s) => self.sgpr[usize::from(s.0)] = x,
            ScalarReg::FlatScratchLo => set_lo(&mut self.flat_scratch, x),
            ScalarReg::FlatScratchHi => set_hi(&mut self.flat_scratch, x),
            ScalarReg::XnackMaskLo => set_lo(&mut self.xnack_mask, x),
            ScalarReg::XnackMaskHi => set_hi(&mut self.xnack_mask, x),
            ScalarReg::VccLo => set_lo(&mut self.vcc, x),
            ScalarReg::VccHi => set_hi(&mut self.vcc, x),
            ScalarReg::Ttmp(t) => self.ttmp[usize::from(t.0)] = x,
            ScalarReg::M0 => self.m0 = x,
            ScalarReg::ExecLo => set_lo(&mut self.exec, x),
            ScalarReg::ExecHi => set_hi(&mut self.exec, x),
        }
    }

    /// The register after `r` in a pair (`r` must start a pair: the decoder checks it).
    fn next_reg(r: ScalarReg) -> ScalarReg {
        // Codes of a pair are consecutive; the decoder only accepts pair starts.
        ScalarReg::from_code(r.code() + 1).unwrap_or(r)
    }

    /// A register operand of `dwords` (1 or 2) dwords.
    pub fn read_reg(&self, r: ScalarReg, dwords: u32) -> u64 {
        let low = u64::from(self.reg(r));
        if dwords == 2 {
            low | (u64::from(self.reg(Self::next_reg(r))) << 32)
        } else {
            low
        }
    }

    /// Write a register operand of `dwords` (1 or 2) dwords.
    pub fn write_reg(&mut self, r: ScalarReg, dwords: u32, v: u64) {
        self.set_reg(r, v as u32);
        if dwords == 2 {
            self.set_reg(Self::next_reg(r), (v >> 32) as u32);
        }
    }

    /// The value of a scalar source for an operand of `dwords` dwords (Vega "Scalar ALU
    /// Operands"). Inline integers are sign-extended to the operand; float constants are in
    /// the operand's width (binary32, or binary64 for a 64-bit operand); a literal widens as
    /// `widen` says; VCCZ, EXECZ and SCC read as {31'b0, bit}.
    pub fn read_src(&self, s: ScalarSrc, dwords: u32, literal: u32, widen: Widen) -> u64 {
        let mask = if dwords == 2 { u64::MAX } else { 0xffff_ffff };
        let v = match s {
            ScalarSrc::Reg(r) => return self.read_reg(r, dwords),
            ScalarSrc::Int(i) => i64::from(i) as u64,
            ScalarSrc::SharedBase => u64::from(self.apertures[0]),
            ScalarSrc::SharedLimit => u64::from(self.apertures[1]),
            ScalarSrc::PrivateBase => u64::from(self.apertures[2]),
            ScalarSrc::PrivateLimit => u64::from(self.apertures[3]),
            ScalarSrc::PopsExitingWaveId => u64::from(self.apertures[4]),
            ScalarSrc::Float(c) if dwords == 2 => f64_bits(c),
            ScalarSrc::Float(c) => u64::from(c.f32_bits()),
            ScalarSrc::Vccz => u64::from(self.vcc == 0),
            ScalarSrc::Execz => u64::from(self.exec == 0),
            ScalarSrc::Scc => u64::from(self.scc),
            ScalarSrc::Literal => match widen {
                Widen::Zero => u64::from(literal),
                Widen::Sign => i64::from(literal as i32) as u64,
            },
        };
        v & mask
    }
}

/// The binary64 bits of a float inline constant (Vega "Scalar ALU Operands": the constants
/// are in the operand's width; 1/(2π) is 0x3fc45f306dc9c882).
pub const fn f64_bits(c: FloatConst) -> u64 {
    match c {
        FloatConst::Half => 0x3fe0_0000_0000_0000,
        FloatConst::NegHalf => 0xbfe0_0000_0000_0000,
        FloatConst::One => 0x3ff0_0000_0000_0000,
        FloatConst::NegOne => 0xbff0_0000_0000_0000,
        FloatConst::Two => 0x4000_0000_0000_0000,
        FloatConst::NegTwo => 0xc000_0000_0000_0000,
        FloatConst::Four => 0x4010_0000_0000_0000,
        FloatConst::NegFour => 0xc010_0000_0000_0000,
        FloatConst::InvTwoPi => 0x3fc4_5f30_6dc9_c882,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operand::Sgpr;

    #[test]
    fn pairs_and_sources() {
        let mut w = Wave::default();
        w.write_reg(ScalarReg::Sgpr(Sgpr(4)), 2, 0x1122_3344_5566_7788);
        assert_eq!(w.sgpr[4], 0x5566_7788);
        assert_eq!(w.sgpr[5], 0x1122_3344);
        w.write_reg(ScalarReg::VccLo, 2, 0xffff_0000_0000_ffff);
        assert_eq!(w.vcc, 0xffff_0000_0000_ffff);
        assert_eq!(w.reg(ScalarReg::VccHi), 0xffff_0000);
        let lit = 0x8000_0001;
        assert_eq!(w.read_src(ScalarSrc::Int(-1), 2, 0, Widen::Zero), u64::MAX);
        assert_eq!(
            w.read_src(ScalarSrc::Int(-1), 1, 0, Widen::Zero),
            0xffff_ffff
        );
        assert_eq!(
            w.read_src(ScalarSrc::Literal, 2, lit, Widen::Zero),
            0x8000_0001
        );
        assert_eq!(
            w.read_src(ScalarSrc::Literal, 2, lit, Widen::Sign),
            0xffff_ffff_8000_0001
        );
        let one = ScalarSrc::Float(FloatConst::One);
        assert_eq!(w.read_src(one, 1, 0, Widen::Zero), 0x3f80_0000);
        assert_eq!(w.read_src(one, 2, 0, Widen::Zero), 0x3ff0_0000_0000_0000);
        assert_eq!(w.read_src(ScalarSrc::Vccz, 1, 0, Widen::Zero), 0);
        assert_eq!(w.read_src(ScalarSrc::Execz, 1, 0, Widen::Zero), 1);
    }
}
