//! Value-vector files (`.vec`): the data model, the parser and the writer.
//! The format is specified in docs/vector-format.md; this module is its reference reader.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

pub const FORMAT_VERSION: &str = "1";
const FIELDS: usize = 8;

/// A parse error: where (file, line, column, all 1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    pub fn new(file: &Path, line: usize, column: usize, message: String) -> ParseError {
        ParseError {
            file: file.to_path_buf(),
            line,
            column,
            message,
        }
    }
}

/// A float type named in an acceptance set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatType {
    F16,
    BF16,
    F32,
    F64,
}

impl FloatType {
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "f16" => FloatType::F16,
            "bf16" => FloatType::BF16,
            "f32" => FloatType::F32,
            "f64" => FloatType::F64,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            FloatType::F16 => "f16",
            FloatType::BF16 => "bf16",
            FloatType::F32 => "f32",
            FloatType::F64 => "f64",
        }
    }
    /// (width, exponent bits, fraction bits)
    pub fn layout(self) -> (u32, u32, u32) {
        match self {
            FloatType::F16 => (16, 5, 10),
            FloatType::BF16 => (16, 8, 7),
            FloatType::F32 => (32, 8, 23),
            FloatType::F64 => (64, 11, 52),
        }
    }
    pub fn is_nan(self, x: u64) -> bool {
        let (w, e, f) = self.layout();
        let abs = x & ((1u64 << (w - 1)) - 1);
        abs > (((1u64 << e) - 1) << f)
    }
    /// The key that orders bit patterns numerically (−0 before +0), for ULP intervals.
    pub fn order_key(self, x: u64) -> u64 {
        let (w, _, _) = self.layout();
        let sign = 1u64 << (w - 1);
        let all = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        if x & sign != 0 {
            x ^ all
        } else {
            x ^ sign
        }
    }
}

/// One alternative of an expected value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alt {
    Exact(u64),
    Masked { value: u64, mask: u64 },
    AnyNan(FloatType),
    Range { lo: u64, hi: u64, ty: FloatType },
}

impl Alt {
    pub fn accepts(&self, x: u64) -> bool {
        match *self {
            Alt::Exact(v) => x == v,
            Alt::Masked { value, mask } => x & mask == value & mask,
            Alt::AnyNan(t) => t.is_nan(x),
            // A NaN end is a reading of its own, outside the numeric order: the range is
            // then its two ends exactly (docs/vector-format.md, "Expected values").
            Alt::Range { lo, hi, ty } if ty.is_nan(lo) || ty.is_nan(hi) => x == lo || x == hi,
            Alt::Range { lo, hi, ty } => {
                !ty.is_nan(x) && {
                    let k = ty.order_key(x);
                    ty.order_key(lo) <= k && k <= ty.order_key(hi)
                }
            }
        }
    }
}

impl fmt::Display for Alt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Alt::Exact(v) => write!(f, "{v:#x}"),
            Alt::Masked { value, mask } => write!(f, "{value:#x}/{mask:#x}"),
            Alt::AnyNan(t) => write!(f, "nan:{}", t.name()),
            Alt::Range { lo, hi, ty } => write!(f, "{lo:#x}~{hi:#x}:{}", ty.name()),
        }
    }
}

/// What an output may be: any of the alternatives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec(pub Vec<Alt>);

impl Spec {
    pub fn exact(v: u64) -> Self {
        Spec(vec![Alt::Exact(v)])
    }
    pub fn accepts(&self, x: u64) -> bool {
        self.0.iter().any(|a| a.accepts(x))
    }
    pub fn is_exact(&self) -> bool {
        matches!(self.0.as_slice(), [Alt::Exact(_)])
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

/// Expected flags: an exact set (names in the order of the flag table), or not checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlagSpec {
    Exact(gpuref_float::Flags),
    Unchecked,
}

pub const FLAG_NAMES: [(&str, gpuref_float::Flags); 6] = [
    ("invalid", gpuref_float::Flags::INVALID),
    ("divbyzero", gpuref_float::Flags::DIV_BY_ZERO),
    ("overflow", gpuref_float::Flags::OVERFLOW),
    ("underflow", gpuref_float::Flags::UNDERFLOW),
    ("inexact", gpuref_float::Flags::INEXACT),
    ("denormal", gpuref_float::Flags::INPUT_DENORMAL),
];

/// Flag names joined by `,`, or `none`.
pub fn flags_text(flags: gpuref_float::Flags) -> String {
    if flags.is_empty() {
        return "none".into();
    }
    let names: Vec<&str> = FLAG_NAMES
        .iter()
        .filter(|(_, f)| flags.contains(*f))
        .map(|(n, _)| *n)
        .collect();
    names.join(",")
}

/// Parse `none` or names joined by `,`.
pub fn parse_flags(s: &str) -> Result<gpuref_float::Flags, String> {
    let mut flags = gpuref_float::Flags::NONE;
    if s == "none" {
        return Ok(flags);
    }
    for name in s.split(',') {
        match FLAG_NAMES.iter().find(|(n, _)| *n == name) {
            Some((_, f)) => flags |= *f,
            None => return Err(format!("unknown flag `{name}`")),
        }
    }
    Ok(flags)
}

/// One case of a `.vec` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub id: String,
    /// Encoding words; empty where the operation has none (`-`).
    pub words: Vec<u32>,
    pub asm: String,
    /// The mode tuple as written (`key=value` pairs separated by spaces).
    pub mode: String,
    pub inputs: Vec<(String, u64)>,
    pub outputs: Vec<(String, Spec)>,
    pub flags: FlagSpec,
    pub rules: Vec<String>,
    /// 1-based line number in the file it was read from (0 if built in memory).
    pub line: usize,
}

