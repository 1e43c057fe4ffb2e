//! Lowering gaps closed late in issue 4 (helper C): shaders the front end accepts that the
//! lowering used to reject. Every shader must lower (with and without SSA), validate, and
//! round-trip through the IR text form; the tests then look for what the lowering made.

use fresnel::ir::{InstrKind, Intrinsic, Shader};
mod support;

use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};

/// Vulkan GLSL for names containing `vk`, desktop GL otherwise.
fn options(name: &str) -> Options {
    let mut o = Options::default();
    if name.contains("vk") {
        o.target = TargetEnv::Vulkan { minor: 2 };
    }
    o
}

/// Lowers (with and without SSA), validates, round-trips the text form, and returns the SSA
/// form.
fn lower(name: &str, src: &str) -> Shader {
    let mut both = support::lower_both(name, src, &options(name), name.contains("vk"));
    both.pop().expect("two forms")
}

/// The front end's error messages for a shader it must reject.
fn check_errors(name: &str, src: &str) -> String {
    let run = fresnel::check(SourceInput::new(name, src), &options(name), &mut NoIncludes);
    assert!(run.has_errors(), "expected a front-end error");
    run.render_diagnostics(fresnel::ErrorFormat::Human, false)
}

fn intrinsics(s: &Shader, op: Intrinsic) -> Vec<fresnel::ir::IntrinsicInstr> {
    let mut out = Vec::new();
    for (_, f) in s.functions.iter() {
        for (_, i) in f.instrs.iter() {
            if let InstrKind::Intrinsic(x) = &i.kind {
                if x.op == op {
                    out.push(x.clone());
                }
            }
        }
    }
    out
}

/// String literals (GL_EXT_debug_printf) have no value: `debugPrintfEXT` lowers to nothing
/// but its other arguments' side effects, and a string used as a statement of its own or in
/// a comma expression lowers to nothing (glslang's preprocessor.paste_stringify.vert).
#[test]
fn debug_printf_and_string_literals() {
    let s = lower(
        "printf.vk.frag",
        r#"#version 450
#extension GL_EXT_debug_printf : enable
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0) buffer B { int n; };
void main() {
    "a statement";
    debugPrintfEXT("%d %f", ("x", 1), 2.0);
    debugPrintfEXT("n=%d", atomicAdd(n, 1));
    debugPrintfEXT("\x41\101\n");
    o = vec4(1.0);
}
"#,
    );
    // The side effect of the argument stays.
    let atomics = intrinsics(&s, Intrinsic::DerefAtomic);
    assert_eq!(
        atomics.len(),
        1,
        "the atomicAdd argument is still evaluated"
    );
}

/// Bad escape sequences in strings are front-end errors (as glslang reports for
/// spv.debugPrintf_Error.frag), so no erroneous expression reaches the lowering.
#[test]
fn bad_string_escapes_are_errors() {
    for bad in [r#""\xZ""#, r#""\8""#] {
        let src = format!(
            "#version 450\n#extension GL_EXT_debug_printf : enable\nvoid main() {{ debugPrintfEXT({bad}); }}\n"
        );
        let msg = check_errors("bad.frag", &src);
        assert!(msg.contains("in a string"), "{msg}");
    }
}

/// `traceNV` with a location no payload variable has is `trace_ray_location` with the
/// location as `base`; a location with a payload keeps `trace_ray` on its deref.
#[test]
fn trace_nv_with_a_bare_location() {
    let s = lower(
        "trace.vk.rgen",
        "#version 460
#extension GL_NV_ray_tracing : enable
layout(binding = 0, set = 0) uniform accelerationStructureNV acc;
layout(location = 0) rayPayloadNV vec4 payload;
void main() {
    const int id = 1;
    traceNV(acc, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, id);
    traceNV(acc, 0u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.5, vec3(1.0), 0.75, 0);
}
",
    );
    let bare = intrinsics(&s, Intrinsic::TraceRayLocation);
    assert_eq!(bare.len(), 1);
    assert_eq!(bare[0].index(fresnel::ir::IndexKind::Base), Some(1));
    assert_eq!(bare[0].srcs.len(), 10);
    assert_eq!(intrinsics(&s, Intrinsic::TraceRay).len(), 1);
}

