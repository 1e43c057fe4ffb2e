//! Issue 5 (helper K): GL_KHR_cooperative_matrix as SPV_KHR_cooperative_matrix and
//! GL_NV_cooperative_matrix2 as SPV_NV_cooperative_matrix2 / SPV_NV_tensor_addressing: the
//! instructions, operands and capabilities written, checked by the vendored SPIRV-Tools
//! v2025.3 validator when `SPIRV_VAL_VENDORED` names it (Debian's spirv-val knows none of
//! these extensions; without it the validation is skipped with a note).

use crate::support;

use crate::support::instructions;
use fresnel::{Stage, TargetEnv};
use fresnel_backend::spirv;

const OP_EXTENSION: u16 = 10;
const OP_CAPABILITY: u16 = 17;
const OP_COMPOSITE_CONSTRUCT: u16 = 80;
const OP_ACCESS_CHAIN: u16 = 65;
const OP_CONVERT_F_TO_S: u16 = 110;
const OP_CONVERT_U_TO_F: u16 = 112;
const OP_U_CONVERT: u16 = 113;
const OP_F_CONVERT: u16 = 115;
const OP_BITCAST: u16 = 124;
const OP_S_NEGATE: u16 = 126;
const OP_F_NEGATE: u16 = 127;
const OP_F_ADD: u16 = 129;
const OP_I_MUL: u16 = 132;
const OP_F_MUL: u16 = 133;
const OP_U_DIV: u16 = 134;
const OP_S_DIV: u16 = 135;
const OP_MATRIX_TIMES_SCALAR: u16 = 143;

const CAP_COOPERATIVE_MATRIX_KHR: u32 = 6022;
const OP_TYPE_COOPERATIVE_MATRIX_KHR: u16 = 4456;
const OP_LOAD_KHR: u16 = 4457;
const OP_STORE_KHR: u16 = 4458;
const OP_MUL_ADD_KHR: u16 = 4459;

#[track_caller]
fn validate(words: &[u32], minor: u8, what: &str) {
    let env = format!("vulkan1.{minor}");
    let Some(result) = support::vendored_validate(words, &env, &[]) else {
        eprintln!("note: SPIRV_VAL_VENDORED is not set: {what} is not validated");
        return;
    };
    if let Err(e) = result {
        panic!(
            "{what}: spirv-val (v2025.3): {e}\n{}",
            spirv::disassemble(words).unwrap_or_default()
        );
    }
}

fn compile(src: &str, minor: u8, optimize: bool) -> Result<Vec<u32>, String> {
    support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor }, src, optimize)
}

