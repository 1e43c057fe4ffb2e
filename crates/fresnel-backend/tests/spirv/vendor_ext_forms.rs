//! SPIR-V forms of vendor extensions that only a 2026 SPIRV-Tools knows (the validator
//! `SPIRV_VAL_VENDORED` names: `tools/spirv-val-slang/spirv-val-slang.py`; without it that
//! check is skipped with a note):
//!
//! * GL_EXT_shader_invocation_reorder as SPV_EXT_shader_invocation_reorder (the NV hit
//!   objects' tables, with the EXT opcodes, storage class and operand orders);
//! * GL_QCOM_cooperative_matrix_conversion as SPV_QCOM_cooperative_matrix_conversion;
//! * GL_NV_cooperative_matrix_decode_vector (`DecodeVectorFunc`);
//! * GL_NV_push_constant_bank (`BankNV`).

use crate::support;

use crate::support::{has_extension, instructions};
use fresnel::{Stage, TargetEnv};
use fresnel_backend::spirv;

const OP_CAPABILITY: u16 = 17;
const OP_TYPE_POINTER: u16 = 32;
const OP_DECORATE: u16 = 71;

/// `stage` compiled for Vulkan 1.3 at -O0 and -O, each module checked by the vendored
/// validator.
fn compile_both(stage: Stage, src: &str) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        let words = support::try_compile(stage, TargetEnv::Vulkan { minor: 3 }, src, optimize)
            .unwrap_or_else(|e| panic!("not written (optimize {optimize}): {e}"));
        if std::env::var_os("VENDOR_FORMS_DUMP").is_some() {
            println!("{}", spirv::disassemble(&words).unwrap_or_default());
        }
        support::check_vendored(&words, "vulkan1.3", &[]);
        words
    })
}

/// The operands of every instruction `opcode`.
fn operands(words: &[u32], opcode: u16) -> Vec<Vec<u32>> {
    instructions(words)
        .into_iter()
        .filter(|(o, _)| *o == opcode)
        .map(|(_, ops)| ops)
        .collect()
}

fn has_capability(words: &[u32], cap: u32) -> bool {
    operands(words, OP_CAPABILITY)
        .iter()
        .any(|ops| ops == &[cap])
}

const CAP_SHADER_INVOCATION_REORDER_NV: u32 = 5383;
const CAP_SHADER_INVOCATION_REORDER_EXT: u32 = 5388;
const STORAGE_HIT_OBJECT_ATTRIBUTE_EXT: u32 = 5411;
const OP_TYPE_HIT_OBJECT_EXT: u16 = 5313;
const OP_HIT_OBJECT_RECORD_FROM_QUERY_EXT: u16 = 5304;
const OP_HIT_OBJECT_RECORD_MISS_EXT: u16 = 5305;
const OP_HIT_OBJECT_GET_RAY_FLAGS_EXT: u16 = 5308;
const OP_HIT_OBJECT_SET_SBT_RECORD_INDEX_EXT: u16 = 5309;
const OP_HIT_OBJECT_REORDER_EXECUTE_SHADER_EXT: u16 = 5310;
const OP_REORDER_THREAD_WITH_HINT_EXT: u16 = 5314;
const OP_REORDER_THREAD_WITH_HIT_OBJECT_EXT: u16 = 5315;
const OP_HIT_OBJECT_TRACE_RAY_EXT: u16 = 5316;
const OP_HIT_OBJECT_TRACE_RAY_MOTION_EXT: u16 = 5317;
const OP_HIT_OBJECT_GET_OBJECT_TO_WORLD_EXT: u16 = 5331;
const OP_HIT_OBJECT_IS_HIT_EXT: u16 = 5351;
const OP_REORDER_THREAD_WITH_HINT_NV: u16 = 5280;
const OP_TYPE_HIT_OBJECT_NV: u16 = 5281;

