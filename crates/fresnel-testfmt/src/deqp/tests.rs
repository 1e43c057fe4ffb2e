use super::*;

fn no_imports(_: &str) -> Result<String, String> {
    Err("no imports here".into())
}

fn parse_str(text: &str, flavor: Flavor) -> Result<Vec<Case>, Error> {
    parse(text, "dir/t.test", flavor, &mut no_imports)
}

const BOTH_CASE: &str = r#"
# A comment line.
group basic "Basic tests"
    case add
        version 300 es
        desc "adds one"
        values
        {
            input int in0 = [ 1 | 2 ];
            output int out0 = [ 2 | 3 ];
        }
        both ""
            #version 300 es
            precision highp float;
            ${DECLARATIONS}
            void main()
            {
                ${SETUP}
                out0 = in0 + 1;
                ${OUTPUT}
            }
        ""
    end
end
"#;

#[test]
fn parses_groups_cases_and_lines() {
    let cases = parse_str(BOTH_CASE, Flavor::Gles).unwrap();
    assert_eq!(cases.len(), 1);
    let c = &cases[0];
    assert_eq!(c.full_name(), "basic.add");
    assert_eq!(c.line, 4);
    assert_eq!(c.file, "dir/t.test");
    assert_eq!(c.version, GlslVersion::Es300);
    assert_eq!(c.expect, Expect::Pass);
    assert_eq!(c.description, "adds one");
    assert_eq!(c.values.values.len(), 2);
    assert_eq!(c.values.sub_case_count(), 2);
    let v = &c.values.values[0];
    assert_eq!(
        (v.storage, v.ty, v.name.as_str()),
        (Storage::Input, DataType::Int, "in0")
    );
    assert_eq!(v.elements, vec![Scalar::Int(1), Scalar::Int(2)]);
    let CaseSources::Both(src) = &c.sources else {
        panic!("not a both case")
    };
    assert_eq!(
        src,
        "#version 300 es\nprecision highp float;\n${DECLARATIONS}\nvoid main()\n{\n    ${SETUP}\n    out0 = in0 + 1;\n    ${OUTPUT}\n}\n"
    );
}

#[test]
fn both_case_gles3_specialization() {
    let cases = parse_str(BOTH_CASE, Flavor::Gles).unwrap();
    let inst = specialize(&cases[0], &SpecializeOptions::permissive(Flavor::Gles));
    assert_eq!(inst.len(), 2);
    assert_eq!(inst[0].name, "add_vertex");
    assert_eq!(inst[1].name, "add_fragment");
    let vp = inst[0].programs.as_ref().unwrap();
    assert_eq!(vp.len(), 1);
    let shaders = &vp[0].shaders;
    assert_eq!(shaders[0].0, Stage::Vertex);
    assert_eq!(
        shaders[0].1,
        "#version 300 es\nprecision highp float;\nin highp vec4 dEQP_Position;\nin float a_in0;\nout float v_out0;\nint out0;\n\nvoid main()\n{\n    int in0 = int(a_in0);\n\n    out0 = in0 + 1;\n    gl_Position = dEQP_Position;\nv_out0 = float(out0);\n\n}\n"
    );
    assert_eq!(
        shaders[1].1,
        "#version 300 es\nprecision highp float;\nprecision highp int;\n\nlayout(location = 0) out mediump vec4 dEQP_FragColor;\n\nbool isOk (float a, int b)  { float atemp = a+0.5; return (float(b) <= atemp && atemp <= float(b+1)); }\n\nin float v_out0;\nuniform int ref_out0;\n\nvoid main()\n{\n\tbool RES = isOk(v_out0, ref_out0);\ndEQP_FragColor = vec4(RES, RES, RES, 1.0);\n}\n"
    );
    let fp = inst[1].programs.as_ref().unwrap();
    let shaders = &fp[0].shaders;
    assert_eq!(
        shaders[0].1,
        "#version 300 es\nprecision highp float;\nprecision highp int;\n\nin highp vec4 dEQP_Position;\nin float a_in0;\nout float v_in0;\n\nvoid main()\n{\n\tgl_Position = dEQP_Position;\n\tv_in0 = a_in0;\n}\n"
    );
    assert_eq!(
        shaders[1].1,
        "#version 300 es\nprecision highp float;\nbool isOk (int a, int b)     { return (a == b); }\nlayout(location = 0) out mediump vec4 dEQP_FragColor;\nin float v_in0;\nuniform int ref_out0;\nint out0;\n\nvoid main()\n{\n    int in0 = int(v_in0 * 1.0025);\n\n    out0 = in0 + 1;\n    bool RES = isOk(out0, ref_out0);\ndEQP_FragColor = vec4(RES, RES, RES, 1.0);\n\n}\n"
    );
}

