//! The dEQP runner's link-time checks over whole programs (vertex, tessellation, geometry
//! and fragment shaders): every rule rejects a bad program and accepts a good one. Each
//! program is an `expect link_fail` case; a good program fails its case with "the program
//! links", a bad one passes.

use std::process::Command;

mod support;

const VS: &str = "gl_Position = vec4(0.0);";
const TCS_LAYOUT: &str = "layout(vertices = 3) out;";
const TCS_BODY: &str = "gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; \
     gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0; \
     gl_TessLevelInner[0] = 1.0;";
const TES_LAYOUT: &str = "layout(triangles) in;";
const TES_BODY: &str = "gl_Position = gl_in[0].gl_Position;";
const GS_LAYOUT: &str = "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;";
const GS_BODY: &str = "gl_Position = gl_in[0].gl_Position; EmitVertex();";

/// One stage: declarations and the statements of `main`.
struct St<'a> {
    decls: &'a str,
    body: &'a str,
}

fn st<'a>(decls: &'a str, body: &'a str) -> Option<St<'a>> {
    Some(St { decls, body })
}

/// A program: vertex and fragment always, the others when given.
struct Prog<'a> {
    vs: St<'a>,
    tcs: Option<St<'a>>,
    tes: Option<St<'a>>,
    gs: Option<St<'a>>,
    fs: St<'a>,
}

fn stage(out: &mut String, kw: &str, s: &St<'_>, prelude: &str) {
    out.push_str(&format!(
        "    {kw} \"\"\n        #version 320 es\n        precision highp float;\n        {prelude}\n        {}\n        void main() {{ {} }}\n    \"\"\n",
        s.decls, s.body
    ));
}

fn case(name: &str, expect: &str, p: &Prog<'_>) -> String {
    let mut s = format!("case {name}\n    version 320 es\n    expect {expect}\n");
    stage(&mut s, "vertex", &p.vs, "");
    if let Some(t) = &p.tcs {
        stage(&mut s, "tessellation_control", t, "");
    }
    if let Some(t) = &p.tes {
        stage(&mut s, "tessellation_evaluation", t, "");
    }
    if let Some(t) = &p.gs {
        stage(&mut s, "geometry", t, "");
    }
    stage(
        &mut s,
        "fragment",
        &p.fs,
        "layout(location = 0) out vec4 dEQP_FragColor;",
    );
    s.push_str("end\n");
    s
}

fn fs(decls: &'static str, body: &'static str) -> St<'static> {
    St { decls, body }
}

