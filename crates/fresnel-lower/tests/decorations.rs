//! Declaration decorations a SPIR-V/GLSL back end needs land on the IR (variables, block
//! members, types, stage information), and the text form carries them exactly.

use fresnel::ir::{
    access, BlockPacking, Constant, Interp, Precision, Sampling, Shader, Stage, Type, VarMode,
    Variable,
};
use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};

fn lower_opts(name: &str, src: &str, opts: &Options) -> Shader {
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let ir = run.ir.expect("lowered");
    if let Err(errs) = fresnel::ir::validate(&ir) {
        panic!(
            "invalid IR: {}",
            errs.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    round_trip(&ir);
    ir
}

fn lower(name: &str, src: &str) -> Shader {
    lower_opts(name, src, &Options::default())
}

fn vulkan() -> Options {
    Options {
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    }
}

fn es() -> Options {
    Options {
        target: TargetEnv::OpenGlEs,
        ..Options::default()
    }
}

fn print(s: &Shader) -> String {
    let mut out = String::new();
    fresnel::ir::Printer::new(s).shader(&mut out);
    out
}

/// `print(parse(print(s))) == print(s)`, and the parsed shader validates.
fn round_trip(s: &Shader) {
    let text = print(s);
    let parsed = fresnel::ir::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    fresnel::ir::validate(&parsed).expect("parsed shader validates");
    assert_eq!(print(&parsed), text);
    // The decorations themselves survive (not only their printing).
    assert_eq!(parsed.info.spec_constants, s.info.spec_constants);
    for ((_, a), (_, b)) in parsed.vars.iter().zip(s.vars.iter()) {
        assert_eq!(a.members, b.members, "{}", a.name);
        assert_eq!(a.precision, b.precision, "{}", a.name);
        assert_eq!(a.packing, b.packing, "{}", a.name);
        assert_eq!(
            (a.offset, a.xfb_buffer, a.xfb_offset, a.xfb_stride, a.stream),
            (b.offset, b.xfb_buffer, b.xfb_offset, b.xfb_stride, b.stream),
            "{}",
            a.name
        );
    }
}

fn var<'a>(s: &'a Shader, name: &str) -> &'a Variable {
    s.vars
        .values()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}\n{}", print(s)))
}

/// The fields of the struct type under any arrays of a variable.
fn fields(s: &Shader, v: &Variable) -> Vec<fresnel::ir::Field> {
    let mut t = v.ty;
    while let Type::Array { elem, .. } = s.types.get(t) {
        t = *elem;
    }
    match s.types.get(t) {
        Type::Struct { fields, .. } => fields.clone(),
        other => panic!("not a struct: {other:?}"),
    }
}

#[test]
fn memory_qualifiers_on_variables_and_members() {
    let s = lower(
        "a.comp",
        "#version 450\n\
         layout(local_size_x = 4) in;\n\
         layout(binding = 0) coherent buffer B { readonly float a; writeonly float b; volatile restrict float c; float d; } bb;\n\
         layout(binding = 1, rgba8) uniform readonly image2D img;\n\
         layout(binding = 2, r32ui) uniform coherent writeonly uimage2D img2;\n\
         void main() { bb.b = bb.a + bb.c; bb.d = imageLoad(img, ivec2(0)).x; imageStore(img2, ivec2(0), uvec4(1)); }\n",
    );
    let b = var(&s, "B");
    assert_eq!(b.mode, VarMode::Ssbo);
    assert_eq!(b.access, access::COHERENT, "{}", print(&s));
    assert_eq!(b.members.len(), 4);
    // Members carry what is written on them; the block's own qualifiers are the variable's.
    assert_eq!(b.members[0].access, access::READONLY);
    assert_eq!(b.members[1].access, access::WRITEONLY);
    assert_eq!(b.members[2].access, access::VOLATILE | access::RESTRICT);
    assert_eq!(b.members[3].access, 0);
    let img = var(&s, "img");
    assert_eq!(img.access, access::READONLY);
    assert_eq!(img.format.as_deref(), Some("rgba8"));
    let img2 = var(&s, "img2");
    assert_eq!(img2.access, access::COHERENT | access::WRITEONLY);
    assert_eq!(img2.format.as_deref(), Some("r32ui"));
    assert_eq!(s.info.local_size, [4, 1, 1]);
}

