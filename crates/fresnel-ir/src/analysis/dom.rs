//! Dominance after Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm" (2001):
//! immediate dominators by iterating over the reverse postorder until nothing changes, the
//! dominator tree with pre/post numbers for constant-time [`DomTree::dominates`], and the
//! dominance frontiers (from each join point, walking up from its predecessors to the join
//! point's immediate dominator).
//!
//! Blocks not reachable from the start block have no immediate dominator, dominate nothing
//! and are dominated by nothing ([`DomTree::is_reachable`] tells them apart).

use crate::entity::EntityId;
use crate::func::Function;
use crate::instr::BlockId;

/// The dominator tree of one function.
///
/// (performance: a handful of flat vectors, whatever the number of blocks; the frontiers
/// are only stored when some block joins two reachable edges.)
#[derive(Clone, Debug)]
pub struct DomTree {
    /// Immediate dominator by block index (the start block's is itself; `None`: unreachable).
    idom: Vec<Option<BlockId>>,
    /// Reachable blocks in reverse postorder of the CFG.
    rpo: Vec<BlockId>,
    /// Position of each block in `rpo` (`usize::MAX`: unreachable).
    rpo_index: Vec<usize>,
    /// The children of block `b` are `child_list[child_start[b]..child_start[b + 1]]` (in
    /// reverse postorder).
    child_start: Vec<u32>,
    child_list: Vec<BlockId>,
    /// Pre- and post-order numbers in the dominator tree.
    pre_post: Vec<[u32; 2]>,
    /// By block index; empty when no reachable block has two reachable predecessors (then
    /// every frontier is empty).
    frontier: Vec<Vec<BlockId>>,
    start: BlockId,
}