fn string_operand(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    'w: for w in words {
        for b in w.to_le_bytes() {
            if b == 0 {
                break 'w;
            }
            bytes.push(b);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn has_cap(ins: &[(u16, Vec<u32>)], c: u32) -> bool {
    ins.iter().any(|(op, o)| *op == OP_CAPABILITY && o[0] == c)
}

fn has_ext(ins: &[(u16, Vec<u32>)], e: &str) -> bool {
    ins.iter()
        .any(|(op, o)| *op == OP_EXTENSION && string_operand(o) == e)
}

/// The value of each 32-bit `OpConstant`, by id.
fn constants(ins: &[(u16, Vec<u32>)]) -> std::collections::HashMap<u32, u32> {
    const OP_CONSTANT: u16 = 43;
    ins.iter()
        .filter(|(op, o)| *op == OP_CONSTANT && o.len() == 3)
        .map(|(_, o)| (o[1], o[2]))
        .collect()
}

const KHR: &str = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
layout(set = 0, binding = 1) buffer Block16 { float16_t x[]; } block16;
layout(set = 0, binding = 2) buffer Out { float r; int n; } o;
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> m =
        coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(0.0);
    coopMatLoad(m, block.x, 16, 128, gl_CooperativeMatrixLayoutRowMajor);
    m = m + m;
    m = m * m;
    m = -m;
    m = 2.0 * m;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> h =
        coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(m);
    coopmat<uint, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> u =
        coopmat<uint, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(7u);
    u = u / u;
    coopmat<int8_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> i =
        coopmat<int8_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(u);
    i = -i;
    i = i / i;
    i = i * i;
    coopmat<int, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> si =
        coopmat<int, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(m);
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> fu =
        coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(u);
    m[1] = o.r;
    o.r = m[o.n] + fu[0] + float(si[2]);
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> r =
        coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(o.r);
    coopMatStore(r, block.x, 512, 128, gl_CooperativeMatrixLayoutRowMajor);
    coopmat<uint16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> narrow =
        coopmat<uint16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator>(65539u);
    o.n = int(narrow[0]);
    coopmat<int8_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> A8;
    coopmat<int8_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> B8;
    coopmat<int, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> C32 =
        coopMatMulAdd(A8, B8, si, gl_MatrixOperandsSaturatingAccumulation);
    coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> A;
    coopmat<float16_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> B;
    coopMatLoad(A, block16.x, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(B, block16.x, 128, 8, gl_CooperativeMatrixLayoutColumnMajor);
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> D = coopMatMulAdd(A, B, m);
    coopMatStore(D, block.x, 0, 128, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(h, block16.x, 256, 8, gl_CooperativeMatrixLayoutColumnMajor);
    o.n = C32[0];
}
";

#[test]
fn khr_cooperative_matrices_are_written() {
    for optimize in [false, true] {
        let words = compile(KHR, 1, optimize).expect("written");
        validate(&words, 1, "the KHR cooperative matrix shader");
        let ins = instructions(&words);
        assert!(has_cap(&ins, CAP_COOPERATIVE_MATRIX_KHR));
        assert!(has_ext(&ins, "SPV_KHR_cooperative_matrix"));
        let k = constants(&ins);
        // The types: component, scope, rows, columns, use (as constants).
        let types: Vec<&Vec<u32>> = ins
            .iter()
            .filter(|(op, _)| *op == OP_TYPE_COOPERATIVE_MATRIX_KHR)
            .map(|(_, o)| o)
            .collect();
        let shapes: std::collections::BTreeSet<(u32, u32, u32, u32)> = types
            .iter()
            .map(|o| (k[&o[2]], k[&o[3]], k[&o[4]], k[&o[5]]))
            .collect();
        assert!(shapes.contains(&(3, 16, 8, 2)), "{shapes:?}");
        assert!(shapes.contains(&(3, 16, 8, 0)), "{shapes:?}");
        assert!(shapes.contains(&(3, 8, 8, 1)), "{shapes:?}");
        let mat_types: Vec<u32> = types.iter().map(|o| o[0]).collect();
        let count = |opc: u16| ins.iter().filter(|(op, _)| *op == opc).count();
        assert_eq!(count(OP_LOAD_KHR), 3);
        assert_eq!(count(OP_STORE_KHR), 3);
        assert_eq!(count(OP_MUL_ADD_KHR), 2);
        // Matrices of a constant are constants (the scalar converted to the component:
        // 65539 as a 16-bit unsigned integer is 3), others built in code.
        const OP_CONSTANT_COMPOSITE: u16 = 44;
        let const_parts: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_CONSTANT_COMPOSITE && types.iter().any(|t| t[0] == o[0]))
            .map(|(_, o)| o[2])
            .collect();
        assert!(
            const_parts.iter().any(|p| k.get(p) == Some(&7)),
            "{const_parts:?}"
        );
        assert!(
            const_parts.iter().any(|p| k.get(p) == Some(&3)),
            "{const_parts:?}"
        );
        // Loads and stores: a pointer to the element, the layout (a constant: row-major 0,
        // column-major 1) and the stride.
        let layouts: Vec<u32> = ins
            .iter()
            .filter_map(|(op, o)| match *op {
                OP_LOAD_KHR => Some(k[&o[3]]),
                OP_STORE_KHR => Some(k[&o[2]]),
                _ => None,
            })
            .collect();
        assert_eq!(
            layouts.iter().filter(|l| **l == 1).count(),
            2,
            "{layouts:?}"
        );
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_LOAD_KHR && k.get(&o[4]) == Some(&128)));
        // The integer product: A, B, C and the result signed, and saturating.
        let masks: Vec<Option<u32>> = ins
            .iter()
            .filter(|(op, _)| *op == OP_MUL_ADD_KHR)
            .map(|(_, o)| o.get(5).copied())
            .collect();
        assert!(masks.contains(&Some(0x1f)), "{masks:?}");
        assert!(masks.contains(&None), "{masks:?}");
        for opc in [
            OP_COMPOSITE_CONSTRUCT,
            OP_F_CONVERT,
            OP_CONVERT_U_TO_F,
            OP_CONVERT_F_TO_S,
            OP_F_NEGATE,
            OP_S_NEGATE,
            OP_F_ADD,
            OP_F_MUL,
            OP_I_MUL,
            OP_U_DIV,
            OP_S_DIV,
            OP_MATRIX_TIMES_SCALAR,
        ] {
            assert!(
                ins.iter()
                    .any(|(op, o)| *op == opc && mat_types.contains(&o[0])),
                "no opcode {opc} on a cooperative matrix (optimize {optimize})"
            );
        }
        // uint 32 -> int8: narrowed unsigned (`OpUConvert` has unsigned results only),
        // then reinterpreted.
        let uconv: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_U_CONVERT && mat_types.contains(&o[0]))
            .map(|(_, o)| o[1])
            .collect();
        assert!(
            ins.iter()
                .any(|(op, o)| *op == OP_BITCAST && uconv.contains(&o[2])),
            "no bitcast of the narrowed matrix"
        );
        // Element access through an access chain into the matrix.
        assert!(count(OP_ACCESS_CHAIN) >= 3);
    }
}

