//! The pure instructions written in the current SPIR-V block, by opcode, result type and
//! operands, with their ids ([`super::FuncCx::pure`]): the writer makes each once per block.
//!
//! An instruction written in one block may not dominate another, so the cache only holds
//! the current block's: [`PureCache::clear`] empties it when a block starts (a label is
//! written once, so no later look-up could find an earlier block's instructions).
//!
//! (Performance: the operands of nearly every key, at most [`SHORT`] words, are stored
//! inline, with no block id: an entry is 36 bytes, not 56; the table is among the writer's
//! largest for a big function.)

use std::hash::{Hash, Hasher};

use rustc_hash::FxHashMap;

/// The most operand words a key holds inline (a shuffle: two vectors and four components).
const SHORT: usize = 6;

/// A key of at most [`SHORT`] operands (the unused words 0).
#[derive(Copy, Clone, PartialEq, Eq)]
struct ShortKey {
    t: u32,
    opc: u16,
    len: u8,
    ops: [u32; SHORT],
}

impl Hash for ShortKey {
    /// Every field, two words at a time (performance: a few multiplications, not the
    /// byte-slice hashing of an array).
    fn hash<H: Hasher>(&self, h: &mut H) {
        let pair = |a: u32, b: u32| u64::from(a) | (u64::from(b) << 32);
        h.write_u64(pair(
            self.t,
            u32::from(self.opc) | (u32::from(self.len) << 16),
        ));
        h.write_u64(pair(self.ops[0], self.ops[1]));
        h.write_u64(pair(self.ops[2], self.ops[3]));
        h.write_u64(pair(self.ops[4], self.ops[5]));
    }
}

/// See the module documentation.
#[derive(Default)]
pub struct PureCache {
    short: FxHashMap<ShortKey, u32>,
    /// Keys of more operands (long access chains, constructs of long vectors).
    long: FxHashMap<(u16, u32, Box<[u32]>), u32>,
}

fn short_key(opc: u16, t: u32, ops: &[u32]) -> Option<ShortKey> {
    if ops.len() > SHORT {
        return None;
    }
    let mut k = ShortKey {
        t,
        opc,
        len: ops.len() as u8,
        ops: [0; SHORT],
    };
    // (Performance: word by word, at most `SHORT`; no `memcpy` call.)
    for (d, &s) in k.ops.iter_mut().zip(ops) {
        *d = s;
    }
    Some(k)
}

impl PureCache {
    /// Room for `n` instructions without regrowing.
    pub fn with_capacity(n: usize) -> PureCache {
        PureCache {
            short: FxHashMap::with_capacity_and_hasher(n, Default::default()),
            long: FxHashMap::default(),
        }
    }

    /// The id of `opc` of type `t` on `ops` written in this block.
    pub fn get(&self, opc: u16, t: u32, ops: &[u32]) -> Option<u32> {
        match short_key(opc, t, ops) {
            Some(k) => self.short.get(&k).copied(),
            None => self.long.get(&(opc, t, Box::from(ops))).copied(),
        }
    }

    /// Records `id` as `opc` of type `t` on `ops` (replacing an earlier one).
    pub fn insert(&mut self, opc: u16, t: u32, ops: &[u32], id: u32) {
        match short_key(opc, t, ops) {
            Some(k) => {
                self.short.insert(k, id);
            }
            None => {
                self.long.insert((opc, t, Box::from(ops)), id);
            }
        }
    }

    /// The id of `opc` of type `t` on `ops` and `true` when it was written in this block;
    /// else the id `new` gives, recorded, and `false` (performance: one hash and probe for
    /// the look-up and the insertion).
    pub fn get_or_insert_with(
        &mut self,
        opc: u16,
        t: u32,
        ops: &[u32],
        new: impl FnOnce() -> u32,
    ) -> (u32, bool) {
        use std::collections::hash_map::Entry;
        match short_key(opc, t, ops) {
            Some(k) => match self.short.entry(k) {
                Entry::Occupied(e) => (*e.get(), true),
                Entry::Vacant(e) => (*e.insert(new()), false),
            },
            None => match self.long.entry((opc, t, Box::from(ops))) {
                Entry::Occupied(e) => (*e.get(), true),
                Entry::Vacant(e) => (*e.insert(new()), false),
            },
        }
    }

    /// Forgets the instructions whose opcode `drop` is true for.
    pub fn forget(&mut self, drop: impl Fn(u16) -> bool) {
        self.short.retain(|k, _| !drop(k.opc));
        self.long.retain(|k, _| !drop(k.0));
    }

    /// Empties the cache: a new block starts (performance: nothing done when empty).
    pub fn clear(&mut self) {
        if !self.short.is_empty() {
            self.short.clear();
        }
        if !self.long.is_empty() {
            self.long.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_keys() {
        let mut c = PureCache::with_capacity(4);
        let long: Vec<u32> = (1..=9).collect();
        assert_eq!(c.get(81, 7, &[1, 0]), None);
        c.insert(81, 7, &[1, 0], 10);
        c.insert(65, 7, &long, 11);
        assert_eq!(c.get(81, 7, &[1, 0]), Some(10));
        assert_eq!(c.get(65, 7, &long), Some(11));
        // Opcode, type, length and every operand count.
        assert_eq!(c.get(81, 8, &[1, 0]), None);
        assert_eq!(c.get(79, 7, &[1, 0]), None);
        assert_eq!(c.get(81, 7, &[1, 0, 0]), None);
        assert_eq!(c.get(81, 7, &[1]), None);
        assert_eq!(c.get(65, 7, &long[..8]), None);
        assert_eq!(c.get_or_insert_with(81, 7, &[1, 0], || 99), (10, true));
        assert_eq!(c.get_or_insert_with(81, 7, &[2], || 12), (12, false));
        assert_eq!(c.get(81, 7, &[2]), Some(12));
        assert_eq!(c.get_or_insert_with(65, 7, &long[..7], || 13), (13, false));
        assert_eq!(c.get(65, 7, &long[..7]), Some(13));
        // The empty operand list and exactly `SHORT` operands.
        c.insert(1, 2, &[], 14);
        c.insert(1, 2, &[1, 2, 3, 4, 5, 6], 15);
        assert_eq!(c.get(1, 2, &[]), Some(14));
        assert_eq!(c.get(1, 2, &[1, 2, 3, 4, 5, 6]), Some(15));
        c.forget(|opc| opc == 65);
        assert_eq!(c.get(65, 7, &long), None);
        assert_eq!(c.get(81, 7, &[1, 0]), Some(10));
        c.clear();
        assert_eq!(c.get(81, 7, &[1, 0]), None);
        assert_eq!(c.get(1, 2, &[]), None);
    }
}
