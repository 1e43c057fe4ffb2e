//! lower_const_arrays_to_uniforms: a constant array read with an index that is not a
//! constant becomes a uniform array whose initializer holds the values, as Mesa's
//! `nir_lower_const_arrays_to_uniforms` does.
//!
//! A `const` array lives in private memory that every invocation would otherwise have to
//! fill before reading one element (a store per element at the start of the shader on most
//! targets); as a uniform it is uploaded once and read from uniform storage. The values are
//! the same, so the results are too. Only for targets with default-block uniforms and
//! their initializers (OpenGL); arrays read only at constant indices are left to constant
//! folding.

use fresnel_ir::{DerefKind, InstrKind, Shader, Type, VarId, VarMode};
use rustc_hash::FxHashSet;

use crate::opt_constant_folding::constant_vars;
use crate::util::const_of;
use crate::Pass;

pub struct ConstArraysToUniforms;

impl Pass for ConstArraysToUniforms {
    fn name(&self) -> &'static str {
        "lower_const_arrays_to_uniforms"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let consts = constant_vars(shader);
        // Constant arrays with a non-constant index somewhere.
        let mut chosen: FxHashSet<VarId> = FxHashSet::default();
        for (_, f) in shader.functions.iter() {
            for id in f.instrs_in_order() {
                let InstrKind::Deref(d) = &f.instrs[id].kind else {
                    continue;
                };
                let DerefKind::Array { parent, index } = d.kind else {
                    continue;
                };
                if const_of(f, index).is_some() {
                    continue;
                }
                let root = f.deref_root_var(parent);
                if let Some(v) = root {
                    if consts.contains(&v)
                        && matches!(shader.types.get(shader.vars[v].ty), Type::Array { .. })
                    {
                        chosen.insert(v);
                    }
                }
            }
        }
        if chosen.is_empty() {
            return false;
        }
        for &v in &chosen {
            let var = &mut shader.vars[v];
            var.mode = VarMode::Uniform;
            if !var.name.starts_with("__const_") {
                var.name = format!("__const_{}_{}", var.name, v.0);
            }
        }
        for (_, f) in shader.functions.iter_mut() {
            // Derefs rooted at a chosen variable change mode; parents come first.
            let mut moved: FxHashSet<fresnel_ir::ValueId> = FxHashSet::default();
            for id in f.instrs_in_order() {
                let InstrKind::Deref(d) = &mut f.instrs[id].kind else {
                    continue;
                };
                let hit = match d.kind {
                    DerefKind::Var(v) => chosen.contains(&v),
                    DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                        moved.contains(&parent)
                    }
                    DerefKind::Cast { .. } => false,
                };
                if hit {
                    d.mode = VarMode::Uniform;
                    moved.insert(d.dest);
                }
            }
        }
        true
    }
}
