//! DPP lane movement (Vega "Microcode Formats", section "DPP", Tables "DPP Fields" and
//! "DPP_CTRL Enumeration"): which lane SRC0 reads from, and which lanes the row and bank
//! masks let write.

use crate::formats::dpp::DppCtrl;

/// The lane whose SRC0 lane `n` (0..=63) reads, or `None` when the table says "use
/// bound_cntl" (out of range). Rows are 16 lanes; the mirrors stay in their row (the table's
/// `pix[15-(n&f)]` without the row base is read as within the row: rule
/// `gcn5.valu.dpp_mirror_row`); lanes 0..15 of ROW_BCAST15 and 0..31 of ROW_BCAST31 have no
/// source in the table (rule `gcn5.valu.dpp_bcast_low`): `None`.
pub fn source_lane(ctrl: DppCtrl, n: usize) -> Option<usize> {
    let n = n & 63;
    let in_row = n & 15;
    let row = n & 0x30;
    match ctrl {
        DppCtrl::QuadPerm(sel) => Some((n & 0x3c) + usize::from(sel[n % 4] & 3)),
        DppCtrl::RowShl(c) => {
            let c = usize::from(c & 15);
            (in_row + c < 16).then_some(n + c)
        }
        DppCtrl::RowShr(c) => {
            let c = usize::from(c & 15);
            (in_row >= c).then(|| n - c)
        }
        DppCtrl::RowRor(c) => {
            let c = usize::from(c & 15);
            Some(if in_row >= c { n - c } else { n + 16 - c })
        }
        DppCtrl::WaveShl => (n < 63).then_some(n + 1),
        DppCtrl::WaveRol => Some(if n < 63 { n + 1 } else { 0 }),
        DppCtrl::WaveShr => (n > 0).then(|| n - 1),
        DppCtrl::WaveRor => Some(if n > 0 { n - 1 } else { 63 }),
        DppCtrl::RowMirror => Some(row + 15 - in_row),
        DppCtrl::RowHalfMirror => Some((n & 0x38) + 7 - (n & 7)),
        DppCtrl::RowBcast15 => (n > 15).then(|| row - 1),
        DppCtrl::RowBcast31 => (n > 31).then(|| (n & 0x20) - 1),
    }
}

/// Whether ROW_MASK and BANK_MASK let lane `n` write its VGPR (bit r of ROW_MASK: lanes
/// 16r..16r+15; bit b of BANK_MASK: lanes 4b..4b+3 of every row).
pub fn writes(row_mask: u8, bank_mask: u8, n: usize) -> bool {
    let n = n & 63;
    (row_mask >> (n / 16)) & 1 == 1 && (bank_mask >> ((n / 4) % 4)) & 1 == 1
}

/// Whether `ctrl` has no source for some lanes that the table leaves undefined (as opposed
/// to "use bound_cntl").
pub fn undefined_source(ctrl: DppCtrl, n: usize) -> bool {
    matches!(ctrl, DppCtrl::RowBcast15 | DppCtrl::RowBcast31) && source_lane(ctrl, n).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(ctrl: DppCtrl) -> Vec<Option<usize>> {
        (0..64).map(|n| source_lane(ctrl, n)).collect()
    }

    #[test]
    fn quad_perm() {
        // quad_perm:[3,2,1,0] reverses each quad: lane 5 = quad 1 slot 1 reads slot 2 = 6.
        let s = all(DppCtrl::QuadPerm([3, 2, 1, 0]));
        assert_eq!(&s[..8], &[3, 2, 1, 0, 7, 6, 5, 4].map(Some));
        assert_eq!(s[63], Some(60));
        // Broadcast slot 2 of each quad.
        let s = all(DppCtrl::QuadPerm([2, 2, 2, 2]));
        assert_eq!(s[41], Some(42));
    }

    #[test]
    fn row_shifts_and_rotates() {
        // row_shl:1: lane n reads n+1 within its row; lane 15 (and 31, 47, 63) has none.
        let s = all(DppCtrl::RowShl(1));
        assert_eq!(
            (s[0], s[14], s[15], s[16], s[63]),
            (Some(1), Some(15), None, Some(17), None)
        );
        // row_shl:15: only the first lane of each row has a source (lane 15 of the row).
        let s = all(DppCtrl::RowShl(15));
        assert_eq!((s[0], s[1], s[32]), (Some(15), None, Some(47)));
        // row_shr:3: lanes 0..2 of each row have none, lane 3 reads 0, lane 19 reads 16.
        let s = all(DppCtrl::RowShr(3));
        assert_eq!((s[2], s[3], s[18], s[19]), (None, Some(0), None, Some(16)));
        // row_ror:4: lane 0 reads lane 12 of its row, lane 20 reads 16, lane 48 reads 60.
        let s = all(DppCtrl::RowRor(4));
        assert_eq!(
            (s[0], s[20], s[48], s[3]),
            (Some(12), Some(16), Some(60), Some(15))
        );
        let s = all(DppCtrl::RowRor(15));
        assert_eq!((s[0], s[15]), (Some(1), Some(0)));
    }

    #[test]
    fn wave_shifts() {
        let s = all(DppCtrl::WaveShl);
        assert_eq!((s[0], s[62], s[63]), (Some(1), Some(63), None));
        let s = all(DppCtrl::WaveRol);
        assert_eq!((s[15], s[63]), (Some(16), Some(0)));
        let s = all(DppCtrl::WaveShr);
        assert_eq!((s[0], s[1], s[16]), (None, Some(0), Some(15)));
        let s = all(DppCtrl::WaveRor);
        assert_eq!((s[0], s[33]), (Some(63), Some(32)));
    }

    #[test]
    fn mirrors_and_broadcasts() {
        let s = all(DppCtrl::RowMirror);
        assert_eq!(
            (s[0], s[15], s[17], s[63]),
            (Some(15), Some(0), Some(30), Some(48))
        );
        let s = all(DppCtrl::RowHalfMirror);
        assert_eq!(
            (s[0], s[7], s[8], s[15], s[42]),
            (Some(7), Some(0), Some(15), Some(8), Some(45))
        );
        // row_bcast:15: rows 1..3 read lane 15 of the previous row.
        let s = all(DppCtrl::RowBcast15);
        assert_eq!(
            (s[15], s[16], s[31], s[32], s[63]),
            (None, Some(15), Some(15), Some(31), Some(47))
        );
        assert!(undefined_source(DppCtrl::RowBcast15, 3));
        assert!(!undefined_source(DppCtrl::RowShl(1), 15));
        // row_bcast:31: rows 2 and 3 read lane 31.
        let s = all(DppCtrl::RowBcast31);
        assert_eq!((s[31], s[32], s[63]), (None, Some(31), Some(31)));
    }

    #[test]
    fn masks() {
        // row_mask 0b0101: rows 0 and 2; bank_mask 0b0010: lanes 4..7 of each row.
        let w: Vec<usize> = (0..64).filter(|&n| writes(0b0101, 0b0010, n)).collect();
        assert_eq!(w, vec![4, 5, 6, 7, 36, 37, 38, 39]);
        assert!((0..64).all(|n| writes(0xf, 0xf, n)));
    }
}
