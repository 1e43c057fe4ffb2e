//! opt_dead_cf: an `if` whose condition is a constant is replaced by the branch it takes,
//! after `nir_opt_dead_cf`.
//!
//! The taken branch's nodes move into the enclosing list in place of the `if` (its first
//! block joins the block before the `if`, its last block the block after it); the other
//! branch is dropped. Phis of the join read the value from the taken side. Phis elsewhere
//! that named a dropped block as a predecessor (a `break` in the dropped branch) lose that
//! source. Sound because the condition has one value on every execution, so only the
//! taken branch ever ran. A taken branch that ends in a jump is left alone (the code after
//! the `if` would become unreachable mid-block).
//!
//! A loop is removed when it is dead: nothing in it has an effect (every instruction could
//! be eliminated when unused; its only jumps are `break` and `continue`), no value it
//! defines is read after it (the block after it has no phis), and it has a `break` (a loop
//! with no way out is left for the driver to report). GLSL gives a loop that never ends no
//! meaning, so removing a terminating loop without effects changes nothing observable.
//!
//! Code at the top level of a function that never runs goes: what follows a `terminate`
//! (`discard`) in its block, and every node after a block that returns, ends the
//! invocation or that no edge reaches (after a loop with no `break`, or an `if` whose arms
//! both jump). Only the end block follows the top level, and it has no phis, so nothing
//! that remains reads what goes. A top-level loop then left with nothing after it (no
//! `break`) and no back edge (its body always returns or ends the invocation) runs its body
//! once: the body takes its place.

use fresnel_ir::{BlockId, CfNode, Function, InstrId, InstrKind, ListRef, Shader};

use crate::util::const_of;
use crate::Pass;

pub struct DeadCf;

impl Pass for DeadCf {
    fn name(&self) -> &'static str {
        "opt_dead_cf"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        for (_, f) in shader.functions.iter_mut() {
            for _ in 0..10_000 {
                let Some((l, i, taken)) = find(f) else { break };
                fold_if(f, l, i, taken);
                progress = true;
            }
            for _ in 0..10_000 {
                let Some((l, i)) = find_dead_loop(f) else {
                    break;
                };
                remove_loop(f, l, i);
                progress = true;
            }
            f.rebuild_cfg();
            if let Some((i, cut)) = find_dead_tail(f) {
                cut_dead_tail(f, i, cut);
                progress = true;
            }
            if let Some(i) = find_once_loop(f) {
                unwrap_once_loop(f, i);
                progress = true;
            }
        }
        progress
    }
}

/// The top-level block after which nothing runs: (its index in the body, how many of its
/// instructions run), when something would go.
fn find_dead_tail(f: &Function) -> Option<(usize, usize)> {
    for (i, node) in f.body.iter().enumerate() {
        let CfNode::Block(b) = *node else {
            continue;
        };
        let instrs = &f.blocks[b].instrs;
        let unreached = i > 0 && f.blocks[b].preds.is_empty();
        let terminate = instrs.iter().position(|&x| {
            matches!(&f.instrs[x].kind,
                InstrKind::Intrinsic(t) if t.op == fresnel_ir::Intrinsic::Terminate)
        });
        let cut = if unreached {
            0
        } else if let Some(t) = terminate {
            t + 1
        } else if ends_in_jump(f, b) {
            instrs.len()
        } else {
            continue;
        };
        if cut < instrs.len() || i + 1 < f.body.len() {
            return Some((i, cut));
        }
        return None;
    }
    None
}

/// A top-level loop whose body runs once: no back edge reaches its first block, and it is
/// followed by the body's last, empty, unreached block (no `break`).
fn find_once_loop(f: &Function) -> Option<usize> {
    let n = f.body.len();
    if n < 3 {
        return None;
    }
    let (CfNode::Block(before), CfNode::Loop(l), CfNode::Block(after)) =
        (f.body[n - 3], f.body[n - 2], f.body[n - 1])
    else {
        return None;
    };
    let first = f.first_block(ListRef::Loop(l));
    let once = f.blocks[first].preds.iter().all(|&p| p == before)
        && f.blocks[after].preds.is_empty()
        && f.blocks[after].instrs.is_empty()
        && matches!(f.loops[l].body.last(), Some(&CfNode::Block(b)) if ends_in_jump(f, b));
    once.then_some(n - 2)
}

/// The loop at top-level index `i` (see [`find_once_loop`]) replaced by its body.
fn unwrap_once_loop(f: &mut Function, i: usize) {
    let (CfNode::Block(before), CfNode::Loop(l), CfNode::Block(after)) =
        (f.body[i - 1], f.body[i], f.body[i + 1])
    else {
        return;
    };
    let body = f.loops[l].body.clone();
    let Some(&CfNode::Block(first)) = body.first() else {
        return;
    };
    // Header phis have the entry value alone.
    let phis: Vec<(InstrId, fresnel_ir::ValueId, fresnel_ir::ValueId)> = f.blocks[first]
        .instrs
        .iter()
        .filter_map(|&x| match &f.instrs[x].kind {
            InstrKind::Phi { dest, srcs } => srcs.first().map(|&(_, v)| (x, *dest, v)),
            _ => None,
        })
        .collect();
    for (x, dest, v) in phis {
        f.replace_all_uses(dest, v);
        f.remove_instr(x);
    }
    move_instrs(f, first, before);
    f.blocks[first].list = None;
    f.blocks[after].list = None;
    let mut list = f.body[..i].to_vec();
    for &n in &body[1..] {
        set_parent(f, n, ListRef::Body);
        list.push(n);
    }
    f.body = list;
    f.rebuild_cfg();
    f.rebuild_uses();
}

