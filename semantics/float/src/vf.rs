//! Intel Gen7 packed restricted float (VF): being written.
