//! Stage interface rules (`check/interface.rs`): a shader that keeps each rule and one that
//! breaks it, with the message expected.

mod support;

fn errors(name: &str, src: &str) -> Vec<String> {
    support::errors_of(name, src, &fresnel::Options::default())
}

#[track_caller]
fn ok(name: &str, src: &str) {
    let e = errors(name, src);
    assert!(e.is_empty(), "{name}: unexpected errors {e:?}\n{src}");
}

#[track_caller]
fn fails(name: &str, src: &str, needle: &str) {
    let e = errors(name, src);
    assert!(
        e.iter().any(|m| m.contains(needle)),
        "{name}: expected an error containing {needle:?}, got {e:?}\n{src}"
    );
}

// ---- geometry shaders ----

#[test]
fn geometry_inputs_are_arrays() {
    let head = "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\n";
    ok("t.geom", &format!("{head}in vec4 x[];\nin B {{ vec4 c; }} b[];\nvoid main() {{ gl_Position = x[0] + b[1].c; EmitVertex(); }}"));
    fails(
        "t.geom",
        &format!("{head}in vec4 x;\nvoid main() {{}}"),
        "geometry shader inputs must be arrays",
    );
    fails(
        "t.geom",
        &format!("{head}in B {{ vec4 c; }} b;\nvoid main() {{}}"),
        "geometry shader inputs must be arrays",
    );
    fails(
        "t.geom",
        &format!("{head}in B {{ vec4 c; }};\nvoid main() {{}}"),
        "needs an instance name",
    );
}

/// GL_ARB_geometry_shader4 / GL_EXT_geometry_shader4 before GLSL 1.50: the `...In` per-vertex
/// inputs, `gl_VerticesIn` as a constant expression, the vertex outputs, `EmitVertex`, and
/// inputs holding one array per vertex.
#[test]
fn geometry_shader4_before_glsl_150() {
    for ext in ["GL_ARB_geometry_shader4", "GL_EXT_geometry_shader4"] {
        let head = format!("#version 120\n#extension {ext} : enable\n");
        ok(
            "t.geom",
            &format!(
                "{head}varying in float a[][3];\nvarying in vec2 b[gl_VerticesIn];\nvarying out vec4 c;\n\
                 float f[gl_VerticesIn];\nconst int n = gl_VerticesIn;\n\
                 void main() {{ for (int i = 0; i < gl_VerticesIn; i++) {{\n\
                 gl_Position = gl_PositionIn[i] * a[i][2] + gl_TexCoordIn[i][1];\n\
                 gl_FrontColor = gl_FrontColorIn[i]; gl_PointSize = gl_PointSizeIn[i];\n\
                 gl_PrimitiveID = gl_PrimitiveIDIn; gl_Layer = 0; c = vec4(b[i], 0.0, 1.0);\n\
                 EmitVertex(); }} EndPrimitive(); }}"
            ),
        );
        // The constant bounds the per-vertex arrays.
        fails(
            "t.geom",
            &format!(
                "{head}void main() {{ gl_Position = gl_PositionIn[gl_VerticesIn]; EmitVertex(); }}"
            ),
            "out of range",
        );
        // Two dimensions for geometry inputs only.
        fails(
            "t.geom",
            &format!("{head}void main() {{ float x[2][2]; gl_Position = vec4(x[0][0]); }}"),
            "arrays of arrays",
        );
        fails(
            "t.geom",
            &format!("{head}varying in float a[][3];\nvoid main() {{ float s = a[0][3]; }}"),
            "index 3 is out of range",
        );
        // An unsized input takes the size `gl_VerticesIn` (the ARB spec's implicit size), so
        // it is a sized array: its length is that constant and bounds constant indices.
        ok(
            "t.geom",
            &format!(
                "{head}varying in float a[][3];\n\
                 float t[a.length() == gl_VerticesIn ? 1 : -1];\n\
                 void main() {{ float s = a[gl_VerticesIn - 1][0]; }}"
            ),
        );
        fails(
            "t.geom",
            &format!("{head}varying in float a[];\nvoid main() {{ float s = a[gl_VerticesIn]; }}"),
            "out of range",
        );
    }
    // Without the extension these names do not exist.
    fails(
        "t.geom",
        "#version 120\nvoid main() { gl_Position = gl_PositionIn[0]; }",
        "`gl_PositionIn` is not declared",
    );
    // From GLSL 1.50 the core names serve, the extension enabled or not.
    ok(
        "t.geom",
        "#version 150\n#extension GL_ARB_geometry_shader4 : enable\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }",
    );
    fails(
        "t.geom",
        "#version 120\n#extension GL_ARB_geometry_shader4 : enable\nvarying in float a[][3];\nvoid main() { float s = gl_ClipDistanceIn[0][0]; }",
        "`gl_ClipDistanceIn` is not declared",
    );
}

