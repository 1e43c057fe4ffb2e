//! Parameterized extension types (check/ext_types.rs): cooperative matrices, cooperative
//! vectors, long vectors and tensors. For each rule, shaders that must compile and shaders that
//! must fail with a message saying what was expected and what was found.

mod support;

use fresnel::{Stage, TargetEnv};
use support::{assert_fails, assert_ok};

const VK11: TargetEnv = TargetEnv::Vulkan { minor: 1 };

fn errors(src: &str) -> Vec<String> {
    support::errors(Stage::Compute, VK11, src)
}

#[track_caller]
fn ok(src: &str) {
    assert_ok(&errors(src), src);
}

#[track_caller]
fn fails(src: &str, needle: &str) {
    assert_fails(&errors(src), src, needle);
}

const KHR: &str = "#version 450\n#extension GL_KHR_memory_scope_semantics : enable\n#extension GL_KHR_cooperative_matrix : enable\n#extension GL_EXT_shader_explicit_arithmetic_types : enable\nlayout(local_size_x = 64) in;\nlayout(set = 0, binding = 0) buffer B { float16_t x[]; float y[]; } buf;\n";

fn khr(body: &str) -> String {
    format!("{KHR}{body}")
}

fn khr_main(body: &str) -> String {
    format!("{KHR}void main() {{\n{body}\n}}\n")
}

// ---- cooperative matrix types ----

#[test]
fn coopmat_type_parameters() {
    ok(&khr_main(
        "coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> a;\ncoopmat<float, gl_ScopeSubgroup, 16, (2 > 1 ? 8 : 4), gl_MatrixUseAccumulator> c;",
    ));
    fails(
        &khr("coopmat m;\nvoid main() {}\n"),
        "`coopmat` is a cooperative matrix type and needs its type parameters",
    );
    fails(
        &khr("coopmat<float16_t, gl_ScopeSubgroup, 16, 16> m;\nvoid main() {}\n"),
        "`coopmat<T, scope, rows, columns, use>` takes 5 type parameters, 4 given",
    );
    fails(
        &khr("coopmat<void, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> m;\nvoid main() {}\n"),
        "the component type of `coopmat` must be an 8-, 16-, 32- or 64-bit integer or a floating-point scalar type, found `void`",
    );
    fails(
        &khr("int X = 8;\ncoopmat<float, gl_ScopeSubgroup, 8, X, gl_MatrixUseA> m;\nvoid main() {}\n"),
        "a type parameter must be a constant integer expression",
    );
}

#[test]
fn nv_coopmat_bits() {
    let nv = "#version 450\n#extension GL_KHR_memory_scope_semantics : enable\n#extension GL_NV_cooperative_matrix : enable\n#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable\nlayout(local_size_x = 64) in;\n";
    ok(&format!(
        "{nv}void main() {{ fcoopmatNV<16, gl_ScopeSubgroup, 8, 8> a; fcoopmatNV<32, gl_ScopeSubgroup, 8, 8> b = fcoopmatNV<32, gl_ScopeSubgroup, 8, 8>(a); b = b * 2.0; }}\n"
    ));
    fails(
        &format!("{nv}fcoopmatNV<8, gl_ScopeSubgroup, 8, 8> m;\nvoid main() {{}}\n"),
        "the first type parameter of `fcoopmatNV` is the component size in bits, 16, 32 or 64; found 8",
    );
    fails(
        &format!("{nv}void main() {{ fcoopmatNV<16, gl_ScopeSubgroup, 8, 8> a; a * a; }}\n"),
        "GL_NV_cooperative_matrix does not multiply two matrices",
    );
}

#[test]
fn coopmat_length_is_a_specialization_constant() {
    ok(&khr(
        "coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> mC;\nint arr[mC.length()];\nvoid main() { int l = mC.length(); }\n",
    ));
}

