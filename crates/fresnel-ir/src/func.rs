//! Functions: the control-flow tree (blocks, `if`, `loop`), the CFG kept alongside, and the
//! arenas of instructions and values, with the editing methods that keep use lists current.

use smallvec::SmallVec;

use crate::entity::EntityVec;
use crate::instr::*;

/// A node of a control-flow list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CfNode {
    Block(BlockId),
    If(IfId),
    Loop(LoopId),
}

/// Which control-flow list: the function body, a branch of an `if`, a loop body.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ListRef {
    Body,
    Then(IfId),
    Else(IfId),
    Loop(LoopId),
}

/// A basic block: instructions (phis first, a jump last if any) and its CFG edges.
#[derive(Clone, Debug, Default)]
pub struct Block {
    pub instrs: Vec<InstrId>,
    /// Recomputed by [`Function::rebuild_cfg`]; sorted.
    pub preds: SmallVec<[BlockId; 2]>,
    pub succs: [Option<BlockId>; 2],
    /// The list the block is in (`None` for the end block).
    pub list: Option<ListRef>,
}

#[derive(Clone, Debug)]
pub struct IfNode {
    pub cond: ValueId,
    pub then_list: Vec<CfNode>,
    pub else_list: Vec<CfNode>,
    pub parent: ListRef,
}

#[derive(Clone, Debug)]
pub struct LoopNode {
    pub body: Vec<CfNode>,
    pub parent: ListRef,
}

/// Parameter passing direction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

impl ParamDir {
    pub fn name(self) -> &'static str {
        match self {
            ParamDir::In => "in",
            ParamDir::Out => "out",
            ParamDir::InOut => "inout",
        }
    }
}

/// A parameter: a function-temporary variable filled from the call's argument on entry
/// (`in`, `inout`) and read back into the call's results on exit (`out`, `inout`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Param {
    pub var: VarId,
    pub dir: ParamDir,
}

/// A function.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    /// The variable holding the return value (function-temporary), if the function returns one.
    pub ret: Option<VarId>,
    pub body: Vec<CfNode>,
    /// Every return and the fall-through of the body reach it. It holds no instructions.
    pub end_block: BlockId,
    pub blocks: EntityVec<BlockId, Block>,
    pub instrs: EntityVec<InstrId, Instr>,
    pub values: EntityVec<ValueId, ValueDef>,
    pub ifs: EntityVec<IfId, IfNode>,
    pub loops: EntityVec<LoopId, LoopNode>,
    /// Function-temporary variables (parameters and the return variable included).
    pub locals: Vec<VarId>,
    /// Flags of the values that have any (issue 5: `NonUniform` / `RelaxedPrecision`
    /// decorations); see [`Function::flags`].
    pub value_flags: ValueFlagsMap,
    /// Added for linking units (issue 4): a *declaration* only, a prototype whose body is in
    /// another compilation unit of the same stage (`fresnel_link::link_units` binds it).
    /// Its body is one empty block; `params`, `ret` and `locals` describe the signature.
    pub external: bool,
    /// An inlining hint from the source (`[[inline]]`, `[[noinline]]`); the SPIR-V writer
    /// writes it as the function control. The optimizer may still inline anything.
    pub control: FunctionControl,
}

/// A function's inlining hint.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FunctionControl {
    #[default]
    None,
    Inline,
    DontInline,
}

impl FunctionControl {
    /// The IR text's word for it (`inline`, `noinline`), if any.
    pub fn word(self) -> Option<&'static str> {
        match self {
            FunctionControl::None => None,
            FunctionControl::Inline => Some("inline"),
            FunctionControl::DontInline => Some("noinline"),
        }
    }
}

impl Function {
    /// An empty function: one block in the body, and the end block.
    pub fn new(name: impl Into<String>) -> Function {
        let mut blocks = EntityVec::new();
        let start = blocks.push(Block {
            list: Some(ListRef::Body),
            ..Block::default()
        });
        let end_block = blocks.push(Block::default());
        let mut f = Function {
            name: name.into(),
            body: vec![CfNode::Block(start)],
            end_block,
            blocks,
            ..Function::placeholder()
        };
        // The CFG of one block falling off to the end, as `rebuild_cfg` makes it
        // (performance: no tree walk for every new function).
        f.blocks[start].succs = [Some(end_block), None];
        f.blocks[end_block].preds.push(start);
        debug_assert!(f
            .tree_cfg()
            .iter()
            .all(|(b, s, p)| f.blocks[*b].succs == *s && f.blocks[*b].preds == *p));
        f
    }

