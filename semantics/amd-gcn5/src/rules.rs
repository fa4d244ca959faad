//! The rule registry: every [`Rule`] of the crate's semantics (ALU, memory, program flow)
//! in one place, and a view per opcode row (its kernel's status and citations, its pending
//! reason, the rules that belong to it). The instruction reference (`gpuref docs`,
//! docs/design/0028) is generated from it, so it cannot drift from the tables. It gathers
//! the tables of every executor, so it sits at the crate root beside the dispatcher rather
//! than in one of the leaves (`alu/`, `mem/`, `program/`), which do not import each other.
//!
//! Which row a rule belongs to is decided by its id `gcn5.<scope>.<aspect>`:
//! 1. the longest entry of [`SCOPES`] that is a prefix of the id (or equals it) decides:
//!    [`Scope::Rows`] names the rows by glob (`*` matches any run of characters; a
//!    `FORMAT:` prefix, e.g. `VOP3P:*`, also requires the row's format), and
//!    [`Scope::Common`] makes the rule one of a group's common rules (every row of the group
//!    obeys it; the reference lists them once, on the group's page);
//! 2. otherwise `<scope>` is a lower-case mnemonic and the rule belongs to that row
//!    (`gcn5.v_cvt_rpi_i32_f32.sum` to V_CVT_RPI_I32_F32, `gcn5.v_xnor_b32` to V_XNOR_B32).
//!
//! A test checks that every rule lands somewhere, that every glob matches a row, and that
//! every rule id a kernel names in the sources is registered.

use crate::alu::{kernel, mode, salu, valu, vexec};
use crate::exec::pending_reason;
use crate::instructions::{rows, Row};
use gpuref_core::{Rule, SpecRef, Status};

/// Every table of rules, in a stable order (scalar, MODE, executor, the vector families'
/// [`valu::RULE_TABLES`], then the memory modules).
pub fn tables() -> impl Iterator<Item = &'static [Rule]> {
    [salu::RULES, mode::RULES, vexec::RULES, vexec::PACKED_RULES]
        .into_iter()
        .chain(valu::RULE_TABLES.iter().copied())
        .chain([
            crate::mem::buffer::RULES,
            crate::mem::ds::RULES,
            crate::mem::smem::RULES,
            crate::mem::flat::RULES,
            crate::mem::image::RULES,
            crate::program::RULES,
        ])
}

/// Every rule of the crate.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    tables().flat_map(|t| t.iter())
}

/// The rule with this id.
pub fn rule(id: &str) -> Option<&'static Rule> {
    rules().find(|r| r.id == id)
}

/// Rule ids stay stable: a renamed rule keeps its old id here, `(old, current)`. The
/// reference gives the old id an anchor next to the current one, so old links still land.
pub const ALIASES: &[(&str, &str)] = &[];

/// The rule with this id or old id.
pub fn resolve(id: &str) -> Option<&'static Rule> {
    rule(id).or_else(|| {
        ALIASES
            .iter()
            .find(|(old, _)| *old == id)
            .and_then(|(_, new)| rule(new))
    })
}

/// The old ids of a rule.
pub fn aliases_of(id: &str) -> impl Iterator<Item = &'static str> + '_ {
    ALIASES
        .iter()
        .filter(move |(_, new)| *new == id)
        .map(|(old, _)| *old)
}

/// A group of rows that shares common rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The scalar ALU formats (SOP2, SOPK, SOP1, SOPC, SOPP).
    Salu,
    /// The vector ALU formats (VOP1, VOP2, VOPC, VOP3A/B, VOP3P), MODE included.
    Valu,
}

impl Group {
    pub const ALL: [Group; 2] = [Group::Salu, Group::Valu];

    pub const fn name(self) -> &'static str {
        match self {
            Group::Salu => "salu",
            Group::Valu => "valu",
        }
    }

    /// Whether `row` is in the group.
    pub fn contains(self, row: &Row) -> bool {
        match self {
            Group::Salu => crate::formats::salu::is_salu(row),
            Group::Valu => {
                crate::formats::valu::is_valu(row)
                    || matches!(row.format, crate::Format::Vop3p | crate::Format::Vop3pMai)
            }
        }
    }
}