impl DomTree {
    /// Computes the dominator tree and frontiers from the function's stored CFG
    /// (`Block::preds`/`succs`; call [`Function::rebuild_cfg`] first if the tree changed).
    pub fn compute(func: &Function) -> DomTree {
        let n = func.blocks.len();
        let start = match func.body.first() {
            Some(crate::func::CfNode::Block(b)) => *b,
            _ => func.end_block,
        };
        // Reverse postorder by an iterative DFS over successors. `rpo_index` doubles as the
        // visited mark (0 until the real index is known).
        let mut rpo_index = vec![usize::MAX; n];
        let mut rpo: Vec<BlockId> = Vec::with_capacity(n);
        // The successor slot (0 or 1) to try next: no list of successors per entry.
        let succ = |b: BlockId, slot: usize| -> Option<BlockId> {
            func.blocks[b].succs[slot].filter(|s| s.index() < n)
        };
        // One DFS stack for the CFG walk here and the tree numbering below.
        let mut stack: Vec<(BlockId, usize)> = Vec::with_capacity(n);
        if start.index() < n {
            rpo_index[start.index()] = 0;
            stack.push((start, 0));
            while let Some(top) = stack.last_mut() {
                if top.1 < 2 {
                    let slot = top.1;
                    top.1 += 1;
                    if let Some(s) = succ(top.0, slot) {
                        if rpo_index[s.index()] == usize::MAX {
                            rpo_index[s.index()] = 0;
                            stack.push((s, 0));
                        }
                    }
                } else {
                    rpo.push(top.0);
                    stack.pop();
                }
            }
        }
        // Postorder reversed in place.
        rpo.reverse();
        for (i, b) in rpo.iter().enumerate() {
            rpo_index[b.index()] = i;
        }
        // Immediate dominators (CHK).
        let mut idom: Vec<Option<BlockId>> = vec![None; n];
        if start.index() < n {
            idom[start.index()] = Some(start);
        }
        let intersect = |idom: &[Option<BlockId>], mut a: BlockId, mut b: BlockId| -> BlockId {
            while a != b {
                while rpo_index[a.index()] > rpo_index[b.index()] {
                    a = idom[a.index()].unwrap_or(start);
                }
                while rpo_index[b.index()] > rpo_index[a.index()] {
                    b = idom[b.index()].unwrap_or(start);
                }
            }
            a
        };
        // Whether some reachable block has two reachable predecessors (else no frontiers).
        let mut any_join = false;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom: Option<BlockId> = None;
                let mut reachable_preds = 0;
                for &p in &func.blocks[b].preds {
                    if p.index() >= n || rpo_index[p.index()] == usize::MAX {
                        continue;
                    }
                    reachable_preds += 1;
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => intersect(&idom, p, cur),
                    });
                }
                any_join |= reachable_preds >= 2;
                if new_idom.is_some() && idom[b.index()] != new_idom {
                    idom[b.index()] = new_idom;
                    changed = true;
                }
            }
        }
        // The start block can be a join too (a loop back to it).
        if let Some(&s) = rpo.first() {
            any_join |= func.blocks[s]
                .preds
                .iter()
                .filter(|p| p.index() < n && rpo_index[p.index()] != usize::MAX)
                .count()
                >= 2;
        }
        // Tree children (in reverse postorder), as one list sliced per block: counts, then
        // starts, then filled through a cursor per block (kept in `pre_post` until the
        // numbering overwrites it).
        let mut child_start = vec![0u32; n + 1];
        for &b in rpo.iter().skip(1) {
            if let Some(d) = idom[b.index()] {
                child_start[d.index() + 1] += 1;
            }
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let mut child_list: Vec<BlockId> = vec![start; child_start[n] as usize];
        let mut pre_post: Vec<[u32; 2]> = child_start[..n].iter().map(|&s| [s, 0]).collect();
        for &b in rpo.iter().skip(1) {
            if let Some(d) = idom[b.index()] {
                let at = &mut pre_post[d.index()][0];
                child_list[*at as usize] = b;
                *at += 1;
            }
        }
        pre_post.fill([u32::MAX, u32::MAX]);
        let children = |b: BlockId| -> &[BlockId] {
            &child_list[child_start[b.index()] as usize..child_start[b.index() + 1] as usize]
        };
        if !rpo.is_empty() {
            let mut counter = 0u32;
            stack.clear();
            stack.push((start, 0));
            pre_post[start.index()][0] = counter;
            counter += 1;
            while let Some(top) = stack.last_mut() {
                let (b, i) = *top;
                if let Some(&c) = children(b).get(i) {
                    top.1 += 1;
                    pre_post[c.index()][0] = counter;
                    counter += 1;
                    stack.push((c, 0));
                } else {
                    pre_post[b.index()][1] = counter;
                    counter += 1;
                    stack.pop();
                }
            }
        }
        // Dominance frontiers.
        let mut frontier: Vec<Vec<BlockId>> = Vec::new();
        if any_join {
            frontier = vec![Vec::new(); n];
            for &b in &rpo {
                let preds: smallvec::SmallVec<[BlockId; 4]> = func.blocks[b]
                    .preds
                    .iter()
                    .copied()
                    .filter(|p| p.index() < n && rpo_index[p.index()] != usize::MAX)
                    .collect();
                if preds.len() < 2 {
                    continue;
                }
                let Some(stop) = idom[b.index()] else {
                    continue;
                };
                for p in preds {
                    let mut runner = p;
                    while runner != stop {
                        if !frontier[runner.index()].contains(&b) {
                            frontier[runner.index()].push(b);
                        }
                        match idom[runner.index()] {
                            Some(d) if d != runner => runner = d,
                            _ => break,
                        }
                    }
                }
            }
            for fr in &mut frontier {
                fr.sort();
            }
        }
        DomTree {
            idom,
            rpo,
            rpo_index,
            child_start,
            child_list,
            pre_post,
            frontier,
            start,
        }
    }

    /// The block where the function starts (the root of the tree).
    pub fn start(&self) -> BlockId {
        self.start
    }

    /// Whether the block can be reached from the start block.
    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo_index
            .get(b.index())
            .is_some_and(|i| *i != usize::MAX)
    }

    /// The immediate dominator (`None` for the start block and unreachable blocks).
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        if b == self.start {
            return None;
        }
        self.idom.get(b.index()).copied().flatten()
    }

    /// Whether `a` dominates `b` (every block dominates itself). False when either is
    /// unreachable.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let (a, b) = (self.pre_post[a.index()], self.pre_post[b.index()]);
        a[0] <= b[0] && b[1] <= a[1]
    }

    /// Whether `a` dominates `b` and differs from it.
    pub fn strictly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks `b` immediately dominates, in reverse postorder.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        match (
            self.child_start.get(b.index()),
            self.child_start.get(b.index() + 1),
        ) {
            (Some(&s), Some(&e)) => &self.child_list[s as usize..e as usize],
            _ => &[],
        }
    }

    /// The dominance frontier of `b` (sorted): the blocks where `b`'s dominance ends.
    pub fn frontier(&self, b: BlockId) -> &[BlockId] {
        self.frontier.get(b.index()).map_or(&[], |c| c.as_slice())
    }

    /// Reachable blocks in reverse postorder (the start block first).
    pub fn reverse_postorder(&self) -> &[BlockId] {
        &self.rpo
    }

    /// The iterated dominance frontier of a set of blocks (where phis go for values defined
    /// in `defs`), sorted.
    pub fn iterated_frontier(&self, defs: &[BlockId]) -> Vec<BlockId> {
        // A set of the blocks reached, not a flag per block: asked once per variable, the
        // cost stays proportional to the frontier (not to the function's size).
        let mut in_set: rustc_hash::FxHashSet<BlockId> = rustc_hash::FxHashSet::default();
        let mut work: Vec<BlockId> = defs.to_vec();
        let mut out = Vec::new();
        while let Some(b) = work.pop() {
            for &f in self.frontier(b) {
                if in_set.insert(f) {
                    out.push(f);
                    work.push(f);
                }
            }
        }
        out.sort();
        out
    }

    /// Blocks of the dominator tree in preorder (each before the blocks it dominates).
    pub fn preorder(&self) -> Vec<BlockId> {
        let mut out = Vec::with_capacity(self.rpo.len());
        if self.rpo.is_empty() {
            return out;
        }
        let mut stack = vec![self.start];
        while let Some(b) = stack.pop() {
            out.push(b);
            for &c in self.children(b).iter().rev() {
                stack.push(c);
            }
        }
        out
    }
}