const EXT_HIT_OBJECTS: &str = "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_EXT_ray_query : enable
#extension GL_EXT_shader_invocation_reorder : enable
#extension GL_NV_ray_tracing_motion_blur : enable
layout(location = 1) rayPayloadEXT vec4 payload;
layout(location = 2) hitObjectAttributeEXT vec2 attr;
layout(binding = 0) uniform accelerationStructureEXT as;
layout(binding = 1) buffer B { mat4x3 m; vec4 r; uint f; };
void main() {
    hitObjectEXT h, miss;
    rayQueryEXT rq;
    hitObjectTraceRayEXT(h, as, 1u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(1.0), 10.0, 1);
    hitObjectTraceRayMotionEXT(h, as, 1u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(1.0), 10.0, 0.5, 1);
    hitObjectRecordMissEXT(miss, 4u, 2u, vec3(0.5), 2.0, vec3(1.5), 5.0);
    hitObjectRecordFromQueryEXT(h, rq, 3u, 2, 7u);
    hitObjectSetShaderBindingTableRecordIndexEXT(h, 5u);
    m = hitObjectGetObjectToWorldEXT(h);
    f = hitObjectGetRayFlagsEXT(miss);
    r = vec4(float(hitObjectIsHitEXT(h)), attr, 0.0);
    reorderThreadEXT(4u, 4u);
    reorderThreadEXT(h, 1u, 2u);
    hitObjectReorderExecuteEXT(h, 6u, 3u, 1);
}
";

#[test]
fn ext_hit_objects() {
    for words in compile_both(Stage::RayGen, EXT_HIT_OBJECTS) {
        assert!(has_capability(&words, CAP_SHADER_INVOCATION_REORDER_EXT));
        assert!(has_extension(&words, "SPV_EXT_shader_invocation_reorder"));
        // Nothing of the NV extension, nor its motion-blur capability.
        assert!(!has_capability(&words, CAP_SHADER_INVOCATION_REORDER_NV));
        assert!(!has_extension(&words, "SPV_NV_shader_invocation_reorder"));
        assert!(!has_extension(&words, "SPV_NV_ray_tracing_motion_blur"));
        assert_eq!(operands(&words, OP_TYPE_HIT_OBJECT_EXT).len(), 1);
        assert!(operands(&words, OP_TYPE_HIT_OBJECT_NV).is_empty());
        // The attributes in their own storage class.
        assert!(operands(&words, OP_TYPE_POINTER)
            .iter()
            .any(|ops| ops[1] == STORAGE_HIT_OBJECT_ATTRIBUTE_EXT));
        // (object, AS, flags, cull, offset, stride, miss, origin, tmin, dir, tmax, payload)
        let trace = operands(&words, OP_HIT_OBJECT_TRACE_RAY_EXT);
        assert_eq!(trace.len(), 1);
        assert_eq!(trace[0].len(), 12);
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_TRACE_RAY_MOTION_EXT)[0].len(),
            13
        );
        // The EXT miss record has ray flags: 7 operands.
        assert_eq!(operands(&words, OP_HIT_OBJECT_RECORD_MISS_EXT)[0].len(), 7);
        // With a hit kind: 5 operands.
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_RECORD_FROM_QUERY_EXT)[0].len(),
            5
        );
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_SET_SBT_RECORD_INDEX_EXT)[0].len(),
            2
        );
        // A matrix read whole once: one getter for the four columns.
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_GET_OBJECT_TO_WORLD_EXT).len(),
            1
        );
        assert_eq!(operands(&words, OP_HIT_OBJECT_GET_RAY_FLAGS_EXT).len(), 1);
        assert_eq!(operands(&words, OP_HIT_OBJECT_IS_HIT_EXT).len(), 1);
        assert_eq!(operands(&words, OP_REORDER_THREAD_WITH_HINT_EXT).len(), 1);
        assert_eq!(
            operands(&words, OP_REORDER_THREAD_WITH_HIT_OBJECT_EXT)[0].len(),
            3
        );
        // (object, payload, hint, bits): the payload before the hint.
        let exec = operands(&words, OP_HIT_OBJECT_REORDER_EXECUTE_SHADER_EXT);
        assert_eq!(exec.len(), 1);
        assert_eq!(exec[0].len(), 4);
        assert_eq!(
            exec[0][1], trace[0][11],
            "the payload follows the hit object"
        );
    }
}