#[test]
fn atomic_counter_offsets() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         layout(binding = 0) uniform atomic_uint a;\n\
         layout(binding = 0) uniform atomic_uint b[3];\n\
         layout(binding = 0) uniform atomic_uint c;\n\
         layout(binding = 0, offset = 40) uniform atomic_uint d;\n\
         layout(binding = 0) uniform atomic_uint e;\n\
         out vec4 o;\n\
         void main() { o = vec4(atomicCounterIncrement(a) + atomicCounter(b[1]) + atomicCounter(c) + atomicCounter(d) + atomicCounter(e)); }\n",
    );
    assert_eq!(var(&s, "a").offset, Some(0));
    assert_eq!(var(&s, "b").offset, Some(4));
    assert_eq!(var(&s, "c").offset, Some(16));
    assert_eq!(var(&s, "d").offset, Some(40));
    assert_eq!(var(&s, "e").offset, Some(44));
}

#[test]
fn transform_feedback() {
    let s = lower(
        "a.vert",
        "#version 450\n\
         layout(xfb_buffer = 1, xfb_stride = 32) out;\n\
         layout(xfb_buffer = 1, xfb_offset = 16) out vec4 v;\n\
         layout(xfb_buffer = 2, xfb_stride = 20, xfb_offset = 4) out float w;\n\
         layout(xfb_buffer = 3) out Blk { layout(xfb_offset = 8) vec4 p; vec4 q; } blk;\n\
         void main() { v = vec4(1.0); w = 2.0; blk.p = vec4(0.0); blk.q = vec4(1.0); }\n",
    );
    let v = var(&s, "v");
    assert_eq!(
        (v.xfb_buffer, v.xfb_offset, v.xfb_stride),
        (Some(1), Some(16), Some(32))
    );
    let w = var(&s, "w");
    assert_eq!(
        (w.xfb_buffer, w.xfb_offset, w.xfb_stride),
        (Some(2), Some(4), Some(20))
    );
    let b = var(&s, "Blk");
    assert_eq!(b.xfb_buffer, Some(3));
    assert_eq!(b.members[0].xfb_offset, Some(8));
    assert_eq!(b.members[0].xfb_buffer, Some(3));
    assert_eq!(b.members[1].xfb_offset, None);
}

#[test]
fn interpolation_and_invariance_on_variables_and_block_members() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         flat in int fi;\n\
         noperspective centroid in vec2 nc;\n\
         sample in float sm;\n\
         in Blk { flat int a; centroid vec2 b; noperspective sample float c; } blk;\n\
         in Blk2 { layout(location = 7) flat int d; layout(location = 9, component = 1) float e; } blk2;\n\
         layout(location = 0) out vec4 o;\n\
         void main() { o = vec4(float(fi) + nc.x + sm + float(blk.a) + blk.b.y + blk.c + float(blk2.d) + blk2.e); }\n",
    );
    let fi = var(&s, "fi");
    assert_eq!((fi.interp, fi.sampling), (Interp::Flat, Sampling::Center));
    let nc = var(&s, "nc");
    assert_eq!(
        (nc.interp, nc.sampling),
        (Interp::NoPerspective, Sampling::Centroid)
    );
    assert_eq!(var(&s, "sm").sampling, Sampling::Sample);
    let b = var(&s, "Blk");
    assert_eq!(b.members[0].interp, Interp::Flat);
    assert_eq!(b.members[1].sampling, Sampling::Centroid);
    assert_eq!(
        (
            b.members[2].interp,
            b.members[2].sampling,
            b.members[2].location
        ),
        (Interp::NoPerspective, Sampling::Sample, None)
    );
    let b2 = var(&s, "Blk2");
    assert_eq!(
        (b2.members[0].location, b2.members[0].interp),
        (Some(7), Interp::Flat)
    );
    assert_eq!(
        (b2.members[1].location, b2.members[1].component),
        (Some(9), Some(1))
    );

    let s = lower(
        "b.vert",
        "#version 450\n\
         invariant out vec4 a;\n\
         precise out float p;\n\
         out Blk { invariant vec4 x; } blk;\n\
         void main() { a = vec4(1.0); p = 1.0; blk.x = vec4(0.0); gl_Position = a; }\n",
    );
    assert!(var(&s, "a").invariant);
    assert!(var(&s, "p").precise);
    assert!(var(&s, "Blk").members[0].invariant);

    let s = lower(
        "c.tesc",
        "#version 450\n\
         layout(vertices = 3) out;\n\
         patch out vec4 pv;\n\
         void main() { pv = vec4(1.0); gl_TessLevelOuter[0] = 1.0; }\n",
    );
    assert!(var(&s, "pv").patch);
}

