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
    AluOp, AluSrc, BlockId, Builder, CfNode, Function, IfId, InstrId, InstrKind, Intrinsic,
    ListRef, Shader, Types, VarMode,
};
use rustc_hash::FxHashMap;

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
            let mut cx = Cx {
                renamed: FxHashMap::default(),
                progress: false,
            };
            cx.list(f, types, ListRef::Body);
            if cx.progress {
                // Phis that named a merged block name the block it went into.
                let blocks: Vec<BlockId> = f.blocks.keys().collect();
                crate::util::rename_phi_preds(f, &blocks, |b| resolve(&cx.renamed, b));
                f.rebuild_cfg();
                f.rebuild_uses();
                progress = true;
            }
        }
        progress
    }
}

/// Blocks merged into others so far (applied to phis at the end).
struct Cx {
    renamed: FxHashMap<BlockId, BlockId>,
    progress: bool,
}

fn resolve(map: &FxHashMap<BlockId, BlockId>, mut b: BlockId) -> BlockId {
    for _ in 0..1_000_000 {
        match map.get(&b) {
            Some(&n) => b = n,
            None => break,
        }
    }
    b
}

impl Cx {
    /// Flattens the candidates of a list, innermost first. The list is rebuilt once as it
    /// goes (removing each flattened `if` and its join from the list in place would move
    /// the rest of a long list every time).
    fn list(&mut self, f: &mut Function, types: &mut Types, l: ListRef) {
        let nodes = std::mem::take(f.list_mut(l));
        let mut out: Vec<CfNode> = Vec::with_capacity(nodes.len());
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            match n {
                CfNode::If(id) => {
                    self.list(f, types, ListRef::Then(id));
                    self.list(f, types, ListRef::Else(id));
                    let node = &f.ifs[id];
                    let around = match (out.last(), nodes.get(i + 1)) {
                        (Some(&CfNode::Block(a)), Some(&CfNode::Block(j))) => Some((a, j)),
                        _ => None,
                    };
                    if let Some((a, j)) = around.filter(|_| {
                        simple_branch(f, &node.then_list) && simple_branch(f, &node.else_list)
                    }) {
                        if self.flatten(f, types, a, id, j) {
                            self.progress = true;
                            // The `if` and its join are gone (the join went into `a`).
                            i += 2;
                            continue;
                        }
                    }
                }
                CfNode::Loop(id) => self.list(f, types, ListRef::Loop(id)),
                CfNode::Block(_) => {}
            }
            out.push(n);
            i += 1;
        }
        *f.list_mut(l) = out;
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

fn block_of(list: &[CfNode]) -> fresnel_ir::BlockId {
    match list {
        [CfNode::Block(b)] => *b,
        _ => unreachable!("checked by find"),
    }
}

impl Cx {
    /// Flattens the `if` at `i`; false (nothing changed) when the join's phis do not name
    /// exactly the two branches.
    /// Flattens `if id` between blocks `a` and `j` of one list into `a` (the caller drops
    /// the `if` and `j` from the list).
    fn flatten(
        &mut self,
        f: &mut Function,
        types: &mut Types,
        a: BlockId,
        id: IfId,
        j: BlockId,
    ) -> bool {
        let id: IfId = id;
        let cond = f.ifs[id].cond;
        let t = block_of(&f.ifs[id].then_list);
        let e = block_of(&f.ifs[id].else_list);
        let phis_ok = f.blocks[j]
            .instrs
            .iter()
            .take_while(|&&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }))
            .all(|&x| match &f.instrs[x].kind {
                InstrKind::Phi { srcs, .. } => {
                    let mut preds: Vec<BlockId> = srcs
                        .iter()
                        .map(|(b, _)| resolve(&self.renamed, *b))
                        .collect();
                    preds.sort();
                    let mut want = vec![t, e];
                    want.sort();
                    preds == want
                }
                _ => false,
            });
        if !phis_ok {
            return false;
        }
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
            let pick = |b| {
                srcs.iter()
                    .find(|(x, _)| resolve(&self.renamed, *x) == b)
                    .map(|(_, v)| *v)
            };
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
        for (old, new) in replace {
            f.replace_all_uses(old, new);
        }
        for &p in &phis {
            f.remove_instr(p);
        }
        let rest: Vec<InstrId> = std::mem::take(&mut f.blocks[j].instrs);
        for &x in &rest {
            f.instrs[x].block = a;
        }
        f.blocks[a].instrs.extend(rest);
        f.blocks[j].list = None;
        f.blocks[t].list = None;
        f.blocks[e].list = None;
        self.renamed.insert(j, a);
        true
    }
}
