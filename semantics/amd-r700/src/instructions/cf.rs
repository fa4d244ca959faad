//! CF instructions: CF_WORD0/1 (`CF_INST` [29:23]), CF_ALU_WORD0/1 (`CF_INST` [29:26]) and
//! CF_ALLOC_EXPORT_WORD0/1 (`CF_INST` [29:23]), from the `CF_INST` enumerations of R700
//! §"10.1 Control Flow (CF) Instructions" (each also described in §"9.1 Control Flow (CF)
//! Instructions" unless it cites only ch.10). Written once from the survey inventory and
//! reviewed against ch.10; maintained by hand.

use super::{cites::*, Format::*, Row, Units::*, ALL};

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row { mnemonic: "NOP",              opcode:   0, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "TEX",              opcode:   1, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "VTX",              opcode:   2, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "VTX_TC",           opcode:   3, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_START",       opcode:   4, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_END",         opcode:   5, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_START_DX10",  opcode:   6, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_START_NO_AL", opcode:   7, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_CONTINUE",    opcode:   8, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "LOOP_BREAK",       opcode:   9, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "JUMP",             opcode:  10, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "PUSH",             opcode:  11, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "PUSH_ELSE",        opcode:  12, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ELSE",             opcode:  13, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "POP",              opcode:  14, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "POP_JUMP",         opcode:  15, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF10 },
    Row { mnemonic: "POP_PUSH",         opcode:  16, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF10 },
    Row { mnemonic: "POP_PUSH_ELSE",    opcode:  17, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF10 },
    Row { mnemonic: "CALL",             opcode:  18, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "CALL_FS",          opcode:  19, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "RETURN",           opcode:  20, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "EMIT_VERTEX",      opcode:  21, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "EMIT_CUT_VERTEX",  opcode:  22, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "CUT_VERTEX",       opcode:  23, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "KILL",             opcode:  24, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "WAIT_ACK",         opcode:  26, format: Cf,            targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU",              opcode:   8, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_PUSH_BEFORE",  opcode:   9, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_POP_AFTER",    opcode:  10, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_POP2_AFTER",   opcode:  11, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_CONTINUE",     opcode:  13, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_BREAK",        opcode:  14, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "ALU_ELSE_AFTER",   opcode:  15, format: CfAlu,         targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_STREAM0",      opcode:  32, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_STREAM1",      opcode:  33, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_STREAM2",      opcode:  34, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_STREAM3",      opcode:  35, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_SCRATCH",      opcode:  36, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_REDUCTION",    opcode:  37, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_RING",         opcode:  38, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "EXPORT",           opcode:  39, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "EXPORT_DONE",      opcode:  40, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
    Row { mnemonic: "MEM_EXPORT",       opcode:  58, format: CfAllocExport, targets: ALL, units: None,      srcs: 0, cites: CF },
];
