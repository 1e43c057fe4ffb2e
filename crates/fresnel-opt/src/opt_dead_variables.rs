//! opt_dead_variables: variables nothing refers to are dropped, and so are stores to
//! function-local and private variables that are never read, after
//! `nir_remove_dead_variables` and `nir_opt_dead_write_vars`.
//!
//! A `global`, `shared` or function variable with no deref left (after constant folding
//! read a constant array's elements, say) is dropped. A `function` or `global` variable
//! whose derefs are only ever stored to or copied into (no load, copy source, atomic or
//! call) is dead as well: those writes are removed, then its derefs and the variable. So
//! is a `shared` one outside a block when the shader has no shared blocks (which alias each
//! other): no invocation of the workgroup reads it. Interface variables (inputs, outputs,
//! uniforms, blocks) are kept: whether an output is read is a property of the whole
//! program, decided by the linker.

use fresnel_ir::{DerefKind, InstrId, InstrKind, Intrinsic, Shader, Use, VarId, VarMode};
use rustc_hash::FxHashSet;

use crate::opt_dce::dce;
use crate::Pass;

pub struct DeadVariables;

impl Pass for DeadVariables {
    fn name(&self) -> &'static str {
        "opt_dead_variables"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let private =
            |m: VarMode| matches!(m, VarMode::Global | VarMode::Function | VarMode::Shared);
        // Variables whose derefs are only stored to.
        // Shared variables outside blocks too: only this shader's invocations could read
        // them. Not when the shader has shared blocks (GL_EXT_shared_memory_block: blocks
        // alias each other, and their memory is laid out explicitly).
        let is_block = |ty| {
            matches!(
                shader.types.get(ty),
                fresnel_ir::Type::Struct { block: true, .. }
            )
        };
        let shared_blocks = shader
            .vars
            .iter()
            .any(|(_, v)| v.mode == VarMode::Shared && is_block(v.ty));
        let mut write_only: FxHashSet<VarId> = shader
            .vars
            .iter()
            // (Ray payloads and the like are read by other shaders.)
            .filter(|(_, v)| {
                let candidate = match v.mode {
                    VarMode::Global | VarMode::Function => true,
                    VarMode::Shared => !shared_blocks,
                    _ => false,
                };
                candidate && v.ext_storage.is_none()
            })
            .map(|(id, _)| id)
            .collect();
        // Function parameters and return values are read by the call.
        for (_, f) in shader.functions.iter() {
            for p in &f.params {
                write_only.remove(&p.var);
            }
            if let Some(r) = f.ret {
                write_only.remove(&r);
            }
        }
        for (_, f) in shader.functions.iter() {
            for id in f.instrs_in_order() {
                let InstrKind::Deref(d) = &f.instrs[id].kind else {
                    continue;
                };
                let Some(root) = f.deref_root_var(d.dest) else {
                    continue;
                };
                if !write_only.contains(&root) {
                    continue;
                }
                let only_stored = f.values[d.dest].uses.iter().all(|u| match u {
                    Use::Instr { instr, src } => match &f.instrs[*instr].kind {
                        InstrKind::Intrinsic(x) => {
                            matches!(x.op, Intrinsic::StoreDeref | Intrinsic::CopyDeref)
                                && *src == 0
                        }
                        InstrKind::Deref(c) => {
                            matches!(c.kind, DerefKind::Array { .. } | DerefKind::Struct { .. })
                                && *src == 0
                        }
                        _ => false,
                    },
                    Use::IfCond(_) => false,
                });
                if !only_stored {
                    write_only.remove(&root);
                }
            }
        }
        let mut progress = false;
        // Remove the stores to write-only variables; DCE then drops their derefs.
        if !write_only.is_empty() {
            for (_, f) in shader.functions.iter_mut() {
                let stores: Vec<InstrId> = f
                    .instrs_in_order()
                    .into_iter()
                    .filter(|&id| match &f.instrs[id].kind {
                        InstrKind::Intrinsic(x)
                            if matches!(x.op, Intrinsic::StoreDeref | Intrinsic::CopyDeref) =>
                        {
                            f.deref_root_var(x.srcs[0])
                                .is_some_and(|v| write_only.contains(&v))
                        }
                        _ => false,
                    })
                    .collect();
                if !stores.is_empty() {
                    for id in stores {
                        f.remove_instr(id);
                    }
                    dce(f);
                    progress = true;
                }
            }
        }
        // Drop private variables no live deref names.
        let mut live: FxHashSet<VarId> = FxHashSet::default();
        for (_, f) in shader.functions.iter() {
            for id in f.instrs_in_order() {
                if let InstrKind::Deref(d) = &f.instrs[id].kind {
                    if let DerefKind::Var(v) = d.kind {
                        live.insert(v);
                    }
                }
            }
            for p in &f.params {
                live.insert(p.var);
            }
            if let Some(r) = f.ret {
                live.insert(r);
            }
        }
        let dropped = shader
            .retain_vars(|id, v| !private(v.mode) || v.ext_storage.is_some() || live.contains(&id));
        progress | (dropped > 0)
    }
}
