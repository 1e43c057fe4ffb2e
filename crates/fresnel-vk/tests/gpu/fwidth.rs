//! `fwidth`, `fwidthFine` and `fwidthCoarse` (issue 6): the IR has no fwidth (the lowering
//! writes `abs(dFdx(p)) + abs(dFdy(p))`, which the optimizer can share), and the SPIR-V
//! writer re-forms the pattern as `OpFwidth`, `OpFwidthFine`, `OpFwidthCoarse`
//! (`fresnel-backend/src/spirv/idiom.rs`). Checked by rendering on the Vulkan driver at
//! `-O0` and `-O`: for a function of the fragment position that is linear within each
//! quad, every form gives the exact sum of the absolute slopes; the modules must use the
//! three instructions. Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1`
//! is set.

use crate::support::{gpu, stage_spirv};
use fresnel_vk::{
    Attachment, ColorFormat, Gpu, NumKind, RenderJob, Topology, VertexAttribute, VertexFormat,
};

fn spirv(stage: fresnel::Stage, src: &str, level: Option<fresnel_opt::OptLevel>) -> Vec<u32> {
    stage_spirv(stage, src, level, 0)
}

const VS: &str = r#"#version 450
layout(location = 0) in vec4 pos;
void main() { gl_Position = pos; }
"#;

// Within a 2x2 quad, p is linear in x and y: slopes 0.25 and -3 (x), 2 and 0.5 (y); q's
// slopes are 1.5 (x) and -0.75 (y).
const FS: &str = r#"#version 450
layout(location = 0) out vec4 o;
void main() {
    vec2 f = gl_FragCoord.xy;
    vec2 p = vec2(0.25 * f.x + 2.0 * f.y, -3.0 * f.x + 0.5 * f.y);
    float q = 1.5 * f.x - 0.75 * f.y;
    o = vec4(fwidth(p), fwidthFine(q), fwidthCoarse(q));
}
"#;

fn render(gpu: &Gpu, level: Option<fresnel_opt::OptLevel>) -> Vec<f32> {
    // A full-screen quad.
    let pos: [f32; 16] = [
        -1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 0.0, 1.0, -1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0,
    ];
    let job = RenderJob {
        vertex_spirv: spirv(fresnel::Stage::Vertex, VS, level),
        fragment_spirv: spirv(fresnel::Stage::Fragment, FS, level),
        tess_control_spirv: None,
        tess_eval_spirv: None,
        geometry_spirv: None,
        width: 4,
        height: 4,
        vertex_count: 4,
        topology: Topology::TriangleStrip,
        attributes: vec![VertexAttribute {
            location: 0,
            format: VertexFormat {
                kind: NumKind::Float,
                components: 4,
            },
            data: pos.iter().flat_map(|x| x.to_le_bytes()).collect(),
        }],
        bindings: vec![],
        attachments: vec![Attachment {
            location: 0,
            format: ColorFormat::Rgba32Float,
            clear: [0; 4],
        }],
    };
    let out = gpu.render(&job).expect("render");
    out.attachments[0]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn fwidth_forms_compute_the_sum_of_absolute_slopes() {
    let Some(gpu) = gpu() else { return };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let px = render(&gpu, level);
        assert_eq!(px.len(), 4 * 4 * 4);
        for (i, c) in px.chunks_exact(4).enumerate() {
            assert_eq!(c, [2.25, 3.5, 2.25, 2.25], "{level:?} pixel {i}");
        }
    }
}

#[test]
fn modules_use_the_fwidth_instructions() {
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let words = spirv(fresnel::Stage::Fragment, FS, level);
        let count = |opc: u32| {
            let mut i = 5;
            let mut n = 0;
            while i < words.len() {
                if words[i] & 0xffff == opc {
                    n += 1;
                }
                i += ((words[i] >> 16) as usize).max(1);
            }
            n
        };
        // OpFwidth 209, OpFwidthFine 212, OpFwidthCoarse 215; no OpDPdx* (207, 213, 216).
        assert_eq!((count(209), count(212), count(215)), (1, 1, 1), "{level:?}");
        assert_eq!(count(207) + count(213) + count(216), 0, "{level:?}");
    }
}
