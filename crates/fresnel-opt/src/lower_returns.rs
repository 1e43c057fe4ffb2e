//! lower_returns: early `return`s of functions other than the entry point become a flag
//! and structured control flow, after `nir_lower_returns`, so that `opt_inline` can copy
//! the function into its callers (a copied body must fall through to the code after the
//! call).
//!
//! A function-local boolean `return_flag` starts false. Each `return` (but a final one at
//! the end of the body) becomes `return_flag = true`, followed by `break` when it is inside
//! a loop. After a construct that may have returned, the rest of the enclosing list runs
//! only when the flag is still false: it moves into the `else` branch of a new
//! `if (return_flag)`, whose `then` branch breaks out of the enclosing loop when there is
//! one (so a return leaves every loop around it). An `if` whose branch returned inside a
//! loop needs no guard: that branch already left the loop. Values that flowed from the
//! moved code into a phi beyond it now flow through a phi at the join (undefined on the
//! returned path, where nothing reads them). The function's results are stored into its
//! return and `out` variables before each return, as before, so callers see the same
//! values.

use fresnel_ir::analysis::DomTree;
use fresnel_ir::{
    BaseType, Block, BlockId, Builder, CfNode, FuncId, Function, IfNode, InstrKind, JumpKind,
    ListRef, Shader, TypeId, Types, ValueId, VarId, VarMode,
};

use crate::Pass;

pub struct LowerReturns;

impl Pass for LowerReturns {
    fn name(&self) -> &'static str {
        "lower_returns"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let fids: Vec<FuncId> = shader.functions.keys().collect();
        let mut progress = false;
        for fid in fids {
            if Some(fid) == shader.entry || !has_early_return(&shader.functions[fid]) {
                continue;
            }
            let bool_ty = shader.types.scalar(BaseType::Bool, 1);
            let flag = shader.add_local(fid, "return_flag", bool_ty);
            let Shader {
                functions, types, ..
            } = shader;
            let mut cx = Cx {
                f: &mut functions[fid],
                types,
                flag,
                bool_ty,
            };
            cx.init_flag();
            cx.list(ListRef::Body, false);
            cx.f.rebuild_cfg();
            cx.undef_for_new_preds();
            cx.f.rebuild_uses();
            progress = true;
        }
        progress
    }
}

/// A `return` anywhere but as the last instruction of the body's last block.
pub fn has_early_return(f: &Function) -> bool {
    let last = match f.body.last() {
        Some(CfNode::Block(b)) => Some(*b),
        _ => None,
    };
    f.instrs_in_order().into_iter().any(|id| {
        matches!(f.instrs[id].kind, InstrKind::Jump(JumpKind::Return))
            && !(Some(f.instrs[id].block) == last
                && f.blocks[f.instrs[id].block].instrs.last() == Some(&id))
    })
}

struct Cx<'a> {
    f: &'a mut Function,
    types: &'a mut Types,
    flag: VarId,
    bool_ty: TypeId,
}

