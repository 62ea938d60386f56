//! How the fast engine stores a value: one byte while every value fits one, two bytes after.
//!
//! The engine is generic over the cell, so the same code runs on bytes (half the memory and
//! twice the values per vector) and on 16-bit values; a run starts on bytes and moves to 16
//! bits the first time a value does not fit ([`super::SparseEngine`] reports it, and the run
//! rebuilds the engine from the values so far).

use super::fold::{Folded, FoldedValues};
use crate::sequence::{Chunk, Computed};
use std::fmt::Debug;
use std::ops::BitXor;

mod sealed {
    /// Only `u8` and `u16` are cells: the vector kernels read a one-byte cell as a `u8` and a
    /// two-byte cell as a `u16`.
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
}

/// A stored value: `u8` or `u16` (sealed).
pub trait Cell:
    sealed::Sealed
    + Copy
    + Default
    + Eq
    + Ord
    + Debug
    + Send
    + Sync
    + BitXor<Output = Self>
    + Into<u32>
    + 'static
{
    /// Bytes per value.
    const BYTES: usize;
    /// The largest value a cell holds.
    const MAX: u32;

    /// `value` as a cell; `value` must be at most [`Cell::MAX`].
    fn from_u32(value: u32) -> Self;

    /// Values of this cell as a [`Chunk`].
    fn chunk(values: &[Self]) -> Chunk<'_>;

    /// Values of this cell as [`Computed`] values.
    fn computed(values: Vec<Self>) -> Computed;

    /// Folded values of this cell (bytes only: see [`super::fold`]) as a [`Chunk`].
    fn folded<'a>(values: &'a [Self], mask: u32, rare: &'a [u64]) -> Chunk<'a>;

    /// Folded values of this cell (bytes only) as [`Computed`] values.
    fn computed_folded(values: Vec<Self>, mask: u32, rare: Vec<u64>) -> Computed;

    /// The value as an index.
    #[inline(always)]
    fn index(self) -> usize {
        let value: u32 = self.into();
        value as usize
    }
}

impl Cell for u8 {
    const BYTES: usize = 1;
    const MAX: u32 = u8::MAX as u32;

    fn chunk(values: &[Self]) -> Chunk<'_> {
        Chunk::Bytes(values)
    }

    fn computed(values: Vec<Self>) -> Computed {
        Computed::Bytes(values)
    }

    fn folded<'a>(values: &'a [Self], mask: u32, rare: &'a [u64]) -> Chunk<'a> {
        Chunk::Folded(Folded::new(values, mask, rare))
    }

    fn computed_folded(values: Vec<Self>, mask: u32, rare: Vec<u64>) -> Computed {
        Computed::Folded(FoldedValues::new(values, mask, rare))
    }

    #[inline(always)]
    fn from_u32(value: u32) -> Self {
        debug_assert!(value <= <Self as Cell>::MAX);
        value as u8
    }
}

impl Cell for u16 {
    const BYTES: usize = 2;
    const MAX: u32 = u16::MAX as u32;

    fn chunk(values: &[Self]) -> Chunk<'_> {
        Chunk::Narrow(values)
    }

    fn computed(values: Vec<Self>) -> Computed {
        Computed::Narrow(values)
    }

    fn folded<'a>(values: &'a [Self], _mask: u32, _rare: &'a [u64]) -> Chunk<'a> {
        // Only bytes are ever folded (`SparseEngine::can_fold`).
        Chunk::Narrow(values)
    }

    fn computed_folded(values: Vec<Self>, _mask: u32, _rare: Vec<u64>) -> Computed {
        Computed::Narrow(values)
    }

    #[inline(always)]
    fn from_u32(value: u32) -> Self {
        debug_assert!(value <= <Self as Cell>::MAX);
        value as u16
    }
}
