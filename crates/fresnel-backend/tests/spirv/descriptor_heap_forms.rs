//! GL_EXT_descriptor_heap and GL_EXT_structured_descriptor_heap as SPV_EXT_descriptor_heap
//! with untyped pointers (`spirv/heap.rs`): heap arrays index the `resource_heap` /
//! `sampler_heap` built-ins with `OpUntypedAccessChainKHR` (stride `OpConstantSizeOfEXT`
//! or `descriptor_stride`), buffers are reached through `OpBufferPointerEXT`, image
//! atomics through `OpUntypedImageTexelPointerEXT`; structured heap blocks start at their
//! `heap_offset` and lay their members out with `OffsetIdEXT` / `ArrayStrideIdEXT` computed
//! from descriptor sizes. Debian's spirv-val (2023.1) does not know the extension: every
//! module is checked at `-O0` and `-O` by the validator `SPIRV_VAL_VENDORED` names (a 2026
//! SPIRV-Tools, `tools/spirv-val-slang`), skipped with a note without it.

use crate::support;

use crate::support::{check_vendored, has_extension, instructions};
use fresnel::{Stage, TargetEnv};

const OP_CAPABILITY: u16 = 17;
const OP_CONSTANT: u16 = 43;
const OP_SPEC_CONSTANT: u16 = 50;
const OP_SPEC_CONSTANT_OP: u16 = 52;
const OP_VARIABLE: u16 = 59;
const OP_LOAD: u16 = 61;
const OP_ACCESS_CHAIN: u16 = 65;
const OP_DECORATE: u16 = 71;
const OP_MEMBER_DECORATE: u16 = 72;
const OP_DECORATE_ID: u16 = 332;
const OP_UNTYPED_VARIABLE_KHR: u16 = 4418;
const OP_UNTYPED_ACCESS_CHAIN_KHR: u16 = 4419;
const OP_TYPE_BUFFER_EXT: u16 = 5115;
const OP_BUFFER_POINTER_EXT: u16 = 5119;
const OP_UNTYPED_IMAGE_TEXEL_POINTER_EXT: u16 = 5126;
const OP_MEMBER_DECORATE_ID_EXT: u16 = 5127;
const OP_CONSTANT_SIZE_OF_EXT: u16 = 5129;
const DECOR_BINDING: u32 = 33;
const DECOR_OFFSET: u32 = 35;
const DECOR_BUILTIN: u32 = 11;
const DECOR_NON_UNIFORM: u32 = 5300;
const DECOR_ARRAY_STRIDE_ID_EXT: u32 = 5124;
const DECOR_OFFSET_ID_EXT: u32 = 5125;
const BUILTIN_SAMPLER_HEAP_EXT: u32 = 5122;
const BUILTIN_RESOURCE_HEAP_EXT: u32 = 5123;
const CAP_UNTYPED_POINTERS_KHR: u32 = 4473;
const CAP_DESCRIPTOR_HEAP_EXT: u32 = 5128;
const SPEC_OP_U_MOD: u32 = 137;

fn compile(stage: Stage, src: &str, optimize: bool) -> Result<Vec<u32>, String> {
    support::try_compile(stage, TargetEnv::Vulkan { minor: 3 }, src, optimize)
}

/// Compiled at `-O0` and `-O`, each checked by the vendored validator.
#[track_caller]
fn both(stage: Stage, src: &str) -> [Vec<u32>; 2] {
    [false, true].map(|o| {
        let words = compile(stage, src, o).unwrap_or_else(|e| panic!("-O {o}: {e}"));
        check_vendored(&words, "vulkan1.3", &["--scalar-block-layout"]);
        words
    })
}

fn count(words: &[u32], op: u16) -> usize {
    instructions(words).iter().filter(|(o, _)| *o == op).count()
}

fn has_cap(words: &[u32], c: u32) -> bool {
    instructions(words)
        .iter()
        .any(|(o, ops)| *o == OP_CAPABILITY && ops[0] == c)
}

/// The heap built-in variables: (id, built-in).
fn heap_vars(words: &[u32]) -> Vec<(u32, u32)> {
    let ins = instructions(words);
    ins.iter()
        .filter(|(o, _)| *o == OP_UNTYPED_VARIABLE_KHR)
        .map(|(_, v)| {
            let id = v[1];
            let b = ins
                .iter()
                .find(|(o, d)| *o == OP_DECORATE && d[0] == id && d[1] == DECOR_BUILTIN)
                .map_or(u32::MAX, |(_, d)| d[2]);
            (id, b)
        })
        .collect()
}

