//! lower_vec_access_to_component: one-component accesses to vectors in memory that stays
//! memory (stage inputs and outputs, uniform and storage buffers, push constants, shared
//! memory, buffer references, default-block uniforms) go through a deref of the component:
//!
//! * a store whose write mask names one component, `v.y = s`, becomes
//!   `store_deref deref_array(v, 1), s` instead of a store of a whole vector (a splat or a
//!   `vecN` of the scalar) with write mask `y`;
//! * a load of which every reader uses one component in one lane, `u.x + 1.0`, becomes a
//!   load of that component, the readers' swizzles renumbered (a reader splatting the
//!   component, `u.xxxx`, would only rebuild a vector: such loads stay whole).
//!
//! Back ends without masked stores (SPIR-V) would otherwise load the old vector, shuffle
//! the new component in and store the vector back: four instructions where an
//! `OpAccessChain` and an `OpStore` are two, and a read of memory other invocations may be writing
//! (tessellation-control outputs) that the program never asked for. A whole-vector load
//! read at one component costs a load and an extract where a load of the component is one.
//! The component deref reads or writes exactly the component the program named, so the
//! effect is the same.
//!
//! Function and private variables are left alone (`lower_vars_to_ssa` wants whole-vector
//! accesses to turn them into SSA values) unless an instruction other than a load, store or
//! copy takes a deref of them (a `spirv_by_reference` argument, an atomic): those stay in
//! memory. Boolean vectors in external memory are stored as
//! integers, and are left alone too. Volatile variables keep their accesses as written.

use fresnel_ir::{
    access, BaseType, Builder, IndexKind, InstrId, InstrKind, Intrinsic, Shader, Type, Use,
    ValueId, VarMode,
};

use crate::opt_shrink_vectors::used_components;
use crate::Pass;

pub struct LowerVecAccessToComponent;

/// Function and private variables a deref of which an instruction other than a load, a
/// store or a copy takes (a `spirv_by_reference` argument, an atomic, an interpolation):
/// they stay in memory, `lower_vars_to_ssa` cannot promote them.
fn escaped_locals(f: &fresnel_ir::Function) -> rustc_hash::FxHashSet<fresnel_ir::VarId> {
    let mut out = rustc_hash::FxHashSet::default();
    for id in f.instrs_in_order() {
        let InstrKind::Intrinsic(x) = &f.instrs[id].kind else {
            continue;
        };
        if matches!(
            x.op,
            Intrinsic::LoadDeref | Intrinsic::StoreDeref | Intrinsic::CopyDeref
        ) {
            continue;
        }
        for &s in &x.srcs {
            if matches!(f.def(s).kind, InstrKind::Deref(_)) {
                out.extend(f.deref_root_var(s));
            }
        }
    }
    out
}

/// What to rewrite.
enum Access {
    /// A store writing only component `c`.
    Store(InstrId, u8),
    /// A load read only at component `c`.
    Load(InstrId, u8),
}

