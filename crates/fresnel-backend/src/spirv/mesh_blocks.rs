//! `gl_PrimitiveShadingRateEXT` of mesh shaders in a block (issue 5, helper B).
//!
//! The IR flattens built-in blocks, so a mesh shader's `gl_MeshPrimitivesEXT[i].
//! gl_PrimitiveShadingRateEXT` is an output array of `int` decorated `BuiltIn
//! PrimitiveShadingRateKHR`. The Vulkan specification now allows that (the built-in is
//! arrayed per primitive in `MeshEXT`), but validators before 2024 (Debian 12's spirv-val
//! 2023.1) want the variable itself to be a 32-bit integer scalar and accept the arrayed
//! form only for a member of a block, which is what glslang writes:
//! `gl_MeshPerPrimitiveEXT { int gl_PrimitiveShadingRateEXT; } [max_primitives]` with the
//! member decorated `BuiltIn PrimitiveShadingRateKHR` and `PerPrimitiveEXT`. So before
//! writing, the variable becomes that block array and each `v[i]` becomes `v[i].member`.

use fresnel_ir::{
    Deref, DerefKind, Field, InstrKind, MemberDecor, Shader, Stage, Type, ValueId, VarMode,
};

/// The shader with `gl_PrimitiveShadingRateEXT` as a block member, or `None` when it has
/// no such output (or uses it other than element by element).
pub(crate) fn wrap_primitive_shading_rate(shader: &Shader) -> Option<Shader> {
    if shader.stage != Stage::Mesh {
        return None;
    }
    let (vid, v) = shader.vars.iter().find(|(_, v)| {
        v.builtin && v.mode == VarMode::ShaderOut && v.name == "gl_PrimitiveShadingRateEXT"
    })?;
    let Type::Array { elem, len, .. } = *shader.types.get(v.ty) else {
        return None;
    };
    let len = if len > 0 {
        len
    } else {
        shader
            .info
            .other_modes
            .iter()
            .find(|(n, _)| n == "max_primitives")
            .and_then(|(_, x)| x.and_then(|x| u32::try_from(x).ok()))
            .filter(|n| *n > 0)?
    };
    let mut s = shader.clone();
    let st = s.types.intern(Type::Struct {
        name: "gl_MeshPerPrimitiveEXT".into(),
        fields: vec![Field {
            name: "gl_PrimitiveShadingRateEXT".into(),
            ty: elem,
            offset: None,
            row_major: false,
            matrix_stride: None,
        }],
        block: true,
    });
    let arr = s.types.intern(Type::Array {
        elem: st,
        len,
        stride: 0,
    });
    let fids: Vec<_> = s.functions.keys().collect();
    for fid in fids {
        let f = &mut s.functions[fid];
        // The variable's derefs, then the element derefs under them.
        let mut roots: Vec<ValueId> = Vec::new();
        for (_, ins) in f.instrs.iter() {
            if ins.removed {
                continue;
            }
            if let InstrKind::Deref(Deref {
                dest,
                kind: DerefKind::Var(x),
                ..
            }) = &ins.kind
            {
                if *x == vid {
                    roots.push(*dest);
                }
            }
        }
        let mut elems = Vec::new();
        for r in &roots {
            for u in f.values[*r].uses.clone() {
                let fresnel_ir::Use::Instr { instr, .. } = u else {
                    return None;
                };
                match &f.instrs[instr].kind {
                    InstrKind::Deref(Deref {
                        kind: DerefKind::Array { parent, .. },
                        ..
                    }) if parent == r => elems.push(instr),
                    // A whole-array access: leave the shader as it is.
                    _ => return None,
                }
            }
        }
        for r in roots {
            let def = f.values[r].def;
            if let InstrKind::Deref(d) = &mut f.instrs[def].kind {
                d.ty = arr;
            }
        }
        for e in elems {
            let (old, mode, block) = match &mut f.instrs[e].kind {
                InstrKind::Deref(d) => {
                    d.ty = st;
                    (d.dest, d.mode, f.instrs[e].block)
                }
                _ => continue,
            };
            let member = f.new_instr(block, &[(32, 1)], |dests| {
                InstrKind::Deref(Deref {
                    dest: dests[0],
                    kind: DerefKind::Struct {
                        parent: old,
                        field: 0,
                    },
                    ty: elem,
                    mode,
                })
            });
            let new = f.instrs[member].kind.dests()[0];
            // Everything reading the element reads the member instead.
            for u in f.values[old].uses.clone() {
                if let fresnel_ir::Use::Instr { instr, src } = u {
                    if instr != member {
                        f.set_src(instr, usize::from(src), new);
                    }
                }
            }
            let at = f.blocks[block].instrs.iter().position(|x| *x == e)?;
            f.insert_instr(block, at + 1, member);
        }
    }
    let var = &mut s.vars[vid];
    var.ty = arr;
    var.builtin = false;
    var.name = "gl_MeshPerPrimitiveEXT".into();
    var.members = vec![MemberDecor {
        builtin: true,
        ext_quals: vec!["perprimitiveEXT".into()],
        ..MemberDecor::default()
    }];
    Some(s)
}
