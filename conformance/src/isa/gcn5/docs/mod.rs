//! GCN5/CDNA1's pages of the instruction reference (docs/design/0028): one page per
//! mnemonic, the index pages, the dispute pages and the float quirks page, generated from
//! the opcode table, the kernel tables and the rule registry (`gpuref_amd_gcn5::rules`).

mod disputes;
mod layout;
mod model;
pub mod modes;
mod pages;
mod special;
pub mod vectors;

pub use pages::{contents, instruction_page, pages, status_table};

pub(crate) use crate::docs::{
    code, page_link, repo_link, t, Block, Diagram, DiagramField, Page, Span,
};

#[cfg(test)]
pub(crate) use crate::docs::{render, text, Link};
#[cfg(test)]
use std::path::Path;

#[cfg(test)]
mod tests;