#[test]
fn both_case_gles2_uses_attribute_varying_and_gl_fragcolor() {
    let text = r#"
case f
    values { input float a = 1.0; output float b = 2.0; }
    both ""
        precision mediump float;
        ${DECLARATIONS}
        void main() { ${SETUP} b = a * 2.0; ${OUTPUT} }
    ""
end
"#;
    let cases = parse_str(text, Flavor::Gles).unwrap();
    assert_eq!(cases[0].version, GlslVersion::Es100);
    let inst = specialize(&cases[0], &SpecializeOptions::permissive(Flavor::Gles));
    let p = inst[0].programs.as_ref().unwrap();
    assert!(p[0].shaders[0]
        .1
        .contains("attribute highp vec4 dEQP_Position;\nattribute float a;\nvarying float b;\n"));
    let fs = &p[0].shaders[1].1;
    assert!(fs.starts_with("#version 100\nprecision mediump float;\nprecision mediump int;\n\nbool isOk (float a, float b, float eps)"));
    assert!(fs.contains(
        "\tbool RES = isOk(b, ref_b, 0.05);\ngl_FragColor = vec4(RES, RES, RES, 1.0);\n"
    ));
    let p = inst[1].programs.as_ref().unwrap();
    assert!(p[0].shaders[1]
        .1
        .contains("varying float a;\nuniform float ref_b;\nfloat b;\n"));
    assert!(p[0].shaders[1]
        .1
        .contains("gl_FragColor = vec4(RES, RES, RES, 1.0);"));
}

#[test]
fn complete_case_placeholders_and_template_errors() {
    let text = r#"
case c
    version 300 es
    expect compile_fail
    values { uniform vec2 u = vec2(1.0, 2.0); output float o = 1.0; }
    vertex ""
        #version 300 es
        ${VERTEX_DECLARATIONS}
        void main() { ${VERTEX_SETUP} ${VERTEX_OUTPUT} }
    ""
    fragment ""
        #version 300 es
        precision mediump float;
        ${FRAGMENT_DECLARATIONS}
        void main() { o = 1.0; ${FRAG_COLOR} = vec4(o); ${FRAGMENT_OUTPUT} }
    ""
end
case bad
    vertex ""${FRAG_COLOR}""
    fragment ""x""
end
"#;
    let cases = parse_str(text, Flavor::Gles).unwrap();
    assert_eq!(cases[0].expect, Expect::CompileFail);
    let inst = specialize(&cases[0], &SpecializeOptions::permissive(Flavor::Gles));
    assert_eq!(inst.len(), 1);
    let p = inst[0].programs.as_ref().unwrap();
    assert!(!p[0].separable);
    assert_eq!(
        p[0].shaders[0].1,
        "#version 300 es\nin highp vec4 dEQP_Position;\nuniform vec2 u;\n\nvoid main() {  gl_Position = dEQP_Position;\n }\n"
    );
    assert_eq!(
        p[0].shaders[1].1,
        "#version 300 es\nprecision mediump float;\nbool isOk (float a, float b, float eps) { return (abs(a-b) <= (eps*abs(b) + eps)); }\nlayout(location = 0) out mediump vec4 dEQP_FragColor;\nuniform float ref_o;\nfloat o;\nuniform vec2 u;\n\nvoid main() { o = 1.0; dEQP_FragColor = vec4(o); bool RES = isOk(o, ref_o, 0.05);\ndEQP_FragColor = vec4(RES, RES, RES, 1.0);\n }\n"
    );
    let inst = specialize(&cases[1], &SpecializeOptions::permissive(Flavor::Gles));
    assert_eq!(
        inst[0].programs,
        Err(SpecializeError::Template(
            "Value for parameter 'FRAG_COLOR' not found in map".into()
        ))
    );
}