#[test]
fn geometry_input_sizes_follow_the_primitive() {
    ok(
        "t.geom",
        "#version 150\nlayout(lines) in;\nin vec4 c[2];\nvoid main() {}",
    );
    fails(
        "t.geom",
        "#version 150\nlayout(lines) in;\nin vec4 c[3];\nvoid main() {}",
        "the input primitive has 2 vertices",
    );
    fails(
        "t.geom",
        "#version 150\nlayout(lines) in;\nin B { vec4 c; } b[3];\nvoid main() {}",
        "the input primitive has 2 vertices",
    );
    fails(
        "t.geom",
        "#version 150\nin vec4 a[2];\nin vec4 b[3];\nvoid main() {}",
        "geometry shader input sizes are inconsistent",
    );
    // An unsized input indexed before the layout sizes it.
    fails(
        "t.geom",
        "#version 150\nin vec4 c[];\nvec4 f() { return c[2]; }\nlayout(lines) in;\nvoid main() {}",
        "index 2 is out of range",
    );
    ok(
        "t.geom",
        "#version 150\nin vec4 c[];\nvec4 f() { return c[1]; }\nlayout(lines) in;\nvoid main() {}",
    );
    // `.length()` needs the layout first.
    fails(
        "t.geom",
        "#version 150\nin vec4 c[];\nint f() { return c.length(); }\nlayout(lines) in;\nvoid main() {}",
        "needs the input primitive layout",
    );
    ok("t.geom", "#version 150\nlayout(lines) in;\nin vec4 c[];\nint f() { return c.length(); }\nvoid main() {}");
}

#[test]
fn emit_stream_vertex_stream_in_range() {
    let head = "#version 400\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n";
    ok(
        "t.geom",
        &format!("{head}void main() {{ EmitStreamVertex(1); }}"),
    );
    fails(
        "t.geom",
        &format!("{head}void main() {{ EmitStreamVertex(4); }}"),
        "stream 4 is out of range",
    );
}

// ---- tessellation shaders ----

#[test]
fn tessellation_per_vertex_arrays() {
    let tcs = "#version 400\nlayout(vertices = 3) out;\n";
    ok(
        "t.tesc",
        &format!("{tcs}in vec4 a[];\nout vec4 b[];\npatch out vec4 p;\nvoid main() {{}}"),
    );
    fails(
        "t.tesc",
        &format!("{tcs}in vec4 a;\nvoid main() {{}}"),
        "tessellation control shader inputs must be arrays",
    );
    fails(
        "t.tesc",
        &format!("{tcs}out vec4 b;\nvoid main() {{}}"),
        "tessellation control shader per-vertex outputs must be arrays",
    );
    ok(
        "t.tese",
        "#version 400\nlayout(triangles) in;\nin vec4 a[];\npatch in vec4 p;\nvoid main() {}",
    );
    fails(
        "t.tese",
        "#version 400\nlayout(triangles) in;\nin vec4 a;\nvoid main() {}",
        "tessellation evaluation shader per-vertex inputs must be arrays",
    );
    fails(
        "t.tese",
        "#version 400\nlayout(triangles) in;\nin B { vec4 c; };\nvoid main() {}",
        "needs an instance name",
    );
}

#[test]
fn tessellation_array_sizes() {
    ok("t.tesc", "#version 400\nlayout(vertices = 3) out;\nout vec4 x[3];\nin vec4 y[gl_MaxPatchVertices];\nvoid main() {}");
    fails(
        "t.tesc",
        "#version 400\nlayout(vertices = 3) out;\nout vec4 x[4];\nvoid main() {}",
        "the output patch has 3 vertices",
    );
    // Declared before the layout: checked at the end.
    fails(
        "t.tesc",
        "#version 400\nout vec4 x[4];\nlayout(vertices = 3) out;\nvoid main() {}",
        "the output patch has 3 vertices",
    );
    fails(
        "t.tesc",
        "#version 400\nlayout(vertices = 3) out;\nin vec4 y[3];\nvoid main() {}",
        "must be sized gl_MaxPatchVertices",
    );
    ok(
        "t.tesc",
        "#version 400\nlayout(vertices = 3) out;\npatch out vec4 p[4];\nvoid main() {}",
    );
}

#[test]
fn tessellation_control_outputs_written_at_invocation_id() {
    let tcs = "#version 400\nlayout(vertices = 3) out;\nout vec4 x[];\nuniform int n;\n";
    ok(
        "t.tesc",
        &format!("{tcs}void main() {{ x[gl_InvocationID] = vec4(0); gl_out[gl_InvocationID].gl_Position = x[n]; }}"),
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ x[n] = vec4(0); }}"),
        "can be written only at index `gl_InvocationID`",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ int i = gl_InvocationID; x[i] = vec4(0); }}"),
        "can be written only at index `gl_InvocationID`",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ gl_out[0].gl_Position = vec4(0); }}"),
        "can be written only at index `gl_InvocationID`",
    );
}

