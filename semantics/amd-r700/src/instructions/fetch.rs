//! Fetch-clause instructions: VTX_WORD0 (`VTX_INST` [4:0]), TEX_WORD0 (`TEX_INST` [4:0]),
//! MEM_RD_WORD0 and MEM_DSW/DSR_WORD0 (`VTX_INST` = 2 MEM, `MEM_OP` [10:8]), from R700
//! §"10.3 Vertex-Fetch Instructions", §"10.4 Texture-Fetch Instructions", §"10.5 Memory
//! Read Instructions" and §"10.6 Data Share Read/Write Instructions" (with ch.9's pages).
//! The MEM escape (VTX_INST/TEX_INST 2) is not a row: it selects the MEM_RD/LDS rows.
//! Written once from the survey inventory and reviewed against ch.10; maintained by hand.

use super::{cites::*, Format::*, Row, Units::*, ALL};

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row { mnemonic: "FETCH",                 opcode:   0, format: Vtx,           targets: ALL, units: None,      srcs: 0, cites: VTX },
    Row { mnemonic: "SEMANTIC",              opcode:   1, format: Vtx,           targets: ALL, units: None,      srcs: 0, cites: VTX },
    Row { mnemonic: "VTX_FETCH",             opcode:   0, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX10 },
    Row { mnemonic: "VTX_SEMANTIC",          opcode:   1, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX10 },
    Row { mnemonic: "LD",                    opcode:   3, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_TEXTURE_RESINFO",   opcode:   4, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_NUMBER_OF_SAMPLES", opcode:   5, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_COMP_TEX_LOD",      opcode:   6, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_GRADIENTS_H",       opcode:   7, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_GRADIENTS_V",       opcode:   8, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "GET_LERP_FACTORS",      opcode:   9, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "KEEP_GRADIENTS",        opcode:  10, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SET_GRADIENTS_H",       opcode:  11, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SET_GRADIENTS_V",       opcode:  12, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "PASS",                  opcode:  13, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: APPX_A },
    Row { mnemonic: "SET_CUBEMAP_INDEX",     opcode:  14, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "FETCH4",                opcode:  15, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX10 },
    Row { mnemonic: "SAMPLE",                opcode:  16, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_L",              opcode:  17, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_LB",             opcode:  18, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_LZ",             opcode:  19, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_G",              opcode:  20, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_G_L",            opcode:  21, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_G_LB",           opcode:  22, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_G_LZ",           opcode:  23, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C",              opcode:  24, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_L",            opcode:  25, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_LB",           opcode:  26, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_LZ",           opcode:  27, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_G",            opcode:  28, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_G_L",          opcode:  29, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_G_LB",         opcode:  30, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "SAMPLE_C_G_LZ",         opcode:  31, format: Tex,           targets: ALL, units: None,      srcs: 0, cites: TEX },
    Row { mnemonic: "RD_SCRATCH",            opcode:   0, format: MemRd,         targets: ALL, units: None,      srcs: 0, cites: MEM },
    Row { mnemonic: "RD_REDUC",              opcode:   1, format: MemRd,         targets: ALL, units: None,      srcs: 0, cites: MEM },
    Row { mnemonic: "RD_SCATTER",            opcode:   2, format: MemRd,         targets: ALL, units: None,      srcs: 0, cites: MEM },
    Row { mnemonic: "LOCAL_DS_WRITE",        opcode:   4, format: MemDsw,        targets: ALL, units: None,      srcs: 0, cites: LDS },
    Row { mnemonic: "LOCAL_DS_READ",         opcode:   5, format: MemDsr,        targets: ALL, units: None,      srcs: 0, cites: LDS },
];