const OP_HIT_OBJECT_GET_TRIANGLE_VERTEX_POSITIONS_EXT: u16 = 5307;
const OP_HIT_OBJECT_TRACE_REORDER_EXECUTE_EXT: u16 = 5311;
const OP_HIT_OBJECT_GET_CURRENT_TIME_EXT: u16 = 5320;
const CAP_RAY_TRACING_POSITION_FETCH_KHR: u32 = 5336;

#[test]
fn ext_hit_object_queries_and_trace_reorder_execute() {
    let src = "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_EXT_shader_invocation_reorder : enable
#extension GL_EXT_ray_tracing_position_fetch : enable
layout(location = 1) rayPayloadEXT vec4 payload;
layout(binding = 0) uniform accelerationStructureEXT as;
layout(binding = 1) buffer B { vec3 p[3]; float t; };
void main() {
    hitObjectEXT h;
    hitObjectTraceReorderExecuteEXT(h, as, 1u, 0xffu, 0u, 1u, 0u, vec3(0.0), 0.1, vec3(1.0), 10.0, 7u, 3u, 1);
    hitObjectGetIntersectionTriangleVertexPositionsEXT(h, p);
    t = hitObjectGetCurrentTimeEXT(h);
}
";
    for words in compile_both(Stage::RayGen, src) {
        assert!(has_capability(&words, CAP_RAY_TRACING_POSITION_FETCH_KHR));
        // The three positions read whole once.
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_GET_TRIANGLE_VERTEX_POSITIONS_EXT).len(),
            1
        );
        assert_eq!(
            operands(&words, OP_HIT_OBJECT_GET_CURRENT_TIME_EXT).len(),
            1
        );
        // (trace operands..., payload, hint, bits)
        let exec = operands(&words, OP_HIT_OBJECT_TRACE_REORDER_EXECUTE_EXT);
        assert_eq!(exec.len(), 1);
        assert_eq!(exec[0].len(), 14);
        let payload = exec[0][11];
        assert!(
            operands(&words, OP_VARIABLE)
                .iter()
                .any(|v| v[1] == payload),
            "operand 11 is the payload variable"
        );
    }
}

#[test]
fn reorder_thread_hint_follows_its_suffix() {
    let src = |sfx: &str| {
        format!(
            "#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_{sfx}_shader_invocation_reorder : enable
void main() {{ reorderThread{sfx}(4u, 2u); }}
"
        )
    };
    for words in compile_both(Stage::RayGen, &src("EXT")) {
        assert_eq!(operands(&words, OP_REORDER_THREAD_WITH_HINT_EXT).len(), 1);
        assert!(has_capability(&words, CAP_SHADER_INVOCATION_REORDER_EXT));
        assert!(!has_capability(&words, CAP_SHADER_INVOCATION_REORDER_NV));
    }
    for words in compile_both(Stage::RayGen, &src("NV")) {
        assert_eq!(operands(&words, OP_REORDER_THREAD_WITH_HINT_NV).len(), 1);
        assert!(has_capability(&words, CAP_SHADER_INVOCATION_REORDER_NV));
        assert!(!has_capability(&words, CAP_SHADER_INVOCATION_REORDER_EXT));
    }
}

const CAP_COOPERATIVE_MATRIX_CONVERSION_QCOM: u32 = 4496;
const OP_BIT_CAST_ARRAY_QCOM: u16 = 4497;
const OP_COMPOSITE_CONSTRUCT_COOP_MAT_QCOM: u16 = 4540;
const OP_COMPOSITE_EXTRACT_COOP_MAT_QCOM: u16 = 4541;
const OP_EXTRACT_SUB_ARRAY_QCOM: u16 = 4542;