/// Drops the instructions of top-level block `i` from `cut` on and every node after it.
fn cut_dead_tail(f: &mut Function, i: usize, cut: usize) {
    let CfNode::Block(b) = f.body[i] else {
        return;
    };
    let mut dead = Vec::new();
    blocks_of(f, &f.body[i + 1..], &mut dead);
    let gone = f.blocks[b].instrs.split_off(cut);
    for x in gone {
        f.instrs[x].removed = true;
    }
    for &d in &dead {
        for x in std::mem::take(&mut f.blocks[d].instrs) {
            f.instrs[x].removed = true;
        }
        f.blocks[d].list = None;
    }
    f.body.truncate(i + 1);
    f.rebuild_cfg();
    f.rebuild_uses();
}

/// The last block of a list.
fn last_block(list: &[CfNode]) -> Option<BlockId> {
    match list.last() {
        Some(CfNode::Block(b)) => Some(*b),
        _ => None,
    }
}

fn ends_in_jump(f: &Function, b: BlockId) -> bool {
    f.blocks[b]
        .instrs
        .last()
        .is_some_and(|&i| f.instrs[i].kind.is_jump())
}

/// An `if` with a constant condition: (its list, index, whether `then` is taken).
fn find(f: &Function) -> Option<(ListRef, usize, bool)> {
    let mut lists = vec![ListRef::Body];
    while let Some(l) = lists.pop() {
        for (i, n) in f.list(l).iter().enumerate() {
            match *n {
                CfNode::If(id) => {
                    let node = &f.ifs[id];
                    if let Some(c) = const_of(f, node.cond) {
                        let taken = c.first().copied().unwrap_or(0) & 1 != 0;
                        let list = if taken {
                            &node.then_list
                        } else {
                            &node.else_list
                        };
                        if last_block(list).is_some_and(|b| !ends_in_jump(f, b)) && i > 0 {
                            return Some((l, i, taken));
                        }
                    }
                    lists.push(ListRef::Then(id));
                    lists.push(ListRef::Else(id));
                }
                CfNode::Loop(id) => lists.push(ListRef::Loop(id)),
                CfNode::Block(_) => {}
            }
        }
    }
    None
}

fn move_instrs(f: &mut Function, from: BlockId, to: BlockId) {
    let instrs = std::mem::take(&mut f.blocks[from].instrs);
    for &x in &instrs {
        f.instrs[x].block = to;
    }
    f.blocks[to].instrs.extend(instrs);
}

fn set_parent(f: &mut Function, n: CfNode, l: ListRef) {
    match n {
        CfNode::Block(b) => f.blocks[b].list = Some(l),
        CfNode::If(x) => f.ifs[x].parent = l,
        CfNode::Loop(x) => f.loops[x].parent = l,
    }
}

/// Every block of a list, nested ones included.
fn blocks_of(f: &Function, list: &[CfNode], out: &mut Vec<BlockId>) {
    for n in list {
        match *n {
            CfNode::Block(b) => out.push(b),
            CfNode::If(x) => {
                blocks_of(f, &f.ifs[x].then_list, out);
                blocks_of(f, &f.ifs[x].else_list, out);
            }
            CfNode::Loop(x) => blocks_of(f, &f.loops[x].body, out),
        }
    }
}

