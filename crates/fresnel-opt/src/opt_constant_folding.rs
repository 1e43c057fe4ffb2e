//! opt_constant_folding: ALU operations on constants become constants, and loads from
//! read-only constant variables at constant indices become the constants they read.
//!
//! Folding evaluates with the interpreter's own ALU evaluator
//! ([`fresnel_interp::eval_alu`]), so a folded result is bit for bit what execution would
//! compute: GLSL's rules (and the documented choices where GLSL leaves freedom) are the
//! same before and after. Derivatives are never folded. An operation the evaluator refuses
//! is left alone.
//!
//! A `global` variable with an initializer that no instruction writes (no store, copy or
//! atomic through any deref of it) is a constant: `load_deref` of it with constant array
//! indices reads the initializer.

use fresnel_ir::{
    Constant, DerefKind, Function, InstrId, InstrKind, Intrinsic, Shader, Type, TypeId, Types,
    ValueId, VarId, VarMode,
};
use rustc_hash::FxHashSet;

use crate::util::{const_of, const_operands, make_const, source_bits};
use crate::Pass;

pub struct ConstantFolding;

impl Pass for ConstantFolding {
    fn name(&self) -> &'static str {
        "opt_constant_folding"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let consts = constant_vars(shader);
        let Shader {
            functions,
            types,
            vars,
            ..
        } = shader;
        let mut progress = false;
        for (_, f) in functions.iter_mut() {
            let init_of = |v: VarId| consts.contains(&v).then(|| vars[v].init.as_ref()).flatten();
            progress |= fold_function(f, types, &init_of);
        }
        progress
    }
}

/// Global variables with an initializer whose derefs are only ever loaded from.
pub fn constant_vars(shader: &Shader) -> FxHashSet<VarId> {
    let mut cands: FxHashSet<VarId> = shader
        .vars
        .iter()
        .filter(|(_, v)| v.mode == VarMode::Global && v.init.is_some())
        .map(|(id, _)| id)
        .collect();
    for (_, f) in shader.functions.iter() {
        for id in f.instrs_in_order() {
            let InstrKind::Deref(d) = &f.instrs[id].kind else {
                continue;
            };
            // Every use of a deref of a candidate must be a load or a further deref.
            let Some(root) = f.deref_root_var(d.dest) else {
                continue;
            };
            if !cands.contains(&root) {
                continue;
            }
            let only_read = f.values[d.dest].uses.iter().all(|u| match u {
                fresnel_ir::Use::Instr { instr, src } => match &f.instrs[*instr].kind {
                    InstrKind::Intrinsic(x) => x.op == Intrinsic::LoadDeref,
                    InstrKind::Deref(c) => {
                        // As the parent of a further deref, not as an array index.
                        matches!(c.kind, DerefKind::Array { .. } | DerefKind::Struct { .. })
                            && *src == 0
                    }
                    _ => false,
                },
                fresnel_ir::Use::IfCond(_) => false,
            });
            if !only_read {
                cands.remove(&root);
            }
        }
    }
    cands
}

/// The constant a deref chain reaches, if every index is constant.
fn chain_constant<'c>(
    f: &Function,
    types: &Types,
    d: ValueId,
    init_of: &dyn Fn(VarId) -> Option<&'c Constant>,
    depth: u32,
) -> Option<(&'c Constant, TypeId)> {
    if depth > 256 {
        return None;
    }
    let InstrKind::Deref(x) = &f.def(d).kind else {
        return None;
    };
    match x.kind {
        DerefKind::Var(v) => init_of(v).map(|c| (c, x.ty)),
        DerefKind::Array { parent, index } => {
            let (c, pty) = chain_constant(f, types, parent, init_of, depth + 1)?;
            let i = *const_of(f, index)?.first()? as usize;
            match (c, types.get(pty)) {
                (Constant::Composite(elems), Type::Array { .. } | Type::Matrix { .. }) => {
                    Some((elems.get(i)?, x.ty))
                }
                (Constant::Vector(_), _) => None,
                _ => None,
            }
        }
        DerefKind::Struct { parent, field } => {
            let (c, _) = chain_constant(f, types, parent, init_of, depth + 1)?;
            match c {
                Constant::Composite(ms) => Some((ms.get(field as usize)?, x.ty)),
                Constant::Vector(_) => None,
            }
        }
        DerefKind::Cast { .. } => None,
    }
}

fn fold_function<'c>(
    f: &mut Function,
    types: &Types,
    init_of: &dyn Fn(VarId) -> Option<&'c Constant>,
) -> bool {
    let mut progress = false;
    let order: Vec<InstrId> = f.instrs_in_order();
    // `vextractN(v, k)` with a constant `k` is the component itself (`v.k`; component 0 out
    // of range, as evaluation gives).
    let mut picked = false;
    for &id in &order {
        let InstrKind::Alu(a) = &f.instrs[id].kind else {
            continue;
        };
        let n = match a.op {
            fresnel_ir::AluOp::Vextract2 => 2,
            fresnel_ir::AluOp::Vextract3 => 3,
            fresnel_ir::AluOp::Vextract4 => 4,
            _ => continue,
        };
        let Some(&k) =
            const_of(f, a.srcs[1].value).and_then(|c| c.get(usize::from(a.srcs[1].swizzle[0])))
        else {
            continue;
        };
        let k = (k & 0xffff_ffff) as usize;
        let c = a.srcs[0].swizzle[if k < n { k } else { 0 }];
        let src = fresnel_ir::AluSrc::swizzled(a.srcs[0].value, [c; 4]);
        if let InstrKind::Alu(a) = &mut f.instrs[id].kind {
            a.op = fresnel_ir::AluOp::Mov;
            a.srcs = smallvec::smallvec![src];
        }
        picked = true;
    }
    if picked {
        f.rebuild_uses();
        progress = true;
    }
    for id in order {
        let folded: Option<Vec<u64>> = match &f.instrs[id].kind {
            InstrKind::Alu(a) => {
                let info = a.op.info();
                if info.cross_invocation {
                    continue;
                }
                let Some(ops) = const_operands(f, a) else {
                    continue;
                };
                let dv = &f.values[a.dest];
                let (db, dn) = (dv.bit_size, usize::from(dv.num_components));
                if dn > 4 {
                    continue;
                }
                let sb = source_bits(f, a);
                match fresnel_interp::eval_alu(a.op, sb, db, dn, &ops) {
                    Ok(out) => Some(out[..dn].to_vec()),
                    Err(_) => None,
                }
            }
            InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadDeref => {
                let Some(dest) = x.dest else { continue };
                match chain_constant(f, types, x.srcs[0], init_of, 0) {
                    Some((Constant::Vector(vals), _))
                        if vals.len() == usize::from(f.values[dest].num_components) =>
                    {
                        let bits = f.values[dest].bit_size;
                        Some(
                            vals.iter()
                                .map(|v| fresnel_ir::builder::mask_bits(*v, bits.max(1)))
                                .collect(),
                        )
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(vals) = folded {
            make_const(f, id, &vals);
            progress = true;
        }
    }
    if progress {
        f.rebuild_uses();
    }
    progress
}