#[test]
fn precision_is_recorded_distinctly() {
    let s = lower_opts(
        "a.frag",
        "#version 300 es\n\
         precision mediump float;\n\
         uniform lowp float l;\n\
         uniform highp float h;\n\
         uniform float d;\n\
         uniform Ub { mediump vec4 m; highp vec4 hh; lowp vec4 ll; } ub;\n\
         out vec4 o;\n\
         void main() { o = vec4(l + h + d) + ub.m + ub.hh + ub.ll; }\n",
        &es(),
    );
    let l = var(&s, "l");
    assert_eq!(l.precision, Precision::Low);
    assert!(l.relaxed_precision);
    let h = var(&s, "h");
    assert_eq!(h.precision, Precision::High);
    assert!(!h.relaxed_precision);
    // The default precision in effect.
    assert_eq!(var(&s, "d").precision, Precision::Medium);
    let ub = var(&s, "Ub");
    let p: Vec<Precision> = ub.members.iter().map(|m| m.precision).collect();
    assert_eq!(p, [Precision::Medium, Precision::High, Precision::Low]);
    let o = var(&s, "o");
    assert_eq!(o.precision, Precision::Medium);

    // Members of plain structs: on the struct type.
    let s = lower_opts(
        "b.frag",
        "#version 300 es\n\
         precision highp float;\n\
         struct S { lowp float a; float b; mediump vec2 c; };\n\
         uniform S u;\n\
         out vec4 o;\n\
         void main() { o = vec4(u.a, u.b, u.c); }\n",
        &es(),
    );
    let u = var(&s, "u");
    let p: Vec<Precision> = (0..3).map(|k| s.types.member_precision(u.ty, k)).collect();
    // (The checker gives members the default precision in effect.)
    assert_eq!(p, [Precision::Low, Precision::High, Precision::Medium]);
    assert!(print(&s).contains("struct %S { f32 a lowp; f32 b highp; f32x2 c mediump; }"));
}

#[test]
fn block_packing_and_default_matrix_order() {
    let s = lower(
        "a.vert",
        "#version 450\n\
         #extension GL_EXT_scalar_block_layout : require\n\
         layout(std140, binding = 0) uniform A { mat4 m; } a;\n\
         layout(row_major) uniform;\n\
         layout(std430) buffer;\n\
         layout(binding = 1) uniform B { mat2x3 m; } b;\n\
         layout(binding = 2) buffer C { mat2x3 m; float f[2]; } c;\n\
         layout(binding = 3, column_major, scalar) buffer D { mat2x3 m; } d;\n\
         layout(packed, binding = 4) uniform E { vec4 x; } e;\n\
         void main() { gl_Position = a.m[0] + b.m[0].xyzz + c.m[1].xyzz + d.m[0].xyzz + vec4(c.f[1]) + e.x; }\n",
    );
    // Declared before `layout(row_major) uniform;`: column-major.
    let a = var(&s, "A");
    assert_eq!(a.packing, Some(BlockPacking::Std140));
    assert!(!fields(&s, a)[0].row_major);
    assert_eq!(fields(&s, a)[0].matrix_stride, Some(16));
    // After it: row-major, std140 (row-major mat2x3: 3 rows of vec2, 16-byte stride).
    let b = var(&s, "B");
    assert_eq!(b.packing, Some(BlockPacking::Std140));
    assert!(fields(&s, b)[0].row_major);
    assert_eq!(fields(&s, b)[0].matrix_stride, Some(16));
    // Buffer blocks: std430 from `layout(std430) buffer;`, row-major only from `uniform`.
    let c = var(&s, "C");
    assert_eq!(c.packing, Some(BlockPacking::Std430));
    assert!(!fields(&s, c)[0].row_major);
    let f = &fields(&s, c)[1];
    assert_eq!(f.offset, Some(32));
    assert!(matches!(s.types.get(f.ty), Type::Array { stride: 4, .. }));
    let d = var(&s, "D");
    assert_eq!(d.packing, Some(BlockPacking::Scalar));
    assert!(!fields(&s, d)[0].row_major);
    assert_eq!(fields(&s, d)[0].matrix_stride, Some(12));
    assert_eq!(var(&s, "E").packing, Some(BlockPacking::Packed));
}

