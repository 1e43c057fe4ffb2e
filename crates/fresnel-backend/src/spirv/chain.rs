//! Access chains written whole: `a.b[i].c` is one `OpAccessChain` from `a` with three
//! indices, as glslang writes it, not one chain per IR deref.
//!
//! The IR has a deref instruction per step. A step whose result is read only as the parent
//! of further steps (element, member or column derefs) is *folded*: nothing is written for
//! it; its base pointer and indices are kept in [`Chains::folded`] and the steps built on
//! it start from that base with its indices first. A step read by anything else (a load, a
//! store, a copy, an atomic, a texture, a whole-aggregate group of `coalesce.rs`) is written
//! as a chain of every index from the nearest unfolded pointer; a group's parent that was
//! folded is materialized where the group is written ([`FuncCx::chain_pointer`]).
//!
//! Sound because SSA dominance carries over: every id in a folded chain (the base pointer
//! and the index values) is defined before the folded deref, which dominates every step
//! built on it.

use fresnel_ir::{DerefKind, Function, InstrKind, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::func::{FuncCx, Val};
use super::spec::op;
use super::{Result, SpirvError};

/// The operands of a folded chain: the base pointer id, then the index ids.
pub type ChainOps = SmallVec<[u32; 6]>;

/// The folded derefs of one function.
#[derive(Default, Debug)]
pub struct Chains {
    /// Element and member derefs read only as the parent of other element/member derefs,
    /// by value index (performance: dense, asked once per deref).
    pub foldable: Vec<bool>,
    /// Those written so far: base pointer and indices.
    pub folded: FxHashMap<ValueId, ChainOps>,
}

/// Finds the foldable derefs of `f`.
pub fn analyze(f: &Function) -> Chains {
    // Per value (dense): 1 = an element/member step, 2 = read, 4 = read other than as the
    // parent of a step.
    const STEP: u8 = 1;
    const USED: u8 = 2;
    const OTHER: u8 = 4;
    let mut flags = vec![0u8; f.values.len()];
    let mut mark = |v: ValueId, bit: u8| {
        if let Some(x) = flags.get_mut(v.0 as usize) {
            *x |= bit;
        }
    };
    for (b, _) in f.blocks.iter() {
        for &i in &f.blocks[b].instrs {
            let kind = &f.instrs[i].kind;
            if let InstrKind::Deref(d) = kind {
                if matches!(d.kind, DerefKind::Array { .. } | DerefKind::Struct { .. }) {
                    mark(d.dest, STEP);
                }
            }
            // (Performance: the sources visited in place, not collected.)
            kind.for_each_src(|n, s| {
                let as_parent = match kind {
                    InstrKind::Deref(d) => match d.kind {
                        DerefKind::Array { parent, index } => n == 0 && parent == s && index != s,
                        DerefKind::Struct { parent, .. } => parent == s,
                        _ => false,
                    },
                    _ => false,
                };
                mark(s, if as_parent { USED } else { USED | OTHER });
            });
        }
    }
    for (_, n) in f.ifs.iter() {
        mark(n.cond, USED | OTHER);
    }
    let foldable: Vec<bool> = flags
        .iter()
        .map(|&x| x & (STEP | USED | OTHER) == STEP | USED)
        .collect();
    // (Performance: room for every folded step, no regrowing.)
    let n = foldable.iter().filter(|&&x| x).count();
    Chains {
        foldable,
        folded: FxHashMap::with_capacity_and_hasher(n, Default::default()),
    }
}

impl FuncCx<'_, '_> {
    /// The chain operands a deref step starts from: a folded parent's, or its pointer.
    pub(super) fn chain_base(&self, parent: ValueId, pid: u32) -> ChainOps {
        match self.chains.folded.get(&parent) {
            Some(ops) => ops.clone(),
            None => smallvec::smallvec![pid],
        }
    }

    /// Writes a step (`ops`: base and indices) unless it is foldable; returns the pointer
    /// id (0 when folded: only further steps and [`Self::chain_pointer`] read it then).
    pub(super) fn chain_step(&mut self, dest: ValueId, ptr_t: u32, ops: ChainOps) -> u32 {
        if self.chains.foldable.get(dest.0 as usize) == Some(&true) {
            self.chains.folded.insert(dest, ops);
            return 0;
        }
        self.access_chain(ptr_t, ops)
    }

    /// `OpAccessChain` of `ops` (base and indices): once per SPIR-V block (a chain is pure;
    /// the same path twice in a block, as a load group's and a store group's parent, is one).
    fn access_chain(&mut self, ptr_t: u32, ops: ChainOps) -> u32 {
        if let Some(id) = self.pure.get(op::ACCESS_CHAIN, ptr_t, &ops) {
            return id;
        }
        let id = self.m.id();
        self.code.inst_parts(op::ACCESS_CHAIN, &[ptr_t, id], &ops);
        self.pure.insert(op::ACCESS_CHAIN, ptr_t, &ops, id);
        id
    }

    /// A deref's pointer id, written here when its chain was folded.
    pub(super) fn chain_pointer(&mut self, v: ValueId) -> Result<(u32, u32)> {
        let Val::Ptr {
            id, pointee, class, ..
        } = self.vals[v.0 as usize]
        else {
            return Err(SpirvError::new("internal: a group parent is not a pointer"));
        };
        if id != 0 {
            return Ok((id, pointee));
        }
        let Some(ops) = self.chains.folded.get(&v).cloned() else {
            return Err(SpirvError::new("internal: a folded chain without operands"));
        };
        let ptr_t = self.m.pointer(class, pointee);
        Ok((self.access_chain(ptr_t, ops), pointee))
    }
}