#[test]
fn coopmat_assignment_needs_the_same_type() {
    fails(
        &khr_main(
            "coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> a;\ncoopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> b;\na = b;",
        ),
        "cannot assign: expected `coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA>`, found `coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA>`",
    );
    // Specialization constants: the same constant gives the same type, an expression does not.
    ok(&khr(
        "layout(constant_id = 0) const int Y = 4;\nvoid main() {\ncoopmat<float, gl_ScopeSubgroup, 8, Y, gl_MatrixUseA> a;\ncoopmat<float, gl_ScopeSubgroup, 8, Y, gl_MatrixUseA> b;\na = b;\n}\n",
    ));
    fails(
        &khr(
            "layout(constant_id = 0) const int Y = 4;\nvoid main() {\ncoopmat<float, gl_ScopeSubgroup, 8, Y, gl_MatrixUseA> a;\ncoopmat<float, gl_ScopeSubgroup, 8, Y + 1, gl_MatrixUseA> b;\na = b;\n}\n",
        ),
        "cannot assign",
    );
}

#[test]
fn coopmat_arithmetic() {
    ok(&khr_main(
        "coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f;\nf = f + f; f = f - f; f = f * f; f = f / f; f = -f; f = 2.0 * f; f *= 2.0;\nfloat x = f[1]; f[0] = x;",
    ));
    fails(
        &khr_main("coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f;\nf + 1.0;"),
        "a cooperative matrix combines with a scalar only by `*`",
    );
    fails(
        &khr_main("coopmat<float16_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f;\nf * 2.0;"),
        "a scalar multiplying a cooperative matrix must have its component type `float16_t`",
    );
    fails(
        &khr_main(
            "coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f;\ncoopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> g;\nf + g;",
        ),
        "cooperative matrices combine only with a matrix of the same type",
    );
    fails(
        &khr_main("coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f;\nf.x;"),
        "has no fields",
    );
}

#[test]
fn coopmat_constructors() {
    ok(&khr_main(
        "coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> f = coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA>(0.0);\ncoopmat<uint8_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> u = coopmat<uint8_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA>(f);",
    ));
    ok(&khr(
        "const coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseAccumulator> mD = coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseAccumulator>(0.0);\nvoid main() { float x = mD[1]; }\n",
    ));
    fails(
        &khr_main(
            "coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA>(coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA>(0.0));",
        ),
        "cooperative matrix type parameters mismatch",
    );
    fails(
        &khr_main(
            "coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA>(coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB>(0.0));",
        ),
        "cooperative matrix type parameters mismatch",
    );
    fails(
        &khr_main("mat4 m4; coopmat<float, gl_ScopeSubgroup, 4, 4, gl_MatrixUseA>(m4);"),
        "a cooperative matrix is constructed from a scalar or another cooperative matrix, found `mat4`",
    );
    fails(
        &khr_main("coopmat<float16_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA>(1, 1);"),
        "is constructed from one argument",
    );
}

#[test]
fn coopmat_function_overloads_differ_by_parameters() {
    ok(&khr(
        "void f(coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> m) {}\nvoid f(coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> m) {}\nvoid main() { coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> b; f(b); }\n",
    ));
    fails(
        &khr(
            "void f(coopmat<float, gl_ScopeSubgroup, 8, 8, gl_MatrixUseA> m) {}\nvoid main() { coopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> b; f(b); }\n",
        ),
        "no overload of `f`",
    );
}

#[test]
fn coopmat_load_store() {
    ok(&khr_main(
        "coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> m;\ncoopMatLoad(m, buf.x, 16, 128, gl_CooperativeMatrixLayoutRowMajor);\ncoopMatStore(m, buf.y, 16u, 128, gl_CooperativeMatrixLayoutColumnMajor);",
    ));
    fails(
        &khr_main(
            "float16_t larr[16];\ncoopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> m;\ncoopMatLoad(m, larr, 1, 2, gl_CooperativeMatrixLayoutRowMajor);",
        ),
        "the buffer argument of `coopMatLoad` must be in a buffer block or in `shared` memory; `larr` is not",
    );
    fails(
        &khr_main(
            "coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> m;\ncoopMatLoad(m, buf.x, 1.5, 2, gl_CooperativeMatrixLayoutRowMajor);",
        ),
        "the element index of `coopMatLoad` must be a `uint`, found `float`",
    );
}

