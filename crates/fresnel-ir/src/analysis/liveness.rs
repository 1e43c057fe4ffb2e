//! Liveness of SSA values: for each block, the values live on entry and on exit, by the
//! usual backward data-flow iteration to a fixed point.
//!
//! Phis are handled as in SSA-based register allocation: a phi's result is defined at the
//! start of its block (so it is not live-in there), and each phi source is used at the end of
//! the corresponding predecessor (so it is live-out of that predecessor, not live-in of the
//! phi's block). An `if` condition is used at the end of the block just before the `if`.

use crate::entity::EntityId;
use crate::func::{CfNode, Function};
use crate::instr::{BlockId, InstrKind, ValueId};

/// A fixed-size set of small integers (value indices).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set able to hold `0..n`.
    pub fn new(n: usize) -> BitSet {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, i % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let was = self.words[w] & (1 << b) != 0;
        self.words[w] |= 1 << b;
        !was
    }

    pub fn remove(&mut self, i: usize) {
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1 << (i % 64));
        }
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds every member of `other`; returns whether the set grew.
    pub fn union_with(&mut self, other: &BitSet) -> bool {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, w)| {
            (0..64)
                .filter(move |b| w & (1u64 << b) != 0)
                .map(move |b| wi * 64 + b)
        })
    }
}

/// Live-in and live-out sets of SSA values per block.
#[derive(Clone, Debug)]
pub struct Liveness {
    live_in: Vec<BitSet>,
    live_out: Vec<BitSet>,
}

impl Liveness {
    /// Computes liveness from the function's instructions and stored CFG.
    pub fn compute(func: &Function) -> Liveness {
        let nb = func.blocks.len();
        let nv = func.values.len();
        let order = func.blocks_in_order();
        // Per block: values defined, values used before any definition in the block, and
        // phi sources it feeds to its successors.
        let mut defs = vec![BitSet::new(nv); nb];
        let mut uses = vec![BitSet::new(nv); nb];
        let mut phi_out = vec![BitSet::new(nv); nb];
        let mut phi_defs = vec![BitSet::new(nv); nb];
        for &b in &order {
            for &i in &func.blocks[b].instrs {
                let kind = &func.instrs[i].kind;
                match kind {
                    InstrKind::Phi { dest, srcs } => {
                        defs[b.index()].insert(dest.index());
                        phi_defs[b.index()].insert(dest.index());
                        for (p, v) in srcs {
                            if p.index() < nb {
                                phi_out[p.index()].insert(v.index());
                            }
                        }
                    }
                    _ => {
                        for v in kind.srcs() {
                            if !defs[b.index()].contains(v.index()) {
                                uses[b.index()].insert(v.index());
                            }
                        }
                        for d in kind.dests() {
                            defs[b.index()].insert(d.index());
                        }
                    }
                }
            }
        }
        // `if` conditions: used at the end of the block before the `if`.
        func.walk(&mut |n| {
            if let CfNode::If(i) = n {
                if let Some(prev) = block_before(func, n) {
                    let c = func.ifs[i].cond;
                    if !defs[prev.index()].contains(c.index()) {
                        uses[prev.index()].insert(c.index());
                    }
                }
            }
        });
        let mut live_in = vec![BitSet::new(nv); nb];
        let mut live_out = vec![BitSet::new(nv); nb];
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().rev() {
                let bi = b.index();
                let mut out = phi_out[bi].clone();
                for s in func.blocks[b].succs.iter().flatten() {
                    if s.index() >= nb {
                        continue;
                    }
                    let mut si = live_in[s.index()].clone();
                    for d in phi_defs[s.index()].iter() {
                        si.remove(d);
                    }
                    out.union_with(&si);
                }
                let mut inn = out.clone();
                for d in defs[bi].iter() {
                    inn.remove(d);
                }
                inn.union_with(&uses[bi]);
                if out != live_out[bi] {
                    live_out[bi] = out;
                    changed = true;
                }
                if inn != live_in[bi] {
                    live_in[bi] = inn;
                    changed = true;
                }
            }
        }
        Liveness { live_in, live_out }
    }

    /// Values live on entry to `b` (phi results of `b` excluded).
    pub fn live_in(&self, b: BlockId) -> &BitSet {
        &self.live_in[b.index()]
    }

    /// Values live on exit from `b` (sources of successors' phis included).
    pub fn live_out(&self, b: BlockId) -> &BitSet {
        &self.live_out[b.index()]
    }

    pub fn is_live_in(&self, b: BlockId, v: ValueId) -> bool {
        self.live_in
            .get(b.index())
            .is_some_and(|s| s.contains(v.index()))
    }

    pub fn is_live_out(&self, b: BlockId, v: ValueId) -> bool {
        self.live_out
            .get(b.index())
            .is_some_and(|s| s.contains(v.index()))
    }
}

/// The block just before a node in its list.
pub(crate) fn block_before(func: &Function, n: CfNode) -> Option<BlockId> {
    let l = func.parent_list(n)?;
    let list = func.list(l);
    let i = list.iter().position(|x| *x == n)?;
    match list.get(i.checked_sub(1)?) {
        Some(CfNode::Block(b)) => Some(*b),
        _ => None,
    }
}