/// Where the rules of an id prefix belong.
#[derive(Clone, Copy, Debug)]
pub enum Scope {
    /// To the rows whose names match one of the globs.
    Rows(&'static [&'static str]),
    /// To every row of a group (listed once, on the group's page).
    Common(Group),
}

use Scope::{Common, Rows};

const MINMAX: &[&str] = &[
    "V_MIN_F*",
    "V_MAX_F*",
    "V_MIN3_F*",
    "V_MAX3_F*",
    "V_MED3_F*",
];
const CVT_INT: &[&str] = &[
    "V_CVT_I32_F32",
    "V_CVT_U32_F32",
    "V_CVT_I32_F64",
    "V_CVT_U32_F64",
    "V_CVT_I16_F16",
    "V_CVT_U16_F16",
];
/// The MIMG rows with semantics (the sampling rows are exempt: mem::image::NOT_YET).
const IMAGE: &[&str] = &[
    "IMAGE_LOAD*",
    "IMAGE_STORE*",
    "IMAGE_ATOMIC_*",
    "IMAGE_GET_RESINFO",
];
const ROUND_INTEGRAL: &[&str] = &["V_TRUNC_F*", "V_CEIL_F*", "V_FLOOR_F*", "V_RNDNE_F*"];

/// Id prefixes whose rules do not belong to the row their scope names (family ids, the
/// executor's and MODE's common rules). An entry ending in `.` is a prefix; otherwise it is
/// one id. The longest matching entry wins.
#[rustfmt::skip]
pub const SCOPES: &[(&str, Scope)] = &[
    ("gcn5.mode.",                    Common(Group::Valu)),
    ("gcn5.buffer.",                  Rows(&["MUBUF:*", "MTBUF:*"])),
    ("gcn5.smem.",                    Rows(&["SMEM:*"])),
    ("gcn5.ds.",                      Rows(&["DS:*"])),
    ("gcn5.ds_permute.",              Rows(&["DS_PERMUTE_B32", "DS_BPERMUTE_B32"])),
    ("gcn5.flat.",                    Rows(&["FLAT:*", "GLOBAL:*", "SCRATCH:*"])),
    ("gcn5.image.",                   Rows(IMAGE)),
    ("gcn5.image.atomic",             Rows(&["IMAGE_ATOMIC_*"])),
    ("gcn5.image.lane_order",         Rows(&["IMAGE_ATOMIC_*", "IMAGE_STORE*"])),
    ("gcn5.image.pck",                Rows(&["IMAGE_*_PCK*"])),
    ("gcn5.image.d16",                Rows(&["IMAGE_LOAD", "IMAGE_LOAD_MIP", "IMAGE_STORE", "IMAGE_STORE_MIP"])),
    ("gcn5.image.d16.store_dmask",    Rows(&["IMAGE_STORE", "IMAGE_STORE_MIP"])),
    ("gcn5.image.format",             Rows(&["IMAGE_LOAD", "IMAGE_LOAD_MIP", "IMAGE_STORE", "IMAGE_STORE_MIP"])),
    ("gcn5.image.dmask.load",         Rows(&["IMAGE_LOAD*", "IMAGE_GET_RESINFO"])),
    ("gcn5.image.dmask_zero",         Rows(&["IMAGE_LOAD*", "IMAGE_GET_RESINFO"])),
    ("gcn5.image.tfe",                Rows(&["IMAGE_LOAD*", "IMAGE_GET_RESINFO"])),
    ("gcn5.image.dmask.store",        Rows(&["IMAGE_STORE*"])),
    ("gcn5.mem.minmax_x2",            Rows(&["*_ATOMIC_SMIN_X2", "*_ATOMIC_SMAX_X2", "*_ATOMIC_UMIN_X2", "*_ATOMIC_UMAX_X2"])),
    ("gcn5.sopp.",                    Rows(&["SOPP:*"])),
    ("gcn5.program.",                 Rows(&["SOPP:*"])),
    ("gcn5.fork.",                    Rows(&["S_CBRANCH_G_FORK", "S_CBRANCH_I_FORK", "S_CBRANCH_JOIN"])),
    ("gcn5.gpr_idx.",                 Rows(&["S_SET_GPR_IDX_*"])),
    ("gcn5.hwreg.",                   Rows(&["S_GETREG_B32", "S_SETREG_B32", "S_SETREG_IMM32_B32"])),
    ("gcn5.s_cbranch_cdbg.",          Rows(&["S_CBRANCH_CDBG*"])),
    ("gcn5.s_movrel.",                Rows(&["S_MOVREL*"])),
    ("gcn5.s_rfe.",                   Rows(&["S_RFE_B64"])),
    ("gcn5.s_rfe_restore.",           Rows(&["S_RFE_RESTORE_B64"])),
    ("gcn5.valu.",                    Common(Group::Valu)),
    ("gcn5.salu.",                    Common(Group::Salu)),
    ("gcn5.salu.lshl_add.",           Rows(&["S_LSHL*_ADD_U32"])),
    ("gcn5.salu.bfe.",                Rows(&["S_BFE_*"])),
    ("gcn5.valu.subbrev.",            Rows(&["V_SUBBREV_CO_U32"])),
    ("gcn5.valu.cvt_int.",            Rows(CVT_INT)),
    ("gcn5.valu.cvt_floor.",          Rows(&["V_CVT_RPI_I32_F32", "V_CVT_FLR_I32_F32"])),
    ("gcn5.valu.cvt_float.",          Rows(&["V_CVT_F16_*", "V_CVT_F32_*", "V_CVT_F64_*"])),
    ("gcn5.valu.denorm_accepted",     Rows(&["V_CVT_F32_F16", "V_FRACT_F*"])),
    ("gcn5.valu.mode_denorm_input",   Rows(&["V_CVT_I32_F*", "V_CVT_U32_F*", "V_CVT_I16_F16", "V_CVT_U16_F16",
                                             "V_CVT_RPI_I32_F32", "V_CVT_FLR_I32_F32", "V_TRUNC_F*", "V_CEIL_F*",
                                             "V_FLOOR_F*", "V_RNDNE_F*"])),
    ("gcn5.valu.norm16",              Rows(&["V_CVT_NORM_*_F16"])),
    ("gcn5.valu.trans_f32_denorm",    Rows(&["V_EXP_F32", "V_LOG_F32", "V_RCP_F32", "V_RCP_IFLAG_F32", "V_RSQ_F32",
                                             "V_SQRT_F32"])),
    ("gcn5.valu.packed_clamp",        Rows(&["V_CVT_PKRTZ_F16_F32"])),
    ("gcn5.valu.packed_omod",         Rows(&["V_CVT_PKRTZ_F16_F32"])),
    ("gcn5.valu.packed_src_mods",     Rows(&["V_DOT2C_F32_F16"])),
    ("gcn5.valu.packed_sdwa",         Rows(&["V_DOT*C_*", "V_PK_FMAC_F16", "V_CVT_PKRTZ_F16_F32"])),
    ("gcn5.valu.pack_clamp",          Rows(&["V_PACK_B32_F16"])),
    ("gcn5.valu.pk_int_clamp",        Rows(&["V_CVT_PKNORM_*", "V_CVT_PK_U8_F32", "V_CVT_PKACCUM_U8_F32"])),
    ("gcn5.valu.round_integral.",     Rows(ROUND_INTEGRAL)),
    ("gcn5.valu.frexp",               Rows(&["V_FREXP_*"])),
    ("gcn5.valu.ldexp",               Rows(&["V_LDEXP_F32", "V_LDEXP_F64"])),
    ("gcn5.valu.f16_ovfl_mad",        Rows(&["V_MAD_F16", "V_MAC_F16", "V_FMA_F16", "V_MAD_LEGACY_F16", "V_FMA_LEGACY_F16"])),
    ("gcn5.vop3i.clamp_unstated",     Rows(&["V_MAD_U32_U24", "V_MAD_I32_I24", "V_MAD_U64_U32", "V_MAD_I64_I32", "V_SAD_*",
                                             "V_MSAD_U8", "V_QSAD_PK_U16_U8", "V_MQSAD_PK_U16_U8", "V_MQSAD_U32_U8", "V_ADD3_U32", "V_LSHL_ADD_U32", "V_ADD_LSHL_U32", "V_MUL_LO_U32",
                                             "V_MUL_U32_U24", "V_MUL_I32_I24"])),
    ("gcn5.v_msad_u8.",               Rows(&["V_MSAD_U8", "V_MQSAD_PK_U16_U8", "V_MQSAD_U32_U8"])),
    ("gcn5.v_qsad.",                  Rows(&["V_QSAD_PK_U16_U8", "V_MQSAD_PK_U16_U8", "V_MQSAD_U32_U8"])),
    ("gcn5.v_qsad_pk_u16_u8.",        Rows(&["V_QSAD_PK_U16_U8", "V_MQSAD_PK_U16_U8"])),
    ("gcn5.vopc.",                    Rows(&["V_CMP_*", "V_CMPX_*"])),
    ("gcn5.vop3p.",                   Rows(&["VOP3P:*"])),
    ("gcn5.vop3p.dot_c_vop2",         Rows(&["V_DOT*C_*", "V_PK_FMAC_F16"])),
    ("gcn5.v_minmax.",                Rows(MINMAX)),
    ("gcn5.v_med3.",                  Rows(&["V_MED3_F*"])),
    ("gcn5.v_fract.",                 Rows(&["V_FRACT_F*"])),
    ("gcn5.v_rndne.",                 Rows(&["V_RNDNE_F*"])),
    ("gcn5.v_bfe.",                   Rows(&["V_BFE_*"])),
    ("gcn5.v_cmp_class.",             Rows(&["V_CMP_CLASS_F*", "V_CMPX_CLASS_F*"])),
    ("gcn5.v_cube.",                  Rows(&["V_CUBE*"])),
    ("gcn5.v_cvt_pk_16.",             Rows(&["V_CVT_PK_I16_I32", "V_CVT_PK_U16_U32"])),
    ("gcn5.v_cvt_pknorm.",            Rows(&["V_CVT_PKNORM_*"])),
    ("gcn5.div_helpers.",             Rows(&["V_DIV_SCALE_*", "V_DIV_FIXUP_*"])),
    ("gcn5.v_div_fixup.",             Rows(&["V_DIV_FIXUP_*"])),
    ("gcn5.v_div_fmas.",              Rows(&["V_DIV_FMAS_*"])),
    ("gcn5.v_div_scale.",             Rows(&["V_DIV_SCALE_*"])),
    ("gcn5.v_dot.",                   Rows(&["V_DOT*_I32_*", "V_DOT*_U32_*"])),
    ("gcn5.v_mac.",                   Rows(&["V_MAC_*", "V_FMAC_*"])),
    ("gcn5.v_madmk.",                 Rows(&["V_MADMK_*", "V_MADAK_*"])),
    ("gcn5.v_accvgpr.",               Rows(&["V_ACCVGPR_*"])),
    ("gcn5.mfma.",                    Rows(&["VOP3P-MAI:V_MFMA_*"])),
];