    /// A function with nothing in it, not even its blocks: only a stand-in for a function
    /// taken out of its arena while it is built (`std::mem::replace`), never used as one
    /// (performance: allocates nothing, where [`Function::new`] allocates its block arena
    /// and body list).
    pub fn placeholder() -> Function {
        Function {
            name: String::new(),
            params: Vec::new(),
            ret: None,
            body: Vec::new(),
            end_block: BlockId(0),
            blocks: EntityVec::new(),
            instrs: EntityVec::new(),
            values: EntityVec::new(),
            ifs: EntityVec::new(),
            loops: EntityVec::new(),
            locals: Vec::new(),
            value_flags: ValueFlagsMap::new(),
            external: false,
            control: FunctionControl::None,
        }
    }

    /// Room for about `instrs` more instructions (and as many values) without growing the
    /// arenas: a front end that knows the size of what it lowers saves the copies of
    /// repeated doubling (performance; nothing else changes).
    pub fn reserve_instrs(&mut self, instrs: usize) {
        self.instrs.reserve(instrs);
        self.values.reserve(instrs);
    }

    /// The first block of the body (where execution starts).
    pub fn start_block(&self) -> BlockId {
        match self.body.first() {
            Some(CfNode::Block(b)) => *b,
            _ => panic!("a function body starts with a block"),
        }
    }

    pub fn list(&self, l: ListRef) -> &Vec<CfNode> {
        match l {
            ListRef::Body => &self.body,
            ListRef::Then(i) => &self.ifs[i].then_list,
            ListRef::Else(i) => &self.ifs[i].else_list,
            ListRef::Loop(i) => &self.loops[i].body,
        }
    }

    pub fn list_mut(&mut self, l: ListRef) -> &mut Vec<CfNode> {
        match l {
            ListRef::Body => &mut self.body,
            ListRef::Then(i) => &mut self.ifs[i].then_list,
            ListRef::Else(i) => &mut self.ifs[i].else_list,
            ListRef::Loop(i) => &mut self.loops[i].body,
        }
    }

    /// The list an `if` or `loop` or block sits in.
    pub fn parent_list(&self, n: CfNode) -> Option<ListRef> {
        match n {
            CfNode::Block(b) => self.blocks[b].list,
            CfNode::If(i) => Some(self.ifs[i].parent),
            CfNode::Loop(l) => Some(self.loops[l].parent),
        }
    }

    // ---- values and uses ----

    pub fn value(&self, v: ValueId) -> &ValueDef {
        &self.values[v]
    }

    /// The instruction defining a value.
    pub fn def(&self, v: ValueId) -> &Instr {
        &self.instrs[self.values[v].def]
    }

    /// Creates an instruction (not yet in a block) with fresh destination values, given their
    /// shapes, by a closure that receives the new value ids.
    pub fn new_instr(
        &mut self,
        block: BlockId,
        dest_shapes: &[(u8, u8)],
        make: impl FnOnce(&[ValueId]) -> InstrKind,
    ) -> InstrId {
        let id = InstrId(self.instrs.len() as u32);
        // A plain loop: cheaper than collecting through `Extend` (performance).
        let mut dests: SmallVec<[ValueId; 2]> = SmallVec::new();
        for &(bit_size, num_components) in dest_shapes {
            dests.push(self.values.push(ValueDef {
                bit_size,
                num_components,
                def: id,
                uses: crate::uses::UseList::new(),
            }));
        }
        let kind = make(&dests);
        self.push_new_instr(id, block, kind)
    }

    /// [`Function::new_instr`] for an instruction with one result, of `bit_size` bits and
    /// `num_components` components (performance: the common case, without the list of
    /// results).
    #[inline]
    pub fn new_instr1(
        &mut self,
        block: BlockId,
        bit_size: u8,
        num_components: u8,
        make: impl FnOnce(ValueId) -> InstrKind,
    ) -> InstrId {
        let id = InstrId(self.instrs.len() as u32);
        let dest = self.values.push(ValueDef {
            bit_size,
            num_components,
            def: id,
            uses: crate::uses::UseList::new(),
        });
        let kind = make(dest);
        self.push_new_instr(id, block, kind)
    }

