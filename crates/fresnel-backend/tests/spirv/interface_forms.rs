//! Issue 5: interface forms newer validators check (SPIRV-Tools v2025.3, `SPIRV_VAL_VENDORED`):
//! no `ArrayStride` on arrays of blocks, one variable per built-in in an entry point's
//! interface (two GLSL names of one built-in share it; a transform-feedback `gl_PerVertex`
//! holds its members), and mesh outputs declared without a size sized by `max_primitives`.
//! And forms a 2026 SPIRV-Tools checks (`tools/spirv-val-slang`): whole structs through
//! buffer references aligned to their widest scalar, the opacity micromap capability for its
//! ray flag, EXT mesh outputs written without being read.
//! Each module also passes Debian's `spirv-val` when installed.

use crate::support::{check_vendored, compile_vulkan, has_extension, instructions};
use fresnel::Stage;

const OP_TYPE_ARRAY: u16 = 28;
const OP_TYPE_STRUCT: u16 = 30;
const OP_CONSTANT: u16 = 43;
const OP_VARIABLE: u16 = 59;
const OP_DECORATE: u16 = 71;
const OP_MEMBER_DECORATE: u16 = 72;
const OP_ENTRY_POINT: u16 = 15;
const DECOR_BLOCK: u32 = 2;
const DECOR_BUFFER_BLOCK: u32 = 3;
const DECOR_ARRAY_STRIDE: u32 = 6;
const DECOR_BUILTIN: u32 = 11;
const BUILTIN_POSITION: u32 = 0;
const BUILTIN_RAY_TMAX: u32 = 5326;
const BUILTIN_OBJECT_TO_WORLD: u32 = 5330;
const BUILTIN_PRIMITIVE_TRIANGLE_INDICES: u32 = 5296;

/// Compiled at -O0 and -O for Vulkan 1.`minor`, checked by both validators.
fn both(stage: Stage, src: &str, minor: u8) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        let words = compile_vulkan(stage, src, optimize, minor);
        check_vendored(&words, &format!("vulkan1.{minor}"), &[]);
        words
    })
}

/// The ids decorated `decoration` (with its first operand `value`, if given).
fn decorated(words: &[u32], decoration: u32, value: Option<u32>) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(op, o)| {
            *op == OP_DECORATE
                && o.get(1) == Some(&decoration)
                && value.is_none_or(|v| o.get(2) == Some(&v))
        })
        .map(|(_, o)| o[0])
        .collect()
}

/// The element type of array type `t`.
fn array_elem(words: &[u32], t: u32) -> Option<u32> {
    instructions(words)
        .into_iter()
        .find(|(op, o)| *op == OP_TYPE_ARRAY && o[0] == t)
        .map(|(_, o)| o[1])
}

#[test]
fn arrays_of_blocks_take_no_array_stride() {
    let src = "#version 450
layout(binding = 0) uniform U { vec4 a; } u[3];
layout(binding = 1) buffer B { vec4 b[]; } bufs[2][2];
layout(binding = 2) uniform P { vec4 c[4]; } p;
layout(location = 0) out vec4 o;
void main() { o = u[1].a + bufs[1][0].b[2] + p.c[1]; }";
    for words in both(Stage::Fragment, src, 0) {
        // Block, or BufferBlock for the storage block in Vulkan 1.0.
        let mut blocks = decorated(&words, DECOR_BLOCK, None);
        blocks.extend(decorated(&words, DECOR_BUFFER_BLOCK, None));
        assert_eq!(blocks.len(), 3, "three block types");
        let strided = decorated(&words, DECOR_ARRAY_STRIDE, None);
        // The arrays of blocks (one level and two) have no stride; the member array
        // `vec4 c[4]` keeps its std140 stride of 16.
        for t in &strided {
            let mut e = array_elem(&words, *t);
            while let Some(x) = e {
                assert!(
                    !blocks.contains(&x),
                    "array %{t} of blocks has an ArrayStride"
                );
                e = array_elem(&words, x);
            }
        }
        let member_arrays = instructions(&words)
            .into_iter()
            .filter(|(op, o)| {
                *op == OP_DECORATE && o[1] == DECOR_ARRAY_STRIDE && o.get(2) == Some(&16)
            })
            .count();
        assert!(member_arrays >= 1, "the member array keeps its stride");
    }
}

