//! The built-in reference for encoding vectors of ISA `gcn5` (`#!kind encoding`): a case
//! passes when its words decode to exactly its asm (using every word, no more) and its asm
//! assembles to exactly its words (docs/vector-format.md, "Encoding vectors").

use crate::vector::{Case, VecFile};
use gpuref_amd_gcn5::{Gcn5, Target};
use std::path::Path;

/// Whether a parsed file is an encoding-vector file.
pub fn is_encoding_file(file: &VecFile) -> bool {
    file.header("kind") == Some("encoding")
}

/// The target of an encoding file, from its `#!target` header.
pub fn target_of(file: &VecFile) -> Result<Target, String> {
    if file.header("isa") != Some("gcn5") {
        return Err(format!(
            "encoding vectors of isa `{}`: only gcn5 has a built-in reference",
            file.header("isa").unwrap_or("")
        ));
    }
    let t = file.header("target").unwrap_or("");
    Target::parse(t).ok_or_else(|| format!("unknown gcn5 target `{t}` (known: gfx900, gfx908)"))
}

/// Check one case: `Ok` if both directions hold, else every direction that failed.
pub fn check_case(target: Target, case: &Case) -> Result<(), String> {
    crate::asm::check_encoding_case::<Gcn5>(target, case)
}

/// Check every case of a parsed encoding file: (passed, failure reports). A file whose
/// target has no reference fails every case with that reason.
pub fn check_file(path: &Path, file: &VecFile) -> (usize, Vec<String>) {
    crate::asm::check_encoding_file::<Gcn5>(path, file, target_of(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(words: &[u32], asm: &str) -> Case {
        Case {
            id: "x.1".into(),
            words: words.to_vec(),
            asm: asm.into(),
            mode: String::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            flags: crate::vector::FlagSpec::Unchecked,
            rules: Vec::new(),
            line: 0,
        }
    }

    #[test]
    fn both_directions_are_checked() {
        let t = Target::Gfx900;
        // llvm-mc -mcpu=gfx900 -show-encoding: s_nop 0 ; [0x00,0x00,0x80,0xbf]
        assert_eq!(check_case(t, &case(&[0xbf80_0000], "s_nop 0")), Ok(()));
        let e = check_case(t, &case(&[0xbf80_0001], "s_nop 0")).unwrap_err();
        assert!(
            e.contains("decode printed `s_nop 1`") && e.contains("assembling gave bf800000"),
            "{e}"
        );
        let e = check_case(t, &case(&[0xbf80_0000, 0], "s_nop 0")).unwrap_err();
        assert!(e.contains("decode used 1 of the 2 words"), "{e}");
        let e = check_case(t, &case(&[0xbe80_ff00], "s_bogus")).unwrap_err();
        assert!(
            e.contains("decode failed") && e.contains("assembling failed"),
            "{e}"
        );
    }
}
