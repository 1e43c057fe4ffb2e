//! opt_inline: calls are replaced by the bodies of the functions they call, after
//! `nir_inline_functions`, and functions nothing calls any more are removed.
//!
//! A call passes its `in`/`inout` arguments by storing them into the callee's parameter
//! variables, runs the body, and reads the return value and the `out`/`inout` parameters
//! back (copy-in, copy-out). Inlining makes exactly that explicit in the caller: each of
//! the callee's function variables becomes a fresh variable of the caller, the arguments
//! are stored into them, the callee's blocks, `if`s and loops are copied in place of the
//! call, and the call's results become loads of the variables. `lower_vars_to_ssa` then
//! turns those variables into SSA values. The meaning is unchanged because the caller
//! executes the same instructions on the same values in the same order.
//!
//! A `return` can be copied only where it ends the callee (the last instruction of the
//! body's last block, where it means "fall through"); a callee with an early return is
//! inlined after `lower_returns` has rewritten it (not yet available; such calls stay).
//! Callees are inlined leaves first; the IR has no recursion (the front end rejects it).

use fresnel_ir::{
    Block, BlockId, CfNode, FuncId, Function, IfId, IfNode, InstrId, InstrKind, JumpKind, ListRef,
    LoopId, LoopNode, ParamDir, Shader, ValueId, VarId, VarMode,
};
use rustc_hash::FxHashMap;

use crate::Pass;

/// The pass. `max_copied`: the largest callee (in instructions) copied into more than one
/// call site; a callee called once is always inlined (that only removes the call).
pub struct Inline {
    pub max_copied: usize,
}

/// The default: inline everything up to a body size no real shader has (`-O`).
pub const MAX_INLINE_INSTRUCTIONS: usize = 20_000;

/// For `-Os`: only small callees are duplicated.
pub const SIZE_INLINE_INSTRUCTIONS: usize = 48;

impl Default for Inline {
    fn default() -> Self {
        Inline {
            max_copied: MAX_INLINE_INSTRUCTIONS,
        }
    }
}

impl Pass for Inline {
    fn name(&self) -> &'static str {
        "opt_inline"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        let callers = call_counts(shader);
        // Callees before callers, so a callee has taken in its own callees when it is copied.
        for fid in post_order(shader) {
            let sites: Vec<InstrId> = {
                let f = &shader.functions[fid];
                f.instrs_in_order()
                    .into_iter()
                    .filter(|&id| matches!(f.instrs[id].kind, InstrKind::Call { .. }))
                    .collect()
            };
            let mut changed = false;
            // Where the last call's block stood in its list: the calls come in program
            // order, so the next one is found searching on from there (searching each list
            // from its start made many calls in one long list quadratic).
            let mut hint = 0usize;
            for call in sites {
                let InstrKind::Call { func: callee, .. } = shader.functions[fid].instrs[call].kind
                else {
                    continue;
                };
                let n = callers.get(callee.0 as usize).copied().unwrap_or(0);
                if callee == fid || !inlinable(&shader.functions[callee], n, self.max_copied) {
                    continue;
                }
                inline_call(shader, fid, call, &mut hint);
                changed = true;
            }
            if changed {
                let f = &mut shader.functions[fid];
                f.rebuild_cfg();
                f.rebuild_uses();
                progress = true;
            }
        }
        progress |= remove_uncalled(shader);
        progress
    }
}

/// How many call sites name each function.
fn call_counts(shader: &Shader) -> Vec<usize> {
    let mut calls = vec![0usize; shader.functions.len()];
    for f in shader.functions.values() {
        for id in f.instrs_in_order() {
            if let InstrKind::Call { func, .. } = &f.instrs[id].kind {
                if let Some(c) = calls.get_mut(func.0 as usize) {
                    *c += 1;
                }
            }
        }
    }
    calls
}

