//! MIMG instructions without a sampler: IMAGE_LOAD*, IMAGE_STORE*, IMAGE_ATOMIC_* and
//! IMAGE_GET_RESINFO over the wave (Vega manual, "Vector Memory (VM) Image Instructions",
//! "MIMG Instructions"; the MI100 manual has the same chapter). Design note:
//! docs/design/0034-gcn5-mimg-execution.md.
//!
//! [`tdesc`] decodes the T# and places a texel; the data formats are the buffer module's
//! ([`super::buffer::format`]); the atomics' values are [`super::atomic`]'s. Lanes run in
//! lane order, EXEC-masked. The rows with a sampler (IMAGE_SAMPLE*, IMAGE_GATHER*,
//! IMAGE_GET_LOD) are exempt from exact semantics ([`NOT_YET`], issue 6).

pub mod tdesc;
#[cfg(test)]
mod tests;

mod run;

use super::atomic::Op as Atomic;
use crate::error::pending;
use crate::error::ExecError;
use crate::formats::{Fields, Instruction};
use crate::wave::Wave;
use crate::{isa, Row};
use gpuref_core::isa::RowId;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use std::sync::OnceLock;

/// What a row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// IMAGE_LOAD*: `mip` reads a mipid; `pck` no format conversion (`Some(signed)`).
    Load { mip: bool, pck: Option<bool> },
    /// IMAGE_STORE*: `mip` reads a mipid; `pck` no format conversion.
    Store { mip: bool, pck: bool },
    /// IMAGE_ATOMIC_*: 32 or 64 bits by DMASK.
    Atomic(Atomic),
    /// IMAGE_GET_RESINFO.
    ResInfo,
}

/// One executed row: name, operation, status of its main rule, citations.
#[derive(Clone, Copy, Debug)]
pub struct ImageRow {
    pub name: &'static str,
    pub op: Op,
    pub status: Status,
    pub cites: &'static [SpecRef],
}

const MIMG: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "MIMG Instructions"),
    SpecRef::new(Spec::Vega, "Image Opcodes with No Sampler"),
    SpecRef::new(Spec::Vega, "VGPR Usage"),
];
const NOTE: SpecRef = SpecRef::new(Spec::Gpuref, "docs/design/0034-gcn5-mimg-execution.md");

const fn r(name: &'static str, op: Op, status: Status) -> ImageRow {
    ImageRow {
        name,
        op,
        status,
        cites: MIMG,
    }
}

const fn ld(mip: bool, pck: Option<bool>) -> Op {
    Op::Load { mip, pck }
}

const fn st(mip: bool, pck: bool) -> Op {
    Op::Store { mip, pck }
}

use Status::{Inferred, Specified, Unspecified};

/// Every MIMG row this module executes.
#[rustfmt::skip]
pub const ROWS: &[ImageRow] = &[
    r("IMAGE_LOAD",             ld(false, None),        Specified),
    r("IMAGE_LOAD_MIP",         ld(true, None),         Inferred),
    r("IMAGE_LOAD_PCK",         ld(false, Some(false)), Unspecified),
    r("IMAGE_LOAD_PCK_SGN",     ld(false, Some(true)),  Unspecified),
    r("IMAGE_LOAD_MIP_PCK",     ld(true, Some(false)),  Unspecified),
    r("IMAGE_LOAD_MIP_PCK_SGN", ld(true, Some(true)),   Unspecified),
    r("IMAGE_STORE",            st(false, false),       Specified),
    r("IMAGE_STORE_MIP",        st(true, false),        Inferred),
    r("IMAGE_STORE_PCK",        st(false, true),        Unspecified),
    r("IMAGE_STORE_MIP_PCK",    st(true, true),         Unspecified),
    r("IMAGE_GET_RESINFO",      Op::ResInfo,            Inferred),
    r("IMAGE_ATOMIC_SWAP",      Op::Atomic(Atomic::Swap),    Specified),
    r("IMAGE_ATOMIC_CMPSWAP",   Op::Atomic(Atomic::Cmpswap), Specified),
    r("IMAGE_ATOMIC_ADD",       Op::Atomic(Atomic::Add),     Specified),
    r("IMAGE_ATOMIC_SUB",       Op::Atomic(Atomic::Sub),     Specified),
    r("IMAGE_ATOMIC_SMIN",      Op::Atomic(Atomic::Smin),    Specified),
    r("IMAGE_ATOMIC_UMIN",      Op::Atomic(Atomic::Umin),    Specified),
    r("IMAGE_ATOMIC_SMAX",      Op::Atomic(Atomic::Smax),    Specified),
    r("IMAGE_ATOMIC_UMAX",      Op::Atomic(Atomic::Umax),    Specified),
    r("IMAGE_ATOMIC_AND",       Op::Atomic(Atomic::And),     Specified),
    r("IMAGE_ATOMIC_OR",        Op::Atomic(Atomic::Or),      Specified),
    r("IMAGE_ATOMIC_XOR",       Op::Atomic(Atomic::Xor),     Specified),
    r("IMAGE_ATOMIC_INC",       Op::Atomic(Atomic::Inc),     Specified),
    r("IMAGE_ATOMIC_DEC",       Op::Atomic(Atomic::Dec),     Specified),
];

