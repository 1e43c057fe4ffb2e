//! Loop structure, read from the control-flow tree (loops are structured): each loop's
//! header (its first block), its blocks, its nesting, its exit block (the block after it),
//! the blocks that leave it (`break`) or go back to the header (`continue` and the
//! fall-through at the end of the body), and every CFG edge leaving it (breaks, and returns
//! to the end block).

use crate::entity::EntityId;
use crate::func::{CfNode, Function, ListRef};
use crate::instr::{BlockId, InstrKind, JumpKind, LoopId};

/// One loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopData {
    pub id: LoopId,
    /// The first block of the body, where each iteration starts.
    pub header: BlockId,
    /// The innermost enclosing loop.
    pub parent: Option<LoopId>,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// Every block of the body, nested loops included, sorted.
    pub blocks: Vec<BlockId>,
    /// The block after the loop (where `break` goes).
    pub exit: Option<BlockId>,
    /// Blocks that end with a `break` out of this loop, sorted.
    pub breaks: Vec<BlockId>,
    /// Blocks with an edge back to the header (`continue` or the end of the body), sorted.
    pub latches: Vec<BlockId>,
    /// Every CFG edge leaving the loop, `(from, to)`, sorted: its breaks (to `exit`) and
    /// the returns inside it, nested loops included (to the end block).
    pub exit_edges: Vec<(BlockId, BlockId)>,
}

/// The loops of a function.
#[derive(Clone, Debug)]
pub struct LoopInfo {
    loops: Vec<LoopData>,
    /// Index into `loops` by loop id.
    by_id: Vec<Option<usize>>,
    /// Innermost loop of each block.
    innermost: Vec<Option<LoopId>>,
}

impl LoopInfo {
    /// Computes the loop structure from the tree and the stored CFG.
    pub fn compute(func: &Function) -> LoopInfo {
        let mut info = LoopInfo {
            loops: Vec::new(),
            by_id: vec![None; func.loops.len()],
            innermost: vec![None; func.blocks.len()],
        };
        info.visit(func, &func.body, None, 0);
        info
    }

    fn visit(&mut self, func: &Function, list: &[CfNode], cur: Option<LoopId>, depth: u32) {
        for &n in list {
            match n {
                CfNode::Block(b) => {
                    if let Some(slot) = self.innermost.get_mut(b.index()) {
                        *slot = cur;
                    }
                    // Record the block in every enclosing loop.
                    let mut l = cur;
                    while let Some(id) = l {
                        let Some(idx) = self.by_id[id.index()] else {
                            break;
                        };
                        self.loops[idx].blocks.push(b);
                        l = self.loops[idx].parent;
                    }
                }
                CfNode::If(i) => {
                    self.visit(func, &func.ifs[i].then_list, cur, depth);
                    self.visit(func, &func.ifs[i].else_list, cur, depth);
                }
                CfNode::Loop(l) => {
                    let header = match func.loops[l].body.first() {
                        Some(CfNode::Block(b)) => *b,
                        _ => continue,
                    };
                    let exit = next_block(func, n);
                    self.by_id[l.index()] = Some(self.loops.len());
                    self.loops.push(LoopData {
                        id: l,
                        header,
                        parent: cur,
                        depth: depth + 1,
                        blocks: Vec::new(),
                        exit,
                        breaks: Vec::new(),
                        latches: Vec::new(),
                        exit_edges: Vec::new(),
                    });
                    self.visit(func, &func.loops[l].body, Some(l), depth + 1);
                    let me = self.by_id[l.index()].unwrap_or(0);
                    let blocks = {
                        let d = &mut self.loops[me];
                        d.blocks.sort();
                        d.blocks.clone()
                    };
                    for b in blocks {
                        let blk = &func.blocks[b];
                        let last = blk.instrs.last().map(|i| &func.instrs[*i].kind);
                        let inner = self.innermost[b.index()] == Some(l);
                        if inner && matches!(last, Some(InstrKind::Jump(JumpKind::Break))) {
                            self.loops[me].breaks.push(b);
                        }
                        if blk.succs.contains(&Some(header)) && inner {
                            self.loops[me].latches.push(b);
                        }
                    }
                    let d = &self.loops[me];
                    let mut edges = Vec::new();
                    for &b in &d.blocks {
                        for s in func.blocks[b].succs.iter().flatten() {
                            if d.blocks.binary_search(s).is_err() {
                                edges.push((b, *s));
                            }
                        }
                    }
                    edges.sort();
                    self.loops[me].exit_edges = edges;
                }
            }
        }
    }

    /// Every loop, outer loops before the loops they contain (tree order).
    pub fn loops(&self) -> &[LoopData] {
        &self.loops
    }

    pub fn get(&self, l: LoopId) -> Option<&LoopData> {
        self.by_id
            .get(l.index())
            .copied()
            .flatten()
            .map(|i| &self.loops[i])
    }

    /// The innermost loop containing a block.
    pub fn innermost(&self, b: BlockId) -> Option<LoopId> {
        self.innermost.get(b.index()).copied().flatten()
    }

    /// How many loops contain a block (0 outside loops).
    pub fn depth(&self, b: BlockId) -> u32 {
        self.innermost(b)
            .and_then(|l| self.get(l))
            .map_or(0, |d| d.depth)
    }

    /// Whether `b` is inside loop `l` (at any depth).
    pub fn contains(&self, l: LoopId, b: BlockId) -> bool {
        self.get(l)
            .is_some_and(|d| d.blocks.binary_search(&b).is_ok())
    }
}

/// The block after a node in its list.
fn next_block(func: &Function, n: CfNode) -> Option<BlockId> {
    let l: ListRef = func.parent_list(n)?;
    let list = func.list(l);
    let i = list.iter().position(|x| *x == n)?;
    match list.get(i + 1) {
        Some(CfNode::Block(b)) => Some(*b),
        _ => None,
    }
}
