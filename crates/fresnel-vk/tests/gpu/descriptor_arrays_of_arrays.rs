//! Arrays of arrays of buffer blocks (GL_KHR_vulkan_glsl allows them; Vulkan SPIR-V has one
//! array level per resource, so `fresnel-backend/src/spirv/flatten.rs` makes `s[2][3]` the
//! descriptor array `s[6]` in array-of-arrays order and `s[i][j]` element `i * 3 + j`).
//! Runs on the Vulkan driver: each element must be the buffer bound at that array
//! element. Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::gpu;
use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_vk::{BufferBinding, BufferKind, ComputeJob};

const CS: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer S { uint x[2]; } s[2][3];
layout(set = 0, binding = 1, std140) uniform U { uvec4 k; } u[3][2];
void main() {
    // Dynamically uniform indices (one invocation per workgroup): Vulkan leaves
    // non-uniform descriptor indexing undefined without nonuniformEXT.
    uint i = gl_WorkGroupID.x / 3u, j = gl_WorkGroupID.x % 3u;
    s[i][j].x[0] = i * 10u + j;
    s[i][j].x[1] = u[j][i].k.x;
    if (gl_WorkGroupID.x == 5u) {
        s[1][2].x[1] += 1000u;
    }
}
"#;

#[test]
fn buffer_block_arrays_of_arrays_index_in_order() {
    let Some(gpu) = gpu() else { return };
    let opts = fresnel::Options {
        stage: Some(fresnel::Stage::Compute),
        target: fresnel::TargetEnv::Vulkan { minor: 0 },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t.comp", CS),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let ir = run.ir.unwrap_or_else(|| panic!("{:?}", run.diagnostics));
    let words = emit(
        &ir,
        &SpirvOptions {
            target: SpvTarget::Vulkan { minor: 0 },
            debug_names: true,
        },
    )
    .expect("SPIR-V");
    let mut bindings = Vec::new();
    for e in 0..6u32 {
        bindings.push(BufferBinding {
            set: 0,
            binding: 0,
            element: e,
            kind: BufferKind::Storage,
            data: vec![0xff; 8],
        });
    }
    for e in 0..6u32 {
        // u[a][b] is element a * 2 + b and holds 100 + that element.
        let mut data = vec![0u8; 16];
        data[..4].copy_from_slice(&(100 + e).to_le_bytes());
        bindings.push(BufferBinding {
            set: 0,
            binding: 1,
            element: e,
            kind: BufferKind::Uniform,
            data,
        });
    }
    let out = gpu
        .dispatch(&ComputeJob {
            spirv: words,
            groups: [6, 1, 1],
            bindings,
            addresses: Vec::new(),
        })
        .expect("dispatch");
    for e in 0..6u32 {
        let (i, j) = (e / 3, e % 3);
        let b = &out[e as usize];
        let x0 = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let x1 = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
        let extra = if e == 5 { 1000 } else { 0 };
        assert_eq!(x0, i * 10 + j, "s[{i}][{j}].x[0]");
        assert_eq!(x1, 100 + j * 2 + i + extra, "s[{i}][{j}].x[1]");
    }
}