#[test]
fn coopmat_muladd() {
    ok(&khr_main(
        "coopmat<float16_t, gl_ScopeSubgroup, 16, 8, gl_MatrixUseA> A;\ncoopmat<float16_t, gl_ScopeSubgroup, 8, 8, gl_MatrixUseB> B;\ncoopmat<float, gl_ScopeSubgroup, 16, 8, gl_MatrixUseAccumulator> C;\nC = coopMatMulAdd(A, B, C);\ncoopMatMulAdd(A, B, C, gl_MatrixOperandsSaturatingAccumulation);",
    ));
    fails(
        &khr_main(
            "coopmat<float16_t, gl_ScopeSubgroup, 3, 4, gl_MatrixUseA> a;\ncoopmat<float16_t, gl_ScopeSubgroup, 3, 4, gl_MatrixUseB> b;\ncoopmat<float16_t, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator> c;\nc = coopMatMulAdd(a, b, c);",
        ),
        "cannot multiply matrices of incompatible sizes 3 x 4 and 3 x 4",
    );
    fails(
        &khr_main(
            "coopmat<float16_t, gl_ScopeSubgroup, 3, 4, gl_MatrixUseA> a;\ncoopmat<float16_t, gl_ScopeSubgroup, 4, 3, gl_MatrixUseB> d;\ncoopmat<float16_t, gl_ScopeSubgroup, 4, 4, gl_MatrixUseAccumulator> e;\ne = coopMatMulAdd(a, d, e);",
        ),
        "cannot add matrices of incompatible sizes: A x B is 3 x 3, C is 4 x 4",
    );
    fails(
        &khr_main(
            "coopmat<float16_t, gl_ScopeSubgroup, 3, 4, gl_MatrixUseB> f;\ncoopmat<float16_t, gl_ScopeSubgroup, 4, 3, gl_MatrixUseB> d;\ncoopmat<float16_t, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator> c;\nc = coopMatMulAdd(f, d, c);",
        ),
        "the A matrix of `coopMatMulAdd` must have use `gl_MatrixUseA`, found `gl_MatrixUseB`",
    );
    // The result has the type of C.
    fails(
        &khr_main(
            "coopmat<float16_t, gl_ScopeSubgroup, 3, 4, gl_MatrixUseA> a;\ncoopmat<float16_t, gl_ScopeSubgroup, 4, 3, gl_MatrixUseB> b;\ncoopmat<float16_t, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator> c;\ncoopmat<float, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator> d = coopMatMulAdd(a, b, c);",
        ),
        "expected `coopmat<float, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator>`, found `coopmat<float16_t, gl_ScopeSubgroup, 3, 3, gl_MatrixUseAccumulator>`",
    );
}

#[test]
fn coopmat_storage() {
    fails(
        &khr("shared coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> s;\nvoid main() {}\n"),
        "cooperative matrix types cannot be used in shared memory",
    );
    fails(
        &khr("layout(set = 0, binding = 1) buffer C { coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> m; } c;\nvoid main() {}\n"),
        "a block member cannot be or contain a cooperative matrix type",
    );
}

// ---- GL_NV_cooperative_matrix2 ----

const NV2: &str = "#version 450\n#extension GL_KHR_memory_scope_semantics : enable\n#extension GL_KHR_cooperative_matrix : enable\n#extension GL_EXT_shader_explicit_arithmetic_types : enable\n#extension GL_NV_cooperative_matrix2 : enable\n#extension GL_EXT_buffer_reference : enable\nlayout(local_size_x = 64) in;\nbuffer BufType { float16_t x[]; } Buf;\nlayout(buffer_reference, std430, buffer_reference_align = 2) buffer fp16Buf { float16_t f; };\n";

#[test]
fn nv2_tensor_layouts_and_decode_functions() {
    ok(&format!(
        "{NV2}float16_t decode(const in fp16Buf b, const in uint32_t c[2], const in uint32_t d[2]) {{ return b.f; }}\nvoid main() {{\ncoopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> A;\ntensorLayoutNV<2> t = createTensorLayoutNV(2);\nt = setTensorLayoutDimensionNV(t, 256, 512);\ntensorViewNV<2, false, 1, 0> v = createTensorViewNV(2, false, 1, 0);\ncoopMatLoadTensorNV(A, Buf.x, 0, t, v, decode);\ncoopMatStoreTensorNV(A, Buf.x, 0, t);\n}}\n"
    ));
    fails(
        &format!(
            "{NV2}float16_t decode(in fp16Buf b, const in uint32_t c[2], const in uint32_t d[2]) {{ return b.f; }}\nvoid main() {{\ncoopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseA> A;\ntensorLayoutNV<2> t = createTensorLayoutNV(2);\ncoopMatLoadTensorNV(A, Buf.x, 0, t, decode);\n}}\n"
        ),
        "the parameters of `decode`, passed to `coopMatLoadTensorNV`, must all be `const in`",
    );
    fails(
        &format!("{NV2}void main() {{ tensorLayoutNV<2> t = createTensorLayoutNV(3); }}\n"),
        "expected `tensorLayoutNV<2, 0>`, found `tensorLayoutNV<3, 0>`",
    );
}

