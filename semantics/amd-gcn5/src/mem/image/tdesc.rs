//! The image resource descriptor (T#) and the texel address of the non-sampled image
//! instructions (Vega manual, "Vector Memory (VM) Image Instructions": "Image Resource",
//! "Image Opcodes with No Sampler", "VGPR Usage"). What the manual leaves open is a rule of
//! [`super::RULES`], explained in docs/design/0034-gcn5-mimg-execution.md.

/// The fields of a T# (Vega "Image Resource", table "Image Resource Definition"), bit
/// numbers of the 256-bit value made of the eight SGPRs, the first SGPR lowest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TDesc {
    /// Bits 39:0, "base address", "256-byte aligned": address bits 47:8 (rule
    /// `gcn5.image.base_address`); [`TDesc::base`] is the byte address.
    pub base_field: u64,
    /// Bits 51:40, "min lod" (U4.8).
    pub min_lod: u16,
    /// Bits 57:52, "data format" (codes 0..=15 are the buffer DFMT codes).
    pub data_format: u8,
    /// Bits 61:58, "num format" (codes 0..=7 are the buffer NFMT codes).
    pub num_format: u8,
    /// Bit 62, "NV".
    pub nv: bool,
    /// Bits 77:64, "width": width - 1 of mip 0 in texels.
    pub width_m1: u16,
    /// Bits 91:78, "height": height - 1 of mip 0.
    pub height_m1: u16,
    /// Bits 94:92, "perf modulation".
    pub perf_mod: u8,
    /// Bits 98:96, 101:99, 104:102, 107:105, "dst_sel_x..w": 0 = 0, 1 = 1, 4..7 = R..A.
    pub dst_sel: [u8; 4],
    /// Bits 111:108, "base level".
    pub base_level: u8,
    /// Bits 115:112, "last level".
    pub last_level: u8,
    /// Bits 120:116, "Tiling index" (a look-up table index the manual does not give; rule
    /// `gcn5.image.layout`: only 0 is executed, as the linear layout).
    pub tiling_index: u8,
    /// Bits 127:124, "type": 0 buf, 8 1d, 9 2d, 10 3d, 11 cube, 12 1d-array, 13 2d-array,
    /// 14 2d-msaa, 15 2d-msaa-array.
    pub type_code: u8,
    /// Bits 140:128, "depth": depth - 1 of mip 0 of a 3D map.
    pub depth_m1: u16,
    /// Bits 156:141, "pitch", "in texel units".
    pub pitch: u32,
    /// Bits 159:157, "border color swizzle".
    pub bc_swizzle: u8,
    /// Bits 176:173, "Array Pitch" (for quilts).
    pub array_pitch: u8,
    /// Bits 191:188, "Max Mip": the resource's mip levels - 1.
    pub max_mip: u8,
    /// Bits 203:192, "min LOD warn" (U4.8).
    pub min_lod_warn: u16,
    /// Bit 213, "Compression Enable" (delta color compression).
    pub compression: bool,
}

/// The dimension the T#'s type names ("Image Opcodes with No Sampler", column dim).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    D1,
    D2,
    D3,
    Cube,
    D1Array,
    D2Array,
}

impl TDesc {
    /// Decode the eight dwords (SGPR n..n+7).
    pub fn decode(w: [u32; 8]) -> TDesc {
        TDesc {
            base_field: u64::from(w[0]) | u64::from(w[1] & 0xff) << 32,
            min_lod: ((w[1] >> 8) & 0xfff) as u16,
            data_format: ((w[1] >> 20) & 0x3f) as u8,
            num_format: ((w[1] >> 26) & 0xf) as u8,
            nv: (w[1] >> 30) & 1 == 1,
            width_m1: (w[2] & 0x3fff) as u16,
            height_m1: ((w[2] >> 14) & 0x3fff) as u16,
            perf_mod: ((w[2] >> 28) & 7) as u8,
            dst_sel: [
                (w[3] & 7) as u8,
                ((w[3] >> 3) & 7) as u8,
                ((w[3] >> 6) & 7) as u8,
                ((w[3] >> 9) & 7) as u8,
            ],
            base_level: ((w[3] >> 12) & 0xf) as u8,
            last_level: ((w[3] >> 16) & 0xf) as u8,
            tiling_index: ((w[3] >> 20) & 0x1f) as u8,
            type_code: (w[3] >> 28) as u8,
            depth_m1: (w[4] & 0x1fff) as u16,
            pitch: (w[4] >> 13) & 0xffff,
            bc_swizzle: (w[4] >> 29) as u8,
            array_pitch: ((w[5] >> 13) & 0xf) as u8,
            max_mip: (w[5] >> 28) as u8,
            min_lod_warn: (w[6] & 0xfff) as u16,
            compression: (w[6] >> 21) & 1 == 1,
        }
    }

