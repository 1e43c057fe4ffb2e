//! opt_vectorize: scalar work on the components of one vector done as vector work, after
//! the store half of `nir_opt_load_store_vectorize` and the tree matching of
//! `nir_opt_vectorize` (SLP).
//!
//! * **Stores.** Stores of every component of one vector in memory, one component each
//!   (`v[0] = a; v[1] = b; v[2] = c;`, what an unrolled loop over a matrix column or
//!   `lower_vec_access_to_component` leaves), in one block with nothing between the first
//!   and the last that may read or write the variable (storage buffers: any buffer) or
//!   order them against anything else (calls, barriers, discard, emits, other
//!   intrinsics), become one store of `vecN(a, b, c)` with a full write mask at the last of
//!   them. Each component is still written exactly once with the same value; no other
//!   invocation can tell the difference, since unsynchronized writes are unordered anyway.
//! * **Vectors of per-component results.** `vecN(op(a0, b0), op(a1, b1), ...)` whose
//!   components are each the only use of a one-component result of the same per-component
//!   opcode (same bit size, same `exact`, no value flags) becomes `op(A, B)`, where each
//!   operand `A` is, recursively, the lanes' operands as one vector: components of one
//!   value (a swizzle), constants (a constant vector) or again results of one opcode.
//!   Per-component opcodes compute each component from the same components of their
//!   sources only, so every lane gets the same value; the scalar instructions become dead.
//!
//! Both only remove instructions (n stores become a `vecN` and a store, n scalar operations
//! one vector operation), so the pass loop reaches a fixed point.

use fresnel_ir::{
    access, AluOp, AluSrc, BaseType, Builder, Function, IndexKind, InstrId, InstrKind, Intrinsic,
    Shader, Type, Types, ValueId, VarMode,
};
use rustc_hash::FxHashMap;

use crate::{for_each_function, Pass};

pub struct Vectorize;

impl Pass for Vectorize {
    fn name(&self) -> &'static str {
        "opt_vectorize"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        {
            let Shader {
                functions,
                types,
                vars,
                ..
            } = &mut *shader;
            for (_, f) in functions.iter_mut() {
                let volatile = |f: &Function, d: ValueId| {
                    f.deref_root_var(d)
                        .is_none_or(|r| vars[r].access & access::VOLATILE != 0)
                };
                progress |= combine_stores(f, types, &volatile);
            }
        }
        progress |= for_each_function(shader, vectorize_alu);
        progress
    }
}

/// A scalar store to a component of a vector in memory.
struct CompStore {
    pos: usize,
    instr: InstrId,
    comp: u8,
    value: ValueId,
}

/// The vector deref and component a scalar store writes, when the parent is a non-boolean
/// vector of 2 to 4 components: (parent, component, components).
fn component_of(f: &Function, types: &Types, deref: ValueId) -> Option<(ValueId, u8, u8)> {
    let InstrKind::Deref(d) = &f.def(deref).kind else {
        return None;
    };
    let fresnel_ir::DerefKind::Array { parent, index } = d.kind else {
        return None;
    };
    let InstrKind::LoadConst { values, .. } = &f.def(index).kind else {
        return None;
    };
    let InstrKind::Deref(p) = &f.def(parent).kind else {
        return None;
    };
    // Buffer references: a vector access may need more alignment than the components'.
    if p.mode == VarMode::PhysicalStorageBuffer {
        return None;
    }
    let Type::Vector {
        base, components, ..
    } = types.get(p.ty)
    else {
        return None;
    };
    if *base == BaseType::Bool || *components < 2 {
        return None;
    }
    let c = u8::try_from(*values.first()?).ok()?;
    (c < *components).then_some((parent, c, *components))
}

