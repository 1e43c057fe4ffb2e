//! Descriptor arrays of arrays for Vulkan (issue 5, helper B).
//!
//! GLSL for Vulkan allows arrays of arrays of uniform and buffer blocks and of opaque
//! uniforms (GL_KHR_vulkan_glsl, section 4.4.5: "For an array of arrays, descriptor set
//! array element numbers used in descriptor set accesses are ordered per the
//! array-of-array ordering"), but a Vulkan SPIR-V resource variable may have only one
//! array level (spirv-val: "[VUID-StandaloneSpirv-Uniform-06807] ... has illegal type";
//! glslang warns "Vulkan only supports single array level for this resource" and writes an
//! invalid module). So before writing, such a variable becomes one array of as many
//! elements, in that order, and each access `v[i][j]` becomes `v[i * n + j]`.

use fresnel_ir::{
    Alu, AluOp, AluSrc, BlockId, Deref, DerefKind, InstrId, InstrKind, Shader, Type, TypeId,
    ValueId, VarId, VarMode,
};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{Result, SpirvError};

/// A variable to flatten: its array dimensions (outermost first) and its new type.
struct Flat {
    dims: Vec<u32>,
    ty: TypeId,
}

/// The array dimensions of `ty` (outermost first) and the element under them.
fn dims(shader: &Shader, mut ty: TypeId) -> (Vec<u32>, TypeId, u32) {
    let mut d = Vec::new();
    let mut stride = 0;
    while let Type::Array {
        elem,
        len,
        stride: s,
    } = *shader.types.get(ty)
    {
        d.push(len);
        stride = s;
        ty = elem;
    }
    (d, ty, stride)
}

/// The shader with its descriptor arrays of arrays flattened, or `None` when it has none.
pub(crate) fn flatten_descriptor_arrays(shader: &Shader) -> Result<Option<Shader>> {
    let mut plan: FxHashMap<VarId, (Vec<u32>, TypeId, u32)> = FxHashMap::default();
    for (vid, v) in shader.vars.iter() {
        let resource = matches!(v.mode, VarMode::Ubo | VarMode::Ssbo)
            || (v.mode == VarMode::Uniform && shader.types.is_opaque(v.ty));
        if !resource || shader.types.has_spec_length(v.ty) {
            continue;
        }
        let (d, elem, stride) = dims(shader, v.ty);
        // Runtime-sized outer dimensions (`[]`) stay as they are.
        if d.len() >= 2 && d.iter().all(|n| *n > 0) {
            plan.insert(vid, (d, elem, stride));
        }
    }
    if plan.is_empty() {
        return Ok(None);
    }
    let mut s = shader.clone();
    let mut flats: FxHashMap<VarId, Flat> = FxHashMap::default();
    let mut planned: Vec<_> = plan.into_iter().collect();
    planned.sort_by_key(|(vid, _)| *vid);
    for (vid, (d, elem, stride)) in planned {
        let len = d
            .iter()
            .try_fold(1u32, |a, n| a.checked_mul(*n))
            .ok_or_else(|| {
                SpirvError::new(format!(
                    "`{}`: too many array elements",
                    shader.vars[vid].name
                ))
            })?;
        let ty = s.types.intern(Type::Array { elem, len, stride });
        s.vars[vid].ty = ty;
        flats.insert(vid, Flat { dims: d, ty });
    }
    let fids: Vec<_> = s.functions.keys().collect();
    for fid in fids {
        rewrite_function(&mut s, fid, &flats)?;
    }
    Ok(Some(s))
}

/// A deref inside a flattened variable not yet at an element: the variable's deref and
/// the indices so far.
struct Partial {
    var: VarId,
    root: ValueId,
    indices: Vec<ValueId>,
    /// A deref or index on the way is marked non-uniform (`nonuniformEXT`).
    non_uniform: bool,
}