    /// Stores the instruction `id` whose results exist already, and records its uses.
    #[inline]
    fn push_new_instr(&mut self, id: InstrId, block: BlockId, kind: InstrKind) -> InstrId {
        // The uses are recorded from `kind` before it moves into the arena (performance:
        // no second look-up of the instruction).
        record_uses(&mut self.values, id, &kind);
        let pushed = self.instrs.push(Instr {
            block,
            kind,
            removed: false,
        });
        debug_assert_eq!(pushed, id);
        id
    }

    #[inline]
    fn add_uses(&mut self, id: InstrId) {
        let Function { instrs, values, .. } = self;
        record_uses(values, id, &instrs[id].kind);
    }

    /// Records the uses of an instruction pushed into the arena directly (a copy): its
    /// sources' use lists gain it, as if made by [`Function::new_instr`]. Lets a pass keep
    /// use lists current without a whole-function [`Function::rebuild_uses`].
    pub fn track_uses(&mut self, id: InstrId) {
        self.add_uses(id);
    }

    /// Records the use of an `if`'s condition, for an `if` pushed into the arena directly.
    pub fn track_if_cond(&mut self, i: IfId) {
        let c = self.ifs[i].cond;
        self.values[c].uses.push(Use::IfCond(i));
    }

    /// Forgets the use of an `if`'s condition (the `if` leaves the tree).
    pub fn untrack_if_cond(&mut self, i: IfId) {
        let c = self.ifs[i].cond;
        self.values[c].uses.remove(&Use::IfCond(i));
    }

    fn drop_uses(&mut self, id: InstrId) {
        let Function { instrs, values, .. } = self;
        instrs[id].kind.for_each_src(|k, v| {
            values[v].uses.remove(&Use::Instr {
                instr: id,
                src: k as u16,
            });
        });
    }

    /// Inserts an instruction into a block at position `at` (in its instruction list).
    #[inline]
    pub fn insert_instr(&mut self, block: BlockId, at: usize, id: InstrId) {
        self.instrs[id].block = block;
        let list = &mut self.blocks[block].instrs;
        // Mostly at the end (performance: a push, no shift).
        if at == list.len() {
            list.push(id);
        } else {
            list.insert(at, id);
        }
    }

    /// Appends an instruction to a block, before its jump if it has one.
    pub fn append_instr(&mut self, block: BlockId, id: InstrId) {
        let b = &self.blocks[block];
        let at = match b.instrs.last() {
            Some(&last) if self.instrs[last].kind.is_jump() && !self.instrs[id].kind.is_jump() => {
                b.instrs.len() - 1
            }
            _ => b.instrs.len(),
        };
        self.insert_instr(block, at, id);
    }

    /// Removes an instruction from its block; its sources stop counting as uses. Its results
    /// must be unused.
    pub fn remove_instr(&mut self, id: InstrId) {
        debug_assert!(
            self.instrs[id]
                .kind
                .dests()
                .iter()
                .all(|d| self.values[*d].uses.is_empty()),
            "removing an instruction whose result is used"
        );
        self.drop_uses(id);
        let b = self.instrs[id].block;
        self.blocks[b].instrs.retain(|i| *i != id);
        self.instrs[id].removed = true;
    }

    /// Removes many instructions at once (their results must be unused, as for
    /// [`Function::remove_instr`]): each block holding them is filtered once, however many
    /// of them it holds (removing them one by one costs a scan of the block each).
    pub fn remove_instrs(&mut self, ids: &[InstrId]) {
        self.remove_batch(ids, true);
    }

    /// [`Function::remove_instrs`] for instructions whose results may still be named (the
    /// batch form of [`Function::remove_instr_unchecked`]: code being dropped whole).
    pub fn remove_instrs_unchecked(&mut self, ids: &[InstrId]) {
        self.remove_batch(ids, false);
    }

