//! opt_dead_cf: an `if` whose condition is a constant is replaced by the branch it takes,
//! after `nir_opt_dead_cf`.
//!
//! The taken branch's nodes move into the enclosing list in place of the `if` (its first
//! block joins the block before the `if`, its last block the block after it); the other
//! branch is dropped. Phis of the join read the value from the taken side. Phis elsewhere
//! that named a dropped block as a predecessor (a `break` in the dropped branch) lose that
//! source. Sound because the condition has one value on every execution, so only the
//! taken branch ever ran. When the taken branch ends in a jump (`break`, `continue`,
//! `return`), the nodes after the `if` in its list never run either: they go with the other
//! branch and the taken branch ends the list, unless a value they define is read outside
//! them (other than by a phi through an edge that goes).
//!
//! A loop is removed when it is dead: nothing in it has an effect (every instruction could
//! be eliminated when unused; its only jumps are `break` and `continue`) and no value it
//! defines is read after it (the block after it has no phis). A loop without effects that
//! never ends (no `break`: `while (true) {}`) goes too, as spirv-opt removes it: it has no
//! observable result but the hang, and an implementation may assume forward progress (as
//! C++ does); the code after it then runs.
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
            for _ in 0..10_000 {
                let Some((l, i)) = find_single_pass_loop(f) else {
                    break;
                };
                unwrap_single_pass_loop(f, l, i);
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
    // What `first` led to (a nested loop's header, whose phis name it) now follows
    // `before`.
    let first_succs: Vec<BlockId> = f.blocks[first].succs.iter().flatten().copied().collect();
    move_instrs(f, first, before);
    crate::util::rename_phi_preds(f, &first_succs, |b| if b == first { before } else { b });
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

/// A loop whose body runs once and leaves by its one `break`, the last instruction of the
/// body: no back edge reaches its first block and the block after it has the body's last
/// block as its only predecessor. (its list, its index)
fn find_single_pass_loop(f: &Function) -> Option<(ListRef, usize)> {
    let mut lists = vec![ListRef::Body];
    while let Some(l) = lists.pop() {
        let nodes = f.list(l);
        for (i, n) in nodes.iter().enumerate() {
            match *n {
                CfNode::If(id) => {
                    lists.push(ListRef::Then(id));
                    lists.push(ListRef::Else(id));
                }
                CfNode::Loop(id) => {
                    lists.push(ListRef::Loop(id));
                    let (Some(&CfNode::Block(before)), Some(&CfNode::Block(after))) = (
                        i.checked_sub(1).and_then(|k| nodes.get(k)),
                        nodes.get(i + 1),
                    ) else {
                        continue;
                    };
                    let Some(&CfNode::Block(last)) = f.loops[id].body.last() else {
                        continue;
                    };
                    let first = f.first_block(ListRef::Loop(id));
                    let ends_in_break = f.blocks[last].instrs.last().is_some_and(|&x| {
                        matches!(
                            f.instrs[x].kind,
                            InstrKind::Jump(fresnel_ir::JumpKind::Break)
                        )
                    });
                    if ends_in_break
                        && f.blocks[first].preds.iter().all(|&p| p == before)
                        && f.blocks[after].preds.as_slice() == [last]
                    {
                        return Some((l, i));
                    }
                }
                CfNode::Block(_) => {}
            }
        }
    }
    None
}

/// The loop at `l[i]` (see [`find_single_pass_loop`]) replaced by its body, without its
/// `break`.
fn unwrap_single_pass_loop(f: &mut Function, l: ListRef, i: usize) {
    let nodes = f.list(l).clone();
    let (CfNode::Block(before), CfNode::Loop(id), CfNode::Block(after)) =
        (nodes[i - 1], nodes[i], nodes[i + 1])
    else {
        return;
    };
    let body = f.loops[id].body.clone();
    let (Some(&CfNode::Block(first)), Some(&CfNode::Block(last))) = (body.first(), body.last())
    else {
        return;
    };
    // Header phis have the entry value alone, the phis after the loop the value from `last`.
    let single_source_phis =
        |f: &Function, b: BlockId| -> Vec<(InstrId, fresnel_ir::ValueId, fresnel_ir::ValueId)> {
            f.blocks[b]
                .instrs
                .iter()
                .filter_map(|&x| match &f.instrs[x].kind {
                    InstrKind::Phi { dest, srcs } => srcs.first().map(|&(_, v)| (x, *dest, v)),
                    _ => None,
                })
                .collect()
        };
    for b in [first, after] {
        for (x, dest, v) in single_source_phis(f, b) {
            f.replace_all_uses(dest, v);
            f.remove_instr(x);
        }
    }
    if let Some(&brk) = f.blocks[last].instrs.last() {
        f.remove_instr(brk);
    }
    let succs: Vec<BlockId> = f.blocks[after].succs.iter().flatten().copied().collect();
    // What `first` led to (a nested loop's header, whose phis name it) now follows
    // `before`.
    let first_succs: Vec<BlockId> = f.blocks[first].succs.iter().flatten().copied().collect();
    move_instrs(f, first, before);
    crate::util::rename_phi_preds(f, &first_succs, |b| if b == first { before } else { b });
    f.blocks[first].list = None;
    let tail = if body.len() > 1 { last } else { before };
    move_instrs(f, after, tail);
    f.blocks[after].list = None;
    crate::util::rename_phi_preds(f, &succs, |b| if b == after { tail } else { b });
    let mut list = nodes[..i].to_vec();
    for &n in &body[1..] {
        set_parent(f, n, l);
        list.push(n);
    }
    list.extend(nodes[i + 2..].iter().copied());
    *f.list_mut(l) = list;
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
                        let foldable = match last_block(list) {
                            Some(b) if ends_in_jump(f, b) => tail_is_droppable(f, l, i, taken),
                            Some(_) => true,
                            None => false,
                        };
                        if foldable && i > 0 {
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

/// When the taken branch of the `if` at `l[i]` ends in a jump, the branch not taken and
/// everything after the `if` in its list never run. They may go when nothing outside them
/// reads a value they define, other than phis through an edge from a block that goes.
fn tail_is_droppable(f: &Function, l: ListRef, i: usize, taken: bool) -> bool {
    let CfNode::If(id) = f.list(l)[i] else {
        return false;
    };
    let node = &f.ifs[id];
    let dropped_branch = if taken {
        &node.else_list
    } else {
        &node.then_list
    };
    let mut blocks = Vec::new();
    blocks_of(f, dropped_branch, &mut blocks);
    blocks_of(f, &f.list(l)[i + 1..], &mut blocks);
    let dead: rustc_hash::FxHashSet<BlockId> = blocks.iter().copied().collect();
    blocks.iter().all(|&b| {
        f.blocks[b].instrs.iter().all(|&x| {
            let dests = f.instrs[x].kind.dests();
            dests.iter().all(|&v| {
                f.values[v].uses.iter().all(|u| match *u {
                    fresnel_ir::Use::Instr { instr, src } => {
                        let user = &f.instrs[instr];
                        dead.contains(&user.block)
                            || match &user.kind {
                                InstrKind::Phi { srcs, .. } => srcs
                                    .get(usize::from(src))
                                    .is_some_and(|(p, _)| dead.contains(p)),
                                _ => false,
                            }
                    }
                    fresnel_ir::Use::IfCond(c) => {
                        // An `if` inside the dropped nodes has its blocks there too.
                        let mut inner = Vec::new();
                        blocks_of(f, &f.ifs[c].then_list, &mut inner);
                        inner.first().is_some_and(|b| dead.contains(b))
                    }
                })
            })
        })
    })
}

fn fold_if(f: &mut Function, l: ListRef, i: usize, taken: bool) {
    let nodes = f.list(l).clone();
    let jumps = {
        let node = &f.ifs[match nodes[i] {
            CfNode::If(id) => id,
            _ => return,
        }];
        let list = if taken {
            &node.then_list
        } else {
            &node.else_list
        };
        last_block(list).is_some_and(|b| ends_in_jump(f, b))
    };
    if jumps {
        fold_if_jumping(f, l, i, taken);
        return;
    }
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
    drop_nodes(f, &dropped);
    // Splice: a + first ... last + j. What `first` led to (a loop's header, whose phis
    // name it as the entry) is entered from `a` now.
    let first_succs: Vec<BlockId> = f.blocks[first].succs.iter().flatten().copied().collect();
    crate::util::rename_phi_preds(f, &first_succs, |b| if b == first { a } else { b });
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
    drop_dead_phi_sources(f);
    f.rebuild_uses();
    for (old, new) in replace {
        f.replace_all_uses(old, new);
    }
}

/// [`fold_if`] when the taken branch ends in a jump: its nodes take the place of the `if`
/// and end the list; the other branch and the nodes after the `if` go
/// ([`tail_is_droppable`] said nothing else reads their values).
fn fold_if_jumping(f: &mut Function, l: ListRef, i: usize, taken: bool) {
    let nodes = f.list(l).clone();
    let (CfNode::Block(a), CfNode::If(id)) = (nodes[i - 1], nodes[i]) else {
        return;
    };
    let node = f.ifs[id].clone();
    let (list, dropped) = if taken {
        (node.then_list, node.else_list)
    } else {
        (node.else_list, node.then_list)
    };
    let Some(&CfNode::Block(first)) = list.first() else {
        return;
    };
    drop_nodes(f, &dropped);
    drop_nodes(f, &nodes[i + 1..]);
    move_instrs(f, first, a);
    f.blocks[first].list = None;
    // The jump's target may have phis naming `first` (a one-block branch): `a` now.
    let succs: Vec<BlockId> = f.blocks[first].succs.iter().flatten().copied().collect();
    crate::util::rename_phi_preds(f, &succs, |b| if b == first { a } else { b });
    let middle: Vec<CfNode> = list.get(1..).map_or_else(Vec::new, <[CfNode]>::to_vec);
    for &n in &middle {
        set_parent(f, n, l);
    }
    let mut new_list = nodes[..i].to_vec();
    new_list.extend(middle);
    *f.list_mut(l) = new_list;
    f.rebuild_cfg();
    drop_dead_phi_sources(f);
    f.rebuild_uses();
}

/// The blocks of `nodes` (nested ones included) leave the tree, their instructions
/// removed.
fn drop_nodes(f: &mut Function, nodes: &[CfNode]) {
    let mut dead_blocks = Vec::new();
    blocks_of(f, nodes, &mut dead_blocks);
    for &b in &dead_blocks {
        for x in std::mem::take(&mut f.blocks[b].instrs) {
            f.instrs[x].removed = true;
        }
        f.blocks[b].list = None;
    }
}

/// Phis that named a block no longer a predecessor lose that source.
fn drop_dead_phi_sources(f: &mut Function) {
    for b in f.blocks_in_order() {
        let preds = f.blocks[b].preds.clone();
        let ids = f.blocks[b].instrs.clone();
        for x in ids {
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[x].kind {
                srcs.retain(|(p, _)| preds.contains(p));
            }
        }
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
    for &b in &blocks {
        for &x in &f.blocks[b].instrs {
            let kind = &f.instrs[x].kind;
            if matches!(
                kind,
                InstrKind::Jump(fresnel_ir::JumpKind::Break | fresnel_ir::JumpKind::Continue)
            ) {
                continue;
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
    true
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