/// The functions reachable from the entry point, each after every function it calls.
fn post_order(shader: &Shader) -> Vec<FuncId> {
    let Some(entry) = shader.entry else {
        return Vec::new();
    };
    let mut state = vec![0u8; shader.functions.len()];
    let mut out = Vec::new();
    // (function, its callees, next callee index)
    let callees = |f: FuncId| -> Vec<FuncId> {
        let func = &shader.functions[f];
        func.instrs_in_order()
            .into_iter()
            .filter_map(|id| match &func.instrs[id].kind {
                InstrKind::Call { func, .. } => Some(*func),
                _ => None,
            })
            .collect()
    };
    let mut stack = vec![(entry, callees(entry), 0usize)];
    state[entry.0 as usize] = 1;
    while let Some((f, cs, i)) = stack.last_mut() {
        if let Some(&c) = cs.get(*i) {
            *i += 1;
            if state.get(c.0 as usize) == Some(&0) {
                state[c.0 as usize] = 1;
                let cc = callees(c);
                stack.push((c, cc, 0));
            }
        } else {
            out.push(*f);
            stack.pop();
        }
    }
    out
}

/// Whether a function can be copied: no calls of its own, no `return` but a final one, and
/// small enough when it has several callers.
fn inlinable(f: &Function, callers: usize, max_copied: usize) -> bool {
    // Issue 4: a declaration has no body to copy (its definition is in another unit).
    if f.is_declaration() {
        return false;
    }
    let order = f.instrs_in_order();
    if order.len() > MAX_INLINE_INSTRUCTIONS || (callers > 1 && order.len() > max_copied) {
        return false;
    }
    let last_block = match f.body.last() {
        Some(CfNode::Block(b)) => *b,
        _ => return false,
    };
    order.iter().all(|&id| match &f.instrs[id].kind {
        InstrKind::Call { .. } => false,
        InstrKind::Jump(JumpKind::Return) => {
            f.instrs[id].block == last_block && f.blocks[last_block].instrs.last() == Some(&id)
        }
        _ => true,
    })
}

/// Maps from the callee's entities to the caller's copies.
struct Maps {
    values: FxHashMap<ValueId, ValueId>,
    blocks: FxHashMap<BlockId, BlockId>,
    ifs: FxHashMap<IfId, IfId>,
    loops: FxHashMap<LoopId, LoopId>,
    vars: FxHashMap<VarId, VarId>,
}

impl Maps {
    fn list(&self, l: ListRef, top: ListRef) -> ListRef {
        match l {
            ListRef::Body => top,
            ListRef::Then(i) => ListRef::Then(self.ifs[&i]),
            ListRef::Else(i) => ListRef::Else(self.ifs[&i]),
            ListRef::Loop(i) => ListRef::Loop(self.loops[&i]),
        }
    }

    fn nodes(&self, nodes: &[CfNode]) -> Vec<CfNode> {
        nodes
            .iter()
            .map(|n| match n {
                CfNode::Block(b) => CfNode::Block(self.blocks[b]),
                CfNode::If(i) => CfNode::If(self.ifs[i]),
                CfNode::Loop(l) => CfNode::Loop(self.loops[l]),
            })
            .collect()
    }
}

/// The instruction with its values, blocks and variables renamed (the value and block
/// renaming of `util::map_instr`, then the callee's locals to their copies).
fn map_kind(kind: &InstrKind, m: &Maps) -> InstrKind {
    let mut k = crate::util::map_instr(kind, &|x| m.values[&x], &|b| m.blocks[&b]);
    if let InstrKind::Deref(d) = &mut k {
        if let fresnel_ir::DerefKind::Var(var) = &mut d.kind {
            if let Some(n) = m.vars.get(var) {
                *var = *n;
            }
        }
    }
    k
}

