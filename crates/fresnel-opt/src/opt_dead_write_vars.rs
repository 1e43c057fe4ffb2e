//! opt_dead_write_vars: a store to a function-local or private variable that a later store
//! in the same block overwrites before anything reads it goes, after
//! `nir_opt_dead_write_vars`.
//!
//! Within a block, stores are remembered by the location they write: the variable and the
//! path of constant indices and fields from it (a deref with a non-constant index names no
//! one location). A store to the same location whose write mask covers a remembered
//! store's makes that one dead. Anything else that touches the variable (a load, a copy, an
//! atomic, a store through a non-constant index, a deref handed to another instruction)
//! forgets every remembered store of it, and a call forgets all of them. Only function and
//! private variables: other invocations and other stages cannot see them, so no barrier or
//! other instruction can read them but through a deref of the variable. What an indirectly
//! indexed local array copied whole and then partly overwritten leaves (`float t[4] = u;
//! t[0] = x;`) is the usual case.

use fresnel_ir::{
    DerefKind, Function, IndexKind, InstrId, InstrKind, Intrinsic, Shader, ValueId, VarId, VarMode,
};
use rustc_hash::FxHashMap;

use crate::{for_each_function, Pass};

pub struct DeadWriteVars;

impl Pass for DeadWriteVars {
    fn name(&self) -> &'static str {
        "opt_dead_write_vars"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| dead_writes(f))
    }
}

/// One step of a constant path: an array index or a struct field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Step {
    Index(u64),
    Field(u32),
}

/// The variable a deref reaches and its constant path (`None` for the path when an index is
/// not constant); `None` when it reaches no function or private variable.
fn location(f: &Function, mut d: ValueId) -> Option<(VarId, Option<Vec<Step>>)> {
    let mut steps = Vec::new();
    let mut constant = true;
    for _ in 0..64 {
        let InstrKind::Deref(x) = &f.instrs[f.values[d].def].kind else {
            return None;
        };
        if !matches!(x.mode, VarMode::Function | VarMode::Global) {
            return None;
        }
        match x.kind {
            DerefKind::Var(v) => {
                steps.reverse();
                return Some((v, constant.then_some(steps)));
            }
            DerefKind::Array { parent, index } => {
                match crate::util::const_of(f, index).and_then(|c| c.first().copied()) {
                    Some(i) => steps.push(Step::Index(i)),
                    None => constant = false,
                }
                d = parent;
            }
            DerefKind::Struct { parent, field } => {
                steps.push(Step::Field(field));
                d = parent;
            }
            DerefKind::Cast { .. } => return None,
        }
    }
    None
}

fn is_deref(f: &Function, v: ValueId) -> bool {
    matches!(f.instrs[f.values[v].def].kind, InstrKind::Deref(_))
}

fn dead_writes(f: &mut Function) -> bool {
    let mut dead: Vec<InstrId> = Vec::new();
    for b in f.blocks_in_order() {
        // (variable, path) -> (store, write mask) not yet read.
        let mut pending: FxHashMap<(VarId, Vec<Step>), (InstrId, u32)> = FxHashMap::default();
        for &id in &f.blocks[b].instrs {
            match &f.instrs[id].kind {
                InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref => {
                    let Some((var, path)) = location(f, x.srcs[0]) else {
                        continue;
                    };
                    let Some(path) = path else {
                        pending.retain(|(v, _), _| *v != var);
                        continue;
                    };
                    let n = f.values[x.srcs[1]].num_components;
                    let full = (1u32 << n) - 1;
                    let mask =
                        x.index(IndexKind::WriteMask).unwrap_or(i64::from(full)) as u32 & full;
                    // A store to a component of a vector, or to the vector holding a
                    // remembered component: another location that overlaps. Forget those.
                    pending.retain(|(v, p), _| {
                        *v != var || *p == path || !(p.starts_with(&path) || path.starts_with(p))
                    });
                    let key = (var, path);
                    if let Some(&(old, old_mask)) = pending.get(&key) {
                        if old_mask & !mask == 0 {
                            dead.push(old);
                        }
                    }
                    pending.insert(key, (id, mask));
                }
                InstrKind::Call { .. } => pending.clear(),
                kind => {
                    // Any other access to a variable through a deref forgets its stores.
                    for s in kind.srcs() {
                        if !is_deref(f, s) || matches!(kind, InstrKind::Deref(_)) {
                            continue;
                        }
                        if let Some((var, _)) = location(f, s) {
                            pending.retain(|(v, _), _| *v != var);
                        }
                    }
                }
            }
        }
    }
    let progress = !dead.is_empty();
    for id in dead {
        f.remove_instr(id);
    }
    progress
}
