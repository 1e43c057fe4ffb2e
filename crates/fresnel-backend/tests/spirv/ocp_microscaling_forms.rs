//! The OCP microscaling formats (GL_EXT_float_e2m1, e2m3, e3m2, ue8m0, mxint8) as
//! SPV_EXT_ocp_microscaling_types: `OpTypeFloat <bits> <encoding>` with its capability,
//! constructors of constants folded to `OpConstant`s of the format's bit pattern,
//! conversions only *from* the formats (`OpFConvert`, to integers through `float`),
//! packing as `OpBitcast`, `bitcastExtract*EXT` as `OpBitcastExtractEXT`, long vectors
//! under SPV_EXT_long_vector, and the formats inside structures, arrays and function
//! signatures. No validator here knows the extension: the module is read word by word (and
//! through the crate's disassembler).

use fresnel::{Stage, TargetEnv};
use fresnel_backend::spirv;

use crate::support::{self, capabilities, has_extension, instructions};

const OP_TYPE_FLOAT: u16 = 22;
const OP_TYPE_VECTOR: u16 = 23;
const OP_TYPE_ARRAY: u16 = 28;
const OP_TYPE_STRUCT: u16 = 30;
const OP_TYPE_POINTER: u16 = 32;
const OP_TYPE_FUNCTION: u16 = 33;
const OP_CONSTANT: u16 = 43;
const OP_CONVERT_F_TO_S: u16 = 110;
const OP_F_CONVERT: u16 = 115;
const OP_BITCAST: u16 = 124;
const OP_F_UNORD_NOT_EQUAL: u16 = 183;
const OP_BITCAST_EXTRACT: u16 = 4195;

const CAP_FLOAT6: u32 = 4228;
const CAP_FLOAT4: u32 = 4229;
const CAP_UE8M0: u32 = 4230;
const CAP_MXINT8: u32 = 4231;
const CAP_BITCAST_EXTRACT: u32 = 4232;
const CAP_LONG_VECTOR: u32 = 5425;

const ENC_E2M3: u32 = 4223;
const ENC_E3M2: u32 = 4224;
const ENC_E2M1: u32 = 4225;
const ENC_UE8M0: u32 = 4226;
const ENC_MXINT8: u32 = 4227;

/// The shader compiled for Vulkan 1.3 at -O0 and at -O.
fn compile_both(src: &str) -> [Vec<u32>; 2] {
    [false, true].map(|optimize| {
        support::try_compile(
            Stage::Compute,
            TargetEnv::Vulkan { minor: 3 },
            src,
            optimize,
        )
        .unwrap_or_else(|e| panic!("not written (optimize {optimize}): {e}"))
    })
}

/// The id of `OpTypeFloat` with exactly these operands.
fn float_type(words: &[u32], operands: &[u32]) -> Option<u32> {
    instructions(words)
        .into_iter()
        .find(|(op, ops)| *op == OP_TYPE_FLOAT && ops[1..] == *operands)
        .map(|(_, ops)| ops[0])
}

/// The literal words of the `OpConstant`s of type `ty`.
fn constants(words: &[u32], ty: u32) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(op, ops)| *op == OP_CONSTANT && ops[0] == ty)
        .map(|(_, ops)| ops[2])
        .collect()
}

/// Whether some instruction `op` has result type `ty`.
fn has_result(words: &[u32], op: u16, ty: u32) -> bool {
    instructions(words)
        .iter()
        .any(|(o, ops)| *o == op && ops.first() == Some(&ty))
}

/// The result types of the instructions `op`.
fn result_types(words: &[u32], op: u16) -> Vec<u32> {
    instructions(words)
        .into_iter()
        .filter(|(o, _)| *o == op)
        .map(|(_, ops)| ops[0])
        .collect()
}

/// The id of `OpTypeVector elem n`.
fn vector_type(words: &[u32], elem: u32, n: u32) -> Option<u32> {
    instructions(words)
        .into_iter()
        .find(|(op, ops)| *op == OP_TYPE_VECTOR && ops[1] == elem && ops[2] == n)
        .map(|(_, ops)| ops[0])
}