fn fold_if(f: &mut Function, l: ListRef, i: usize, taken: bool) {
    let nodes = f.list(l).clone();
    let (CfNode::Block(a), CfNode::If(id), Some(&CfNode::Block(j))) =
        (nodes[i - 1], nodes[i], nodes.get(i + 1))
    else {
        return;
    };
    let node = f.ifs[id].clone();
    let (list, dropped) = if taken {
        (node.then_list, node.else_list)
    } else {
        (node.else_list, node.then_list)
    };
    let (Some(&CfNode::Block(first)), Some(last)) = (list.first(), last_block(&list)) else {
        return;
    };
    // The join's phis take the taken side's value.
    let phis: Vec<InstrId> = f.blocks[j]
        .instrs
        .iter()
        .copied()
        .take_while(|&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }))
        .collect();
    let mut replace = Vec::new();
    for &p in &phis {
        if let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind {
            if let Some((_, v)) = srcs.iter().find(|(b, _)| *b == last) {
                replace.push((*dest, *v));
            }
        }
        f.instrs[p].removed = true;
    }
    f.blocks[j].instrs.retain(|x| !phis.contains(x));
    let mut dead_blocks = Vec::new();
    blocks_of(f, &dropped, &mut dead_blocks);
    for &b in &dead_blocks {
        for x in std::mem::take(&mut f.blocks[b].instrs) {
            f.instrs[x].removed = true;
        }
        f.blocks[b].list = None;
    }
    // Splice: a + first ... last + j.
    move_instrs(f, first, a);
    f.blocks[first].list = None;
    let middle: Vec<CfNode> = if list.len() > 1 {
        list[1..].to_vec()
    } else {
        Vec::new()
    };
    let tail = if list.len() > 1 { last } else { a };
    move_instrs(f, j, tail);
    f.blocks[j].list = None;
    // Successors of the join that named it name the tail now.
    let succs: Vec<BlockId> = f.blocks[j].succs.iter().flatten().copied().collect();
    crate::util::rename_phi_preds(f, &succs, |b| if b == j { tail } else { b });
    for &n in &middle {
        set_parent(f, n, l);
    }
    let mut new_list = nodes[..i].to_vec();
    new_list.extend(middle);
    new_list.extend(nodes[i + 2..].iter().copied());
    *f.list_mut(l) = new_list;
    f.rebuild_cfg();
    // Phis that named a dropped block lose that source.
    for b in f.blocks_in_order() {
        let preds = f.blocks[b].preds.clone();
        let ids = f.blocks[b].instrs.clone();
        for x in ids {
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[x].kind {
                srcs.retain(|(p, _)| preds.contains(p));
            }
        }
    }
    f.rebuild_uses();
    for (old, new) in replace {
        f.replace_all_uses(old, new);
    }
}

/// A dead loop: (its list, its index).
fn find_dead_loop(f: &Function) -> Option<(ListRef, usize)> {
    let mut lists = vec![ListRef::Body];
    while let Some(l) = lists.pop() {
        let nodes = f.list(l);
        for (i, n) in nodes.iter().enumerate() {
            match *n {
                CfNode::Loop(id) => {
                    if i > 0 && loop_is_dead(f, id, nodes.get(i + 1)) {
                        return Some((l, i));
                    }
                    lists.push(ListRef::Loop(id));
                }
                CfNode::If(id) => {
                    lists.push(ListRef::Then(id));
                    lists.push(ListRef::Else(id));
                }
                CfNode::Block(_) => {}
            }
        }
    }
    None
}

fn loop_is_dead(f: &Function, id: fresnel_ir::LoopId, after: Option<&CfNode>) -> bool {
    let Some(&CfNode::Block(after)) = after else {
        return false;
    };
    let has_phi = f.blocks[after]
        .instrs
        .first()
        .is_some_and(|&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }));
    if has_phi {
        return false;
    }
    let mut blocks = Vec::new();
    blocks_of(f, &f.loops[id].body, &mut blocks);
    let inside: rustc_hash::FxHashSet<BlockId> = blocks.iter().copied().collect();
    let mut has_break = false;
    for &b in &blocks {
        for &x in &f.blocks[b].instrs {
            let kind = &f.instrs[x].kind;
            match kind {
                InstrKind::Jump(fresnel_ir::JumpKind::Break) => {
                    // A break of this loop, or of a loop nested in it.
                    has_break |=
                        f.enclosing_loop(f.blocks[b].list.unwrap_or(ListRef::Body)) == Some(id);
                    continue;
                }
                InstrKind::Jump(fresnel_ir::JumpKind::Continue) => continue,
                _ => {}
            }
            if !crate::util::removable(kind) {
                return false;
            }
            for d in kind.dests() {
                for u in &f.values[d].uses {
                    let used_in = match u {
                        fresnel_ir::Use::Instr { instr, .. } => f.instrs[*instr].block,
                        fresnel_ir::Use::IfCond(i) => match f.ifs[*i].then_list.first() {
                            // An `if` inside the loop has its branches inside too.
                            Some(CfNode::Block(tb)) => *tb,
                            _ => return false,
                        },
                    };
                    if !inside.contains(&used_in) {
                        return false;
                    }
                }
            }
        }
    }
    has_break
}

fn remove_loop(f: &mut Function, l: ListRef, i: usize) {
    let nodes = f.list(l).clone();
    let (CfNode::Block(a), CfNode::Loop(id), Some(&CfNode::Block(j))) =
        (nodes[i - 1], nodes[i], nodes.get(i + 1))
    else {
        return;
    };
    let mut dead = Vec::new();
    blocks_of(f, &f.loops[id].body, &mut dead);
    for &b in &dead {
        for x in std::mem::take(&mut f.blocks[b].instrs) {
            f.instrs[x].removed = true;
        }
        f.blocks[b].list = None;
    }
    move_instrs(f, j, a);
    f.blocks[j].list = None;
    // Phis that named the block after the loop name the block before it now.
    let blocks: Vec<BlockId> = f.blocks.keys().collect();
    crate::util::rename_phi_preds(f, &blocks, |b| if b == j { a } else { b });
    let mut new_list = nodes[..i].to_vec();
    new_list.extend(nodes[i + 2..].iter().copied());
    *f.list_mut(l) = new_list;
    f.rebuild_cfg();
    f.rebuild_uses();
}
