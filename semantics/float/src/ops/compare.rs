//! Comparisons (IEEE 754-2008 §5.11 "Details of comparison predicates").
//!
//! Two operands stand in exactly one of four relations: less, equal, greater, unordered
//! (a NaN operand). A [`Predicate`] is a set of relations; its discriminant is the set as a
//! bit mask (less = 1, equal = 2, greater = 4, unordered = 8), which is also the order of
//! GCN's sixteen `V_CMP_*` / `V_CMPX_*` opcodes (AMD "Vega" ISA, "VOPC Instructions").

use crate::flags::{Flagged, Flags};
use crate::format::{is_nan, is_snan, Format};
use crate::mode::FpMode;
use crate::quirks::FloatQuirks;
use crate::round::read_input;

use super::common::numeric_key;

/// The relation between two operands (IEEE 754-2008 §5.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// At least one operand is a NaN.
    Unordered,
}

impl Relation {
    pub const ALL: [Relation; 4] = [
        Relation::Less,
        Relation::Equal,
        Relation::Greater,
        Relation::Unordered,
    ];

    /// The relation's bit in a [`Predicate`] mask.
    pub const fn mask(self) -> u8 {
        match self {
            Relation::Less => 1,
            Relation::Equal => 2,
            Relation::Greater => 4,
            Relation::Unordered => 8,
        }
    }
}

/// A comparison predicate: the set of relations for which it is true. Names follow IEEE
/// 754-2008 §5.11 (Tables 5.1–5.3, without the Quiet/Signaling part, which is the
/// `signaling` argument of [`compare`]); each variant's doc gives GCN's `V_CMP_*` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Predicate {
    /// Never true. GCN `F`.
    False = 0,
    /// `<`. GCN `LT`.
    Less = 1,
    /// `=`. GCN `EQ`.
    Equal = 2,
    /// `<=`. GCN `LE`.
    LessEqual = 3,
    /// `>`. GCN `GT`.
    Greater = 4,
    /// `<>`: less or greater (ordered and unequal). GCN `LG`.
    LessGreater = 5,
    /// `>=`. GCN `GE`.
    GreaterEqual = 6,
    /// Ordered: neither operand is a NaN. GCN `O`.
    Ordered = 7,
    /// Unordered: some operand is a NaN. GCN `U`.
    Unordered = 8,
    /// `?<`, NOT(`>=`): less or unordered. GCN `NGE`.
    LessUnordered = 9,
    /// `?=`, NOT(`<>`): equal or unordered. GCN `NLG`.
    EqualUnordered = 10,
    /// NOT(`>`): less, equal or unordered. GCN `NGT`.
    NotGreater = 11,
    /// `?>`, NOT(`<=`): greater or unordered. GCN `NLE`.
    GreaterUnordered = 12,
    /// `?<>`, NOT(`=`): less, greater or unordered. GCN `NEQ`.
    NotEqual = 13,
    /// NOT(`<`): equal, greater or unordered. GCN `NLT`.
    NotLess = 14,
    /// Always true. GCN `TRU`.
    True = 15,
}

impl Predicate {
    /// All sixteen predicates, in mask (and GCN opcode) order.
    pub const ALL: [Predicate; 16] = [
        Predicate::False,
        Predicate::Less,
        Predicate::Equal,
        Predicate::LessEqual,
        Predicate::Greater,
        Predicate::LessGreater,
        Predicate::GreaterEqual,
        Predicate::Ordered,
        Predicate::Unordered,
        Predicate::LessUnordered,
        Predicate::EqualUnordered,
        Predicate::NotGreater,
        Predicate::GreaterUnordered,
        Predicate::NotEqual,
        Predicate::NotLess,
        Predicate::True,
    ];

    /// The set of relations as a mask (less = 1, equal = 2, greater = 4, unordered = 8).
    pub const fn mask(self) -> u8 {
        self as u8
    }

    /// The predicate with mask `mask & 15` (GCN: the low four bits of a `V_CMP_*_F32`
    /// opcode's offset within its group).
    pub const fn from_mask(mask: u8) -> Predicate {
        Predicate::ALL[(mask & 15) as usize]
    }

    /// Whether the predicate is true for `rel`.
    pub const fn holds(self, rel: Relation) -> bool {
        self.mask() & rel.mask() != 0
    }

    /// The negation (NOT(p)): true exactly where `self` is false.
    pub const fn negate(self) -> Predicate {
        Predicate::from_mask(!self.mask())
    }

    /// The predicate with operands swapped (`a < b` ⇔ `b > a`).
    pub const fn swap(self) -> Predicate {
        let m = self.mask();
        Predicate::from_mask((m & 0b1010) | (m & 1) << 2 | (m & 4) >> 2)
    }