const E2M1: &str = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_long_vector : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f[4]; uint8_t p8; uint16_t p16; uint u32; uvec2 u64; vec2 v; } buf;
const floate2m1_t big = 10.0fe2m1;
struct S { floate2m1_t a; fe2m1vec2 b; };
floate2m1_t pass(floate2m1_t x) { return x; }
void main() {
    floate2m1_t h = 0.5fe2m1;
    floate2m1_t one = floate2m1_t(1.0);
    floate2m1_t neg = floate2m1_t(-3.0);
    fe2m1vec2 v2 = fe2m1vec2(big, h);
    S s = S(pass(one), v2);
    floate2m1_t arr[2] = floate2m1_t[2](big, neg);
    buf.f[0] = float(pass(s.a));
    buf.f[1] = float(arr[1]);
    buf.v = vec2(s.b);
    buf.p8 = packFloat2xfe2m1EXT(v2);
    fe2m1vec4 v4 = unpackFloat4xfe2m1EXT(buf.p16);
    buf.p16 = packFloat4xfe2m1EXT(v4);
    vector<floate2m1_t, 8> v8 = unpackFloat8xfe2m1EXT(buf.u32);
    buf.u32 = packFloat8xfe2m1EXT(v8);
    vector<floate2m1_t, 16> v16 = unpackFloat16xfe2m1EXT(buf.u64);
    buf.u64 = packFloat16xfe2m1EXT(v16);
    buf.v = vec2(float(one), float(fe2m1vec4(v4)));
}
";

#[test]
fn e2m1_scalars_vectors_aggregates_and_functions() {
    for words in compile_both(E2M1) {
        let caps = capabilities(&words);
        for cap in [CAP_FLOAT4, CAP_LONG_VECTOR] {
            assert!(caps.contains(&cap), "capability {cap} missing: {caps:?}");
        }
        assert!(!caps.contains(&CAP_BITCAST_EXTRACT));
        for ext in ["SPV_EXT_ocp_microscaling_types", "SPV_EXT_long_vector"] {
            assert!(has_extension(&words, ext), "{ext} missing");
        }
        // (SPV_EXT_float8, which the extension requires of an implementation, is declared
        // only for the float8 types, as glslang does.)
        assert!(!has_extension(&words, "SPV_EXT_float8"));
        let e2m1 = float_type(&words, &[4, ENC_E2M1]).expect("OpTypeFloat 4 Float4E2M1EXT");
        let f32_t = float_type(&words, &[32]).expect("float");
        // Constructors of constants are the patterns: 10.0 saturates to 6.0 (0b0111), 0.5
        // is the subnormal 0b0001, 1.0 is 0b0010, -3.0 is 0b1101. None converted at run
        // time: nothing converts to the format.
        let c = constants(&words, e2m1);
        for want in [7, 1, 2, 0b1101] {
            assert!(c.contains(&want), "{want} not among {c:?}");
        }
        assert!(c.iter().all(|&p| p < 16), "{c:?}");
        assert!(!has_result(&words, OP_F_CONVERT, e2m1));
        // Conversions from it.
        assert!(has_result(&words, OP_F_CONVERT, f32_t));
        // Vectors (2, 4) and long vectors (8, 16) of it, bit casts to and from integers of
        // the same size.
        let v2 = vector_type(&words, e2m1, 2).expect("fe2m1vec2");
        let v4 = vector_type(&words, e2m1, 4).expect("fe2m1vec4");
        let v8 = vector_type(&words, e2m1, 8).expect("vector<floate2m1_t, 8>");
        let v16 = vector_type(&words, e2m1, 16).expect("vector<floate2m1_t, 16>");
        let casts = result_types(&words, OP_BITCAST);
        for t in [v4, v8, v16] {
            assert!(casts.contains(&t), "no OpBitcast to {t}: {casts:?}");
        }
        assert!(casts.len() >= 7, "{casts:?}");
        // A structure and an array of it.
        let ins = instructions(&words);
        assert!(ins
            .iter()
            .any(|(op, ops)| *op == OP_TYPE_STRUCT && ops[1..] == [e2m1, v2]));
        assert!(ins
            .iter()
            .any(|(op, ops)| *op == OP_TYPE_ARRAY && ops[1] == e2m1));
    }
    // `pass` takes and returns an opaque value: the lowering inlines it (no function type
    // of the format), its parameter and result locals of the format.
    let words = &compile_both(E2M1)[0];
    let e2m1 = float_type(words, &[4, ENC_E2M1]).expect("e2m1");
    assert!(!instructions(words)
        .iter()
        .any(|(op, ops)| *op == OP_TYPE_FUNCTION && ops[1] == e2m1));
    // The disassembler names the new enumerants.
    let text = spirv::disassemble(words).expect("disassembles");
    for want in ["OpCapability Float4EXT", "OpTypeFloat 4 Float4E2M1EXT"] {
        assert!(text.contains(want), "{want} not in\n{text}");
    }
    // Constants of the format print as their patterns.
    assert!(
        text.lines()
            .any(|l| l.contains("OpConstant") && l.trim_end().ends_with(" 7")),
        "{text}"
    );
}

