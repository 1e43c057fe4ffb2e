//! Small helpers the passes share.

use fresnel_ir::{Alu, AluOp, Function, InstrId, InstrKind, TypeClass, ValueId};
use smallvec::SmallVec;

/// The constant components of a value defined by `load_const`.
pub fn const_of(f: &Function, v: ValueId) -> Option<&[u64]> {
    match &f.def(v).kind {
        InstrKind::LoadConst { values, .. } => Some(values),
        _ => None,
    }
}

/// Components source `k` of an ALU operation reads (its fixed size, or the result's).
pub fn reads(op: AluOp, k: usize, dest_components: u8) -> usize {
    let s = op.info().src_size[k];
    usize::from(if s != 0 { s } else { dest_components })
}

/// The bit size an ALU operation computes in: its first non-boolean source's, else the
/// result's (as the interpreter decides).
pub fn source_bits(f: &Function, a: &Alu) -> u8 {
    let info = a.op.info();
    for (k, s) in a.srcs.iter().enumerate() {
        if info.src_class[k] != TypeClass::Bool {
            return f.values[s.value].bit_size;
        }
    }
    f.values[a.dest].bit_size
}

/// The constant operands of an ALU instruction as it reads them (after the swizzles), if
/// every source is a constant.
pub fn const_operands(f: &Function, a: &Alu) -> Option<[[u64; 4]; 4]> {
    let dn = f.values[a.dest].num_components;
    let mut out = [[0u64; 4]; 4];
    for (k, s) in a.srcs.iter().enumerate() {
        let vals = const_of(f, s.value)?;
        let n = reads(a.op, k, dn).min(4);
        for (slot, &sw) in out[k].iter_mut().zip(&s.swizzle).take(n) {
            *slot = *vals.get(usize::from(sw))?;
        }
    }
    Some(out)
}

/// Turns instruction `id` (with one result) into a `load_const` of `values` in place.
/// Use lists must be rebuilt afterwards (`Function::rebuild_uses`).
pub fn make_const(f: &mut Function, id: InstrId, values: &[u64]) {
    let dest = f.instrs[id].kind.dests()[0];
    f.instrs[id].kind = InstrKind::LoadConst {
        dest,
        values: values.iter().copied().collect::<SmallVec<[u64; 4]>>(),
    };
}

/// Removes a set of instructions whose results only they use (their blocks lose them,
/// their sources stop counting as uses).
pub fn remove_all(f: &mut Function, dead: &[InstrId]) {
    f.remove_instrs(dead);
}

/// Instructions that may be removed when nothing reads their results.
pub fn removable(kind: &InstrKind) -> bool {
    match kind {
        InstrKind::Alu(_)
        | InstrKind::LoadConst { .. }
        | InstrKind::Undef { .. }
        | InstrKind::Deref(_)
        | InstrKind::Phi { .. }
        | InstrKind::Tex(_) => true,
        InstrKind::Intrinsic(x) => x.dest.is_some() && x.op.can_eliminate(),
        _ => false,
    }
}

/// Renames the predecessor blocks named by the phis of `blocks` (phis stand at block
/// starts), after a pass merged or moved blocks.
pub fn rename_phi_preds(
    f: &mut Function,
    blocks: &[fresnel_ir::BlockId],
    rename: impl Fn(fresnel_ir::BlockId) -> fresnel_ir::BlockId,
) {
    for &b in blocks {
        let n = f.blocks[b]
            .instrs
            .iter()
            .take_while(|&&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }))
            .count();
        for k in 0..n {
            let x = f.blocks[b].instrs[k];
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[x].kind {
                for (p, _) in srcs.iter_mut() {
                    *p = rename(*p);
                }
            }
        }
    }
}

