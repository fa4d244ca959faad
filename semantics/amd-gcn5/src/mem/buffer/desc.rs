//! The buffer resource descriptor (V#), address computation and range checking (Vega
//! manual, "Vector Memory Operations": "Buffer Resource", "Buffer Addressing", "Range
//! Checking", "Swizzled Buffer Addressing"; the MI100 manual has the same sections).

/// The fields of a V# (Vega "Buffer Resource", table "Buffer Resource Descriptor"), bit
/// numbers of the 128-bit value made of the four SGPRs, the first SGPR lowest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Descriptor {
    /// Bits 47:0, "Base address": byte address.
    pub base: u64,
    /// Bits 61:48, "Stride": bytes 0 to 16383 (the 14-bit field; [`Descriptor::stride`]
    /// extends it to 18 bits for ADD_TID_ENABLE with non-format MUBUF rows).
    pub stride14: u32,
    /// Bit 62, "Cache swizzle": a texture-cache bank choice; no effect on the address.
    pub cache_swizzle: bool,
    /// Bit 63, "Swizzle enable": swizzled addressing ("Swizzled Buffer Addressing").
    pub swizzle_enable: bool,
    /// Bits 95:64, "Num_records": bytes for raw buffers, records of `stride` bytes for
    /// structured ones ("Range Checking").
    pub num_records: u32,
    /// Bits 98:96, 101:99, 104:102, 107:105, "Dst_sel_x..w": 0 = 0, 1 = 1, 4..7 = R, G, B, A.
    pub dst_sel: [u8; 4],
    /// Bits 110:108, "Num format" (the MTBUF NFMT codes).
    pub num_format: u8,
    /// Bits 114:111, "Data format" (the MTBUF DFMT codes; 0 = INVALID, an unbound
    /// resource); stride bits 17:14 for MUBUF non-format rows when ADD_TID_ENABLE is set.
    pub data_format: u8,
    /// Bit 115, "User VM Enable" in the Vega table; LLVM (and older GCN manuals) place
    /// ELEMENT_SIZE at bits 116:115 (rule `gcn5.buffer.swizzle.element_size`).
    pub user_vm_enable: bool,
    /// Bit 116, "User VM mode" (0: unmapped accesses return 0 / drop; 1: error).
    pub user_vm_mode: bool,
    /// Bits 116:115 read as ELEMENT_SIZE code: 2, 4, 8, 16 bytes for 0..3 (contested:
    /// the Vega table names these bits User VM enable/mode; see [`Self::user_vm_enable`]).
    pub element_size_code: u8,
    /// Bits 118:117, "Index stride": 8, 16, 32 or 64 for 0..3.
    pub index_stride_code: u8,
    /// Bit 119, "Add tid enable": the lane's thread ID is added to the index.
    pub add_tid_enable: bool,
    /// Bit 123, "NV": non-volatile.
    pub nv: bool,
    /// Bits 127:126, "Type": 0 for a buffer.
    pub type_bits: u8,
}

impl Descriptor {
    /// Decode the four dwords (SGPR n..n+3).
    pub fn decode(w: [u32; 4]) -> Descriptor {
        let bit = |word: u32, b: u32| (word >> b) & 1 == 1;
        Descriptor {
            base: u64::from(w[0]) | u64::from(w[1] & 0xffff) << 32,
            stride14: (w[1] >> 16) & 0x3fff,
            cache_swizzle: bit(w[1], 30),
            swizzle_enable: bit(w[1], 31),
            num_records: w[2],
            dst_sel: [
                (w[3] & 7) as u8,
                ((w[3] >> 3) & 7) as u8,
                ((w[3] >> 6) & 7) as u8,
                ((w[3] >> 9) & 7) as u8,
            ],
            num_format: ((w[3] >> 12) & 7) as u8,
            data_format: ((w[3] >> 15) & 0xf) as u8,
            user_vm_enable: bit(w[3], 19),
            user_vm_mode: bit(w[3], 20),
            element_size_code: ((w[3] >> 19) & 3) as u8,
            index_stride_code: ((w[3] >> 21) & 3) as u8,
            add_tid_enable: bit(w[3], 23),
            nv: bit(w[3], 27),
            type_bits: (w[3] >> 30) as u8,
        }
    }

    /// const_stride ("V# Buffer Resource Constant Fields for Addressing"): 18 bits
    /// `{DFMT[3:0], stride[13:0]}` when ADD_TID_ENABLE is set and the row is a MUBUF row
    /// that is not a format row, else the 14-bit field.
    pub fn stride(&self, mubuf_non_format: bool) -> u64 {
        if self.add_tid_enable && mubuf_non_format {
            u64::from(self.data_format) << 14 | u64::from(self.stride14)
        } else {
            u64::from(self.stride14)
        }
    }

    /// const_element_size in bytes: 2, 4, 8 or 16.
    pub fn element_size(&self) -> u64 {
        2 << self.element_size_code
    }

    /// const_index_stride: 8, 16, 32 or 64 indices.
    pub fn index_stride(&self) -> u64 {
        8 << self.index_stride_code
    }
}