/// The value of `OpConstant` `id` (a 32-bit scalar).
fn constant(words: &[u32], id: u32) -> Option<u32> {
    instructions(words)
        .into_iter()
        .find(|(o, v)| *o == OP_CONSTANT && v[1] == id)
        .map(|(_, v)| v[2])
}

/// `ArrayStrideIdEXT` operands.
fn array_stride_ids(words: &[u32]) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(o, d)| *o == OP_DECORATE_ID && d[1] == DECOR_ARRAY_STRIDE_ID_EXT)
        .map(|(_, d)| d[2])
        .collect()
}

/// `OffsetIdEXT` operands of struct `st`, by member.
fn offset_ids(words: &[u32], st: u32) -> Vec<u32> {
    let mut v: Vec<(u32, u32)> = instructions(words)
        .into_iter()
        .filter(|(o, d)| {
            *o == OP_MEMBER_DECORATE_ID_EXT && d[0] == st && d[2] == DECOR_OFFSET_ID_EXT
        })
        .map(|(_, d)| (d[1], d[3]))
        .collect();
    v.sort_unstable();
    v.into_iter().map(|(_, id)| id).collect()
}

/// The `OffsetIdEXT` operands of the first struct laid out by them, by member, as the
/// constants they are (`None`: not an `OpConstant`).
fn constant_offsets(words: &[u32]) -> Vec<Option<u32>> {
    let st = instructions(words)
        .into_iter()
        .find(|(o, _)| *o == OP_MEMBER_DECORATE_ID_EXT)
        .map(|(_, v)| v[0])
        .expect("the heap block's offsets");
    offset_ids(words, st)
        .into_iter()
        .map(|id| constant(words, id))
        .collect()
}

/// The result ids of the instructions of opcode `op`.
fn results_of(words: &[u32], op: u16) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(o, _)| *o == op)
        .map(|(_, v)| v[1])
        .collect()
}

#[test]
fn heap_buffer_arrays_go_through_buffer_pointers() {
    let src = "#version 450
#extension GL_EXT_descriptor_heap : require
layout(local_size_x = 1) in;
layout(descriptor_heap) uniform U { uint inputData; } ubo[];
layout(descriptor_heap) buffer O { uint outputData; } ssbo[];
void main() { ssbo[8].outputData = ubo[9].inputData; }";
    for words in both(Stage::Compute, src) {
        assert!(has_extension(&words, "SPV_EXT_descriptor_heap"));
        assert!(has_extension(&words, "SPV_KHR_untyped_pointers"));
        assert!(has_cap(&words, CAP_UNTYPED_POINTERS_KHR));
        assert!(has_cap(&words, CAP_DESCRIPTOR_HEAP_EXT));
        // One heap, the resource heap; no bound variables at all.
        let heaps = heap_vars(&words);
        assert_eq!(heaps.len(), 1, "{heaps:?}");
        assert_eq!(heaps[0].1, BUILTIN_RESOURCE_HEAP_EXT);
        assert_eq!(count(&words, OP_VARIABLE), 0);
        assert!(!instructions(&words)
            .iter()
            .any(|(o, d)| *o == OP_DECORATE && d[1] == DECOR_BINDING));
        // Two buffer descriptor types (uniform and storage), each indexed by its size.
        assert_eq!(count(&words, OP_TYPE_BUFFER_EXT), 2);
        let sizes = results_of(&words, OP_CONSTANT_SIZE_OF_EXT);
        let strides = array_stride_ids(&words);
        assert_eq!(strides.len(), 2);
        assert!(
            strides.iter().all(|s| sizes.contains(s)),
            "{strides:?} {sizes:?}"
        );
        assert_eq!(count(&words, OP_UNTYPED_ACCESS_CHAIN_KHR), 2);
        assert_eq!(count(&words, OP_BUFFER_POINTER_EXT), 2);
    }
}

