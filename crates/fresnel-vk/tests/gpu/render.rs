//! Renders and dispatches small shaders compiled by fresnel itself on the Vulkan driver
//! (lavapipe when its ICD is selected). Fails when Vulkan is unavailable, unless
//! `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::gpu;
use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_vk::{
    Attachment, BufferBinding, BufferKind, ColorFormat, ComputeJob, NumKind, RenderJob, SpirvCheck,
    Topology, VertexAttribute, VertexFormat, VkError,
};

fn spirv(stage: fresnel::Stage, src: &str, minor: u8) -> Vec<u32> {
    let opts = fresnel::Options {
        stage: Some(stage),
        target: fresnel::TargetEnv::Vulkan { minor: 0 },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t.glsl", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let ir = run.ir.unwrap_or_else(|| panic!("{:?}", run.diagnostics));
    emit(
        &ir,
        &SpirvOptions {
            target: SpvTarget::Vulkan { minor },
            debug_names: true,
        },
    )
    .expect("SPIR-V")
}

const VS: &str = r#"#version 450
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 col;
layout(location = 2) in ivec2 tag;
layout(location = 0) out vec4 v_col;
layout(location = 1) flat out ivec2 v_tag;
void main() { gl_Position = pos; v_col = col; v_tag = tag; }
"#;

const FS: &str = r#"#version 450
layout(location = 0) in vec4 v_col;
layout(location = 1) flat in ivec2 v_tag;
layout(set = 0, binding = 1) uniform U { vec4 k; };
layout(location = 0) out vec4 o;
layout(location = 2) out ivec4 o2;
void main() {
    o = v_col * k;
    o2 = ivec4(ivec2(gl_FragCoord.xy), v_tag);
}
"#;

const CORNERS: [[f32; 4]; 4] = [
    [-1.0, -1.0, 0.0, 1.0],
    [1.0, -1.0, 0.0, 1.0],
    [-1.0, 1.0, 0.0, 1.0],
    [1.0, 1.0, 0.0, 1.0],
];

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn job(minor: u8) -> RenderJob {
    let pos: Vec<f32> = CORNERS.iter().flatten().copied().collect();
    let col: Vec<f32> = (0..4).flat_map(|_| [0.5, 1.0, 0.25, 1.0]).collect();
    let tag: Vec<u8> = (0..4)
        .flat_map(|_| [7i32, -3])
        .flat_map(|x| x.to_le_bytes())
        .collect();
    RenderJob {
        vertex_spirv: spirv(fresnel::Stage::Vertex, VS, minor),
        fragment_spirv: spirv(fresnel::Stage::Fragment, FS, minor),
        tess_control_spirv: None,
        tess_eval_spirv: None,
        geometry_spirv: None,
        width: 2,
        height: 2,
        vertex_count: 4,
        topology: Topology::TriangleStrip,
        attributes: vec![
            VertexAttribute {
                location: 0,
                format: VertexFormat {
                    kind: NumKind::Float,
                    components: 4,
                },
                data: f32s(&pos),
            },
            VertexAttribute {
                location: 1,
                format: VertexFormat {
                    kind: NumKind::Float,
                    components: 4,
                },
                data: f32s(&col),
            },
            VertexAttribute {
                location: 2,
                format: VertexFormat {
                    kind: NumKind::Sint,
                    components: 2,
                },
                data: tag,
            },
        ],
        bindings: vec![BufferBinding {
            set: 0,
            binding: 1,
            element: 0,
            kind: BufferKind::Uniform,
            data: f32s(&[1.0, 0.5, 1.0, 0.0]),
        }],
        attachments: vec![
            Attachment {
                location: 0,
                format: ColorFormat::Rgba8Unorm,
                clear: [0; 4],
            },
            Attachment {
                location: 2,
                format: ColorFormat::Rgba32Sint,
                clear: [9; 4],
            },
        ],
    }
}

#[test]
fn renders_a_quad_with_attributes_uniforms_and_two_attachments() {
    let Some(gpu) = gpu() else { return };
    for minor in [0, gpu.spirv_minor().min(3)] {
        let out = gpu.render(&job(minor)).expect("render");
        assert_eq!(out.attachments.len(), 2);
        // (0.5, 1, 0.25, 1) * (1, 0.5, 1, 0) in unorm8.
        assert_eq!(
            out.attachments[0],
            [128u8, 128, 64, 0].repeat(4),
            "minor {minor}"
        );
        let ints: Vec<i32> = out.attachments[1]
            .chunks(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        // Row 0 first: (x, y, 7, -3).
        assert_eq!(
            ints,
            [0, 0, 7, -3, 1, 0, 7, -3, 0, 1, 7, -3, 1, 1, 7, -3],
            "minor {minor}"
        );
        assert_eq!(out.buffers.len(), 1);
    }
}

#[test]
fn many_jobs_reuse_one_device() {
    let Some(gpu) = gpu() else { return };
    let j = job(0);
    for _ in 0..50 {
        let out = gpu.render(&j).expect("render");
        assert_eq!(out.attachments[0][..4], [128, 128, 64, 0]);
    }
}

#[test]
fn rejects_malformed_jobs() {
    let Some(gpu) = gpu() else { return };
    let mut j = job(0);
    j.attributes[1].data.pop();
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    let mut j = job(0);
    j.fragment_spirv = vec![1, 2, 3];
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    let mut j = job(0);
    j.width = 0;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    let mut j = job(0);
    j.attachments[1].location = 0;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    // Jobs that do not provide what the shaders use.
    let mut j = job(0);
    j.attributes.remove(1);
    match gpu.render(&j) {
        Err(VkError::InvalidJob(m)) => assert!(m.contains("location 1"), "{m}"),
        other => panic!("expected InvalidJob, got {other:?}"),
    }
    let mut j = job(0);
    j.attributes[2].format.kind = NumKind::Float;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    let mut j = job(0);
    j.bindings[0].binding = 0;
    match gpu.render(&j) {
        Err(VkError::InvalidJob(m)) => assert!(m.contains("binding 1"), "{m}"),
        other => panic!("expected InvalidJob, got {other:?}"),
    }
    let mut j = job(0);
    j.bindings[0].kind = BufferKind::Storage;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    let mut j = job(0);
    j.attachments[1].format = ColorFormat::Rgba32Float;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    // Malformed SPIR-V never reaches the driver when spirv-val is there.
    if matches!(gpu.spirv_check, SpirvCheck::SpirvVal(_)) {
        let mut j = job(0);
        j.fragment_spirv = vec![0x0723_0203, 0x0001_0000, 0, 10, 0, 0x00ff_0011, 7];
        match gpu.render(&j) {
            Err(VkError::InvalidSpirv { stage, .. }) => assert_eq!(stage, "fragment"),
            other => panic!("expected InvalidSpirv, got {other:?}"),
        }
    } else {
        eprintln!("spirv-val not found: the SPIR-V check is not tested");
    }
    // A good job still works afterwards.
    assert!(gpu.render(&job(0)).is_ok());
}

#[test]
fn dispatches_a_compute_shader() {
    let Some(gpu) = gpu() else { return };
    let cs = r#"#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { uint data[]; };
layout(set = 0, binding = 1) uniform U { uint add; };
void main() { data[gl_GlobalInvocationID.x] = data[gl_GlobalInvocationID.x] * 2u + add; }
"#;
    let data: Vec<u8> = (0u32..8).flat_map(|x| x.to_le_bytes()).collect();
    let out = gpu
        .dispatch(&ComputeJob {
            spirv: spirv(fresnel::Stage::Compute, cs, 0),
            groups: [2, 1, 1],
            bindings: vec![
                BufferBinding {
                    set: 0,
                    binding: 0,
                    element: 0,
                    kind: BufferKind::Storage,
                    data,
                },
                BufferBinding {
                    set: 0,
                    binding: 1,
                    element: 0,
                    kind: BufferKind::Uniform,
                    data: 100u32.to_le_bytes().repeat(4),
                },
            ],
            addresses: Vec::new(),
        })
        .expect("dispatch");
    let got: Vec<u32> = out[0]
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(got, (0u32..8).map(|x| x * 2 + 100).collect::<Vec<_>>());
}

// Tessellation and geometry stages between the vertex and fragment shaders of `job`: the
// colour is passed along (the evaluation shader interpolates it over the patch), the
// geometry shader writes the fragment shader's flat `v_tag`.
const TCS: &str = r#"#version 450
layout(vertices = 3) out;
layout(location = 0) in vec4 c_in[];
layout(location = 0) out vec4 c_out[];
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    c_out[gl_InvocationID] = c_in[gl_InvocationID];
    gl_TessLevelInner[0] = 2.0;
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 2.0;
    gl_TessLevelOuter[2] = 2.0;
}
"#;

const TES: &str = r#"#version 450
layout(triangles) in;
layout(location = 0) in vec4 c_in[];
layout(location = 0) out vec4 v_col;
layout(location = 1) flat out ivec2 v_tag;
void main() {
    vec3 t = gl_TessCoord;
    gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position
        + t.z * gl_in[2].gl_Position;
    v_col = t.x * c_in[0] + t.y * c_in[1] + t.z * c_in[2];
    v_tag = ivec2(3, 4);
}
"#;

const GS: &str = r#"#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 g_col[];
layout(location = 0) out vec4 v_col;
layout(location = 1) flat out ivec2 v_tag;
void main() {
    for (int i = 0; i < 3; i++) {
        gl_Position = gl_in[i].gl_Position;
        v_col = g_col[i];
        v_tag = ivec2(11, 13);
        EmitVertex();
    }
    EndPrimitive();
}
"#;

/// `job` drawn as two triangles of explicit vertices (corners 0, 1, 2 and 2, 1, 3).
fn six_vertex_job(minor: u8, topology: Topology) -> RenderJob {
    let mut j = job(minor);
    for a in &mut j.attributes {
        let size = a.format.size();
        let data = std::mem::take(&mut a.data);
        a.data = [0, 1, 2, 2, 1, 3]
            .iter()
            .flat_map(|v| data[v * size..(v + 1) * size].to_vec())
            .collect();
    }
    j.vertex_count = 6;
    j.topology = topology;
    j
}

fn ints(bytes: &[u8]) -> Vec<i32> {
    bytes
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn renders_through_tessellation_and_geometry_shaders() {
    let Some(gpu) = gpu() else { return };
    if !gpu.has_tessellation_shader() || !gpu.has_geometry_shader() {
        let err = gpu
            .check_stages(true, true)
            .expect_err("a missing feature is reported");
        assert!(matches!(err, VkError::Unsupported(_)), "{err:?}");
        eprintln!("skipped: {err}");
        return;
    }
    let minor = gpu.spirv_minor().min(3);
    let vs_col = VS.replace("flat out ivec2 v_tag", "flat out ivec2 unused");
    let vs_col = vs_col.replace("v_tag = tag;", "unused = tag;");
    let patches = Topology::PatchList { control_points: 3 };
    let tess = |j: &mut RenderJob| {
        j.vertex_spirv = spirv(fresnel::Stage::Vertex, &vs_col, minor);
        j.tess_control_spirv = Some(spirv(fresnel::Stage::TessControl, TCS, minor));
        j.tess_eval_spirv = Some(spirv(fresnel::Stage::TessEval, TES, minor));
    };
    // Tessellation only, then tessellation and geometry, then geometry only.
    let mut t = six_vertex_job(minor, patches);
    tess(&mut t);
    let mut tg = t.clone();
    let tes_out = TES.replace("out vec4 v_col", "out vec4 g_col");
    tg.tess_eval_spirv = Some(spirv(
        fresnel::Stage::TessEval,
        &tes_out.replace("v_col =", "g_col ="),
        minor,
    ));
    let gs_only_vs = vs_col.replace("out vec4 v_col", "out vec4 g_col");
    let gs_only_vs = gs_only_vs.replace("v_col = col", "g_col = col");
    tg.geometry_spirv = Some(spirv(fresnel::Stage::Geometry, GS, minor));
    let mut g = six_vertex_job(minor, Topology::TriangleList);
    g.vertex_spirv = spirv(fresnel::Stage::Vertex, &gs_only_vs, minor);
    g.geometry_spirv = Some(spirv(fresnel::Stage::Geometry, GS, minor));
    for (j, tag, what) in [
        (t, [3, 4], "tess"),
        (tg, [11, 13], "tess+geom"),
        (g, [11, 13], "geom"),
    ] {
        let out = gpu.render(&j).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(out.attachments[0], [128u8, 128, 64, 0].repeat(4), "{what}");
        let want: Vec<i32> = [[0, 0], [1, 0], [0, 1], [1, 1]]
            .iter()
            .flat_map(|xy| [xy[0], xy[1], tag[0], tag[1]])
            .collect();
        assert_eq!(ints(&out.attachments[1]), want, "{what}");
    }
}

#[test]
fn rejects_mismatched_tessellation_jobs() {
    let Some(gpu) = gpu() else { return };
    let minor = gpu.spirv_minor().min(3);
    // A patch list without tessellation shaders.
    let j = six_vertex_job(minor, Topology::PatchList { control_points: 3 });
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    // Tessellation shaders with a triangle list, or only one of the two.
    let mut j = six_vertex_job(minor, Topology::TriangleList);
    j.tess_control_spirv = Some(spirv(fresnel::Stage::TessControl, TCS, minor));
    j.tess_eval_spirv = Some(spirv(fresnel::Stage::TessEval, TES, minor));
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    j.topology = Topology::PatchList { control_points: 3 };
    j.tess_eval_spirv = None;
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
    j.tess_eval_spirv = Some(spirv(fresnel::Stage::TessEval, TES, minor));
    j.topology = Topology::PatchList { control_points: 33 };
    assert!(matches!(gpu.render(&j), Err(VkError::InvalidJob(_))));
}