impl Case {
    pub fn input(&self, name: &str) -> Option<u64> {
        self.inputs.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// The case as one line of a `.vec` file (without the newline).
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(160);
        s.push_str(&self.id);
        s.push('\t');
        if self.words.is_empty() {
            s.push('-');
        } else {
            for (i, w) in self.words.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                let _ = write!(s, "{w:08x}");
            }
        }
        // `-` stands for an empty mode, inputs, outputs or rules field (encoding vectors).
        let mode = if self.mode.is_empty() {
            "-"
        } else {
            &self.mode
        };
        let _ = write!(s, "\t{}\t{mode}\t", self.asm);
        if self.inputs.is_empty() {
            s.push('-');
        }
        for (i, (n, v)) in self.inputs.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{n}={v:#x}");
        }
        s.push('\t');
        if self.outputs.is_empty() {
            s.push('-');
        }
        for (i, (n, spec)) in self.outputs.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{n}={spec}");
        }
        s.push('\t');
        match &self.flags {
            FlagSpec::Exact(f) => s.push_str(&flags_text(*f)),
            FlagSpec::Unchecked => s.push('*'),
        }
        s.push('\t');
        if self.rules.is_empty() {
            s.push('-');
        }
        s.push_str(&self.rules.join(","));
        s
    }
}

/// A whole `.vec` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VecFile {
    /// Header keys in file order (without the `#!` and the version line).
    pub header: Vec<(String, String)>,
    /// Cases, each with the group comment (`## ...`) it sits under.
    pub cases: Vec<Case>,
    pub groups: Vec<(usize, String)>,
}

impl VecFile {
    pub fn header(&self, key: &str) -> Option<&str> {
        self.header
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The file's text. Groups are written before the first case at their index.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "#!gpuref-vectors {FORMAT_VERSION}");
        for (k, v) in &self.header {
            let _ = writeln!(s, "#!{k} {v}");
        }
        let mut groups = self.groups.iter().peekable();
        for (i, case) in self.cases.iter().enumerate() {
            while let Some((at, text)) = groups.peek() {
                if *at != i {
                    break;
                }
                let _ = writeln!(s, "## {text}");
                groups.next();
            }
            s.push_str(&case.to_line());
            s.push('\n');
        }
        s
    }
}

