//! lower_atomic_counters: atomic counters become `uint` members of storage buffers, and
//! the counter operations atomic operations on them (glslang's relaxed Vulkan mode, which
//! Vulkan needs: it has no atomic counters).
//!
//! The counters of one binding go into one buffer block, `gl_AtomicCounterBlock_<binding>`
//! (glslang numbers its blocks in order of appearance; the binding keeps the name the same
//! in every stage), each at its `offset`, with a descriptor binding of its own assigned
//! later like any other buffer's (the counter binding is a number of the atomic counter
//! buffer space, not a descriptor). `atomic_counter_read` becomes an atomic load,
//! `atomic_counter_op` a `deref_atomic` (increment: add 1, returning the old value;
//! decrement: add -1, then -1 on the old value, since `atomicCounterDecrement` returns the
//! new one), `atomic_counter_op_swap` a `deref_atomic_swap` (same operand order).

use fresnel_ir::{
    AluOp, AtomicOp, BaseType, BlockPacking, Builder, DerefKind, FuncId, IndexKind, InstrKind,
    Intrinsic, Shader, Type, TypeId, ValueId, VarId, VarMode, Variable,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::LinkError;

/// The type of a counter (or array of counters) as `uint`s: (type, size in bytes).
fn as_uint(sh: &mut Shader, ty: TypeId, depth: u32) -> Result<(TypeId, u32), LinkError> {
    if depth > 64 {
        return Err(LinkError::new("an atomic counter's type nests too deeply"));
    }
    match sh.types.get(ty).clone() {
        Type::AtomicCounter => {
            let u = sh.types.intern(Type::Vector {
                base: BaseType::Uint,
                bits: 32,
                components: 1,
            });
            Ok((u, 4))
        }
        Type::Array { elem, len, .. } => {
            let (e, size) = as_uint(sh, elem, depth + 1)?;
            let t = sh.types.intern(Type::Array {
                elem: e,
                len,
                stride: size,
            });
            Ok((t, size.saturating_mul(len)))
        }
        _ => Err(LinkError::new("an atomic counter of an unexpected type")),
    }
}

/// A counter in its block: (offset, name, `uint` type, the counter variable).
type Member = (u32, String, TypeId, VarId);

fn is_counter(sh: &Shader, v: &Variable) -> bool {
    if v.mode != VarMode::Uniform {
        return false;
    }
    let mut t = v.ty;
    while let Type::Array { elem, .. } = sh.types.get(t) {
        t = *elem;
    }
    matches!(sh.types.get(t), Type::AtomicCounter)
}

/// Moves the atomic counters of `sh` into storage buffers.
pub fn lower_atomic_counters(sh: &mut Shader) -> Result<(), LinkError> {
    let counters: Vec<VarId> = sh
        .vars
        .iter()
        .filter(|(_, v)| is_counter(sh, v))
        .map(|(id, _)| id)
        .collect();
    if counters.is_empty() {
        return Ok(());
    }
    // By binding: (offset, name, uint type, var).
    let mut by_binding: Vec<(u32, Vec<Member>)> = Vec::new();
    for &id in &counters {
        let (name, ty, binding, offset) = {
            let v = &sh.vars[id];
            (v.name.clone(), v.ty, v.binding.unwrap_or(0), v.offset)
        };
        let (uty, _) = as_uint(sh, ty, 0)?;
        let i = match by_binding.iter().position(|(b, _)| *b == binding) {
            Some(i) => i,
            None => {
                by_binding.push((binding, Vec::new()));
                by_binding.len() - 1
            }
        };
        let members = &mut by_binding[i].1;
        // Without an offset: after the counters before it.
        let at =
            offset.unwrap_or_else(|| members.iter().map(|m: &Member| m.0 + 4).max().unwrap_or(0));
        members.push((at, name, uty, id));
    }
    by_binding.sort_by_key(|(b, _)| *b);
    // The blocks, and where each counter went: (block var, block type, field).
    let mut moved: FxHashMap<VarId, (VarId, TypeId, u32)> = FxHashMap::default();
    for (binding, mut members) in by_binding {
        members.sort_by_key(|m| m.0);
        let name = format!("gl_AtomicCounterBlock_{binding}");
        let fields = members
            .iter()
            .map(|(off, n, t, _)| fresnel_ir::Field {
                name: n.clone(),
                ty: *t,
                offset: Some(*off),
                row_major: false,
                matrix_stride: None,
            })
            .collect();
        let block_ty = sh.types.intern(Type::Struct {
            name: name.clone(),
            fields,
            block: true,
        });
        let set = sh.vars[members[0].3].set;
        let mut var = Variable::new(name, block_ty, VarMode::Ssbo);
        var.set = set;
        var.packing = Some(BlockPacking::Std430);
        let block_var = sh.add_var(var);
        for (k, m) in members.iter().enumerate() {
            moved.insert(m.3, (block_var, block_ty, k as u32));
        }
    }
    let funcs: Vec<FuncId> = sh.functions.keys().collect();
    for fid in funcs {
        rewrite_function(sh, fid, &moved)?;
    }
    sh.retain_vars(|id, _| !moved.contains_key(&id));
    Ok(())
}

fn rewrite_function(
    sh: &mut Shader,
    fid: FuncId,
    moved: &FxHashMap<VarId, (VarId, TypeId, u32)>,
) -> Result<(), LinkError> {
    let order = sh.functions[fid].instrs_in_order();
    let mut into_buffer: FxHashSet<ValueId> = FxHashSet::default();
    let mut ops = Vec::new();
    for id in order {
        let (dest, kind, old_ty) = match &sh.functions[fid].instrs[id].kind {
            InstrKind::Deref(d) => (d.dest, d.kind, d.ty),
            InstrKind::Intrinsic(x)
                if matches!(
                    x.op,
                    Intrinsic::AtomicCounterRead
                        | Intrinsic::AtomicCounterOp
                        | Intrinsic::AtomicCounterOpSwap
                ) =>
            {
                ops.push(id);
                continue;
            }
            _ => continue,
        };
        let root = match kind {
            DerefKind::Var(v) => match moved.get(&v) {
                Some(&r) => Some(r),
                None => continue,
            },
            DerefKind::Array { parent, .. } => {
                if !into_buffer.contains(&parent) {
                    continue;
                }
                None
            }
            DerefKind::Struct { parent, .. } | DerefKind::Cast { parent } => {
                if into_buffer.contains(&parent) {
                    return Err(LinkError::new("an atomic counter used as a structure"));
                }
                continue;
            }
        };
        let (new_ty, _) = as_uint(sh, old_ty, 0)?;
        if let Some((block_var, block_ty, field)) = root {
            let f = &mut sh.functions[fid];
            let mut b = Builder::before(f, &mut sh.types, id);
            let parent = b.deref_var(block_var, block_ty, VarMode::Ssbo);
            if let InstrKind::Deref(d) = &mut sh.functions[fid].instrs[id].kind {
                d.kind = DerefKind::Struct { parent, field };
            }
        }
        if let InstrKind::Deref(d) = &mut sh.functions[fid].instrs[id].kind {
            d.ty = new_ty;
            d.mode = VarMode::Ssbo;
        }
        into_buffer.insert(dest);
    }
    sh.functions[fid].rebuild_uses();
    for id in ops {
        let InstrKind::Intrinsic(x) = sh.functions[fid].instrs[id].kind.clone() else {
            continue;
        };
        if !x.srcs.first().is_some_and(|s| into_buffer.contains(s)) {
            continue;
        }
        let aop = x.index(IndexKind::Atomic).and_then(AtomicOp::from_index);
        let f = &mut sh.functions[fid];
        let mut b = Builder::before(f, &mut sh.types, id);
        let c = x.srcs[0];
        let atomic = |op: AtomicOp| [(IndexKind::Atomic, op.index())];
        let new = match (x.op, aop) {
            (Intrinsic::AtomicCounterRead, _) => {
                let zero = b.imm_u32(0);
                b.intrinsic(
                    Intrinsic::DerefAtomic,
                    &[c, zero],
                    1,
                    32,
                    &atomic(AtomicOp::Load),
                )
            }
            (Intrinsic::AtomicCounterOpSwap, _) => b.intrinsic(
                Intrinsic::DerefAtomicSwap,
                &[c, x.srcs[1], x.srcs[2]],
                1,
                32,
                &atomic(AtomicOp::CmpXchg),
            ),
            (_, Some(AtomicOp::Inc)) => {
                let one = b.imm_u32(1);
                b.intrinsic(
                    Intrinsic::DerefAtomic,
                    &[c, one],
                    1,
                    32,
                    &atomic(AtomicOp::Iadd),
                )
            }
            (_, Some(AtomicOp::Dec)) => {
                let minus_one = b.imm_u32(u32::MAX);
                let old = b.intrinsic(
                    Intrinsic::DerefAtomic,
                    &[c, minus_one],
                    1,
                    32,
                    &atomic(AtomicOp::Iadd),
                );
                old.map(|o| b.alu(AluOp::Iadd, &[o, minus_one]))
            }
            (_, Some(op)) => {
                b.intrinsic(Intrinsic::DerefAtomic, &[c, x.srcs[1]], 1, 32, &atomic(op))
            }
            (_, None) => return Err(LinkError::new("an atomic counter operation without its op")),
        };
        let f = &mut sh.functions[fid];
        if let (Some(old), Some(new)) = (x.dest, new) {
            f.replace_all_uses(old, new);
        }
        f.remove_instr(id);
    }
    Ok(())
}