    fn remove_batch(&mut self, ids: &[InstrId], check: bool) {
        if ids.is_empty() {
            return;
        }
        // Inline (performance: a batch mostly touches a few blocks).
        let mut blocks: SmallVec<[BlockId; 8]> = SmallVec::new();
        for &id in ids {
            self.instrs[id].removed = true;
            blocks.push(self.instrs[id].block);
        }
        debug_assert!(
            !check
                || ids.iter().all(
                    |&id| self.instrs[id].kind.dests().iter().all(|d| self.values[*d]
                        .uses
                        .iter()
                        .all(|u| match u {
                            Use::Instr { instr, .. } => self.instrs[*instr].removed,
                            Use::IfCond(_) => false,
                        }))
                ),
            "removing an instruction whose result is used"
        );
        blocks.sort_unstable();
        blocks.dedup();
        let Function {
            instrs,
            blocks: bs,
            values,
            ..
        } = self;
        for b in blocks {
            bs[b].instrs.retain(|i| !instrs[*i].removed);
        }
        // Each use goes on its own (amortized O(1) in a long list: `UseList`).
        for &id in ids {
            instrs[id].kind.for_each_src(|k, v| {
                values[v].uses.remove(&Use::Instr {
                    instr: id,
                    src: k as u16,
                });
            });
        }
    }

    /// Marks an instruction that was never placed in a block as removed (its sources stop
    /// counting as uses). Used for unreachable code the builder drops.
    pub fn remove_instr_unchecked(&mut self, id: InstrId) {
        self.drop_uses(id);
        self.instrs[id].removed = true;
    }

    /// Sets source `i` of an instruction, updating use lists.
    pub fn set_src(&mut self, id: InstrId, i: usize, v: ValueId) {
        let old = self.instrs[id].kind.srcs()[i];
        self.values[old].uses.remove(&Use::Instr {
            instr: id,
            src: i as u16,
        });
        self.instrs[id].kind.set_src(i, v);
        self.values[v].uses.push(Use::Instr {
            instr: id,
            src: i as u16,
        });
    }

    /// Sets the condition of an `if`, updating use lists.
    pub fn set_if_cond(&mut self, i: IfId, v: ValueId) {
        let old = self.ifs[i].cond;
        self.values[old].uses.remove(&Use::IfCond(i));
        self.ifs[i].cond = v;
        self.values[v].uses.push(Use::IfCond(i));
    }