const SIX_AND_EIGHT: &str = "#version 450
#extension GL_EXT_float_ue8m0 : require
#extension GL_EXT_float_mxint8 : require
#extension GL_EXT_float_e3m2 : require
#extension GL_EXT_float_e2m3 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_long_vector : enable
#extension GL_EXT_scalar_block_layout : enable
layout(local_size_x = 1) in;
layout(scalar, binding = 0) buffer B { fue8m0vec2 s; floatmxint8_t m; float f[6]; int i; uint8_t u; u8vec3 p; u16vec3 q; } buf;
shared floatue8m0_t sh[4];
void main() {
    floatue8m0_t one = floatue8m0_t(1.0);
    fue8m0vec3 v3 = fue8m0vec3(buf.s, one);
    sh[0] = one;
    buf.f[0] = float(sh[0]);
    buf.i = int(buf.m);
    buf.u = floatue8m0BitsToUintEXT(one);
    buf.m = intBitsToFloatmxint8EXT(int8_t(-3));
    vector<floatmxint8_t, 5> l5 = vector<floatmxint8_t, 5>(buf.m, buf.m, buf.m, buf.m, buf.m);
    vector<int8_t, 5> b5 = floatmxint8BitsToIntEXT(l5);
    buf.f[1] = float(floatmxint8_t(-0.75));
    fe3m2vec4 q = unpackFloat4xfe3m2EXT(buf.p);
    buf.p = packFloat4xfe3m2EXT(q);
    vector<floate2m3_t, 8> r = unpackFloat8xfe2m3EXT(buf.q);
    buf.q = packFloat8xfe2m3EXT(r);
    buf.f[2] = float(floate2m3_t(7.5));
    buf.f[3] = float(floate3m2_t(100.0));
    buf.f[4] = bool(one) ? 1.0 : 0.0;
}
";