/// Combines the component stores of each block (see the module documentation).
fn combine_stores(
    f: &mut Function,
    types: &mut Types,
    volatile: &dyn Fn(&Function, ValueId) -> bool,
) -> bool {
    let mut progress = false;
    let blocks: Vec<_> = f.blocks.iter().map(|(b, _)| b).collect();
    for b in blocks {
        let instrs = f.blocks[b].instrs.clone();
        let mut by_parent: FxHashMap<ValueId, Vec<CompStore>> = FxHashMap::default();
        let mut order: Vec<ValueId> = Vec::new();
        for (pos, &i) in instrs.iter().enumerate() {
            let InstrKind::Intrinsic(x) = &f.instrs[i].kind else {
                continue;
            };
            if x.op != Intrinsic::StoreDeref {
                continue;
            }
            let (deref, value) = (x.srcs[0], x.srcs[1]);
            if f.values[value].num_components != 1
                || x.index(IndexKind::WriteMask).unwrap_or(1) & 1 == 0
            {
                continue;
            }
            let Some((parent, comp, _)) = component_of(f, types, deref) else {
                continue;
            };
            if volatile(f, parent) {
                continue;
            }
            if !by_parent.contains_key(&parent) {
                order.push(parent);
            }
            by_parent.entry(parent).or_default().push(CompStore {
                pos,
                instr: i,
                comp,
                value,
            });
        }
        // Groups: runs in which no component repeats, naming every component once.
        let mut groups: Vec<(ValueId, Vec<CompStore>)> = Vec::new();
        for parent in order {
            let Some(stores) = by_parent.remove(&parent) else {
                continue;
            };
            let Some((_, _, n)) = component_of(f, types, f.instrs[stores[0].instr].kind.srcs()[0])
            else {
                continue;
            };
            let mut run: Vec<CompStore> = Vec::new();
            let flush = |run: &mut Vec<CompStore>, groups: &mut Vec<(ValueId, Vec<CompStore>)>| {
                if run.len() == usize::from(n) {
                    groups.push((parent, std::mem::take(run)));
                } else {
                    run.clear();
                }
            };
            for s in stores {
                if run.iter().any(|r| r.comp == s.comp) {
                    flush(&mut run, &mut groups);
                }
                run.push(s);
            }
            flush(&mut run, &mut groups);
        }
        for (parent, mut run) in groups {
            let first = run.iter().map(|s| s.pos).min().unwrap_or(0);
            let last = run.iter().map(|s| s.pos).max().unwrap_or(0);
            if !window_clear(f, &instrs[first..=last], parent, &run) {
                continue;
            }
            // Every value must be the stored component's bit size (it is: one vector).
            let bits = f.values[run[0].value].bit_size;
            if run.iter().any(|s| f.values[s.value].bit_size != bits) {
                continue;
            }
            run.sort_by_key(|s| s.comp);
            let at = instrs[last];
            let values: Vec<ValueId> = run.iter().map(|s| s.value).collect();
            let mut bd = Builder::before(f, types, at);
            let v = bd.vec(&values);
            bd.store_deref(parent, v, (1u32 << values.len()) - 1);
            for s in &run {
                f.remove_instr(s.instr);
            }
            progress = true;
        }
    }
    progress
}

/// Whether the instructions `window` (which hold the group's stores) let the stores move
/// to the last of them: nothing else may read or write the variable (any storage buffer
/// for a buffer), and nothing may order memory or end the invocation.
fn window_clear(f: &Function, window: &[InstrId], parent: ValueId, run: &[CompStore]) -> bool {
    let touches = |v: ValueId| f.may_alias(parent, v);
    for &i in window {
        if run.iter().any(|s| s.instr == i) {
            continue;
        }
        match &f.instrs[i].kind {
            InstrKind::Alu(_)
            | InstrKind::LoadConst { .. }
            | InstrKind::Undef { .. }
            | InstrKind::Deref(_) => {}
            InstrKind::Intrinsic(x) => match x.op {
                Intrinsic::LoadDeref | Intrinsic::StoreDeref => {
                    if touches(x.srcs[0]) {
                        return false;
                    }
                }
                _ => return false,
            },
            _ => return false,
        }
    }
    true
}

/// The most nested levels one vectorized tree may have.
const MAX_DEPTH: u32 = 8;

/// How the lanes of one operand become a vector.
enum Plan {
    /// Components of one value (a swizzle).
    Same(ValueId, [u8; 4]),
    /// Constants: the per-lane bit patterns.
    Const(u8, Vec<u64>),
    /// One per-component operation on vectorized operands.
    Op {
        op: AluOp,
        bits: u8,
        exact: bool,
        srcs: Vec<Plan>,
    },
}

/// Whether `op` computes each result component from the same component of each source.
fn per_component(op: AluOp) -> bool {
    let info = op.info();
    info.dest_size == 0
        && !info.cross_invocation
        && info.src_size[..usize::from(info.num_srcs)]
            .iter()
            .all(|&s| s == 0)
        && op.matrix_op().is_none()
}