/// Parse the text of a `.vec` file. `file` is used in error messages only.
/// Returns the cases that parsed and every error found (a bad line does not stop the rest).
pub fn parse(file: &Path, text: &str) -> (VecFile, Vec<ParseError>) {
    let mut out = VecFile::default();
    let mut errors = Vec::new();
    let err =
        |line: usize, column: usize, message: String| ParseError::new(file, line, column, message);
    let mut saw_version = false;
    for (idx, raw) in text.split('\n').enumerate() {
        let n = idx + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(h) = line.strip_prefix("#!") {
            if !out.cases.is_empty() {
                errors.push(err(n, 1, "header line after the first case".into()));
                continue;
            }
            let (key, val) = h.split_once(' ').unwrap_or((h, ""));
            if key == "gpuref-vectors" {
                if val != FORMAT_VERSION {
                    errors.push(err(
                        n,
                        17,
                        format!("unsupported format version `{val}` (this reader knows {FORMAT_VERSION})"),
                    ));
                    return (out, errors);
                }
                saw_version = true;
            } else if !saw_version {
                errors.push(err(
                    n,
                    1,
                    "the first line must be `#!gpuref-vectors 1`".into(),
                ));
                return (out, errors);
            } else {
                out.header.push((key.to_string(), val.to_string()));
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        if !saw_version {
            let why = if n == 1 && line.starts_with('\u{feff}') {
                "the file starts with a byte order mark (U+FEFF, bytes EF BB BF): remove it; the first line must be `#!gpuref-vectors 1`"
            } else {
                "the first line must be `#!gpuref-vectors 1`"
            };
            errors.push(err(n, 1, why.into()));
            return (out, errors);
        }
        if let Some(c) = line.strip_prefix('#') {
            if let Some(g) = c.strip_prefix("# ") {
                out.groups.push((out.cases.len(), g.to_string()));
            }
            continue;
        }
        match parse_case(line) {
            Ok(mut case) => {
                case.line = n;
                out.cases.push(case);
            }
            Err((column, message)) => errors.push(err(n, column, message)),
        }
    }
    if !saw_version {
        errors.push(err(1, 1, "empty file: no `#!gpuref-vectors 1` line".into()));
    }
    (out, errors)
}

/// Parse one case line; on error, the 1-based column and the reason.
pub fn parse_case(line: &str) -> Result<Case, (usize, String)> {
    let mut fields: [&str; FIELDS] = [""; FIELDS];
    let mut starts = [0usize; FIELDS];
    let mut count = 0;
    let mut pos = 0;
    for part in line.split('\t') {
        if count == FIELDS {
            return Err((pos + 1, format!("more than {FIELDS} tab-separated fields")));
        }
        fields[count] = part;
        starts[count] = pos;
        count += 1;
        pos += part.len() + 1;
    }
    if count != FIELDS {
        return Err((
            line.len() + 1,
            format!("expected {FIELDS} tab-separated fields, found {count}"),
        ));
    }
    let col = |i: usize, off: usize| starts[i] + off + 1;
    // `-` is an empty mode, inputs, outputs or rules field (encoding vectors); an empty
    // outputs field is still an error.
    let no_outputs_allowed = fields[5] == "-";
    for i in [3, 4, 5, 7] {
        if fields[i] == "-" {
            fields[i] = "";
        }
    }
    let id = fields[0];
    if id.is_empty() || id.contains(' ') {
        return Err((
            col(0, 0),
            "the id must be non-empty and contain no spaces".into(),
        ));
    }
    let mut words = Vec::new();
    if fields[1] != "-" {
        for (off, w) in tokens(fields[1]) {
            let v = u32::from_str_radix(w, 16).map_err(|_| {
                (
                    col(1, off),
                    format!("bad encoding word `{w}`: 8 hex digits"),
                )
            })?;
            words.push(v);
        }
        if words.is_empty() {
            return Err((col(1, 0), "no encoding words (write `-` for none)".into()));
        }
    }
    for (off, kv) in tokens(fields[3]) {
        if !kv.contains('=') {
            return Err((col(3, off), format!("mode item `{kv}` is not key=value")));
        }
    }
    let mut inputs = Vec::new();
    for (off, kv) in tokens(fields[4]) {
        let (name, val) = kv
            .split_once('=')
            .ok_or_else(|| (col(4, off), format!("input `{kv}` is not name=0xHEX")))?;
        let v = parse_hex(val).ok_or_else(|| {
            (
                col(4, off + name.len() + 1),
                format!("input `{name}`: bad value `{val}` (0xHEX)"),
            )
        })?;
        inputs.push((name.to_string(), v));
    }
    let mut outputs = Vec::new();
    for (off, kv) in tokens(fields[5]) {
        let (name, val) = kv
            .split_once('=')
            .ok_or_else(|| (col(5, off), format!("output `{kv}` is not name=SPEC")))?;
        let spec = parse_spec(val).map_err(|m| {
            (
                col(5, off + name.len() + 1),
                format!("output `{name}`: {m}"),
            )
        })?;
        outputs.push((name.to_string(), spec));
    }
    if outputs.is_empty() && !no_outputs_allowed {
        return Err((col(5, 0), "no expected outputs".into()));
    }
    let flags = if fields[6] == "*" {
        FlagSpec::Unchecked
    } else {
        FlagSpec::Exact(parse_flags(fields[6]).map_err(|m| (col(6, 0), m))?)
    };
    let rules = if fields[7].is_empty() {
        Vec::new()
    } else {
        fields[7].split(',').map(str::to_string).collect()
    };
    Ok(Case {
        id: id.to_string(),
        words,
        asm: fields[2].to_string(),
        mode: fields[3].to_string(),
        inputs,
        outputs,
        flags,
        rules,
        line: 0,
    })
}

/// Space-separated tokens with their byte offsets.
fn tokens(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = s.as_ptr() as usize;
    s.split(' ')
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - base, t))
}

pub fn parse_hex(s: &str) -> Option<u64> {
    let h = s.strip_prefix("0x")?;
    if h.is_empty() || h.len() > 16 {
        return None;
    }
    u64::from_str_radix(h, 16).ok()
}