#[test]
fn tessellation_control_barrier_placement() {
    let tcs = "#version 400\nlayout(vertices = 3) out;\nuniform bool c;\n";
    ok("t.tesc", &format!("{tcs}void main() {{ barrier(); }}"));
    fails(
        "t.tesc",
        &format!("{tcs}void f() {{ barrier(); }}\nvoid main() {{ f(); }}"),
        "only in `main()`",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ if (c) barrier(); }}"),
        "inside control flow",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ for (int i = 0; i < 2; i++) barrier(); }}"),
        "inside control flow",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ switch (int(c)) {{ default: barrier(); }} }}"),
        "inside control flow",
    );
    fails(
        "t.tesc",
        &format!("{tcs}void main() {{ if (c) return; barrier(); }}"),
        "after a `return`",
    );
    // Compute shaders have no such restriction.
    ok("t.comp", "#version 430\nlayout(local_size_x = 1) in;\nuniform bool c;\nvoid main() { if (c) barrier(); }");
}

// ---- fragment outputs ----

#[test]
fn frag_color_and_frag_data_not_both() {
    ok("t.frag", "void main() { gl_FragColor = vec4(1.0); }");
    ok("t.frag", "void main() { gl_FragData[0] = vec4(1.0); }");
    fails(
        "t.frag",
        "void main() { gl_FragColor = vec4(1.0); if (false) gl_FragData[0] = vec4(1.0); }",
        "cannot write both `gl_FragColor` and `gl_FragData`",
    );
}

#[test]
fn builtin_and_user_outputs_not_mixed() {
    ok(
        "t.frag",
        "#version 130\nout vec4 unused;\nvoid main() { gl_FragColor = vec4(1.0); }",
    );
    ok("t.frag", "#version 130\nvoid f(out vec4 v) { v = vec4(1.0); }\nvoid main() { vec4 v; f(v); gl_FragColor = v; }");
    fails(
        "t.frag",
        "#version 130\nout vec4 c;\nvoid main() { gl_FragColor = vec4(1.0); if (false) c = vec4(1.0); }",
        "`gl_FragColor` cannot be written in a shader that writes the user-defined output `c`",
    );
    fails(
        "t.frag",
        "#version 130\nout vec4 c;\nvoid main() { c = vec4(1.0); gl_FragData[0] = vec4(1.0); }",
        "`gl_FragData` cannot be written",
    );
}

#[test]
fn es_fragment_output_locations_and_indexing() {
    let es = "#version 300 es\nprecision mediump float;\n";
    ok(
        "t.frag",
        &format!("{es}out vec4 a;\nvoid main() {{ a = vec4(1.0); }}"),
    );
    ok(
        "t.frag",
        &format!("{es}layout(location = 0) out vec4 a;\nlayout(location = 1) out vec4 b;\nvoid main() {{ a = b = vec4(1.0); }}"),
    );
    fails(
        "t.frag",
        &format!("{es}layout(location = 0) out vec4 a;\nout vec4 b;\nvoid main() {{}}"),
        "each needs `layout(location = N)`",
    );
    ok(
        "t.frag",
        &format!("{es}out vec4 a[2];\nvoid main() {{ a[1] = vec4(1.0); }}"),
    );
    fails(
        "t.frag",
        &format!("{es}uniform int i;\nout vec4 a[2];\nvoid main() {{ a[i] = vec4(1.0); }}"),
        "indexed only with constant expressions in GLSL ES",
    );
}

#[test]
fn yuv_output_and_frag_depth() {
    let head = "#version 300 es\n#extension GL_EXT_YUV_target : require\nprecision mediump float;\nlayout(yuv) out vec4 color;\n";
    ok(
        "t.frag",
        &format!("{head}void main() {{ color = vec4(0.0); }}"),
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ color = vec4(0.0); gl_FragDepth = 0.5; }}"),
        "cannot write `gl_FragDepth`",
    );
}

// ---- built-in variables of each profile ----

#[test]
fn compatibility_builtins_need_the_compatibility_profile() {
    ok(
        "t.vert",
        "#version 120\nvoid main() { gl_FrontColor = gl_Color; gl_Position = ftransform(); }",
    );
    fails(
        "t.vert",
        "#version 140\nvoid main() { gl_FrontColor = vec4(0.0); }",
        "GLSL 1.40 provides it only with GL_ARB_compatibility",
    );
    ok("t.vert", "#version 140\n#extension GL_ARB_compatibility : enable\nvoid main() { gl_FrontColor = gl_Vertex; }");
    fails(
        "t.vert",
        "#version 140\nvoid main() { gl_Position = gl_Vertex; }",
        "`gl_Vertex` is not declared",
    );
    fails(
        "t.frag",
        "#version 140\nvoid main() { gl_FragColor = gl_Color; }",
        "compatibility-profile built-in",
    );
    // 1.50: members of gl_PerVertex / gl_PerFragment.
    fails(
        "t.vert",
        "#version 150\nvoid main() { gl_Position = gl_ClipVertex; }",
        "not available in the core profile",
    );
    fails("t.geom", "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { gl_Position = gl_in[0].gl_FrontColor; }", "not available in the core profile");
    ok("t.vert", "#version 150 compatibility\nvoid main() { gl_FrontColor = gl_Color; gl_Position = gl_ModelViewMatrix * gl_Vertex; }");
    ok("t.frag", "#version 150\n#extension GL_ARB_compatibility : enable\nvoid main() { gl_FragColor = gl_Color + gl_TexCoord[0]; }");
    fails(
        "t.frag",
        "#version 150\nvoid main() { gl_FragColor = gl_TexCoord[0]; }",
        "not available in the core profile",
    );
    fails(
        "t.vert",
        "#version 140\nuniform float x[gl_MaxLights];\nvoid main() {}",
        "`gl_MaxLights` is not declared",
    );
}