const COOPMAT2: &str = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Buf { float16_t x[]; } buf;
float16_t relu(const in uint32_t row, const in uint32_t col, const in float16_t x) {
    return max(x, float16_t(0));
}
float16_t scaled(const in uint32_t row, const in uint32_t col, const in float16_t x,
                 const in float16_t k) {
    return x * k;
}
float16_t sum(const in float16_t a, const in float16_t b) { return a + b; }
layout(buffer_reference, std430, buffer_reference_align = 2) buffer fp16Buf { float16_t f; };
float16_t decode(const in fp16Buf b, const in uint32_t blockCoords[2],
                 const in uint32_t coordInBlock[2]) {
    return b.f * float16_t(blockCoords[0] + coordInBlock[1]);
}
void main() {
    coopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseAccumulator> acc;
    coopMatLoad(acc, buf.x, 0, 32, gl_CooperativeMatrixLayoutRowMajor);
    coopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> a =
        coopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA>(acc);
    coopmat<float16_t, gl_ScopeWorkgroup, 32, 64, gl_MatrixUseB> tr;
    coopMatTransposeNV(tr, acc);
    coopMatReduceNV(acc, acc, gl_CooperativeMatrixReduceRowNV, sum);
    coopMatPerElementNV(acc, acc, relu);
    coopMatPerElementNV(acc, acc, scaled, float16_t(0.5));
    tensorLayoutNV<2> t = createTensorLayoutNV(2);
    t = setTensorLayoutDimensionNV(t, 256, 512);
    t = sliceTensorLayoutNV(t, 128, 32, 256, 32);
    tensorViewNV<2, false, 1, 0> v = createTensorViewNV(2, false, 1, 0);
    coopMatLoadTensorNV(a, buf.x, 0, t);
    coopMatLoadTensorNV(a, buf.x, 0, t, v);
    coopMatLoadTensorNV(a, buf.x, 0, t, v, decode);
    coopMatStoreTensorNV(a, buf.x, 64, t);
    coopMatStore(acc, buf.x, 0, 32, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(tr, buf.x, 4096, 64, gl_CooperativeMatrixLayoutRowMajor);
}
";

#[test]
fn coopmat2_operations_are_written() {
    const CAP_REDUCTIONS: u32 = 5430;
    const CAP_CONVERSIONS: u32 = 5431;
    const CAP_PER_ELEMENT: u32 = 5432;
    const CAP_TENSOR_ADDRESSING_MATRIX: u32 = 5433;
    const CAP_TENSOR_ADDRESSING: u32 = 5439;
    const CONVERT_NV: u16 = 5293;
    const REDUCE_NV: u16 = 5366;
    const LOAD_TENSOR_NV: u16 = 5367;
    const STORE_TENSOR_NV: u16 = 5368;
    const PER_ELEMENT_NV: u16 = 5369;
    const TYPE_LAYOUT: u16 = 5370;
    const TYPE_VIEW: u16 = 5371;
    const CREATE_LAYOUT: u16 = 5372;
    const SET_DIMENSION: u16 = 5373;
    const SLICE: u16 = 5375;
    const CREATE_VIEW: u16 = 5377;
    const TRANSPOSE_NV: u16 = 5390;
    const OP_FUNCTION: u16 = 54;
    const OP_TYPE_FLOAT: u16 = 22;
    const OP_CONSTANT: u16 = 43;
    const CAP_BLOCK_LOADS: u32 = 5434;
    for optimize in [false, true] {
        let words = compile(COOPMAT2, 3, optimize).expect("written");
        validate(&words, 3, "the GL_NV_cooperative_matrix2 shader");
        let ins = instructions(&words);
        for c in [
            CAP_COOPERATIVE_MATRIX_KHR,
            CAP_REDUCTIONS,
            CAP_CONVERSIONS,
            CAP_PER_ELEMENT,
            CAP_TENSOR_ADDRESSING_MATRIX,
            CAP_TENSOR_ADDRESSING,
            CAP_BLOCK_LOADS,
        ] {
            assert!(has_cap(&ins, c), "capability {c}");
        }
        assert!(has_ext(&ins, "SPV_NV_cooperative_matrix2"));
        assert!(has_ext(&ins, "SPV_NV_tensor_addressing"));
        let count = |opc: u16| ins.iter().filter(|(op, _)| *op == opc).count();
        assert_eq!(count(CONVERT_NV), 1);
        assert_eq!(count(TRANSPOSE_NV), 1);
        assert_eq!(count(REDUCE_NV), 1);
        assert_eq!(count(PER_ELEMENT_NV), 2);
        assert_eq!(count(LOAD_TENSOR_NV), 3);
        assert_eq!(count(STORE_TENSOR_NV), 1);
        assert_eq!(count(CREATE_LAYOUT), 1);
        assert_eq!(count(CREATE_VIEW), 1);
        assert_eq!(count(SET_DIMENSION), 1);
        assert_eq!(count(SLICE), 1);
        let k = constants(&ins);
        // tensorLayoutNV<2>: dimension 2, clamp mode 0; the view's permutation 1, 0.
        let layout = ins
            .iter()
            .find(|(op, _)| *op == TYPE_LAYOUT)
            .map(|(_, o)| (k[&o[1]], k[&o[2]]));
        assert_eq!(layout, Some((2, 0)));
        let view = ins
            .iter()
            .find(|(op, _)| *op == TYPE_VIEW)
            .map(|(_, o)| (k[&o[1]], o.len(), k[&o[3]], k[&o[4]]));
        assert_eq!(view, Some((2, 5, 1, 0)));
        // The functions the operations take are the module's functions.
        let functions: Vec<u32> = ins
            .iter()
            .filter(|(op, _)| *op == OP_FUNCTION)
            .map(|(_, o)| o[1])
            .collect();
        for (op, o) in &ins {
            match *op {
                REDUCE_NV => {
                    assert_eq!(o[3], 1, "row reduction");
                    assert!(functions.contains(&o[4]));
                }
                PER_ELEMENT_NV => {
                    assert!(functions.contains(&o[3]));
                    // `scaled`'s extra operand, `float16_t(0.5)`, is a 16-bit float
                    // constant, of the type of the function's parameter (not the integer of
                    // its bits, which SPIRV-Tools 2026.4 rejects).
                    if let Some(&extra) = o.get(4) {
                        let ty = ins
                            .iter()
                            .find(|(op, c)| *op == OP_CONSTANT && c[1] == extra)
                            .map(|(_, c)| c[0]);
                        let float16 = ins
                            .iter()
                            .find(|(op, t)| *op == OP_TYPE_FLOAT && t[1] == 16)
                            .map(|(_, t)| t[0]);
                        assert!(ty.is_some() && ty == float16, "extra operand type {ty:?}");
                    }
                }
                // Memory operands (none), then the tensor addressing operands: nothing, a
                // view (mask 1), or a view and a decode function (mask 3; the function
                // takes the block coordinates as arrays by value).
                LOAD_TENSOR_NV => {
                    assert_eq!(o[5], 0);
                    match (o[6], o.len()) {
                        (0, 7) | (1, 8) => {}
                        (3, 9) => assert!(functions.contains(&o[8])),
                        other => panic!("tensor addressing operands {other:?}"),
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn arm_layouts_declare_their_extension() {
    const CAP_LAYOUTS_ARM: u32 = 4201;
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_ARM_cooperative_matrix_layouts : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, block.x, 16, 1, gl_CooperativeMatrixLayoutRowBlockedInterleavedARM);
    coopMatStore(m, block.x, 0, 1, gl_CooperativeMatrixLayoutColumnBlockedInterleavedARM);
}
";
    for optimize in [false, true] {
        let words = compile(src, 1, optimize).expect("written");
        validate(&words, 1, "the ARM layouts shader");
        let ins = instructions(&words);
        assert!(has_cap(&ins, CAP_LAYOUTS_ARM));
        assert!(has_ext(&ins, "SPV_ARM_cooperative_matrix_layouts"));
        let k = constants(&ins);
        let layouts: Vec<u32> = ins
            .iter()
            .filter_map(|(op, o)| match *op {
                OP_LOAD_KHR => Some(k[&o[3]]),
                OP_STORE_KHR => Some(k[&o[2]]),
                _ => None,
            })
            .collect();
        assert_eq!(layouts, vec![4202, 4203]);
    }
}

/// The corpus shaders of GL_KHR_cooperative_matrix and GL_NV_cooperative_matrix2 (skipped
/// when the corpus is absent), at -O0 and -O, through the vendored validator when set.
#[test]
fn corpus_khr_cooperative_matrix_shaders_validate() {
    let dir = std::path::Path::new("/work/shared/corpus/glslang/Test");
    if !dir.is_dir() {
        return;
    }
    for (name, minor) in CORPUS {
        let src = std::fs::read_to_string(dir.join(name)).expect("readable");
        for optimize in [false, true] {
            let words = compile(&src, *minor, optimize)
                .unwrap_or_else(|e| panic!("{name} (optimize {optimize}): {e}"));
            validate(&words, *minor, name);
        }
    }
}

/// The corpus shaders written and valid, with the Vulkan minor version they are checked
/// for.
const CORPUS: &[(&str, u8)] = &[
    ("spv.coopmatKHR.comp", 1),
    ("spv.coopmatKHR_arithmetic.comp", 1),
    ("spv.coopmatKHR_constructor.comp", 1),
    ("spv.coopmat_armlayout.comp", 1),
    ("spv.replicate.comp", 1),
    ("spv.replicatespec.comp", 1),
    ("spv.coopmat2_constructor.comp", 3),
    ("spv.coopmat2_tensor.comp", 3),
    ("spv.qcom.multiple_wait_queues.comp", 1),
    ("spv.intrinsicsInteractWithCoopMat.comp", 1),
];

#[test]
fn coherent_buffers_use_the_vulkan_memory_model() {
    const OP_MEMORY_MODEL: u16 = 14;
    const OP_LOAD: u16 = 61;
    const OP_STORE: u16 = 62;
    const OP_DECORATE: u16 = 71;
    const OP_MEMBER_DECORATE: u16 = 72;
    const CAP_VULKAN_MEMORY_MODEL: u32 = 5345;
    const CAP_DEVICE_SCOPE: u32 = 5346;
    const COHERENT: u32 = 23;
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) coherent buffer Block { uint n; float x[]; } block;
layout(set = 0, binding = 1) buffer Plain { float y[]; } plain;
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, block.x, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(m, plain.y, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
    plain.y[gl_LocalInvocationIndex] = block.x[gl_LocalInvocationIndex];
    memoryBarrier();
    atomicAdd(block.n, 1u);
}
";
    for optimize in [false, true] {
        let words = compile(src, 1, optimize).expect("written");
        validate(&words, 1, "the coherent buffer shader");
        let ins = instructions(&words);
        assert!(has_cap(&ins, CAP_VULKAN_MEMORY_MODEL));
        // memoryBarrier() and the buffer atomic are at Device scope.
        assert!(has_cap(&ins, CAP_DEVICE_SCOPE));
        assert!(has_ext(&ins, "SPV_KHR_vulkan_memory_model"));
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_MEMORY_MODEL && o == &vec![0, 3]));
        // No Coherent decoration: the accesses say it.
        assert!(!ins.iter().any(
            |(op, o)| (*op == OP_DECORATE && o.get(1) == Some(&COHERENT))
                || (*op == OP_MEMBER_DECORATE && o.get(2) == Some(&COHERENT))
        ));
        const VISIBLE: u32 = 0x10 | 0x20;
        const AVAILABLE: u32 = 0x8 | 0x20;
        let k = constants(&ins);
        let visible_loads = ins
            .iter()
            .filter(|(op, o)| {
                (*op == OP_LOAD && o.get(3) == Some(&VISIBLE)
                    || *op == OP_LOAD_KHR && o.get(5) == Some(&VISIBLE))
                    && k.get(o.last().unwrap()) == Some(&5)
            })
            .count();
        // The matrix load and the element load from the coherent block.
        assert_eq!(visible_loads, 2, "optimize {optimize}");
        // The plain buffer's accesses have no memory operands.
        assert!(!ins.iter().any(|(op, o)| *op == OP_STORE_KHR && o.len() > 4
            || *op == OP_STORE && o.get(2) == Some(&AVAILABLE)));
    }
}

/// (The forms themselves, against a validator that knows the extension:
/// `vendor_ext_forms::decode_vector_function`.)
#[test]
fn vector_decode_functions_are_written() {
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_NV_cooperative_matrix_decode_vector : enable
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Buf { float16_t x[]; } buf;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer dwordBuf { uint32_t d; };
float16_t one(const in dwordBuf b, const in uint32_t c[2], const in uint32_t i[2]) {
    return float16_t(b.d);
}
f16vec2 two(const in dwordBuf b, const in uint32_t c[2], const in uint32_t i[2]) {
    return unpackFloat2x16(b.d);
}
void main() {
    coopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> A;
    tensorLayoutNV<2> t = createTensorLayoutNV(2);
    t = setTensorLayoutBlockSizeNV(t, 4, 8);
    coopMatLoadTensorNV(A, buf.x, 0, t, one, two);
    coopMatStore(A, buf.x, 0, 32, gl_CooperativeMatrixLayoutRowMajor);
}
";
    for optimize in [false, true] {
        let words = compile(src, 3, optimize).unwrap_or_else(|e| panic!("{e}"));
        let ins = instructions(&words);
        // CooperativeMatrixDecodeVectorNV, SPV_NV_cooperative_matrix_decode_vector.
        assert!(has_cap(&ins, 5447));
        assert!(has_ext(&ins, "SPV_NV_cooperative_matrix_decode_vector"));
    }
}

#[test]
fn small_float_components_are_declared_with_their_encodings() {
    const OP_TYPE_FLOAT: u16 = 22;
    const OP_DECORATE: u16 = 71;
    const SATURATED: u32 = 4216;
    const CAP_FLOAT8: u32 = 4212;
    const CAP_FLOAT8_COOPMAT: u32 = 4213;
    const CAP_BFLOAT16: u32 = 5116;
    const CAP_BFLOAT16_COOPMAT: u32 = 5118;
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_float_e4m3 : enable
#extension GL_EXT_bfloat16 : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
void main() {
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> h;
    coopMatLoad(h, block.x, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopmat<floate4m3_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> e =
        coopmat<floate4m3_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(h);
    saturatedConvertEXT(e, h);
    coopMatStore(e, block.x, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopmat<bfloat16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> b =
        coopmat<bfloat16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(1.5);
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> f =
        coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>(b);
    coopMatStore(f, block.x, 512, 16, gl_CooperativeMatrixLayoutRowMajor);
}
";
    for optimize in [false, true] {
        let words = compile(src, 3, optimize).expect("written");
        validate(&words, 3, "the small float matrices shader");
        let ins = instructions(&words);
        for c in [
            CAP_FLOAT8,
            CAP_FLOAT8_COOPMAT,
            CAP_BFLOAT16,
            CAP_BFLOAT16_COOPMAT,
        ] {
            assert!(has_cap(&ins, c), "capability {c}");
        }
        assert!(has_ext(&ins, "SPV_EXT_float8") && has_ext(&ins, "SPV_KHR_bfloat16"));
        let float_type = |operands: &[u32]| {
            ins.iter()
                .find(|(op, o)| *op == OP_TYPE_FLOAT && &o[1..] == operands)
                .map(|(_, o)| o[0])
        };
        let e4m3 = float_type(&[8, 4214]).expect("e4m3 type");
        let bf16 = float_type(&[16, 0]).expect("bfloat16 type");
        let mats: Vec<(u32, u32)> = ins
            .iter()
            .filter(|(op, _)| *op == OP_TYPE_COOPERATIVE_MATRIX_KHR)
            .map(|(_, o)| (o[0], o[1]))
            .collect();
        let e_mat = mats.iter().find(|m| m.1 == e4m3).expect("e4m3 matrix").0;
        let converts: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_F_CONVERT && o[0] == e_mat)
            .map(|(_, o)| o[1])
            .collect();
        // The conversion and the saturating one, decorated.
        assert_eq!(converts.len(), 2);
        let saturated: Vec<u32> = ins
            .iter()
            .filter(|(op, o)| *op == OP_DECORATE && o[1] == SATURATED)
            .map(|(_, o)| o[0])
            .collect();
        assert_eq!(saturated.len(), 1);
        assert!(converts.contains(&saturated[0]));
        // 1.5 as a bfloat16: a float converted (not an integer's conversion).
        assert!(ins
            .iter()
            .any(|(op, o)| *op == OP_F_CONVERT && o[0] == bf16));
        assert!(!ins
            .iter()
            .any(|(op, o)| *op == OP_CONVERT_U_TO_F && o[0] == bf16));
    }
}

#[test]
fn coherent_images_beside_matrices_are_refused() {
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
layout(set = 0, binding = 1, r32f) coherent uniform image2D img;
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, block.x, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(m, block.x, 128, 8, gl_CooperativeMatrixLayoutRowMajor);
    imageStore(img, ivec2(0), imageLoad(img, ivec2(1)));
}
";
    for optimize in [false, true] {
        let e = compile(src, 1, optimize).expect_err("refused");
        assert!(
            e.contains("coherent") && e.contains("Vulkan memory model"),
            "{e}"
        );
    }
}

#[test]
fn targets_before_spirv_1_3_are_refused() {
    let src = "#version 450 core
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer Block { float x[]; } block;
void main() {
    coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> m;
    coopMatLoad(m, block.x, 0, 8, gl_CooperativeMatrixLayoutRowMajor);
    coopMatStore(m, block.x, 128, 8, gl_CooperativeMatrixLayoutRowMajor);
}
";
    let e = compile(src, 0, false).expect_err("refused for Vulkan 1.0");
    assert!(e.contains("SPIR-V 1.3"), "{e}");
    let words = compile(src, 2, false).expect("written for Vulkan 1.2");
    validate(&words, 2, "the Vulkan 1.2 shader");
}
