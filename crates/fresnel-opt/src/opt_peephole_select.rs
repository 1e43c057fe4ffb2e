//! opt_peephole_select: a small `if` whose branches only compute values becomes straight-line
//! code with selects, after `nir_opt_peephole_select`.
//!
//! When both branches of an `if` are single blocks of at most [`MAX_BRANCH`] instructions
//! that have no effects and cannot fault (ALU operations other than derivatives,
//! constants, undefined values, derefs, and loads from memory no invocation writes), the
//! branch instructions move before the `if`, each phi of the join block becomes
//! `bcsel(cond, then_value, else_value)`, and the `if` disappears (an `if` with empty
//! branches and no phis simply goes). Sound because the moved instructions compute values
//! only, so executing both sides changes nothing but which value each phi picks, and the
//! select picks the same one. Derivatives stay in their branches: their value depends on
//! which neighbouring invocations run them.

use fresnel_ir::{
    AluOp, AluSrc, Builder, CfNode, Function, IfId, InstrId, InstrKind, Intrinsic, ListRef,
    Shader, Types, VarMode,
};

use crate::Pass;

/// The most instructions a branch may have.
pub const MAX_BRANCH: usize = 16;

pub struct PeepholeSelect;

impl Pass for PeepholeSelect {
    fn name(&self) -> &'static str {
        "opt_peephole_select"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let Shader {
            functions, types, ..
        } = shader;
        let mut progress = false;
        for (_, f) in functions.iter_mut() {
            // Innermost first: each success may make the enclosing `if` a candidate.
            for _ in 0..1000 {
                let Some((l, i)) = find(f) else { break };
                flatten(f, types, l, i);
                progress = true;
            }
        }
        progress
    }
}

fn speculatable(f: &Function, id: InstrId) -> bool {
    match &f.instrs[id].kind {
        InstrKind::Alu(a) => !a.op.info().cross_invocation,
        InstrKind::LoadConst { .. } | InstrKind::Undef { .. } | InstrKind::Deref(_) => true,
        InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadDeref => matches!(
            &f.def(x.srcs[0]).kind,
            InstrKind::Deref(d) if matches!(d.mode, VarMode::Uniform | VarMode::Ubo | VarMode::PushConstant | VarMode::ShaderIn)
        ),
        _ => false,
    }
}

/// A single block of speculatable instructions.
fn simple_branch(f: &Function, list: &[CfNode]) -> bool {
    match list {
        [CfNode::Block(b)] => {
            let instrs = &f.blocks[*b].instrs;
            instrs.len() <= MAX_BRANCH && instrs.iter().all(|&i| speculatable(f, i))
        }
        _ => false,
    }
}

/// The first candidate `if`: (its list, its index there).
fn find(f: &Function) -> Option<(ListRef, usize)> {
    let mut found = None;
    let mut lists = vec![ListRef::Body];
    while let Some(l) = lists.pop() {
        let nodes = f.list(l);
        for (i, n) in nodes.iter().enumerate() {
            match *n {
                CfNode::If(id) => {
                    lists.push(ListRef::Then(id));
                    lists.push(ListRef::Else(id));
                    let node = &f.ifs[id];
                    let ok = simple_branch(f, &node.then_list)
                        && simple_branch(f, &node.else_list)
                        && matches!(nodes.get(i + 1), Some(CfNode::Block(_)))
                        && i > 0;
                    if ok && found.is_none() {
                        found = Some((l, i));
                    }
                }
                CfNode::Loop(id) => lists.push(ListRef::Loop(id)),
                CfNode::Block(_) => {}
            }
        }
    }
    found
}

fn block_of(list: &[CfNode]) -> fresnel_ir::BlockId {
    match list {
        [CfNode::Block(b)] => *b,
        _ => unreachable!("checked by find"),
    }
}

fn flatten(f: &mut Function, types: &mut Types, l: ListRef, i: usize) {
    let nodes = f.list(l).clone();
    let (CfNode::Block(a), CfNode::If(id), CfNode::Block(j)) = (nodes[i - 1], nodes[i], nodes[i + 1]) else {
        return;
    };
    let id: IfId = id;
    let cond = f.ifs[id].cond;
    let t = block_of(&f.ifs[id].then_list);
    let e = block_of(&f.ifs[id].else_list);
    // Move the branch instructions to the end of `a`.
    let mut moved: Vec<InstrId> = std::mem::take(&mut f.blocks[t].instrs);
    moved.extend(std::mem::take(&mut f.blocks[e].instrs));
    for &x in &moved {
        f.instrs[x].block = a;
    }
    f.blocks[a].instrs.extend(moved);
    // The join's phis become selects.
    let phis: Vec<InstrId> = f.blocks[j]
        .instrs
        .iter()
        .copied()
        .take_while(|&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }))
        .collect();
    let mut replace = Vec::new();
    for &p in &phis {
        let InstrKind::Phi { dest, srcs } = f.instrs[p].kind.clone() else {
            continue;
        };
        let pick = |b| srcs.iter().find(|(x, _)| *x == b).map(|(_, v)| *v);
        let (Some(vt), Some(ve)) = (pick(t), pick(e)) else {
            continue;
        };
        let n = f.values[dest].num_components;
        let bits = f.values[dest].bit_size;
        let mut b = Builder::at_end(f, types, a);
        let sel = b.alu_full(
            AluOp::Bcsel,
            bits,
            n,
            &[
                AluSrc {
                    value: cond,
                    swizzle: [0; 4],
                },
                AluSrc::new(vt),
                AluSrc::new(ve),
            ],
            false,
        );
        replace.push((dest, sel));
    }
    for &p in &phis {
        f.instrs[p].removed = true;
    }
    let rest: Vec<InstrId> = f.blocks[j]
        .instrs
        .iter()
        .copied()
        .filter(|x| !phis.contains(x))
        .collect();
    for &x in &rest {
        f.instrs[x].block = a;
    }
    f.blocks[a].instrs.extend(rest);
    f.blocks[j].instrs.clear();
    f.blocks[j].list = None;
    f.blocks[t].list = None;
    f.blocks[e].list = None;
    // Phis after the join that named it now name `a`.
    let succs: Vec<_> = f.blocks[j].succs.iter().flatten().copied().collect();
    for s in succs {
        let ids = f.blocks[s].instrs.clone();
        for x in ids {
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[x].kind {
                for (b, _) in srcs.iter_mut() {
                    if *b == j {
                        *b = a;
                    }
                }
            }
        }
    }
    let list = f.list_mut(l);
    list.drain(i..=i + 1);
    f.rebuild_uses();
    for (old, new) in replace {
        f.replace_all_uses(old, new);
    }
    f.rebuild_cfg();
}
