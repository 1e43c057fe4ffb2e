//! lower_io_to_temporaries: the entry point writes its outputs into local shadow variables
//! and copies them to the outputs once, where it ends, after `nir_lower_io_to_temporaries`.
//!
//! A shader that writes an output in several branches (`switch (k) { case 0: o = a; ...}`)
//! then has one store of a value that `lower_vars_to_ssa` turns into phis, which
//! `opt_peephole_select` can flatten into selects; stores of an output that are later
//! overwritten disappear with the SSA form.
//!
//! Only the vertex, tessellation evaluation and fragment stages: their outputs are private
//! to the invocation and nothing observes them before the shader ends (geometry shaders
//! emit vertices along the way, tessellation control outputs are shared across the patch).
//! Only scalar and vector outputs that no other function touches. An output the shader
//! also reads (framebuffer fetch, or reading back a written output) is copied into its
//! shadow at the start. The copies out run at every `return` of the entry point and at the
//! end of its body; an invocation ended by `discard` writes no outputs anyway.

use fresnel_ir::{
    Builder, CfNode, DerefKind, InstrId, InstrKind, Intrinsic, JumpKind, Shader, Stage, VarId,
    VarMode, Variable,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::Pass;

pub struct LowerIoToTemporaries;

impl Pass for LowerIoToTemporaries {
    fn name(&self) -> &'static str {
        "lower_io_to_temporaries"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        if !matches!(
            shader.stage,
            Stage::Vertex | Stage::TessEval | Stage::Fragment
        ) {
            return false;
        }
        let Some(entry) = shader.entry else {
            return false;
        };
        // Outputs by the functions that reference them, and whether the entry reads them.
        let mut used_elsewhere: FxHashSet<VarId> = FxHashSet::default();
        let mut stored: FxHashSet<VarId> = FxHashSet::default();
        let mut loaded: FxHashSet<VarId> = FxHashSet::default();
        for (fid, f) in shader.functions.iter() {
            for id in f.instrs_in_order() {
                match &f.instrs[id].kind {
                    InstrKind::Deref(d) => {
                        if let DerefKind::Var(v) = d.kind {
                            if shader.vars[v].mode == VarMode::ShaderOut && fid != entry {
                                used_elsewhere.insert(v);
                            }
                        }
                    }
                    InstrKind::Intrinsic(x) if !x.srcs.is_empty() => {
                        // An output whose address goes to an intrinsic in another source
                        // (a `spirv_by_reference` argument) is written there: left alone,
                        // its shadow would stay a variable whose address is taken. (A copy
                        // only reads its source: that output may be shadowed.)
                        let others = if x.op == Intrinsic::CopyDeref {
                            &[][..]
                        } else {
                            &x.srcs[1..]
                        };
                        for &s in others {
                            if let Some(v) = f.deref_root_var(s) {
                                if shader.vars[v].mode == VarMode::ShaderOut {
                                    used_elsewhere.insert(v);
                                }
                            }
                        }
                        let Some(v) = f.deref_root_var(x.srcs[0]) else {
                            continue;
                        };
                        if shader.vars[v].mode != VarMode::ShaderOut {
                            continue;
                        }
                        match x.op {
                            Intrinsic::StoreDeref => {
                                stored.insert(v);
                            }
                            Intrinsic::LoadDeref => {
                                loaded.insert(v);
                            }
                            // Anything else on an output (atomics, copies, interpolation):
                            // leave the output alone.
                            _ => {
                                used_elsewhere.insert(v);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut outs: Vec<VarId> = stored
            .into_iter()
            .filter(|v| !used_elsewhere.contains(v))
            .filter(|v| shader.types.value_shape(shader.vars[*v].ty).is_some())
            .collect();
        if outs.is_empty() {
            return false;
        }
        outs.sort();
        // The shadows.
        let mut shadow: FxHashMap<VarId, VarId> = FxHashMap::default();
        for &v in &outs {
            let o = &shader.vars[v];
            let mut t = Variable::new(format!("{}__tmp", o.name), o.ty, VarMode::Function);
            t.function = Some(entry);
            t.relaxed_precision = o.relaxed_precision;
            t.precision = o.precision;
            t.precise = o.precise;
            let id = shader.vars.push(t);
            shadow.insert(v, id);
        }
        let Shader {
            functions,
            types,
            vars,
            ..
        } = shader;
        let f = &mut functions[entry];
        f.locals.extend(outs.iter().map(|v| shadow[v]));
        // Every access through the output now goes to its shadow.
        let ids: Vec<InstrId> = f.instrs_in_order();
        let mut redirected: FxHashSet<fresnel_ir::ValueId> = FxHashSet::default();
        for &id in &ids {
            let InstrKind::Deref(d) = &mut f.instrs[id].kind else {
                continue;
            };
            let hit = match d.kind {
                DerefKind::Var(v) => match shadow.get(&v) {
                    Some(&s) => {
                        d.kind = DerefKind::Var(s);
                        true
                    }
                    None => false,
                },
                DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                    redirected.contains(&parent)
                }
                DerefKind::Cast { .. } => false,
            };
            if hit {
                d.mode = VarMode::Function;
                redirected.insert(d.dest);
            }
        }
        // Copy in what is read (framebuffer fetch), at the start.
        let first = f.start_block();
        for &v in outs.iter().filter(|v| loaded.contains(v)) {
            let ty = vars[v].ty;
            let mut b = match f.blocks[first].instrs.first().copied() {
                Some(i) => Builder::before(f, types, i),
                None => Builder::at_end(f, types, first),
            };
            let src = b.deref_var(v, ty, VarMode::ShaderOut);
            let val = b.load_deref(src);
            let dst = b.deref_var(shadow[&v], ty, VarMode::Function);
            let n = b.num_components(val);
            b.store_deref(dst, val, (1 << n) - 1);
        }
        // Copy out at each return and at the end of the body.
        let mut exits: Vec<Option<InstrId>> = ids
            .iter()
            .copied()
            .filter(|&i| {
                !f.instrs[i].removed
                    && matches!(f.instrs[i].kind, InstrKind::Jump(JumpKind::Return))
            })
            .map(Some)
            .collect();
        let last = match f.body.last() {
            Some(CfNode::Block(b)) => Some(*b),
            _ => None,
        };
        let last_returns = last.is_some_and(|b| {
            f.blocks[b]
                .instrs
                .last()
                .is_some_and(|&i| f.instrs[i].kind.is_jump())
        });
        if !last_returns {
            exits.push(None);
        }
        for at in exits {
            for &v in &outs {
                let ty = vars[v].ty;
                let mut b = match (at, last) {
                    (Some(i), _) => Builder::before(f, types, i),
                    (None, Some(bl)) => Builder::at_end(f, types, bl),
                    (None, None) => continue,
                };
                let src = b.deref_var(shadow[&v], ty, VarMode::Function);
                let val = b.load_deref(src);
                let dst = b.deref_var(v, ty, VarMode::ShaderOut);
                let n = b.num_components(val);
                b.store_deref(dst, val, (1 << n) - 1);
            }
        }
        f.rebuild_uses();
        f.rebuild_cfg();
        true
    }
}
