//! GL_EXT_long_vector as SPV_EXT_long_vector: `vector<T, N>` of any length is
//! `OpTypeVector T N` under capability `LongVectorEXT`, one whose length is a
//! specialization constant `OpTypeVectorIdEXT`; operations act on the whole vector. Debian's
//! spirv-val (2023.1) does not know the extension: the modules are checked by the validator
//! `SPIRV_VAL_VENDORED` names (a 2026 SPIRV-Tools, `tools/spirv-val-slang`), skipped with a
//! note without it; modules whose `vector<T, N>` are ordinary vectors go through Debian's.

use crate::support;

use crate::support::{check_vendored, instructions};
use fresnel::{Stage, TargetEnv};

const OP_EXTENSION: u16 = 10;
const OP_CAPABILITY: u16 = 17;
const OP_TYPE_INT: u16 = 21;
const OP_TYPE_VECTOR: u16 = 23;
const OP_SPEC_CONSTANT: u16 = 50;
const OP_DECORATE: u16 = 71;
const OP_MEMBER_DECORATE: u16 = 72;
const OP_EXT_INST: u16 = 12;
const OP_F_ADD: u16 = 129;
const OP_VECTOR_TIMES_SCALAR: u16 = 142;
const OP_F_ORD_LESS_THAN: u16 = 184;
const OP_BIT_COUNT: u16 = 205;
const OP_TYPE_VECTOR_ID_EXT: u16 = 5288;
const OP_COMPOSITE_CONSTRUCT_REPLICATE_EXT: u16 = 4463;
const CAP_LONG_VECTOR_EXT: u32 = 5425;
const DECOR_ARRAY_STRIDE: u32 = 6;
const DECOR_OFFSET: u32 = 35;

const HEADER: &str = "#version 450
#extension GL_EXT_long_vector : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 8) in;
";

fn compile(src: &str, optimize: bool) -> Result<Vec<u32>, String> {
    support::try_compile(
        Stage::Compute,
        TargetEnv::Vulkan { minor: 3 },
        &format!("{HEADER}{src}"),
        optimize,
    )
}

/// Compiled at `-O0` and `-O`, each checked by the vendored validator.
#[track_caller]
fn both(src: &str, flags: &[&str]) -> [Vec<u32>; 2] {
    [false, true].map(|o| {
        let words = compile(src, o).unwrap_or_else(|e| panic!("-O {o}: {e}"));
        check_vendored(&words, "vulkan1.3", flags);
        words
    })
}

fn has_long_vector_capability(words: &[u32]) -> bool {
    let ins = instructions(words);
    let ext = ins.iter().any(|(o, ops)| {
        *o == OP_EXTENSION && {
            let bytes: Vec<u8> = ops.iter().flat_map(|w| w.to_le_bytes()).collect();
            bytes.starts_with(b"SPV_EXT_long_vector\0")
        }
    });
    let cap = ins
        .iter()
        .any(|(o, ops)| *o == OP_CAPABILITY && ops == &[CAP_LONG_VECTOR_EXT]);
    assert_eq!(ext, cap, "capability and extension go together");
    cap
}

fn count(words: &[u32], opcode: u16) -> usize {
    instructions(words)
        .iter()
        .filter(|(o, _)| *o == opcode)
        .count()
}

/// The ids of `OpTypeVector` declarations with `n` components.
fn vector_types(words: &[u32], n: u32) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(o, ops)| *o == OP_TYPE_VECTOR && ops.get(2) == Some(&n))
        .map(|(_, ops)| ops[0])
        .collect()
}

#[test]
fn literal_lengths_are_vectors_operated_on_whole() {
    let src = "layout(binding = 0) buffer B { float r[]; };
void main() {
    vector<float, 5> v = vector<float, 5>(vec3(1.0, 2.0, 3.0), vec2(r[0], r[1]));
    vector<float, 5> w = v + v * r[2];
    w = clamp(sin(w), 0.25, 0.75);
    vector<bool, 5> lt = lessThan(v, w);
    r[3] = any(lt) ? dot(v, w) : length(w) + w[4];
    vector<float, 1> one = vector<float, 1>(r[5]);
    r[4] = one[0] + float(w.length());
}
";
    for words in both(src, &[]) {
        assert!(has_long_vector_capability(&words));
        assert_eq!(
            vector_types(&words, 5).len(),
            2,
            "float and bool vectors of 5"
        );
        assert_eq!(
            vector_types(&words, 1).len(),
            1,
            "a vector of one component"
        );
    }
    let [o0, _] = both(src, &[]);
    assert!(count(&o0, OP_F_ADD) >= 1);
    assert_eq!(count(&o0, OP_VECTOR_TIMES_SCALAR), 1);
    assert_eq!(count(&o0, OP_F_ORD_LESS_THAN), 1);
    assert!(count(&o0, OP_EXT_INST) >= 3, "sin, clamp, length");
}