fn inline_call(shader: &mut Shader, caller: FuncId, call: InstrId, hint: &mut usize) {
    let InstrKind::Call {
        func: callee,
        args,
        dests,
    } = shader.functions[caller].instrs[call].kind.clone()
    else {
        return;
    };
    let g = shader.functions[callee].clone();
    // Fresh caller variables for the callee's function variables.
    let mut maps = Maps {
        values: FxHashMap::default(),
        blocks: FxHashMap::default(),
        ifs: FxHashMap::default(),
        loops: FxHashMap::default(),
        vars: FxHashMap::default(),
    };
    let mut callee_vars: Vec<VarId> = g.locals.clone();
    callee_vars.extend(g.params.iter().map(|p| p.var));
    callee_vars.extend(g.ret);
    callee_vars.sort();
    callee_vars.dedup();
    for v in callee_vars {
        let mut var = shader.vars[v].clone();
        var.function = Some(caller);
        var.name = format!("{}.{}", g.name, var.name);
        let nv = shader.vars.push(var);
        shader.functions[caller].locals.push(nv);
        maps.vars.insert(v, nv);
    }
    let f = &mut shader.functions[caller];
    // Copy the arenas' entities (blocks, ifs, loops, values), then the instructions.
    for (b, _) in g.blocks.iter() {
        if b == g.end_block {
            continue;
        }
        let nb = f.blocks.push(Block::default());
        maps.blocks.insert(b, nb);
    }
    for (i, _) in g.ifs.iter() {
        let ni = f.ifs.push(IfNode {
            cond: ValueId(0),
            then_list: Vec::new(),
            else_list: Vec::new(),
            parent: ListRef::Body,
        });
        maps.ifs.insert(i, ni);
    }
    for (l, _) in g.loops.iter() {
        let nl = f.loops.push(LoopNode {
            body: Vec::new(),
            parent: ListRef::Body,
        });
        maps.loops.insert(l, nl);
    }
    for (v, d) in g.values.iter() {
        let nv = f.values.push(fresnel_ir::ValueDef {
            bit_size: d.bit_size,
            num_components: d.num_components,
            def: InstrId(0),
            uses: Default::default(),
        });
        maps.values.insert(v, nv);
        // Issue 5: the copy keeps the value's flags (NonUniform / RelaxedPrecision).
        f.set_flags(nv, g.flags(v));
    }
    // Where the call is.
    let call_block = f.instrs[call].block;
    let top = f.blocks[call_block].list.unwrap_or(ListRef::Body);
    for (b, nb) in &maps.blocks {
        let list = g.blocks[*b].list.map(|l| maps.list(l, top));
        f.blocks[*nb].list = list;
    }
    for (i, ni) in &maps.ifs {
        let n = &g.ifs[*i];
        f.ifs[*ni] = IfNode {
            cond: maps.values[&n.cond],
            then_list: maps.nodes(&n.then_list),
            else_list: maps.nodes(&n.else_list),
            parent: maps.list(n.parent, top),
        };
    }
    for (l, nl) in &maps.loops {
        let n = &g.loops[*l];
        f.loops[*nl] = LoopNode {
            body: maps.nodes(&n.body),
            parent: maps.list(n.parent, top),
        };
    }
    let last_block = match g.body.last() {
        Some(CfNode::Block(b)) => *b,
        _ => return,
    };
    for b in g.blocks_in_order() {
        let Some(&nb) = maps.blocks.get(&b) else {
            continue;
        };
        for &id in &g.blocks[b].instrs {
            if matches!(g.instrs[id].kind, InstrKind::Jump(JumpKind::Return)) && b == last_block {
                continue;
            }
            let kind = map_kind(&g.instrs[id].kind, &maps);
            let new = f.instrs.push(fresnel_ir::Instr {
                block: nb,
                kind,
                removed: false,
            });
            for d in f.instrs[new].kind.dests() {
                f.values[d].def = new;
            }
            f.blocks[nb].instrs.push(new);
        }
    }
    // Copy-in before the call, copy-out after it.
    let mut loads = Vec::new();
    {
        let types = &mut shader.types;
        let f = &mut shader.functions[caller];
        let mut b = fresnel_ir::Builder::before(f, types, call);
        let mut arg = args.iter();
        for p in &g.params {
            if matches!(p.dir, ParamDir::In | ParamDir::InOut) {
                let var = maps.vars[&p.var];
                let ty = shader.vars[var].ty;
                let Some(&a) = arg.next() else { break };
                let d = b.deref_var(var, ty, VarMode::Function);
                let n = b.num_components(a);
                b.store_deref(d, a, (1u32 << n) - 1);
            }
        }
        // The loads are built at the call too, then moved after the body.
        let mut results = Vec::new();
        if let Some(r) = g.ret {
            results.push(maps.vars[&r]);
        }
        for p in &g.params {
            if matches!(p.dir, ParamDir::Out | ParamDir::InOut) {
                results.push(maps.vars[&p.var]);
            }
        }
        for (var, dest) in results.iter().zip(&dests) {
            let ty = shader.vars[*var].ty;
            let d = b.deref_var(*var, ty, VarMode::Function);
            let l = b.load_deref(d);
            loads.push((l, *dest));
        }
    }
    let f = &mut shader.functions[caller];
    // Split the call's block: [pre, stores] + callee first block ... callee last block +
    // [loads, post].
    let pos = f.blocks[call_block]
        .instrs
        .iter()
        .position(|i| *i == call)
        .unwrap_or(0);
    let n_loads: usize = loads.len() * 2;
    let all = std::mem::take(&mut f.blocks[call_block].instrs);
    // The loads (and their derefs) were inserted just before the call.
    let pre: Vec<InstrId> = all[..pos - n_loads].to_vec();
    let load_instrs: Vec<InstrId> = all[pos - n_loads..pos].to_vec();
    let post: Vec<InstrId> = all[pos + 1..].to_vec();
    f.instrs[call].removed = true;
    let body = maps.nodes(&g.body);
    let (first, last) = match (body.first(), body.last()) {
        (Some(CfNode::Block(a)), Some(CfNode::Block(z))) => (*a, *z),
        _ => return,
    };
    // The call's block keeps `pre` and takes the callee's first block's instructions.
    let mut head = pre;
    head.extend(std::mem::take(&mut f.blocks[first].instrs));
    for &i in &head {
        f.instrs[i].block = call_block;
    }
    f.blocks[call_block].instrs = head;
    let tail_block = if body.len() == 1 { call_block } else { last };
    let mut tail = std::mem::take(&mut f.blocks[tail_block].instrs);
    tail.extend(load_instrs);
    tail.extend(post);
    for &i in &tail {
        f.instrs[i].block = tail_block;
    }
    f.blocks[tail_block].instrs = tail;
    // The tree: the call's block, then the callee's nodes after its first block.
    // Where the tail block stands in its list, when known.
    let mut tail_at = None;
    if body.len() > 1 {
        let list = f.list_mut(top);
        let at = position_from(list, CfNode::Block(call_block), *hint).unwrap_or(0);
        let rest: Vec<CfNode> = body[1..].to_vec();
        list.splice(at + 1..at + 1, rest);
        tail_at = Some(at + body.len() - 1);
        *hint = at + body.len() - 1;
    }
    // The first block of the callee is now empty and unused.
    f.blocks[first].list = None;
    // Phis naming the moved edges: the callee's first block is the call's block now, and
    // the call's old successors are entered from the callee's last block.
    let rename = |f: &mut Function, blocks: &[BlockId], from: BlockId, to: BlockId| {
        crate::util::rename_phi_preds(f, blocks, |b| if b == from { to } else { b });
    };
    let copied: Vec<BlockId> = maps.blocks.values().copied().collect();
    if tail_block != call_block {
        // Every edge that left the call's block now leaves the callee's last block; phis
        // outside the copy that named it (they can only be at block starts) follow.
        // They are where the tail block now leads (found from the tree, not by scanning
        // every block: inlining many calls stays linear).
        let copied_set: rustc_hash::FxHashSet<BlockId> = copied.iter().copied().collect();
        let others: Vec<BlockId> = successors_in_tree(f, tail_block, tail_at.unwrap_or(*hint))
            .into_iter()
            .filter(|b| !copied_set.contains(b) && f.blocks[*b].list.is_some())
            .collect();
        rename(f, &others, call_block, tail_block);
    }
    rename(f, &copied, first, call_block);
    for (l, d) in loads {
        f.replace_all_uses(d, l);
    }
}