#[test]
fn vulkan_both_case_transports_bools_as_ints() {
    let text = r#"
case b
    version 310 es
    values { input bool in0 = [ true | false ]; output bool out0 = [ false | true ]; }
    both ""
        #version 310 es
        ${DECLARATIONS}
        void main() { ${SETUP} out0 = !in0; ${OUTPUT} }
    ""
end
"#;
    let cases = parse_str(text, Flavor::Vulkan).unwrap();
    let inst = specialize(&cases[0], &SpecializeOptions::permissive(Flavor::Vulkan));
    let p = inst[0].programs.as_ref().unwrap();
    assert_eq!(
        p[0].shaders[0].1,
        "#version 310 es\nlayout(location = 0) in highp vec4 dEQP_Position;\nlayout(location = 1) in int a_in0;\nlayout(location = 0) flat out int v_out0;\nbool out0;\n\nvoid main() { bool in0 = bool(a_in0);\n out0 = !in0; gl_Position = dEQP_Position;\nv_out0 = int(out0);\n }\n"
    );
    assert_eq!(
        p[0].shaders[1].1,
        "#version 310 es\nprecision highp float;\nprecision highp int;\n\nlayout(location = 0) out mediump vec4 dEQP_FragColor;\n\nbool isOk (bool a, bool b)   { return (a == b); }\n\nlayout(location = 0) flat in int v_out0;\nlayout(binding = 0, std140) uniform Reference\n{\n\tbool out0;\n} ref;\n\nvoid main()\n{\n\tbool out0 = bool(v_out0);\n\tbool RES = isOk(out0, ref.out0);\ndEQP_FragColor = vec4(RES, RES, RES, 1.0);\n}\n"
    );
    let p = inst[1].programs.as_ref().unwrap();
    assert_eq!(
        p[0].shaders[0].1,
        "#version 310 es\nprecision highp float;\nprecision highp int;\n\nlayout(location = 0) in highp vec4 dEQP_Position;\nlayout(location = 1) in int a_in0;\nlayout(location = 0) flat out int v_in0;\n\nvoid main()\n{\n\tgl_Position = dEQP_Position;\n\tv_in0 = a_in0;\n}\n"
    );
    assert!(p[0].shaders[1].1.contains("layout(location = 0) flat in int v_in0;\nlayout(binding = 0, std140) uniform Reference\n{\n\tbool out0;\n} ref;\nbool out0;\n"));
}

#[test]
fn vulkan_runner_rejects_non_pass_cases() {
    let text = "case x expect compile_fail both \"\"void main(){}\"\" end";
    let cases = parse_str(text, Flavor::Vulkan).unwrap();
    let inst = specialize(&cases[0], &SpecializeOptions::permissive(Flavor::Vulkan));
    assert_eq!(inst.len(), 2);
    assert!(matches!(
        inst[0].programs,
        Err(SpecializeError::Internal(_))
    ));
}

#[test]
fn requirements_and_extension_injection() {
    let text = r#"
case r
    version 310 es
    require extension { "GL_EXT_a" | "GL_OES_a" } in { fragment }
    require limit "GL_MAX_VERTEX_ATOMIC_COUNTERS" > 0
    require full_glsl_es_100_support
    require only_glsl_es_100_support
    require exactly_one_draw_buffer
    vertex ""
        #version 310 es
        ${VERTEX_DECLARATIONS}
        void main() {}
    ""
    fragment ""
        #version 310 es
        #define X 1

        void main() {}
    ""
end
"#;
    let cases = parse_str(text, Flavor::Gles).unwrap();
    let c = &cases[0];
    assert_eq!(c.requirements.len(), 5);
    assert_eq!(
        c.requirements[0],
        Requirement::Extension {
            alternatives: vec!["GL_EXT_a".into(), "GL_OES_a".into()],
            stages: Some(vec![Stage::Fragment]),
        }
    );
    assert_eq!(
        c.requirements[1],
        Requirement::Limit {
            name: "GL_MAX_VERTEX_ATOMIC_COUNTERS".into(),
            greater_than: 0
        }
    );
    assert!(c.requires(&Requirement::ExactlyOneDrawBuffer));
    let only_oes = |e: &str| e == "GL_OES_a";
    let opts = SpecializeOptions {
        flavor: Flavor::Gles,
        extension_supported: &only_oes,
        max_patch_vertices: 32,
    };
    let inst = specialize(c, &opts);
    let p = inst[0].programs.as_ref().unwrap();
    assert!(!p[0].shaders[0].1.contains("#extension"));
    assert_eq!(
        p[0].shaders[1].1,
        "#version 310 es\n#define X 1\n#extension GL_OES_a : require\n\nvoid main() {}\n"
    );
    let none = |_: &str| false;
    let opts = SpecializeOptions {
        flavor: Flavor::Gles,
        extension_supported: &none,
        max_patch_vertices: 32,
    };
    assert!(matches!(
        specialize(c, &opts)[0].programs,
        Err(SpecializeError::NotSupported(_))
    ));
}

