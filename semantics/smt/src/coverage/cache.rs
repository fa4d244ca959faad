//! The cache of z3's answers (`conformance/coverage/<target>.tsv`): one line per row,
//! MODE and coverage model, written by `gpuref generate --solve-coverage` and read by the
//! generator and the cross-check.

/// z3's answer for one (row, MODE, coverage model).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub row: String,
    pub mode: u32,
    pub model: String,
    /// `sat`, `unsat` or `unknown`.
    pub status: String,
    /// The model's inputs (sat only).
    pub inputs: Vec<(String, u64)>,
    /// Solve time in milliseconds (0: the answer of the same query at another MODE or
    /// target).
    pub ms: u64,
    /// Hash of the query text the answer is for ([`query_hash`]): `--solve-coverage` keeps
    /// an answer while its query is unchanged and asks z3 again when it changed.
    pub query: u64,
}

/// FNV-1a (64 bits) of a query's text: the key under which an answer stays valid. Not a
/// security hash; a change of the condition, the MODE it reads, the inputs or the
/// narrowings changes it.
pub fn query_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Parses a cache file: `row TAB mode TAB model TAB status TAB inputs TAB ms TAB query`
/// (the query's hash, 16 hex digits), `#` lines are comments. An error names the line.
pub fn parse(path: &str, text: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = |why: &str| format!("{path}:{}: {why}", i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        let [row, mode, model, status, inputs, ms, query] = f[..] else {
            return Err(at("expected 7 tab-separated fields"));
        };
        let hex = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16);
        let mode = hex(mode).map_err(|e| at(&format!("mode `{mode}`: {e}")))?;
        if !matches!(status, "sat" | "unsat" | "unknown") {
            return Err(at(&format!(
                "status `{status}` is not sat, unsat or unknown"
            )));
        }
        let mut values = Vec::new();
        if inputs != "-" {
            for kv in inputs.split(' ') {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| at(&format!("input `{kv}` is not NAME=0xHEX")))?;
                let v = hex(v).map_err(|e| at(&format!("input `{kv}`: {e}")))?;
                values.push((k.to_string(), v));
            }
        }
        out.push(Entry {
            row: row.into(),
            mode: mode as u32,
            model: model.into(),
            status: status.into(),
            inputs: values,
            ms: ms.parse().map_err(|e| at(&format!("time `{ms}`: {e}")))?,
            query: u64::from_str_radix(query, 16)
                .ok()
                .filter(|_| query.len() == 16)
                .ok_or_else(|| at(&format!("query hash `{query}` is not 16 hex digits")))?,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_line_parses_and_bad_ones_name_their_line() {
        let text = "# comment\nV_ADD_F32\t0x3f0\tfpgen.tie\tsat\ts0=0x3f800000 s1=0x1\t12\t00000000000000ff\nV_ADD_F32\t0x0\tfpgen.tie\tunknown\t-\t2000\tcbf29ce484222325\n";
        let e = parse("c.tsv", text).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].mode, 0x3f0);
        assert_eq!(
            e[0].inputs,
            vec![("s0".to_string(), 0x3f80_0000), ("s1".to_string(), 1)]
        );
        assert_eq!((e[1].status.as_str(), e[1].ms), ("unknown", 2000));
        assert_eq!((e[0].query, e[1].query), (0xff, query_hash("")));
        let h = "\t0123456789abcdef";
        let bad = parse(
            "c.tsv",
            &format!("V_ADD_F32\t0x3f0\tfpgen.tie\tmaybe\t-\t1{h}\n"),
        )
        .unwrap_err();
        assert_eq!(bad, "c.tsv:1: status `maybe` is not sat, unsat or unknown");
        let bad = parse(
            "c.tsv",
            &format!("#\nV_ADD_F32\t0x3f0\tfpgen.tie\tsat\ts0:1\t1{h}\n"),
        )
        .unwrap_err();
        assert_eq!(bad, "c.tsv:2: input `s0:1` is not NAME=0xHEX");
        assert!(parse("c.tsv", "a\tb\n")
            .unwrap_err()
            .contains("7 tab-separated"));
        let bad = parse("c.tsv", "V_ADD_F32\t0x3f0\tfpgen.tie\tunknown\t-\t1\tabc\n").unwrap_err();
        assert_eq!(bad, "c.tsv:1: query hash `abc` is not 16 hex digits");
        // FNV-1a's published test value for "a".
        assert_eq!(query_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
