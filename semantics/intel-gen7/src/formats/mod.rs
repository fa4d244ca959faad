//! The encoding formats: field encodings ([`fields`]), the native 128-bit form
//! ([`native`]) and the compacted 64-bit form ([`compact`]).

pub mod compact;
pub mod fields;
pub mod native;