#[test]
fn pipeline_programs_and_tessellation() {
    let text = r#"
case p
    version 320 es
    values { uniform float u = 1.0; }
    pipeline_program
        active_stages { vertex, fragment }
        vertex ""${VERTEX_DECLARATIONS}""
        fragment ""x""
    end
    pipeline_program
        active_stages { tessellation_control, tessellation_evaluation }
        tessellation_control ""${TESSELLATION_CONTROL_DECLARATIONS}n=${GL_MAX_PATCH_VERTICES};${TESSELLATION_CONTROL_OUTPUT}""
        tessellation_evaluation ""${TESSELLATION_EVALUATION_DECLARATIONS}""
    end
end
"#;
    let cases = parse_str(text, Flavor::Gles).unwrap();
    let CaseSources::Pipeline(ps) = &cases[0].sources else {
        panic!("not a pipeline case")
    };
    assert_eq!(ps.len(), 2);
    assert_eq!(
        ps[1].active_stages,
        vec![Stage::TessControl, Stage::TessEval]
    );
    let opts = SpecializeOptions {
        flavor: Flavor::Gles,
        extension_supported: &|_| true,
        max_patch_vertices: 12,
    };
    let inst = specialize(&cases[0], &opts);
    let programs = inst[0].programs.as_ref().unwrap();
    assert!(programs.iter().all(|p| p.separable));
    assert_eq!(programs[1].shaders[0].0, Stage::TessControl);
    assert!(programs[1].shaders[0]
        .1
        .starts_with("layout (vertices=3) out;\n\nuniform float u;\nn=12;gl_out[gl_InvocationID]"));
    assert_eq!(
        programs[1].shaders[1].1,
        "layout (triangles) in;\n\nuniform float u;\n"
    );
}

#[test]
fn imports_go_through_the_callback() {
    let main = "group g \"G\"\n    import \"sub/other.test\"\nend\n";
    let mut seen = Vec::new();
    let mut resolve = |p: &str| {
        seen.push(p.to_string());
        Ok("\ncase inner\n    vertex \"\"a\"\"\n    fragment \"\"b\"\"\nend\n".to_string())
    };
    let cases = parse(main, "data/main.test", Flavor::Gles, &mut resolve).unwrap();
    assert_eq!(seen, vec!["data/sub/other.test".to_string()]);
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].full_name(), "g.inner");
    assert_eq!(cases[0].file, "data/sub/other.test");
    assert_eq!(cases[0].line, 2);
    let err = parse(main, "m.test", Flavor::Gles, &mut no_imports).unwrap_err();
    assert_eq!(err.line, 2);
    // An import of itself stops at the nesting limit instead of recursing forever.
    let mut selfish = |_: &str| Ok(main.to_string());
    assert!(parse(main, "m.test", Flavor::Gles, &mut selfish).is_err());
}

#[test]
fn escapes_indentation_and_gl_cts_differences() {
    let text = "case e\n    vertex \"\"\n\t\tint a; // \\\\note\n\t\t#define A(x) \\\\\n\t\t  x\n\t\"\"\n    fragment \"\"\n\n\n        x\n    \"\"\nend\n";
    let cases = parse_str(text, Flavor::Gles).unwrap();
    let CaseSources::Complete(p) = &cases[0].sources else {
        panic!()
    };
    assert_eq!(p.sources[0].1, "int a; // \\note\n#define A(x) \\\n  x\n");
    // The GLES parser eats one leading newline; the blank lines stay (and count as indentation).
    assert_eq!(p.sources[1].1, "\n\nx\n");
    // The OpenGL CTS parser eats every leading newline.
    let cases = parse_str(text, Flavor::GlCts).unwrap();
    let CaseSources::Complete(p) = &cases[0].sources else {
        panic!()
    };
    assert_eq!(p.sources[1].1, "x\n");
}