#[test]
fn descriptor_stride_is_the_array_stride() {
    let src = "#version 450
#extension GL_EXT_descriptor_heap : require
layout(local_size_x = 1) in;
layout(descriptor_heap, descriptor_stride = 512) buffer B { mat4 m[2]; } b[];
layout(descriptor_heap, descriptor_stride = 1024, rgba32f) uniform image2D img[];
void main() {
    b[9].m[1] = b[1].m[0] * 2.0;
    imageStore(img[3], ivec2(0), imageLoad(img[2], ivec2(0)));
}";
    for words in both(Stage::Compute, src) {
        let mut strides: Vec<u32> = array_stride_ids(&words)
            .into_iter()
            .map(|id| constant(&words, id).expect("a constant stride"))
            .collect();
        strides.sort_unstable();
        assert_eq!(strides, [512, 1024]);
        // The image is loaded from the untyped pointer, not through a variable.
        assert_eq!(count(&words, OP_VARIABLE), 0);
        assert!(count(&words, OP_LOAD) >= 2);
    }
}

#[test]
fn heap_images_and_samplers_with_non_uniform_indices() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_nonuniform_qualifier : require
layout(descriptor_heap) uniform sampler samplers[];
layout(descriptor_heap) uniform texture2D textures[];
layout(descriptor_heap) uniform UB { vec4 color; } ubs[];
layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint index;
layout(location = 0) out vec4 o;
void main() {
    o = texture(sampler2D(textures[nonuniformEXT(index)], samplers[2]), uv);
    o += ubs[nonuniformEXT(index)].color;
}";
    for words in both(Stage::Fragment, src) {
        let mut builtins: Vec<u32> = heap_vars(&words).into_iter().map(|(_, b)| b).collect();
        builtins.sort_unstable();
        assert_eq!(
            builtins,
            [BUILTIN_SAMPLER_HEAP_EXT, BUILTIN_RESOURCE_HEAP_EXT]
        );
        // The non-uniform texture chain and buffer pointer are decorated.
        let nonuniform: Vec<u32> = instructions(&words)
            .into_iter()
            .filter(|(o, d)| *o == OP_DECORATE && d[1] == DECOR_NON_UNIFORM)
            .map(|(_, d)| d[0])
            .collect();
        let chains = results_of(&words, OP_UNTYPED_ACCESS_CHAIN_KHR);
        let pointers = results_of(&words, OP_BUFFER_POINTER_EXT);
        assert!(
            chains.iter().any(|c| nonuniform.contains(c)),
            "{nonuniform:?}"
        );
        assert!(
            pointers.iter().all(|p| nonuniform.contains(p)),
            "{nonuniform:?}"
        );
    }
}

#[test]
fn heap_image_atomics_use_untyped_texel_pointers() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
layout(local_size_x = 1) in;
layout(descriptor_heap, r32i) uniform iimage1D img[];
void main() { imageAtomicAdd(img[1], 1, 1); }";
    for words in both(Stage::Compute, src) {
        assert_eq!(count(&words, OP_UNTYPED_IMAGE_TEXEL_POINTER_EXT), 1);
    }
}

