//! Small helpers the passes share.

use fresnel_ir::{Alu, AluOp, Function, InstrId, InstrKind, TypeClass, ValueId};
use smallvec::SmallVec;

/// The constant components of a value defined by `load_const`.
pub fn const_of(f: &Function, v: ValueId) -> Option<&[u64]> {
    match &f.def(v).kind {
        InstrKind::LoadConst { values, .. } => Some(values),
        _ => None,
    }
}

/// Components source `k` of an ALU operation reads (its fixed size, or the result's).
pub fn reads(op: AluOp, k: usize, dest_components: u8) -> usize {
    let s = op.info().src_size[k];
    usize::from(if s != 0 { s } else { dest_components })
}

/// The bit size an ALU operation computes in: its first non-boolean source's, else the
/// result's (as the interpreter decides).
pub fn source_bits(f: &Function, a: &Alu) -> u8 {
    let info = a.op.info();
    for (k, s) in a.srcs.iter().enumerate() {
        if info.src_class[k] != TypeClass::Bool {
            return f.values[s.value].bit_size;
        }
    }
    f.values[a.dest].bit_size
}

/// The constant operands of an ALU instruction as it reads them (after the swizzles), if
/// every source is a constant.
pub fn const_operands(f: &Function, a: &Alu) -> Option<[[u64; 4]; 4]> {
    let dn = f.values[a.dest].num_components;
    let mut out = [[0u64; 4]; 4];
    for (k, s) in a.srcs.iter().enumerate() {
        let vals = const_of(f, s.value)?;
        let n = reads(a.op, k, dn).min(4);
        for (slot, &sw) in out[k].iter_mut().zip(&s.swizzle).take(n) {
            *slot = *vals.get(usize::from(sw))?;
        }
    }
    Some(out)
}

/// Turns instruction `id` (with one result) into a `load_const` of `values` in place.
/// Use lists must be rebuilt afterwards (`Function::rebuild_uses`).
pub fn make_const(f: &mut Function, id: InstrId, values: &[u64]) {
    let dest = f.instrs[id].kind.dests()[0];
    f.instrs[id].kind = InstrKind::LoadConst {
        dest,
        values: values.iter().copied().collect::<SmallVec<[u64; 4]>>(),
    };
}

/// Removes a set of instructions whose results only they use (their blocks lose them,
/// their sources stop counting as uses).
pub fn remove_all(f: &mut Function, dead: &[InstrId]) {
    if dead.is_empty() {
        return;
    }
    let mut by_block: rustc_hash::FxHashMap<fresnel_ir::BlockId, Vec<InstrId>> =
        rustc_hash::FxHashMap::default();
    for &id in dead {
        f.instrs[id].removed = true;
        by_block.entry(f.instrs[id].block).or_default().push(id);
    }
    for (b, ids) in by_block {
        f.blocks[b].instrs.retain(|i| !ids.contains(i));
    }
    f.rebuild_uses();
}

/// Instructions that may be removed when nothing reads their results.
pub fn removable(kind: &InstrKind) -> bool {
    match kind {
        InstrKind::Alu(_)
        | InstrKind::LoadConst { .. }
        | InstrKind::Undef { .. }
        | InstrKind::Deref(_)
        | InstrKind::Phi { .. }
        | InstrKind::Tex(_) => true,
        InstrKind::Intrinsic(x) => x.dest.is_some() && x.op.can_eliminate(),
        _ => false,
    }
}

/// Renames the predecessor blocks named by the phis of `blocks` (phis stand at block
/// starts), after a pass merged or moved blocks.
pub fn rename_phi_preds(
    f: &mut Function,
    blocks: &[fresnel_ir::BlockId],
    rename: impl Fn(fresnel_ir::BlockId) -> fresnel_ir::BlockId,
) {
    for &b in blocks {
        let n = f.blocks[b]
            .instrs
            .iter()
            .take_while(|&&x| matches!(f.instrs[x].kind, InstrKind::Phi { .. }))
            .count();
        for k in 0..n {
            let x = f.blocks[b].instrs[k];
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[x].kind {
                for (p, _) in srcs.iter_mut() {
                    *p = rename(*p);
                }
            }
        }
    }
}

/// Replaces every ALU instruction of `op` that is not `exact` by what `build` makes from
/// its sources (built just before it; `bits` and `n` are the result's shape); true when any
/// was replaced. The lowerings that turn one operation into a sequence share this.
pub fn replace_alu(
    shader: &mut fresnel_ir::Shader,
    op: AluOp,
    build: impl Fn(&mut fresnel_ir::Builder<'_>, &[fresnel_ir::AluSrc], u8, u8) -> ValueId,
) -> bool {
    crate::for_each_function(shader, |f, types| {
        let mut progress = false;
        for id in f.instrs_in_order() {
            let InstrKind::Alu(a) = &f.instrs[id].kind else {
                continue;
            };
            if a.op != op || a.exact {
                continue;
            }
            let (dest, srcs) = (a.dest, a.srcs.clone());
            let (bits, n) = (f.values[dest].bit_size, f.values[dest].num_components);
            let mut b = fresnel_ir::Builder::before(f, types, id);
            let new = build(&mut b, &srcs, bits, n);
            f.replace_all_uses(dest, new);
            f.remove_instr(id);
            progress = true;
        }
        progress
    })
}