    /// Makes every reader of `old` read `new` instead.
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) {
        if old == new {
            return;
        }
        let uses = std::mem::take(&mut self.values[old].uses);
        for u in uses {
            match u {
                Use::Instr { instr, src } => {
                    self.instrs[instr].kind.set_src(src as usize, new);
                }
                Use::IfCond(i) => self.ifs[i].cond = new,
            }
            self.values[new].uses.push(u);
        }
    }

    /// Rebuilds every value's use list from the instructions and `if` conditions (after
    /// editing the arenas directly).
    pub fn rebuild_uses(&mut self) {
        self.rebuild_uses_fast();
    }

    /// Whether an `if` node is still in the tree.
    pub fn if_is_live(&self, i: IfId) -> bool {
        let mut found = false;
        self.walk(&mut |n| {
            if n == CfNode::If(i) {
                found = true;
            }
        });
        found
    }

    // ---- the tree ----

    /// Visits every node of the tree in program order (an `if` before its branches, a loop
    /// before its body).
    pub fn walk(&self, f: &mut impl FnMut(CfNode)) {
        fn go(func: &Function, list: &[CfNode], f: &mut impl FnMut(CfNode)) {
            for &n in list {
                f(n);
                match n {
                    CfNode::Block(_) => {}
                    CfNode::If(i) => {
                        go(func, &func.ifs[i].then_list, f);
                        go(func, &func.ifs[i].else_list, f);
                    }
                    CfNode::Loop(l) => go(func, &func.loops[l].body, f),
                }
            }
        }
        go(self, &self.body, f);
    }

    /// The blocks of the tree in program order (the end block last).
    pub fn blocks_in_order(&self) -> Vec<BlockId> {
        // At most every block (performance: no regrowing).
        let mut out = Vec::with_capacity(self.blocks.len());
        self.walk(&mut |n| {
            if let CfNode::Block(b) = n {
                out.push(b);
            }
        });
        out.push(self.end_block);
        out
    }

    /// The instructions of the tree in program order.
    pub fn instrs_in_order(&self) -> Vec<InstrId> {
        // Copied block by block as the tree is walked, without a clone of each block's list
        // or a list of the blocks first (performance). The end block holds no instructions.
        let mut out = Vec::with_capacity(self.instrs.len());
        self.walk(&mut |n| {
            if let CfNode::Block(b) = n {
                out.extend_from_slice(&self.blocks[b].instrs);
            }
        });
        out.extend_from_slice(&self.blocks[self.end_block].instrs);
        out
    }

    /// The first block of a list.
    pub fn first_block(&self, l: ListRef) -> BlockId {
        match self.list(l).first() {
            Some(CfNode::Block(b)) => *b,
            other => panic!("a control-flow list must start with a block, found {other:?}"),
        }
    }

    /// The innermost loop around a list.
    pub fn enclosing_loop(&self, mut l: ListRef) -> Option<LoopId> {
        loop {
            match l {
                ListRef::Body => return None,
                ListRef::Loop(lp) => return Some(lp),
                ListRef::Then(i) | ListRef::Else(i) => l = self.ifs[i].parent,
            }
        }
    }

    /// Recomputes every block's successors and predecessors from the tree (NIR's rules: a
    /// block before an `if` branches to both arms, the end of an arm goes after the `if`, the
    /// end of a loop body goes back to its start, `break`/`continue`/`return` go where they
    /// say). Called by the editing helpers after structural changes.
    pub fn rebuild_cfg(&mut self) {
        use crate::entity::EntityId;
        // One block falling off (or returning) to the end block, and no other block in the
        // arena: the CFG `Function::new` made (performance: most functions are straight-line
        // code; no walk or tables then).
        if let [CfNode::Block(start)] = self.body[..] {
            let end = self.end_block;
            let plain = self.blocks[start].instrs.last().is_none_or(|&x| {
                !matches!(
                    self.instrs[x].kind,
                    InstrKind::Jump(JumpKind::Break | JumpKind::Continue)
                )
            });
            if start != end && self.blocks.len() == 2 && plain {
                self.blocks[start].succs = [Some(end), None];
                self.blocks[start].preds.clear();
                self.blocks[end].succs = [None, None];
                self.blocks[end].preds.clear();
                self.blocks[end].preds.push(start);
                debug_assert!(self
                    .tree_cfg()
                    .iter()
                    .all(|(b, s, p)| self.blocks[*b].succs == *s && self.blocks[*b].preds == *p));
                return;
            }
        }
        // What `tree_cfg` computes, written into the blocks in place (performance: no
        // tables of the whole arena per call).
        let order = self.blocks_in_order();
        let mut edges: Vec<(BlockId, [Option<BlockId>; 2])> = Vec::with_capacity(order.len());
        self.cfg_list(&self.body, self.end_block, None, &mut edges);
        let mut in_tree = vec![false; self.blocks.len()];
        for &b in &order {
            in_tree[b.index()] = true;
            let blk = &mut self.blocks[b];
            blk.succs = [None, None];
            blk.preds.clear();
        }
        for (b, s) in edges {
            if in_tree[b.index()] {
                self.blocks[b].succs = s;
            }
        }
        for &b in &order {
            for s in self.blocks[b].succs.into_iter().flatten() {
                if in_tree.get(s.index()).copied().unwrap_or(false)
                    && !self.blocks[s].preds.contains(&b)
                {
                    self.blocks[s].preds.push(b);
                }
            }
        }
        for &b in &order {
            self.blocks[b].preds.sort();
        }
        debug_assert!(self
            .tree_cfg()
            .iter()
            .all(|(b, s, p)| self.blocks[*b].succs == *s && self.blocks[*b].preds == *p));
    }

    /// The CFG the tree implies, without storing it: for each block of the tree (in
    /// order, the end block last) its successors and its sorted predecessors. One walk of
    /// the tree carrying where each list falls off to and the innermost loop's (break,
    /// continue) targets: linear in the size of the tree.
    #[allow(clippy::type_complexity)]
    pub fn tree_cfg(&self) -> Vec<(BlockId, [Option<BlockId>; 2], SmallVec<[BlockId; 2]>)> {
        use crate::entity::EntityId;
        let order = self.blocks_in_order();
        let mut edges: Vec<(BlockId, [Option<BlockId>; 2])> = Vec::with_capacity(order.len());
        self.cfg_list(&self.body, self.end_block, None, &mut edges);
        // Dense by block index (the arena, dead blocks included).
        let mut succs: Vec<[Option<BlockId>; 2]> = vec![[None, None]; self.blocks.len()];
        for (b, s) in edges {
            succs[b.index()] = s;
        }
        let mut preds: Vec<SmallVec<[BlockId; 2]>> = vec![SmallVec::new(); self.blocks.len()];
        for &b in &order {
            for s in succs[b.index()].into_iter().flatten() {
                if !preds[s.index()].contains(&b) {
                    preds[s.index()].push(b);
                }
            }
        }
        order
            .into_iter()
            .map(|b| {
                let mut p = std::mem::take(&mut preds[b.index()]);
                p.sort();
                (b, succs[b.index()], p)
            })
            .collect()
    }

    /// The successors of the blocks of one list (see [`Function::rebuild_cfg`]).
    fn cfg_list(
        &self,
        list: &[CfNode],
        after: BlockId,
        lp: Option<(Option<BlockId>, BlockId)>,
        out: &mut Vec<(BlockId, [Option<BlockId>; 2])>,
    ) {
        for (i, &n) in list.iter().enumerate() {
            let next_block = match list.get(i + 1) {
                Some(CfNode::Block(b)) => Some(*b),
                _ => None,
            };
            match n {
                CfNode::Block(b) => {
                    if b == self.end_block {
                        continue;
                    }
                    let last_jump =
                        self.blocks[b]
                            .instrs
                            .last()
                            .and_then(|&x| match self.instrs[x].kind {
                                InstrKind::Jump(k) => Some(k),
                                _ => None,
                            });
                    let succs = match last_jump {
                        Some(JumpKind::Return) => [Some(self.end_block), None],
                        Some(JumpKind::Break) => [lp.expect("break outside a loop").0, None],
                        Some(JumpKind::Continue) => {
                            [Some(lp.expect("continue outside a loop").1), None]
                        }
                        None => match list.get(i + 1) {
                            Some(CfNode::If(x)) => [
                                Some(self.first_block(ListRef::Then(*x))),
                                Some(self.first_block(ListRef::Else(*x))),
                            ],
                            Some(CfNode::Loop(x)) => {
                                [Some(self.first_block(ListRef::Loop(*x))), None]
                            }
                            Some(CfNode::Block(_)) => panic!("two adjacent blocks in a list"),
                            None => [Some(after), None],
                        },
                    };
                    out.push((b, succs));
                }
                CfNode::If(x) => {
                    let join = next_block.expect("an if is followed by a block");
                    self.cfg_list(&self.ifs[x].then_list, join, lp, out);
                    self.cfg_list(&self.ifs[x].else_list, join, lp, out);
                }
                CfNode::Loop(x) => {
                    let head = self.first_block(ListRef::Loop(x));
                    self.cfg_list(&self.loops[x].body, head, Some((next_block, head)), out);
                }
            }
        }
    }

    /// Blocks that are in the tree (not the end block), for walks that only need membership.
    pub fn live_blocks(&self) -> rustc_hash::FxHashSet<BlockId> {
        self.blocks_in_order().into_iter().collect()
    }
}