    /// The byte address of texel (0, 0) of mip 0: "base address" bits 39:0 are address bits
    /// 47:8 (rule `gcn5.image.base_address`).
    pub fn base(&self) -> u64 {
        self.base_field << 8
    }

    /// The dimension of the type, or why the type is not executed.
    pub fn dim(&self) -> Result<Dim, &'static str> {
        Ok(match self.type_code {
            8 => Dim::D1,
            9 => Dim::D2,
            10 => Dim::D3,
            11 => Dim::Cube,
            12 => Dim::D1Array,
            13 => Dim::D2Array,
            14 | 15 => {
                return Err(
                    "a 2D MSAA T#: where a fragment's samples are in memory (FMASK, \
                            sample planes) is not in the manual (rule gcn5.image.layout)",
                )
            }
            0 => {
                return Err(
                    "T# type 0 (buf) with an image instruction: the manual gives no \
                            image address for a buffer type",
                )
            }
            _ => return Err("T# type 1..7 is reserved"),
        })
    }
}

/// The address components of one lane, as "Image Opcodes with No Sampler" lays them out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coord {
    pub x: u32,
    pub y: u32,
    /// z (3D), face_id = slice * 6 + face (cube), slice (arrays, when DA = 1), else 0.
    pub layer: u32,
    /// mipid of the _MIP rows (0 for the others).
    pub mip: u32,
}

/// Which address components the VGPRs hold, in order, for `dim`, DA and a _MIP row: x;
/// y (2D, 3D, cube, 2D array); z / face_id (3D, cube); slice when DA = 1 (1D and 2D
/// types; "Indices sent for non-indexed texture maps are ignored", rule `gcn5.image.da`);
/// mipid. Returns (has_y, has_layer_slot, layer_is_used, has_mip).
fn slots(dim: Dim, da: bool, mip: bool) -> (bool, bool, bool, bool) {
    match dim {
        Dim::D1 => (false, da, false, mip),
        Dim::D1Array => (false, da, true, mip),
        Dim::D2 => (true, da, false, mip),
        Dim::D2Array => (true, da, true, mip),
        Dim::D3 | Dim::Cube => (true, true, true, mip),
    }
}

/// The components read from the lane's address VGPRs `vaddr` (one value per dword, or two
/// 16-bit values per dword, low half first, with A16: "all address components are 16
/// bits (packed into two per Dword)"), as uint ("all VGPR address values are taken as
/// uint").
pub fn coord(dim: Dim, da: bool, mip: bool, a16: bool, vaddr: &dyn Fn(usize) -> u32) -> Coord {
    let (has_y, has_layer, layer_used, has_mip) = slots(dim, da, mip);
    let mut next = 0usize;
    let mut take = || {
        let v = if a16 {
            (vaddr(next / 2) >> (16 * (next % 2))) & 0xffff
        } else {
            vaddr(next)
        };
        next += 1;
        v
    };
    let x = take();
    let y = if has_y { take() } else { 0 };
    let layer = if has_layer { take() } else { 0 };
    let m = if has_mip { take() } else { 0 };
    Coord {
        x,
        y,
        layer: if layer_used { layer } else { 0 },
        mip: m,
    }
}

/// How the texel of a coordinate lies in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Outside the image (rule `gcn5.image.out_of_range`).
    Out,
    /// At this byte address, settled: row 0 of layer 0 of mip 0 of a linear image.
    At(u64),
    /// At this byte address in gpuref's reading of the linear layout; another reading
    /// gives another address (rule `gcn5.image.layout.rows`).
    Chosen(u64),
}

/// The element of `c` at mip level `level` with `bpe` bytes per element, under the
/// linear layout (rules `gcn5.image.layout`, `gcn5.image.layout.rows`,
/// `gcn5.image.out_of_range`): out when x > width - 1, y > height - 1 (types with y),
/// z > depth - 1 (3D) or the level is past `last_level`; else base + ((layer * height + y)
/// * pitch + x) * bpe.
pub fn place(d: &TDesc, dim: Dim, c: &Coord, level: u32, bpe: u64) -> Place {
    let has_y = !matches!(dim, Dim::D1 | Dim::D1Array);
    let out = c.x > u32::from(d.width_m1)
        || (has_y && c.y > u32::from(d.height_m1))
        || (dim == Dim::D3 && c.layer > u32::from(d.depth_m1))
        || level > u32::from(d.last_level);
    if out {
        return Place::Out;
    }
    let height = u64::from(d.height_m1) + 1;
    let row = u64::from(c.layer) * height + u64::from(c.y);
    let texel = row * u64::from(d.pitch) + u64::from(c.x);
    let at = d.base().wrapping_add(texel.wrapping_mul(bpe));
    if row == 0 && level == 0 {
        Place::At(at)
    } else {
        Place::Chosen(at)
    }
}