/// Counts the `store_deref`s into the variable named `var` (through any deref chain).
fn stores_into(s: &Shader, var: &str) -> usize {
    let mut n = 0;
    for (_, f) in s.functions.iter() {
        for (_, i) in f.instrs.iter() {
            let InstrKind::Intrinsic(x) = &i.kind else {
                continue;
            };
            if x.op != Intrinsic::StoreDeref {
                continue;
            }
            let mut d = x.srcs[0];
            loop {
                match &f.instrs[f.values[d].def].kind {
                    InstrKind::Deref(fresnel::ir::Deref {
                        kind: fresnel::ir::DerefKind::Var(v),
                        ..
                    }) => {
                        if s.vars[*v].name == var {
                            n += 1;
                        }
                        break;
                    }
                    InstrKind::Deref(fresnel::ir::Deref {
                        kind:
                            fresnel::ir::DerefKind::Array { parent, .. }
                            | fresnel::ir::DerefKind::Struct { parent, .. },
                        ..
                    }) => d = *parent,
                    _ => break,
                }
            }
        }
    }
    n
}

/// `writePackedPrimitiveIndices4x8NV` is four byte stores into `gl_PrimitiveIndicesNV`.
#[test]
fn write_packed_primitive_indices() {
    let s = lower(
        "packed.vk.mesh",
        "#version 450
#extension GL_NV_mesh_shader : enable
layout(local_size_x = 1) in;
layout(max_vertices = 3, max_primitives = 2) out;
layout(triangles) out;
void main() {
    gl_PrimitiveIndicesNV[5] = 2u;
    writePackedPrimitiveIndices4x8NV(0u, 0x00020100u);
    gl_PrimitiveCountNV = 1;
}
",
    );
    assert_eq!(stores_into(&s, "gl_PrimitiveIndicesNV"), 5);
}

/// `uvec2(sampler)` / `uvec2(image)` (GL_ARB_bindless_texture) read the object's 64-bit
/// handle (`opaque_handle`) and unpack it.
#[test]
fn bindless_handles_of_samplers_and_images() {
    let s = lower(
        "handles.frag",
        "#version 330
#extension GL_ARB_bindless_texture : require
#extension GL_ARB_shader_image_load_store : enable
layout(bindless_sampler) uniform sampler2D tex;
writeonly uniform image2D img;
uniform uvec2 offset;
out vec4 o;
void main() {
    uvec2 a = uvec2(tex);
    uvec2 b = uvec2(img);
    imageStore(image2D(b + offset), ivec2(0, 0), vec4(1.0));
    o = vec4(a, 0.0, 1.0);
}
",
    );
    let h = intrinsics(&s, Intrinsic::OpaqueHandle);
    assert_eq!(h.len(), 2);
    for x in &h {
        assert_eq!(x.num_components, 1);
    }
}

fn var<'a>(s: &'a Shader, name: &str) -> Option<&'a fresnel::ir::Variable> {
    s.vars.iter().map(|(_, v)| v).find(|v| v.name == name)
}

fn alu_count(s: &Shader, op: fresnel::ir::AluOp) -> usize {
    s.functions
        .iter()
        .flat_map(|(_, f)| f.instrs.iter())
        .filter(|(_, i)| matches!(&i.kind, InstrKind::Alu(a) if a.op == op))
        .count()
}