#[test]
fn structured_heaps_at_constant_specialization_and_push_constant_offsets() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_samplerless_texture_functions : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;
layout(constant_id = 3) const uint materialsOffset = 1024;
layout(push_constant) uniform P { vec4 pad; uint samplersOffset; } pc;
layout(buffer_type, scalar) buffer Data { uint a; uint b; };
layout(heap_offset = 2048) resourceheap H0 { uint count; Data data; } h0;
layout(heap_offset = materialsOffset) resourceheap H1 {
    uint count;
    Data data;
    layout(rgba32f) image2D images[2];
    texture2D textures[2];
} h1;
layout(heap_offset = pc.samplersOffset) samplerheap S { sampler samplers[2]; } s;
void main() {
    h0.data.a = h1.data.b;
    vec4 t = imageLoad(h1.images[1], ivec2(0));
    t += textureLod(sampler2D(h1.textures[1], s.samplers[1]), vec2(0.5), 0.0);
    imageStore(h1.images[1], ivec2(0), t);
}";
    for words in both(Stage::Compute, src) {
        let ins = instructions(&words);
        // Three bases: the resource heap at 2048 and at the specialization constant, the
        // sampler heap at the push constant's member (loaded through an access chain).
        let spec = ins
            .iter()
            .find(|(o, _)| *o == OP_SPEC_CONSTANT)
            .map(|(_, v)| v[1])
            .expect("the offset's specialization constant");
        let heaps = heap_vars(&words);
        let base_offsets: Vec<u32> = ins
            .iter()
            .filter(|(o, v)| {
                *o == OP_UNTYPED_ACCESS_CHAIN_KHR && heaps.iter().any(|(h, _)| *h == v[3])
            })
            .map(|(_, v)| v[4])
            .collect();
        assert!(base_offsets.contains(&spec), "{base_offsets:?}");
        assert!(base_offsets
            .iter()
            .any(|id| constant(&words, *id) == Some(2048)));
        let loaded: Vec<u32> = ins
            .iter()
            .filter(|(o, _)| *o == OP_LOAD)
            .map(|(_, v)| v[1])
            .collect();
        assert!(
            base_offsets.iter().any(|id| loaded.contains(id)),
            "{base_offsets:?}"
        );
        assert!(ins.iter().any(|(o, _)| *o == OP_ACCESS_CHAIN));
        // Member offsets after a descriptor are computed from its size.
        assert!(ins
            .iter()
            .any(|(o, v)| *o == OP_SPEC_CONSTANT_OP && v[2] == SPEC_OP_U_MOD));
        assert_eq!(count(&words, OP_MEMBER_DECORATE_ID_EXT), 2 + 4 + 1);
        let spec_ops = results_of(&words, OP_SPEC_CONSTANT_OP);
        let blocks: std::collections::BTreeSet<u32> = ins
            .iter()
            .filter(|(o, _)| *o == OP_MEMBER_DECORATE_ID_EXT)
            .map(|(_, v)| v[0])
            .collect();
        for st in blocks {
            let ids = offset_ids(&words, st);
            // The first member at 0; the others after a descriptor at computed offsets.
            assert_eq!(constant(&words, ids[0]), Some(0));
            if ids.len() > 1 {
                assert!(spec_ops.contains(&ids[1]), "{ids:?}");
            }
        }
        assert_eq!(count(&words, OP_BUFFER_POINTER_EXT), 2);
    }
}

#[test]
fn structured_heap_plain_data_takes_scalar_offsets() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
resourceheap H { uint a; vec3 b; float c; layout(row_major) mat2x3 m; } h;
layout(binding = 0, std430) buffer Out { vec3 v; float f; vec3 r; } o;
void main() { o.v = h.b; o.f = h.c + float(h.a); o.r = h.m[1]; }";
    for words in both(Stage::Compute, src) {
        let ins = instructions(&words);
        // Plain data only: the heap block's members take ordinary offsets, 0, 4, 16, 20 (a
        // `vec3` is aligned to 4 under the scalar rules); `OffsetIdEXT` is for structs
        // holding descriptors.
        assert_eq!(count(&words, OP_MEMBER_DECORATE_ID_EXT), 0);
        let heap_block = ins
            .iter()
            .find(|(o, v)| *o == OP_UNTYPED_ACCESS_CHAIN_KHR && v[2] != v[3])
            .map(|(_, v)| v[2])
            .expect("a chain into the heap block");
        let mut offsets: Vec<(u32, u32)> = ins
            .iter()
            .filter(|(o, v)| *o == OP_MEMBER_DECORATE && v[0] == heap_block && v[2] == DECOR_OFFSET)
            .map(|(_, v)| (v[1], v[3]))
            .collect();
        offsets.sort_unstable();
        assert_eq!(offsets, [(0, 0), (1, 4), (2, 16), (3, 20)]);
    }
}

#[test]
fn heap_shaders_need_vulkan() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
layout(local_size_x = 1) in;
layout(descriptor_heap, r32i) uniform iimage1D img[];
void main() { imageAtomicAdd(img[1], 1, 1); }";
    let e = support::try_compile(Stage::Compute, TargetEnv::OpenGl, src, false)
        .expect_err("no descriptor heaps in OpenGL");
    assert!(e.contains("descriptor heap") && e.contains("Vulkan"), "{e}");
}

const OP_TYPE_IMAGE: u16 = 25;
const DECOR_NON_WRITABLE: u32 = 24;
const DECOR_NON_READABLE: u32 = 25;
const CAP_STORAGE_IMAGE_READ_WITHOUT_FORMAT: u32 = 55;
const CAP_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT: u32 = 56;
const IMAGE_FORMAT_RGBA8: u32 = 4;
const IMAGE_FORMAT_R32F: u32 = 3;

