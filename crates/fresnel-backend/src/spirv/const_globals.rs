//! Read-only initialized globals: module-scope variables with an initializer that no
//! instruction writes. A whole copy out of one (`copy_deref dst, @const`, which the lowering
//! makes for `gl_TessLevelOuter = float[4](...)` and every other aggregate constant assigned
//! whole) is written as one `OpStore` of the initializer's constant, as glslang does, instead
//! of a load of the private variable and a store.
//!
//! A variable is read-only when every deref rooted at it is only read by `load_deref` (as the
//! address) or by `copy_deref` (as the source), and by derefs of its elements. Anything else
//! (a store, an atomic, a copy into it, an unknown intrinsic) makes it writable.

use fresnel_ir::{DerefKind, InstrKind, Intrinsic, Shader, ValueId, VarId, VarMode};
use rustc_hash::FxHashSet;

/// The `Global` variables with an initializer that nothing writes.
pub fn read_only_initialized(shader: &Shader) -> FxHashSet<VarId> {
    let mut candidates: FxHashSet<VarId> = shader
        .vars
        .iter()
        .filter(|(_, v)| v.mode == VarMode::Global && v.init.is_some())
        .map(|(id, _)| id)
        .collect();
    if candidates.is_empty() {
        return candidates;
    }
    for (_, f) in shader.functions.iter() {
        // The variable each deref of this function is rooted at.
        let root = |mut v: ValueId| -> Option<VarId> {
            for _ in 0..256 {
                match &f.def(v).kind {
                    InstrKind::Deref(d) => match d.kind {
                        DerefKind::Var(var) => return Some(var),
                        DerefKind::Array { parent, .. }
                        | DerefKind::Struct { parent, .. }
                        | DerefKind::Cast { parent } => v = parent,
                    },
                    _ => return None,
                }
            }
            None
        };
        for ins in f.instrs.iter().map(|(_, i)| i).filter(|i| !i.removed) {
            let srcs = ins.kind.srcs();
            for (n, &s) in srcs.iter().enumerate() {
                let Some(var) = root(s) else { continue };
                if !candidates.contains(&var) {
                    continue;
                }
                let read_only_use = match &ins.kind {
                    // A deref's parent (its index is a value, not an address).
                    InstrKind::Deref(_) => true,
                    InstrKind::Intrinsic(x) => {
                        (x.op == Intrinsic::LoadDeref && n == 0)
                            || (x.op == Intrinsic::CopyDeref && n == 1)
                    }
                    _ => false,
                };
                if !read_only_use {
                    candidates.remove(&var);
                }
            }
        }
    }
    candidates
}