#[test]
fn values_of_every_kind() {
    let text = r#"
case v
    version 300 es
    values
    {
        input mat2 m = [ mat2(1.0, 2.0, 3.0, -4.5) | mat2(0.5, 0.5, 0.5, 0.5e1) ];
        input uvec2 u = [ uvec2(4294967295, 1) | uvec2(0, 2) ];
        input ivec2 i = [ ivec2(-3, 010) | ivec2(0, 0) ];
        output bvec2 b = [ bvec2(true, false) | bvec2(false, true) ];
        uniform float "s.x" = 1.5;
    }
    output_color vec4
    vertex "" "" fragment "" ""
end
"#;
    let cases = parse_str(text, Flavor::Gles).unwrap();
    let c = &cases[0];
    assert_eq!(c.output_color, Some(DataType::Vec4));
    let v = &c.values.values;
    assert_eq!(v[0].elements[3], Scalar::Float(-4.5));
    assert_eq!(v[0].sub_case(1).unwrap()[3], Scalar::Float(5.0));
    assert_eq!(v[1].elements[0], Scalar::Int(-1));
    assert_eq!(v[2].elements[1], Scalar::Int(10));
    assert_eq!(
        v[3].elements,
        vec![
            Scalar::Bool(true),
            Scalar::Bool(false),
            Scalar::Bool(false),
            Scalar::Bool(true)
        ]
    );
    assert_eq!(v[4].name, "s.x");
    assert_eq!(v[4].storage, Storage::Uniform);
    // strtoll base 0 in the OpenGL CTS parser: 010 is octal.
    let cases = parse_str(text, Flavor::GlCts);
    assert!(cases.is_err(), "the OpenGL CTS parser has no output_color");
    let gl = text.replace("    output_color vec4\n", "");
    let cases = parse_str(&gl, Flavor::GlCts).unwrap();
    assert_eq!(cases[0].values.values[2].elements[1], Scalar::Int(8));
}

#[test]
fn errors_carry_lines_and_nothing_panics() {
    let err = parse_str(
        "group g \"x\"\n  case c\n    frobnicate\n  end\nend\n",
        Flavor::Gles,
    )
    .unwrap_err();
    assert_eq!(err.line, 3);
    assert!(err.message.contains("frobnicate"), "{err}");
    assert!(parse_str("case c vertex \"\"never closed", Flavor::Gles).is_err());
    assert!(parse_str("case c version 110 end", Flavor::Gles).is_err());
    assert!(parse_str("case c both \"\"a\"\" vertex \"\"b\"\" end", Flavor::Gles).is_err());
    assert!(parse_str("case c values {} values {} end", Flavor::Gles).is_err());
    assert!(parse_str("case c values {} values {} end", Flavor::GlCts).is_ok());
    // Every prefix and a few mutations of a real file: errors, no panics.
    for text in [BOTH_CASE, "case x values { input vec2 a = [ vec2(1.0, "] {
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                let _ = parse_str(&text[..cut], Flavor::Gles);
                let _ = parse_str(&text[..cut], Flavor::GlCts);
                let mut s = text[..cut].to_string();
                s.push('\u{0}');
                s.push_str(&text[cut..]);
                let _ = parse_str(&s, Flavor::Vulkan);
            }
        }
    }
    for garbage in [
        "\"",
        "'",
        "\"\"",
        "\\",
        "é",
        "case",
        "case \"\"",
        "${",
        "group",
    ] {
        let _ = parse_str(garbage, Flavor::Gles);
    }
}

#[test]
fn template_flags() {
    let p = [("A", "x\ny".to_string())];
    assert_eq!(specialize_template("${A}", &p).unwrap(), "x\ny");
    assert_eq!(specialize_template("${A:single-line}", &p).unwrap(), "x y");
    assert_eq!(specialize_template("[${B:opt}]", &p).unwrap(), "[]");
    assert!(specialize_template("${A:bogus}", &p).is_err());
    assert!(specialize_template("${A", &p).is_err());
    assert_eq!(specialize_template("$A {", &p).unwrap(), "$A {");
}