impl Cx<'_> {
    fn store_flag(&mut self, block: BlockId, value: bool) {
        let mut b = Builder::at_end(self.f, self.types, block);
        let d = b.deref_var(self.flag, self.bool_ty, VarMode::Function);
        let v = b.imm_bool(value);
        b.store_deref(d, v, 1);
    }

    fn init_flag(&mut self) {
        let first = self.f.start_block();
        let mut b = match self.f.blocks[first].instrs.first().copied() {
            Some(i) => Builder::before(self.f, self.types, i),
            None => Builder::at_end(self.f, self.types, first),
        };
        let d = b.deref_var(self.flag, self.bool_ty, VarMode::Function);
        let v = b.imm_bool(false);
        b.store_deref(d, v, 1);
    }

    /// The `break`s that returns inside loops became (and the guards' `break`s) enter the
    /// blocks after their loops, whose phis take nothing from them: every such path
    /// returns, reading none of those values. Each phi gets an undefined value from each
    /// new predecessor (made in that predecessor, before its jump).
    fn undef_for_new_preds(&mut self) {
        let blocks: Vec<BlockId> = self.f.blocks.keys().collect();
        for s in blocks {
            let phis: Vec<_> = self.f.blocks[s]
                .instrs
                .iter()
                .copied()
                .take_while(|&x| matches!(self.f.instrs[x].kind, InstrKind::Phi { .. }))
                .collect();
            if phis.is_empty() {
                continue;
            }
            let preds = self.f.blocks[s].preds.clone();
            for p in phis {
                for &pred in &preds {
                    let shape = match &self.f.instrs[p].kind {
                        InstrKind::Phi { dest, srcs } if !srcs.iter().any(|(b, _)| *b == pred) => {
                            let d = &self.f.values[*dest];
                            (d.bit_size, d.num_components)
                        }
                        _ => continue,
                    };
                    let undef = {
                        let mut b = match self.f.blocks[pred].instrs.last().copied() {
                            Some(j) if self.f.instrs[j].kind.is_jump() => {
                                Builder::before(self.f, self.types, j)
                            }
                            _ => Builder::at_end(self.f, self.types, pred),
                        };
                        b.undef(shape.0, shape.1)
                    };
                    if let InstrKind::Phi { srcs, .. } = &mut self.f.instrs[p].kind {
                        srcs.push((pred, undef));
                    }
                }
            }
        }
    }

    fn push_jump(&mut self, block: BlockId, kind: JumpKind) {
        let id = self.f.new_instr(block, &[], |_| InstrKind::Jump(kind));
        self.f.append_instr(block, id);
    }

    /// Lowers the returns of a list; true when it contained one.
    fn list(&mut self, l: ListRef, in_loop: bool) -> bool {
        let mut any = false;
        let mut i = 0;
        while i < self.f.list(l).len() {
            let node = self.f.list(l)[i];
            let is_last = i + 1 == self.f.list(l).len();
            match node {
                CfNode::Block(b) => {
                    let Some(&last) = self.f.blocks[b].instrs.last() else {
                        i += 1;
                        continue;
                    };
                    if !matches!(self.f.instrs[last].kind, InstrKind::Jump(JumpKind::Return)) {
                        i += 1;
                        continue;
                    }
                    if l == ListRef::Body && is_last {
                        // The final return: falling through to the end is the same.
                        i += 1;
                        continue;
                    }
                    self.f.remove_instr(last);
                    self.store_flag(b, true);
                    if in_loop {
                        self.push_jump(b, JumpKind::Break);
                    }
                    any = true;
                }
                CfNode::If(id) => {
                    let t = self.list(ListRef::Then(id), in_loop);
                    let e = self.list(ListRef::Else(id), in_loop);
                    if t || e {
                        any = true;
                        if !in_loop {
                            self.guard(l, i, false);
                        }
                    }
                }
                CfNode::Loop(id) => {
                    if self.list(ListRef::Loop(id), true) {
                        any = true;
                        self.guard(l, i, in_loop);
                    }
                }
            }
            i += 1;
        }
        any
    }

    /// After node `i` of list `l` (an `if` or loop that may have returned): the rest of the
    /// list runs only when the flag is false; with `in_loop`, a set flag breaks out.
    fn guard(&mut self, l: ListRef, i: usize, in_loop: bool) {
        let nodes = self.f.list(l).clone();
        let Some(&CfNode::Block(after)) = nodes.get(i + 1) else {
            return;
        };
        let nphi = self.f.blocks[after]
            .instrs
            .iter()
            .take_while(|&&x| matches!(self.f.instrs[x].kind, InstrKind::Phi { .. }))
            .count();
        let rest_instrs: Vec<_> = self.f.blocks[after].instrs[nphi..].to_vec();
        let rest_nodes: Vec<CfNode> = nodes[i + 2..].to_vec();
        if !in_loop && rest_instrs.is_empty() && rest_nodes.is_empty() {
            return;
        }
        self.f.rebuild_cfg();
        let old_last = match nodes.last() {
            Some(CfNode::Block(b)) => *b,
            _ => return,
        };
        let old_succs: Vec<BlockId> = self.f.blocks[old_last]
            .succs
            .iter()
            .flatten()
            .copied()
            .collect();
        // The flag, read after the phis of `after`.
        self.f.blocks[after].instrs.truncate(nphi);
        let cond = {
            let mut b = Builder::at_end(self.f, self.types, after);
            let d = b.deref_var(self.flag, self.bool_ty, VarMode::Function);
            b.load_deref(d)
        };
        let g = self.f.ifs.push(IfNode {
            cond,
            then_list: Vec::new(),
            else_list: Vec::new(),
            parent: l,
        });
        let bt = self.f.blocks.push(Block {
            list: Some(ListRef::Then(g)),
            ..Block::default()
        });
        if in_loop {
            self.push_jump(bt, JumpKind::Break);
        }
        let be = self.f.blocks.push(Block {
            list: Some(ListRef::Else(g)),
            ..Block::default()
        });
        for &x in &rest_instrs {
            self.f.instrs[x].block = be;
        }
        self.f.blocks[be].instrs = rest_instrs;
        for n in &rest_nodes {
            match *n {
                CfNode::Block(x) => self.f.blocks[x].list = Some(ListRef::Else(g)),
                CfNode::If(x) => self.f.ifs[x].parent = ListRef::Else(g),
                CfNode::Loop(x) => self.f.loops[x].parent = ListRef::Else(g),
            }
        }
        // A loop moved right after `after` is now entered from `be`: its header's phis
        // name that block instead (an `if`'s branches start with blocks of one
        // predecessor, which have no phis).
        if let Some(&CfNode::Loop(x)) = rest_nodes.first() {
            if let Some(&CfNode::Block(header)) = self.f.list(ListRef::Loop(x)).first() {
                let phis: Vec<_> = self.f.blocks[header].instrs.clone();
                for p in phis {
                    if let InstrKind::Phi { srcs, .. } = &mut self.f.instrs[p].kind {
                        for (pred, _) in srcs.iter_mut() {
                            if *pred == after {
                                *pred = be;
                            }
                        }
                    }
                }
            }
        }
        let else_end = match rest_nodes.last() {
            Some(CfNode::Block(x)) => *x,
            _ => be,
        };
        self.f.ifs[g].then_list = vec![CfNode::Block(bt)];
        let mut else_list = vec![CfNode::Block(be)];
        else_list.extend(rest_nodes.iter().copied());
        self.f.ifs[g].else_list = else_list;
        let join = self.f.blocks.push(Block {
            list: Some(l),
            ..Block::default()
        });
        let mut new_list = nodes[..=i + 1].to_vec();
        new_list.push(CfNode::If(g));
        new_list.push(CfNode::Block(join));
        *self.f.list_mut(l) = new_list;
        self.f.rebuild_cfg();
        self.f.rebuild_uses();

        // Phis beyond the moved code that named its last block.
        let from = if rest_nodes.is_empty() {
            after
        } else {
            old_last
        };
        let dom = DomTree::compute(self.f);
        for s in old_succs {
            if self.f.blocks[s].preds.contains(&from) {
                continue;
            }
            let phis: Vec<_> = self.f.blocks[s]
                .instrs
                .iter()
                .copied()
                .filter(|&x| matches!(self.f.instrs[x].kind, InstrKind::Phi { .. }))
                .collect();
            for p in phis {
                let InstrKind::Phi { srcs, .. } = &self.f.instrs[p].kind else {
                    continue;
                };
                let Some(k) = srcs.iter().position(|(b, _)| *b == from) else {
                    continue;
                };
                let v = srcs[k].1;
                let def_block = self.f.instrs[self.f.values[v].def].block;
                let value = if dom.dominates(def_block, join) {
                    v
                } else {
                    self.join_phi(join, after, else_end, v)
                };
                if let InstrKind::Phi { srcs, .. } = &mut self.f.instrs[p].kind {
                    srcs[k] = (join, value);
                }
            }
        }
        self.f.rebuild_uses();
    }

    /// A phi at `join`: `v` from the end of the moved code, undefined from elsewhere.
    fn join_phi(
        &mut self,
        join: BlockId,
        after: BlockId,
        else_end: BlockId,
        v: ValueId,
    ) -> ValueId {
        let (bits, n) = (self.f.values[v].bit_size, self.f.values[v].num_components);
        let undef = {
            let mut b = Builder::at_end(self.f, self.types, after);
            b.undef(bits, n)
        };
        let preds = self.f.blocks[join].preds.clone();
        let srcs: smallvec::SmallVec<[(BlockId, ValueId); 2]> = preds
            .iter()
            .map(|&p| (p, if p == else_end { v } else { undef }))
            .collect();
        let id = self
            .f
            .new_instr(join, &[(bits, n)], |d| InstrKind::Phi { dest: d[0], srcs });
        self.f.insert_instr(join, 0, id);
        self.f.instrs[id].kind.dests()[0]
    }
}