/// `*` matches any run of characters (none included); everything else matches itself.
pub fn glob(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len()).any(|i| rest.is_char_boundary(i) && glob(tail, &rest[i..]))
        }
    }
}

/// Whether a `SCOPES` glob matches a row: `FORMAT:glob` or `glob` on the name.
pub fn glob_row(pattern: &str, row: &Row) -> bool {
    match pattern.split_once(':') {
        Some((format, g)) => row.format.name() == format && glob(g, row.name),
        None => glob(pattern, row.name),
    }
}

/// The [`SCOPES`] entry of a rule id, if one matches.
pub fn scope_entry(id: &str) -> Option<&'static (&'static str, Scope)> {
    SCOPES
        .iter()
        .filter(|(p, _)| {
            if p.ends_with('.') {
                id.starts_with(p)
            } else {
                id == *p
            }
        })
        .max_by_key(|(p, _)| p.len())
}

/// Where a rule belongs.
#[derive(Clone, Copy, Debug)]
pub enum Belongs {
    /// To the rows named by the globs (a family id).
    Rows(&'static [&'static str]),
    /// To the row whose lower-case mnemonic is the id's scope.
    Row(&'static str),
    /// To a group's common rules.
    Common(Group),
}

/// Where the rule `id` belongs (rules of this crate start with `gcn5.`).
pub fn belongs(id: &'static str) -> Belongs {
    match scope_entry(id) {
        Some((_, Scope::Rows(g))) => Belongs::Rows(g),
        Some((_, Scope::Common(g))) => Belongs::Common(*g),
        None => {
            let rest = id.strip_prefix("gcn5.").unwrap_or(id);
            Belongs::Row(rest.split('.').next().unwrap_or(rest))
        }
    }
}