/// Replaces every ALU instruction of `op` that is not `exact` by what `build` makes from
/// its sources (built just before it; `bits` and `n` are the result's shape); true when any
/// was replaced. The lowerings that turn one operation into a sequence share this.
pub fn replace_alu(
    shader: &mut fresnel_ir::Shader,
    op: AluOp,
    build: impl Fn(&mut fresnel_ir::Builder<'_>, &[fresnel_ir::AluSrc], u8, u8) -> ValueId,
) -> bool {
    crate::for_each_function(shader, |f, types| {
        let mut progress = false;
        for id in f.instrs_in_order() {
            let InstrKind::Alu(a) = &f.instrs[id].kind else {
                continue;
            };
            if a.op != op || a.exact {
                continue;
            }
            let (dest, srcs) = (a.dest, a.srcs.clone());
            let (bits, n) = (f.values[dest].bit_size, f.values[dest].num_components);
            let mut b = fresnel_ir::Builder::before(f, types, id);
            let new = build(&mut b, &srcs, bits, n);
            f.replace_all_uses(dest, new);
            f.remove_instr(id);
            progress = true;
        }
        progress
    })
}

/// An instruction with its values and phi predecessor blocks renamed (variables stay):
/// copies inside one function (`clone_nodes`), and `opt_inline`'s copies of callees.
pub fn map_instr(
    kind: &InstrKind,
    value: &dyn Fn(ValueId) -> ValueId,
    block: &dyn Fn(fresnel_ir::BlockId) -> fresnel_ir::BlockId,
) -> InstrKind {
    let mut k = kind.clone();
    let v = |x: &mut ValueId| *x = value(*x);
    match &mut k {
        InstrKind::Alu(a) => {
            v(&mut a.dest);
            for s in &mut a.srcs {
                v(&mut s.value);
            }
        }
        InstrKind::Intrinsic(x) => {
            if let Some(d) = &mut x.dest {
                v(d);
            }
            for s in &mut x.srcs {
                v(s);
            }
        }
        InstrKind::Tex(t) => {
            v(&mut t.dest);
            for (_, s) in &mut t.srcs {
                v(s);
            }
        }
        InstrKind::Deref(d) => {
            v(&mut d.dest);
            match &mut d.kind {
                fresnel_ir::DerefKind::Var(_) => {}
                fresnel_ir::DerefKind::Array { parent, index } => {
                    v(parent);
                    v(index);
                }
                fresnel_ir::DerefKind::Struct { parent, .. }
                | fresnel_ir::DerefKind::Cast { parent } => v(parent),
            }
        }
        InstrKind::LoadConst { dest, .. } | InstrKind::Undef { dest } => v(dest),
        InstrKind::Phi { dest, srcs } => {
            v(dest);
            for (b, s) in srcs.iter_mut() {
                *b = block(*b);
                v(s);
            }
        }
        InstrKind::Call { args, dests, .. } => {
            for a in args.iter_mut() {
                v(a);
            }
            for d in dests.iter_mut() {
                v(d);
            }
        }
        InstrKind::Jump(_) => {}
    }
    k
}

/// Copies control-flow nodes of a function (with every block, `if` and loop nested in
/// them) into fresh entities of the same function; the copies' top-level nodes belong to
/// list `top` (the caller places them there). `values` maps values to substitute: it is
/// consulted for every source, and receives a fresh value for every result of a copied
/// instruction; values it does not name stay as they are. Instructions for which `skip`
/// holds are not copied (their results keep what `values` says, if anything). Returns the
/// copied nodes. Use lists are NOT updated: call `Function::rebuild_uses` afterwards (and
/// `rebuild_cfg` once the copies are in the tree).
pub fn clone_nodes(
    f: &mut Function,
    nodes: &[fresnel_ir::CfNode],
    top: fresnel_ir::ListRef,
    values: &mut rustc_hash::FxHashMap<ValueId, ValueId>,
    skip: &dyn Fn(InstrId) -> bool,
) -> Vec<fresnel_ir::CfNode> {
    use fresnel_ir::{Block, BlockId, CfNode, IfId, IfNode, ListRef, LoopId, LoopNode};
    use rustc_hash::FxHashMap;
    // Every node nested in `nodes`, in program order.
    let mut blocks: Vec<BlockId> = Vec::new();
    let mut ifs: Vec<IfId> = Vec::new();
    let mut loops: Vec<LoopId> = Vec::new();
    let mut stack: Vec<CfNode> = nodes.iter().rev().copied().collect();
    while let Some(n) = stack.pop() {
        match n {
            CfNode::Block(b) => blocks.push(b),
            CfNode::If(i) => {
                ifs.push(i);
                stack.extend(f.ifs[i].else_list.iter().rev().copied());
                stack.extend(f.ifs[i].then_list.iter().rev().copied());
            }
            CfNode::Loop(l) => {
                loops.push(l);
                stack.extend(f.loops[l].body.iter().rev().copied());
            }
        }
    }
    let mut bmap: FxHashMap<BlockId, BlockId> = FxHashMap::default();
    let mut imap: FxHashMap<IfId, IfId> = FxHashMap::default();
    let mut lmap: FxHashMap<LoopId, LoopId> = FxHashMap::default();
    for &b in &blocks {
        bmap.insert(b, f.blocks.push(Block::default()));
    }
    for &i in &ifs {
        let ni = f.ifs.push(IfNode {
            cond: f.ifs[i].cond,
            then_list: Vec::new(),
            else_list: Vec::new(),
            parent: top,
        });
        imap.insert(i, ni);
    }
    for &l in &loops {
        let nl = f.loops.push(LoopNode {
            body: Vec::new(),
            parent: top,
        });
        lmap.insert(l, nl);
    }
    let map_list = |l: ListRef| match l {
        ListRef::Then(i) if imap.contains_key(&i) => ListRef::Then(imap[&i]),
        ListRef::Else(i) if imap.contains_key(&i) => ListRef::Else(imap[&i]),
        ListRef::Loop(i) if lmap.contains_key(&i) => ListRef::Loop(lmap[&i]),
        _ => top,
    };
    let map_nodes = |ns: &[CfNode]| -> Vec<CfNode> {
        ns.iter()
            .map(|n| match *n {
                CfNode::Block(b) => CfNode::Block(bmap[&b]),
                CfNode::If(i) => CfNode::If(imap[&i]),
                CfNode::Loop(l) => CfNode::Loop(lmap[&l]),
            })
            .collect()
    };
    // Fresh values for every result first (a phi may read a value defined after it).
    let mut copied: Vec<(ValueId, ValueId)> = Vec::new();
    for &b in &blocks {
        for &id in &f.blocks[b].instrs {
            if skip(id) {
                continue;
            }
            for d in f.instrs[id].kind.dests() {
                let def = &f.values[d];
                let nv = f.values.push(fresnel_ir::ValueDef {
                    bit_size: def.bit_size,
                    num_components: def.num_components,
                    def: InstrId(0),
                    uses: Default::default(),
                });
                values.insert(d, nv);
                copied.push((d, nv));
            }
        }
    }
    // The copies are as non-uniform / relaxed as the originals.
    for (d, nv) in copied {
        let flags = f.flags(d);
        f.set_flags(nv, flags);
    }
    for &b in &blocks {
        let nb = bmap[&b];
        f.blocks[nb].list = f.blocks[b].list.map(map_list);
        let ids = f.blocks[b].instrs.clone();
        for id in ids {
            if skip(id) {
                continue;
            }
            let kind = map_instr(
                &f.instrs[id].kind,
                &|v| values.get(&v).copied().unwrap_or(v),
                &|x| bmap.get(&x).copied().unwrap_or(x),
            );
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
    for &i in &ifs {
        let n = f.ifs[i].clone();
        let ni = imap[&i];
        f.ifs[ni] = IfNode {
            cond: values.get(&n.cond).copied().unwrap_or(n.cond),
            then_list: map_nodes(&n.then_list),
            else_list: map_nodes(&n.else_list),
            parent: map_list(n.parent),
        };
    }
    for &l in &loops {
        let n = f.loops[l].clone();
        let nl = lmap[&l];
        f.loops[nl] = LoopNode {
            body: map_nodes(&n.body),
            parent: map_list(n.parent),
        };
    }
    map_nodes(nodes)
}
