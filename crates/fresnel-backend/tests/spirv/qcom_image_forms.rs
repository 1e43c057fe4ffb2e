//! Image built-ins of four vendor extensions, as glslang writes them:
//!
//! * GL_QCOM_image_processing / GL_QCOM_image_processing2 (`textureWeightedQCOM`,
//!   `textureBoxFilterQCOM`, `textureBlockMatch{,Window,Gather}{SSD,SAD}QCOM`):
//!   `OpImage*QCOM` on sampled images, with `WeightTextureQCOM`, `BlockMatchTextureQCOM` and
//!   `BlockMatchSamplerQCOM` on the pointers the objects are loaded from (variables, or the
//!   access chains into arrays of them);
//! * GL_EXT_shader_tile_image: attachments in the `TileImageEXT` storage class read by
//!   `OpColor/Depth/StencilAttachmentReadEXT`;
//! * GL_AMD_shader_fragment_mask: `OpFragmentMaskFetchAMD` / `OpFragmentFetchAMD`;
//! * GL_NV_shader_texture_footprint: `OpImageSampleFootprintNV` returning
//!   `{bool, anchor, offset, mask, lod, granularity}`, the footprint stored member by member.
//!
//! Debian's spirv-val (2023.1) knows only the AMD extension: the others are checked by the
//! validator `SPIRV_VAL_VENDORED` names (a 2026 SPIRV-Tools, `tools/spirv-val-slang`),
//! skipped with a note without it.

use crate::support;

use crate::support::{capabilities, check_vendored, has_extension, instructions};
use fresnel::{Stage, TargetEnv};

const OP_TYPE_IMAGE: u16 = 25;
const OP_TYPE_POINTER: u16 = 32;
const OP_VARIABLE: u16 = 59;
const OP_LOAD: u16 = 61;
const OP_ACCESS_CHAIN: u16 = 65;
const OP_DECORATE: u16 = 71;
const OP_SAMPLED_IMAGE: u16 = 86;
const OP_IMAGE: u16 = 100;

const DECOR_LOCATION: u32 = 30;
const WEIGHT_TEXTURE: u32 = 4487;
const BLOCK_MATCH_TEXTURE: u32 = 4488;
const BLOCK_MATCH_SAMPLER: u32 = 4499;

fn compile(stage: Stage, src: &str, optimize: bool) -> Result<Vec<u32>, String> {
    support::try_compile(stage, TargetEnv::Vulkan { minor: 3 }, src, optimize)
}

/// Compiled at `-O0` and `-O`, each checked by the vendored validator.
#[track_caller]
fn both(src: &str) -> [Vec<u32>; 2] {
    [false, true].map(|o| {
        let words = compile(Stage::Fragment, src, o).unwrap_or_else(|e| panic!("-O {o}: {e}"));
        check_vendored(&words, "vulkan1.3", &[]);
        words
    })
}

/// The operand lists of every `opcode` instruction.
fn ops_of(words: &[u32], opcode: u16) -> Vec<Vec<u32>> {
    instructions(words)
        .into_iter()
        .filter(|(o, _)| *o == opcode)
        .map(|(_, ops)| ops)
        .collect()
}

/// The instruction defining result id `id` (opcode, operands), among the instructions
/// these tests follow: variables, loads, access chains, sampled images and images (the
/// result id second) and pointer and image types (the result id first).
fn def(words: &[u32], id: u32) -> Option<(u16, Vec<u32>)> {
    instructions(words).into_iter().find(|(o, ops)| match *o {
        OP_VARIABLE | OP_LOAD | OP_ACCESS_CHAIN | OP_SAMPLED_IMAGE | OP_IMAGE => {
            ops.get(1) == Some(&id)
        }
        OP_TYPE_POINTER | OP_TYPE_IMAGE => ops.first() == Some(&id),
        _ => false,
    })
}

fn decorated(words: &[u32], id: u32, d: u32) -> bool {
    ops_of(words, OP_DECORATE)
        .iter()
        .any(|ops| ops[0] == id && ops[1] == d)
}

/// The pointers an image-processing operand is loaded from: (texture pointer, sampler
/// pointer), the same for a combined sampler.
fn object_pointers(words: &[u32], object: u32) -> (u32, u32) {
    let (o, ops) = def(words, object).expect("operand defined");
    let load_ptr = |id: u32| {
        let (o, ops) = def(words, id).expect("defined");
        assert_eq!(o, OP_LOAD, "an object operand is loaded");
        ops[2]
    };
    match o {
        OP_SAMPLED_IMAGE => (load_ptr(ops[2]), load_ptr(ops[3])),
        OP_LOAD => (ops[2], ops[2]),
        _ => panic!("operand {object} is made by opcode {o}"),
    }
}

