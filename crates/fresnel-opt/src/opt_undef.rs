//! opt_undef: what an undefined value allows, after `nir_opt_undef`.
//!
//! * A `store_deref` that writes only undefined components (the value is an `undef`, or
//!   every written component comes from an `undef` through the `vecN` that makes it) goes.
//!   Sound because memory that keeps its old contents holds one of the values "undefined"
//!   allows. Unlike NIR, a store partly undefined keeps its write mask when it writes more
//!   than one defined component (a partial store of several is a load, a shuffle and a
//!   store in SPIR-V); with one defined component left it writes that one alone.
//! * `bcsel(c, undef, b)` and `bcsel(c, a, undef)` become a move of the defined side: the
//!   undefined side may be taken to equal it.
//!
//! * A load from a local variable with no initializer that nothing writes is an `undef`
//!   (uninitialized locals read through an index, which keeps them in memory).
//! * A phi source that comes from a block ending the invocation (a `terminate`, the
//!   `discard` of a branch) is never taken: it becomes an `undef`.
//! * A phi whose sources are one value and `undef`s is that value, when the value's block
//!   dominates the phi's (as `nir_opt_remove_phis` treats undefined sources).
//!
//! Uninitialized locals copied somewhere (`Bar b; buffer_member = b;`), partly written
//! vectors and values merged after a `discard` are where these come from.

use fresnel_ir::{AluOp, Function, IndexKind, InstrKind, Intrinsic, Shader, ValueId};

use crate::Pass;

pub struct OptUndef;

impl Pass for OptUndef {
    fn name(&self) -> &'static str {
        "opt_undef"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let Shader {
            functions, vars, ..
        } = shader;
        let vars = &*vars;
        functions.iter_mut().fold(false, |any, (_, f)| {
            let mut progress = false;
            for id in f.instrs_in_order() {
                match &f.instrs[id].kind {
                    InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref => {
                        let Some(&value) = x.srcs.get(1) else {
                            continue;
                        };
                        let access = x.index(IndexKind::Access).unwrap_or(0);
                        if access & i64::from(fresnel_ir::access::VOLATILE) != 0 {
                            continue;
                        }
                        let n = f.values[value].num_components;
                        let full = (1u32 << n) - 1;
                        let mask =
                            x.index(IndexKind::WriteMask).unwrap_or(i64::from(full)) as u32 & full;
                        let kept = mask & !undef_components(f, value);
                        if kept == 0 {
                            f.remove_instr(id);
                            progress = true;
                        } else if kept != mask && kept.count_ones() == 1 {
                            // One defined component: a store of it alone (an access chain
                            // and a store in SPIR-V, where the whole vector is built).
                            if let InstrKind::Intrinsic(x) = &mut f.instrs[id].kind {
                                x.set_index(IndexKind::WriteMask, i64::from(kept));
                            }
                            progress = true;
                        }
                    }
                    InstrKind::Alu(a) if a.op == AluOp::Bcsel && a.srcs.len() == 3 => {
                        let keep = if is_undef(f, a.srcs[1].value) {
                            2
                        } else if is_undef(f, a.srcs[2].value) {
                            1
                        } else {
                            continue;
                        };
                        let src = a.srcs[keep];
                        if let InstrKind::Alu(a) = &mut f.instrs[id].kind {
                            a.op = AluOp::Mov;
                            a.srcs.clear();
                            a.srcs.push(src);
                        }
                        progress = true;
                    }
                    _ => {}
                }
            }
            if progress {
                f.rebuild_uses();
            }
            progress |= unwritten_locals(f, vars);
            progress |= terminated_phi_sources(f);
            progress |= phis_of_one_value(f);
            any | progress
        })
    }
}

/// Loads from a local variable with no initializer that nothing writes (no store, no copy
/// into it, no other access through it) read an undefined value: they become `undef`s.
fn unwritten_locals(
    f: &mut Function,
    vars: &fresnel_ir::EntityVec<fresnel_ir::VarId, fresnel_ir::Variable>,
) -> bool {
    let candidates: rustc_hash::FxHashSet<fresnel_ir::VarId> = f
        .locals
        .iter()
        .copied()
        .filter(|&v| vars[v].init.is_none())
        // (Issue 5, helper K) `in`/`inout` parameters are written by the call (a function
        // only named by vendor operations, a decode function, has no call to see).
        .filter(|&v| {
            !f.params.iter().any(|p| {
                p.var == v
                    && matches!(
                        p.dir,
                        fresnel_ir::ParamDir::In | fresnel_ir::ParamDir::InOut
                    )
            })
        })
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let mut written = rustc_hash::FxHashSet::default();
    let mut loads = Vec::new();
    for id in f.instrs_in_order() {
        let InstrKind::Intrinsic(x) = &f.instrs[id].kind else {
            continue;
        };
        for (k, &s) in x.srcs.iter().enumerate() {
            if !matches!(f.instrs[f.values[s].def].kind, InstrKind::Deref(_)) {
                continue;
            }
            let Some(root) = f.deref_root_var(s).filter(|r| candidates.contains(r)) else {
                continue;
            };
            match (x.op, k) {
                (Intrinsic::LoadDeref, 0) => loads.push((id, root)),
                (Intrinsic::CopyDeref, 1) => {}
                _ => {
                    written.insert(root);
                }
            }
        }
    }
    let mut progress = false;
    for (id, root) in loads {
        if written.contains(&root) {
            continue;
        }
        let InstrKind::Intrinsic(x) = &f.instrs[id].kind else {
            continue;
        };
        let Some(dest) = x.dest else { continue };
        let shape = (f.values[dest].bit_size, f.values[dest].num_components);
        let block = f.instrs[id].block;
        let at = f.blocks[block]
            .instrs
            .iter()
            .position(|&i| i == id)
            .unwrap_or(0);
        let u = f.new_instr(block, &[shape], |d| InstrKind::Undef { dest: d[0] });
        f.insert_instr(block, at, u);
        let uv = f.instrs[u].kind.dests()[0];
        f.replace_all_uses(dest, uv);
        f.remove_instr(id);
        progress = true;
    }
    progress
}