/// The `Image Format` operands of the module's `OpTypeImage`s.
fn image_formats(words: &[u32]) -> Vec<u32> {
    let mut v: Vec<u32> = instructions(words)
        .into_iter()
        .filter(|(o, _)| *o == OP_TYPE_IMAGE)
        .map(|(_, d)| d[7])
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn structured_heap_images_keep_their_formats() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
resourceheap H {
    uint count;
    layout(rgba8) image2D img;
    layout(r32f) image2D imgs[2];
} h;
void main() {
    imageStore(h.img, ivec2(0), imageLoad(h.imgs[1], ivec2(0)));
}";
    for words in both(Stage::Compute, src) {
        assert_eq!(
            image_formats(&words),
            [IMAGE_FORMAT_R32F, IMAGE_FORMAT_RGBA8]
        );
        assert!(!has_cap(&words, CAP_STORAGE_IMAGE_READ_WITHOUT_FORMAT));
        assert!(!has_cap(&words, CAP_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT));
        let text = fresnel_backend::spirv::disassemble(&words).expect("disassembles");
        assert!(text.contains("2D 0 0 0 2 Rgba8"), "{text}");
        assert!(text.contains("2D 0 0 0 2 R32f"), "{text}");
    }
    // Without a format the image still needs the capabilities.
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 1) in;
resourceheap H { image2D img; } h;
void main() { imageStore(h.img, ivec2(0), imageLoad(h.img, ivec2(1))); }";
    for words in both(Stage::Compute, src) {
        assert_eq!(image_formats(&words), [0]);
        assert!(has_cap(&words, CAP_STORAGE_IMAGE_READ_WITHOUT_FORMAT));
        assert!(has_cap(&words, CAP_STORAGE_IMAGE_WRITE_WITHOUT_FORMAT));
    }
}

/// glslang's `spv.descriptorHeap.BufferQualifiers.frag`: a `readonly` heap array of
/// buffers and a `writeonly` `buffer_type` in a structured heap.
#[test]
fn heap_buffer_memory_qualifiers_decorate_blocks_and_buffer_pointers() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_structured_descriptor_heap : require
layout(descriptor_heap) readonly buffer ReadSSBO { uint value; } reads[];
layout(buffer_type) writeonly buffer WriteSSBO { uint value; };
layout(heap_offset = 256) resourceheap WriteHeap { WriteSSBO writes[]; } writeHeap;
void main() { writeHeap.writes[1].value = reads[0].value; }";
    for words in both(Stage::Fragment, src) {
        let ins = instructions(&words);
        let decorated = |id: u32, d: u32| {
            ins.iter()
                .any(|(o, v)| *o == OP_DECORATE && v[0] == id && v[1] == d)
        };
        // The buffer pointers: the read one `NonWritable`, the written one `NonReadable`.
        let pointers = results_of(&words, OP_BUFFER_POINTER_EXT);
        assert_eq!(pointers.len(), 2);
        let read = pointers
            .iter()
            .filter(|p| decorated(**p, DECOR_NON_WRITABLE))
            .count();
        let written = pointers
            .iter()
            .filter(|p| decorated(**p, DECOR_NON_READABLE))
            .count();
        assert_eq!((read, written), (1, 1), "{pointers:?}");
        // The readonly array's block: its member `NonWritable` (as an ordinary block's).
        let members: Vec<u32> = ins
            .iter()
            .filter(|(o, v)| *o == OP_MEMBER_DECORATE && v[2] == DECOR_NON_WRITABLE)
            .map(|(_, v)| v[1])
            .collect();
        assert_eq!(members, [0]);
        assert!(!ins
            .iter()
            .any(|(o, v)| *o == OP_MEMBER_DECORATE && v[2] == DECOR_NON_READABLE));
    }
}

/// `(struct, member, decoration)` of the module's `OpMemberDecorate`s without operands.
fn member_decorations(words: &[u32]) -> Vec<(u32, u32, u32)> {
    instructions(words)
        .into_iter()
        .filter(|(o, v)| *o == OP_MEMBER_DECORATE && v.len() == 3)
        .map(|(_, v)| (v[0], v[1], v[2]))
        .collect()
}