/// The plan for lanes `(value, component)`, or `None` when they do not vectorize.
fn plan(f: &Function, lanes: &[(ValueId, u8)], depth: u32) -> Option<Plan> {
    let v0 = lanes[0].0;
    if lanes.iter().all(|(v, _)| *v == v0) {
        let mut swz = [0u8; 4];
        for (k, (_, c)) in lanes.iter().enumerate() {
            swz[k] = *c;
        }
        for k in lanes.len()..4 {
            swz[k] = swz[lanes.len() - 1];
        }
        return Some(Plan::Same(v0, swz));
    }
    let bits = f.values[v0].bit_size;
    if lanes.iter().all(|(v, _)| f.values[*v].bit_size == bits) {
        let consts: Option<Vec<u64>> = lanes
            .iter()
            .map(|(v, c)| match &f.def(*v).kind {
                InstrKind::LoadConst { values, .. } => values.get(usize::from(*c)).copied(),
                _ => None,
            })
            .collect();
        if let Some(c) = consts {
            return Some(Plan::Const(bits, c));
        }
    }
    if depth >= MAX_DEPTH {
        return None;
    }
    // Results of one per-component opcode, each read only here (once).
    let alu = |v: ValueId| match &f.def(v).kind {
        InstrKind::Alu(a) => Some(a),
        _ => None,
    };
    let a0 = alu(v0)?;
    if !per_component(a0.op) {
        return None;
    }
    let block = f.def(v0).block;
    for (v, _) in lanes {
        let a = alu(*v)?;
        // In one block: the vector operation is written where the lanes were read.
        if f.def(*v).block != block {
            return None;
        }
        if a.op != a0.op
            || a.exact != a0.exact
            || a.srcs.len() != a0.srcs.len()
            || f.values[*v].num_components != 1
            || f.values[*v].bit_size != bits
            || !f.flags(*v).is_empty()
            || f.values[*v].uses.len() != 1
        {
            return None;
        }
        // Sources of one bit size per operand.
        for (s, s0) in a.srcs.iter().zip(&a0.srcs) {
            if f.values[s.value].bit_size != f.values[s0.value].bit_size {
                return None;
            }
        }
    }
    let mut srcs = Vec::with_capacity(a0.srcs.len());
    for k in 0..a0.srcs.len() {
        let sub: Option<Vec<(ValueId, u8)>> = lanes
            .iter()
            .map(|(v, _)| {
                let s = alu(*v)?.srcs.get(k)?;
                Some((s.value, s.swizzle[0]))
            })
            .collect();
        let sub = sub?;
        srcs.push(plan(f, &sub, depth + 1)?);
    }
    Some(Plan::Op {
        op: a0.op,
        bits,
        exact: a0.exact,
        srcs,
    })
}

/// Writes a plan before the builder's position: the source that reads it.
fn build(b: &mut Builder, p: &Plan, n: u8) -> AluSrc {
    match p {
        Plan::Same(v, swz) => AluSrc {
            value: *v,
            swizzle: *swz,
        },
        Plan::Const(bits, c) => AluSrc::new(b.constant(*bits, c)),
        Plan::Op {
            op,
            bits,
            exact,
            srcs,
        } => {
            let s: Vec<AluSrc> = srcs.iter().map(|x| build(b, x, n)).collect();
            AluSrc::new(b.alu_full(*op, *bits, n, &s, *exact))
        }
    }
}

/// Vectorizes the `vecN`s of one function (see the module documentation).
fn vectorize_alu(f: &mut Function, types: &mut Types) -> bool {
    let mut progress = false;
    for id in f.instrs_in_order() {
        if f.instrs[id].removed {
            continue;
        }
        let InstrKind::Alu(a) = &f.instrs[id].kind else {
            continue;
        };
        if !matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4) || a.exact {
            continue;
        }
        let dest = a.dest;
        if !f.flags(dest).is_empty() {
            continue;
        }
        let n = f.values[dest].num_components;
        let lanes: Vec<(ValueId, u8)> = a
            .srcs
            .iter()
            .take(usize::from(n))
            .map(|s| (s.value, s.swizzle[0]))
            .collect();
        if lanes.len() != usize::from(n) {
            continue;
        }
        let Some(p @ Plan::Op { .. }) = plan(f, &lanes, 0) else {
            continue;
        };
        // The lanes computed in the block of the `vecN` (not moved into a loop).
        if f.def(lanes[0].0).block != f.instrs[id].block {
            continue;
        }
        let mut b = Builder::before(f, types, id);
        let src = build(&mut b, &p, n);
        f.replace_all_uses(dest, src.value);
        f.remove_instr(id);
        // The scalar lanes are dead now: removed with their dead operands by `opt_dce`.
        progress = true;
    }
    progress
}
