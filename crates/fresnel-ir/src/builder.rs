//! The builder: appends instructions at the end of a control-flow list and opens and closes
//! `if` and `loop` nodes, keeping the tree's shape rules (every list starts with a block, an
//! `if` or `loop` is followed by a block) and the use lists. The CFG is rebuilt by
//! [`Builder::finish`].
//!
//! After a jump (`break`, `continue`, `return`) the rest of the current list is unreachable:
//! the builder marks itself *dead* and drops instructions until the enclosing construct is
//! closed, so callers can lower statement lists without tracking reachability.

use smallvec::SmallVec;

use crate::func::{CfNode, Function, IfNode, ListRef, LoopNode};
use crate::instr::*;
use crate::intrinsic::{IndexKind, Intrinsic};
use crate::op::AluOp;
use crate::shader::VarMode;
use crate::types::{SamplerDim, TypeId, Types};
use crate::BaseType;

/// Builds one function's body.
pub struct Builder<'f> {
    pub func: &'f mut Function,
    pub types: &'f mut Types,
    /// The block instructions go to: the last block of `list`.
    block: BlockId,
    list: ListRef,
    /// A jump ended the current block: further instructions are unreachable.
    dead: bool,
    /// Insert at this position of `block` instead of appending (a cursor, as in
    /// `nir_builder`); advances past each inserted instruction.
    cursor: Option<usize>,
}