#[test]
fn specialization_constant_lengths_are_vector_id_types() {
    let src = "layout(constant_id = 0) const uint N = 6;
layout(binding = 0) buffer B { float r[]; };
void main() {
    vector<float, N> v = vector<float, N>(r[0]);
    vector<float16_t, N> h = vector<float16_t, N>(v + v);
    h = max(h, float16_t(0.5));
    r[1] = float(h[2]) + v[N - 1];
}
";
    for words in both(src, &[]) {
        assert!(has_long_vector_capability(&words));
        let ins = instructions(&words);
        let spec: Vec<u32> = ins
            .iter()
            .filter(|(o, _)| *o == OP_SPEC_CONSTANT)
            .map(|(_, ops)| ops[1])
            .collect();
        let vid: Vec<&Vec<u32>> = ins
            .iter()
            .filter(|(o, _)| *o == OP_TYPE_VECTOR_ID_EXT)
            .map(|(_, ops)| ops)
            .collect();
        assert_eq!(vid.len(), 2, "float and float16_t vectors of N");
        assert!(vid.iter().all(|ops| spec.contains(&ops[2])));
        assert!(count(&words, OP_COMPOSITE_CONSTRUCT_REPLICATE_EXT) >= 1);
    }
}

#[test]
fn block_layouts_follow_the_extended_rules() {
    // std430: a vector of three or more components is aligned to four components
    // (stride 32 for five uints), a vector of one to one.
    let src = "layout(std430, binding = 0) buffer B {
    vector<uint, 5> v5[2];
    vector<uint, 7> v7;
    vector<uint, 1> v1[2];
} b;
void main() {
    vector<uint, 7> t = b.v7;
    b.v5[1] = vector<uint, 5>(t[0], t[1], t[2], t[3], t[4]);
    b.v1[0] = vector<uint, 1>(b.v5[0][3] + t[6]);
}
";
    for words in both(src, &[]) {
        let ins = instructions(&words);
        let strides: Vec<u32> = ins
            .iter()
            .filter(|(o, ops)| *o == OP_DECORATE && ops[1] == DECOR_ARRAY_STRIDE)
            .map(|(_, ops)| ops[2])
            .collect();
        assert!(strides.contains(&32) && strides.contains(&4), "{strides:?}");
        let offsets: Vec<u32> = ins
            .iter()
            .filter(|(o, ops)| *o == OP_MEMBER_DECORATE && ops[2] == DECOR_OFFSET)
            .map(|(_, ops)| ops[3])
            .collect();
        assert_eq!(offsets, [0, 64, 92]);
    }
}

#[test]
fn narrow_bit_operations_are_widened_to_32_bits() {
    // Vulkan's bit instructions take 32-bit operands: 8-bit components are widened.
    let src = "layout(binding = 0) buffer B { int r[]; };
void main() {
    vector<int8_t, 5> v = vector<int8_t, 5>(int8_t(r[0]));
    vector<int8_t, 5> c = bitCount(v);
    vector<int8_t, 5> e = bitfieldExtract(v, int8_t(1), int8_t(3));
    r[1] = int(c[0]) + int(e[1]) + int(bitfieldReverse(v)[2]) + int(findMSB(v)[3]);
}
";
    for words in both(src, &[]) {
        let ins = instructions(&words);
        let int32: Vec<u32> = ins
            .iter()
            .filter(|(o, ops)| *o == OP_TYPE_INT && ops[1] == 32)
            .map(|(_, ops)| ops[0])
            .collect();
        let wide: Vec<u32> = ins
            .iter()
            .filter(|(o, ops)| *o == OP_TYPE_VECTOR && ops[2] == 5 && int32.contains(&ops[1]))
            .map(|(_, ops)| ops[0])
            .collect();
        for (o, ops) in &ins {
            if *o == OP_BIT_COUNT {
                assert!(wide.contains(&ops[0]), "OpBitCount on 32-bit components");
            }
        }
    }
}

#[test]
fn sixty_four_bit_bit_counts_add_the_halves() {
    let src = "layout(binding = 0) buffer B { int r[]; };
void main() {
    vector<uint64_t, 5> v = vector<uint64_t, 5>(uint64_t(r[0]) << 40);
    vector<int, 5> c = vector<int, 5>(bitCount(v));
    r[1] = c[0];
}
";
    for words in both(src, &[]) {
        assert_eq!(count(&words, OP_BIT_COUNT), 2, "one count per half");
    }
}