#[test]
fn nv2_per_element_and_reduce() {
    let fns = "float16_t add(const in uint32_t r, const in uint32_t c, const in float16_t x, const in float16_t y) { return x + y; }\nfloat16_t sum(const in float16_t a, const in float16_t b) { return a + b; }\n";
    ok(&format!(
        "{NV2}{fns}void main() {{\ncoopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseAccumulator> A;\ncoopMatPerElementNV(A, A, add, float16_t(1.0));\ncoopMatReduceNV(A, A, gl_CooperativeMatrixReduceRowNV, sum);\n}}\n"
    ));
    fails(
        &format!(
            "{NV2}{fns}void main() {{\ncoopmat<float16_t, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseAccumulator> A;\ncoopMatPerElementNV(A, A, add);\n}}\n"
        ),
        "the element operation `add` takes 4 parameters; called by `coopMatPerElementNV` with 0 extra arguments it must take 3",
    );
    fails(
        &format!(
            "{NV2}{fns}void main() {{\ncoopmat<float, gl_ScopeWorkgroup, 64, 32, gl_MatrixUseAccumulator> A;\ncoopMatReduceNV(A, A, gl_CooperativeMatrixReduceRowNV, sum);\n}}\n"
        ),
        "the combine function `sum` must return the matrix component type `float`, found `float16_t`",
    );
}

// ---- cooperative vectors ----

const COOPVEC: &str = "#version 450\n#extension GL_NV_cooperative_vector : enable\n#extension GL_EXT_shader_explicit_arithmetic_types : enable\nlayout(local_size_x = 64) in;\nlayout(set = 0, binding = 0) buffer M { float16_t data[]; } mb;\n";

#[test]
fn coopvec_types_and_operators() {
    ok(&format!(
        "{COOPVEC}layout(constant_id = 0) const uint N = 3;\nvoid main() {{\ncoopvecNV<float, 5> v = coopvecNV<float, 5>(0.0);\nvec3 x = vec3(1.0);\ncoopvecNV<float, 5> v2 = coopvecNV<float, 5>(x, x);\nv = v + v2; v *= 2.0; v[4] = 1.0;\nint n = v.length();\ncoopvecNV<uint32_t, N> u = coopvecNV<uint32_t, N>(1);\nu *= 2; u = u & ~u;\nv = max(v, v2);\n}}\n"
    ));
    fails(
        &format!("{COOPVEC}void main() {{ coopvecNV<float, 5> v; v[5] = 0.0; }}\n"),
        "index 5 is out of range for `coopvecNV<float, 5>`",
    );
    fails(
        &format!("{COOPVEC}void main() {{ coopvecNV<float> v; }}\n"),
        "`coopvecNV<T, N>` takes 2 type parameters, 1 given",
    );
    fails(
        &format!("{COOPVEC}void main() {{ coopvecNV<float, 0> v; }}\n"),
        "the number of components of `coopvecNV` must be at least 1, found 0",
    );
    fails(
        &format!("{COOPVEC}void main() {{ coopvecNV<float, 5> v; v = sin(v); }}\n"),
        "`sin` does not take cooperative vectors",
    );
}

#[test]
fn coopvec_overloads_differ_by_length() {
    ok(&format!(
        "{COOPVEC}coopvecNV<float16_t, 1> foo(coopvecNV<float16_t, 1> x) {{ return x; }}\ncoopvecNV<float16_t, 2> foo(coopvecNV<float16_t, 2> x) {{ return x; }}\nvoid main() {{}}\n"
    ));
}