#[test]
fn clip_vertex_and_clip_distance_not_both() {
    ok(
        "t.vert",
        "#version 130\nvoid main() { gl_Position = vec4(0); gl_ClipDistance[0] = 1.0; }",
    );
    ok(
        "t.vert",
        "#version 130\nvoid main() { gl_Position = vec4(0); gl_ClipVertex = vec4(0); }",
    );
    fails(
        "t.vert",
        "#version 130\nvoid main() { gl_ClipVertex = vec4(0); gl_ClipDistance[0] = 1.0; }",
        "cannot write both `gl_ClipVertex` and `gl_ClipDistance`",
    );
}

#[test]
fn builtin_array_limits() {
    ok(
        "t.vert",
        "#version 130\nvoid main() { gl_ClipDistance[7] = 1.0; }",
    );
    fails(
        "t.vert",
        "#version 130\nvoid main() { gl_ClipDistance[8] = 1.0; }",
        "at most gl_MaxClipDistances",
    );
    fails(
        "t.geom",
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nuniform int i;\nvoid main() { gl_Position = vec4(gl_in[0].gl_ClipDistance[i]); }",
        "can be indexed only with constant expressions",
    );
    ok(
        "t.geom",
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { gl_Position = vec4(gl_in[0].gl_ClipDistance[2]); }",
    );
    fails(
        "t.geom",
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nvoid main() { gl_Position = vec4(gl_in[0].gl_ClipDistance.length()); }",
        "`gl_ClipDistance.length()` is not known",
    );
    fails(
        "t.frag",
        "#version 320 es\nprecision mediump float;\nvoid main() { int v = gl_SampleMask[(gl_MaxSamples + 31) / 32]; }",
        "index 1 of `gl_SampleMask` is out of range",
    );
}

// ---- redeclarations ----

#[test]
fn builtin_redeclarations() {
    // Separate shader objects in GLSL ES.
    let sso = "#version 300 es\n#extension GL_EXT_separate_shader_objects : require\nin vec4 p;\n";
    ok(
        "t.vert",
        &format!("{sso}out highp vec4 gl_Position;\nvoid main() {{ gl_Position = p; }}"),
    );
    fails(
        "t.vert",
        "#version 300 es\nout highp vec4 gl_Position;\nvoid main() {}",
        "needs GL_EXT_separate_shader_objects",
    );
    fails(
        "t.vert",
        &format!(
            "{sso}void f() {{ gl_Position = p; }}\nout highp vec4 gl_Position;\nvoid main() {{}}"
        ),
        "must be redeclared before any use",
    );
    // gl_ClipVertex is a gl_PerVertex member from 1.50: redeclare the block instead.
    fails(
        "t.geom",
        "#version 150\n#extension GL_ARB_compatibility : enable\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nout vec4 gl_ClipVertex;\nvoid main() {}",
        "redeclare the block instead",
    );
    ok(
        "t.geom",
        "#version 150\n#extension GL_ARB_compatibility : enable\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nout vec4 gl_TexCoord[2];\nflat out vec4 gl_BackColor;\nvoid main() {}",
    );
    // Interpolation redeclarations of the colors exist from 1.30.
    ok(
        "t.vert",
        "#version 130\nflat out vec4 gl_FrontColor;\nvoid main() {}",
    );
    fails(
        "t.vert",
        "#version 120\nvarying vec4 gl_FrontColor;\nvoid main() {}",
        "only from GLSL 1.30",
    );
    fails(
        "t.frag",
        "#version 150\nin float gl_Foo;\nvoid main() {}",
        "reserved",
    );
}

