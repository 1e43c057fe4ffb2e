//! The use list of a value: every place that reads it, in the order the uses were added.
//!
//! Most values have one or two uses, kept inline in a small vector. A value read from
//! thousands of places (a constant, a uniform load in a large shader) would make removing
//! one use a scan of the whole list, and passes that remove many instructions quadratic.
//! From [`INDEXED_FROM`] uses on, the list keeps a position index once a use is removed
//! from it (built then, in one pass: a list that only grows, as while lowering, never
//! hashes its uses): a removed use leaves a hole (so the order of the others never changes)
//! and the holes are squeezed out when they outnumber the uses, which keeps removal
//! amortized O(1) and iteration linear.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::instr::Use;

/// Lists at least this long keep a position index (from their first removal on).
pub const INDEXED_FROM: usize = 32;

/// The iterator over a [`UseList`].
pub type Iter<'a> =
    std::iter::FilterMap<std::slice::Iter<'a, Option<Use>>, fn(&'a Option<Use>) -> Option<&'a Use>>;

#[derive(Clone, Default)]
pub struct UseList {
    /// The uses in the order they were added; `None` where one was removed (indexed lists
    /// only, so a list without an index has no holes).
    items: SmallVec<[Option<Use>; 2]>,
    /// Lists of [`INDEXED_FROM`] uses or more that had a use removed.
    index: Option<Box<Index>>,
}

#[derive(Clone, Default)]
struct Index {
    /// Slot of each use in `items`.
    slots: FxHashMap<Use, u32>,
    /// Uses in `items` (the others are holes).
    live: usize,
}

impl UseList {
    pub fn new() -> UseList {
        UseList::default()
    }

    pub fn len(&self) -> usize {
        match &self.index {
            Some(ix) => ix.live,
            None => self.items.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The uses, in the order they were added.
    pub fn iter(&self) -> Iter<'_> {
        self.items.iter().filter_map(Option::as_ref)
    }

    pub fn to_vec(&self) -> Vec<Use> {
        self.iter().copied().collect()
    }

    pub fn first(&self) -> Option<&Use> {
        self.iter().next()
    }

    pub fn contains(&self, u: &Use) -> bool {
        match &self.index {
            Some(ix) => ix.slots.contains_key(u),
            None => self.iter().any(|x| x == u),
        }
    }

    pub fn push(&mut self, u: Use) {
        let slot = self.items.len() as u32;
        self.items.push(Some(u));
        if let Some(ix) = &mut self.index {
            ix.slots.insert(u, slot);
            ix.live += 1;
        }
    }

    /// Removes one use; true when it was in the list.
    pub fn remove(&mut self, u: &Use) -> bool {
        if self.index.is_none() && self.items.len() >= INDEXED_FROM {
            self.build_index();
        }
        match &mut self.index {
            Some(ix) => {
                let Some(slot) = ix.slots.remove(u) else {
                    return false;
                };
                self.items[slot as usize] = None;
                ix.live -= 1;
                let holes = self.items.len() - ix.live;
                if holes > ix.live.max(INDEXED_FROM) {
                    self.squeeze();
                }
                true
            }
            None => match self.items.iter().position(|x| x.as_ref() == Some(u)) {
                Some(p) => {
                    self.items.remove(p);
                    true
                }
                None => false,
            },
        }
    }

    /// Keeps the uses `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Use) -> bool) {
        self.items.retain(|x| x.as_ref().is_some_and(&mut keep));
        // No holes left: the next removal indexes the list again if it is long.
        self.index = None;
    }

