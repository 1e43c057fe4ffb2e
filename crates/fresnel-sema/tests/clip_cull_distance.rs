//! Built-in block members that extensions add: gl_CullDistance through GL_ARB_cull_distance
//! (GLSL 1.30-4.40), gl_ClipDistance and gl_CullDistance through GL_EXT_clip_cull_distance
//! (GLSL ES 3.00 on, members of the gl_PerVertex blocks of every stage from ES 3.10), and the
//! members of GL_NV_stereo_view_rendering / GL_NV_viewport_array2 /
//! GL_NVX_multiview_per_view_attributes, which need their extension where they are used.

mod support;

use fresnel::{Stage, TargetEnv};
use support::{assert_fails, assert_ok, errors};

const GL: TargetEnv = TargetEnv::OpenGl;
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
fn arb_cull_distance_before_450() {
    // GLSL 1.30-1.40: an output of its own, which may be redeclared with a size.
    ok(
        Stage::Vertex,
        GL,
        "#version 130\n#extension GL_ARB_cull_distance : enable\nout float gl_CullDistance[2];\n\
         void main() { gl_ClipDistance[0] = 1.0; gl_CullDistance[1] = 2.0; gl_Position = vec4(1.0); }",
    );
    // 1.50-4.40: a member of gl_PerVertex, used directly or in a redeclared block.
    for target in [GL, VK] {
        ok(
            Stage::Vertex,
            target,
            "#version 440\n#extension GL_ARB_cull_distance : enable\n\
             void main() { gl_CullDistance[1] = 1.0; gl_Position = vec4(float(gl_MaxCullDistances)); }",
        );
    }
    ok(
        Stage::Vertex,
        GL,
        "#version 440\n#extension GL_ARB_cull_distance : enable\n\
         out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[2]; float gl_CullDistance[3]; };\n\
         void main() { gl_ClipDistance[1] = 1.0; gl_CullDistance[2] = 2.0; gl_Position = vec4(1.0); }",
    );
    ok(
        Stage::Geometry,
        GL,
        "#version 440\n#extension GL_ARB_cull_distance : enable\n\
         layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
         void main() { gl_CullDistance[0] = gl_in[1].gl_CullDistance[0]; EmitVertex(); }",
    );
    // Without the extension there is none before GLSL 4.50.
    fails(
        Stage::Vertex,
        GL,
        "#version 440\nvoid main() { gl_CullDistance[0] = 2.0; }",
        "`gl_CullDistance` is not declared",
    );
    fails(
        Stage::Vertex,
        GL,
        "#version 440\nout gl_PerVertex { vec4 gl_Position; float gl_CullDistance[3]; };\nvoid main() {}",
        "`gl_CullDistance` is not a member of the built-in `gl_PerVertex` output block",
    );
}