#[test]
fn coopvec_builtins() {
    ok(&format!(
        "{COOPVEC}shared float sh[16];\nvoid main() {{\ncoopvecNV<float, 20> v7; coopvecNV<float, 100> v8;\ncoopVecMatMulNV(v8, v7, gl_ComponentTypeFloat16NV, mb.data, 11, gl_ComponentTypeFloat16NV, 100, 20, gl_CooperativeVectorMatrixLayoutRowMajorNV, false, 300);\ncoopVecLoadNV(v7, sh, 0);\ncoopVecStoreNV(v7, mb.data, 16);\n}}\n"
    ));
    fails(
        &format!("{COOPVEC}void main() {{ float a[4]; coopvecNV<float, 4> v; coopVecStoreNV(v, a, 0); }}\n"),
        "the buffer argument of `coopVecStoreNV` must be in a buffer block or in `shared` memory; `a` is not",
    );
    fails(
        &format!(
            "{COOPVEC}void main() {{\nint interp = gl_ComponentTypeFloat16NV;\ncoopvecNV<float, 8> a, b;\ncoopVecMatMulNV(b, a, interp, mb.data, 11, gl_ComponentTypeFloat16NV, 8, 8, 0, false, 0);\n}}\n"
        ),
        "the argument `inputInterpretation` of `coopVecMatMulNV` must be a constant expression",
    );
    fails(
        &format!(
            "{COOPVEC}void main() {{ coopvecNV<float16_t, 8> a; coopvecNV<float, 5> b; coopVecOuterProductAccumulateNV(a, b, mb.data, 0, 0, 0, 0); }}\n"
        ),
        "the vectors of `coopVecOuterProductAccumulateNV` must have the same component type, found `float16_t` and `float`",
    );
}

// ---- long vectors ----

const LONG: &str = "#version 450\n#extension GL_EXT_long_vector : enable\n#extension GL_EXT_shader_explicit_arithmetic_types : enable\nlayout(local_size_x = 1) in;\nlayout(constant_id = 0) const uint32_t c0 = 4;\n";

fn long_main(body: &str) -> String {
    format!("{LONG}void main() {{\n{body}\n}}\n")
}

#[test]
fn long_vector_types() {
    ok(&long_main(
        "vector<float, 5> v = vector<float, 5>(0.0);\nvec3 x = vec3(1.0);\nvector<float, 5> v2 = vector<float, 5>(x, x);\nvector<float16_t, 5> h = vector<float16_t, 5>(v);\nfloat16_t f = float16_t(h);\nvector<float, c0> s = vector<float, c0>(1.0);\nvector<float16_t, 1> one;\nint n = v.length();",
    ));
    // Lengths 2 to 4 are the ordinary vector types.
    ok(&long_main("vec4 a; vector<float, 4> b = a; a = b;"));
    fails(&long_main("vector<void, 5> v;"), "found `void`");
    fails(
        &long_main("vector<float> v;"),
        "`vector<T, N>` takes 2 type parameters, 1 given",
    );
    fails(
        &long_main("vector<float, 5> a; vector<float, 6> b; a = b;"),
        "cannot assign: expected `vector<float, 5>`, found `vector<float, 6>`",
    );
    fails(
        &long_main("vector<float, 5> a = vector<float, 5>(vec2(1.0), vec2(2.0));"),
        "not enough components for `vector<float, 5>`: 5 needed, 4 given",
    );
}

#[test]
fn long_vector_indexing() {
    ok(&long_main(
        "const vector<float, 8> c = vector<float, 8>(1.5);\nfloat x = c[7];\nvector<float, c0> s; s[9] = 1.0;",
    ));
    fails(
        &long_main("const vector<float, 8> c = vector<float, 8>(1.5);\nfloat x = c[8];"),
        "index 8 is out of range for `vector<float, 8>`",
    );
    fails(
        &long_main("vector<float, 8> v; float x = v[-1];"),
        "index -1 is out of range",
    );
}

#[test]
fn long_vector_operators() {
    ok(&long_main(
        "vector<float, 5> f0, f1; float f;\nf0 = f0 + f1; f0 = f0 * f; f0 = -f0; f0 /= f;\nvector<uint32_t, 5> u0, u1; uint u;\nu0 = u0 % u1; u0 = u0 << u; u0 ^= u1; u0++;\nbool b = f0 == f1;\nf0 = b ? f0 : f1;",
    ));
    fails(
        &long_main("vector<float, 5> f0; vector<uint32_t, 5> u0; f0 + u0;"),
        "the operands must have the same component type and number of components",
    );
    fails(
        &long_main("vector<float, 5> f0; f0 % f0;"),
        "not defined for this component type",
    );
    fails(&long_main("vector<float, 5> f0; f0.x;"), "has no fields");
}