/// A full pipeline with the default layouts; `f` adjusts it.
fn full(f: impl FnOnce(&mut Prog<'static>)) -> Prog<'static> {
    let mut p = Prog {
        vs: St {
            decls: "",
            body: VS,
        },
        tcs: st(TCS_LAYOUT, TCS_BODY),
        tes: st(TES_LAYOUT, TES_BODY),
        gs: st(GS_LAYOUT, GS_BODY),
        fs: fs("", "dEQP_FragColor = vec4(1.0);"),
    };
    f(&mut p);
    p
}

/// (name, good program, bad program) for every rule.
fn rules() -> Vec<(&'static str, Prog<'static>, Prog<'static>)> {
    vec![
        (
            "tess_patch",
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; patch out float pv;",
                    "pv = 1.0; gl_TessLevelOuter[0] = 1.0;",
                );
                p.tes = st(
                    "layout(triangles) in; patch in float pv;",
                    "gl_Position = vec4(pv);",
                );
            }),
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; patch out float pv;",
                    "pv = 1.0; gl_TessLevelOuter[0] = 1.0;",
                );
                p.tes = st(
                    "layout(triangles) in; in float pv[];",
                    "gl_Position = vec4(pv[0]);",
                );
            }),
        ),
        (
            "vertex_to_tcs_per_vertex_array",
            full(|p| {
                p.vs = St {
                    decls: "out vec2 vv;",
                    body: "vv = vec2(1.0); gl_Position = vec4(0.0);",
                };
                p.tcs = st(
                    "layout(vertices = 3) out; in vec2 vv[];",
                    "gl_TessLevelOuter[0] = vv[0].x;",
                );
            }),
            full(|p| {
                p.vs = St {
                    decls: "out vec2 vv;",
                    body: "vv = vec2(1.0); gl_Position = vec4(0.0);",
                };
                p.tcs = st(
                    "layout(vertices = 3) out; in vec3 vv[];",
                    "gl_TessLevelOuter[0] = vv[0].x;",
                );
            }),
        ),
        (
            "tcs_to_tes_per_vertex_outputs",
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; out float tv[];",
                    "tv[gl_InvocationID] = 1.0;",
                );
                p.tes = st(
                    "layout(triangles) in; in float tv[];",
                    "gl_Position = vec4(tv[1]);",
                );
            }),
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; out float tv[];",
                    "tv[gl_InvocationID] = 1.0;",
                );
                p.tes = st(
                    "layout(triangles) in; in int tv[];",
                    "gl_Position = vec4(tv[1]);",
                );
            }),
        ),
        (
            "tes_to_geometry_unwritten",
            full(|p| {
                p.tes = st("layout(triangles) in; out float gw;", "gw = 2.0;");
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; in float gw[];",
                    "gl_Position = vec4(gw[0]); EmitVertex();",
                );
            }),
            full(|p| {
                p.tes = st("layout(triangles) in; out float gx;", "gx = 2.0;");
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; in float gw[];",
                    "gl_Position = vec4(gw[0]); EmitVertex();",
                );
            }),
        ),
        (
            "io_block_by_block_name",
            full(|p| {
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; \
                     out Carrier { float a; vec2 b; } outer;",
                    "outer.a = 1.0; outer.b = vec2(0.0); EmitVertex();",
                );
                p.fs = fs(
                    "in Carrier { float a; vec2 b; } inner;",
                    "dEQP_FragColor = vec4(inner.a, inner.b, 1.0);",
                );
            }),
            full(|p| {
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; \
                     out Carrier { float a; vec2 b; } outer;",
                    "outer.a = 1.0; outer.b = vec2(0.0); EmitVertex();",
                );
                p.fs = fs(
                    "in Carrier { float a; vec3 b; } inner;",
                    "dEQP_FragColor = vec4(inner.a, inner.b);",
                );
            }),
        ),
        (
            "buffer_block_instance_name",
            full(|p| {
                p.tes = st(
                    "layout(triangles) in; layout(binding = 0) buffer Store { float x; } sa;",
                    "gl_Position = vec4(sa.x);",
                );
                p.fs = fs(
                    "layout(binding = 0) buffer Store { float x; } sb;",
                    "dEQP_FragColor = vec4(sb.x);",
                );
            }),
            full(|p| {
                p.tes = st(
                    "layout(triangles) in; layout(binding = 0) buffer Store { float x; } sa;",
                    "gl_Position = vec4(sa.x);",
                );
                p.fs = fs(
                    "layout(binding = 0) buffer Store { float x; };",
                    "dEQP_FragColor = vec4(x);",
                );
            }),
        ),
        (
            "unnamed_blocks_same_member_name",
            full(|p| {
                p.vs = St {
                    decls: "layout(binding = 0) buffer First { float shared_a; };",
                    body: "gl_Position = vec4(shared_a);",
                };
                p.fs = fs(
                    "layout(binding = 1) buffer Second { float shared_b; };",
                    "dEQP_FragColor = vec4(shared_b);",
                );
            }),
            full(|p| {
                p.vs = St {
                    decls: "layout(binding = 0) buffer First { float shared_a; };",
                    body: "gl_Position = vec4(shared_a);",
                };
                p.fs = fs(
                    "layout(binding = 1) buffer Second { float shared_a; };",
                    "dEQP_FragColor = vec4(shared_a);",
                );
            }),
        ),
        (
            "uniform_block_member_and_default_uniform",
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; uniform Params { float level; };",
                    "gl_TessLevelOuter[0] = level;",
                );
                p.fs = fs("uniform float tint;", "dEQP_FragColor = vec4(tint);");
            }),
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; uniform Params { float level; };",
                    "gl_TessLevelOuter[0] = level;",
                );
                p.fs = fs("uniform float level;", "dEQP_FragColor = vec4(level);");
            }),
        ),
        (
            "uniform_block_array_size",
            full(|p| {
                p.vs = St {
                    decls: "uniform Lights { vec4 c; } lights[2];",
                    body: "gl_Position = lights[1].c;",
                };
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; \
                     uniform Lights { vec4 c; } lamps[2];",
                    "gl_Position = lamps[0].c; EmitVertex();",
                );
            }),
            full(|p| {
                p.vs = St {
                    decls: "uniform Lights { vec4 c; } lights[2];",
                    body: "gl_Position = lights[1].c;",
                };
                p.gs = st(
                    "layout(triangles) in; layout(points, max_vertices = 1) out; \
                     uniform Lights { vec4 c; } lamps[3];",
                    "gl_Position = lamps[0].c; EmitVertex();",
                );
            }),
        ),
        (
            "uniform_type_across_tessellation",
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; uniform float scale;",
                    "gl_TessLevelOuter[0] = scale;",
                );
                p.tes = st(
                    "layout(triangles) in; uniform float scale;",
                    "gl_Position = vec4(scale);",
                );
            }),
            full(|p| {
                p.tcs = st(
                    "layout(vertices = 3) out; uniform float scale;",
                    "gl_TessLevelOuter[0] = scale;",
                );
                p.tes = st(
                    "layout(triangles) in; uniform vec2 scale;",
                    "gl_Position = vec4(scale, 0.0, 1.0);",
                );
            }),
        ),
        (
            "uniform_location_overlap",
            full(|p| {
                p.vs = St {
                    decls: "layout(location = 0) uniform float weights[3];",
                    body: "gl_Position = vec4(weights[2]);",
                };
                p.fs = fs(
                    "layout(location = 3) uniform float bias;",
                    "dEQP_FragColor = vec4(bias);",
                );
            }),
            full(|p| {
                p.vs = St {
                    decls: "layout(location = 0) uniform float weights[3];",
                    body: "gl_Position = vec4(weights[2]);",
                };
                p.fs = fs(
                    "layout(location = 2) uniform float bias;",
                    "dEQP_FragColor = vec4(bias);",
                );
            }),
        ),
        (
            "uniform_location_struct_overlap",
            full(|p| {
                p.tes = st(
                    "layout(triangles) in; struct Pair { float p; vec2 q; }; \
                     layout(location = 4) uniform Pair pair;",
                    "gl_Position = vec4(pair.p);",
                );
                p.fs = fs(
                    "layout(location = 6) uniform float other;",
                    "dEQP_FragColor = vec4(other);",
                );
            }),
            full(|p| {
                p.tes = st(
                    "layout(triangles) in; struct Pair { float p; vec2 q; }; \
                     layout(location = 4) uniform Pair pair;",
                    "gl_Position = vec4(pair.p);",
                );
                p.fs = fs(
                    "layout(location = 5) uniform float other;",
                    "dEQP_FragColor = vec4(other);",
                );
            }),
        ),
        (
            "uniform_same_location_in_every_stage",
            full(|p| {
                p.vs = St {
                    decls: "layout(location = 1) uniform float gain;",
                    body: "gl_Position = vec4(gain);",
                };
                p.fs = fs(
                    "layout(location = 1) uniform float gain;",
                    "dEQP_FragColor = vec4(gain);",
                );
            }),
            full(|p| {
                p.vs = St {
                    decls: "layout(location = 1) uniform float gain;",
                    body: "gl_Position = vec4(gain);",
                };
                p.fs = fs(
                    "layout(location = 2) uniform float gain;",
                    "dEQP_FragColor = vec4(gain);",
                );
            }),
        ),
        (
            "tcs_output_patch_size",
            full(|_| {}),
            full(|p| p.tcs = st("", TCS_BODY)),
        ),
        (
            "tes_primitive_mode",
            full(|_| {}),
            full(|p| p.tes = st("layout(ccw) in;", TES_BODY)),
        ),
    ]
}