const SAMPLE: &str = "sampling is out of scope for exact semantics (issue 6, docs/design/0034): the manual gives no filter arithmetic, LOD computation, address wrapping/clamping by the S# or border handling to compute a sample from";
const GATHER: &str = "gathers are out of scope for exact semantics (issue 6, docs/design/0034): which four texels a normalized float coordinate selects, and how the S#'s wrap modes and LOD act on them, is not in the manual";
const GET_LOD: &str = "the LOD calculation (derivatives, anisotropy, the S#'s bias and clamps) is not in the manual; out of scope for exact semantics (issue 6, docs/design/0034)";

/// Rows of this family exempt from exact semantics, with the reason (`exec::pending_reason`
/// reports them; [`execute`] returns them as `ExecError::Pending`).
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
    ("IMAGE_SAMPLE", SAMPLE),
    ("IMAGE_SAMPLE_CL", SAMPLE),
    ("IMAGE_SAMPLE_D", SAMPLE),
    ("IMAGE_SAMPLE_D_CL", SAMPLE),
    ("IMAGE_SAMPLE_L", SAMPLE),
    ("IMAGE_SAMPLE_B", SAMPLE),
    ("IMAGE_SAMPLE_B_CL", SAMPLE),
    ("IMAGE_SAMPLE_LZ", SAMPLE),
    ("IMAGE_SAMPLE_C", SAMPLE),
    ("IMAGE_SAMPLE_C_CL", SAMPLE),
    ("IMAGE_SAMPLE_C_D", SAMPLE),
    ("IMAGE_SAMPLE_C_D_CL", SAMPLE),
    ("IMAGE_SAMPLE_C_L", SAMPLE),
    ("IMAGE_SAMPLE_C_B", SAMPLE),
    ("IMAGE_SAMPLE_C_B_CL", SAMPLE),
    ("IMAGE_SAMPLE_C_LZ", SAMPLE),
    ("IMAGE_SAMPLE_O", SAMPLE),
    ("IMAGE_SAMPLE_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_D_O", SAMPLE),
    ("IMAGE_SAMPLE_D_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_L_O", SAMPLE),
    ("IMAGE_SAMPLE_B_O", SAMPLE),
    ("IMAGE_SAMPLE_B_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_LZ_O", SAMPLE),
    ("IMAGE_SAMPLE_C_O", SAMPLE),
    ("IMAGE_SAMPLE_C_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_C_D_O", SAMPLE),
    ("IMAGE_SAMPLE_C_D_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_C_L_O", SAMPLE),
    ("IMAGE_SAMPLE_C_B_O", SAMPLE),
    ("IMAGE_SAMPLE_C_B_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_C_LZ_O", SAMPLE),
    ("IMAGE_GATHER4", GATHER),
    ("IMAGE_GATHER4_CL", GATHER),
    ("IMAGE_GATHER4H", GATHER),
    ("IMAGE_GATHER4_L", GATHER),
    ("IMAGE_GATHER4_B", GATHER),
    ("IMAGE_GATHER4_B_CL", GATHER),
    ("IMAGE_GATHER4_LZ", GATHER),
    ("IMAGE_GATHER4_C", GATHER),
    ("IMAGE_GATHER4_C_CL", GATHER),
    ("IMAGE_GATHER4H_PCK", GATHER),
    ("IMAGE_GATHER8H_PCK", GATHER),
    ("IMAGE_GATHER4_C_L", GATHER),
    ("IMAGE_GATHER4_C_B", GATHER),
    ("IMAGE_GATHER4_C_B_CL", GATHER),
    ("IMAGE_GATHER4_C_LZ", GATHER),
    ("IMAGE_GATHER4_O", GATHER),
    ("IMAGE_GATHER4_CL_O", GATHER),
    ("IMAGE_GATHER4_L_O", GATHER),
    ("IMAGE_GATHER4_B_O", GATHER),
    ("IMAGE_GATHER4_B_CL_O", GATHER),
    ("IMAGE_GATHER4_LZ_O", GATHER),
    ("IMAGE_GATHER4_C_O", GATHER),
    ("IMAGE_GATHER4_C_CL_O", GATHER),
    ("IMAGE_GATHER4_C_L_O", GATHER),
    ("IMAGE_GATHER4_C_B_O", GATHER),
    ("IMAGE_GATHER4_C_B_CL_O", GATHER),
    ("IMAGE_GATHER4_C_LZ_O", GATHER),
    ("IMAGE_GET_LOD", GET_LOD),
    ("IMAGE_SAMPLE_CD", SAMPLE),
    ("IMAGE_SAMPLE_CD_CL", SAMPLE),
    ("IMAGE_SAMPLE_C_CD", SAMPLE),
    ("IMAGE_SAMPLE_C_CD_CL", SAMPLE),
    ("IMAGE_SAMPLE_CD_O", SAMPLE),
    ("IMAGE_SAMPLE_CD_CL_O", SAMPLE),
    ("IMAGE_SAMPLE_C_CD_O", SAMPLE),
    ("IMAGE_SAMPLE_C_CD_CL_O", SAMPLE),
];