#[test]
fn two_names_of_one_built_in_share_its_variable() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT vec4 payload;
void main() {
    payload = vec4(gl_HitTEXT, gl_RayTmaxEXT, gl_ObjectToWorldEXT[0][0], gl_ObjectToWorld3x4EXT[0][0]);
}";
    for words in both(Stage::ClosestHit, src, 2) {
        for b in [BUILTIN_RAY_TMAX, BUILTIN_OBJECT_TO_WORLD] {
            assert_eq!(
                decorated(&words, DECOR_BUILTIN, Some(b)).len(),
                1,
                "one variable is BuiltIn {b}"
            );
        }
        let interface: Vec<u32> = instructions(&words)
            .into_iter()
            .find(|(op, _)| *op == OP_ENTRY_POINT)
            .map(|(_, o)| o[3..].to_vec())
            .unwrap_or_default();
        let mut unique = interface.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(
            unique.len(),
            interface.len(),
            "an interface id listed twice"
        );
    }
}

#[test]
fn transform_feedback_per_vertex_block_holds_its_built_ins() {
    let src = "#version 450
layout(xfb_buffer = 1, xfb_stride = 64) out;
layout(xfb_buffer = 1, xfb_offset = 16) out gl_PerVertex {
    float gl_PointSize;
    vec4 gl_Position;
};
void main() { gl_Position = vec4(1.0); gl_PointSize = 2.0; }";
    for words in both(Stage::Vertex, src, 0) {
        let ins = instructions(&words);
        // Position is a member of the block; no variable of its own.
        assert!(decorated(&words, DECOR_BUILTIN, Some(BUILTIN_POSITION)).is_empty());
        assert!(ins.iter().any(|(op, o)| *op == OP_MEMBER_DECORATE
            && o[2] == DECOR_BUILTIN
            && o[3] == BUILTIN_POSITION));
        let outputs = ins
            .iter()
            .filter(|(op, o)| *op == OP_VARIABLE && o[2] == 3)
            .count();
        assert_eq!(outputs, 1, "the gl_PerVertex block is the only output");
        assert!(ins.iter().any(|(op, _)| *op == OP_TYPE_STRUCT));
    }
}

#[test]
fn mesh_triangle_indices_take_max_primitives() {
    let src = "#version 460
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
layout(triangles, max_vertices = 3, max_primitives = 7) out;
void main() {
    SetMeshOutputsEXT(3, 7);
    uint n = gl_LocalInvocationIndex + 6u;
    gl_PrimitiveTriangleIndicesEXT[0] = uvec3(0, 1, 2);
    gl_PrimitiveTriangleIndicesEXT[n] = uvec3(0, 1, 2);
}";
    for words in both(Stage::Mesh, src, 2) {
        let ins = instructions(&words);
        let var = decorated(
            &words,
            DECOR_BUILTIN,
            Some(BUILTIN_PRIMITIVE_TRIANGLE_INDICES),
        );
        assert_eq!(var.len(), 1);
        // %var = OpVariable %ptr Output; %ptr = OpTypePointer Output %arr; %arr's length 7.
        let ptr = ins
            .iter()
            .find(|(op, o)| *op == OP_VARIABLE && o[1] == var[0])
            .map(|(_, o)| o[0])
            .expect("variable");
        let arr = ins
            .iter()
            .find(|(op, o)| *op == 32 && o[0] == ptr)
            .map(|(_, o)| o[2])
            .expect("pointer");
        let len_id = ins
            .iter()
            .find(|(op, o)| *op == OP_TYPE_ARRAY && o[0] == arr)
            .map(|(_, o)| o[2])
            .expect("array");
        let len = ins
            .iter()
            .find(|(op, o)| *op == OP_CONSTANT && o[1] == len_id)
            .map(|(_, o)| o[2]);
        assert_eq!(len, Some(7), "sized by max_primitives");
    }
}

const OP_LOAD: u16 = 61;
const OP_STORE: u16 = 62;
const OP_CAPABILITY: u16 = 17;
const MEM_ALIGNED: u32 = 2;
const CAP_RAY_TRACING_OPACITY_MICROMAP: u32 = 5381;