fn rewrite_function(
    s: &mut Shader,
    fid: fresnel_ir::FuncId,
    flats: &FxHashMap<VarId, Flat>,
) -> Result<()> {
    let f = &mut s.functions[fid];
    let mut partial: FxHashMap<ValueId, Partial> = FxHashMap::default();
    let mut dead: Vec<InstrId> = Vec::new();
    // (block, instruction): the element derefs to rewrite, in program order per block.
    let blocks: Vec<BlockId> = f.blocks.keys().collect();
    let mut edits: Vec<(BlockId, InstrId, ValueId, Vec<ValueId>, VarId, bool)> = Vec::new();
    // Rounds until nothing new is found: a deref may come in a block numbered after the
    // blocks using it (the arena is not in program order).
    let mut seen: FxHashSet<InstrId> = FxHashSet::default();
    for _round in 0..64 {
        let before = seen.len();
        for &b in &blocks {
            for &iid in &f.blocks[b].instrs {
                let InstrKind::Deref(d) = &f.instrs[iid].kind else {
                    continue;
                };
                if seen.contains(&iid) {
                    continue;
                }
                match d.kind {
                    DerefKind::Var(v) if flats.contains_key(&v) => {
                        seen.insert(iid);
                        partial.insert(
                            d.dest,
                            Partial {
                                var: v,
                                root: d.dest,
                                indices: Vec::new(),
                                non_uniform: f.flags(d.dest).non_uniform,
                            },
                        );
                    }
                    DerefKind::Array { parent, index } => {
                        let Some(p) = partial.get(&parent) else {
                            continue;
                        };
                        seen.insert(iid);
                        let (var, root) = (p.var, p.root);
                        let mut indices = p.indices.clone();
                        indices.push(index);
                        let non_uniform = p.non_uniform
                            || f.flags(d.dest).non_uniform
                            || f.flags(index).non_uniform;
                        dead.push(f.values[parent].def);
                        if indices.len() == flats[&var].dims.len() {
                            edits.push((b, iid, root, indices, var, non_uniform));
                        } else {
                            partial.insert(
                                d.dest,
                                Partial {
                                    var,
                                    root,
                                    indices,
                                    non_uniform,
                                },
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
        if seen.len() == before {
            break;
        }
    }
    // The variable derefs take the flat type.
    for (_, p) in partial.iter().filter(|(v, p)| **v == p.root) {
        let def = f.values[p.root].def;
        if let InstrKind::Deref(d) = &mut f.instrs[def].kind {
            d.ty = flats[&p.var].ty;
        }
    }
    // Element derefs index the flat array; the linear index is computed just before.
    for (b, iid, root, indices, var, non_uniform) in edits.into_iter().rev() {
        let dims = &flats[&var].dims;
        let mut lin = indices[0];
        let mut new_instrs = Vec::new();
        for (k, &ix) in indices.iter().enumerate().skip(1) {
            for v in [lin, ix] {
                if f.values[v].bit_size != 32 || f.values[v].num_components != 1 {
                    return Err(SpirvError::new(
                        "an index into a descriptor array of arrays is not a 32-bit scalar",
                    ));
                }
            }
            let n = u64::from(dims[k]);
            let c = f.new_instr(b, &[(32, 1)], |d| InstrKind::LoadConst {
                dest: d[0],
                values: smallvec::smallvec![n],
            });
            let cv = f.instrs[c].kind.dests()[0];
            let mul = f.new_instr(b, &[(32, 1)], |d| {
                InstrKind::Alu(Alu {
                    op: AluOp::Imul,
                    dest: d[0],
                    srcs: smallvec::smallvec![AluSrc::new(lin), AluSrc::new(cv)],
                    exact: false,
                })
            });
            let mv = f.instrs[mul].kind.dests()[0];
            let add = f.new_instr(b, &[(32, 1)], |d| {
                InstrKind::Alu(Alu {
                    op: AluOp::Iadd,
                    dest: d[0],
                    srcs: smallvec::smallvec![AluSrc::new(mv), AluSrc::new(ix)],
                    exact: false,
                })
            });
            lin = f.instrs[add].kind.dests()[0];
            new_instrs.extend([c, mul, add]);
        }
        // `nonuniformEXT` anywhere on the way marks the index and the access.
        if non_uniform {
            for v in [lin, f.instrs[iid].kind.dests()[0]] {
                let mut fl = f.flags(v);
                fl.non_uniform = true;
                f.set_flags(v, fl);
            }
        }
        if let InstrKind::Deref(d) = &mut f.instrs[iid].kind {
            *d = Deref {
                dest: d.dest,
                kind: DerefKind::Array {
                    parent: root,
                    index: lin,
                },
                ty: d.ty,
                mode: d.mode,
            };
        }
        let Some(at) = f.blocks[b].instrs.iter().position(|x| *x == iid) else {
            return Err(SpirvError::new(
                "internal: a descriptor access outside its block",
            ));
        };
        for (k, n) in new_instrs.into_iter().enumerate() {
            f.insert_instr(b, at + k, n);
        }
    }
    f.rebuild_uses();
    // The intermediate derefs (`v[i]` of `v[i][j]`) go when nothing else reads them.
    // Deepest first: a deref goes after those reading it.
    dead.sort();
    dead.dedup();
    for iid in dead.into_iter().rev() {
        let InstrKind::Deref(d) = &f.instrs[iid].kind else {
            continue;
        };
        if partial.get(&d.dest).is_some_and(|p| p.root == d.dest) {
            continue;
        }
        if !f.values[d.dest].uses.is_empty() {
            return Err(SpirvError::new(
                "part of a descriptor array of arrays is used as a whole (Vulkan SPIR-V has one array level for resources; index it down to an element)",
            ));
        }
        f.remove_instr(iid);
    }
    Ok(())
}