#[test]
fn qcom_cooperative_matrix_conversions() {
    let src = "#version 450 core
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_QCOM_cooperative_matrix_conversion : enable
layout(local_size_x = 64) in;
layout(binding = 0) buffer B { uint o[8]; int k; };
void main() {
    uint u[8];
    float f[8];
    float16_t h[16];
    uint part[4];
    for (int i = 0; i < 8; i++) u[i] = o[i];
    bitcastQCOM(u, f);
    bitcastQCOM(f, h);
    extractSubArrayQCOM(u, k, part);
    coopmat<float, gl_ScopeSubgroup, 64, 8, gl_MatrixUseA> m;
    vectorToCoopmatQCOM(f, m);
    coopmatToVectorQCOM(m, u);
    for (int i = 0; i < 4; i++) o[i] = u[i] + part[i] + uint(h[i]);
}
";
    for words in compile_both(Stage::Compute, src) {
        assert!(has_capability(
            &words,
            CAP_COOPERATIVE_MATRIX_CONVERSION_QCOM
        ));
        assert!(has_extension(
            &words,
            "SPV_QCOM_cooperative_matrix_conversion"
        ));
        assert_eq!(operands(&words, OP_BIT_CAST_ARRAY_QCOM).len(), 2);
        // (result type, result, array, start index)
        let sub = operands(&words, OP_EXTRACT_SUB_ARRAY_QCOM);
        assert_eq!(sub.len(), 1);
        assert_eq!(sub[0].len(), 4);
        assert_eq!(
            operands(&words, OP_COMPOSITE_CONSTRUCT_COOP_MAT_QCOM).len(),
            1
        );
        assert_eq!(
            operands(&words, OP_COMPOSITE_EXTRACT_COOP_MAT_QCOM).len(),
            1
        );
    }
}

const CAP_COOPERATIVE_MATRIX_DECODE_VECTOR_NV: u32 = 5447;
const OP_COOPERATIVE_MATRIX_LOAD_TENSOR_NV: u16 = 5367;
const OP_FUNCTION: u16 = 54;

#[test]
fn decode_vector_function() {
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_NV_cooperative_matrix_decode_vector : enable
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 64) in;
buffer BufType { float16_t x[]; } Buf;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer dwordBuf { uint32_t d; };
float16_t dec1(const in dwordBuf b, const in uint32_t bc[2], const in uint32_t cb[2]) {
    return float16_t(b.d);
}
f16vec2 dec2(const in dwordBuf b, const in uint32_t bc[2], const in uint32_t cb[2]) {
    return unpackFloat2x16(b.d);
}
void main() {
    coopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> A;
    tensorLayoutNV<2> t = createTensorLayoutNV(2);
    t = setTensorLayoutBlockSizeNV(t, 4, 8);
    coopMatLoadTensorNV(A, Buf.x, 0, t, dec1);
    coopMatLoadTensorNV(A, Buf.x, 0, t, dec1, dec2);
    coopMatStoreTensorNV(A, Buf.x, 0, t);
}
";
    for words in compile_both(Stage::Compute, src) {
        assert!(has_capability(
            &words,
            CAP_COOPERATIVE_MATRIX_DECODE_VECTOR_NV
        ));
        assert!(has_extension(
            &words,
            "SPV_NV_cooperative_matrix_decode_vector"
        ));
        // (type, result, pointer, object, layout, memory operands, tensor operands, ids)
        let loads = operands(&words, OP_COOPERATIVE_MATRIX_LOAD_TENSOR_NV);
        assert_eq!(loads.len(), 2);
        let functions: Vec<u32> = operands(&words, OP_FUNCTION)
            .iter()
            .map(|ops| ops[1])
            .collect();
        // DecodeFunc alone, then DecodeFunc | DecodeVectorFunc with the two functions.
        let tail = |ops: &Vec<u32>, n: usize| ops[ops.len() - n..].to_vec();
        assert_eq!(tail(&loads[0], 2)[0], 2);
        let both = tail(&loads[1], 3);
        assert_eq!(both[0], 2 | 4);
        assert!(functions.contains(&both[1]) && functions.contains(&both[2]));
        assert_ne!(both[1], both[2], "the scalar and vector decode functions");
    }
}

