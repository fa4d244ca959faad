//! One buffer instruction over the wave's lanes.

use super::desc::{address, check_kind, in_range, range_settled, AddrIn, Check, Descriptor};
use super::format::{self, Conv, Layout};
use super::{accept_of, descriptor_words, lanes, pending, read_soffset, unsettled_lane, Half};
use crate::error::ExecError;
use crate::formats::mubuf::Buf;
use crate::formats::Instruction;
use crate::instructions::Format;
use crate::mem::atomic::{apply, Op as Atomic};
use crate::wave::{UnsettledLane, Wave, LDS_BYTES};
use gpuref_core::open::Accept;

/// The state of one instruction's execution.
pub(super) struct Run<'w> {
    wave: &'w mut Wave,
    b: Buf,
    name: &'static str,
    d: Descriptor,
    check: Check,
    /// Every access is out of range (an unbound V#: rule gcn5.buffer.unbound).
    unbound: bool,
    typed: bool,
    soffset: u32,
    pub(super) unsettled: Vec<UnsettledLane>,
}

impl<'w> Run<'w> {
    /// `vgpr_load`: the row loads into VGPRs (LDS = 0), the only access whose open range
    /// check becomes an acceptance set (rule gcn5.buffer.range_check.stride0).
    pub(super) fn new(
        wave: &'w mut Wave,
        inst: &Instruction,
        b: Buf,
        vgpr_load: bool,
    ) -> Result<Self, ExecError> {
        let name = inst.row.name;
        let typed = inst.row.format == Format::Mtbuf;
        let non_format = !typed && !name.contains("FORMAT");
        let d = Descriptor::decode(descriptor_words(wave, b.srsrc));
        let check = check_kind(&d, b.idxen, non_format);
        let is_nop = matches!(name, "BUFFER_WBINVL1" | "BUFFER_WBINVL1_VOL");
        if check == Check::Uncovered && !is_nop {
            return Err(pending(
                name,
                "the V# and IDXEN match none of the manual's range-check cases \
                 (rule gcn5.buffer.range_check.uncovered)",
            ));
        }
        if check == Check::IndexedStride0 && !is_nop && (!vgpr_load || b.lds) {
            return Err(pending(
                name,
                "IDXEN with stride 0 matches none of the manual's range-check cases; only \
                 loads into VGPRs accept both readings (rule gcn5.buffer.range_check.stride0)",
            ));
        }
        let unbound = !typed && d.data_format == 0 && !(d.add_tid_enable && non_format);
        let soffset = read_soffset(wave, &b);
        Ok(Run {
            wave,
            b,
            name,
            d,
            check,
            unbound,
            typed,
            soffset,
            unsettled: Vec::new(),
        })
    }

    fn vgpr(&self, reg: usize, lane: usize) -> u32 {
        self.wave.vgpr.get(reg).map_or(0, |r| r[lane])
    }

    fn set_vgpr(&mut self, reg: usize, lane: usize, v: u32) {
        if let Some(r) = self.wave.vgpr.get_mut(reg) {
            r[lane] = v;
        }
    }

    fn addr_in(&self, lane: usize) -> AddrIn {
        let va = usize::from(self.b.vaddr);
        AddrIn {
            vgpr_index: self.b.idxen.then(|| self.vgpr(va, lane)),
            vgpr_offset: self
                .b
                .offen
                .then(|| self.vgpr(va + usize::from(self.b.idxen), lane)),
            inst_offset: u32::from(self.b.offset),
            sgpr_offset: self.soffset,
            lane: lane as u8,
            mubuf_non_format: !self.typed && !self.name.contains("FORMAT"),
        }
    }

    fn ok(&self, a: &AddrIn, extra: u64) -> bool {
        !self.unbound && in_range(&self.d, a, self.check, extra)
    }

    /// Whether the address of the byte `extra` past the access is the same for every
    /// reading of the contested element-size bits (always, unless swizzled: rule
    /// gcn5.buffer.swizzle.element_size).
    fn addr_settled(&self, a: &AddrIn, extra: u64) -> bool {
        !self.d.swizzle_enable
            || (0..4).all(|code| {
                let d = Descriptor {
                    element_size_code: code,
                    ..self.d
                };
                address(&d, a, extra) == address(&self.d, a, extra)
            })
    }

