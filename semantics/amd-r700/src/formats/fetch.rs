//! Fetch formats (R700 §"10.3 Vertex-Fetch Instructions", §"10.4 Texture-Fetch
//! Instructions"): VTX_WORD0, VTX_WORD1_GPR or VTX_WORD1_SEM, VTX_WORD2 and TEX_WORD0-2,
//! each followed by a dword "filled with zeros" (ch.10): 128 bits per instruction.

use super::{f, Field, Kind::*, Layout};

/// DST_SEL_* / SRC_SEL_* values of the fetch formats: 6 is reserved.
const SEL: super::Kind = Enum(&[6]);

/// TEX SRC_SEL_* values: ch.10 defines 0-5 (X, Y, Z, W, 0.0, 1.0).
const SRC_SEL: super::Kind = Enum(&[6, 7]);

/// The zero fourth dword.
const PAD: Field = f("DWORD3", 3, 0, 32, Reserved);

/// VTX_WORD0 (all but VTX_INST) and VTX_WORD1's common part and VTX_WORD2.
macro_rules! vtx {
    ($name:expr, $($w1:expr),*) => {
        Layout {
            name: $name,
            words: 4,
            fields: &[
                f("VTX_INST", 0, 0, 5, Opcode),
                // 3 is not defined.
                f("FETCH_TYPE", 0, 5, 2, Enum(&[3])),
                f("FETCH_WHOLE_QUAD", 0, 7, 1, Flag),
                f("BUFFER_ID", 0, 8, 8, Int),
                f("SRC_GPR", 0, 16, 7, Int),
                f("SRC_REL", 0, 23, 1, Flag),
                f("SRC_SEL_X", 0, 24, 2, Int),
                f("MEGA_FETCH_COUNT", 0, 26, 6, Int),
                $($w1,)*
                f("RESERVED_8", 1, 8, 1, Reserved),
                f("DST_SEL_X", 1, 9, 3, SEL),
                f("DST_SEL_Y", 1, 12, 3, SEL),
                f("DST_SEL_Z", 1, 15, 3, SEL),
                f("DST_SEL_W", 1, 18, 3, SEL),
                f("USE_CONST_FIELDS", 1, 21, 1, Flag),
                f("DATA_FORMAT", 1, 22, 6, Int),
                // 3 is not defined.
                f("NUM_FORMAT_ALL", 1, 28, 2, Enum(&[3])),
                f("FORMAT_COMP_ALL", 1, 30, 1, Flag),
                f("SRF_MODE_ALL", 1, 31, 1, Flag),
                f("OFFSET", 2, 0, 16, Int),
                // 3 is not defined.
                f("ENDIAN_SWAP", 2, 16, 2, Enum(&[3])),
                f("CONST_BUF_NO_STRIDE", 2, 18, 1, Flag),
                f("MEGA_FETCH", 2, 19, 1, Flag),
                f("ALT_CONST", 2, 20, 1, Flag),
                f("RESERVED_21", 2, 21, 11, Reserved),
                PAD,
            ],
        }
    };
}

/// VTX_WORD0 + VTX_WORD1_GPR + VTX_WORD2 (VTX_INST_FETCH).
pub const VTX_GPR: Layout = vtx!(
    "VTX_WORD0/VTX_WORD1_GPR/VTX_WORD2",
    f("DST_GPR", 1, 0, 7, Int),
    f("DST_REL", 1, 7, 1, Flag)
);

/// VTX_WORD0 + VTX_WORD1_SEM + VTX_WORD2 (VTX_INST_SEMANTIC). SEMANTIC_ID is [7:0]
/// (ch.5 calls it nine-bit: C-56).
pub const VTX_SEM: Layout = vtx!(
    "VTX_WORD0/VTX_WORD1_SEM/VTX_WORD2",
    f("SEMANTIC_ID", 1, 0, 8, Int)
);

/// TEX_WORD0-2. ALT_CONST is bit 24 and [31:25] reserved (ch.10 also prints "Reserved
/// [31:24]": C-55). COORD_TYPE_X..W are bits 28-31 (ch.9's figures; ch.10's text lost the
/// positions).
pub const TEX: Layout = Layout {
    name: "TEX_WORD0/TEX_WORD1/TEX_WORD2",
    words: 4,
    fields: &[
        f("TEX_INST", 0, 0, 5, Opcode),
        f("BC_FRAC_MODE", 0, 5, 1, Flag),
        f("RESERVED_6", 0, 6, 1, Reserved),
        f("FETCH_WHOLE_QUAD", 0, 7, 1, Flag),
        f("RESOURCE_ID", 0, 8, 8, Int),
        f("SRC_GPR", 0, 16, 7, Int),
        f("SRC_REL", 0, 23, 1, Flag),
        f("ALT_CONST", 0, 24, 1, Flag),
        f("RESERVED_25", 0, 25, 7, Reserved),
        f("DST_GPR", 1, 0, 7, Int),
        f("DST_REL", 1, 7, 1, Flag),
        f("RESERVED_8", 1, 8, 1, Reserved),
        f("DST_SEL_X", 1, 9, 3, SEL),
        f("DST_SEL_Y", 1, 12, 3, SEL),
        f("DST_SEL_Z", 1, 15, 3, SEL),
        f("DST_SEL_W", 1, 18, 3, SEL),
        f("LOD_BIAS", 1, 21, 7, Int),
        f("COORD_TYPE_X", 1, 28, 1, Flag),
        f("COORD_TYPE_Y", 1, 29, 1, Flag),
        f("COORD_TYPE_Z", 1, 30, 1, Flag),
        f("COORD_TYPE_W", 1, 31, 1, Flag),
        f("OFFSET_X", 2, 0, 5, Int),
        f("OFFSET_Y", 2, 5, 5, Int),
        f("OFFSET_Z", 2, 10, 5, Int),
        f("SAMPLER_ID", 2, 15, 5, Int),
        f("SRC_SEL_X", 2, 20, 3, SRC_SEL),
        f("SRC_SEL_Y", 2, 23, 3, SRC_SEL),
        f("SRC_SEL_Z", 2, 26, 3, SRC_SEL),
        f("SRC_SEL_W", 2, 29, 3, SRC_SEL),
        PAD,
    ],
};