#[test]
fn six_and_eight_bit_formats() {
    for words in compile_both(SIX_AND_EIGHT) {
        let caps = capabilities(&words);
        for cap in [CAP_FLOAT6, CAP_UE8M0, CAP_MXINT8, CAP_LONG_VECTOR] {
            assert!(caps.contains(&cap), "capability {cap} missing: {caps:?}");
        }
        // No sub-byte extraction here.
        assert!(!caps.contains(&CAP_FLOAT4) && !caps.contains(&CAP_BITCAST_EXTRACT));
        assert!(has_extension(&words, "SPV_EXT_ocp_microscaling_types"));
        let ue8m0 = float_type(&words, &[8, ENC_UE8M0]).expect("OpTypeFloat 8 E8M0");
        let mx = float_type(&words, &[8, ENC_MXINT8]).expect("OpTypeFloat 8 MXInt8EXT");
        let e3m2 = float_type(&words, &[6, ENC_E3M2]).expect("OpTypeFloat 6 E3M2");
        let e2m3 = float_type(&words, &[6, ENC_E2M3]).expect("OpTypeFloat 6 E2M3");
        let i32_t = instructions(&words)
            .into_iter()
            .find(|(op, ops)| *op == 21 && ops[1..] == [32, 1])
            .map(|(_, ops)| ops[0])
            .expect("int");
        // 1.0 is 2^0 = 127 in E8M0; -0.75 is -48/64 = 0xd0 in MXINT8; 7.5, the largest
        // E2M3 value, is 0b011111; 100 saturates to E3M2's largest, 28 = 0b011111.
        assert!(constants(&words, ue8m0).contains(&127));
        assert!(
            constants(&words, mx).contains(&0xd0),
            "{:?}",
            constants(&words, mx)
        );
        assert!(constants(&words, e2m3).contains(&31));
        assert!(constants(&words, e3m2).contains(&31));
        // `int(m)`: through `float` (the extension converts to floats only).
        assert!(has_result(&words, OP_CONVERT_F_TO_S, i32_t));
        assert!(!has_result(&words, OP_F_CONVERT, mx) && !has_result(&words, OP_F_CONVERT, ue8m0));
        // `bool(x)`: compared with 0 as a float.
        assert!(instructions(&words)
            .iter()
            .any(|(op, _)| *op == OP_F_UNORD_NOT_EQUAL));
        // The long vector of MXINT8 and its bit casts.
        let l5 = vector_type(&words, mx, 5).expect("vector<floatmxint8_t, 5>");
        assert!(instructions(&words)
            .iter()
            .any(|(op, ops)| *op == OP_BITCAST && ops.len() == 3 && ops[0] != l5));
        let e3m2v4 = vector_type(&words, e3m2, 4).expect("fe3m2vec4");
        let e2m3v8 = vector_type(&words, e2m3, 8).expect("vector<floate2m3_t, 8>");
        let casts = result_types(&words, OP_BITCAST);
        assert!(
            casts.contains(&e3m2v4) && casts.contains(&e2m3v8),
            "{casts:?}"
        );
    }
}

/// Each constant rounded to nearest (ties to even) and saturated by its format's rules.
#[test]
fn constant_patterns_follow_each_format() {
    let src = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_float_e3m2 : require
#extension GL_EXT_float_ue8m0 : require
#extension GL_EXT_float_mxint8 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f[16]; } buf;
void main() {
    buf.f[0] = float(floate2m1_t(0.75));
    buf.f[1] = float(floate2m1_t(5.0));
    buf.f[2] = float(floate2m1_t(-100.0));
    buf.f[3] = float(floate3m2_t(0.0625));
    buf.f[4] = float(floate3m2_t(26.0));
    buf.f[5] = float(floatue8m0_t(3.0));
    buf.f[6] = float(floatue8m0_t(-1.0));
    buf.f[7] = float(floatue8m0_t(1.0 / 0.0));
    buf.f[8] = float(floatmxint8_t(3.0 / 128.0));
    buf.f[9] = float(floatmxint8_t(-5.0));
}
";
    let words = support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 3 }, src, false)
        .unwrap_or_else(|e| panic!("{e}"));
    check_patterns(&words);
}