#[test]
fn push_constants_default_to_std430() {
    let s = lower_opts(
        "a.frag",
        "#version 450\n\
         layout(push_constant) uniform P { float f[2]; } pc;\n\
         layout(location = 0) out vec4 o;\n\
         void main() { o = vec4(pc.f[1]); }\n",
        &vulkan(),
    );
    let p = var(&s, "P");
    assert_eq!(p.mode, VarMode::PushConstant);
    assert_eq!(p.packing, Some(BlockPacking::Std430));
    assert!(matches!(
        s.types.get(fields(&s, p)[0].ty),
        Type::Array { stride: 4, .. }
    ));
}

#[test]
fn specialization_constants_and_local_size_ids() {
    let s = lower_opts(
        "a.comp",
        "#version 450\n\
         layout(local_size_x_id = 3, local_size_y = 2, local_size_z_id = 5) in;\n\
         layout(constant_id = 7) const float F = 2.5;\n\
         layout(constant_id = 1) const int N = -4;\n\
         layout(constant_id = 2) const bool B = true;\n\
         const int PLAIN = 3;\n\
         layout(binding = 0) buffer Out { float r; } o;\n\
         void main() { o.r = F + float(N + PLAIN) + (B ? 1.0 : 0.0); }\n",
        &vulkan(),
    );
    assert_eq!(s.info.local_size_id, [Some(3), None, Some(5)]);
    assert_eq!(s.info.local_size[1], 2);
    let sc = &s.info.spec_constants;
    assert_eq!(sc.len(), 3, "{sc:?}");
    assert_eq!((sc[0].id, sc[0].name.as_str()), (7, "F"));
    assert_eq!(
        sc[0].value,
        Constant::Vector(vec![u64::from(2.5f32.to_bits())])
    );
    assert_eq!((sc[1].id, sc[1].name.as_str()), (1, "N"));
    assert_eq!(
        sc[1].value,
        Constant::Vector(vec![u64::from((-4i32) as u32)])
    );
    assert_eq!(s.types.display(sc[1].ty), "i32");
    assert_eq!(
        (sc[2].id, sc[2].value.clone()),
        (2, Constant::Vector(vec![1]))
    );
    assert_eq!(s.types.display(sc[2].ty), "bool");
}

#[test]
fn geometry_and_tessellation_modes() {
    let s = lower(
        "a.geom",
        "#version 450\n\
         layout(triangles, invocations = 2) in;\n\
         layout(line_strip, max_vertices = 4) out;\n\
         layout(stream = 1) out vec4 v;\n\
         void main() { v = gl_in[0].gl_Position; EmitStreamVertex(1); }\n",
    );
    let g = s.info.geometry.as_ref().expect("geometry info");
    assert_eq!(
        (
            g.input.as_str(),
            g.output.as_str(),
            g.max_vertices,
            g.invocations
        ),
        ("triangles", "line_strip", 4, 2)
    );
    assert_eq!(var(&s, "v").stream, Some(1));

    let s = lower(
        "a.tese",
        "#version 450\n\
         layout(quads, fractional_odd_spacing, cw, point_mode) in;\n\
         void main() { gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; }\n",
    );
    assert_eq!(s.stage, Stage::TessEval);
    assert_eq!(s.info.tess_primitive.as_deref(), Some("quads"));
    assert_eq!(
        s.info.tess_spacing.as_deref(),
        Some("fractional_odd_spacing")
    );
    assert_eq!(s.info.tess_order.as_deref(), Some("cw"));
    assert!(s.info.tess_point_mode);

    let s = lower(
        "a.tesc",
        "#version 450\n\
         layout(vertices = 4) out;\n\
         void main() { gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; }\n",
    );
    assert_eq!(s.info.tess_vertices, Some(4));
}

#[test]
fn fragment_modes() {
    let s = lower(
        "a.frag",
        "#version 450\n\
         #extension GL_KHR_blend_equation_advanced : require\n\
         layout(early_fragment_tests) in;\n\
         layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n\
         layout(depth_greater) out float gl_FragDepth;\n\
         layout(blend_support_multiply, blend_support_screen) out;\n\
         layout(location = 0) out vec4 o;\n\
         void main() { o = gl_FragCoord; gl_FragDepth = 0.5; }\n",
    );
    let i = &s.info;
    assert!(i.early_fragment_tests && i.origin_upper_left && i.pixel_center_integer);
    assert_eq!(i.depth_layout.as_deref(), Some("depth_greater"));
    assert_eq!(
        i.blend_support,
        ["blend_support_multiply", "blend_support_screen"]
    );
    assert!(i.other_modes.is_empty(), "{:?}", i.other_modes);
}