// Added by helper A (issue 4): a linear-time form of `rebuild_uses` (which asks
// `if_is_live` once per `if`, a walk of the whole tree each: quadratic on large shaders).
impl Function {
    /// Rebuilds every value's use list, like [`Function::rebuild_uses`], in one walk of the
    /// tree.
    pub fn rebuild_uses_fast(&mut self) {
        for (_, v) in self.values.iter_mut() {
            v.uses.clear();
        }
        let mut live_ifs: Vec<IfId> = Vec::new();
        // No `if` made: no walk of the tree (performance: straight-line functions).
        if !self.ifs.is_empty() {
            self.walk(&mut |n| {
                if let CfNode::If(i) = n {
                    live_ifs.push(i);
                }
            });
        }
        let Function { instrs, values, .. } = self;
        for (id, ins) in instrs.iter() {
            if ins.removed {
                continue;
            }
            ins.kind.for_each_src(|k, v| {
                values[v].uses.push(Use::Instr {
                    instr: id,
                    src: k as u16,
                });
            });
        }
        live_ifs.sort();
        for i in live_ifs {
            let c = self.ifs[i].cond;
            self.values[c].uses.push(Use::IfCond(i));
        }
    }
}

/// Deref chains.
impl Function {
    /// Whether an access through deref `b` may touch the memory deref `a` reaches: the
    /// same variable, a variable not known, or both in storage buffers or buffer
    /// references (which may alias each other: one buffer bound twice, an address).
    pub fn may_alias(&self, a: ValueId, b: ValueId) -> bool {
        let buffer = |v: ValueId| match &self.def(v).kind {
            InstrKind::Deref(d) => {
                matches!(
                    d.mode,
                    crate::shader::VarMode::Ssbo | crate::shader::VarMode::PhysicalStorageBuffer
                )
            }
            _ => true,
        };
        let (ra, rb) = (self.deref_root_var(a), self.deref_root_var(b));
        rb.is_none() || rb == ra || (buffer(a) && buffer(b))
    }