const RESOURCE: SpecRef = SpecRef::new(Spec::Vega, "Image Resource");
const NO_SAMPLER: SpecRef = SpecRef::new(Spec::Vega, "Image Opcodes with No Sampler");
const USAGE: SpecRef = SpecRef::new(Spec::Vega, "VGPR Usage");
const FIELDS: SpecRef = SpecRef::new(Spec::Vega, "Image Instructions");
const VM_IMAGE: SpecRef = SpecRef::new(Spec::Vega, "Vector Memory (VM) Image Instructions");
const OPCODES: SpecRef = SpecRef::new(Spec::Vega, "MIMG Instructions");

/// Rule ids of the unsettled cases (their text is in [`RULES`]).
pub(crate) mod id {
    pub const ROWS: &str = "gcn5.image.layout.rows";
    pub const OUT: &str = "gcn5.image.out_of_range";
    pub const D16_STORE: &str = "gcn5.image.d16.store_dmask";
    pub const PCK: &str = "gcn5.image.pck";
    pub const TFE: &str = "gcn5.image.tfe";
    pub const DMASK0: &str = "gcn5.image.dmask_zero";
    pub const ORDER: &str = "gcn5.image.lane_order";
    pub const RESINFO: &str = "gcn5.image_get_resinfo.values";
}

