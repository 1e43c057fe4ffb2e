//! opt_cse: common subexpression elimination over the dominator tree (global value
//! numbering of pure instructions), after `nir_opt_cse`.
//!
//! Walking the dominator tree with a scoped table, an instruction equal to one in a
//! dominating position (same operation, same operands after swizzles, same indices) is
//! replaced by it. Candidates are pure: ALU operations (commutative ones with their two
//! operands in a canonical order; not derivatives, whose value depends on the
//! neighbouring invocations executing with them), constants, derefs, texture
//! instructions (they have no side effects), intrinsics that may be both eliminated and
//! reordered, and `load_deref` from memory no invocation writes (uniforms, uniform
//! blocks, push constants, stage inputs). Sound because the earlier instruction computed
//! the same value and dominates every reader of the later one.

use fresnel_ir::analysis::DomTree;
use fresnel_ir::{
    AluOp, BaseType, BlockId, DerefKind, Function, InstrKind, Intrinsic, SamplerDim, Shader, TexOp,
    TexSrc, TypeId, ValueId, VarMode,
};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::util::reads;
use crate::{for_each_function, Pass};

pub struct Cse;

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "opt_cse"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        for_each_function(shader, |f, _| cse(f))
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Alu {
        op: AluOp,
        exact: bool,
        bits: u8,
        n: u8,
        srcs: SmallVec<[(ValueId, [u8; 4]); 3]>,
    },
    Const {
        bits: u8,
        vals: SmallVec<[u64; 4]>,
    },
    Deref {
        kind: DerefKind,
        ty: TypeId,
        mode: VarMode,
    },
    Intrinsic {
        op: Intrinsic,
        srcs: SmallVec<[ValueId; 3]>,
        n: u8,
        bits: u8,
        indices: fresnel_ir::Indices,
    },
    Tex {
        op: TexOp,
        dim: SamplerDim,
        array: bool,
        shadow: bool,
        base: BaseType,
        srcs: SmallVec<[(TexSrc, ValueId); 4]>,
        component: u8,
        sparse: bool,
        n: u8,
    },
}

/// Memory nothing writes while the shader runs.
fn read_only(mode: VarMode) -> bool {
    matches!(
        mode,
        VarMode::Uniform | VarMode::Ubo | VarMode::PushConstant | VarMode::ShaderIn
    )
}

fn key_of(f: &Function, kind: &InstrKind) -> Option<(Key, ValueId)> {
    Some(match kind {
        InstrKind::Alu(a) => {
            if a.op.info().cross_invocation {
                return None;
            }
            let dv = &f.values[a.dest];
            let mut srcs: SmallVec<[(ValueId, [u8; 4]); 3]> = a
                .srcs
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let mut swz = [0u8; 4];
                    let r = reads(a.op, k, dv.num_components).min(4);
                    swz[..r].copy_from_slice(&s.swizzle[..r]);
                    (s.value, swz)
                })
                .collect();
            if a.op.info().commutative && srcs.len() == 2 && srcs[1] < srcs[0] {
                srcs.swap(0, 1);
            }
            (
                Key::Alu {
                    op: a.op,
                    exact: a.exact,
                    bits: dv.bit_size,
                    n: dv.num_components,
                    srcs,
                },
                a.dest,
            )
        }
        InstrKind::LoadConst { dest, values } => (
            Key::Const {
                bits: f.values[*dest].bit_size,
                vals: values.clone(),
            },
            *dest,
        ),
        InstrKind::Deref(d) => (
            Key::Deref {
                kind: d.kind,
                ty: d.ty,
                mode: d.mode,
            },
            d.dest,
        ),
        InstrKind::Intrinsic(x) => {
            let dest = x.dest?;
            let pure = x.op.can_eliminate() && x.op.can_reorder();
            let ro_load = x.op == Intrinsic::LoadDeref
                && matches!(&f.def(x.srcs[0]).kind, InstrKind::Deref(d) if read_only(d.mode));
            if !(pure || ro_load) {
                return None;
            }
            (
                Key::Intrinsic {
                    op: x.op,
                    srcs: x.srcs.clone(),
                    n: f.values[dest].num_components,
                    bits: f.values[dest].bit_size,
                    indices: x.indices.clone(),
                },
                dest,
            )
        }
        InstrKind::Tex(t) => (
            Key::Tex {
                op: t.op,
                dim: t.dim,
                array: t.is_array,
                shadow: t.is_shadow,
                base: t.dest_base,
                srcs: t.srcs.clone(),
                component: t.component,
                sparse: t.is_sparse,
                n: f.values[t.dest].num_components,
            },
            t.dest,
        ),
        _ => return None,
    })
}

pub fn cse(f: &mut Function) -> bool {
    let dom = DomTree::compute(f);
    let mut table: FxHashMap<Key, ValueId> = FxHashMap::default();
    let mut progress = false;
    let mut removed: Vec<fresnel_ir::InstrId> = Vec::new();
    // (block, undo log length when entered); children pushed after the block is done.
    enum Visit {
        Enter(BlockId),
        Leave(Vec<Key>),
    }
    let mut stack = vec![Visit::Enter(dom.start())];
    while let Some(v) = stack.pop() {
        match v {
            Visit::Leave(keys) => {
                for k in keys {
                    table.remove(&k);
                }
            }
            Visit::Enter(b) => {
                let mut added = Vec::new();
                let instrs = f.blocks[b].instrs.clone();
                for id in instrs {
                    let Some((key, dest)) = key_of(f, &f.instrs[id].kind) else {
                        continue;
                    };
                    match table.get(&key) {
                        Some(&earlier) => {
                            // Issue 5: the survivor stands for both: non-uniform if either
                            // is, relaxed precision only if both are.
                            f.merge_flags(earlier, dest);
                            f.replace_all_uses(dest, earlier);
                            // Removed together at the end (one pass over each block and
                            // use list: a value read by thousands of duplicates stays cheap).
                            removed.push(id);
                            progress = true;
                        }
                        None => {
                            table.insert(key.clone(), dest);
                            added.push(key);
                        }
                    }
                }
                stack.push(Visit::Leave(added));
                for &c in dom.children(b).iter().rev() {
                    stack.push(Visit::Enter(c));
                }
            }
        }
    }
    f.remove_instrs(&removed);
    progress
}