pub fn parse_spec(s: &str) -> Result<Spec, String> {
    let mut alts = Vec::new();
    for a in s.split(',') {
        let alt = if let Some(t) = a.strip_prefix("nan:") {
            Alt::AnyNan(FloatType::parse(t).ok_or_else(|| format!("unknown float type `{t}`"))?)
        } else if let Some((range, t)) = a.split_once(':') {
            let ty = FloatType::parse(t).ok_or_else(|| format!("unknown float type `{t}`"))?;
            let (lo, hi) = range
                .split_once('~')
                .ok_or_else(|| format!("`{a}`: expected 0xLO~0xHI:T"))?;
            let lo = parse_hex(lo).ok_or_else(|| format!("bad bound `{lo}`"))?;
            let hi = parse_hex(hi).ok_or_else(|| format!("bad bound `{hi}`"))?;
            Alt::Range { lo, hi, ty }
        } else if let Some((v, m)) = a.split_once('/') {
            Alt::Masked {
                value: parse_hex(v).ok_or_else(|| format!("bad value `{v}`"))?,
                mask: parse_hex(m).ok_or_else(|| format!("bad mask `{m}`"))?,
            }
        } else {
            Alt::Exact(parse_hex(a).ok_or_else(|| {
                format!("bad value `{a}` (0xHEX, 0xHEX/0xMASK, nan:T or 0xLO~0xHI:T)")
            })?)
        };
        alts.push(alt);
    }
    Ok(Spec(alts))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "#!gpuref-vectors 1\n#!isa float\n## group one\nf32.add.1\t-\tf32.add\tround=rne\ta=0x3f800000 b=0x3f800000\td=0x40000000\tnone\tfloat.add\n";

    #[test]
    fn roundtrip() {
        let (f, errs) = parse(Path::new("t.vec"), GOOD);
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(f.cases.len(), 1);
        assert_eq!(f.header("isa"), Some("float"));
        assert_eq!(f.cases[0].input("b"), Some(0x3f80_0000));
        assert_eq!(f.to_text(), GOOD);
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = "#!gpuref-vectors 1\nx\t-\tf32.add\tround=rne\ta=0xZZ\td=0x1\tnone\tr\n";
        let (_, errs) = parse(Path::new("bad.vec"), text);
        assert_eq!(errs.len(), 1);
        let e = &errs[0];
        assert_eq!((e.line, e.column), (2, 25), "{e}");
        assert!(e.to_string().starts_with("bad.vec:2:25: input `a`"), "{e}");
        let (_, errs) = parse(Path::new("v.vec"), "#!gpuref-vectors 2\n");
        assert!(errs[0].message.contains("unsupported format version"));
        let (_, errs) = parse(Path::new("f.vec"), "#!gpuref-vectors 1\na\tb\n");
        assert_eq!(
            (errs[0].line, errs[0].message.as_str()),
            (2, "expected 8 tab-separated fields, found 2")
        );
        // A bad line does not hide the good ones after it.
        let text = format!("{GOOD}garbage\n{}", GOOD.lines().last().unwrap());
        let (f, errs) = parse(Path::new("m.vec"), &text);
        assert_eq!((f.cases.len(), errs.len()), (2, 1));
    }

    #[test]
    fn acceptance_sets() {
        let s = parse_spec("nan:f32,0x0").unwrap();
        assert!(s.accepts(0x7fc0_0000) && s.accepts(0xff80_0001) && s.accepts(0));
        assert!(!s.accepts(0x7f80_0000));
        let s = parse_spec("0x3f7ffffe~0x3f800001:f32").unwrap();
        assert!(s.accepts(0x3f7f_ffff) && s.accepts(0x3f80_0001));
        assert!(!s.accepts(0x3f80_0002) && !s.accepts(0xbf80_0000));
        // Across zero: −min subnormal .. +min subnormal includes both zeros.
        let s = parse_spec("0x80000001~0x1:f32").unwrap();
        assert!(s.accepts(0x8000_0000) && s.accepts(0) && !s.accepts(2) && !s.accepts(0x8000_0002));
        // A NaN end (the hull of two readings of a square root of a negative denormal: NaN
        // if kept, -0 if flushed): both ends, nothing between.
        let s = parse_spec("0xffc00000~0x80000000:f32").unwrap();
        assert!(s.accepts(0xffc0_0000) && s.accepts(0x8000_0000));
        assert!(!s.accepts(0xbf80_0000) && !s.accepts(0xff80_0000) && !s.accepts(0));
        assert!(!s.accepts(0x7fc0_0000) && !s.accepts(0xffc0_0001));
        let s = parse_spec("0xffc00000~0xff800000:f32").unwrap();
        assert!(s.accepts(0xffc0_0000) && s.accepts(0xff80_0000) && !s.accepts(0xff7f_ffff));
        let s = parse_spec("0x12340000/0xffff0000").unwrap();
        assert!(s.accepts(0x1234_abcd) && !s.accepts(0x1235_0000));
        assert!(parse_spec("nan:f128").is_err());
        assert!(parse_spec("12").is_err());
    }
}