/// The decisions of this module (docs/design/0034).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.image.descriptor", status: Status::Specified,
        cites: &[RESOURCE, VM_IMAGE],
        statement: "the T# is eight SGPRs from 4 * SRSRC (\"a 256-bit value in SGPRs\"; Vega removed R128), decoded by the Image Resource Definition table: base 39:0, data format 57:52, num format 61:58, width-1 77:64, height-1 91:78, dst_sel 107:96, base level 111:108, last level 115:112, tiling index 120:116, type 127:124, depth-1 140:128, pitch 156:141, max mip 191:188, compression enable 213" },
    Rule { id: "gcn5.image.base_address", status: Status::Inferred,
        cites: &[RESOURCE, NOTE],
        statement: "the 40-bit \"base address\", \"256-byte aligned\", holds address bits 47:8 (the texel (0,0) byte address is the field << 8), as the same table's 40-bit meta data address field is \"[47:8]\"" },
    Rule { id: "gcn5.image.layout", status: Status::Unspecified,
        cites: &[RESOURCE, NOTE],
        statement: "the manual gives no texel layout: the tiling index (a look-up table it does not list) is executed only when 0, read as the linear layout; other tiling indices, MSAA types (fragment placement), types 0..7 and compressed (DCC) images are not executed (ExecError::Pending)" },
    Rule { id: id::ROWS, status: Status::Unspecified,
        cites: &[RESOURCE, NOTE],
        statement: "linear layout: element (x, y, layer) of mip 0 at base + ((layer * height + y) * pitch + x) * bytes per element; only row 0 of layer 0 of mip 0 is settled (pitch's encoding, the layer pitch and where mip levels lie are not stated): a load elsewhere accepts any value, a store or atomic writes gpuref's address and marks those bytes unsettled, an atomic's return accepts any value" },
    Rule { id: "gcn5.image.address_vgprs", status: Status::Specified,
        cites: &[NO_SAMPLER, FIELDS],
        statement: "address VGPRs hold uint components in the order x, y (2D, 3D, cube, 2D array), z / face_id (3D, cube), slice (arrays), mipid (_MIP rows); with A16 each component is 16 bits, two per dword, low half first; a cube's face_id = slice * 6 + face is its layer" },
    Rule { id: "gcn5.image.da", status: Status::Inferred,
        cites: &[RESOURCE, FIELDS, NOTE],
        statement: "DA = 1 adds the slice component for 1D/2D types (an array T# uses it; a non-array T# ignores it: \"Indices sent for non-indexed texture maps are ignored\"); DA = 0 sends none and an array T# reads slice 0; 3D and cube always have their third component and no slice" },
    Rule { id: "gcn5.image.mip_level", status: Status::Inferred,
        cites: &[RESOURCE, OPCODES, NOTE],
        statement: "the level accessed is base level + mipid for the _MIP rows and base level for the others (base level is the view's first level)" },
    Rule { id: id::OUT, status: Status::Unspecified,
        cites: &[NO_SAMPLER, NOTE],
        statement: "the manual states no image range check: x > width-1, y > height-1 (types with y), z > depth-1 (3D) or a level past last level is out of range; loads return 0 and accept any value, stores and atomics are dropped (an atomic returns 0, accepting any value); the slice count of arrays and cubes is not in the T# table, so slices are not checked" },
    Rule { id: "gcn5.image.format", status: Status::Inferred,
        cites: &[SpecRef::new(Spec::Vega, "Data Formats"), RESOURCE, NOTE],
        statement: "data formats 1..=14 with num formats 0..=7 are the buffer codes and convert as the buffer FORMAT rows (rules gcn5.buffer.format.*; \"Data formats 0-15 are available to buffer resources, and all formats are available to image formats\"); the image-only formats (16..63: a figure), num formats 8..15 and data format 0 are not executed" },
    Rule { id: "gcn5.image.dmask.load", status: Status::Specified,
        cites: &[USAGE, VM_IMAGE, RESOURCE],
        statement: "a load expands the element to RGBA through dst_sel (0, 1, or a channel; a channel the format lacks reads 0, as gcn5.buffer.format.dst_sel) and returns the DMASK-enabled components in order into consecutive VGPRs" },
    Rule { id: id::DMASK0, status: Status::Unspecified,
        cites: &[FIELDS, NOTE],
        statement: "DMASK = 0 on a load (\"one to four consecutive VGPRs\"): the one VDATA dword the encoding counts is not written by gpuref and accepts any value" },
    Rule { id: "gcn5.image.dmask.store", status: Status::Specified,
        cites: &[USAGE, FIELDS],
        statement: "a store writes the whole element: each DMASK-enabled component from the next VGPR, the others 0, components the format lacks ignored; dst_sel is not applied" },
    Rule { id: "gcn5.image.d16", status: Status::Specified,
        cites: &[USAGE, FIELDS],
        statement: "D16 loads convert each component to 16 bits (float or int by num format, gcn5.buffer.format.rounding) and pack two per VGPR, low half first; D16 stores widen each half and convert it to the format" },
    Rule { id: id::D16_STORE, status: Status::Contested,
        cites: &[FIELDS, USAGE, NOTE],
        statement: "for D16 stores the DMASK field says \"DMASK is used only as a word count ... Bit position is ignored\" while VGPR Usage selects components by bit: the readings agree for DMASK 0x1, 0x3, 0x7, 0xF; for other masks gpuref selects by bit and marks the element's bytes unsettled" },
    Rule { id: id::PCK, status: Status::Unspecified,
        cites: &[OPCODES, NOTE],
        statement: "_PCK rows move data with \"no format conversion\": a load returns each selected component's raw bits zero-extended (_SGN: sign-extended) into its VGPR, a store writes each VGPR's low bits into the component; how components narrower than 32 bits are packed is not stated: such a load accepts any value, such a store marks the element unsettled" },
    Rule { id: "gcn5.image.atomic", status: Status::Specified,
        cites: &[USAGE, OPCODES],
        statement: "atomics treat the element as one 32- or 64-bit component: DMASK 0x1 (CMPSWAP 0x3) is 32 bits, 0x3 (CMPSWAP 0xF) 64 bits; CMPSWAP src = DATA[0], cmp = DATA[1] (64-bit: DATA[0:1], DATA[2:3]); GLC = 1 returns the old value at VDATA; a surface whose element size differs from the atomic's width is not executed" },
    Rule { id: id::ORDER, status: Status::Unspecified,
        cites: &[NOTE],
        statement: "lanes access memory in lane order 0..63: of two stores to one element the higher lane's stays; atomics to one element apply in lane order, and the values they return under GLC accept any value" },
    Rule { id: id::TFE, status: Status::Unspecified,
        cites: &[FIELDS, NOTE],
        statement: "with TFE a load writes the VGPR after its data (\"DST+1\"); its value (the PRT NACK status) is not stated: gpuref writes 0 and accepts any value" },
    Rule { id: "gcn5.image.lwe", status: Status::Unspecified,
        cites: &[FIELDS, OPCODES, NOTE],
        statement: "LWE (\"LOD warning enable\"; the Image Instructions table's \"Force data to be un-normalized\" is a copy error) changes no state of a non-sampled row in this model (no VGPR is added, as the encoding counts only TFE)" },
    Rule { id: "gcn5.image.cache_bits", status: Status::Specified,
        cites: &[FIELDS],
        statement: "GLC and SLC are cache policy (no effect on one wave's state) except that an atomic with GLC = 1 returns the pre-op value; UNORM changes nothing for the uint addresses of rows without a sampler" },
    Rule { id: id::RESINFO, status: Status::Inferred,
        cites: &[OPCODES, RESOURCE, NOTE],
        statement: "IMAGE_GET_RESINFO returns {num_mip_levels, depth, height, width} in VGPRs 3..0, DMASK-selected; at level L = base level + mipid width is max(1, (width-1 field + 1) >> L), likewise height and a 3D depth; the depth of other types, a level read as mipid alone where it differs, and num_mip_levels where last level - base level + 1 and max mip + 1 differ accept any value" },
];