    /// The variable a deref chain starts at (`None` for a chain from a `deref_cast`, or a
    /// value that is not a deref).
    pub fn deref_root_var(&self, mut d: ValueId) -> Option<VarId> {
        for _ in 0..4096 {
            match &self.def(d).kind {
                InstrKind::Deref(x) => match x.kind {
                    crate::instr::DerefKind::Var(v) => return Some(v),
                    crate::instr::DerefKind::Array { parent, .. }
                    | crate::instr::DerefKind::Struct { parent, .. } => d = parent,
                    crate::instr::DerefKind::Cast { .. } => return None,
                },
                _ => return None,
            }
        }
        None
    }
}

// Added for issue 5 (decorations): value flags.
impl Function {
    /// The flags of `v` (none unless set).
    pub fn flags(&self, v: ValueId) -> ValueFlags {
        self.value_flags.flags(v)
    }

    /// Replaces the flags of `v`.
    pub fn set_flags(&mut self, v: ValueId, flags: ValueFlags) {
        if flags.is_empty() {
            self.value_flags.remove(&v);
        } else {
            self.value_flags.insert(v, flags);
        }
    }

    /// Marks `v` non-uniform.
    pub fn mark_non_uniform(&mut self, v: ValueId) {
        let mut fl = self.flags(v);
        fl.non_uniform = true;
        self.set_flags(v, fl);
    }

    /// Marks `v` as computed at relaxed precision.
    pub fn mark_relaxed(&mut self, v: ValueId) {
        let mut fl = self.flags(v);
        fl.relaxed = true;
        self.set_flags(v, fl);
    }

    /// `keep` now stands for `gone` too (CSE and similar merges): its flags become
    /// [`ValueFlags::merge`] of both.
    pub fn merge_flags(&mut self, keep: ValueId, gone: ValueId) {
        let fl = self.flags(keep).merge(self.flags(gone));
        self.set_flags(keep, fl);
    }
}

/// Adds instruction `id`, whose kind is `kind`, to the use list of each value it reads.
#[inline]
fn record_uses(values: &mut EntityVec<ValueId, ValueDef>, id: InstrId, kind: &InstrKind) {
    kind.for_each_src(|i, v| {
        values[v].uses.push(Use::Instr {
            instr: id,
            src: i as u16,
        });
    });
}

/// The iterator over a [`ValueFlagsMap`].
pub type ValueFlagsIter<'a> = std::iter::FilterMap<
    std::slice::Iter<'a, (ValueId, ValueFlags)>,
    fn(&'a (ValueId, ValueFlags)) -> Option<(&'a ValueId, &'a ValueFlags)>,
>;

/// The flags of the values that have any, by value: a map from [`ValueId`] to non-empty
/// [`ValueFlags`] in ascending value order (like a `BTreeMap`), stored densely by value
/// index (performance: [`Function::flags`] is asked for most values by the back end and
/// lowering; one indexed read instead of a tree search). Each slot keeps its value id so
/// that iteration hands out `(&ValueId, &ValueFlags)` as a map does.
#[derive(Clone, Default)]
pub struct ValueFlagsMap {
    /// Slot `i` holds value `i` and its flags (empty where it has none); no longer than
    /// one past the highest value ever flagged.
    slots: Vec<(ValueId, ValueFlags)>,
    /// Slots with non-empty flags.
    len: usize,
}

impl ValueFlagsMap {
    pub fn new() -> ValueFlagsMap {
        ValueFlagsMap::default()
    }

    /// The flags of `v` (empty when it has none).
    #[inline]
    pub fn flags(&self, v: ValueId) -> ValueFlags {
        match self.slots.get(v.0 as usize) {
            Some(&(_, fl)) => fl,
            None => ValueFlags::NONE,
        }
    }

    /// The flags of `v`, if it has any.
    pub fn get(&self, v: &ValueId) -> Option<&ValueFlags> {
        self.slots
            .get(v.0 as usize)
            .map(|(_, fl)| fl)
            .filter(|fl| !fl.is_empty())
    }

    /// Sets the flags of `v` (empty flags remove it); the flags it had, if any.
    pub fn insert(&mut self, v: ValueId, flags: ValueFlags) -> Option<ValueFlags> {
        let i = v.0 as usize;
        if i >= self.slots.len() {
            if flags.is_empty() {
                return None;
            }
            let from = self.slots.len();
            self.slots
                .extend((from..=i).map(|k| (ValueId(k as u32), ValueFlags::NONE)));
        }
        let old = std::mem::replace(&mut self.slots[i].1, flags);
        self.len += usize::from(!flags.is_empty());
        self.len -= usize::from(!old.is_empty());
        (!old.is_empty()).then_some(old)
    }

    /// Removes the flags of `v`; the flags it had, if any.
    pub fn remove(&mut self, v: &ValueId) -> Option<ValueFlags> {
        self.insert(*v, ValueFlags::NONE)
    }

    /// Values with flags.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every value with flags and its flags, in ascending value order.
    pub fn iter(&self) -> ValueFlagsIter<'_> {
        fn flagged(e: &(ValueId, ValueFlags)) -> Option<(&ValueId, &ValueFlags)> {
            (!e.1.is_empty()).then_some((&e.0, &e.1))
        }
        self.slots.iter().filter_map(flagged)
    }

    /// The values with flags, ascending.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &ValueId> + Clone {
        self.iter().map(|(v, _)| v)
    }

    /// The flags of the values with any, in ascending value order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &ValueFlags> + Clone {
        self.iter().map(|(_, fl)| fl)
    }
}