const CAP_PUSH_CONSTANT_BANKS_NV: u32 = 5423;
const DECORATION_BANK_NV: u32 = 5397;
const DECORATION_MEMBER_OFFSET_NV: u32 = 5358;

#[test]
fn push_constant_banks() {
    let src = "#version 460
#extension GL_NV_push_constant_bank : enable
layout(push_constant) uniform P0 { vec4 a; } p0;
layout(push_constant, bank = 1) uniform P1 { vec4 b; } p1;
layout(push_constant, bank = 2, member_offset = 64) uniform P2 { vec4 c; } p2;
void main() { gl_Position = p0.a + p1.b + p2.c; }
";
    for words in compile_both(Stage::Vertex, src) {
        assert!(has_capability(&words, CAP_PUSH_CONSTANT_BANKS_NV));
        assert!(has_extension(&words, "SPV_NV_push_constant_bank"));
        let decorations = operands(&words, OP_DECORATE);
        let banks: Vec<u32> = decorations
            .iter()
            .filter(|ops| ops[1] == DECORATION_BANK_NV)
            .map(|ops| ops[2])
            .collect();
        // Block and variable of banks 1 and 2; bank 0 is not decorated.
        assert_eq!(banks.iter().filter(|b| **b == 1).count(), 2);
        assert_eq!(banks.iter().filter(|b| **b == 2).count(), 2);
        assert!(!banks.contains(&0));
        assert!(decorations
            .iter()
            .any(|ops| ops[1] == DECORATION_MEMBER_OFFSET_NV && ops[2] == 64));
    }
}

const CAP_ABORT_KHR: u32 = 5120;
const CAP_CONSTANT_DATA_KHR: u32 = 5146;
const OP_ABORT_KHR: u16 = 5121;
const OP_CONSTANT_DATA_KHR: u16 = 5147;
const OP_TYPE_INT: u16 = 21;
const OP_TYPE_ARRAY: u16 = 28;
const OP_TYPE_STRUCT: u16 = 30;
const OP_MEMBER_DECORATE: u16 = 72;
const OP_VARIABLE: u16 = 59;
const DECORATION_ARRAY_STRIDE: u32 = 6;
const DECORATION_OFFSET: u32 = 35;
const DECORATION_UTF_ENCODED_KHR: u32 = 5145;

/// The bytes of a literal string operand (up to its NUL).
fn literal(words: &[u32]) -> Vec<u8> {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .take_while(|b| *b != 0)
        .collect()
}