/// Whether this family executes the row.
pub fn handles(row: &Row) -> bool {
    image_row(row.name).is_some()
}

/// The entry of a row in [`ROWS`].
pub fn image_row(name: &str) -> Option<&'static ImageRow> {
    ROWS.iter().find(|r| r.name == name)
}

/// The entry of the row with this id in [`ROWS`] (joined to the rows once).
pub fn image_row_of(id: RowId) -> Option<&'static ImageRow> {
    static TABLE: OnceLock<Vec<Option<&'static ImageRow>>> = OnceLock::new();
    TABLE.get_or_init(|| isa::by_row(ROWS.iter().map(|r| (r.name, r))))[id.index()]
}

/// Execute an instruction of this family.
pub fn execute(wave: &mut Wave, inst: &Instruction) -> Result<(), ExecError> {
    let name = inst.row.name;
    if let Some((_, why)) = NOT_YET.iter().find(|(n, _)| *n == name) {
        return Err(pending(name, why));
    }
    let (Fields::Mimg(m), Some(row)) = (inst.fields, image_row_of(isa::row_id(inst.row))) else {
        return Err(ExecError::NotYet { name });
    };
    if wave.vgpr.len() < 256 {
        return Err(pending(name, "the wave has no VGPR file"));
    }
    let mut run = run::Run::new(wave, name, m, row.op)?;
    match row.op {
        Op::Load { mip, pck } => run.load(mip, pck)?,
        Op::Store { mip, pck } => run.store(mip, pck)?,
        Op::Atomic(op) => run.atomic(op)?,
        Op::ResInfo => run.resinfo(),
    }
    let (lanes, mem) = run.finish();
    wave.unsettled = lanes;
    wave.unsettled_mem = mem;
    wave.pc = wave.pc.wrapping_add(4 * inst.dwords() as u64);
    Ok(())
}