    /// Keeps the uses `keep` accepts and puts them in ascending order: the order
    /// [`crate::Function::rebuild_uses`] lists them in (instruction uses by instruction and
    /// source, then `if` conditions by `if`).
    #[inline]
    pub fn retain_sorted(&mut self, mut keep: impl FnMut(&Use) -> bool) {
        if self.index.is_some() {
            self.index = None;
        }
        // Compacted in place in one pass over the slice, noting whether the survivors are
        // in order (performance: `SmallVec::retain` asks for the length and whether it
        // spilled at every step; most lists keep one or two uses, already in order).
        let items = self.items.as_mut_slice();
        let mut w = 0;
        let mut sorted = true;
        let mut prev: Option<Use> = None;
        for r in 0..items.len() {
            let Some(u) = items[r] else {
                continue;
            };
            if !keep(&u) {
                continue;
            }
            if prev.is_some_and(|p| p > u) {
                sorted = false;
            }
            prev = Some(u);
            items[w] = Some(u);
            w += 1;
        }
        self.items.truncate(w);
        // No holes left, so `Option`'s order is that of the uses.
        if !sorted {
            self.items.sort_unstable();
        }
    }

    pub fn clear(&mut self) {
        self.items.clear();
        self.index = None;
    }

    /// Drops the holes and rebuilds the index.
    fn squeeze(&mut self) {
        self.items.retain(|x| x.is_some());
        self.build_index();
    }

    fn build_index(&mut self) {
        if self.items.len() < INDEXED_FROM {
            self.index = None;
            return;
        }
        let mut slots: FxHashMap<Use, u32> = FxHashMap::default();
        slots.reserve(self.items.len());
        for (slot, u) in self.items.iter().enumerate() {
            if let Some(u) = u {
                slots.insert(*u, slot as u32);
            }
        }
        let live = slots.len();
        self.index = Some(Box::new(Index { slots, live }));
    }
}

impl std::fmt::Debug for UseList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for UseList {
    fn eq(&self, o: &UseList) -> bool {
        self.iter().eq(o.iter())
    }
}

impl Eq for UseList {}

impl std::ops::Index<usize> for UseList {
    type Output = Use;
    /// The `i`th use (in order); panics when there are fewer.
    fn index(&self, i: usize) -> &Use {
        self.iter().nth(i).expect("use index out of range")
    }
}

impl<'a> IntoIterator for &'a UseList {
    type Item = &'a Use;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for UseList {
    type Item = Use;
    type IntoIter = std::iter::Flatten<smallvec::IntoIter<[Option<Use>; 2]>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().flatten()
    }
}

impl FromIterator<Use> for UseList {
    fn from_iter<T: IntoIterator<Item = Use>>(it: T) -> UseList {
        let mut l = UseList::new();
        for u in it {
            l.push(u);
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instr::InstrId;

    fn u(i: u32) -> Use {
        Use::Instr {
            instr: InstrId(i),
            src: 0,
        }
    }

    /// Against a plain vector: the same uses in the same order through pushes and removals,
    /// small and indexed, with holes squeezed out along the way.
    #[test]
    fn behaves_as_an_ordered_vector() {
        let mut l = UseList::new();
        let mut v: Vec<Use> = Vec::new();
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let mut fresh = 0u32;
        for _ in 0..5000 {
            let r = next() % 10;
            if r < 6 || v.is_empty() {
                fresh += 1;
                l.push(u(fresh));
                v.push(u(fresh));
            } else {
                let at = next() as usize % v.len();
                let x = v.remove(at);
                assert!(l.remove(&x));
                assert!(!l.remove(&x), "removed twice");
            }
            assert_eq!(l.len(), v.len());
        }
        assert_eq!(l.to_vec(), v);
        assert!(l.index.is_some(), "a long list is indexed");
        l.retain(|x| matches!(x, Use::Instr { instr, .. } if instr.0 % 2 == 0));
        v.retain(|x| matches!(x, Use::Instr { instr, .. } if instr.0 % 2 == 0));
        assert_eq!(l.to_vec(), v);
        if let Some(first) = v.first() {
            assert_eq!(&l[0], first);
            assert!(l.contains(first));
        }
        l.clear();
        assert!(l.is_empty() && l.iter().next().is_none());
    }
}