#[test]
fn per_vertex_block_redeclarations() {
    let gs = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n";
    ok("t.geom", &format!("{gs}in gl_PerVertex {{ vec4 gl_Position; }} gl_in[];\nout gl_PerVertex {{ vec4 gl_Position; }};\nvoid main() {{ gl_Position = gl_in[0].gl_Position; }}"));
    ok(
        "t.geom",
        &format!("{gs}in gl_PerVertex {{ vec4 gl_Position; }} gl_in[3];\nvoid main() {{}}"),
    );
    fails(
        "t.geom",
        &format!("{gs}in gl_PerVertex {{ vec4 gl_Position; }};\nvoid main() {{}}"),
        "must be redeclared with its instance name `gl_in`",
    );
    fails(
        "t.geom",
        &format!("{gs}in gl_PerVertex {{ vec4 gl_Position; }} foo[];\nvoid main() {{}}"),
        "must keep its instance name `gl_in`, not `foo`",
    );
    fails(
        "t.geom",
        &format!("{gs}in gl_PerVertex {{ vec4 gl_Position; }} gl_in;\nvoid main() {{}}"),
        "must be redeclared as an array",
    );
    fails(
        "t.geom",
        &format!("{gs}out gl_PerVertex {{ vec4 gl_Position; }} foo[3];\nvoid main() {{}}"),
        "has no instance name",
    );
    fails(
        "t.geom",
        &format!(
            "{gs}in gl_PerVertex {{ vec4 gl_Position; vec4 junk; }} gl_in[];\nvoid main() {{}}"
        ),
        "`junk` is not a member of the built-in `gl_PerVertex` input block",
    );
    fails(
        "t.geom",
        &format!("{gs}in gl_PerVertex {{ vec3 gl_Position; }} gl_in[];\nvoid main() {{}}"),
        "a redeclaration cannot change it",
    );
    fails(
        "t.frag",
        "#version 150\nin gl_PerVertex { vec4 gl_Position; } gl_in[];\nvoid main() {}",
        "there is no built-in `gl_PerVertex` input block in fragment shaders",
    );
    fails(
        "t.vert",
        "#version 150\nout gl_PerVertex { vec4 gl_Position; };\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() {}",
        "can be redeclared only once",
    );
    fails(
        "t.vert",
        "#version 150\nvoid f() { gl_PointSize = 1.0; }\nout gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\nvoid main() {}",
        "must be redeclared before any use of it",
    );
    fails(
        "t.vert",
        "#version 150\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_PointSize = 1.0; }",
        "the redeclared `gl_PerVertex` block does not include it",
    );
    fails(
        "t.vert",
        "#version 150\nout float gl_ClipDistance[4];\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() {}",
        "was redeclared on its own",
    );
    fails(
        "t.tesc",
        "#version 400\nlayout(vertices = 4) out;\nout gl_PerVertex { vec4 gl_Position; } gl_out[3];\nvoid main() {}",
        "the output patch has 4 vertices",
    );
    fails(
        "t.vert",
        "#version 310 es\n#extension GL_OES_shader_io_blocks : require\nout gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[2]; };\nvoid main() {}",
        "`gl_ClipDistance` is not a member",
    );
}

// ---- invariant ----

#[test]
fn invariant_rules() {
    ok("t.frag", "#version 120\ninvariant varying vec4 a;\nvarying vec4 b;\ninvariant b;\nvoid main() { gl_FragColor = a + b; }");
    fails(
        "t.vert",
        "#version 120\ninvariant attribute vec2 x;\nvoid main() {}",
        "`invariant` applies only to outputs",
    );
    // GLSL 1.30-4.10: the inputs of a stage after the vertex shader may be invariant too
    // ("including those that are then input to a subsequent shader"); from 4.20 and
    // ES 3.00 on they may not.
    ok(
        "t.frag",
        "#version 130\ninvariant in vec4 a;\nvoid main() {}",
    );
    ok(
        "t.geom",
        "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\nin vec4 a[];\ninvariant a;\nvoid main() {}",
    );
    fails(
        "t.vert",
        "#version 150\ninvariant in vec4 a;\nvoid main() {}",
        "`invariant` applies only to outputs",
    );
    for version in ["420", "460", "300 es", "320 es"] {
        fails(
            "t.frag",
            &format!("#version {version}\nprecision mediump float;\ninvariant in vec4 a;\nvoid main() {{}}"),
            "`invariant` applies only to outputs",
        );
    }
    ok(
        "t.vert",
        "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() {}",
    );
    fails(
        "t.frag",
        "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() {}",
        "`#pragma STDGL invariant(all)` cannot be used in a GLSL ES fragment shader",
    );
    ok(
        "t.frag",
        "#version 100\n#pragma STDGL invariant(all)\nvoid main() {}",
    );
}

// ---- fragment shader interlock ----

#[test]
fn interlock_placement() {
    let head =
        "#version 450\n#extension GL_ARB_fragment_shader_interlock : require\nuniform bool c;\n";
    ok("t.frag", &format!("{head}void main() {{ if (c) discard; beginInvocationInterlockARB(); endInvocationInterlockARB(); }}"));
    fails(
        "t.frag",
        &format!("{head}void main() {{ if (c) {{ beginInvocationInterlockARB(); endInvocationInterlockARB(); }} }}"),
        "inside control flow",
    );
    fails(
        "t.frag",
        &format!("{head}void f() {{ beginInvocationInterlockARB(); }}\nvoid main() {{ f(); endInvocationInterlockARB(); }}"),
        "only in `main()`",
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ if (c) return; beginInvocationInterlockARB(); endInvocationInterlockARB(); }}"),
        "after a `return`",
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ beginInvocationInterlockARB(); beginInvocationInterlockARB(); endInvocationInterlockARB(); }}"),
        "can be called only once",
    );
    fails(
        "t.frag",
        &format!(
            "{head}void main() {{ endInvocationInterlockARB(); beginInvocationInterlockARB(); }}"
        ),
        "must come after the matching begin function",
    );
}

