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
#[derive(Clone, Debug)]
pub struct DomTree {
    /// Immediate dominator by block index (the start block's is itself; `None`: unreachable).
    idom: Vec<Option<BlockId>>,
    /// Reachable blocks in reverse postorder of the CFG.
    rpo: Vec<BlockId>,
    /// Position of each block in `rpo` (`usize::MAX`: unreachable).
    rpo_index: Vec<usize>,
    children: Vec<Vec<BlockId>>,
    /// Pre- and post-order numbers in the dominator tree.
    pre: Vec<u32>,
    post: Vec<u32>,
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
        // Reverse postorder by an iterative DFS over successors.
        let mut visited = vec![false; n];
        let mut post_order: Vec<BlockId> = Vec::with_capacity(n);
        // At most two successors: inline (performance: no allocation per block).
        let succs = |b: BlockId| -> smallvec::SmallVec<[BlockId; 2]> {
            func.blocks
                .get(b)
                .map(|blk| {
                    blk.succs
                        .iter()
                        .flatten()
                        .copied()
                        .filter(|s| s.index() < n)
                        .collect()
                })
                .unwrap_or_default()
        };
        if start.index() < n {
            let mut stack: Vec<(BlockId, smallvec::SmallVec<[BlockId; 2]>, usize)> =
                Vec::with_capacity(n);
            visited[start.index()] = true;
            stack.push((start, succs(start), 0));
            while let Some(top) = stack.last_mut() {
                if top.2 < top.1.len() {
                    let s = top.1[top.2];
                    top.2 += 1;
                    if !visited[s.index()] {
                        visited[s.index()] = true;
                        let ss = succs(s);
                        stack.push((s, ss, 0));
                    }
                } else {
                    post_order.push(top.0);
                    stack.pop();
                }
            }
        }
        let rpo: Vec<BlockId> = post_order.iter().rev().copied().collect();
        let mut rpo_index = vec![usize::MAX; n];
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
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom: Option<BlockId> = None;
                for &p in &func.blocks[b].preds {
                    if p.index() >= n || rpo_index[p.index()] == usize::MAX {
                        continue;
                    }
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => intersect(&idom, p, cur),
                    });
                }
                if new_idom.is_some() && idom[b.index()] != new_idom {
                    idom[b.index()] = new_idom;
                    changed = true;
                }
            }
        }
        // Tree children (in reverse postorder) and pre/post numbers.
        let mut children = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            if let Some(d) = idom[b.index()] {
                children[d.index()].push(b);
            }
        }
        let mut pre = vec![u32::MAX; n];
        let mut post = vec![u32::MAX; n];
        if !rpo.is_empty() {
            let mut counter = 0u32;
            let mut stack: Vec<(BlockId, usize)> = vec![(start, 0)];
            pre[start.index()] = counter;
            counter += 1;
            while let Some(top) = stack.last_mut() {
                let (b, i) = *top;
                if i < children[b.index()].len() {
                    top.1 += 1;
                    let c = children[b.index()][i];
                    pre[c.index()] = counter;
                    counter += 1;
                    stack.push((c, 0));
                } else {
                    post[b.index()] = counter;
                    counter += 1;
                    stack.pop();
                }
            }
        }
        // Dominance frontiers.
        let mut frontier: Vec<Vec<BlockId>> = vec![Vec::new(); n];
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
        DomTree {
            idom,
            rpo,
            rpo_index,
            children,
            pre,
            post,
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
        self.pre[a.index()] <= self.pre[b.index()] && self.post[b.index()] <= self.post[a.index()]
    }

    /// Whether `a` dominates `b` and differs from it.
    pub fn strictly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks `b` immediately dominates, in reverse postorder.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.children.get(b.index()).map_or(&[], |c| c.as_slice())
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
