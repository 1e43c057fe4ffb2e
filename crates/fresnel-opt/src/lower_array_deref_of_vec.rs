//! lower_array_deref_of_vec: a vector component of a local or private variable picked by a
//! non-constant index (`v[i]`) is read and written through the whole vector, after
//! `nir_lower_array_deref_of_vec`: a load becomes a load of the vector and a `bcsel` chain
//! over the index, a store a load, a per-component `bcsel` and a full store.
//!
//! Such a variable then has only whole-vector accesses, so `lower_vars_to_ssa` turns it
//! into SSA values instead of leaving it in memory (scratch). An out-of-range index reads
//! component 0 and writes nothing, both within GLSL's undefined behaviour.
//!
//! Not in the `-O`/`-Os` pipelines yet: on shader-db it takes scratch from 6192 to 336
//! bytes but adds 5 % IR and SPIR-V instructions (SPIR-V indexes a vector in memory in
//! two instructions); it is for targets where scratch is dear (the vec4 ISA), or for when
//! the IR has a dynamic vector extract that SPIR-V writes as `OpVectorExtractDynamic`.

use fresnel_ir::{
    AluOp, AluSrc, Builder, DerefKind, InstrId, InstrKind, Intrinsic, Shader, Type, ValueId,
    VarMode,
};

use crate::Pass;

pub struct LowerArrayDerefOfVec;

impl Pass for LowerArrayDerefOfVec {
    fn name(&self) -> &'static str {
        "lower_array_deref_of_vec"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        let Shader {
            functions, types, ..
        } = shader;
        for (_, f) in functions.iter_mut() {
            let mut changed = false;
            // (element deref, parent deref, index, vector components) of each candidate.
            let mut cands: Vec<(InstrId, ValueId, ValueId, u8)> = Vec::new();
            for id in f.instrs_in_order() {
                let InstrKind::Deref(d) = &f.instrs[id].kind else {
                    continue;
                };
                let DerefKind::Array { parent, index } = d.kind else {
                    continue;
                };
                if !matches!(d.mode, VarMode::Function | VarMode::Global) {
                    continue;
                }
                if matches!(f.def(index).kind, InstrKind::LoadConst { .. }) {
                    continue;
                }
                let InstrKind::Deref(p) = &f.def(parent).kind else {
                    continue;
                };
                let Type::Vector { components, .. } = *types.get(p.ty) else {
                    continue;
                };
                if components < 2 {
                    continue;
                }
                // Every reader a plain load or store through the element.
                let ok = f.values[d.dest].uses.iter().all(|u| match u {
                    fresnel_ir::Use::Instr { instr, src } => matches!(
                        &f.instrs[*instr].kind,
                        InstrKind::Intrinsic(x)
                            if *src == 0 && matches!(x.op, Intrinsic::LoadDeref | Intrinsic::StoreDeref)
                    ),
                    fresnel_ir::Use::IfCond(_) => false,
                });
                if ok {
                    cands.push((id, parent, index, components));
                }
            }
            for (did, parent, index, n) in cands {
                let InstrKind::Deref(d) = &f.instrs[did].kind else {
                    continue;
                };
                let elem = d.dest;
                let users: Vec<InstrId> = f.values[elem]
                    .uses
                    .iter()
                    .filter_map(|u| match u {
                        fresnel_ir::Use::Instr { instr, .. } => Some(*instr),
                        fresnel_ir::Use::IfCond(_) => None,
                    })
                    .collect();
                for at in users {
                    let InstrKind::Intrinsic(x) = f.instrs[at].kind.clone() else {
                        continue;
                    };
                    let mut b = Builder::before(f, types, at);
                    let ibits = b.bit_size(index);
                    let whole = b.load_deref(parent);
                    // `index == k` for each component.
                    let hits: Vec<ValueId> = (0..n)
                        .map(|k| {
                            let kv = b.constant(ibits, &[u64::from(k)]);
                            b.alu(AluOp::Ieq, &[index, kv])
                        })
                        .collect();
                    match x.op {
                        Intrinsic::LoadDeref => {
                            let mut r = b.channel(whole, 0);
                            for k in 1..n {
                                r = b.alu_n(
                                    AluOp::Bcsel,
                                    1,
                                    &[
                                        AluSrc::new(hits[k as usize]),
                                        AluSrc::broadcast(whole, k),
                                        AluSrc::new(r),
                                    ],
                                );
                            }
                            if let Some(dest) = x.dest {
                                f.replace_all_uses(dest, r);
                            }
                        }
                        _ => {
                            let val = x.srcs[1];
                            let comps: Vec<ValueId> = (0..n)
                                .map(|k| {
                                    b.alu_n(
                                        AluOp::Bcsel,
                                        1,
                                        &[
                                            AluSrc::new(hits[k as usize]),
                                            AluSrc::broadcast(val, 0),
                                            AluSrc::broadcast(whole, k),
                                        ],
                                    )
                                })
                                .collect();
                            let v = b.vec(&comps);
                            b.store_deref(parent, v, (1u32 << n) - 1);
                        }
                    }
                    f.remove_instr(at);
                    changed = true;
                }
                if f.values[elem].uses.is_empty() {
                    f.remove_instr(did);
                }
            }
            if changed {
                f.rebuild_uses();
                f.rebuild_cfg();
                progress = true;
            }
        }
        progress
    }
}