/// The blocks control can reach from the end of block `b`, by the tree: the next node of
/// its list (a loop's first block; an `if`'s branches start with blocks of one predecessor,
/// which have no phis), or where the list falls off to, and where a jump ending `b` goes.
fn successors_in_tree(f: &Function, b: BlockId, hint: usize) -> Vec<BlockId> {
    let mut out = Vec::new();
    let Some(l) = f.blocks[b].list else {
        return out;
    };
    // The block after node `n` of list `l` (an `if` or loop is always followed by one).
    let after = |l: ListRef, n: CfNode| -> Option<BlockId> {
        let list = f.list(l);
        let i = list.iter().position(|x| *x == n)?;
        match list.get(i + 1) {
            Some(&CfNode::Block(x)) => Some(x),
            _ => None,
        }
    };
    let first_of_loop = |x: fresnel_ir::LoopId| match f.loops[x].body.first() {
        Some(&CfNode::Block(h)) => Some(h),
        _ => None,
    };
    // Where list `l` falls off to.
    let fall_off = |l: ListRef| -> Option<BlockId> {
        match l {
            ListRef::Then(i) | ListRef::Else(i) => after(f.ifs[i].parent, CfNode::If(i)),
            ListRef::Loop(x) => first_of_loop(x),
            ListRef::Body => Some(f.end_block),
        }
    };
    let list = f.list(l);
    match position_from(list, CfNode::Block(b), hint).map(|i| list.get(i + 1)) {
        Some(Some(&CfNode::Loop(x))) => out.extend(first_of_loop(x)),
        Some(Some(_)) => {}
        Some(None) => out.extend(fall_off(l)),
        None => {}
    }
    let jump = f.blocks[b]
        .instrs
        .last()
        .and_then(|&i| match f.instrs[i].kind {
            InstrKind::Jump(j) => Some(j),
            _ => None,
        });
    match (jump, f.enclosing_loop(l)) {
        (Some(fresnel_ir::JumpKind::Break), Some(x)) => {
            out.extend(after(f.loops[x].parent, CfNode::Loop(x)));
        }
        (Some(fresnel_ir::JumpKind::Continue), Some(x)) => out.extend(first_of_loop(x)),
        (Some(fresnel_ir::JumpKind::Return), _) => out.push(f.end_block),
        _ => {}
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The position of `n` in `list`, searched from `hint` on, then before it.
fn position_from(list: &[CfNode], n: CfNode, hint: usize) -> Option<usize> {
    let hint = hint.min(list.len());
    list[hint..]
        .iter()
        .position(|x| *x == n)
        .map(|i| i + hint)
        .or_else(|| list[..hint].iter().position(|x| *x == n))
}

/// Drops functions that are neither the entry point nor called.
fn remove_uncalled(shader: &mut Shader) -> bool {
    let mut called = vec![false; shader.functions.len()];
    if let Some(e) = shader.entry {
        called[e.0 as usize] = true;
    }
    // Reachability from the entry point through calls.
    let mut work: Vec<FuncId> = shader.entry.into_iter().collect();
    while let Some(f) = work.pop() {
        for id in shader.functions[f].instrs_in_order() {
            let targets: Vec<FuncId> = match &shader.functions[f].instrs[id].kind {
                InstrKind::Call { func, .. } => vec![*func],
                // A function a vendor operation takes as an argument stays.
                InstrKind::Intrinsic(x) => x
                    .callees()
                    .filter_map(|c| u32::try_from(c).ok())
                    .map(FuncId)
                    .filter(|c| (c.0 as usize) < called.len())
                    .collect(),
                _ => Vec::new(),
            };
            for func in targets {
                if !called[func.0 as usize] {
                    called[func.0 as usize] = true;
                    work.push(func);
                }
            }
        }
    }
    if shader.entry.is_none() || called.iter().all(|c| *c) {
        return false;
    }
    shader.retain_functions(|id, _| called[id.0 as usize]);
    true
}