/// The `Aligned` values of the loads and stores of a module.
fn aligned(words: &[u32]) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter_map(|(op, o)| match op {
            OP_LOAD if o.get(3) == Some(&MEM_ALIGNED) => o.get(4).copied(),
            OP_STORE if o.get(2) == Some(&MEM_ALIGNED) => o.get(3).copied(),
            _ => None,
        })
        .collect()
}

/// A struct copied whole through a buffer reference states the alignment of its widest
/// scalar (VUID-StandaloneSpirv-PhysicalStorageBuffer64-06314), not 1.
#[test]
fn whole_struct_through_buffer_reference_is_aligned_to_its_widest_scalar() {
    let src = "#version 460
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
struct Data { uint a; uint64_t b; int c; };
layout(buffer_reference) buffer Ref { Data data[]; };
layout(set = 0, binding = 0) readonly buffer In { uint64_t address; Data src[]; };
void main() {
    Ref(address).data[1] = src[0];
}";
    for words in both(Stage::Fragment, src, 0) {
        let a = aligned(&words);
        assert!(
            !a.is_empty(),
            "accesses through the reference are `Aligned`"
        );
        assert!(
            a.iter().all(|&x| x >= 4),
            "no access aligned below its scalars: {a:?}"
        );
    }
}

/// `gl_RayFlagsForceOpacityMicromap2StateEXT` in a ray query's flags declares the
/// opacity micromap capability and extension.
#[test]
fn opacity_micromap_ray_flag_declares_its_capability() {
    let with = "#version 460
#extension GL_EXT_ray_query : enable
#extension GL_EXT_opacity_micromap : enable
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform accelerationStructureEXT tlas;
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, tlas, gl_RayFlagsForceOpacityMicromap2StateEXT, 0xFFu,
                          vec3(0.0), 0.0, vec3(0.0, 0.0, 1.0), 100.0);
    rayQueryProceedEXT(q);
}";
    let without = with.replace(
        "gl_RayFlagsForceOpacityMicromap2StateEXT",
        "gl_RayFlagsOpaqueEXT",
    );
    for (src, expected) in [(with, true), (without.as_str(), false)] {
        for words in both(Stage::Compute, src, 2) {
            let ins = instructions(&words);
            let cap = ins
                .iter()
                .any(|(op, o)| *op == OP_CAPABILITY && o[0] == CAP_RAY_TRACING_OPACITY_MICROMAP);
            let ext = has_extension(&words, "SPV_EXT_opacity_micromap");
            assert_eq!((cap, ext), (expected, expected), "{src}");
        }
    }
}

/// EXT mesh shaders must not read their outputs (VUID-StandaloneSpirv-MeshEXT-07107): a
/// write of some components of an output vector stores each through its own access chain
/// instead of loading the vector to merge them.
#[test]
fn partial_writes_of_mesh_outputs_do_not_read_them() {
    let src = "#version 450
#extension GL_EXT_mesh_shader : require
layout(local_size_x = 1) in;
layout(triangles, max_vertices = 3, max_primitives = 1) out;
layout(location = 0) out V { vec4 pos; mat4 m; } v[];
void main() {
    SetMeshOutputsEXT(3, 1);
    uint i = gl_LocalInvocationIndex;
    v[i].pos.yzx = vec3(1.0, 2.0, 3.0);
    v[i].m[i][2] = 4.0;
    gl_MeshVerticesEXT[i].gl_Position.xy = vec2(0.5);
}";
    for words in both(Stage::Mesh, src, 2) {
        let ins = instructions(&words);
        // The output variables, and the pointers derived from them.
        let mut output_ptrs: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_VARIABLE && o.get(2) == Some(&3))
            .map(|(_, o)| o[1])
            .collect();
        for (op, o) in &ins {
            // OpAccessChain / OpInBoundsAccessChain: result o[1], base o[2].
            if (*op == 65 || *op == 66) && output_ptrs.contains(&o[2]) {
                output_ptrs.push(o[1]);
            }
        }
        let reads = ins
            .iter()
            .filter(|(op, o)| *op == OP_LOAD && output_ptrs.contains(&o[2]))
            .count();
        assert_eq!(reads, 0, "no output is loaded");
        let stores = ins
            .iter()
            .filter(|(op, o)| *op == OP_STORE && output_ptrs.contains(&o[0]))
            .count();
        assert!(stores >= 6, "each written component is stored: {stores}");
    }
}