/// `.length()` of an implicitly sized array (a local here) is the size its uses imply, and
/// the array gets that size.
#[test]
fn length_of_implicitly_sized_arrays() {
    let s = lower(
        "len.frag",
        "#version 430
out vec4 o;
float g[];
void main() {
    float a[];
    a[2] = 1.0;
    g[4] = 2.0;
    o = vec4(float(a.length()), float(g.length()), a[2], g[4]);
}
",
    );
    assert!(intrinsics(&s, Intrinsic::DerefBufferArrayLength).is_empty());
    let g = var(&s, "g").expect("global g");
    assert_eq!(s.types.length(g.ty), Some(5));
    // The lengths fold to constants 3 and 5.
    let consts: Vec<u64> = s
        .functions
        .iter()
        .flat_map(|(_, f)| f.instrs.iter())
        .filter_map(|(_, i)| match &i.kind {
            InstrKind::LoadConst { values, .. } => values.first().copied(),
            _ => None,
        })
        .collect();
    assert!(consts.contains(&3) && consts.contains(&5), "{consts:?}");
}

/// A redeclared anonymous `gl_PerVertex` is flattened like the implicit one (no block
/// variable beside the built-ins), and an unsized `gl_ClipDistance` in it takes the size its
/// uses imply.
#[test]
fn redeclared_per_vertex_is_flattened() {
    let s = lower(
        "clip.vert",
        "#version 450
out gl_PerVertex {
    vec4 gl_Position;
    float gl_ClipDistance[];
};
void main() {
    gl_Position = vec4(0.0);
    gl_ClipDistance[2] = 1.0;
    gl_ClipDistance[0] = 0.5;
}
",
    );
    assert!(var(&s, "gl_PerVertex").is_none(), "no block variable");
    let clip = var(&s, "gl_ClipDistance").expect("gl_ClipDistance");
    assert!(clip.builtin);
    assert_eq!(s.types.length(clip.ty), Some(3));
    assert!(var(&s, "gl_Position").is_some_and(|v| v.builtin));
    // With transform feedback qualifiers the block keeps its variable (which carries them).
    let x = lower(
        "xfb.vert",
        "#version 450
layout(xfb_buffer = 1, xfb_offset = 16) out gl_PerVertex { float gl_PointSize; vec4 gl_Position; };
void main() { gl_Position = vec4(1.0); }
",
    );
    assert!(var(&x, "gl_PerVertex").is_some_and(|v| v.xfb_buffer == Some(1)));
    // The compatibility members of a geometry shader's redeclared block likewise.
    let g = lower(
        "compat.geom",
        "#version 150
#extension GL_ARB_compatibility : enable
layout(points) in;
layout(points, max_vertices = 1) out;
in gl_PerVertex { vec4 gl_TexCoord[3]; } gl_in[];
out gl_PerVertex { vec4 gl_TexCoord[4]; };
void main() {
    gl_TexCoord[1] = gl_in[0].gl_TexCoord[2];
    EmitVertex();
}
",
    );
    assert!(var(&g, "gl_PerVertex").is_none());
    assert!(g
        .vars
        .iter()
        .any(|(_, v)| v.name == "gl_TexCoord" && v.mode == fresnel::ir::VarMode::ShaderOut));
}

/// Per-view members of NV mesh output blocks left unsized get the view count (4).
#[test]
fn nv_per_view_block_members() {
    let s = lower(
        "perview.vk.mesh",
        "#version 450
#extension GL_NV_mesh_shader : require
layout(local_size_x = 1) in;
layout(max_vertices = 3, max_primitives = 1) out;
layout(triangles) out;
layout(location = 0) out block {
    perviewNV vec4 color1[][2];
    vec4 color2;
} b[];
void main() {
    b[0].color1[1][0] = vec4(1.0);
    gl_PrimitiveCountNV = 1;
}
",
    );
    let v = var(&s, "block").expect("the block variable");
    // [n x block] (per vertex), the block's first member [4 x [2 x vec4]].
    let fresnel::ir::Type::Array { elem, .. } = *s.types.get(v.ty) else {
        panic!("per-vertex array: {}", s.types.display(v.ty));
    };
    let fresnel::ir::Type::Struct { fields, .. } = s.types.get(elem) else {
        panic!("block");
    };
    assert_eq!(s.types.length(fields[0].ty), Some(4));
}

