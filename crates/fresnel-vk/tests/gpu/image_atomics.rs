//! Storage images on the Vulkan driver: an `r32ui` texel buffer written with `imageStore`,
//! updated with image atomics and read back with `imageLoad`, at coordinates computed in
//! unsigned arithmetic (which the SPIR-V writer passes as they are, without a conversion to
//! signed) and with two atomics on one texel (one `OpImageTexelPointer` in the block).
//! Results must equal the values worked out here, at `-O0` and `-O`.
//! Fails when Vulkan is unavailable, unless `FRESNEL_SKIP_VULKAN=1` is set.

use crate::support::{compute_spirv, gpu, opcode_count};
use fresnel_vk::{BufferBinding, BufferKind, ComputeJob};

const CS: &str = r#"#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimageBuffer img;
layout(set = 0, binding = 1, std430) buffer Out { uint before[8]; uint after[8]; };
void main() {
    uint i = gl_LocalInvocationID.x;
    int at = int(i * 2u + 1u);
    imageStore(img, at, uvec4(i * 10u));
    before[i] = imageAtomicAdd(img, at, 5u);
    uint was = imageAtomicMax(img, at, 100u - i * 13u);
    after[i] = imageLoad(img, at).x + was * 1000u;
}
"#;

fn expected() -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut img = vec![0u32; 16];
    let (mut before, mut after) = (vec![0; 8], vec![0; 8]);
    for i in 0..8u32 {
        let at = (i * 2 + 1) as usize;
        img[at] = i * 10;
        before[i as usize] = img[at];
        img[at] += 5;
        let was = img[at];
        img[at] = img[at].max(100 - i * 13);
        after[i as usize] = img[at] + was * 1000;
    }
    (img, before, after)
}

#[test]
fn image_atomics_on_a_texel_buffer_compute_the_expected_values() {
    let Some(gpu) = gpu() else { return };
    let (img, before, after) = expected();
    let words = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    for level in [None, Some(fresnel_opt::OptLevel::O)] {
        let spirv = compute_spirv(CS, level, 0);
        if level.is_some() {
            // The add and the max reach one texel through one pointer.
            const OP_IMAGE_TEXEL_POINTER: u16 = 60;
            assert_eq!(
                opcode_count(&spirv, OP_IMAGE_TEXEL_POINTER),
                1,
                "one texel pointer"
            );
        }
        let out = gpu
            .dispatch(&ComputeJob {
                spirv,
                groups: [1, 1, 1],
                bindings: vec![
                    BufferBinding {
                        set: 0,
                        binding: 0,
                        element: 0,
                        kind: BufferKind::StorageTexelR32ui,
                        data: vec![0; 64],
                    },
                    BufferBinding {
                        set: 0,
                        binding: 1,
                        element: 0,
                        kind: BufferKind::Storage,
                        data: vec![0; 64],
                    },
                ],
                addresses: Vec::new(),
            })
            .expect("dispatch");
        assert_eq!(words(&out[0]), img, "{level:?}: the image");
        let o = words(&out[1]);
        assert_eq!(&o[..8], &before[..], "{level:?}: imageAtomicAdd results");
        assert_eq!(
            &o[8..],
            &after[..],
            "{level:?}: imageLoad after the atomics"
        );
    }
}
