//! Typed indices into arenas: `define_id!(ValueId)` makes a `u32` newtype, and
//! [`EntityVec`] is a vector indexed by it. No `Rc<RefCell>`: everything in a function lives
//! in its arenas and refers to the rest by index.

use std::marker::PhantomData;

/// A typed index.
pub trait EntityId: Copy + Eq + Ord + std::hash::Hash + std::fmt::Debug {
    fn new(index: usize) -> Self;
    fn index(self) -> usize;
}

/// Declares a typed `u32` index.
#[macro_export]
macro_rules! define_id {
    ($(#[$m:meta])* $name:ident, $prefix:literal) => {
        $(#[$m])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl $crate::entity::EntityId for $name {
            #[inline]
            fn new(index: usize) -> Self {
                $name(u32::try_from(index).expect("arena index overflow"))
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl $name {
            /// The prefix this kind of index has in the text form.
            pub const PREFIX: &'static str = $prefix;
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

/// A vector indexed by a typed index.
#[derive(Clone, PartialEq, Eq)]
pub struct EntityVec<I: EntityId, T> {
    items: Vec<T>,
    _id: PhantomData<fn(I) -> I>,
}

impl<I: EntityId, T> Default for EntityVec<I, T> {
    fn default() -> Self {
        EntityVec {
            items: Vec::new(),
            _id: PhantomData,
        }
    }
}

impl<I: EntityId, T: std::fmt::Debug> std::fmt::Debug for EntityVec<I, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<I: EntityId, T> EntityVec<I, T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends and returns the new index.
    // Inline (performance: called once per instruction and value made; a call moves the
    // item through the stack twice).
    #[inline]
    pub fn push(&mut self, item: T) -> I {
        let id = I::new(self.items.len());
        self.items.push(item);
        id
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Room for at least `additional` more items without growing (performance).
    pub fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Keeps the items whose index `keep` accepts, in order, in place (the survivors are
    /// renumbered from 0).
    pub fn retain_indexed(&mut self, mut keep: impl FnMut(I) -> bool) {
        let mut k = 0;
        self.items.retain(|_| {
            let r = keep(I::new(k));
            k += 1;
            r
        });
    }

    pub fn get(&self, id: I) -> Option<&T> {
        self.items.get(id.index())
    }

    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.items.get_mut(id.index())
    }

    /// Every index with its item, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (I, &T)> + ExactSizeIterator {
        self.items.iter().enumerate().map(|(i, t)| (I::new(i), t))
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (I, &mut T)> {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, t)| (I::new(i), t))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = I> + ExactSizeIterator {
        (0..self.items.len()).map(I::new)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.items.iter()
    }

    /// Every index with its item, in order, taken by value.
    pub fn into_iter_indexed(self) -> impl DoubleEndedIterator<Item = (I, T)> + ExactSizeIterator {
        self.items
            .into_iter()
            .enumerate()
            .map(|(i, t)| (I::new(i), t))
    }
}

impl<I: EntityId, T> std::ops::Index<I> for EntityVec<I, T> {
    type Output = T;
    #[inline]
    fn index(&self, id: I) -> &T {
        &self.items[id.index()]
    }
}

impl<I: EntityId, T> std::ops::IndexMut<I> for EntityVec<I, T> {
    #[inline]
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.items[id.index()]
    }
}