    /// Whether the range check of the byte `extra` past the access is the same under every
    /// reading (rule gcn5.buffer.range_check.stride0).
    fn range_settled(&self, a: &AddrIn, extra: u64) -> bool {
        self.unbound || range_settled(&self.d, a, self.check, extra)
    }

    /// Mark `reg` of `lane` as settled only under `mask` because the range check is not.
    fn loose_range(&mut self, reg: usize, lane: usize, mask: u64) {
        self.unsettled.push(unsettled_lane(
            reg as u8,
            lane,
            Accept::Mask(mask),
            "gcn5.buffer.range_check.stride0",
        ));
    }

    /// Mark `reg` of `lane` as settled only under `mask` because the address is not.
    fn loose_addr(&mut self, reg: usize, lane: usize, mask: u64) {
        self.unsettled.push(unsettled_lane(
            reg as u8,
            lane,
            Accept::Mask(mask),
            "gcn5.buffer.swizzle.element_size",
        ));
    }

    /// The address of the byte `extra` past the access, dword-aligned when `dword`.
    fn at(&self, a: &AddrIn, extra: u64, dword: bool) -> u64 {
        let x = address(&self.d, a, extra);
        if dword {
            x & !3
        } else {
            x
        }
    }

    /// LDS = 1: the dword `v` of `lane` goes to LDS (rule gcn5.buffer.lds).
    fn lds_addr(&self, lane: usize) -> usize {
        (self.wave.m0 & 0xffff) as usize + usize::from(self.b.offset) + 4 * lane
    }

    fn lds_write(&mut self, lane: usize, v: u32) {
        let at = self.lds_addr(lane);
        if let Some(s) = self.wave.lds.get_mut(at..at + 4) {
            s.copy_from_slice(&v.to_le_bytes());
        }
    }

    fn tfe(&mut self, lane: usize, dwords: usize) {
        if self.b.tfe {
            let reg = usize::from(self.b.vdata) + dwords;
            self.set_vgpr(reg, lane, 0);
            self.unsettled.push(unsettled_lane(
                reg as u8,
                lane,
                Accept::Mask(0),
                "gcn5.buffer.tfe",
            ));
        }
    }