/// Compute shaders without a derivative group layout: derivatives are zero; with one they
/// are the derivative ops.
#[test]
fn compute_derivatives_without_a_layout_are_zero() {
    let src = |layout: &str| {
        format!(
            "#version 450
#extension GL_NV_compute_shader_derivatives : require
layout(local_size_x = 2, local_size_y = 2) in;
{layout}
layout(set = 0, binding = 0) buffer B {{ float x; float dx; float w; }};
void main() {{
    dx = dFdx(x);
    w = fwidth(x);
}}
"
        )
    };
    let none = lower("deriv.vk.comp", &src(""));
    assert_eq!(alu_count(&none, fresnel::ir::AluOp::Fddx), 0);
    let quads = lower(
        "deriv.vk.comp",
        &src("layout(derivative_group_quadsNV) in;"),
    );
    assert_eq!(alu_count(&quads, fresnel::ir::AluOp::Fddx), 2);
}

/// `textureClampARB` on a rectangle texture has no minimum-LOD source (one level only).
#[test]
fn texture_clamp_on_rectangles() {
    let s = lower(
        "clamp.frag",
        "#version 450
#extension GL_ARB_sparse_texture_clamp : enable
uniform sampler2DRect r;
uniform sampler2D t;
in vec2 c;
out vec4 o;
void main() {
    o = textureClampARB(t, c, 1.0);
    vec4 texel;
    sparseTextureClampARB(r, c, 1.0, texel);
    o += texel;
}
",
    );
    let mut with_min_lod = 0;
    let mut rect = 0;
    for (_, f) in s.functions.iter() {
        for (_, i) in f.instrs.iter() {
            if let InstrKind::Tex(t) = &i.kind {
                if t.dim == fresnel::ir::SamplerDim::Rect {
                    rect += 1;
                    assert!(t.src(fresnel::ir::TexSrc::MinLod).is_none());
                } else if t.src(fresnel::ir::TexSrc::MinLod).is_some() {
                    with_min_lod += 1;
                }
            }
        }
    }
    assert_eq!((rect, with_min_lod), (1, 1));
}

/// Built-ins that built-in functions read without the shader naming them (the checker
/// declares only the built-ins a shader names): `ftransform` reads `gl_Vertex` and
/// `gl_ModelViewProjectionMatrix`, `writePackedPrimitiveIndices4x8NV` writes
/// `gl_PrimitiveIndicesNV` (sized by the primitives), the subgroup emulations read
/// `gl_SubgroupInvocationID`.
#[test]
fn built_ins_read_by_built_in_functions() {
    let s = lower("ft.vert", "void main() { gl_Position = ftransform(); }\n");
    assert!(
        var(&s, "gl_Vertex").is_some_and(|v| v.builtin && v.mode == fresnel::ir::VarMode::ShaderIn)
    );
    assert!(var(&s, "gl_ModelViewProjectionMatrix")
        .is_some_and(|v| v.mode == fresnel::ir::VarMode::Uniform));
    let s = lower(
        "packed2.vk.mesh",
        "#version 450
#extension GL_NV_mesh_shader : enable
layout(local_size_x = 1) in;
layout(max_vertices = 3, max_primitives = 2) out;
layout(triangles) out;
void main() {
    writePackedPrimitiveIndices4x8NV(0u, 0x00020100u);
    gl_PrimitiveCountNV = 1;
}
",
    );
    let idx = var(&s, "gl_PrimitiveIndicesNV").expect("gl_PrimitiveIndicesNV");
    assert_eq!(s.types.length(idx.ty), Some(6));
    assert_eq!(stores_into(&s, "gl_PrimitiveIndicesNV"), 4);
    let s = lower(
        "rot.vk.comp",
        "#version 450
#extension GL_KHR_shader_subgroup_rotate : enable
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { uint x[4]; };
void main() { x[0] = subgroupRotate(x[1], 1u); }
",
    );
    assert!(var(&s, "gl_SubgroupInvocationID").is_some());
}