#[test]
fn input_attachments_and_bindings() {
    let s = lower_opts(
        "a.frag",
        "#version 450\n\
         layout(input_attachment_index = 2, set = 1, binding = 3) uniform subpassInput si;\n\
         layout(location = 0) out vec4 o;\n\
         void main() { o = subpassLoad(si); }\n",
        &vulkan(),
    );
    let si = var(&s, "si");
    assert_eq!(
        (si.input_attachment_index, si.set, si.binding),
        (Some(2), Some(1), Some(3))
    );
}

/// `f /= 3`: the checker converts the right side (as for `f / 3`).
#[test]
fn compound_assignment_converts_in_the_hir() {
    let run = fresnel::check(
        SourceInput::new(
            "a.frag",
            "#version 450\nout vec4 o;\nuniform int k;\nvoid main() { float f = 1.0; f /= 3; vec3 v = vec3(1.0); v *= k; o = vec4(v, f); }\n",
        ),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(!run.has_errors());
    let m = run.hir.as_ref().expect("checked");
    use fresnel::sema::constant::ConstValue;
    use fresnel::sema::hir::ExprKind;
    use fresnel::sema::types::{Scalar, Type as HType};
    let mut compound = 0;
    for e in &m.exprs {
        if let ExprKind::Assign {
            op: Some(_), rhs, ..
        } = e.kind
        {
            compound += 1;
            // A converted constant is folded: `3.0`.
            let r = m.expr(rhs);
            assert!(
                matches!(
                    r.kind,
                    ExprKind::Const(ConstValue::F32(_)) | ExprKind::Convert(_)
                ),
                "{:?}",
                r.kind
            );
            assert_eq!(m.types.get(r.ty), &HType::Scalar(Scalar::F32));
        }
    }
    assert_eq!(compound, 2);
    // And the lowering computes with a float 3.0.
    let s = lower(
        "a.frag",
        "#version 450\nuniform float u;\nout vec4 o;\nvoid main() { float f = u; f /= 3; o = vec4(f); }\n",
    );
    let text = print(&s);
    assert!(text.contains("0x40400000"), "{text}");
}

#[test]
fn parse_rejects_bad_decorations() {
    let base = "shader fragment\ninfo local_size=1x1x1\n\nblock struct %B { f32 a; f32 b; }\n";
    for (text, msg) in [
        (
            format!("{base}var @0 ubo %B B members[3] {{ }}\n"),
            "member decorations for",
        ),
        (
            format!("{base}var @0 ubo %B B members[2] {{ 2 (flat); }}\n"),
            "member 2 of 2",
        ),
        (
            format!("{base}var @0 ubo %B B members[2] {{ 0 (bogus); }}\n"),
            "unknown member attribute",
        ),
        (
            format!("{base}var @0 ubo %B B (packing=std999)\n"),
            "unknown block packing",
        ),
        (
            format!("{base}var @0 shader_in f32 x (packing=std140)\n"),
            "has a block packing",
        ),
        (
            "shader compute\ninfo local_size=1x1x1 spec_const(1 f32x2 v (0x0, 0x0))\n".to_string(),
            "must be a scalar",
        ),
        (
            "shader compute\ninfo local_size=1x1x1 spec_const(1 f32 a (0x0)) spec_const(1 f32 b (0x0))\n"
                .to_string(),
            "id 1 used twice",
        ),
    ] {
        let err = match fresnel::ir::parse(&text) {
            Err(e) => e.to_string(),
            Ok(s) => fresnel::ir::validate(&s)
                .err()
                .map(|v| v.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))
                .unwrap_or_else(|| panic!("accepted:\n{text}")),
        };
        assert!(err.contains(msg), "{err}\n(wanted {msg:?}) in\n{text}");
    }
}

fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| fresnel::Stage::from_extension(e).is_some())
        {
            out.push(p);
        }
    }
}