    pub(super) fn load(&mut self, size: u8, count: u8, signed: bool, half: Half) {
        let vd = usize::from(self.b.vdata);
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            for c in 0..usize::from(count) {
                let extra = (c * usize::from(size)) as u64;
                let raw = if self.ok(&a, extra) {
                    let at = self.at(&a, extra, size == 4);
                    self.wave.mem.read(at, u32::from(size)) as u32
                } else {
                    0
                };
                let bits = 8 * u32::from(size);
                let v = if signed { format::sext(raw, bits) } else { raw };
                if self.b.lds {
                    self.lds_write(lane, v);
                    continue;
                }
                let old = self.vgpr(vd + c, lane);
                let (new, kept) = match half {
                    Half::Full => (v, 0),
                    Half::Lo => ((old & 0xffff_0000) | (v & 0xffff), 0xffff_0000),
                    Half::Hi => ((old & 0xffff) | (v << 16), 0xffff),
                };
                self.set_vgpr(vd + c, lane, new);
                if !self.range_settled(&a, extra) {
                    self.loose_range(vd + c, lane, kept);
                } else if !self.addr_settled(&a, extra) {
                    self.loose_addr(vd + c, lane, kept);
                }
            }
            if !self.b.lds {
                self.tfe(lane, usize::from(count));
            }
        }
    }

    pub(super) fn store(&mut self, size: u8, count: u8, hi: bool) {
        let vd = usize::from(self.b.vdata);
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            for c in 0..usize::from(count) {
                let extra = (c * usize::from(size)) as u64;
                if !self.ok(&a, extra) {
                    continue;
                }
                let v = self.vgpr(vd + c, lane);
                let v = if hi { v >> 16 } else { v };
                let at = self.at(&a, extra, size == 4);
                self.wave.mem.write(at, u32::from(size), u64::from(v));
            }
        }
    }

    /// The layout and numeric format of a FORMAT row, checked.
    fn format(&self) -> Result<(Layout, u8), ExecError> {
        let (dfmt, nfmt) = if self.typed {
            (self.b.dfmt, self.b.nfmt)
        } else {
            (self.d.data_format, self.d.num_format)
        };
        if self.unbound {
            // Unbound: nothing is read or written; any valid shape will do.
            return Ok((
                format::layout(4).map_err(|r| pending(self.name, r))?,
                format::UINT,
            ));
        }
        let l = format::check_format(dfmt, nfmt).map_err(|r| pending(self.name, r))?;
        Ok((l, nfmt))
    }

    /// The raw components of a lane's element (zeros when out of range).
    fn fetch(&self, a: &AddrIn, l: &Layout) -> [u32; 4] {
        let mut f = [0u32; 4];
        if !self.ok(a, 0) {
            return f;
        }
        if l.packed {
            let dw = self.wave.mem.read(self.at(a, 0, true), 4) as u32;
            for (i, x) in f.iter_mut().enumerate().take(l.n as usize) {
                *x = (dw >> l.shift[i]) & ((1 << l.width[i]) - 1);
            }
        } else {
            let bytes = l.width[0] / 8;
            for (i, x) in f.iter_mut().enumerate().take(l.n as usize) {
                let at = self.at(a, i as u64 * u64::from(bytes), bytes == 4);
                *x = self.wave.mem.read(at, bytes) as u32;
            }
        }
        f
    }

    pub(super) fn load_format(&mut self, comps: u8, d16: bool, hi: bool) -> Result<(), ExecError> {
        let (l, nfmt) = self.format()?;
        // SEL_1's value follows the named numeric format, also for an unbound V#.
        let one_nfmt = if self.typed {
            self.b.nfmt
        } else {
            self.d.num_format
        };
        let vd = usize::from(self.b.vdata);
        let sel = if self.typed {
            [4, 5, 6, 7]
        } else {
            self.d.dst_sel
        };
        let zero = Conv {
            bits: 0,
            loose: format::Loose::Exact,
        };
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            let fetched = self.fetch(&a, &l);
            let step = if l.packed {
                0
            } else {
                u64::from(l.width[0] / 8)
            };
            let addr_ok = (0..u64::from(l.n)).all(|i| self.addr_settled(&a, i * step));
            // All or nothing (Note 3): one check at the first byte.
            let range_ok = self.range_settled(&a, 0);
            for (k, &s) in sel.iter().enumerate().take(usize::from(comps)) {
                // A channel of the format: memory's or 0 by the range check (SEL_0/SEL_1 and
                // missing channels read the same either way).
                let from_memory = matches!(s, 4..=7 if u32::from(s - 4) < l.n);
                let c = match s {
                    1 => Conv {
                        bits: format::one(one_nfmt, d16),
                        loose: format::Loose::Exact,
                    },
                    s @ 4..=7 if u32::from(s - 4) < l.n => {
                        let ch = usize::from(s - 4);
                        let (v, w) = (fetched[ch], l.width[ch]);
                        if d16 {
                            format::load16(nfmt, w, v)
                        } else {
                            format::load32(nfmt, w, v)
                        }
                        .map_err(|r| pending(self.name, r))?
                    }
                    _ => zero,
                };
                if self.b.lds {
                    self.lds_write(lane, c.bits);
                    continue;
                }
                let (reg, shift) = match (d16, hi) {
                    (false, _) => (vd + k, None),
                    (true, true) => (vd, Some(16)),
                    (true, false) => (vd + k / 2, Some(16 * (k as u32 % 2))),
                };
                let old = self.vgpr(reg, lane);
                let new = match shift {
                    None => c.bits,
                    Some(s) => (old & !(0xffff << s)) | ((c.bits & 0xffff) << s),
                };
                self.set_vgpr(reg, lane, new);
                let kept = shift.map_or(0, |s| u64::from(!(0xffffu32 << s)));
                if from_memory && !range_ok {
                    self.loose_range(reg, lane, kept);
                } else if !addr_ok {
                    self.loose_addr(reg, lane, kept);
                } else if let Some(acc) = accept_of(c, shift) {
                    self.unsettled.push(unsettled_lane(
                        reg as u8,
                        lane,
                        acc,
                        "gcn5.buffer.format.rounding",
                    ));
                }
            }
            if !self.b.lds {
                let dwords = if d16 {
                    usize::from(comps).div_ceil(2)
                } else {
                    usize::from(comps)
                };
                self.tfe(lane, dwords);
            }
        }
        Ok(())
    }

    pub(super) fn store_format(&mut self, comps: u8, d16: bool, hi: bool) -> Result<(), ExecError> {
        let (l, nfmt) = self.format()?;
        let vd = usize::from(self.b.vdata);
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            if !self.ok(&a, 0) {
                continue;
            }
            let mut packed = self.wave.mem.read(self.at(&a, 0, true), 4) as u32;
            for k in 0..usize::from(comps).min(l.n as usize) {
                let w = l.width[k];
                let v = match (d16, hi) {
                    (false, _) => format::store32(nfmt, w, self.vgpr(vd + k, lane)),
                    (true, true) => format::store16(nfmt, w, self.vgpr(vd, lane) >> 16),
                    (true, false) => {
                        let x = self.vgpr(vd + k / 2, lane) >> (16 * (k as u32 % 2));
                        format::store16(nfmt, w, x & 0xffff)
                    }
                }
                .map_err(|r| pending(self.name, r))?;
                if l.packed {
                    let m = ((1u32 << w) - 1) << l.shift[k];
                    packed = (packed & !m) | ((v << l.shift[k]) & m);
                } else {
                    let bytes = w / 8;
                    let at = self.at(&a, k as u64 * u64::from(bytes), bytes == 4);
                    self.wave.mem.write(at, bytes, u64::from(v));
                }
            }
            if l.packed {
                let at = self.at(&a, 0, true);
                self.wave.mem.write(at, 4, u64::from(packed));
            }
        }
        Ok(())
    }

    pub(super) fn atomic(&mut self, op: Atomic, x2: bool) {
        let vd = usize::from(self.b.vdata);
        let n = if x2 { 2 } else { 1 };
        let mut seen: Vec<(u64, usize)> = Vec::new();
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            let read = |r: &Self, first: usize| -> u64 {
                let lo = u64::from(r.vgpr(vd + first, lane));
                if x2 {
                    lo | u64::from(r.vgpr(vd + first + 1, lane)) << 32
                } else {
                    lo
                }
            };
            let data = read(self, 0);
            let cmp = read(self, n);
            let ret = if self.ok(&a, 0) {
                let at = self.at(&a, 0, true);
                let bytes = 4 * n as u32;
                let tmp = self.wave.mem.read(at, bytes);
                let new = apply(op, n == 2, tmp, data, cmp);
                self.wave.mem.write(at, bytes, new);
                seen.push((at, lane));
                tmp
            } else {
                0
            };
            if self.b.glc {
                self.set_vgpr(vd, lane, ret as u32);
                if x2 {
                    self.set_vgpr(vd + 1, lane, (ret >> 32) as u32);
                }
                if !self.addr_settled(&a, 0) {
                    for i in 0..n {
                        self.loose_addr(vd + i, lane, 0);
                    }
                }
            }
        }
        if self.b.glc {
            // Lanes sharing an address: the returned values depend on an order the manual
            // does not state (rule gcn5.buffer.lane_order).
            for &(at, lane) in &seen {
                if seen.iter().filter(|(x, _)| *x == at).count() > 1 {
                    for i in 0..n {
                        self.unsettled.push(unsettled_lane(
                            (vd + i) as u8,
                            lane,
                            Accept::Mask(0),
                            "gcn5.buffer.lane_order",
                        ));
                    }
                }
            }
        }
    }

    pub(super) fn store_lds(&mut self) {
        for lane in lanes(self.wave.exec) {
            let a = self.addr_in(lane);
            let at = self.lds_addr(lane);
            let v = self
                .wave
                .lds
                .get(at..at + 4)
                .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]));
            if self.ok(&a, 0) && at + 4 <= LDS_BYTES {
                let m = self.at(&a, 0, true);
                self.wave.mem.write(m, 4, u64::from(v));
            }
        }
    }
}