#[test]
fn abort_messages() {
    let src = "#version 450
#extension GL_EXT_abort : require
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint u; float f; uvec2 v; };
void check(int i) {
    for (int k = 0; k < i; k++)
        abortEXT(\"k=%d f=%f\", k, f);
}
void main() {
    u = 1u;
    if (gl_GlobalInvocationID.x == 3u)
        abortEXT(\"v=%v2u\", v);
    check(int(u));
    abortEXT();
}
";
    for words in compile_both(Stage::Compute, src) {
        assert!(has_capability(&words, CAP_ABORT_KHR));
        assert!(has_capability(&words, CAP_CONSTANT_DATA_KHR));
        assert!(has_extension(&words, "SPV_KHR_abort"));
        assert!(has_extension(&words, "SPV_KHR_constant_data"));
        assert_eq!(operands(&words, OP_ABORT_KHR).len(), 3);
        let strings: Vec<Vec<u8>> = operands(&words, OP_CONSTANT_DATA_KHR)
            .iter()
            .map(|ops| literal(&ops[2..]))
            .collect();
        assert_eq!(strings.len(), 3);
        for s in ["k=%d f=%f", "v=%v2u", ""] {
            assert!(
                strings.contains(&s.as_bytes().to_vec()),
                "{s:?} in {strings:?}"
            );
        }
        // Each string's two types (the constant's and the laid-out one of the Message
        // Type) are UTF-encoded; only the laid-out one has an ArrayStride (SPIRV-Tools 2026.4
        // forbids it on an OpConstantDataKHR's type and requires it in the Message Type).
        let utf = operands(&words, OP_DECORATE)
            .iter()
            .filter(|ops| ops[1] == DECORATION_UTF_ENCODED_KHR)
            .count();
        assert_eq!(utf, 6);
        let strided = |t: u32| {
            operands(&words, OP_DECORATE)
                .iter()
                .any(|ops| ops[0] == t && ops[1] == DECORATION_ARRAY_STRIDE && ops[2] == 1)
        };
        for ops in operands(&words, OP_CONSTANT_DATA_KHR) {
            assert!(!strided(ops[0]), "ArrayStride on a constant's type");
        }
        let members = |st: u32| -> Vec<u32> {
            operands(&words, OP_TYPE_STRUCT)
                .iter()
                .find(|ops| ops[0] == st)
                .map(|ops| ops[1..].to_vec())
                .unwrap_or_default()
        };
        let mut laid_out_strings = 0;
        for ops in operands(&words, OP_ABORT_KHR) {
            laid_out_strings += members(ops[0]).into_iter().filter(|&t| strided(t)).count();
        }
        assert_eq!(laid_out_strings, 3);
        // Scalar packing: "k=%d f=%f\0" (10 bytes), then the int at 12 and the float at 16;
        // "v=%v2u\0" (7 bytes), then the uvec2 at 8.
        let offsets = |st: u32| -> Vec<u32> {
            operands(&words, OP_MEMBER_DECORATE)
                .iter()
                .filter(|ops| ops[0] == st && ops[2] == DECORATION_OFFSET)
                .map(|ops| ops[3])
                .collect()
        };
        let mut layouts: Vec<Vec<u32>> = operands(&words, OP_ABORT_KHR)
            .iter()
            .map(|ops| offsets(ops[0]))
            .collect();
        layouts.sort();
        assert_eq!(layouts, vec![vec![0], vec![0, 8], vec![0, 12, 16]]);
        // The message structures are the abort's own.
        let structs = operands(&words, OP_TYPE_STRUCT);
        for ops in operands(&words, OP_ABORT_KHR) {
            assert!(structs.iter().any(|s| s[0] == ops[0]));
        }
        // No variable holds the messages: no pointer to an array of 8-bit integers.
        let u8t: Vec<u32> = operands(&words, OP_TYPE_INT)
            .iter()
            .filter(|ops| ops[1] == 8)
            .map(|ops| ops[0])
            .collect();
        let arrays: Vec<u32> = operands(&words, OP_TYPE_ARRAY)
            .iter()
            .filter(|ops| u8t.contains(&ops[1]))
            .map(|ops| ops[0])
            .collect();
        assert_eq!(arrays.len(), 6);
        let pointers: Vec<u32> = operands(&words, OP_TYPE_POINTER)
            .iter()
            .filter(|ops| arrays.contains(&ops[2]))
            .map(|ops| ops[0])
            .collect();
        assert!(pointers.is_empty(), "a pointer to a message");
        assert!(!operands(&words, OP_VARIABLE).is_empty());
    }
}

#[test]
fn abort_with_a_boolean_is_refused() {
    let src = "#version 450
#extension GL_EXT_abort : require
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint u; };
void main() { abortEXT(\"%d\", u == 1u); }
";
    match support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 3 }, src, false) {
        Ok(_) => panic!("a boolean in an abort message was written"),
        Err(e) => assert!(e.contains("boolean"), "unexpected message: {e}"),
    }
}