/// Whether the rule `id` belongs to `row` (not counting common rules).
pub fn belongs_to(id: &'static str, row: &Row) -> bool {
    match belongs(id) {
        Belongs::Rows(globs) => globs.iter().any(|g| glob_row(g, row)),
        Belongs::Row(scope) => scope.eq_ignore_ascii_case(row.name),
        Belongs::Common(_) => false,
    }
}

/// The rules of a row (family and own rules; common rules are in [`common_rules`]).
pub fn rules_of(row: &Row) -> Vec<&'static Rule> {
    rules().filter(|r| belongs_to(r.id, row)).collect()
}

/// The common rules of a group.
pub fn common_rules(group: Group) -> Vec<&'static Rule> {
    rules()
        .filter(|r| matches!(belongs(r.id), Belongs::Common(g) if g == group))
        .collect()
}

/// The source file of each table of [`valu::TABLES`], in order (relative to the
/// repository root; a test checks the count).
pub const VALU_TABLE_SOURCES: &[&str] = &[
    "semantics/amd-gcn5/src/alu/valu/vop2.rs",
    "semantics/amd-gcn5/src/alu/valu/vop1.rs",
    "semantics/amd-gcn5/src/alu/valu/vopc.rs",
    "semantics/amd-gcn5/src/alu/valu/vop3i.rs",
    "semantics/amd-gcn5/src/alu/valu/vop3f.rs",
    "semantics/amd-gcn5/src/alu/valu/fminmax.rs",
    "semantics/amd-gcn5/src/alu/valu/trans.rs",
    "semantics/amd-gcn5/src/alu/valu/vop3p.rs",
];