impl<'f> Builder<'f> {
    /// Builds at the end of the function's body.
    pub fn new(func: &'f mut Function, types: &'f mut Types) -> Builder<'f> {
        let (block, dead) = match func.body.last() {
            Some(CfNode::Block(b)) => (*b, block_ends_in_jump(func, *b)),
            _ => panic!("a function body ends with a block"),
        };
        Builder {
            func,
            types,
            block,
            list: ListRef::Body,
            dead,
            cursor: None,
        }
    }

    /// Builds straight-line code at the end of `block` (before its jump, if it has one).
    /// Control flow is not available at a cursor.
    pub fn at_end(func: &'f mut Function, types: &'f mut Types, block: BlockId) -> Builder<'f> {
        let instrs = &func.blocks[block].instrs;
        let pos = match instrs.last() {
            Some(&last) if func.instrs[last].kind.is_jump() => instrs.len() - 1,
            _ => instrs.len(),
        };
        let list = func.blocks[block].list.unwrap_or(ListRef::Body);
        Builder {
            func,
            types,
            block,
            list,
            dead: false,
            cursor: Some(pos),
        }
    }

    /// Builds straight-line code just before instruction `at` (which must be in a block).
    /// Control flow (`push_if`, `push_loop`, `jump`) is not available at a cursor.
    pub fn before(func: &'f mut Function, types: &'f mut Types, at: InstrId) -> Builder<'f> {
        let block = func.instrs[at].block;
        let pos = func.blocks[block]
            .instrs
            .iter()
            .position(|i| *i == at)
            .expect("the cursor instruction is in its block");
        let list = func.blocks[block].list.unwrap_or(ListRef::Body);
        Builder {
            func,
            types,
            block,
            list,
            dead: false,
            cursor: Some(pos),
        }
    }

    /// The block being appended to.
    pub fn block(&self) -> BlockId {
        self.block
    }

    /// The list being appended to.
    pub fn list(&self) -> ListRef {
        self.list
    }

    /// A jump ended the current block; what is built next is dropped.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Rebuilds the CFG; the function is complete.
    pub fn finish(self) {
        self.func.rebuild_cfg();
    }

    // ---- raw instructions ----

    /// Appends an instruction with fresh results of the given shapes; returns the results.
    pub fn push(
        &mut self,
        dest_shapes: &[(u8, u8)],
        make: impl FnOnce(&[ValueId]) -> InstrKind,
    ) -> SmallVec<[ValueId; 2]> {
        let id = self.place(dest_shapes, make);
        self.func.instrs[id].kind.dests()
    }

    /// Makes an instruction and puts it where building is (see [`Builder::push`]).
    fn place(
        &mut self,
        dest_shapes: &[(u8, u8)],
        make: impl FnOnce(&[ValueId]) -> InstrKind,
    ) -> InstrId {
        let id = self.func.new_instr(self.block, dest_shapes, make);
        self.put(id);
        id
    }

    /// Puts a new instruction where building is (or drops it when unreachable).
    #[inline]
    fn put(&mut self, id: InstrId) {
        if self.dead || self.cursor.is_some() {
            self.put_at_cursor(id);
        } else {
            // A live builder's block does not end in a jump (every jump makes the builder
            // dead), so the instruction goes last; it was made in `self.block`, so only the
            // block's list changes (performance: an inlined push, no `insert_instr`).
            debug_assert!(!block_ends_in_jump(self.func, self.block));
            debug_assert_eq!(self.func.instrs[id].block, self.block);
            self.func.blocks[self.block].instrs.push(id);
        }
    }

    /// [`Builder::put`] when dead or at a cursor (the uncommon cases, out of line).
    #[inline(never)]
    fn put_at_cursor(&mut self, id: InstrId) {
        if self.dead {
            // Unreachable: keep the values' arena slots but not the instruction.
            self.func.remove_instr_unchecked(id);
        } else if let Some(pos) = &mut self.cursor {
            self.func.insert_instr(self.block, *pos, id);
            *pos += 1;
        }
    }

    fn push1(&mut self, bits: u8, n: u8, make: impl FnOnce(ValueId) -> InstrKind) -> ValueId {
        // The result is the value `new_instr1` makes (performance: no list of the
        // instruction's results).
        let v = ValueId(self.func.values.len() as u32);
        let id = self.func.new_instr1(self.block, bits, n, make);
        self.put(id);
        debug_assert_eq!(self.func.instrs[id].kind.dests()[..], [v]);
        v
    }

    pub fn bit_size(&self, v: ValueId) -> u8 {
        self.func.values[v].bit_size
    }

    pub fn num_components(&self, v: ValueId) -> u8 {
        self.func.values[v].num_components
    }

    // ---- constants ----

    /// A constant with the given bit patterns.
    pub fn constant(&mut self, bits: u8, values: &[u64]) -> ValueId {
        // Plain pushes: cheaper than collecting through `Extend` (performance).
        let mut masked: SmallVec<[u64; 4]> = SmallVec::new();
        for v in values {
            masked.push(mask_bits(*v, bits));
        }
        let values = masked;
        let n = values.len() as u8;
        self.push1(bits, n, |dest| InstrKind::LoadConst { dest, values })
    }

    pub fn imm_f32(&mut self, x: f32) -> ValueId {
        self.constant(32, &[u64::from(x.to_bits())])
    }

    pub fn imm_f64(&mut self, x: f64) -> ValueId {
        self.constant(64, &[x.to_bits()])
    }

    pub fn imm_i32(&mut self, x: i32) -> ValueId {
        self.constant(32, &[u64::from(x as u32)])
    }

    pub fn imm_u32(&mut self, x: u32) -> ValueId {
        self.constant(32, &[u64::from(x)])
    }

    pub fn imm_bool(&mut self, x: bool) -> ValueId {
        self.constant(1, &[u64::from(x)])
    }

    /// A float constant of the given bit size (16, 32 or 64).
    pub fn imm_float(&mut self, x: f64, bits: u8) -> ValueId {
        self.constant(bits, &[float_bits(x, bits)])
    }

    pub fn undef(&mut self, bits: u8, n: u8) -> ValueId {
        self.push1(bits, n, |dest| InstrKind::Undef { dest })
    }

    // ---- ALU ----

    /// An ALU operation reading its sources in order; the result's size follows the opcode
    /// table (per-component operations: as wide as the widest per-component source).
    pub fn alu(&mut self, op: AluOp, srcs: &[ValueId]) -> ValueId {
        let srcs: SmallVec<[AluSrc; 4]> = srcs.iter().map(|v| AluSrc::new(*v)).collect();
        let n = self.alu_dest_components(op, &srcs);
        let bits = self.alu_dest_bits(op, &srcs);
        self.alu_owned(op, bits, n, srcs, false)
    }

    /// An ALU operation with swizzled sources; components as [`Builder::alu`] computes them
    /// when the sources' swizzles read in order, else give them with [`Builder::alu_n`].
    pub fn alu_srcs(&mut self, op: AluOp, srcs: &[AluSrc]) -> ValueId {
        let n = self.alu_dest_components(op, srcs);
        self.alu_n(op, n, srcs)
    }

    /// The result components of an ALU operation: the opcode's, else those of the widest
    /// per-component source.
    fn alu_dest_components(&self, op: AluOp, srcs: &[AluSrc]) -> u8 {
        let info = op.info();
        if info.dest_size != 0 {
            info.dest_size
        } else {
            srcs.iter()
                .enumerate()
                .filter(|(i, _)| info.src_size[*i] == 0)
                .map(|(_, s)| self.func.values[s.value].num_components)
                .max()
                .unwrap_or(1)
        }
    }

    /// The result bit size of an ALU operation: the opcode's, else that of its first source
    /// of no fixed size.
    fn alu_dest_bits(&self, op: AluOp, srcs: &[AluSrc]) -> u8 {
        op.fixed_dest_bits().unwrap_or_else(|| {
            srcs.iter()
                .enumerate()
                .find(|(i, _)| op.fixed_src_bits(*i).is_none())
                .map(|(_, s)| self.func.values[s.value].bit_size)
                .unwrap_or(32)
        })
    }

    /// An ALU operation with `n` result components.
    pub fn alu_n(&mut self, op: AluOp, n: u8, srcs: &[AluSrc]) -> ValueId {
        let bits = self.alu_dest_bits(op, srcs);
        self.alu_full(op, bits, n, srcs, false)
    }

    /// An ALU operation with an explicit result shape (conversions choose their bit size).
    pub fn alu_full(
        &mut self,
        op: AluOp,
        bits: u8,
        n: u8,
        srcs: &[AluSrc],
        exact: bool,
    ) -> ValueId {
        self.alu_owned(op, bits, n, SmallVec::from_slice(srcs), exact)
    }

    /// [`Builder::alu_full`] taking its source list (performance: [`Builder::alu`] builds
    /// the list once instead of copying it on the way).
    fn alu_owned(
        &mut self,
        op: AluOp,
        bits: u8,
        n: u8,
        srcs: SmallVec<[AluSrc; 4]>,
        exact: bool,
    ) -> ValueId {
        self.push1(bits, n, |dest| {
            InstrKind::Alu(Alu {
                op,
                dest,
                srcs,
                exact,
            })
        })
    }

    /// A conversion to `bits` (`f2i`, `i2f`, `f2f`, ...).
    pub fn conv(&mut self, op: AluOp, bits: u8, src: ValueId) -> ValueId {
        let n = self.func.values[src].num_components;
        self.alu_full(op, bits, n, &[AluSrc::new(src)], false)
    }

    /// Components `comps` of `v` (a `mov` with a swizzle).
    pub fn swizzle(&mut self, v: ValueId, comps: &[u8]) -> ValueId {
        if comps.len() == usize::from(self.num_components(v))
            && comps.iter().enumerate().all(|(i, c)| usize::from(*c) == i)
        {
            return v;
        }
        let mut sw = [0u8; 4];
        for (i, c) in comps.iter().take(4).enumerate() {
            sw[i] = *c;
        }
        self.alu_n(AluOp::Mov, comps.len() as u8, &[AluSrc::swizzled(v, sw)])
    }

    /// Component `c` of `v`.
    pub fn channel(&mut self, v: ValueId, c: u8) -> ValueId {
        self.swizzle(v, &[c])
    }

    /// A vector from scalars (one component each); one scalar is returned as is.
    pub fn vec(&mut self, comps: &[ValueId]) -> ValueId {
        if comps.len() == 1 {
            return comps[0];
        }
        let op = AluOp::vec(comps.len() as u8).expect("2 to 4 components");
        let srcs: SmallVec<[AluSrc; 4]> = comps.iter().map(|v| AluSrc::new(*v)).collect();
        // The list moves into the instruction (performance: not copied on the way).
        let bits = self.alu_dest_bits(op, &srcs);
        self.alu_owned(op, bits, comps.len() as u8, srcs, false)
    }

    /// A vector from components picked from values: `(value, component)` pairs.
    pub fn vec_from(&mut self, comps: &[(ValueId, u8)]) -> ValueId {
        if comps.len() == 1 {
            return self.channel(comps[0].0, comps[0].1);
        }
        let op = AluOp::vec(comps.len() as u8).expect("2 to 4 components");
        let srcs: SmallVec<[AluSrc; 4]> = comps
            .iter()
            .map(|(v, c)| AluSrc::broadcast(*v, *c))
            .collect();
        let bits = self.alu_dest_bits(op, &srcs);
        self.alu_owned(op, bits, comps.len() as u8, srcs, false)
    }

    // ---- intrinsics ----

    /// An intrinsic. `num_components` and `bits` give the shape of its value (read, written,
    /// or produced); the result, if the intrinsic has one, is returned.
    pub fn intrinsic(
        &mut self,
        op: Intrinsic,
        srcs: &[ValueId],
        num_components: u8,
        bits: u8,
        indices: &[(IndexKind, i64)],
    ) -> Option<ValueId> {
        let info = op.info();
        let srcs: SmallVec<[ValueId; 3]> = SmallVec::from_slice(srcs);
        let indices: crate::Indices = SmallVec::from_slice(indices);
        if info.has_dest {
            let n = if info.dest_components != 0 {
                info.dest_components
            } else {
                num_components
            };
            Some(self.push1(bits, n, |dest| {
                InstrKind::Intrinsic(IntrinsicInstr {
                    op,
                    dest: Some(dest),
                    srcs,
                    num_components,
                    indices,
                })
            }))
        } else {
            // No results to list (performance: `place`, not `push`).
            self.place(&[], |_| {
                InstrKind::Intrinsic(IntrinsicInstr {
                    op,
                    dest: None,
                    srcs,
                    num_components,
                    indices,
                })
            });
            None
        }
    }

    // ---- derefs ----

    pub fn deref_var(&mut self, var: VarId, ty: TypeId, mode: VarMode) -> ValueId {
        self.push1(32, 1, |dest| {
            InstrKind::Deref(Deref {
                dest,
                kind: DerefKind::Var(var),
                ty,
                mode,
            })
        })
    }

    /// The deref instruction defining `d`.
    pub fn deref_of(&self, d: ValueId) -> &Deref {
        match &self.func.def(d).kind {
            InstrKind::Deref(x) => x,
            other => panic!("{d} is not a deref: {other:?}"),
        }
    }

    /// Element `index` of an array, column of a matrix or component of a vector.
    pub fn deref_array(&mut self, parent: ValueId, index: ValueId) -> ValueId {
        let (pty, mode) = {
            let p = self.deref_of(parent);
            (p.ty, p.mode)
        };
        let ty = self
            .types
            .element(pty)
            .expect("indexing an array, matrix or vector");
        self.push1(32, 1, |dest| {
            InstrKind::Deref(Deref {
                dest,
                kind: DerefKind::Array { parent, index },
                ty,
                mode,
            })
        })
    }

    /// Member `field` of a struct or block.
    pub fn deref_struct(&mut self, parent: ValueId, field: u32) -> ValueId {
        let (pty, mode) = {
            let p = self.deref_of(parent);
            (p.ty, p.mode)
        };
        let ty = match self.types.get(pty) {
            crate::Type::Struct { fields, .. } => fields[field as usize].ty,
            other => panic!("member of a non-struct {other:?}"),
        };
        self.push1(32, 1, |dest| {
            InstrKind::Deref(Deref {
                dest,
                kind: DerefKind::Struct { parent, field },
                ty,
                mode,
            })
        })
    }

    /// The parent reinterpreted as pointing at `ty`.
    pub fn deref_cast(&mut self, parent: ValueId, ty: TypeId, mode: VarMode) -> ValueId {
        self.push1(32, 1, |dest| {
            InstrKind::Deref(Deref {
                dest,
                kind: DerefKind::Cast { parent },
                ty,
                mode,
            })
        })
    }

    /// Loads the vector or scalar a deref points at.
    pub fn load_deref(&mut self, deref: ValueId) -> ValueId {
        let ty = self.deref_of(deref).ty;
        let (bits, n) = self.types.value_shape(ty).unwrap_or_else(|| {
            panic!("load_deref of a non-vector type {}", self.types.display(ty))
        });
        self.intrinsic(Intrinsic::LoadDeref, &[deref], n, bits, &[])
            .expect("load_deref has a result")
    }

    /// Stores the components of `value` selected by `write_mask` through a deref.
    pub fn store_deref(&mut self, deref: ValueId, value: ValueId, write_mask: u32) {
        let (bits, n) = (self.bit_size(value), self.num_components(value));
        self.intrinsic(
            Intrinsic::StoreDeref,
            &[deref, value],
            n,
            bits,
            &[(IndexKind::WriteMask, i64::from(write_mask))],
        );
    }

    /// Copies a whole aggregate from one deref to another.
    pub fn copy_deref(&mut self, dst: ValueId, src: ValueId) {
        self.intrinsic(Intrinsic::CopyDeref, &[dst, src], 0, 0, &[]);
    }

    // ---- textures ----

    /// A texture instruction with a result of `n` components of `dest_base`.
    #[allow(clippy::too_many_arguments)]
    pub fn tex(
        &mut self,
        op: TexOp,
        dim: SamplerDim,
        is_array: bool,
        is_shadow: bool,
        dest_base: BaseType,
        n: u8,
        srcs: &[(TexSrc, ValueId)],
        component: u8,
    ) -> ValueId {
        let bits = 32;
        let srcs: SmallVec<[(TexSrc, ValueId); 4]> = SmallVec::from_slice(srcs);
        self.push1(bits, n, |dest| {
            InstrKind::Tex(Tex {
                op,
                dest,
                dim,
                is_array,
                is_shadow,
                dest_base,
                srcs,
                component,
                is_sparse: false,
            })
        })
    }

    // ---- calls and phis ----

    /// A call; `dest_shapes` for the return value then each `out`/`inout` parameter.
    pub fn call(
        &mut self,
        func: FuncId,
        args: &[ValueId],
        dest_shapes: &[(u8, u8)],
    ) -> SmallVec<[ValueId; 2]> {
        let args: SmallVec<[ValueId; 4]> = SmallVec::from_slice(args);
        self.push(dest_shapes, |d| InstrKind::Call {
            func,
            args,
            dests: d.iter().copied().collect(),
        })
    }

    /// A phi at the start of `block`.
    pub fn phi(&mut self, block: BlockId, bits: u8, n: u8, srcs: &[(BlockId, ValueId)]) -> ValueId {
        let srcs: SmallVec<[(BlockId, ValueId); 2]> = SmallVec::from_slice(srcs);
        let id = self
            .func
            .new_instr(block, &[(bits, n)], |d| InstrKind::Phi { dest: d[0], srcs });
        let at = self.func.blocks[block]
            .instrs
            .iter()
            .take_while(|i| self.func.instrs[**i].kind.is_phi())
            .count();
        self.func.insert_instr(block, at, id);
        self.func.instrs[id].kind.dests()[0]
    }

    // ---- control flow ----

    /// Ends the current block with a jump; the rest of the list is unreachable.
    pub fn jump(&mut self, kind: JumpKind) {
        assert!(self.cursor.is_none(), "no control flow at a cursor");
        self.place(&[], |_| InstrKind::Jump(kind));
        self.dead = true;
    }

    fn new_block(&mut self, list: ListRef) -> BlockId {
        self.func.blocks.push(crate::func::Block {
            list: Some(list),
            ..Default::default()
        })
    }

    /// Opens `if (cond)`: building continues in the then-branch. Returns `None` (and builds
    /// nothing) when the current point is unreachable; pass the result to
    /// [`Builder::push_else`] and [`Builder::pop_if`] either way.
    pub fn push_if(&mut self, cond: ValueId) -> Option<IfId> {
        assert!(self.cursor.is_none(), "no control flow at a cursor");
        if self.dead {
            return None;
        }
        let parent = self.list;
        let id = IfId(self.func.ifs.len() as u32);
        let then_block = self.new_block(ListRef::Then(id));
        let else_block = self.new_block(ListRef::Else(id));
        let pushed = self.func.ifs.push(IfNode {
            cond,
            then_list: vec![CfNode::Block(then_block)],
            else_list: vec![CfNode::Block(else_block)],
            parent,
        });
        debug_assert_eq!(pushed, id);
        self.func.values[cond].uses.push(Use::IfCond(id));
        let after = self.new_block(parent);
        let list = self.func.list_mut(parent);
        list.push(CfNode::If(id));
        list.push(CfNode::Block(after));
        self.list = ListRef::Then(id);
        self.block = then_block;
        Some(id)
    }

    /// Moves to the else-branch of an `if` opened by [`Builder::push_if`].
    pub fn push_else(&mut self, i: Option<IfId>) {
        if let Some(i) = i {
            self.list = ListRef::Else(i);
            self.block = self.last_block(ListRef::Else(i));
            self.dead = block_ends_in_jump(self.func, self.block);
        }
    }

    /// Closes an `if`: building continues after it (reachable if either branch falls through).
    pub fn pop_if(&mut self, i: Option<IfId>) {
        let Some(i) = i else { return };
        let then_falls = !block_ends_in_jump(self.func, self.last_block(ListRef::Then(i)));
        let else_falls = !block_ends_in_jump(self.func, self.last_block(ListRef::Else(i)));
        let parent = self.func.ifs[i].parent;
        self.list = parent;
        self.block = self.last_block(parent);
        self.dead = !(then_falls || else_falls);
    }

    /// Opens a loop: building continues in its body. `None` when unreachable.
    pub fn push_loop(&mut self) -> Option<LoopId> {
        assert!(self.cursor.is_none(), "no control flow at a cursor");
        if self.dead {
            return None;
        }
        let parent = self.list;
        let id = LoopId(self.func.loops.len() as u32);
        let first = self.new_block(ListRef::Loop(id));
        let pushed = self.func.loops.push(LoopNode {
            body: vec![CfNode::Block(first)],
            parent,
        });
        debug_assert_eq!(pushed, id);
        let after = self.new_block(parent);
        let list = self.func.list_mut(parent);
        list.push(CfNode::Loop(id));
        list.push(CfNode::Block(after));
        self.list = ListRef::Loop(id);
        self.block = first;
        self.dead = false;
        Some(id)
    }

    /// Closes a loop: building continues after it, which is reachable only through a `break`.
    pub fn pop_loop(&mut self, l: Option<LoopId>) {
        let Some(l) = l else { return };
        let has_break = self.loop_has_break(l);
        let parent = self.func.loops[l].parent;
        self.list = parent;
        self.block = self.last_block(parent);
        self.dead = !has_break;
    }

    fn last_block(&self, l: ListRef) -> BlockId {
        match self.func.list(l).last() {
            Some(CfNode::Block(b)) => *b,
            other => panic!("a control-flow list ends with a block, found {other:?}"),
        }
    }

    /// Whether any block directly in the loop (not in a nested loop) ends with `break`.
    fn loop_has_break(&self, l: LoopId) -> bool {
        fn go(f: &Function, list: &[CfNode]) -> bool {
            list.iter().any(|n| match *n {
                CfNode::Block(b) => matches!(
                    f.blocks[b].instrs.last().map(|i| &f.instrs[*i].kind),
                    Some(InstrKind::Jump(JumpKind::Break))
                ),
                CfNode::If(i) => go(f, &f.ifs[i].then_list) || go(f, &f.ifs[i].else_list),
                CfNode::Loop(_) => false,
            })
        }
        go(self.func, &self.func.loops[l].body)
    }
}

fn block_ends_in_jump(f: &Function, b: BlockId) -> bool {
    f.blocks[b]
        .instrs
        .last()
        .is_some_and(|i| f.instrs[*i].kind.is_jump())
}

/// Keeps the low `bits` bits (booleans: one bit).
pub fn mask_bits(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// The bit pattern of a float of the given size.
pub fn float_bits(x: f64, bits: u8) -> u64 {
    match bits {
        64 => x.to_bits(),
        16 => u64::from(crate::float::f32_to_f16(x as f32)),
        _ => u64::from((x as f32).to_bits()),
    }
}