    /// GCN's name for the predicate in `V_CMP_<name>_F32`.
    pub const fn gcn_name(self) -> &'static str {
        const NAMES: [&str; 16] = [
            "F", "LT", "EQ", "LE", "GT", "LG", "GE", "O", "U", "NGE", "NLG", "NGT", "NLE", "NEQ",
            "NLT", "TRU",
        ];
        NAMES[self.mask() as usize]
    }
}

/// The relation between `a` and `b` (IEEE 754-2008 §5.11), with the flags of the
/// comparison.
///
/// - A NaN operand gives [`Relation::Unordered`]. Invalid is raised for a signalling NaN
///   operand, and for any NaN operand when `signaling` (the compareSignaling\*
///   operations, Tables 5.1 and 5.3); otherwise the comparison is quiet (Table 5.2).
/// - −0 and +0 are equal; infinities compare as usual.
/// - Operands are read under the mode: a flushed subnormal compares as zero. The
///   input-denormal flag follows `Q` (as x86 `CMPSS`/`UCOMISS`, which signal the
///   denormal-operand exception); NaN comparisons read no operand and raise no
///   input-denormal flag.
pub fn compare_raw<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    signaling: bool,
    mode: &FpMode,
) -> Flagged<Relation> {
    let (a, b): (u64, u64) = (a.into(), b.into());
    if is_nan::<F>(a) || is_nan::<F>(b) {
        let invalid = signaling || is_snan::<F>(a) || is_snan::<F>(b);
        return Flagged::new(Relation::Unordered, Flags::when(invalid, Flags::INVALID));
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    let rel = match numeric_key::<F>(a).cmp(&numeric_key::<F>(b)) {
        std::cmp::Ordering::Less => Relation::Less,
        std::cmp::Ordering::Equal => Relation::Equal,
        std::cmp::Ordering::Greater => Relation::Greater,
    };
    Flagged::new(rel, flags)
}

/// Whether `pred` holds for `a` and `b` (IEEE 754-2008 §5.11 compareQuiet\* when
/// `signaling` is false, compareSignaling\* when true), with the flags of
/// [`compare_raw`]: invalid for signalling NaN operands, and for any NaN operand when
/// `signaling`, whatever the predicate (including [`Predicate::False`] and
/// [`Predicate::True`]).
pub fn compare<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    pred: Predicate,
    signaling: bool,
    mode: &FpMode,
) -> Flagged<bool> {
    compare_raw::<F, Q>(a, b, signaling, mode).map(|rel| pred.holds(rel))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{BFloat16, Binary16, Binary32, Binary64};
    use crate::mode::{DenormModes, Denormals};
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;
    const INV: Flags = Flags::INVALID;
    const DE: Flags = Flags::INPUT_DENORMAL;
    const NONE: Flags = Flags::NONE;

    fn rel32(a: u32, b: u32, sig: bool, m: &FpMode) -> (Relation, Flags) {
        let r = compare_raw::<Binary32, Ieee754>(a, b, sig, m);
        (r.value, r.flags)
    }

    #[test]
    fn truth_table() {
        use Relation::{Equal as E, Greater as G, Less as L, Unordered as U};
        // Each predicate with the relations for which it is true, written out by hand.
        let table: [(Predicate, &[Relation]); 16] = [
            (Predicate::False, &[]),
            (Predicate::Less, &[L]),
            (Predicate::Equal, &[E]),
            (Predicate::LessEqual, &[L, E]),
            (Predicate::Greater, &[G]),
            (Predicate::LessGreater, &[L, G]),
            (Predicate::GreaterEqual, &[G, E]),
            (Predicate::Ordered, &[L, E, G]),
            (Predicate::Unordered, &[U]),
            (Predicate::LessUnordered, &[L, U]),
            (Predicate::EqualUnordered, &[E, U]),
            (Predicate::NotGreater, &[L, E, U]),
            (Predicate::GreaterUnordered, &[G, U]),
            (Predicate::NotEqual, &[L, G, U]),
            (Predicate::NotLess, &[E, G, U]),
            (Predicate::True, &[L, E, G, U]),
        ];
        for (i, (p, true_for)) in table.iter().enumerate() {
            assert_eq!(Predicate::ALL[i], *p);
            assert_eq!(Predicate::from_mask(i as u8), *p);
            for rel in Relation::ALL {
                assert_eq!(p.holds(rel), true_for.contains(&rel), "{p:?} {rel:?}");
                assert_eq!(
                    p.negate().holds(rel),
                    !true_for.contains(&rel),
                    "{p:?} {rel:?}"
                );
            }
        }
        assert_eq!(Predicate::LessUnordered.gcn_name(), "NGE");
        assert_eq!(Predicate::True.gcn_name(), "TRU");
        assert_eq!(Predicate::Less.swap(), Predicate::Greater);
        assert_eq!(Predicate::LessUnordered.swap(), Predicate::GreaterUnordered);
        assert_eq!(Predicate::NotGreater.swap(), Predicate::NotLess);
        assert_eq!(Predicate::LessGreater.swap(), Predicate::LessGreater);
        assert_eq!(Predicate::Equal.negate(), Predicate::NotEqual);
    }

    #[test]
    fn relations() {
        assert_eq!(
            rel32(0x3f80_0000, 0x4000_0000, false, &M),
            (Relation::Less, NONE)
        );
        assert_eq!(
            rel32(0x4000_0000, 0x3f80_0000, false, &M),
            (Relation::Greater, NONE)
        );
        assert_eq!(rel32(0x8000_0000, 0, true, &M), (Relation::Equal, NONE));
        // −1 (0xbf800000) > −2 (0xc0000000).
        assert_eq!(
            rel32(0xbf80_0000, 0xc000_0000, false, &M),
            (Relation::Greater, NONE)
        );
        // −inf < −max finite; +inf = +inf.
        assert_eq!(
            rel32(0xff80_0000, 0xff7f_ffff, false, &M),
            (Relation::Less, NONE)
        );
        assert_eq!(
            rel32(0x7f80_0000, 0x7f80_0000, true, &M),
            (Relation::Equal, NONE)
        );
        // −0 > −2^−149.
        assert_eq!(
            rel32(0x8000_0000, 0x8000_0001, false, &M),
            (Relation::Greater, DE)
        );
    }

    #[test]
    fn nans_and_flags() {
        let q = 0x7fc0_0000;
        let s = 0xff80_0001;
        let one = 0x3f80_0000;
        assert_eq!(rel32(q, one, false, &M), (Relation::Unordered, NONE));
        assert_eq!(rel32(one, q, true, &M), (Relation::Unordered, INV));
        assert_eq!(rel32(s, one, false, &M), (Relation::Unordered, INV));
        assert_eq!(rel32(q, q, false, &M), (Relation::Unordered, NONE));
        // A NaN with a subnormal: no input-denormal flag.
        assert_eq!(rel32(q, 1, false, &M), (Relation::Unordered, NONE));
        let c = |a, b, p, sig| {
            let r = compare::<Binary32, Ieee754>(a, b, p, sig, &M);
            (r.value, r.flags)
        };
        assert_eq!(c(q, one, Predicate::Equal, false), (false, NONE));
        assert_eq!(c(q, one, Predicate::Equal, true), (false, INV));
        assert_eq!(c(s, one, Predicate::NotEqual, false), (true, INV));
        assert_eq!(c(q, one, Predicate::Unordered, false), (true, NONE));
        assert_eq!(c(q, one, Predicate::True, true), (true, INV));
        assert_eq!(c(one, one, Predicate::False, true), (false, NONE));
        assert_eq!(c(one, q, Predicate::NotLess, false), (true, NONE));
        assert_eq!(
            c(one, 0x4000_0000, Predicate::NotLess, false),
            (false, NONE)
        );
    }

    #[test]
    fn subnormals_under_the_mode() {
        let daz = M.with_denormals(DenormModes::all(Denormals {
            flush_inputs: true,
            flush_outputs: false,
        }));
        assert_eq!(rel32(1, 0, false, &M), (Relation::Greater, DE));
        assert_eq!(rel32(1, 0, false, &daz), (Relation::Equal, NONE));
        assert_eq!(rel32(0x8000_0001, 1, false, &daz), (Relation::Equal, NONE));
        // Only binary16's setting applies to binary16.
        let daz_single_only = M.with_denormals(DenormModes {
            single: Denormals::FLUSH,
            ..DenormModes::all(Denormals::KEEP)
        });
        let r = compare_raw::<Binary16, Ieee754>(0x0001, 0x0000, false, &daz_single_only);
        assert_eq!((r.value, r.flags), (Relation::Greater, DE));
    }

    #[test]
    fn other_formats() {
        // binary64: 1.0 < 1 + 2^−52.
        let r = compare::<Binary64, Ieee754>(
            0x3ff0_0000_0000_0000,
            0x3ff0_0000_0000_0001,
            Predicate::Less,
            false,
            &M,
        );
        assert_eq!((r.value, r.flags), (true, NONE));
        // bfloat16: sNaN 0x7f81 is invalid even for quiet predicates.
        let r = compare::<BFloat16, Ieee754>(0x7f81, 0x3f80, Predicate::Unordered, false, &M);
        assert_eq!((r.value, r.flags), (true, INV));
    }
}