#[test]
fn link_checks_cover_every_stage() {
    let d = support::scratch("deqp-link", "rules");
    let mut file = String::new();
    let rules = rules();
    for (name, good, bad) in &rules {
        file.push_str(&case(&format!("{name}_good"), "link_fail", good));
        file.push_str(&case(&format!("{name}_bad"), "link_fail", bad));
        file.push_str(&case(
            &format!("{name}_bad_compile_or_link"),
            "compile_or_link_fail",
            bad,
        ));
    }
    let f = d.join("link.test");
    std::fs::write(&f, &file).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .arg("deqp")
        .arg(&f)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |case: &str| {
        text.lines()
            .find(|l| l.contains(&format!(":{case}: ")))
            .map(str::to_string)
    };
    for (name, _, _) in &rules {
        // A good program links (its `expect link_fail` case fails for that reason only).
        let good = line(&format!("{name}_good"));
        assert!(
            good.as_deref()
                .is_some_and(|l| l.ends_with("but the program links")),
            "{name}: the good program does not link: {good:?}\n{text}"
        );
        for bad in [format!("{name}_bad"), format!("{name}_bad_compile_or_link")] {
            assert_eq!(line(&bad), None, "{bad}: accepted\n{text}");
        }
    }
    let n = rules.len();
    assert_eq!(
        text.lines().last(),
        Some(format!("{} passed, {n} failed, 0 skipped", 2 * n).as_str()),
        "{text}"
    );
}

