//! `fresnel run` and `fresnel deqp` end to end on small inputs written here.

use std::process::Command;

mod support;

fn fresnel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fresnel"))
}

/// A scratch directory for one test (removed when the test ends).
fn temp_dir(name: &str) -> support::Scratch {
    support::scratch("cli", name)
}

#[test]
fn run_vertex_prints_outputs_as_json() {
    let d = temp_dir("runv");
    let f = d.join("a.vert");
    std::fs::write(
        &f,
        "#version 310 es\nin vec3 a;\nuniform mat2 m;\nout vec2 o;\nflat out int k;\n\
         void main() { o = m * a.xy; k = int(a.z) * 3; gl_Position = vec4(a, 1.0); }\n",
    )
    .unwrap();
    let out = fresnel()
        .arg("run")
        .arg(&f)
        .args([
            "--input",
            "a=1,2,3",
            "--uniform",
            "m=1,0,0,2",
            "--count",
            "2",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["invocations"], 2);
    assert_eq!(v["outputs"]["o"][1], serde_json::json!([1.0, 4.0]));
    assert_eq!(v["outputs"]["k"][0], serde_json::json!([9]));
}

#[test]
fn run_fragment_grid_writes_a_png() {
    let d = temp_dir("runf");
    let f = d.join("a.frag");
    std::fs::write(
        &f,
        "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() {\n\
         if (gl_FragCoord.x > 2.0) discard;\n c = vec4(gl_FragCoord.xy / 4.0, dFdx(gl_FragCoord.x), 1.0); }\n",
    )
    .unwrap();
    let png = d.join("out.png");
    let out = fresnel()
        .arg("run")
        .arg(&f)
        .args(["--grid", "4x2", "--png"])
        .arg(&png)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["invocations"], 8);
    // x = 0.5, 1.5 kept; 2.5, 3.5 discarded (row-major over the grid).
    assert_eq!(
        v["discarded"],
        serde_json::json!([false, false, true, true, false, false, true, true])
    );
    assert_eq!(
        v["outputs"]["c"][1],
        serde_json::json!([0.375, 0.125, 1.0, 1.0])
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

#[test]
fn run_reports_limits() {
    let d = temp_dir("runl");
    let f = d.join("a.vert");
    std::fs::write(
        &f,
        "#version 310 es\nvoid main() { int i = 0; while (i < 10) { } gl_Position = vec4(0.0); }\n",
    )
    .unwrap();
    let out = fresnel().arg("run").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("execution limit reached"), "{err}");
}

const TEST_FILE: &str = r#"
group g "g"
    case add
        values
        {
            input float in0 = [ 1.0 | 2.5 ];
            uniform float u = 2.0;
            output float out0 = [ 3.0 | 4.5 ];
        }
        both ""
            precision mediump float;
            ${DECLARATIONS}
            uniform float u;
            void main()
            {
                out0 = in0 + u;
                ${OUTPUT}
            }
        ""
    end
    case wrong
        values
        {
            input int in0 = [ 1 | 2 ];
            output int out0 = [ 2 | 5 ];
        }
        both ""
            precision mediump float;
            ${DECLARATIONS}
            void main()
            {
                ${SETUP}
                out0 = in0 * 2;
                ${OUTPUT}
            }
        ""
    end
    case bad_syntax
        expect compile_fail
        both ""
            precision mediump float;
            ${DECLARATIONS}
            void main() { int x = ; ${OUTPUT} }
        ""
    end
    case precision_mismatch
        version 300 es
        expect link_fail
        vertex ""
            #version 300 es
            ${VERTEX_DECLARATIONS}
            uniform highp float u;
            out mediump float r;
            void main() { r = u; ${VERTEX_OUTPUT} }
        ""
        fragment ""
            #version 300 es
            precision mediump float;
            uniform float u;
            ${FRAGMENT_DECLARATIONS}
            in mediump float r;
            void main() { ${FRAG_COLOR} = vec4(u + r); }
        ""
    end
    case loops
        version 300 es
        values { input int n = [ 0 | 3 | 7 ]; output int out0 = [ 0 | 1 | 13 ]; }
        both ""
            #version 300 es
            precision mediump float;
            ${DECLARATIONS}
            void main()
            {
                ${SETUP}
                int s = 0;
                for (int i = 0; i < n; i++) {
                    if (i == 2) continue;
                    if (i > 5) break;
                    s += i;
                }
                out0 = s;
                ${OUTPUT}
            }
        ""
    end
end
"#;

#[test]
fn deqp_runs_cases_and_counts() {
    let d = temp_dir("deqp");
    let f = d.join("small.test");
    std::fs::write(&f, TEST_FILE).unwrap();
    let out = fresnel().arg("deqp").arg(&f).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // `wrong` fails in its second sub-case (2 * 2 != 5), as vertex and as fragment shader.
    assert!(text.contains("g.wrong_vertex: sub-case 1:"), "{text}");
    assert!(text.contains("g.wrong_fragment: sub-case 1:"), "{text}");
    assert_eq!(
        text.lines().last(),
        Some("7 passed, 2 failed, 0 skipped"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn run_samples_a_generated_texture() {
    let d = temp_dir("runt");
    let f = d.join("a.frag");
    std::fs::write(
        &f,
        "#version 300 es\nprecision highp float;\nuniform sampler2D tex;\nout vec4 c;\n\
         void main() { c = texture(tex, gl_FragCoord.xy / 4.0); }\n",
    )
    .unwrap();
    let out = fresnel()
        .arg("run")
        .arg(&f)
        .args(["--grid", "4x4", "--texture", "tex=gradient:4x4"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Pixel (1, 2) samples texel (1, 2): ((1 + 0.5) / 4, (2 + 0.5) / 4).
    assert_eq!(
        v["outputs"]["c"][9],
        serde_json::json!([0.375, 0.625, 0.0, 1.0])
    );
}

#[test]
fn run_geometry_lists_emitted_vertices() {
    let d = temp_dir("rung");
    let f = d.join("a.geom");
    std::fs::write(
        &f,
        "#version 320 es\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
         in vec2 v[];\nout vec2 o;\nvoid main() {\n for (int i = 0; i < 3; i++) {\n\
         o = v[i] * 2.0; gl_Position = gl_in[i].gl_Position; EmitVertex(); }\n EndPrimitive();\n}\n",
    )
    .unwrap();
    let out = fresnel()
        .arg("run")
        .arg(&f)
        .args(["--input", "v=1,2,3,4,5,6"])
        .args(["--input", "gl_Position=1,0,0,1,0,1,0,1,0,0,1,1"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &v["emitted"][0];
    assert_eq!(e.as_array().unwrap().len(), 4);
    assert_eq!(e[1]["vertex"]["o"], serde_json::json!([6.0, 8.0]));
    assert_eq!(
        e[2]["vertex"]["gl_Position"],
        serde_json::json!([0.0, 0.0, 1.0, 1.0])
    );
    assert_eq!(e[3]["end_primitive"], true);
}

/// Cases through tessellation and geometry shaders (drawn by the interpreter: the tessellation
/// control shader per patch, the evaluation shader over its domain, the geometry shader per
/// triangle and invocation, then the fragments from the covering primitive).
const PRIMITIVE_STAGES: &str = r#"
group p "tessellation and geometry"
    case tess_geom
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        require extension { "GL_EXT_geometry_shader" } in { geometry }
        values
        {
            input float in0 = [ 1.0 | 2.5 ];
            output float out0 = [ 2.0 | 5.0 ];
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            out mediump float tc_in;
            void main()
            {
                tc_in = in0;
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            in mediump float tc_in[];
            out mediump float te_in[];
            patch out mediump float pv;
            void main()
            {
                te_in[gl_InvocationID] = tc_in[gl_InvocationID];
                pv = 2.0;
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            ${TESSELLATION_EVALUATION_DECLARATIONS}
            in mediump float te_in[];
            patch in mediump float pv;
            out mediump float geo_in;
            void main()
            {
                geo_in = te_in[0] * pv;
                ${TESSELLATION_EVALUATION_OUTPUT}
            }
        ""
        geometry ""
            #version 310 es
            ${GEOMETRY_DECLARATIONS}
            in mediump float geo_in[];
            out mediump float geo_out;
            void main()
            {
                for (int ndx = 0; ndx < gl_in.length(); ++ndx)
                {
                    geo_out = geo_in[ndx];
                    gl_Position = gl_in[ndx].gl_Position;
                    EmitVertex();
                }
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump float geo_out;
            void main()
            {
                out0 = geo_out;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case tess_wrong
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        values
        {
            input float in0 = 1.0;
            output float out0 = 3.0;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            out mediump float tc_in;
            void main()
            {
                tc_in = in0;
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            in mediump float tc_in[];
            out mediump float te_in[];
            void main()
            {
                te_in[gl_InvocationID] = tc_in[gl_InvocationID] + 1.0;
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            ${TESSELLATION_EVALUATION_DECLARATIONS}
            in mediump float te_in[];
            out mediump float v;
            void main()
            {
                v = te_in[2];
                ${TESSELLATION_EVALUATION_OUTPUT}
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump float v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case patch_written_by_one_invocation
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        values
        {
            output float out0 = 7.0;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            void main()
            {
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            patch out mediump float p;
            void main()
            {
                if (gl_InvocationID == 1)
                    p = 7.0;
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            ${TESSELLATION_EVALUATION_DECLARATIONS}
            patch in mediump float p;
            out mediump float v;
            void main()
            {
                v = p;
                ${TESSELLATION_EVALUATION_OUTPUT}
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump float v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case geometry_invocations
        version 310 es
        require extension { "GL_EXT_geometry_shader" } in { geometry }
        values
        {
            output int out0 = 5;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            void main()
            {
                ${VERTEX_OUTPUT}
            }
        ""
        geometry ""
            #version 310 es
            layout (triangles, invocations = 2) in;
            layout (triangle_strip, max_vertices = 3) out;
            flat out highp int g;
            void main()
            {
                for (int i = 0; i < 3; ++i)
                {
                    g = 4 + gl_InvocationID;
                    gl_Position = gl_in[i].gl_Position;
                    EmitVertex();
                }
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            flat in highp int g;
            void main()
            {
                out0 = g;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case geometry_half_covered
        version 310 es
        require extension { "GL_EXT_geometry_shader" } in { geometry }
        values
        {
            output float out0 = 1.0;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            void main()
            {
                ${VERTEX_OUTPUT}
            }
        ""
        geometry ""
            #version 310 es
            ${GEOMETRY_DECLARATIONS}
            void main()
            {
                for (int i = 0; i < 3; ++i)
                {
                    gl_Position = vec4(min(gl_in[i].gl_Position.x, 0.0), gl_in[i].gl_Position.yzw);
                    EmitVertex();
                }
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            void main()
            {
                out0 = 1.0;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end

    case quads_domain_interpolates
        version 310 es
        require extension { "GL_EXT_tessellation_shader" } in { tessellation_control, tessellation_evaluation }
        values
        {
            output float out0 = 1.0;
        }
        vertex ""
            #version 310 es
            ${VERTEX_DECLARATIONS}
            void main()
            {
                ${VERTEX_OUTPUT}
            }
        ""
        tessellation_control ""
            #version 310 es
            ${TESSELLATION_CONTROL_DECLARATIONS}
            void main()
            {
                ${TESSELLATION_CONTROL_OUTPUT}
            }
        ""
        tessellation_evaluation ""
            #version 310 es
            layout (quads) in;
            out mediump float v;
            void main()
            {
                // Each patch's (u, v) square covers the whole screen.
                gl_Position = vec4(gl_TessCoord.xy * 2.0 - 1.0, 0.0, 1.0);
                v = 1.0;
            }
        ""
        fragment ""
            #version 310 es
            precision mediump float;
            ${FRAGMENT_DECLARATIONS}
            in mediump float v;
            void main()
            {
                out0 = v;
                ${FRAGMENT_OUTPUT}
            }
        ""
    end
end
"#;

#[test]
fn deqp_draws_through_tessellation_and_geometry() {
    let d = temp_dir("deqp-prim");
    let f = d.join("prim.test");
    std::fs::write(&f, PRIMITIVE_STAGES).unwrap();
    let out = fresnel().arg("deqp").arg(&f).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // 1 + 1 = 2 reaches the fragments, not 3.
    assert!(text.contains("p.tess_wrong: pixel"), "{text}");
    // Invocation 1 of the geometry shader draws last: g = 5 everywhere.
    assert!(!text.contains("p.geometry_invocations"), "{text}");
    // The right half of the screen is not drawn.
    assert!(
        text.contains("p.geometry_half_covered: no primitive covers fragment (1, 0)"),
        "{text}"
    );
    assert_eq!(
        text.lines().last(),
        Some("4 passed, 2 failed, 0 skipped"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}