#[test]
fn long_vector_builtins() {
    ok(&long_main(
        "vector<float, 5> vf; float f; vector<bool, 5> vb; vector<int32_t, 5> vi; vector<uint32_t, 5> vu; int32_t i;\nvf = max(vf, vf); vf = max(vf, f); vf = clamp(vf, f, f); vf = mix(vf, vf, vb);\nvf = smoothstep(f, f, vf); f = dot(vf, vf); vb = lessThan(vf, vf); bool b = any(vb);\nvf = frexp(vf, vi); vu = bitfieldExtract(vu, i, i); vi = bitCount(vu);",
    ));
    // The integer functions work at every integer width.
    ok(&long_main(
        "vector<uint16_t, 5> vu; vector<int16_t, 5> vi; int16_t i;\nvu = uaddCarry(vu, vu, vu); vi = bitCount(vu); vu = bitfieldExtract(vu, i, i);",
    ));
    fails(
        &long_main("vector<float, 5> vf; vector<uint32_t, 5> vu; vf = max(vf, vu);"),
        "no overload of `max` takes (`vector<float, 5>`, `vector<uint, 5>`)",
    );
    fails(
        &long_main("vector<uint32_t, 5> vu; int i; vu = max(vu, i);"),
        "no overload of `max`",
    );
    fails(
        &long_main("vector<uint32_t, 5> vu; vu = max(vu, vector<uint32_t, 6>(0));"),
        "no overload of `max`",
    );
    fails(
        &long_main("vector<uint32_t, 5> vu; vector<uint32_t, c0> vc; vu = max(vu, vc);"),
        "no overload of `max`",
    );
    fails(
        &long_main("vector<float64_t, 5> vd; vd = sin(vd);"),
        "no overload of `sin`",
    );
}

// ---- tensors ----

const TENSOR: &str = "#version 460\n#extension GL_ARM_tensors : enable\n#extension GL_EXT_shader_explicit_arithmetic_types : enable\nlayout(local_size_x = 1) in;\n";

fn tensor(body: &str) -> String {
    format!("{TENSOR}{body}")
}

#[test]
fn tensor_declarations() {
    ok(&tensor(
        "layout(set = 0, binding = 0) uniform tensorARM<int32_t, 4> t;\nreadonly layout(set = 0, binding = 1) uniform tensorARM<float, 2> r;\nuint f(tensorARM<int32_t, 4> p) { return tensorSizeARM(p, 3); }\nvoid main() { uint n = f(t); }\n",
    ));
    fails(
        &tensor("uniform tensorARM t;\nvoid main() {}\n"),
        "`tensorARM` is a tensor type and needs its type parameters: `tensorARM<T, rank>`",
    );
    fails(
        &tensor("uniform tensorARM<int, 0> t;\nvoid main() {}\n"),
        "the rank of `tensorARM` must be at least 1, found 0",
    );
    fails(
        &tensor("uniform tensorARM<int, 1, 2> t;\nvoid main() {}\n"),
        "`tensorARM<T, rank>` takes 2 type parameters, 3 given",
    );
    fails(
        &tensor("tensorARM<int, 2> t;\nvoid main() {}\n"),
        "must be `uniform`",
    );
    fails(
        &tensor("#extension GL_EXT_bfloat16 : enable\nuniform tensorARM<bfloat16_t, 1> t;\nvoid main() {}\n"),
        "needs GL_ARM_tensors_bfloat16",
    );
}

#[test]
fn tensor_size() {
    fails(
        &tensor("uniform tensorARM<int, 2> t;\nvoid main() { uint s = tensorSizeARM(t, 2); }\n"),
        "dimension 2 is out of range for `tensorARM<int, 2>`",
    );
    fails(
        &tensor("uniform tensorARM<int, 2> t;\nshared uint p;\nvoid main() { uint s = tensorSizeARM(t, p); }\n"),
        "the dimension argument of `tensorSizeARM` must be a constant expression",
    );
}