const QCOM_HEADER: &str = "#version 450
#extension GL_QCOM_image_processing : require
#extension GL_QCOM_image_processing2 : require
layout(location = 0) in vec4 v;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform texture2DArray weights_t;
layout(set = 0, binding = 1) uniform texture2D src_t;
layout(set = 0, binding = 2) uniform texture2D ref_t;
layout(set = 0, binding = 3) uniform sampler samp;
layout(set = 0, binding = 4) uniform sampler2D src_s;
layout(set = 0, binding = 5) uniform sampler2DArray weights_s;
layout(set = 0, binding = 6) uniform sampler2D ref_s;
";

/// Each operation with separate and combined samplers: its opcode (with the result type and
/// the operands in GLSL order), capabilities, extensions and decorations.
#[test]
fn qcom_image_processing_operations() {
    // (the calls, or the block match's name, opcode, capabilities, the second extension).
    type Case = (&'static str, u16, &'static [u32], bool);
    let block = "(sampler2D(src_t, samp), uvec2(v.xy), sampler2D(ref_t, samp), uvec2(v.zw), \
                 uvec2(4, 4)) + NAME(src_s, uvec2(v.xy), ref_s, uvec2(v.zw), uvec2(2))";
    let cases: [Case; 8] = [
        (
            "textureWeightedQCOM(sampler2D(src_t, samp), v.xy, sampler2DArray(weights_t, samp)) \
             + textureWeightedQCOM(src_s, v.xy, weights_s)",
            4480,
            &[4484],
            false,
        ),
        (
            "textureBoxFilterQCOM(sampler2D(src_t, samp), v.xy, vec2(2.5)) \
             + textureBoxFilterQCOM(src_s, v.zw, v.xy)",
            4481,
            &[4485],
            false,
        ),
        ("textureBlockMatchSSDQCOM", 4482, &[4486], false),
        ("textureBlockMatchSADQCOM", 4483, &[4486], false),
        ("textureBlockMatchWindowSSDQCOM", 4500, &[4486, 4498], true),
        ("textureBlockMatchWindowSADQCOM", 4501, &[4486, 4498], true),
        ("textureBlockMatchGatherSSDQCOM", 4502, &[4486, 4498], true),
        ("textureBlockMatchGatherSADQCOM", 4503, &[4486, 4498], true),
    ];
    for (call, opcode, want_caps, second) in cases {
        let call = if call.contains('(') {
            call.to_string()
        } else {
            format!("{call}{}", block.replace("NAME", call))
        };
        let src = format!("{QCOM_HEADER}void main() {{ color = {call}; }}\n");
        for words in both(&src) {
            let ins = ops_of(&words, opcode);
            assert_eq!(ins.len(), 2, "{call}: two instructions");
            let caps = capabilities(&words);
            for c in want_caps {
                assert!(caps.contains(c), "{call}: capability {c} in {caps:?}");
            }
            assert!(has_extension(&words, "SPV_QCOM_image_processing"), "{call}");
            assert_eq!(
                has_extension(&words, "SPV_QCOM_image_processing2"),
                second,
                "{call}"
            );
            for ops in &ins {
                // Result type, id, then the GLSL arguments.
                let n_args = if opcode == 4480 || opcode == 4481 {
                    3
                } else {
                    5
                };
                assert_eq!(ops.len(), 2 + n_args, "{call}: operands {ops:?}");
                // The objects: the first argument and the third (the weights, the
                // reference; the box size for the box filter).
                let objects = [ops[2], ops[4]];
                for (i, &obj) in objects.iter().enumerate() {
                    if opcode == 4481 && i == 1 {
                        continue; // the box size
                    }
                    let (tex, smp) = object_pointers(&words, obj);
                    let weight = opcode == 4480 && i == 1;
                    assert_eq!(decorated(&words, tex, WEIGHT_TEXTURE), weight, "{call}");
                    let block_match = opcode >= 4482;
                    assert_eq!(
                        decorated(&words, tex, BLOCK_MATCH_TEXTURE),
                        block_match,
                        "{call}: object {i}"
                    );
                    let window = matches!(opcode, 4500 | 4501);
                    assert_eq!(
                        decorated(&words, smp, BLOCK_MATCH_SAMPLER),
                        window,
                        "{call}: sampler of object {i}"
                    );
                }
            }
        }
    }
}