impl Pass for LowerVecAccessToComponent {
    fn name(&self) -> &'static str {
        "lower_vec_access_to_component"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        let mut progress = false;
        let Shader {
            functions,
            types,
            vars,
            ..
        } = shader;
        for (_, f) in functions.iter_mut() {
            let escaped = escaped_locals(f);
            let mut cands = Vec::new();
            for id in f.instrs_in_order() {
                let InstrKind::Intrinsic(x) = &f.instrs[id].kind else {
                    continue;
                };
                if !matches!(x.op, Intrinsic::StoreDeref | Intrinsic::LoadDeref) {
                    continue;
                }
                let InstrKind::Deref(d) = &f.def(x.srcs[0]).kind else {
                    continue;
                };
                let stays_memory = match d.mode {
                    VarMode::ShaderIn
                    | VarMode::ShaderOut
                    | VarMode::Uniform
                    | VarMode::Ubo
                    | VarMode::Ssbo
                    | VarMode::PushConstant
                    | VarMode::Shared
                    | VarMode::PhysicalStorageBuffer => true,
                    VarMode::Function | VarMode::Global => f
                        .deref_root_var(x.srcs[0])
                        .is_some_and(|v| escaped.contains(&v)),
                };
                if !stays_memory {
                    continue;
                }
                let volatile = f
                    .deref_root_var(x.srcs[0])
                    .is_some_and(|v| vars[v].access & access::VOLATILE != 0);
                if volatile {
                    continue;
                }
                let Type::Vector {
                    base, components, ..
                } = *types.get(d.ty)
                else {
                    continue;
                };
                if components < 2 || base == BaseType::Bool {
                    continue;
                }
                let full = (1u32 << components) - 1;
                let mask = if x.op == Intrinsic::StoreDeref {
                    x.index(IndexKind::WriteMask).unwrap_or(0xf) as u32 & full
                } else {
                    match x.dest.and_then(|v| used_components(f, v)) {
                        // A reader wanting the component in several lanes (a splat)
                        // would rebuild the vector: the whole load is as cheap then.
                        Some(m) if x.dest.is_some_and(|v| scalar_readers(f, v)) => {
                            u32::from(m) & full
                        }
                        _ => continue,
                    }
                };
                if mask.count_ones() != 1 {
                    continue;
                }
                let c = mask.trailing_zeros() as u8;
                cands.push(if x.op == Intrinsic::StoreDeref {
                    Access::Store(id, c)
                } else {
                    Access::Load(id, c)
                });
            }
            let changed = !cands.is_empty();
            for cand in cands {
                let (at, c) = match cand {
                    Access::Store(at, c) | Access::Load(at, c) => (at, c),
                };
                let InstrKind::Intrinsic(x) = f.instrs[at].kind.clone() else {
                    continue;
                };
                let mut b = Builder::before(f, types, at);
                let index = b.imm_u32(u32::from(c));
                let elem = b.deref_array(x.srcs[0], index);
                match cand {
                    Access::Store(..) => {
                        let scalar = b.channel(x.srcs[1], c);
                        b.store_deref(elem, scalar, 1);
                    }
                    Access::Load(..) => {
                        let scalar = b.load_deref(elem);
                        if let Some(old) = x.dest {
                            renumber_readers(f, old, scalar);
                        }
                    }
                }
                f.remove_instr(at);
            }
            if changed {
                f.rebuild_uses();
                progress = true;
            }
        }
        progress
    }
}

/// Whether every reader of `v` is an ALU instruction reading one lane of it.
fn scalar_readers(f: &fresnel_ir::Function, v: ValueId) -> bool {
    f.values[v].uses.iter().all(|u| match *u {
        Use::Instr { instr, src } => match &f.instrs[instr].kind {
            // (A float product with the component in every lane is a vector times a scalar
            // in SPIR-V: the scalar is what it reads.)
            InstrKind::Alu(a) => {
                crate::util::reads(a.op, usize::from(src), f.values[a.dest].num_components) == 1
                    || a.op == fresnel_ir::AluOp::Fmul
            }
            _ => false,
        },
        Use::IfCond(_) => false,
    })
}

/// Every reader of `old` (ALU instructions reading one component of it) reads the scalar
/// `new` instead.
fn renumber_readers(f: &mut fresnel_ir::Function, old: ValueId, new: ValueId) {
    let users: Vec<(InstrId, usize)> = f.values[old]
        .uses
        .iter()
        .filter_map(|u| match *u {
            Use::Instr { instr, src } => Some((instr, usize::from(src))),
            Use::IfCond(_) => None,
        })
        .collect();
    for (instr, k) in users {
        if let InstrKind::Alu(a) = &mut f.instrs[instr].kind {
            a.srcs[k].swizzle = [0; 4];
        }
        f.set_src(instr, k, new);
    }
}