#[test]
fn other_sixty_four_bit_bit_operations_are_refused_by_name() {
    let src = "void main() {
    vector<uint64_t, 5> v = vector<uint64_t, 5>(1ul);
    v = bitfieldReverse(v);
}
";
    for o in [false, true] {
        let e = compile(src, o).expect_err("refused");
        assert!(e.contains("bitfieldReverse") && e.contains("64-bit"), "{e}");
    }
}

#[test]
fn lengths_two_to_four_stay_ordinary_vectors() {
    // `vector<float, 3>` is `vec3`: no capability, and Debian's spirv-val takes it.
    let src = "layout(binding = 0) buffer B { vec4 r[]; };
void main() {
    vector<float, 3> v = vector<float, 3>(1.0, 2.0, 3.0);
    vec4 a = r[0];
    vector<float, 4> b = a;
    r[1] = vec4(v, 1.0) + b;
}
";
    for o in [false, true] {
        let words = support::compile_vulkan(Stage::Compute, &format!("{HEADER}{src}"), o, 3);
        assert!(!has_long_vector_capability(&words));
    }
}

#[test]
fn equality_initialized_globals_and_conversions() {
    // `==` of whole vectors is `OpAll` of the component-wise comparison; a global's
    // initializer runs at the start of `main`; conversions through booleans.
    let src = "layout(binding = 0) buffer B { float r[]; };
shared vector<float, 6> sh[4];
vector<int, 6> g = vector<int, 6>(1, 2, 3, 4, 5, 6);
void main() {
    sh[gl_LocalInvocationID.x % 4] = vector<float, 6>(g);
    barrier();
    vector<uint, 6> u = vector<uint, 6>(sh[1]);
    vector<bool, 6> b = vector<bool, 6>(u);
    vector<float, 6> f = -vector<float, 6>(b);
    r[0] = f[int(r[1])] + float(u[5]) + float(g[2]);
    r[2] = (f == vector<float, 6>(sh[2])) ? 1.0 : 0.0;
}
";
    const OP_ALL: u16 = 155;
    for words in both(src, &[]) {
        assert_eq!(count(&words, OP_ALL), 1);
    }
}

#[test]
fn boolean_long_vectors_in_blocks_are_refused_by_name() {
    let src = "layout(binding = 0) buffer B { vector<bool, 5> b; float r; };
void main() { r = b[1] ? 1.0 : 0.0; }
";
    for o in [false, true] {
        let e = compile(src, o).expect_err("refused");
        assert!(e.contains("vector<bool, 5>") && e.contains("block"), "{e}");
    }
}

/// A decode function of GL_NV_cooperative_matrix_decode_vector may return a long vector
/// (`vector<uint8_t, 8>`): the function returns it by value, as an `OpTypeVector` of 8
/// components.
#[test]
fn decode_function_returns_a_long_vector_by_value() {
    const OP_TYPE_FUNCTION: u16 = 33;
    let src = "#version 450
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_NV_cooperative_matrix_decode_vector : enable
#extension GL_EXT_long_vector : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer B8 { uint8_t x[]; } buf8;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer dwordBuf { uint32_t d; };
uint8_t one(const in dwordBuf b, const in uint32_t c[2], const in uint32_t i[2]) {
    return uint8_t(b.d);
}
vector<uint8_t, 8> eight(const in dwordBuf b, const in uint32_t c[2], const in uint32_t i[2]) {
    return vector<uint8_t, 8>(uint8_t(b.d), uint8_t(b.d >> 8), uint8_t(b.d >> 16),
                              uint8_t(b.d >> 24), uint8_t(b.d), uint8_t(b.d >> 8),
                              uint8_t(b.d >> 16), uint8_t(b.d >> 24));
}
void main() {
    coopmat<uint8_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> A;
    tensorLayoutNV<2> t = createTensorLayoutNV(2);
    t = setTensorLayoutBlockSizeNV(t, 4, 8);
    coopMatLoadTensorNV(A, buf8.x, 0, t, one, eight);
}";
    for optimize in [false, true] {
        let words = support::try_compile(
            Stage::Compute,
            TargetEnv::Vulkan { minor: 3 },
            src,
            optimize,
        )
        .unwrap_or_else(|e| panic!("-O {optimize}: {e}"));
        check_vendored(&words, "vulkan1.3", &[]);
        let ins = instructions(&words);
        let vec8: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_TYPE_VECTOR && o[2] == 8)
            .map(|(_, o)| o[0])
            .collect();
        assert!(
            ins.iter()
                .any(|(op, o)| *op == OP_TYPE_FUNCTION && vec8.contains(&o[1])),
            "a function type returning the 8-component vector"
        );
    }
}