// ---- interpolation functions ----

#[test]
fn interpolant_is_a_shader_input() {
    let head = "#version 400\nin vec4 v;\nin vec4 arr[2];\nin B { vec4 m; } blk;\nuniform vec4 u;\nout vec4 o;\n";
    ok(
        "t.frag",
        &format!("{head}void main() {{ o = interpolateAtCentroid(v) + interpolateAtSample(arr[1], 0) + interpolateAtOffset(blk.m, vec2(0)); }}"),
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ o = interpolateAtCentroid(u); }}"),
        "must be a shader input",
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ o = interpolateAtCentroid(o); }}"),
        "must be a shader input",
    );
    fails(
        "t.frag",
        &format!("{head}void main() {{ o.xy = interpolateAtCentroid(v.xy); }}"),
        "cannot be swizzled before GLSL 4.40",
    );
    ok("t.frag", "#version 440\nin vec4 v;\nout vec4 o;\nvoid main() { o.xy = interpolateAtCentroid(v.xy); }");
    // GLSL ES: no members of named blocks or structures.
    fails(
        "t.frag",
        "#version 320 es\nprecision mediump float;\nin B { vec4 m; } blk;\nout vec4 o;\nvoid main() { o = interpolateAtCentroid(blk.m); }",
        "not a member of a structure or named block",
    );
}

// ---- input and output types ----

#[test]
fn input_output_types() {
    fails(
        "t.vert",
        "#version 130\nout bool b;\nvoid main() {}",
        "cannot be or contain booleans",
    );
    fails(
        "t.vert",
        "#version 150\nstruct S { bool b; };\nout S s;\nvoid main() {}",
        "cannot be or contain booleans",
    );
    fails(
        "t.vert",
        "#version 150\nout Blk { bool c; };\nvoid main() {}",
        "cannot be or contain booleans",
    );
    ok(
        "t.vert",
        "#version 150\nstruct S { float f; };\nout S s;\nvoid main() {}",
    );
    fails(
        "t.vert",
        "#version 130\nstruct S { float f; };\nout S s;\nvoid main() {}",
        "cannot be structures before GLSL 1.50",
    );
    fails(
        "t.vert",
        "#version 110\nvarying int i;\nvoid main() {}",
        "varyings can only be float",
    );
    fails(
        "t.frag",
        "#version 110\nstruct S { float f; };\nvarying S s;\nvoid main() {}",
        "varyings can only be float",
    );
    ok(
        "t.vert",
        "#version 110\nvarying mat3 m;\nvarying float f[2];\nvoid main() {}",
    );
    fails(
        "t.vert",
        "#version 110\nattribute ivec3 i;\nvoid main() {}",
        "vertex shader inputs can only be float",
    );
    fails(
        "t.vert",
        "#version 130\nin vec4 a[2];\nvoid main() {}",
        "cannot be arrays before GLSL 1.50",
    );
    ok("t.vert", "#version 150\nin vec4 a[2];\nvoid main() {}");
    fails(
        "t.vert",
        "#version 300 es\nin vec4 a[2];\nvoid main() {}",
        "cannot be arrays in GLSL ES",
    );
}

#[test]
fn layout_only_for_builtin_redeclarations() {
    fails(
        "t.frag",
        "#version 150\nlayout(origin_upper_left) uniform vec4 a;\nvoid main() {}",
        "applies only to a redeclaration of `gl_FragCoord`",
    );
    ok(
        "t.frag",
        "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nvoid main() {}",
    );
}

/// GL_ARB_fragment_coord_conventions redeclares `gl_FragCoord` with a layout and `in` from
/// GLSL 1.10 (piglit's `basic-qualifiers-both-origin-and-pixel.frag`); without the extension
/// there is no layout in GLSL 1.10, and a vertex shader gains no global `in` from it.
#[test]
fn frag_coord_conventions_redeclare_from_glsl_110() {
    let redeclared = "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n\
                      void main() { gl_FragColor = gl_FragCoord; }";
    ok(
        "t.frag",
        &format!(
            "#version 110\n#extension GL_ARB_fragment_coord_conventions : require\n{redeclared}"
        ),
    );
    // (`layout` is no keyword of GLSL 1.10 without an extension.)
    fails("t.frag", &format!("#version 110\n{redeclared}"), "`layout`");
    fails(
        "t.vert",
        "#version 110\n#extension GL_ARB_fragment_coord_conventions : require\nin vec4 a;\nvoid main() { gl_Position = a; }",
        "needs GLSL 130",
    );
}