#[test]
fn tensor_read_write() {
    ok(&tensor(
        "uniform tensorARM<int, 2> t;\nvoid main() {\nint d; int arr[3];\ntensorReadARM(t, uint[](0, 0), d, gl_TensorOperandsOutOfBoundsValueARM, 7);\ntensorReadARM(t, uint[](1, 2), arr);\ntensorWriteARM(t, uint[](0, 0), d, gl_TensorOperandsNonTemporalARM);\n}\n",
    ));
    fails(
        &tensor("uniform tensorARM<int, 1> t;\nvoid main() { int i; tensorWriteARM(t, uint[](0, 0), i); }\n"),
        "the number of coordinates of `tensorWriteARM` must match the tensor rank: `tensorARM<int, 1>` needs a `uint[1]`, found `uint[2]`",
    );
    fails(
        &tensor("uniform tensorARM<int, 1> t;\nvoid main() { uint u; tensorReadARM(t, uint[](0), u); }\n"),
        "the data argument of `tensorReadARM` must be `int` or an array of it (the component type of `tensorARM<int, 1>`), found `uint`",
    );
    fails(
        &tensor("uniform tensorARM<int, 1> t;\nvoid main() { int i; tensorWriteARM(t, uint[](1), i, gl_TensorOperandsOutOfBoundsValueARM, 14); }\n"),
        "is valid only with `tensorReadARM`",
    );
    fails(
        &tensor("uniform tensorARM<int, 1> t;\nvoid main() { int i; tensorReadARM(t, uint[](1), i, gl_TensorOperandsOutOfBoundsValueARM); }\n"),
        "expects the out-of-bounds value as the next argument",
    );
    fails(
        &tensor("uniform tensorARM<int, 1> t;\nvoid main() { int i; tensorReadARM(t, uint[](1), i, gl_TensorOperandsOutOfBoundsValueARM, 3u); }\n"),
        "the out-of-bounds value must have the tensor component type `int`, found `uint`",
    );
    fails(
        &tensor("uniform tensorARM<int, 2> t;\nvoid main() { int r; uint ops = gl_TensorOperandsNonTemporalARM; tensorReadARM(t, uint[](0, 0), r, ops); }\n"),
        "the tensor operands of `tensorReadARM` must be a constant integer expression",
    );
    fails(
        &tensor("readonly uniform tensorARM<int, 1> t;\nvoid main() { int i; tensorWriteARM(t, uint[](0), i); }\n"),
        "`tensorWriteARM` cannot write the tensor `t`: it is `readonly`",
    );
}

#[test]
fn extensions_are_required() {
    fails(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(set = 0, binding = 0) buffer B { float x[]; } b;\nvoid main() { coopVecLoadNV(b.x[0], b.x, 0); }\n",
        "`coopVecLoadNV` needs GL_NV_cooperative_vector",
    );
}

/// `coopMatStore` writes its buffer: a `writeonly` buffer is fine (piglit's
/// `cmat-uniform-ctor`), a `readonly` one is an error; `coopMatLoad` reads it.
#[test]
fn coopmat_store_writes_its_buffer() {
    let src = |q: &str, call: &str| {
        format!(
            "#version 450\n#extension GL_KHR_cooperative_matrix : require\n\
             #extension GL_KHR_memory_scope_semantics : require\n\
             layout(local_size_x = 32) in;\n\
             layout(binding = 1) {q} buffer R {{ float r[]; }};\n\
             void main() {{\n\
             coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> acc =\n\
             coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(1.0);\n\
             {call}(acc, r, 0, 16, gl_CooperativeMatrixLayoutRowMajor);\n}}\n"
        )
    };
    ok(&src("writeonly", "coopMatStore"));
    fails(&src("readonly", "coopMatStore"), "is `readonly`");
    fails(&src("writeonly", "coopMatLoad"), "cannot be read");
    ok(&src("readonly", "coopMatLoad"));
}

// ---- OCP microscaling vectors (GL_EXT_float_e2m1 / e2m3 / e3m2 / ue8m0 / mxint8) ----

fn ocp_main(body: &str) -> String {
    format!(
        "#version 450\n#extension GL_EXT_float_e2m1 : require\n#extension GL_EXT_float_e2m3 : require\n\
         #extension GL_EXT_float_e3m2 : require\n#extension GL_EXT_float_ue8m0 : require\n\
         #extension GL_EXT_float_mxint8 : require\n\
         #extension GL_EXT_shader_explicit_arithmetic_types : require\n\
         layout(local_size_x = 1) in;\nlayout(set = 0, binding = 0) buffer B {{ float o; int k; }};\n\
         void main() {{\n{body}\n}}\n"
    )
}