/// `imageAtomicAdd` & co. on `f16vec2` texels (GL_NV_shader_atomic_fp16_vector): one
/// `image_deref_atomic_vec` of two 16-bit components.
#[test]
fn vector_image_atomics() {
    let s = lower(
        "atomvec.vk.frag",
        "#version 450
#extension GL_NV_shader_atomic_fp16_vector : enable
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable
layout(set = 0, binding = 0, rg16f) uniform image2D img;
layout(set = 0, binding = 1) buffer B { f16vec2 r; };
void main() {
    r = imageAtomicAdd(img, ivec2(0, 0), f16vec2(1.0));
    r += imageAtomicExchange(img, ivec2(1, 0), f16vec2(2.0));
}
",
    );
    let a = intrinsics(&s, Intrinsic::ImageDerefAtomicVec);
    assert_eq!(a.len(), 2);
    for x in &a {
        assert_eq!(x.num_components, 2);
    }
    assert!(intrinsics(&s, Intrinsic::ImageDerefAtomic).is_empty());
}

/// GL_QCOM_image_processing3's gathers: `tex_gather_qcom` with the mode and component as
/// indices, the offset forms `tex_gather_offset_qcom`.
#[test]
fn qcom_extended_gathers() {
    let s = lower(
        "qcom.vk.frag",
        "#version 460
#extension GL_QCOM_image_processing3 : enable
layout(location = 0) in vec2 c;
layout(location = 1) in flat ivec2 off;
layout(location = 0) out vec4 o;
layout(binding = 0) uniform sampler2D s;
layout(binding = 1) uniform isampler2DArray a;
void main() {
    o = textureGather4x1QCOM(s, c) + textureGatherV2QCOM(s, c, 2);
    o += vec4(textureGatherDOffsetQCOM(a, vec3(c, 1.0), off, 3));
    o += textureGatherH2OffsetQCOM(s, c, off);
}
",
    );
    let plain = intrinsics(&s, Intrinsic::TexGatherQcom);
    let offset = intrinsics(&s, Intrinsic::TexGatherOffsetQcom);
    let modes = |v: &[fresnel::ir::IntrinsicInstr]| -> Vec<(i64, i64)> {
        v.iter()
            .map(|x| {
                (
                    x.index(fresnel::ir::IndexKind::Base).unwrap_or(-1),
                    x.index(fresnel::ir::IndexKind::Component).unwrap_or(-1),
                )
            })
            .collect()
    };
    assert_eq!(modes(&plain), vec![(0, 0), (3, 2)]);
    assert_eq!(modes(&offset), vec![(1, 3), (2, 0)]);
    assert!(offset.iter().all(|x| x.srcs.len() == 3));
}

/// GL_NV_shader_texture_footprint: each `textureFootprint*NV` is one `image_footprint_nv`
/// whose `base` names the lookup operands after the five fixed sources (footprint deref,
/// sampler deref, coordinate, granularity, `coarse`); a separate sampler's deref comes last.
#[test]
fn nv_texture_footprints() {
    use fresnel::ir::intrinsic::footprint::{BIAS, GRAD, LOD, MIN_LOD};
    let s = lower(
        "footprint.vk.frag",
        "#version 450
#extension GL_NV_shader_texture_footprint : require
layout(location = 0) in vec2 p;
layout(location = 1) in vec3 q;
layout(location = 0) out vec4 o;
layout(binding = 0) uniform sampler2D s;
layout(binding = 1) uniform sampler3D s3;
layout(binding = 2) uniform texture2D t;
layout(binding = 3) uniform sampler smp;
void main() {
    gl_TextureFootprint2DNV f;
    gl_TextureFootprint3DNV g;
    bool b = textureFootprintNV(s, p, 2, true, f);
    b = b && textureFootprintClampNV(s3, q, 1.0, 4, false, g, 0.5);
    b = b && textureFootprintLodNV(s, p, 1.0, 2, false, f);
    b = b && textureFootprintGradClampNV(sampler2D(t, smp), p, p, p, 1.0, 2, false, f);
    o = vec4(f.anchor, g.offset.z, b ? 1.0 : 0.0);
}
",
    );
    let x = intrinsics(&s, Intrinsic::ImageFootprintNv);
    let forms: Vec<(i64, usize)> = x
        .iter()
        .map(|x| {
            (
                x.index(fresnel::ir::IndexKind::Base).unwrap_or(-1),
                x.srcs.len(),
            )
        })
        .collect();
    assert_eq!(
        forms,
        vec![(0, 5), (BIAS | MIN_LOD, 7), (LOD, 6), (GRAD | MIN_LOD, 9)]
    );
    assert!(x.iter().all(|x| x.dest.is_some()));
}