/// A texture used only by these built-ins with a separate sampler is declared as an image
/// (not a sampled image), and each decoration is written once however often it applies.
#[test]
fn qcom_texture_only_and_decorated_once() {
    let src = format!(
        "{QCOM_HEADER}void main() {{
            color = textureBlockMatchSSDQCOM(sampler2D(src_t, samp), uvec2(v.xy),
                                             sampler2D(ref_t, samp), uvec2(v.zw), uvec2(4))
                  + textureBlockMatchSADQCOM(sampler2D(src_t, samp), uvec2(v.zw),
                                             sampler2D(ref_t, samp), uvec2(v.xy), uvec2(4));
        }}\n"
    );
    for words in both(&src) {
        let block: Vec<_> = ops_of(&words, OP_DECORATE)
            .into_iter()
            .filter(|ops| ops[1] == BLOCK_MATCH_TEXTURE)
            .collect();
        assert_eq!(block.len(), 2, "src_t and ref_t once each: {block:?}");
        for ops in block {
            let (o, var) = def(&words, ops[0]).expect("decorated id defined");
            assert_eq!(o, OP_VARIABLE);
            let (_, ptr) = def(&words, var[0]).expect("pointer type");
            let (o, _) = def(&words, ptr[2]).expect("pointee");
            assert_eq!(o, OP_TYPE_IMAGE, "a texture alone is an image");
        }
    }
}

/// Objects taken from arrays (spv.tpipTextureArrays.frag): the access chains are decorated,
/// as glslang does (the validator looks for the decoration on what is loaded).
#[test]
fn qcom_arrays_decorate_access_chains() {
    let src = "#version 450
#extension GL_QCOM_image_processing : require
layout(location = 0) in vec4 v;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 3) uniform sampler samp;
layout(set = 0, binding = 4) uniform texture2D srcs[8];
layout(set = 0, binding = 5) uniform sampler2D samplers[3];
void main() {
    uint i = uint(v.x) % 8u;
    color = textureBlockMatchSSDQCOM(samplers[0], uvec2(v.xy), sampler2D(srcs[i], samp),
                                     uvec2(v.zw), uvec2(4))
          + textureBlockMatchSADQCOM(sampler2D(srcs[1], samp), uvec2(v.xy), samplers[1],
                                     uvec2(v.zw), uvec2(4));
}
";
    for words in both(src) {
        let block: Vec<_> = ops_of(&words, OP_DECORATE)
            .into_iter()
            .filter(|ops| ops[1] == BLOCK_MATCH_TEXTURE)
            .collect();
        assert_eq!(block.len(), 4, "{block:?}");
        for ops in block {
            let (o, _) = def(&words, ops[0]).expect("decorated id defined");
            assert_eq!(o, OP_ACCESS_CHAIN);
        }
    }
}

/// GL_EXT_shader_tile_image: attachment variables in `TileImageEXT` with their locations,
/// images of dimension `TileImageDataEXT`; the reads with and without a sample.
#[test]
fn tile_image_reads() {
    let src = "#version 460
#extension GL_EXT_shader_tile_image : require
layout(location = 1) tileImageEXT highp attachmentEXT a_f;
layout(location = 2) tileImageEXT highp uattachmentEXT a_u;
layout(location = 0) out highp vec4 o;
void main() {
    o = colorAttachmentReadEXT(a_f) + vec4(colorAttachmentReadEXT(a_u, gl_SampleID))
      + vec4(depthAttachmentReadEXT(), depthAttachmentReadEXT(1), float(stencilAttachmentReadEXT()),
             float(stencilAttachmentReadEXT(gl_SampleID)));
}
";
    for words in both(src) {
        let caps = capabilities(&words);
        for c in [4166, 4167, 4168] {
            assert!(caps.contains(&c), "capability {c} in {caps:?}");
        }
        assert!(has_extension(&words, "SPV_EXT_shader_tile_image"));
        let color = ops_of(&words, 4160);
        assert_eq!(color.len(), 2);
        assert_eq!(
            color.iter().map(Vec::len).collect::<Vec<_>>(),
            [3, 4],
            "the sample is the optional operand"
        );
        assert_eq!(ops_of(&words, 4161).len(), 2);
        assert_eq!(ops_of(&words, 4162).len(), 2);
        let vars: Vec<_> = ops_of(&words, OP_VARIABLE)
            .into_iter()
            .filter(|ops| ops[2] == 4172)
            .collect();
        assert_eq!(vars.len(), 2, "two TileImageEXT variables");
        let mut locations: Vec<u32> = ops_of(&words, OP_DECORATE)
            .into_iter()
            .filter(|d| d[1] == DECOR_LOCATION && vars.iter().any(|v| v[1] == d[0]))
            .map(|d| d[2])
            .collect();
        locations.sort_unstable();
        assert_eq!(locations, [1, 2]);
        for v in &vars {
            let ptr = ops_of(&words, OP_TYPE_POINTER)
                .into_iter()
                .find(|p| p[0] == v[0])
                .expect("pointer type");
            let image = ops_of(&words, OP_TYPE_IMAGE)
                .into_iter()
                .find(|i| i[0] == ptr[2])
                .expect("image type");
            assert_eq!(image[2], 4173, "TileImageDataEXT");
            assert_eq!(image[6], 2, "not sampled");
        }
    }
}

