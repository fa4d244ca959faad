//! The targets: which chip an instruction row, a decode or a rule applies to.

use std::fmt;

/// One target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// AMD "Vega" (GCN5), LLVM `gfx900`.
    Gfx900,
    /// AMD Instinct MI100 (CDNA1), LLVM `gfx908`.
    Gfx908,
}

impl Target {
    pub const ALL: [Target; 2] = [Target::Gfx900, Target::Gfx908];

    /// The LLVM processor name, as `--target` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Gfx900 => "gfx900",
            Target::Gfx908 => "gfx908",
        }
    }

    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s)
    }

    const fn bit(self) -> u8 {
        match self {
            Target::Gfx900 => 1,
            Target::Gfx908 => 2,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Targets(u8);

impl Targets {
    pub const GFX900: Targets = Targets(Target::Gfx900.bit());
    pub const GFX908: Targets = Targets(Target::Gfx908.bit());
    pub const BOTH: Targets = Targets(Target::Gfx900.bit() | Target::Gfx908.bit());

    pub const fn contains(self, t: Target) -> bool {
        self.0 & t.bit() != 0
    }
}
