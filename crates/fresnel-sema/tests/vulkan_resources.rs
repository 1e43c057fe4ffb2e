//! Vulkan resource rules added for the SPIR-V back end (issue 5, helper B): one
//! push-constant block per stage (per bank with GL_NV_push_constant_bank), `spirv_type`
//! arguments, and arrays sized by specialization constants recorded for code generation.

mod support;

use fresnel::{NoIncludes, Options, SourceInput, Stage, TargetEnv};
use support::{assert_fails, assert_ok, errors};

const VK: TargetEnv = TargetEnv::Vulkan { minor: 0 };

#[track_caller]
fn ok(stage: Stage, target: TargetEnv, src: &str) {
    assert_ok(&errors(stage, target, src), src);
}

#[track_caller]
fn fails(stage: Stage, target: TargetEnv, src: &str, needle: &str) {
    assert_fails(&errors(stage, target, src), src, needle);
}

#[test]
fn one_push_constant_block_per_stage() {
    let two = "#version 450\nlayout(push_constant) uniform A { uint a; } pa;\nlayout(push_constant) uniform B { uint b; } pb;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(pa.a + pb.b); }\n";
    fails(
        Stage::Fragment,
        VK,
        two,
        "[push-constant-block] only one push_constant block",
    );
    let one = "#version 450\nlayout(push_constant) uniform A { uint a; } pa;\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(pa.a); }\n";
    ok(Stage::Fragment, VK, one);
    // GL_NV_push_constant_bank: one per bank (glslang/Test/spv.pushConstantBank.vert).
    let banks = "#version 460\n#extension GL_NV_push_constant_bank : enable\nlayout(push_constant) uniform A { uint a; } pa;\nlayout(push_constant, bank = 1) uniform B { uint b; } pb;\nlayout(push_constant, bank = 2, member_offset = 64) uniform C { uint c; } pc;\nvoid main() { gl_Position = vec4(pa.a + pb.b + pc.c); }\n";
    ok(Stage::Vertex, VK, banks);
    let same_bank = "#version 460\n#extension GL_NV_push_constant_bank : enable\nlayout(push_constant, bank = 1) uniform A { uint a; } pa;\nlayout(push_constant, bank = 1) uniform B { uint b; } pb;\nvoid main() { gl_Position = vec4(pa.a + pb.b); }\n";
    fails(Stage::Vertex, VK, same_bank, "bank 1 has one already");
}

#[test]
fn spirv_type_arguments() {
    let pre = "#version 460\n#extension GL_EXT_spirv_intrinsics : enable\n";
    fails(
        Stage::Vertex,
        VK,
        &format!("{pre}void main() {{ spirv_type(capabilities = [9]) x; }}\n"),
        "[spirv-type-argument] `spirv_type` needs `id = <opcode>`",
    );
    fails(
        Stage::Vertex,
        VK,
        &format!("{pre}void main() {{ spirv_type(id = 22, colour = 3) x; }}\n"),
        "has no argument `colour`",
    );
    fails(
        Stage::Vertex,
        VK,
        &format!("{pre}void main() {{ spirv_type(id = -1) x; }}\n"),
        "expected a constant integer from 0 to 4294967295",
    );
    ok(
        Stage::Vertex,
        VK,
        &format!("{pre}#define half spirv_type(capabilities = [9], id = 22, 16)\nvoid f(half h) {{}}\nvoid main() {{ half a[2]; f(a[0]); }}\n"),
    );
}

#[test]
fn spec_constant_array_sizes_are_recorded() {
    let src = "#version 450\nlayout(local_size_x_id = 0) in;\nlayout(constant_id = 1) const int N = 4;\nconst int M = N * 2;\nshared float t[gl_WorkGroupSize.x];\nfloat p[M];\nfloat q[4];\nfloat r[2][N];\nvoid main() { t[0] = p[0] + q[0] + r[1][0] + float(p.length() + r[0].length()); }\n";
    let opts = Options {
        stage: Some(Stage::Compute),
        target: VK,
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new("t.comp", src), &opts, &mut NoIncludes);
    let m = run.hir.as_ref().expect("checked");
    let name = |v: &fresnel_sema::hir::VarId| run.interner.resolve(m.var(*v).name).to_string();
    let mut recorded: Vec<(String, Vec<bool>)> = m
        .spec_array_dims
        .iter()
        .map(|(v, d)| (name(v), d.iter().map(Option::is_some).collect()))
        .collect();
    recorded.sort();
    assert_eq!(
        recorded,
        vec![
            ("p".to_string(), vec![true]),
            ("r".to_string(), vec![false, true]),
            ("t".to_string(), vec![true]),
        ]
    );
    // `.length()` of them is a specialization-constant expression: with constants in
    // their place, four fewer (the two lengths, their sum, and its conversion to float).
    let spec_consts = |src: &str| {
        let run = fresnel::check(SourceInput::new("t.comp", src), &opts, &mut NoIncludes);
        let m = run.hir.expect("checked");
        (0..m.exprs.len())
            .filter(|i| {
                let id = fresnel_sema::hir::ExprId(*i as u32);
                matches!(m.expr(id).kind, fresnel_sema::hir::ExprKind::Const(_))
                    && m.is_spec_expr(id)
            })
            .count()
    };
    let without = src.replace("p.length() + r[0].length()", "4 + 4");
    assert_eq!(spec_consts(src), spec_consts(&without) + 4);
}

#[test]
fn sizes_spir_v_cannot_specialize_keep_their_default() {
    // Floating-point arithmetic is not an OpSpecConstantOp in shaders; interface and
    // resource arrays keep their default length too.
    let src = "#version 450\nlayout(constant_id = 1) const float F = 2.0;\nlayout(constant_id = 2) const int N = 3;\nfloat a[int(F * 2.0)];\nlayout(location = 0) out vec4 o[N];\nlayout(binding = 0) uniform sampler2D s[N];\nfloat b[N];\nvoid main() { o[0] = vec4(a[0] + b[0]) + texture(s[0], vec2(0.0)); }\n";
    let opts = Options {
        stage: Some(Stage::Fragment),
        target: VK,
        ..Default::default()
    };
    let run = fresnel::check(SourceInput::new("t.frag", src), &opts, &mut NoIncludes);
    let m = run.hir.as_ref().expect("checked");
    let mut names: Vec<String> = m
        .spec_array_dims
        .keys()
        .map(|v| run.interner.resolve(m.var(*v).name).to_string())
        .collect();
    names.sort();
    assert_eq!(names, vec!["b".to_string()]);
}

#[test]
fn spec_sized_arrays_are_not_copied_whole() {
    // As glslang: "can't use with types containing arrays sized with a specialization
    // constant".
    let pre = "#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 1) const int N = 4;\nfloat a[N];\n";
    for body in [
        "float b[4]; a = b;",
        "float b[4]; b = a;",
        "float c[N] = a;",
        "float d[4] = a;",
        "}\nfloat g(float x[4]) { return x[0]; }\nvoid h() { g(a);",
    ] {
        fails(
            Stage::Compute,
            VK,
            &format!("{pre}void main() {{ {body} }}\n"),
            "[spec-array-copy]",
        );
    }
    ok(
        Stage::Compute,
        VK,
        &format!("{pre}void main() {{ float b[4]; a[1] = b[2]; b[0] = a[a.length() - 1]; }}\n"),
    );
}