/// GL_AMD_shader_fragment_mask on a multisampled texture (through `OpImage`), an array one
/// and a subpass input (coordinate `ivec2(0)`); Debian's spirv-val knows it.
#[test]
fn amd_fragment_mask_fetches() {
    let src = "#version 450
#extension GL_AMD_shader_fragment_mask : enable
layout(binding = 0) uniform sampler2DMS s;
layout(binding = 1) uniform isampler2DMSArray sa;
layout(binding = 2, input_attachment_index = 0) uniform usubpassInputMS sp;
layout(location = 0) out vec4 o;
void main() {
    uint m = fragmentMaskFetchAMD(s, ivec2(2, 3)) + fragmentMaskFetchAMD(sa, ivec3(1))
           + fragmentMaskFetchAMD(sp);
    o = fragmentFetchAMD(s, ivec2(2, 3), m) + vec4(fragmentFetchAMD(sa, ivec3(1), m & 3u))
      + vec4(fragmentFetchAMD(sp, m >> 4));
}
";
    for optimize in [false, true] {
        let words = support::compile_vulkan(Stage::Fragment, src, optimize, 3);
        check_vendored(&words, "vulkan1.3", &[]);
        assert!(capabilities(&words).contains(&5010), "FragmentMaskAMD");
        assert!(has_extension(&words, "SPV_AMD_shader_fragment_mask"));
        let masks = ops_of(&words, 5011);
        let fetches = ops_of(&words, 5012);
        assert_eq!((masks.len(), fetches.len()), (3, 3));
        // The sampled textures are fetched from through their images.
        let images = ops_of(&words, OP_IMAGE);
        let from_image = |ops: &Vec<u32>| images.iter().any(|i| i[1] == ops[2]);
        assert_eq!(masks.iter().filter(|m| from_image(m)).count(), 2);
        assert_eq!(fetches.iter().filter(|m| from_image(m)).count(), 2);
    }
}

/// SPV_QCOM_image_processing needs SPIR-V 1.4: a shader using it asked for Vulkan 1.0 is
/// written for Vulkan 1.2 (`spirv::required_target`, as the corpus sweep picks it); the
/// tile image and fragment mask reads need no newer version.
#[test]
fn qcom_image_processing_needs_spirv_1_4() {
    use fresnel_backend::spirv;
    let lower = |src: &str| {
        let opts = fresnel::Options {
            stage: Some(Stage::Fragment),
            target: TargetEnv::Vulkan { minor: 0 },
            ..fresnel::Options::default()
        };
        let run = fresnel::lower_to_ir(
            fresnel::SourceInput::new("t", src),
            &opts,
            &mut fresnel::NoIncludes,
        );
        assert!(!run.has_errors());
        run.ir.expect("lowered")
    };
    let v10 = spirv::TargetEnv::Vulkan { minor: 0 };
    let qcom = format!(
        "{QCOM_HEADER}void main() {{ color = textureBoxFilterQCOM(src_s, v.xy, v.zw); }}\n"
    );
    assert_eq!(
        spirv::required_target(&lower(&qcom), v10),
        spirv::TargetEnv::Vulkan { minor: 2 }
    );
    // Written for Vulkan 1.0 anyway, it is refused rather than made invalid.
    let err = spirv::emit(
        &lower(&qcom),
        &spirv::SpirvOptions {
            target: v10,
            ..spirv::SpirvOptions::default()
        },
    )
    .expect_err("SPIR-V 1.0 has no QCOM image processing");
    assert!(
        err.to_string().contains("need SPIR-V 1.4"),
        "unexpected message: {err}"
    );
    let tile = "#version 460
#extension GL_EXT_shader_tile_image : require
layout(location = 0) out vec4 o;
void main() { o = vec4(depthAttachmentReadEXT()); }
";
    assert_eq!(spirv::required_target(&lower(tile), v10), v10);
}