/// The source of the scalar kernel table.
pub const SALU_SOURCE: &str = "semantics/amd-gcn5/src/alu/salu.rs";

/// What the kernel tables say about one row.
#[derive(Clone, Copy, Debug)]
pub struct KernelInfo {
    pub status: Status,
    pub cites: &'static [SpecRef],
    /// The file holding the kernel's table row.
    pub source: &'static str,
    /// Whether it is a per-lane vector kernel (its results on special values can be shown).
    pub lane: bool,
}

/// Everything the tables say about one opcode row.
#[derive(Clone, Debug)]
pub struct RowView {
    pub row: &'static Row,
    pub kernel: Option<KernelInfo>,
    /// Why the row has no kernel yet, when a table says.
    pub pending: Option<&'static str>,
    /// Its own and family rules.
    pub rules: Vec<&'static Rule>,
    /// The groups whose common rules apply too.
    pub groups: Vec<Group>,
}

/// The kernel-table facts of a row name.
pub fn kernel_info(row: &Row) -> Option<KernelInfo> {
    if let Some(k) = kernel(row) {
        return Some(KernelInfo {
            status: k.status,
            cites: k.cites,
            source: SALU_SOURCE,
            lane: false,
        });
    }
    valu::TABLES
        .iter()
        .zip(VALU_TABLE_SOURCES)
        .find_map(|(t, src)| t.iter().find(|k| k.name == row.name).map(|k| (k, *src)))
        .map(|(k, source)| KernelInfo {
            status: k.status,
            cites: k.cites,
            source,
            lane: true,
        })
}

/// The view of one row.
pub fn row_view(row: &'static Row) -> RowView {
    RowView {
        row,
        kernel: kernel_info(row),
        pending: pending_reason(row),
        rules: rules_of(row),
        groups: Group::ALL.into_iter().filter(|g| g.contains(row)).collect(),
    }
}

/// Every row's view, in table order.
pub fn row_views() -> impl Iterator<Item = RowView> {
    rows().map(row_view)
}

#[cfg(test)]
mod tests;