/// A pipeline of a separable vertex program and a separable fragment program.
fn pipeline(name: &str, vs_decls: &str, vs_body: &str, fs_decls: &str, fs_body: &str) -> String {
    format!(
        "case {name}\n    version 320 es\n    expect validation_fail\n\
         \x20   pipeline_program\n        active_stages {{vertex}}\n        vertex \"\"\n\
         \x20           #version 320 es\n            {vs_decls}\n\
         \x20           void main() {{ {vs_body} gl_Position = vec4(0.0); }}\n        \"\"\n    end\n\
         \x20   pipeline_program\n        active_stages {{fragment}}\n        fragment \"\"\n\
         \x20           #version 320 es\n            precision highp float;\n\
         \x20           layout(location = 0) out vec4 dEQP_FragColor;\n            {fs_decls}\n\
         \x20           void main() {{ {fs_body} }}\n        \"\"\n    end\nend\n"
    )
}

#[test]
fn pipeline_validation_matches_separable_interfaces_exactly() {
    let d = support::scratch("deqp-link", "pipeline");
    let cases = [
        pipeline(
            "matching_good",
            "out mediump float tone; layout(location = 2) out highp vec2 spot;",
            "tone = 1.0; spot = vec2(0.0);",
            "in mediump float tone; layout(location = 2) in highp vec2 spot;",
            "dEQP_FragColor = vec4(tone, spot, 1.0);",
        ),
        pipeline(
            "unconsumed_output_bad",
            "out mediump float tone; out mediump float extra;",
            "tone = 1.0; extra = 2.0;",
            "in mediump float tone;",
            "dEQP_FragColor = vec4(tone);",
        ),
        pipeline(
            "precision_bad",
            "out highp float tone;",
            "tone = 1.0;",
            "in mediump float tone;",
            "dEQP_FragColor = vec4(tone);",
        ),
        pipeline(
            "implicit_explicit_location_bad",
            "out mediump float tone;",
            "tone = 1.0;",
            "layout(location = 1) in mediump float tone;",
            "dEQP_FragColor = vec4(tone);",
        ),
    ];
    let f = d.join("pipeline.test");
    std::fs::write(&f, cases.concat()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fresnel"))
        .arg("deqp")
        .arg(&f)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.contains(":matching_good: ") && l.ends_with("but the program links")),
        "{text}"
    );
    assert_eq!(
        text.lines().last(),
        Some("3 passed, 1 failed, 0 skipped"),
        "{text}"
    );
}