fn check_patterns(words: &[u32]) {
    let sorted = |mut v: Vec<u32>| {
        v.sort_unstable();
        v.dedup();
        v
    };
    let e2m1 = float_type(words, &[4, ENC_E2M1]).expect("e2m1");
    let e3m2 = float_type(words, &[6, ENC_E3M2]).expect("e3m2");
    let ue8m0 = float_type(words, &[8, ENC_UE8M0]).expect("ue8m0");
    let mx = float_type(words, &[8, ENC_MXINT8]).expect("mxint8");
    // e2m1: 0.75 -> 1.0 (a tie, to the even 0b0010), 5 -> 4 (a tie, 0b0110), -100 -> -6.
    let e = sorted(constants(words, e2m1));
    for want in [0b0010, 0b0110, 0b1111] {
        assert!(e.contains(&want), "e2m1 {want:#06b} not among {e:?}");
    }
    // e3m2: 0.0625 is the smallest subnormal; 26 is a tie between 24 and 28 (to 24).
    let e = sorted(constants(words, e3m2));
    // (Patterns sign.exponent.mantissa 0.000.01 and 0.111.10.)
    assert_eq!(e, vec![1, 30], "e3m2");
    // E8M0: 3 is a tie between 2 and 4 (to the even pattern 128), -1 -> 2^-127 (0),
    // infinity -> NaN (255).
    let e = sorted(constants(words, ue8m0));
    assert_eq!(e, vec![0, 128, 255], "ue8m0");
    // MXINT8: 3/128 is a tie between 1/64 and 2/64 (to 2), -5 saturates to -127 (0x81).
    let e = sorted(constants(words, mx));
    assert_eq!(e, vec![2, 0x81], "mxint8");
}

/// Arithmetic on the formats has no SPIR-V form: refused naming the operation.
#[test]
fn arithmetic_on_microscaling_formats_is_refused() {
    let src = "#version 450
#extension GL_EXT_float_ue8m0 : require
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f; } buf;
void main() { floatue8m0_t a = floatue8m0_t(2.0); floatue8m0_t b = a * a; buf.f = float(b); }
";
    for optimize in [false, true] {
        let e = support::try_compile(
            Stage::Compute,
            TargetEnv::Vulkan { minor: 3 },
            src,
            optimize,
        )
        .expect_err("ue8m0 arithmetic written");
        assert!(
            e.contains("op_mul") && e.contains("floatue8m0_t") && e.contains("GL_EXT_float_ue8m0"),
            "{e}"
        );
    }
}

/// Global constants of a vector, structure and array of a format (which the checker does
/// not fold): their initializers evaluated where they are read.
#[test]
fn global_constants_of_aggregates() {
    let src = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { float f[4]; } buf;
const floate2m1_t c = 10.fe2m1;
const fe2m1vec2 v2 = fe2m1vec2(c, 0.5fe2m1);
struct S { floate2m1_t b; };
const S s = S(c);
const floate2m1_t a[2] = { c, c };
void main() {
    S t = s;
    fe2m1vec2 v = v2;
    floate2m1_t u[2] = a;
    buf.f[0] = float(t.b);
    buf.f[1] = float(u[1]);
    vec2 w = vec2(v);
    buf.f[2] = w.y;
}
";
    for words in compile_both(src) {
        let e2m1 = float_type(&words, &[4, ENC_E2M1]).expect("e2m1");
        let c = constants(&words, e2m1);
        assert!(c.contains(&7) && c.contains(&1), "{c:?}");
        assert!(!has_result(&words, OP_F_CONVERT, e2m1));
        let f32_t = float_type(&words, &[32]).expect("float");
        assert!(has_result(&words, OP_F_CONVERT, f32_t));
    }
}

/// A constant folded from the one store into its typed temporary, even when the lowering
/// left removed stores behind (`uint8_t p = ...;` with `p` never read: its store is gone).
#[test]
fn constants_fold_from_live_stores_only() {
    let src = "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
void main() { uint8_t p = packFloat2xfe2m1EXT(fe2m1vec2(1.0fe2m1)); }
";
    let words = support::try_compile(Stage::Compute, TargetEnv::Vulkan { minor: 3 }, src, false)
        .unwrap_or_else(|e| panic!("{e}"));
    let e2m1 = float_type(&words, &[4, ENC_E2M1]).expect("e2m1");
    assert_eq!(constants(&words, e2m1), vec![2]);
}

