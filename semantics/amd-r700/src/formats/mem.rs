//! Memory-read and data-share formats (R700 §"10.5 Memory Read Instructions", §"10.6 Data
//! Share Read/Write Instructions"): MEM_RD_WORD0-2, MEM_DSW_WORD0-2 and MEM_DSR_WORD0-2,
//! selected by VTX_INST = 2 (MEM) in bits [4:0] and MEM_OP [10:8]; 128 bits with the zero
//! fourth dword, as the other fetch-clause instructions.

use super::{f, Field, Kind::*, Layout};
use crate::Target;

const PAD: Field = f("DWORD3", 3, 0, 32, Reserved);
/// DST_SEL_* / SRC_SEL_* with 6 reserved.
const SEL: super::Kind = Enum(&[6]);
/// REL_NONE, REL_LOOP, REL_GLOBAL; 3 is not defined.
const REL_MODE: super::Kind = Enum(&[3]);

/// MEM_RD_WORD0-2. MEM_REQ_SIZE "must be cleared for R700-family and later products".
pub const MEM_RD: Layout = Layout {
    name: "MEM_RD_WORD0/1/2",
    words: 4,
    fields: &[
        f("VTX_INST", 0, 0, 5, Fixed(2)),
        f("ELEM_SIZE", 0, 5, 2, Int),
        f("FETCH_WHOLE_QUAD", 0, 7, 1, Flag),
        f("MEM_OP", 0, 8, 3, Opcode),
        f("UNCACHED", 0, 11, 1, Flag),
        f("INDEXED", 0, 12, 1, Flag),
        f("MEM_REQ_SIZE", 0, 13, 2, Reserved),
        f("RESERVED_15", 0, 15, 1, Reserved),
        f("SRC_GPR", 0, 16, 7, Int),
        f("SRC_REL", 0, 23, 1, Flag),
        f("SRC_SEL_X", 0, 24, 2, Int),
        f("BURST_CNT", 0, 26, 4, Int),
        f("RESERVED_30", 0, 30, 2, Reserved),
        f("DST_GPR", 1, 0, 7, Int),
        f("DST_REL", 1, 7, 1, Flag),
        f("RESERVED_8", 1, 8, 1, Reserved),
        f("DST_SEL_X", 1, 9, 3, SEL),
        f("DST_SEL_Y", 1, 12, 3, SEL),
        f("DST_SEL_Z", 1, 15, 3, SEL),
        f("DST_SEL_W", 1, 18, 3, SEL),
        f("RESERVED_21", 1, 21, 1, Reserved),
        f("DATA_FORMAT", 1, 22, 6, Int),
        f("NUM_FORMAT_ALL", 1, 28, 2, Enum(&[3])),
        f("FORMAT_COMP_ALL", 1, 30, 1, Flag),
        f("SRF_MODE_ALL", 1, 31, 1, Flag),
        f("ARRAY_BASE", 2, 0, 13, Int),
        f("RESERVED_13", 2, 13, 3, Reserved),
        f("ENDIAN_SWAP", 2, 16, 2, Enum(&[3])),
        f("RESERVED_18", 2, 18, 1, Reserved),
        f("MEGA_FETCH", 2, 19, 1, Flag),
        f("ARRAY_SIZE", 2, 20, 12, Int),
        PAD,
    ],
};

/// MEM_DSW_WORD0-2 (LOCAL_DS_WRITE).
pub const MEM_DSW: Layout = Layout {
    name: "MEM_DSW_WORD0/1/2",
    words: 4,
    fields: &[
        f("VTX_INST", 0, 0, 5, Fixed(2)),
        f("RESERVED_5", 0, 5, 3, Reserved),
        f("MEM_OP", 0, 8, 3, Opcode),
        f("SRC_GPR", 0, 11, 7, Int),
        f("SRC_REL_MODE", 0, 18, 2, REL_MODE),
        f("SRC_SEL_X", 0, 20, 3, SEL),
        f("SRC_SEL_Y", 0, 23, 3, SEL),
        f("SRC_SEL_Z", 0, 26, 3, SEL),
        f("SRC_SEL_W", 0, 29, 3, SEL),
        f("DST_INDEX", 1, 0, 6, Int),
        f("DST_INDEX_EXT", 1, 6, 2, Int),
        f("RESERVED_8", 1, 8, 8, Reserved),
        f("DST_STRIDE", 1, 16, 7, Int),
        f("DST_STRIDE_EXT", 1, 23, 2, Int),
        f("RESERVED_25", 1, 25, 6, Reserved),
        f("SIMD_WAVE_REL", 1, 31, 1, Flag),
        f("BURST_CNT", 2, 0, 4, Int),
        f("RESERVED_W2", 2, 4, 28, Reserved),
        PAD,
    ],
};

/// MEM_DSR_WORD0-2 (LOCAL_DS_READ). SRC_REL_MODE's bits are lost in ch.10's text for
/// MEM_DSR_WORD0 (the extraction attaches "[22:20]" to it and prints SRC_SEL_X and
/// SRC_SEL_Y under one "[25:23]"); we read it as MEM_DSW_WORD0 places it, [19:18], with
/// SRC_SEL_X [22:20] and SRC_SEL_Y [25:23] (design note 0044).
pub const MEM_DSR: Layout = Layout {
    name: "MEM_DSR_WORD0/1/2",
    words: 4,
    fields: &[
        f("VTX_INST", 0, 0, 5, Fixed(2)),
        f("RESERVED_5", 0, 5, 3, Reserved),
        f("MEM_OP", 0, 8, 3, Opcode),
        f("SRC_GPR", 0, 11, 7, Int),
        f("SRC_REL_MODE", 0, 18, 2, REL_MODE),
        f("SRC_SEL_X", 0, 20, 3, SEL),
        f("SRC_SEL_Y", 0, 23, 3, SEL),
        f("RD_OFFSET", 0, 26, 6, Int),
        f("DST_GPR", 1, 0, 7, Int),
        f("DST_REL_MODE", 1, 7, 2, REL_MODE),
        f("DST_WR_X", 1, 9, 1, Flag),
        f("DST_WR_Y", 1, 10, 1, Flag),
        f("DST_WR_Z", 1, 11, 1, Flag),
        f("DST_WR_W", 1, 12, 1, Flag),
        f("RESERVED_13", 1, 13, 3, Reserved),
        f("BROADCAST", 1, 16, 1, Flag),
        f("WATERFALL", 1, 17, 1, Flag),
        f("RESERVED_18", 1, 18, 2, Reserved),
        // DSR_MUX_NONE, FFT_PERMUTE, WORD_SELECT; 3-7 are not defined.
        f("MUX_CNTL", 1, 20, 3, Enum(&[3, 4, 5, 6, 7])),
        f("RESERVED_23", 1, 23, 9, Reserved),
        f("BURST_CNT", 2, 0, 4, Int),
        f("RESERVED_W2", 2, 4, 28, Reserved),
        PAD,
    ],
};

/// "Burst memory reads are not supported by the RV770 and RV790; however, the 710, 730,
/// and 740 support burst reads" (R700 §"7.3 Burst Memory Reads"): MEM_RD's BURST_CNT must
/// be 0 on rv770.
pub const NO_BURST_ON_RV770: &str =
    "burst memory reads are not supported by the RV770 (R700 7.3 Burst Memory Reads)";

/// Whether a MEM_RD BURST_CNT value is allowed on `target`.
pub fn burst_allowed(target: Target, burst_cnt: u32) -> bool {
    burst_cnt == 0 || target != Target::Rv770
}