/// GL_EXT_clip_cull_distance in GLSL ES: the vertex shader writes `gl_ClipDistance` and
/// `gl_CullDistance` (3.00 and, beside the gl_PerVertex block, 3.10), the fragment shader reads
/// them; without the extension they do not exist.
#[test]
fn es_clip_and_cull_distances_with_the_extension() {
    for version in ["300 es", "310 es", "320 es"] {
        let head = format!("#version {version}\n#extension GL_EXT_clip_cull_distance : require\n");
        ok(
            "t.vert",
            &format!(
                "{head}void main() {{ gl_ClipDistance[1] = 1.0; gl_CullDistance[0] = 0.5;\n\
                 gl_Position = vec4(float(gl_MaxClipDistances + gl_MaxCullDistances)); }}"
            ),
        );
        ok(
            "t.frag",
            &format!(
                "{head}precision mediump float;\nout vec4 c;\n\
                 void main() {{ c = vec4(gl_ClipDistance[0] + gl_CullDistance[0]); }}"
            ),
        );
        fails(
            "t.vert",
            &format!("#version {version}\nvoid main() {{ gl_ClipDistance[0] = 1.0; }}"),
            "`gl_ClipDistance` is not declared",
        );
    }
}

// ---- GLSL ES tessellation and geometry interfaces ----

/// GL_EXT/OES_geometry_shader and GL_EXT/OES_tessellation_shader implicitly enable
/// GL_EXT/OES_shader_io_blocks.
#[test]
fn es_geometry_and_tessellation_extensions_enable_io_blocks() {
    ok(
        "t.geom",
        "#version 310 es\n#extension GL_EXT_geometry_shader : require\n\
         layout(points) in;\nlayout(points, max_vertices = 1) out;\n\
         in Pipe { highp float v; } pin[];\nvoid main() { gl_Position = vec4(pin[0].v); EmitVertex(); }",
    );
    ok(
        "t.tesc",
        "#version 310 es\n#extension GL_OES_tessellation_shader : require\n\
         layout(vertices = 3) out;\nout Pipe { highp float v; } pout[];\n\
         void main() { pout[gl_InvocationID].v = 1.0; }",
    );
    fails(
        "t.vert",
        "#version 310 es\nout Pipe { highp float v; } vout;\nvoid main() { vout.v = 1.0; }",
        "input and output blocks",
    );
}

/// GLSL ES: tessellation and geometry inputs and outputs cannot be structures containing
/// arrays; per-patch variables cannot be arrays of structures.
#[test]
fn es_tessellation_interface_types() {
    let tcs = "#version 320 es\nlayout(vertices = 3) out;\n\
               struct Flat { highp float a; highp vec2 b; };\n\
               struct Nested { highp float a[2]; };\n";
    ok(
        "t.tesc",
        &format!("{tcs}patch out Flat one;\nout Flat each[];\nvoid main() {{ one.a = 1.0; }}"),
    );
    fails(
        "t.tesc",
        &format!("{tcs}patch out Flat many[2];\nvoid main() {{ many[0].a = 1.0; }}"),
        "arrays of structures",
    );
    fails(
        "t.tesc",
        &format!("{tcs}patch out Nested one;\nvoid main() {{ one.a[0] = 1.0; }}"),
        "a structure containing an array",
    );
}

/// GLSL ES inputs and outputs cannot be arrays of arrays (ES 3.20 "Input Variables", "Output
/// Variables"); the variables arrayed per vertex (tessellation inputs and control outputs,
/// geometry inputs) can hold one array each. Desktop GLSL allows arrays of arrays.
#[test]
fn es_inputs_and_outputs_are_not_arrays_of_arrays() {
    let fs = "#version 310 es\nprecision mediump float;\n";
    fails(
        "t.frag",
        &format!(
            "{fs}layout(location = 0) out vec4 o[2][2];\nvoid main() {{ o[0][0] = vec4(1.0); }}"
        ),
        "fragment shader outputs cannot be arrays of arrays",
    );
    fails(
        "t.frag",
        &format!("{fs}in vec4 v[2][2];\nout vec4 o;\nvoid main() {{ o = v[0][0]; }}"),
        "fragment shader inputs cannot be arrays of arrays",
    );
    fails(
        "t.vert",
        "#version 310 es\nout vec4[2] v[2];\nvoid main() { v[0][0] = vec4(1.0); gl_Position = vec4(0.0); }",
        "vertex shader outputs cannot be arrays of arrays",
    );
    ok(
        "t.frag",
        &format!("{fs}in vec4 v[2];\nlayout(location = 0) out vec4 o[2];\nvoid main() {{ o[0] = v[0]; o[1] = v[1]; }}"),
    );
    let tcs = "#version 320 es\nlayout(vertices = 3) out;\n";
    ok(
        "t.tesc",
        &format!("{tcs}in vec4 a[][2];\nout vec4 b[][2];\nvoid main() {{ b[gl_InvocationID][0] = a[0][1]; }}"),
    );
    fails(
        "t.tesc",
        &format!(
            "{tcs}out vec4 b[][2][2];\nvoid main() {{ b[gl_InvocationID][0][0] = vec4(1.0); }}"
        ),
        "beyond the per-vertex dimension",
    );
    fails(
        "t.tesc",
        &format!("{tcs}patch out vec4 p[2][2];\nvoid main() {{ p[0][0] = vec4(1.0); }}"),
        "per-patch outputs cannot be arrays of arrays",
    );
    let with_struct = format!("{tcs}struct S {{ highp float a; }};\n");
    ok(
        "t.tesc",
        &format!("{with_struct}out S s[];\nvoid main() {{ s[gl_InvocationID].a = 1.0; }}"),
    );
    fails(
        "t.tesc",
        &format!("{with_struct}out S s[][2];\nvoid main() {{ s[gl_InvocationID][0].a = 1.0; }}"),
        "arrays of structures beyond the per-vertex dimension",
    );
    fails(
        "t.geom",
        "#version 320 es\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\nout vec4 g[2][2];\nvoid main() { g[0][0] = vec4(1.0); gl_Position = vec4(0.0); EmitVertex(); }",
        "geometry shader outputs cannot be arrays of arrays",
    );
    ok(
        "t.frag",
        "#version 450\nin vec4 v[2][2];\nlayout(location = 0) out vec4 o;\nvoid main() { o = v[1][1]; }",
    );
    ok(
        "t.vert",
        "#version 450\nout vec4 v[2][2];\nvoid main() { v[0][0] = vec4(1.0); gl_Position = vec4(0.0); }",
    );
}