/// Misused microscaling built-ins (the checker types them loosely) are refused by name.
#[test]
fn misused_builtins_are_refused() {
    for (body, want) in [
        (
            "floate2m1_t e = bitcastExtractfe2m1EXT(1.0, 2); buf.f = float(e);",
            "not an integer",
        ),
        (
            "fe2m1vec4 v = unpackFloat4xfe2m1EXT(uint8_t(buf.f)); buf.f = float(fe2m1vec2(v));",
            "different sizes",
        ),
        (
            "floate2m1_t e = floate2m1_t(buf.f); buf.f = float(e);",
            "not known at compile time",
        ),
    ] {
        let src = format!(
            "#version 450
#extension GL_EXT_float_e2m1 : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B {{ float f; }} buf;
void main() {{ {body} }}
"
        );
        for optimize in [false, true] {
            let e = support::try_compile(
                Stage::Compute,
                TargetEnv::Vulkan { minor: 3 },
                &src,
                optimize,
            )
            .expect_err(body);
            assert!(e.contains(want), "{body}: {e}");
        }
    }
}

/// `bitcastExtract*EXT` is `OpBitcastExtractEXT` (Base, then Offset) with its capability, for
/// scalars, vectors and long vectors of the 4- and 6-bit formats.
#[test]
fn bitcast_extract_is_op_bitcast_extract() {
    for (ext, fmt, bits, enc, cap) in [
        ("e2m1", "fe2m1", 4, ENC_E2M1, CAP_FLOAT4),
        ("e2m3", "fe2m3", 6, ENC_E2M3, CAP_FLOAT6),
        ("e3m2", "fe3m2", 6, ENC_E3M2, CAP_FLOAT6),
    ] {
        for (decl, comps) in [
            (format!("float{ext}_t"), 1u32),
            (format!("{fmt}vec4"), 4),
            (format!("vector<float{ext}_t, 7>"), 7),
        ] {
            let base = match comps {
                1 => "uint8_t(buf.u)".to_string(),
                4 => "u8vec4(buf.u)".to_string(),
                _ => "vector<uint8_t, 7>(uint8_t(buf.u))".to_string(),
            };
            let src = format!(
                "#version 450
#extension GL_EXT_float_{ext} : require
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_long_vector : enable
layout(local_size_x = 1) in;
layout(binding = 0) buffer B {{ uint u; float f; }} buf;
void main() {{ {decl} e = bitcastExtract{fmt}EXT({base}, 2); {read} }}
",
                read = match comps {
                    1 => "buf.f = float(e);",
                    4 => "buf.f = vec4(e).w;",
                    _ => "vector<float, 7> g = vector<float, 7>(e); buf.f = g[6];",
                }
            );
            for words in compile_both(&src) {
                let caps = capabilities(&words);
                assert!(
                    caps.contains(&CAP_BITCAST_EXTRACT) && caps.contains(&cap),
                    "{decl}: {caps:?}"
                );
                let elem = float_type(&words, &[bits, enc]).expect("the format's type");
                let want = if comps == 1 {
                    elem
                } else {
                    instructions(&words)
                        .into_iter()
                        .find(|(op, ops)| {
                            *op == OP_TYPE_VECTOR && ops[1] == elem && ops[2] == comps
                        })
                        .map(|(_, ops)| ops[0])
                        .expect("the vector type")
                };
                let extracts: Vec<_> = instructions(&words)
                    .into_iter()
                    .filter(|(op, _)| *op == OP_BITCAST_EXTRACT)
                    .collect();
                assert_eq!(extracts.len(), 1, "{decl}");
                // Result type, result, Base, Offset.
                assert_eq!(extracts[0].1.len(), 4, "{decl}");
                assert_eq!(extracts[0].1[0], want, "{decl}");
                let text = spirv::disassemble(&words).expect("disassembles");
                assert!(text.contains("OpBitcastExtractEXT"), "{text}");
            }
        }
    }
}

