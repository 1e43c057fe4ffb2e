//! lower_global_vars_to_local: a private global variable that only the entry point uses
//! becomes a local variable of the entry point, after `nir_lower_global_vars_to_local`, so
//! that `lower_vars_to_ssa` can turn it into SSA values.
//!
//! The entry point runs once per invocation and a private global starts each invocation
//! with its initializer (or undefined), which is exactly a local variable initialized at
//! the start of the entry point: the initializer becomes a store in the first block. A
//! global any other function uses keeps its storage (its value lives across calls), and so
//! does one declared with an extension storage qualifier (`rayPayloadEXT`, ...).

use fresnel_ir::{Builder, DerefKind, InstrKind, Shader, VarId, VarMode};
use rustc_hash::FxHashMap;

use crate::Pass;

pub struct GlobalVarsToLocal;

impl Pass for GlobalVarsToLocal {
    fn name(&self) -> &'static str {
        "lower_global_vars_to_local"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let Some(entry) = shader.entry else {
            return false;
        };
        // Which functions use each private global.
        let mut users: FxHashMap<VarId, Vec<fresnel_ir::FuncId>> = FxHashMap::default();
        for (fid, f) in shader.functions.iter() {
            for id in f.instrs_in_order() {
                if let InstrKind::Deref(d) = &f.instrs[id].kind {
                    if let DerefKind::Var(v) = d.kind {
                        // Ray payloads, hit attributes, callable data and task payloads
                        // are `Global` too, but have storage classes of their own.
                        if shader.vars[v].mode == VarMode::Global
                            && shader.vars[v].ext_storage.is_none()
                        {
                            let list = users.entry(v).or_default();
                            if !list.contains(&fid) {
                                list.push(fid);
                            }
                        }
                    }
                }
            }
        }
        let mut moved: Vec<VarId> = users
            .into_iter()
            .filter(|(_, fs)| fs.as_slice() == [entry])
            .map(|(v, _)| v)
            .filter(|v| {
                // Initializers of vectors and scalars become stores; aggregates stay.
                shader.vars[*v].init.is_none()
                    || shader.types.value_shape(shader.vars[*v].ty).is_some()
            })
            .collect();
        if moved.is_empty() {
            return false;
        }
        moved.sort();
        let Shader {
            functions,
            types,
            vars,
            ..
        } = shader;
        let f = &mut functions[entry];
        for &v in &moved {
            let var = &mut vars[v];
            var.mode = VarMode::Function;
            var.function = Some(entry);
            f.locals.push(v);
            if let Some(fresnel_ir::Constant::Vector(vals)) = var.init.take() {
                let ty = var.ty;
                let Some((bits, _)) = types.value_shape(ty) else {
                    continue;
                };
                let first = f.start_block();
                let mut b = match f.blocks[first].instrs.first().copied() {
                    Some(i) => Builder::before(f, types, i),
                    None => Builder::at_end(f, types, first),
                };
                let d = b.deref_var(v, ty, VarMode::Function);
                let c = b.constant(bits, &vals);
                let n = vals.len() as u32;
                b.store_deref(d, c, (1u32 << n) - 1);
            }
        }
        // Derefs of the moved variables change mode (children follow their parent).
        let mut local: rustc_hash::FxHashSet<fresnel_ir::ValueId> = Default::default();
        for id in f.instrs_in_order() {
            if let InstrKind::Deref(d) = &mut f.instrs[id].kind {
                let hit = match d.kind {
                    DerefKind::Var(v) => moved.contains(&v),
                    DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                        local.contains(&parent)
                    }
                    DerefKind::Cast { .. } => false,
                };
                if hit {
                    d.mode = VarMode::Function;
                    local.insert(d.dest);
                }
            }
        }
        true
    }
}