/// The per-lane address inputs of one access.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AddrIn {
    /// IDXEN: the index VGPR's value (VADDR).
    pub vgpr_index: Option<u32>,
    /// OFFEN: the offset VGPR's value (VADDR, or VADDR+1 with IDXEN).
    pub vgpr_offset: Option<u32>,
    /// OFFSET12, inst_offset.
    pub inst_offset: u32,
    /// SOFFSET's value, sgpr_offset.
    pub sgpr_offset: u32,
    /// The lane, 0..=63 (thread_id[5:0]).
    pub lane: u8,
    /// Whether the row is a MUBUF non-format row (the 18-bit stride with ADD_TID).
    pub mubuf_non_format: bool,
}

impl AddrIn {
    /// Index = (inst_idxen ? vgpr_index : 0) + (const_add_tid_enable ? thread_id[5:0] : 0).
    pub fn index(&self, d: &Descriptor) -> u64 {
        u64::from(self.vgpr_index.unwrap_or(0))
            + if d.add_tid_enable {
                u64::from(self.lane & 63)
            } else {
                0
            }
    }

    /// Offset = (inst_offen ? vgpr_offset : 0) + inst_offset (no wrap: 33 bits).
    pub fn offset(&self) -> u64 {
        u64::from(self.vgpr_offset.unwrap_or(0)) + u64::from(self.inst_offset)
    }
}

/// The byte address of the byte `extra` bytes past the access's offset ("Swizzled Buffer
/// Addressing" for swizzled buffers; index * stride + offset for linear ones), before the
/// dword alignment of "Alignment".
pub fn address(d: &Descriptor, a: &AddrIn, extra: u64) -> u64 {
    let index = a.index(d);
    let offset = a.offset().wrapping_add(extra);
    let stride = d.stride(a.mubuf_non_format);
    let buffer_offset = if d.swizzle_enable {
        let (is, es) = (d.index_stride(), d.element_size());
        let (index_msb, index_lsb) = (index / is, index % is);
        let (offset_msb, offset_lsb) = (offset / es, offset % es);
        index_msb
            .wrapping_mul(stride)
            .wrapping_add(offset_msb.wrapping_mul(es))
            .wrapping_mul(is)
            .wrapping_add(index_lsb.wrapping_mul(es))
            .wrapping_add(offset_lsb)
    } else {
        index.wrapping_mul(stride).wrapping_add(offset)
    };
    d.base
        .wrapping_add(u64::from(a.sgpr_offset))
        .wrapping_add(buffer_offset)
}

/// Which of the manual's range checks applies ("Range Checking").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Private (scratch): AddTID == 1 && IdxEn == 0: no range checking.
    Private,
    /// Raw: AddTID == 0 && SwizzleEn == 0 && IdxEn == 0: out of range if
    /// InstOffset + (OffEN ? vgpr_offset : 0) >= NumRecords.
    Raw,
    /// Structured: AddTID == 0 && Stride != 0 && IdxEn == 1: out of range if
    /// Index(vgpr) >= NumRecords.
    Structured,
    /// AddTID == 0 && Stride == 0 && IdxEn == 1 && SwizzleEn == 0: Structured but for
    /// `Stride != 0`, Raw but for `IdxEn == 0`. A load reads under both checks; where they
    /// differ its lane is open (rule `gcn5.buffer.range_check.stride0`); gpuref's bits
    /// follow the raw check.
    IndexedStride0,
    /// None of the manual's cases otherwise (swizzling without IDXEN, ADD_TID with IDXEN,
    /// swizzling with IDXEN and stride 0): the manual states no check (rule
    /// `gcn5.buffer.range_check.uncovered`).
    Uncovered,
}

/// The check the descriptor and the instruction select.
pub fn check_kind(d: &Descriptor, idxen: bool, mubuf_non_format: bool) -> Check {
    match (d.add_tid_enable, idxen) {
        (true, false) => Check::Private,
        (false, false) if !d.swizzle_enable => Check::Raw,
        (false, true) if d.stride(mubuf_non_format) != 0 => Check::Structured,
        (false, true) if !d.swizzle_enable => Check::IndexedStride0,
        _ => Check::Uncovered,
    }
}

/// Whether the byte `extra` past the access's offset is in range under `check` (a
/// component starting there; Notes 3 and 4 of "Range Checking" say which components).
pub fn in_range(d: &Descriptor, a: &AddrIn, check: Check, extra: u64) -> bool {
    match check {
        Check::Private | Check::Uncovered => true,
        Check::Raw | Check::IndexedStride0 => {
            a.offset().wrapping_add(extra) < u64::from(d.num_records)
        }
        Check::Structured => u64::from(a.vgpr_index.unwrap_or(0)) < u64::from(d.num_records),
    }
}

/// Whether every reading of `check` agrees on the byte `extra` past the access: only
/// [`Check::IndexedStride0`] has two (the raw and the structured check; rule
/// `gcn5.buffer.range_check.stride0`).
pub fn range_settled(d: &Descriptor, a: &AddrIn, check: Check, extra: u64) -> bool {
    check != Check::IndexedStride0
        || in_range(d, a, Check::Raw, extra) == in_range(d, a, Check::Structured, extra)
}