/// glslang's `spv.descriptorHeap.ImageQualifiers.frag`: a `readonly` / `writeonly` heap
/// array of images is reached through a struct wrapping the array (`<name>_heap`), whose
/// member carries the qualifier; an unqualified one is indexed directly.
#[test]
fn heap_image_array_memory_qualifiers_decorate_a_wrapping_struct() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_samplerless_texture_functions : require
layout(descriptor_heap, r32f) writeonly uniform image2D Writes[];
layout(descriptor_heap, r32f) readonly uniform image2D Reads[];
layout(descriptor_heap, r32f) uniform image2D Plain[];
layout(location = 0) out vec4 o;
void main()
{
    imageStore(Writes[10], ivec2(0), imageLoad(Reads[20], ivec2(0)));
    o = imageLoad(Plain[20], ivec2(0));
}";
    for words in both(Stage::Fragment, src) {
        let ins = instructions(&words);
        let mut decorations: Vec<u32> = member_decorations(&words)
            .into_iter()
            .map(|(_, m, d)| {
                assert_eq!(m, 0);
                d
            })
            .collect();
        decorations.sort_unstable();
        assert_eq!(decorations, [DECOR_NON_WRITABLE, DECOR_NON_READABLE]);
        let wrappers: Vec<u32> = member_decorations(&words)
            .into_iter()
            .map(|(s, _, _)| s)
            .collect();
        // Each wrapper: member 0 at offset 0, and chains index it with (0, element).
        for w in &wrappers {
            let ids = offset_ids(&words, *w);
            assert_eq!(ids.len(), 1);
            assert_eq!(constant(&words, ids[0]), Some(0));
            let chain = ins
                .iter()
                .find(|(o, v)| *o == OP_UNTYPED_ACCESS_CHAIN_KHR && v[2] == *w)
                .map(|(_, v)| v.clone())
                .expect("a chain through the wrapper");
            assert_eq!(chain.len(), 6, "{chain:?}");
            assert_eq!(constant(&words, chain[4]), Some(0));
        }
        // The unqualified array is indexed directly (its runtime array, one index).
        assert!(ins.iter().any(|(o, v)| *o == OP_UNTYPED_ACCESS_CHAIN_KHR
            && v.len() == 5
            && !wrappers.contains(&v[2])));
        let text = fresnel_backend::spirv::disassemble(&words).expect("disassembles");
        assert!(text.contains("0 NonReadable"), "{text}");
        assert!(text.contains("0 NonWritable"), "{text}");
    }
}

#[test]
fn structured_heap_image_members_take_memory_qualifiers() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
resourceheap H {
    uint count;
    layout(rgba8) readonly image2D src;
    layout(rgba8) writeonly image2D dst[2];
} h;
void main() { imageStore(h.dst[1], ivec2(0), imageLoad(h.src, ivec2(0))); }";
    for words in both(Stage::Compute, src) {
        let mut d: Vec<(u32, u32)> = member_decorations(&words)
            .into_iter()
            .map(|(_, m, d)| (m, d))
            .collect();
        d.sort_unstable();
        assert_eq!(d, [(1, DECOR_NON_WRITABLE), (2, DECOR_NON_READABLE)]);
        assert_eq!(image_formats(&words), [IMAGE_FORMAT_RGBA8]);
    }
}

/// GL_EXT_structured_descriptor_heap's `descriptor_size`: the member's descriptors take
/// (and are aligned to) that many bytes instead of `OpConstantSizeOfEXT`'s, so the offsets
/// after them (and an array's stride) are known constants.
#[test]
fn descriptor_size_overrides_the_descriptor_sizes_of_a_member() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 1) in;
layout(buffer_type, scalar) buffer Ssbo { vec4 data; };
resourceheap BufferHeap {
    uint count;
    layout(descriptor_size = 128) Ssbo first;
    layout(descriptor_size = 64) texture2D t[2];
    uint after;
} h;
layout(binding = 0) buffer O { vec4 v; uint a; } o;
void main() {
    o.v = h.first.data + texelFetch(h.t[1], ivec2(0), 0);
    o.a = h.after + h.count;
}";
    for words in both(Stage::Compute, src) {
        // No descriptor size is asked of the client API: all offsets are constants.
        assert_eq!(count(&words, OP_CONSTANT_SIZE_OF_EXT), 0);
        assert_eq!(count(&words, OP_SPEC_CONSTANT_OP), 0);
        let offsets = constant_offsets(&words);
        assert_eq!(offsets, [Some(0), Some(128), Some(256), Some(384)]);
        let strides: Vec<Option<u32>> = array_stride_ids(&words)
            .into_iter()
            .map(|id| constant(&words, id))
            .collect();
        assert_eq!(strides, [Some(64)]);
    }
}