/// GL_NV_shader_texture_footprint: every form (the image operands as glslang's
/// spv.shaderImageFootprint.frag has them), on 2D, 3D and integer samplers, the footprint
/// written to locals and to a buffer.
#[test]
fn nv_texture_footprints() {
    let src = "#version 450
#extension GL_NV_shader_texture_footprint : require
layout(binding = 0) uniform sampler2D s2;
layout(binding = 1) uniform usampler3D s3;
layout(std430, binding = 4) buffer B { gl_TextureFootprint2DNV fb; uint r; };
layout(location = 0) in vec2 p;
layout(location = 1) in vec3 q;
layout(location = 2) flat in int g;
layout(location = 3) in float x;
void main() {
    gl_TextureFootprint2DNV f;
    gl_TextureFootprint3DNV h;
    uint n = uint(textureFootprintNV(s2, p, g, true, f));
    n += uint(textureFootprintNV(s2, p, g, false, f, x)) + f.lod;
    n += uint(textureFootprintClampNV(s2, p, x, g, true, f)) + f.mask.y;
    n += uint(textureFootprintClampNV(s2, p, x, g, true, f, x)) + f.anchor.x;
    n += uint(textureFootprintLodNV(s2, p, x, g, false, f)) + f.offset.y;
    n += uint(textureFootprintGradNV(s2, p, p, p, g, false, f)) + f.granularity;
    n += uint(textureFootprintGradClampNV(s2, p, p, p, x, g, false, fb));
    n += uint(textureFootprintLodNV(s3, q, x, g, true, h)) + h.anchor.z + h.mask.x;
    r = n + f.lod;
}
";
    for optimize in [false, true] {
        let words = support::compile_vulkan(Stage::Fragment, src, optimize, 1);
        check_vendored(&words, "vulkan1.1", &[]);
        let caps = capabilities(&words);
        assert!(caps.contains(&5282), "ImageFootprintNV: {caps:?}");
        assert!(caps.contains(&42), "MinLod: {caps:?}");
        assert!(has_extension(&words, "SPV_NV_shader_image_footprint"));
        let lookups = ops_of(&words, 5283);
        // The image operand mask of each lookup, in order.
        let masks: Vec<Option<u32>> = lookups.iter().map(|o| o.get(6).copied()).collect();
        let want = [
            None,
            Some(0x1),
            Some(0x80),
            Some(0x81),
            Some(0x2),
            Some(0x4),
            Some(0x84),
            Some(0x2),
        ];
        assert_eq!(masks, want.to_vec());
        // The result: a structure of a boolean and the footprint's five members.
        let all = instructions(&words);
        let ty = |id: u32| {
            all.iter()
                .find(|(o, ops)| (19..=30).contains(o) && ops[0] == id)
        };
        for l in &lookups {
            let (op, ops) = ty(l[0]).expect("the result type");
            assert_eq!(*op, 30, "a structure");
            // The result id, then the six members.
            assert_eq!(ops.len(), 7, "{ops:?}");
            assert_eq!(ty(ops[1]).map(|t| t.0), Some(20), "bool first");
        }
    }
}

/// A footprint of a texture combined with a separate sampler reads an `OpSampledImage`, and
/// the texture is declared as an image (not a combined image sampler). Only the vendored
/// validator: Debian's spirv-val (2023.1) refuses an `OpSampledImage` operand of
/// `OpImageSampleFootprintNV`, which later SPIRV-Tools allow (glslang writes the same).
#[test]
fn nv_texture_footprint_with_a_separate_sampler() {
    let src = "#version 450
#extension GL_NV_shader_texture_footprint : require
layout(binding = 2) uniform texture2D t;
layout(binding = 3) uniform sampler smp;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 o;
void main() {
    gl_TextureFootprint2DNV f;
    bool b = textureFootprintGradClampNV(sampler2D(t, smp), p, p, p, 1.0, 2, false, f);
    o = vec4(f.anchor, f.lod, b ? 1.0 : 0.0);
}
";
    for optimize in [false, true] {
        let words = compile(Stage::Fragment, src, optimize).unwrap_or_else(|e| panic!("{e}"));
        check_vendored(&words, "vulkan1.3", &[]);
        let lookups = ops_of(&words, 5283);
        assert_eq!(lookups.len(), 1);
        let combined = ops_of(&words, OP_SAMPLED_IMAGE);
        assert!(combined.iter().any(|c| c[1] == lookups[0][2]));
        // No variable is a combined image sampler.
        let sampled_image_types = ops_of(&words, 27);
        let pointers = ops_of(&words, OP_TYPE_POINTER);
        assert!(!pointers
            .iter()
            .any(|pt| sampled_image_types.iter().any(|st| st[0] == pt[2])));
    }
}