impl<'a> IntoIterator for &'a ValueFlagsMap {
    type Item = (&'a ValueId, &'a ValueFlags);
    type IntoIter = ValueFlagsIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for ValueFlagsMap {
    fn eq(&self, other: &ValueFlagsMap) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for ValueFlagsMap {}

impl std::fmt::Debug for ValueFlagsMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

// Added for linking units (issue 4): function declarations (prototypes defined in another
// compilation unit of the same stage).
impl Function {
    /// A declaration: a function without a body (one empty block), to be bound to a
    /// definition by linking. Add parameters and the return variable as for a definition.
    pub fn declaration(name: impl Into<String>) -> Function {
        let mut f = Function::new(name);
        f.external = true;
        f
    }

    /// Whether this is a declaration without a body ([`Function::external`]).
    pub fn is_declaration(&self) -> bool {
        self.external
    }
}

#[cfg(test)]
mod value_flags_map_tests {
    use super::*;

    fn fl(non_uniform: bool, relaxed: bool) -> ValueFlags {
        ValueFlags {
            non_uniform,
            relaxed,
        }
    }

    #[test]
    fn behaves_as_a_sorted_map_of_non_empty_flags() {
        let mut m = ValueFlagsMap::new();
        assert!(m.is_empty());
        assert_eq!(m.insert(ValueId(7), fl(true, false)), None);
        assert_eq!(m.insert(ValueId(2), fl(false, true)), None);
        // Empty flags past the end add nothing.
        assert_eq!(m.insert(ValueId(40), ValueFlags::NONE), None);
        assert_eq!(m.len(), 2);
        assert_eq!(m.flags(ValueId(7)), fl(true, false));
        assert_eq!(m.flags(ValueId(3)), ValueFlags::NONE);
        assert_eq!(m.flags(ValueId(1000)), ValueFlags::NONE);
        assert_eq!(m.get(&ValueId(3)), None);
        let keys: Vec<u32> = m.keys().map(|v| v.0).collect();
        assert_eq!(keys, [2, 7]);
        // Replacing returns the old flags; emptying removes the entry.
        assert_eq!(m.insert(ValueId(7), fl(true, true)), Some(fl(true, false)));
        assert_eq!(m.len(), 2);
        assert_eq!(m.remove(&ValueId(2)), Some(fl(false, true)));
        assert_eq!(m.remove(&ValueId(2)), None);
        assert_eq!(m.len(), 1);
        assert_eq!(
            format!("{m:?}"),
            format!("{{{:?}: {:?}}}", ValueId(7), fl(true, true))
        );
        // Equality ignores how far the slots reach.
        let mut other = ValueFlagsMap::new();
        other.insert(ValueId(7), fl(true, true));
        assert_eq!(m, other);
        other.insert(ValueId(8), fl(false, true));
        assert_ne!(m, other);
    }
}