/// The typed HIR of a shader that must check without errors.
#[track_caller]
fn ocp_hir(body: &str) -> String {
    let src = ocp_main(body);
    ok(&src);
    let opts = fresnel::Options {
        stage: Some(Stage::Compute),
        target: VK11,
        ..Default::default()
    };
    let run = fresnel::check(
        fresnel::SourceInput::new("t.comp", &src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    run.hir_text().expect("a checked module")
}

/// The microscaling vectors are kept opaque by the checker (named types, not
/// `Type::Vector`): their swizzles and indexing used to become `<error>` nodes with no
/// diagnostic (which the lowering then refused as "an erroneous expression"). They are
/// typed as the other vectors' are.
#[test]
fn ocp_vector_swizzles_and_indexing_are_typed() {
    let hir = ocp_hir(
        "fe2m1vec4 v = fe2m1vec4(1.0, 2.0, 3.0, 0.5);\n\
         floate2m1_t a = v.y;\n\
         fe2m1vec2 s2 = v.xz;\n\
         fe2m1vec3 s3 = v.wzy;\n\
         floate2m1_t d = v[k];\n\
         floate2m1_t c = v[3];\n\
         v.x = a; v.zw = s2; v[k] = d;\n\
         fe2m3vec3 e = fe2m3vec3(1.0); floate2m3_t e0 = e.z;\n\
         fe3m2vec2 f = fe3m2vec2(1.0); fe3m2vec4 f4 = f.xyxy;\n\
         fue8m0vec4 g = fue8m0vec4(1.0); floatue8m0_t g0 = g[k];\n\
         fmxint8vec2 h = fmxint8vec2(1.0); floatmxint8_t h0 = h.g;\n\
         fe2m1vec2 sa = a.xx;\n\
         int n = v.length() + e.length();\n\
         o = float(a) + float(v[2]) + float(n);",
    );
    assert!(!hir.contains("<error>"), "{hir}");
    for want in [
        "swizzle .y : floate2m1_t",
        "swizzle .xz : fe2m1vec2",
        "swizzle .wzy : fe2m1vec3",
        "index : floate2m1_t",
        "swizzle .z : floate2m3_t",
        "swizzle .xyxy : fe3m2vec4",
        "index : floatue8m0_t",
        "swizzle .y : floatmxint8_t",
        "swizzle .xx : fe2m1vec2",
        "const 7 : int",
    ] {
        assert!(hir.contains(want), "{want:?} not in\n{hir}");
    }
}

#[test]
fn ocp_vector_swizzle_and_index_errors() {
    let v = "fe2m1vec3 v = fe2m1vec3(1.0); floate2m1_t a = v.x;\n";
    fails(
        &ocp_main(&format!("{v}floate2m1_t b = v.w;")),
        "component `w` needs a vector of at least 4 components, found a 3-component vector",
    );
    fails(
        &ocp_main(&format!("{v}floate2m1_t b = v[3];")),
        "index 3 is out of range for `fe2m1vec3`",
    );
    fails(
        &ocp_main(&format!("{v}floate2m1_t b = a[0];")),
        "`floate2m1_t` cannot be indexed",
    );
    fails(
        &ocp_main(&format!("{v}floate2m1_t b = v[1.0];")),
        "an index must be an integer scalar, found `float`",
    );
    fails(
        &ocp_main(&format!("{v}fe2m1vec2 b = v.xr;")),
        "mixes component sets",
    );
    // Two microscaling types that differ (component count or format) do not convert.
    fails(
        &ocp_main(&format!("{v}fe2m1vec3 b = v.xy;")),
        "expected `fe2m1vec3`, found `fe2m1vec2`",
    );
    fails(
        &ocp_main(&format!("{v}fe2m3vec3 b = v;")),
        "expected `fe2m3vec3`, found `fe2m1vec3`",
    );
    fails(
        &ocp_main(&format!("{v}v.xy = v;")),
        "expected `fe2m1vec2`, found `fe2m1vec3`",
    );
}