/// GLSL ES 3.20's tessellation and geometry `gl_PerVertex` holds `gl_Position` only:
/// `gl_PointSize` there needs GL_EXT/OES_tessellation_point_size or
/// GL_EXT/OES_geometry_point_size. Vertex shaders and desktop GLSL have it.
#[test]
fn es_point_size_in_tessellation_and_geometry() {
    let gs = "layout(triangles) in;\nlayout(points, max_vertices = 1) out;\n\
              void main() { gl_PointSize = gl_in[0].gl_PointSize; gl_Position = vec4(0.0); EmitVertex(); }";
    fails(
        "t.geom",
        &format!("#version 320 es\n{gs}"),
        "`gl_PointSize` in this stage",
    );
    ok(
        "t.geom",
        &format!("#version 320 es\n#extension GL_EXT_geometry_point_size : require\n{gs}"),
    );
    ok(
        "t.geom",
        &format!("#version 310 es\n#extension GL_OES_geometry_shader : require\n#extension GL_OES_geometry_point_size : require\n{gs}"),
    );
    ok("t.geom", &format!("#version 450\n{gs}"));
    let tcs =
        "layout(vertices = 3) out;\nvoid main() { gl_out[gl_InvocationID].gl_PointSize = 1.0; }";
    fails(
        "t.tesc",
        &format!("#version 320 es\n{tcs}"),
        "`gl_PointSize` in this stage",
    );
    ok(
        "t.tesc",
        &format!("#version 320 es\n#extension GL_EXT_tessellation_point_size : require\n{tcs}"),
    );
    fails(
        "t.tese",
        "#version 320 es\nlayout(triangles) in;\nvoid main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }",
        "`gl_PointSize` in this stage",
    );
    ok(
        "t.vert",
        "#version 320 es\nvoid main() { gl_PointSize = 1.0; gl_Position = vec4(0.0); }",
    );
}

/// "The auxiliary storage qualifier patch is not used for interpolation; it is a compile-time
/// error to use interpolation qualifiers with patch."
#[test]
fn patch_takes_no_interpolation_qualifier() {
    ok(
        "t.tese",
        "#version 450\nlayout(triangles) in;\npatch in vec4 p;\nvoid main() { gl_Position = p; }",
    );
    for interp in ["flat", "smooth", "noperspective"] {
        fails(
            "t.tese",
            &format!("#version 450\nlayout(triangles) in;\n{interp} patch in vec4 p;\nvoid main() {{ gl_Position = p; }}"),
            "interpolation qualifiers cannot be used with `patch`",
        );
    }
    fails(
        "t.tesc",
        "#version 320 es\nlayout(vertices = 3) out;\npatch flat out highp vec4 p;\nvoid main() { p = vec4(1.0); }",
        "interpolation qualifiers cannot be used with `patch`",
    ); // `patch` inputs exist only in evaluation shaders.
    fails(
        "t.tesc",
        "#version 450\nlayout(vertices = 3) out;\npatch in vec4 q;\nvoid main() { gl_out[gl_InvocationID].gl_Position = q; }",
        "`patch` applies to tessellation control outputs and evaluation inputs",
    );
}

/// "It is a compile-time error to use a block name at global scope for anything other than as
/// a block name": not as another block's instance name either (another interface may reuse it
/// as a block name).
#[test]
fn block_names_are_not_instance_names() {
    let head = "#version 320 es\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\nin fromVertex { highp vec3 color; } fromV[];\n";
    ok(
        "t.geom",
        &format!("{head}out fromVertex {{ highp vec3 color; }};\nvoid main() {{ color = fromV[0].color; gl_Position = vec4(0.0); EmitVertex(); }}"),
    );
    fails(
        "t.geom",
        &format!("{head}out fooB {{ highp vec2 color; }} fromVertex;\nvoid main() {{ fromVertex.color = vec2(0.0); gl_Position = vec4(0.0); EmitVertex(); }}"),
        "`fromVertex` is the name of an interface block",
    );
}