#[test]
fn ext_clip_cull_distance_in_every_stage() {
    let ext = "#version 320 es\n#extension GL_EXT_clip_cull_distance : enable\n";
    ok(
        Stage::Vertex,
        GL,
        &format!(
            "{ext}out gl_PerVertex {{ highp vec4 gl_Position; highp float gl_ClipDistance[4]; highp float gl_CullDistance[2]; }};\n\
             void main() {{ gl_ClipDistance[3] = 1.0; gl_CullDistance[1] = 2.0; gl_Position = vec4(1.0); }}"
        ),
    );
    ok(
        Stage::Vertex,
        VK,
        &format!("{ext}void main() {{ gl_ClipDistance[3] = 1.0; gl_CullDistance[1] = 2.0; gl_Position = vec4(1.0); }}"),
    );
    ok(
        Stage::TessControl,
        GL,
        &format!(
            "{ext}layout(vertices = 3) out;\n\
             out gl_PerVertex {{ highp vec4 gl_Position; highp float gl_ClipDistance[4]; highp float gl_CullDistance[2]; }} gl_out[];\n\
             void main() {{\n\
               gl_out[gl_InvocationID].gl_ClipDistance[1] = gl_in[gl_InvocationID].gl_ClipDistance[2];\n\
               gl_out[gl_InvocationID].gl_CullDistance[0] = gl_in[gl_InvocationID].gl_CullDistance[1];\n\
             }}"
        ),
    );
    ok(
        Stage::TessEval,
        GL,
        &format!(
            "{ext}layout(triangles) in;\n\
             void main() {{ gl_ClipDistance[2] = gl_in[1].gl_ClipDistance[2]; gl_CullDistance[0] = gl_in[2].gl_CullDistance[0]; }}"
        ),
    );
    ok(
        Stage::Geometry,
        GL,
        &format!(
            "{ext}layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
             in gl_PerVertex {{ highp vec4 gl_Position; highp float gl_ClipDistance[4]; }} gl_in[];\n\
             void main() {{ gl_ClipDistance[0] = gl_in[0].gl_ClipDistance[0]; gl_CullDistance[1] = 1.0; EmitVertex(); }}"
        ),
    );
    // The limits hold for the redeclared members.
    fails(
        Stage::Vertex,
        GL,
        &format!("{ext}out gl_PerVertex {{ highp vec4 gl_Position; highp float gl_CullDistance[9]; }};\nvoid main() {{}}"),
        "can have at most gl_MaxCullDistances (8) elements",
    );
    // Without the extension the blocks keep their two members.
    fails(
        Stage::TessEval,
        GL,
        "#version 320 es\nlayout(triangles) in;\nvoid main() { gl_Position = vec4(gl_in[1].gl_ClipDistance[2]); }",
        "has no member `gl_ClipDistance`",
    );
    fails(
        Stage::Vertex,
        GL,
        "#version 320 es\nout gl_PerVertex { highp vec4 gl_Position; highp float gl_ClipDistance[4]; };\nvoid main() {}",
        "`gl_ClipDistance` is not a member of the built-in `gl_PerVertex` output block",
    );
    // GLSL ES 3.00 has no gl_PerVertex block: the distances are outputs of their own.
    ok(
        Stage::Vertex,
        GL,
        "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\nout highp float gl_ClipDistance[4];\n\
         void main() { gl_ClipDistance[3] = 1.0; gl_CullDistance[1] = 2.0; }",
    );
}

#[test]
fn extension_members_of_gl_per_vertex_need_their_extension() {
    let head = "#version 450\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n";
    let body = "void main() { gl_Position = gl_in[0].gl_Position + gl_in[0].gl_SecondaryPositionNV; EmitVertex(); }";
    fails(
        Stage::Geometry,
        GL,
        &format!("{head}{body}"),
        "`gl_SecondaryPositionNV` needs GL_NV_stereo_view_rendering",
    );
    // A redeclared block keeps the requirement.
    fails(
        Stage::Geometry,
        GL,
        &format!("{head}in gl_PerVertex {{ vec4 gl_Position; vec4 gl_SecondaryPositionNV; }} gl_in[];\n{body}"),
        "`gl_SecondaryPositionNV` needs GL_NV_stereo_view_rendering",
    );
    ok(
        Stage::Geometry,
        GL,
        &format!("#version 450\n#extension GL_NV_stereo_view_rendering : enable\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n{body}"),
    );
    fails(
        Stage::TessControl,
        VK,
        "#version 450\nlayout(vertices = 3) out;\nvoid main() { gl_out[gl_InvocationID].gl_ViewportMask[0] = 4; }",
        "`gl_ViewportMask` needs GL_NV_viewport_array2",
    );
    ok(
        Stage::TessControl,
        VK,
        "#version 450\n#extension GL_NV_viewport_array2 : require\nlayout(vertices = 3) out;\n\
         void main() { gl_out[gl_InvocationID].gl_ViewportMask[0] = 4; }",
    );
}