/// Image atomics returning nothing (`imageAtomicStore`) are still scalar atomics.
#[test]
fn image_atomic_store_is_not_a_vector_atomic() {
    let s = lower(
        "atomstore.vk.comp",
        "#version 450
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D u;
void main() {
    imageAtomicStore(u, ivec2(0), 1u, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelease);
}
",
    );
    assert_eq!(intrinsics(&s, Intrinsic::ImageDerefAtomic).len(), 1);
    assert!(intrinsics(&s, Intrinsic::ImageDerefAtomicVec).is_empty());
}

/// GL_ARB_geometry_shader4 before GLSL 1.50: the front end accepts the `...In` inputs, whose
/// size and input primitive are API settings; the lowering says so instead of guessing.
#[test]
fn geometry_shader4_inputs_are_refused_with_a_reason() {
    let src = "#version 120\n#extension GL_ARB_geometry_shader4 : enable\nvoid main() { for (int i = 0; i < gl_VerticesIn; i++) { gl_Position = gl_PositionIn[i]; EmitVertex(); } }\n";
    let opts = options("t.geom");
    assert!(!fresnel::check(SourceInput::new("t.geom", src), &opts, &mut NoIncludes).has_errors());
    let run = fresnel::lower_to_ir(SourceInput::new("t.geom", src), &opts, &mut NoIncludes);
    let text = run.render_diagnostics(fresnel::ErrorFormat::Human, false);
    assert!(run.has_errors() && run.ir.is_none(), "{text}");
    assert!(
        text.contains("`gl_PositionIn` (GL_ARB_geometry_shader4 before GLSL 1.50) is checked but not compiled"),
        "{text}"
    );
    // Outputs alone need no API setting: such a shader lowers.
    let outputs_only = "#version 120\n#extension GL_ARB_geometry_shader4 : enable\nvoid main() { gl_Position = vec4(float(gl_VerticesIn)); EmitVertex(); }\n";
    let s = lower("t.geom", outputs_only);
    assert!(!s.functions.is_empty());
}

/// GL_ARB_geometry_shader4's user inputs: an unsized one takes `gl_VerticesIn` (6) elements,
/// and the module's input primitive is the one with as many vertices as the inputs have.
#[test]
fn geometry_shader4_user_inputs_set_the_input_primitive() {
    let head = "#version 120\n#extension GL_ARB_geometry_shader4 : enable\n";
    for (decl, primitive) in [
        ("varying in float x[][2];", "triangles_adjacency"),
        ("varying in float x[gl_VerticesIn];", "triangles_adjacency"),
        ("varying in float x[3];", "triangles"),
        ("varying in float x[2][4];", "lines"),
        ("", "triangles_adjacency"),
    ] {
        let use_x = if decl.is_empty() {
            "0.0"
        } else {
            "float(x.length())"
        };
        let src = format!(
            "{head}{decl}\nuniform int k;\nvoid main() {{ gl_Position = vec4({use_x}); EmitVertex(); }}\n"
        );
        let s = lower("t.geom", &src);
        let g = s.info.geometry.as_ref().expect("geometry info");
        assert_eq!(g.input, primitive, "{decl}");
    }
    // Indexed dynamically, the implicitly sized input lowers (it has a size now).
    let s = lower(
        "t.geom",
        &format!("{head}varying in float x[][6];\nuniform int k;\nvarying out float o;\nvoid main() {{ o = x[k][k]; EmitVertex(); }}\n"),
    );
    assert!(!s.functions.is_empty());
}
