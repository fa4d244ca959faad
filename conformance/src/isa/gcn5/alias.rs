//! The register aliases an adapter may answer a GCN5 value case with
//! (docs/adapter-protocol.md, "Register names"): a 64-bit name and its 32-bit halves name
//! the same bits. `s[20:21]` is `s20` (bits 31:0) and `s21` (bits 63:32); `v[0:1]` is `v0`
//! and `v1`; `vcc` is `vcc_lo` and `vcc_hi`; `exec` is `exec_lo` and `exec_hi`. An
//! expected output is read from whichever of these the answer names, and the flag output
//! (`trapsts`, its EXCP bits) is compared only under the `flags` feature.

/// The 32-bit registers a name covers, low dword first, or `None` for a name that is not
/// a register of at most 64 bits.
fn dwords(name: &str) -> Option<Vec<String>> {
    match name {
        "vcc" | "exec" => return Some(vec![format!("{name}_lo"), format!("{name}_hi")]),
        "vcc_lo" | "vcc_hi" | "exec_lo" | "exec_hi" | "m0" | "trapsts" | "scc" => {
            return Some(vec![name.to_string()])
        }
        _ => {}
    }
    let prefix = if name.starts_with("ttmp") {
        "ttmp"
    } else {
        name.get(..1)?
    };
    if !matches!(prefix, "s" | "v" | "ttmp") {
        return None;
    }
    let rest = &name[prefix.len()..];
    if let Some(range) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = range.split_once(':')?;
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        (b == a + 1).then(|| vec![format!("{prefix}{a}"), format!("{prefix}{b}")])
    } else {
        rest.parse::<u32>()
            .ok()
            .map(|n| vec![format!("{prefix}{n}")])
    }
}

/// The value of `name` from the answer's registers that alias it, if they cover it.
pub fn output_alias(name: &str, got: &[(String, u64)]) -> Option<u64> {
    let want = dwords(name)?;
    let mut value = 0u64;
    for (i, d) in want.iter().enumerate() {
        let part = got.iter().find_map(|(n, v)| {
            let have = dwords(n)?;
            let k = have.iter().position(|h| h == d)?;
            Some((v >> (32 * k)) & 0xffff_ffff)
        })?;
        value |= part << (32 * i);
    }
    Some(value)
}

/// Whether an output is a flag register: TRAPSTS (whose EXCP bits are the exception flags).
pub fn is_flag_output(name: &str) -> bool {
    name == "trapsts"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn got(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
        pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    #[test]
    fn a_pair_is_read_from_its_halves_and_a_half_from_its_pair() {
        let halves = got(&[("s20", 0x1), ("s21", 0x2)]);
        assert_eq!(output_alias("s[20:21]", &halves), Some(0x2_0000_0001));
        let pair = got(&[("s[20:21]", 0x2_0000_0001)]);
        assert_eq!(output_alias("s20", &pair), Some(1));
        assert_eq!(output_alias("s21", &pair), Some(2));
        let vcc = got(&[("vcc_lo", 0x5), ("vcc_hi", 0)]);
        assert_eq!(output_alias("vcc", &vcc), Some(5));
        assert_eq!(
            output_alias("vcc_lo", &got(&[("vcc", 0x7_0000_0005)])),
            Some(5)
        );
        assert_eq!(
            output_alias("v[0:1]", &got(&[("v0", 3), ("v1", 4)])),
            Some(0x4_0000_0003)
        );
    }

    #[test]
    fn a_missing_half_or_another_register_is_no_alias() {
        assert_eq!(output_alias("s[20:21]", &got(&[("s20", 1)])), None);
        assert_eq!(output_alias("vcc", &got(&[("s[20:21]", 1)])), None);
        assert_eq!(output_alias("s20", &got(&[("s[22:23]", 1)])), None);
    }

    #[test]
    fn compare_reads_aliases_and_leaves_flag_outputs_to_the_flags_feature() {
        use crate::check::compare_with;
        use crate::reference::Observed;
        let line = "v_cmp_lt_f32_e64.x\td0418014 00021104\tv_cmp_lt_f32_e64 s[20:21], v4, v8\tmode=0x3f0\tv4=0x1 v8=0x2 exec=0x1\ts[20:21]=0x1 trapsts=0x2\tdenormal\t-";
        let case = crate::vector::parse_case(line).unwrap();
        let entry = crate::isa::by_name("gcn5").ok();
        let answer = |outs: &[(&str, u64)]| Observed {
            outputs: got(outs),
            flags: None,
        };
        let halves = answer(&[("s20", 1), ("s21", 0)]);
        // By name only: the pair is missing, and so is trapsts.
        assert!(crate::check::compare(&case, &halves).is_some());
        // With the entry and no `flags` feature: the halves answer, trapsts is left out.
        assert_eq!(compare_with(&case, &halves, entry, false), (None, true));
        // With `flags`, the missing trapsts fails.
        assert!(compare_with(&case, &halves, entry, true).0.is_some());
        let wrong = answer(&[("s20", 0), ("s21", 0)]);
        assert!(compare_with(&case, &wrong, entry, false).0.is_some());
    }
}