/// Whether block `b` ends the invocation: it holds a `terminate`.
fn terminates(f: &Function, b: fresnel_ir::BlockId) -> bool {
    f.blocks[b].instrs.iter().any(
        |&x| matches!(&f.instrs[x].kind, InstrKind::Intrinsic(t) if t.op == Intrinsic::Terminate),
    )
}

/// Phi sources from blocks that end the invocation become `undef`s (one per shape, at the
/// start of the function).
fn terminated_phi_sources(f: &mut Function) -> bool {
    let mut edits: Vec<(fresnel_ir::InstrId, usize, (u8, u8))> = Vec::new();
    for id in f.instrs_in_order() {
        let InstrKind::Phi { dest, srcs } = &f.instrs[id].kind else {
            continue;
        };
        let shape = (f.values[*dest].bit_size, f.values[*dest].num_components);
        for (k, &(pred, v)) in srcs.iter().enumerate() {
            if !is_undef(f, v) && terminates(f, pred) {
                edits.push((id, k, shape));
            }
        }
    }
    if edits.is_empty() {
        return false;
    }
    let start = f.start_block();
    let mut undefs: rustc_hash::FxHashMap<(u8, u8), ValueId> = Default::default();
    for (id, k, shape) in edits {
        let u = *undefs.entry(shape).or_insert_with(|| {
            let x = f.new_instr(start, &[shape], |d| InstrKind::Undef { dest: d[0] });
            f.insert_instr(start, 0, x);
            f.instrs[x].kind.dests()[0]
        });
        if let InstrKind::Phi { srcs, .. } = &mut f.instrs[id].kind {
            srcs[k].1 = u;
        }
    }
    f.rebuild_uses();
    true
}

/// Phis whose sources are one value and `undef`s read that value instead, when its block
/// dominates theirs.
fn phis_of_one_value(f: &mut Function) -> bool {
    let mut found: Vec<(ValueId, ValueId)> = Vec::new();
    let mut dom = None;
    for id in f.instrs_in_order() {
        let InstrKind::Phi { dest, srcs } = &f.instrs[id].kind else {
            continue;
        };
        if f.values[*dest].uses.is_empty() {
            continue;
        }
        let mut defined = srcs
            .iter()
            .map(|(_, v)| *v)
            .filter(|&v| v != *dest && !is_undef(f, v));
        let Some(first) = defined.next() else {
            continue;
        };
        if defined.any(|v| v != first) || srcs.iter().all(|(_, v)| *v == first) {
            // Several values, or none undefined (copy propagation's case).
            continue;
        }
        let dom = dom.get_or_insert_with(|| fresnel_ir::analysis::DomTree::compute(f));
        let (def_block, phi_block) = (f.instrs[f.values[first].def].block, f.instrs[id].block);
        if def_block != phi_block && dom.dominates(def_block, phi_block) {
            found.push((*dest, first));
        }
    }
    for &(dest, v) in &found {
        if f.flags(dest).non_uniform {
            f.mark_non_uniform(v);
        }
        f.replace_all_uses(dest, v);
    }
    !found.is_empty()
}

fn is_undef(f: &Function, v: ValueId) -> bool {
    matches!(f.instrs[f.values[v].def].kind, InstrKind::Undef { .. })
}

/// The components of `v` known to be undefined, as a mask.
fn undef_components(f: &Function, v: ValueId) -> u32 {
    let n = f.values[v].num_components;
    if is_undef(f, v) {
        return (1u32 << n) - 1;
    }
    let InstrKind::Alu(a) = &f.instrs[f.values[v].def].kind else {
        return 0;
    };
    if !matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) {
        return 0;
    }
    a.srcs
        .iter()
        .enumerate()
        .filter(|(_, s)| is_undef(f, s.value))
        .fold(0, |m, (i, _)| m | 1 << i)
}