/// GL_EXT_structured_descriptor_heap: heap block members take `offset` as buffer block
/// members do. A descriptor placed explicitly is at that constant offset, the members after
/// it follow it, and the block ends where its furthest member does.
#[test]
fn explicit_offsets_place_heap_block_members() {
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 1) in;
layout(heap_offset = 64) resourceheap H {
    uint count;
    layout(offset = 256) texture2D t;
    layout(offset = 1024) uint tail;
    uint next;
    layout(offset = 8) uint early;
} h;
layout(binding = 0) buffer O { vec4 v; uint a; } o;
void main() {
    o.v = texelFetch(h.t, ivec2(0), 0);
    o.a = h.tail + h.count + h.next + h.early;
}";
    for words in both(Stage::Compute, src) {
        let offsets = constant_offsets(&words);
        assert_eq!(
            offsets,
            [Some(0), Some(256), Some(1024), Some(1028), Some(8)]
        );
    }
    // All plain data placed explicitly, in any order: ordinary `Offset` decorations.
    let plain = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
layout(local_size_x = 1) in;
layout(heap_offset = 32) resourceheap P {
    layout(offset = 16) uint a;
    layout(offset = 0) vec2 b;
} p;
layout(binding = 0) buffer O { vec2 v; uint a; } o;
void main() { o.v = p.b; o.a = p.a; }";
    for words in both(Stage::Compute, plain) {
        let heap_struct: Vec<(u32, u32)> = instructions(&words)
            .into_iter()
            .filter(|(o, d)| *o == OP_MEMBER_DECORATE && d[2] == DECOR_OFFSET)
            .map(|(_, d)| (d[1], d[3]))
            .collect();
        assert!(
            heap_struct.windows(2).any(|w| w == [(0, 16), (1, 0)]),
            "{heap_struct:?}"
        );
    }
}

/// GL_EXT_structured_descriptor_heap: a heap member may define its buffer-reference block in
/// place; the member is a physical-storage-buffer pointer to a `Block` laid out by the
/// member's packing (std140: `x` after a `float[2]` of stride 16, at 32; scalar: at 8).
#[test]
fn heap_members_define_buffer_reference_blocks_in_place() {
    const OP_TYPE_POINTER: u16 = 32;
    const OP_TYPE_STRUCT: u16 = 30;
    const STORAGE_PHYSICAL_STORAGE_BUFFER: u32 = 5349;
    const DECOR_BLOCK: u32 = 2;
    let src = "#version 460
#extension GL_EXT_descriptor_heap : require
#extension GL_EXT_structured_descriptor_heap : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;
layout(heap_offset = 64) resourceheap H {
    layout(buffer_reference, std140) buffer { float f[2]; uint x; } a;
    layout(buffer_reference, scalar) buffer { float f[2]; uint x; } b;
} h;
layout(binding = 0, std430) buffer R { uint r; } res;
void main() { res.r = h.a.x + h.b.x; }";
    for words in both(Stage::Compute, src) {
        let ins = instructions(&words);
        // The pointees of the physical-storage-buffer pointers: two structures.
        let pointees: Vec<u32> = ins
            .iter()
            .filter(|(o, d)| *o == OP_TYPE_POINTER && d[1] == STORAGE_PHYSICAL_STORAGE_BUFFER)
            .map(|(_, d)| d[2])
            .filter(|t| ins.iter().any(|(o, d)| *o == OP_TYPE_STRUCT && d[0] == *t))
            .collect();
        assert_eq!(pointees.len(), 2, "{pointees:?}");
        let mut x_offsets = Vec::new();
        for t in &pointees {
            assert!(
                ins.iter()
                    .any(|(o, d)| *o == OP_DECORATE && d[0] == *t && d[1] == DECOR_BLOCK),
                "pointee {t} is a Block"
            );
            x_offsets.extend(
                ins.iter()
                    .filter(|(o, d)| {
                        *o == OP_MEMBER_DECORATE && d[0] == *t && d[1] == 1 && d[2] == DECOR_OFFSET
                    })
                    .map(|(_, d)| d[3]),
            );
        }
        x_offsets.sort_unstable();
        assert_eq!(x_offsets, [8, 32]);
    }
}