/// Swizzles and indexing of the microscaling vectors, for every format: reads (`.y`,
/// `.xz`, `.wzy`, `[k]`, `[3]`), writes (`.x =`, `.zw =`, `[k] =`), a scalar swizzled
/// (`a.xx`), `.length()`, and a long vector of the format indexed. The checker used to type
/// the vector forms `<error>` with no diagnostic, and the lowering refused the shader ("an
/// erroneous expression").
#[test]
fn vector_swizzles_and_indexing_in_every_format() {
    const OP_VECTOR_SHUFFLE: u16 = 79;
    const OP_COMPOSITE_CONSTRUCT: u16 = 80;
    const OP_COMPOSITE_EXTRACT: u16 = 81;
    const OP_COMPOSITE_INSERT: u16 = 82;
    const OP_ACCESS_CHAIN: u16 = 65;
    const OP_CONVERT_S_TO_F: u16 = 111;
    const OP_CONVERT_U_TO_F: u16 = 112;
    for (f, bits, enc) in [
        ("e2m1", 4, ENC_E2M1),
        ("e2m3", 6, ENC_E2M3),
        ("e3m2", 6, ENC_E3M2),
        ("ue8m0", 8, ENC_UE8M0),
        ("mxint8", 8, ENC_MXINT8),
    ] {
        let src = format!(
            "#version 450
#extension GL_EXT_float_{f} : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_long_vector : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B {{ float o; int k; }};
void main() {{
    f{f}vec4 v = f{f}vec4(1.0, 2.0, 4.0, 0.5);
    vector<float{f}_t, 7> l7 = vector<float{f}_t, 7>(1.0);
    l7[k] = v.w;
    l7[2] = l7[k + 1];
    float{f}_t a = v.y;
    f{f}vec2 s2 = v.xz;
    f{f}vec3 s3 = v.wzy;
    float{f}_t d = v[k];
    float{f}_t c = v[3];
    v.x = a;
    v.zw = s2;
    v[k] = d;
    f{f}vec2 sa = a.xx;
    o = float(a) + float(s2.y) + float(s3.z) + float(d) + float(c) + float(v[2]) + float(sa.y)
        + float(v.length()) + float(l7[2]);
}}
"
        );
        for words in compile_both(&src) {
            let e = float_type(&words, &[bits, enc]).unwrap_or_else(|| panic!("{f}"));
            let v2 = vector_type(&words, e, 2).expect("vec2");
            let v3 = vector_type(&words, e, 3).expect("vec3");
            let v4 = vector_type(&words, e, 4).expect("vec4");
            // A long vector of the format, indexed.
            assert!(vector_type(&words, e, 7).is_some(), "{f}: vector<T, 7>");
            let shuffles = result_types(&words, OP_VECTOR_SHUFFLE);
            // `.xz`, `.wzy`, and `.zw =` (a shuffle of the old vector and the new parts).
            for t in [v2, v3, v4] {
                assert!(
                    shuffles.contains(&t),
                    "{f}: no shuffle to {t}: {shuffles:?}"
                );
            }
            assert!(has_result(&words, OP_COMPOSITE_EXTRACT, e), "{f}: `.y`");
            assert!(has_result(&words, OP_COMPOSITE_INSERT, v4), "{f}: `.x =`");
            assert!(
                has_result(&words, OP_COMPOSITE_CONSTRUCT, v2),
                "{f}: `a.xx`"
            );
            // `v[k]`: an access chain to a component of the vector in memory.
            let ins = instructions(&words);
            let ptrs: Vec<u32> = ins
                .iter()
                .filter(|(op, ops)| *op == OP_TYPE_POINTER && ops[2] == e)
                .map(|(_, ops)| ops[0])
                .collect();
            assert!(
                ins.iter()
                    .any(|(op, ops)| *op == OP_ACCESS_CHAIN && ptrs.contains(&ops[0])),
                "{f}: `v[k]`"
            );
            // Nothing converts to the format.
            for op in [OP_F_CONVERT, OP_CONVERT_S_TO_F, OP_CONVERT_U_TO_F] {
                for t in [e, v2, v3, v4] {
                    assert!(!has_result(&words, op, t), "{f}: opcode {op} to {t}");
                }
            }
        }
    }
}