/// Every shader of the glslang and naga corpora that lowers prints to a text that parses
/// back to the same text (all decorations included), for the OpenGL and Vulkan targets.
/// Skipped without the corpora.
#[test]
#[ignore = "about a minute in debug builds: run with `-- --ignored`"]
fn corpus_ir_text_round_trips() {
    let mut files = Vec::new();
    for d in ["glslang", "naga"] {
        collect(
            &std::path::Path::new("/work/shared/corpus").join(d),
            &mut files,
        );
    }
    let (mut lowered, mut failures) = (0, Vec::new());
    // Stage-wide qualifiers recorded only by name (for the report).
    let mut other = std::collections::BTreeSet::new();
    for f in &files {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        let name = f.to_string_lossy();
        for opts in [Options::default(), vulkan()] {
            let run = fresnel::lower_to_ir(SourceInput::new(&name, &src), &opts, &mut NoIncludes);
            let Some(ir) = run.ir else { continue };
            lowered += 1;
            for (m, _) in &ir.info.other_modes {
                other.insert(m.clone());
            }
            let text = print(&ir);
            match fresnel::ir::parse(&text) {
                Ok(p) if print(&p) == text => {}
                Ok(_) => failures.push(format!("{name}: printed text differs after parsing")),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    eprintln!("{lowered} lowered shaders round-tripped; other stage modes: {other:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Qualifiers on the members of a redeclared `gl_PerVertex` reach the flattened built-ins.
#[test]
fn redeclared_builtin_block_members_keep_their_qualifiers() {
    let s = lower(
        "a.vert",
        "#version 450\n\
         out gl_PerVertex { invariant vec4 gl_Position; float gl_PointSize; };\n\
         void main() { gl_Position = vec4(1.0); gl_PointSize = 2.0; }\n",
    );
    let p = var(&s, "gl_Position");
    assert!(p.builtin && p.invariant);
    assert!(!var(&s, "gl_PointSize").invariant);

    let s = lower(
        "b.vert",
        "#version 450\n\
         invariant gl_Position;\n\
         void main() { gl_Position = vec4(1.0); }\n",
    );
    assert!(var(&s, "gl_Position").invariant);
}

/// `layout(xfb_buffer = b) out;` applies to the declarations after it; a stride set while a
/// buffer is current belongs to that buffer (glslang's spv.xfb.vert: out1 is in buffer 3
/// with stride 48, although buffer 2 is the default set last).
#[test]
fn transform_feedback_defaults_follow_declaration_order() {
    let s = lower(
        "x.vert",
        "#version 450\nlayout(xfb_buffer = 3) out;\nlayout(xfb_stride = 48) out;\n\
         layout(xfb_offset = 12, location = 0) out float out1;\n\
         layout(xfb_buffer = 2) out;\nlayout(xfb_offset = 0, location = 1) out float out2;\n\
         void main() { out1 = 1.0; out2 = 2.0; }\n",
    );
    let o1 = var(&s, "out1");
    assert_eq!((o1.xfb_buffer, o1.xfb_stride), (Some(3), Some(48)));
    let o2 = var(&s, "out2");
    assert_eq!((o2.xfb_buffer, o2.xfb_stride), (Some(2), None));
}

/// An array of blocks has no stride: each element is a buffer of its own (the block is
/// not the 8-byte buffer reference a block type inside a block is). Arrays inside the
/// block keep theirs.
#[test]
fn arrays_of_blocks_have_no_stride() {
    let s = lower(
        "t.frag",
        "#version 430\n\
         uniform block { vec4 color[2]; } arr[4];\n\
         layout(std430) buffer S { float f[3]; } s[2][3];\n\
         uniform int n;\nout vec4 o;\n\
         void main() { o = arr[n].color[1] + vec4(s[1][n].f[2]); }\n",
    );
    let arr = var(&s, "block");
    let Type::Array {
        elem,
        len: 4,
        stride: 0,
    } = *s.types.get(arr.ty)
    else {
        panic!("{:?}", s.types.get(arr.ty));
    };
    let Type::Struct { fields, .. } = s.types.get(elem) else {
        panic!("{:?}", s.types.get(elem));
    };
    assert!(matches!(
        s.types.get(fields[0].ty),
        Type::Array { stride: 16, .. }
    ));
    let ssbo = var(&s, "S");
    let Type::Array {
        elem, stride: 0, ..
    } = *s.types.get(ssbo.ty)
    else {
        panic!("{:?}", s.types.get(ssbo.ty));
    };
    assert!(matches!(
        s.types.get(elem),
        Type::Array {
            stride: 0,
            len: 3,
            ..
        }
    ));
}
