//! Arithmetic on specialization constants (issue 6): a scalar integer or boolean computed
//! from specialization constants (and constants) only, with an operation SPIR-V's
//! `OpSpecConstantOp` allows in shaders, is an `OpSpecConstantOp` among the globals, as
//! glslang writes it, not code in the function body; at `-O0` and `-O`, checked by
//! `spirv-val`. Execution with specialized values: `fresnel-vk/tests/spec_ops.rs`.

use crate::support;

use crate::support::instructions;

use fresnel::Stage;

const SPEC_CONSTANT_OP: u16 = 52;
const FUNCTION: u16 = 54;
const FUNCTION_END: u16 = 56;

fn compile(src: &str, optimize: bool) -> Vec<u32> {
    support::compile_vulkan(Stage::Compute, src, optimize, 0)
}

/// The opcodes of the function bodies, and the `OpSpecConstantOp` operations (the opcode
/// each performs).
fn split(words: &[u32]) -> (Vec<u16>, Vec<u32>) {
    let mut body = Vec::new();
    let mut spec = Vec::new();
    let mut in_fn = false;
    for (op, ops) in instructions(words) {
        match op {
            FUNCTION => in_fn = true,
            FUNCTION_END => in_fn = false,
            SPEC_CONSTANT_OP => spec.push(ops[2]),
            _ if in_fn => body.push(op),
            _ => {}
        }
    }
    (body, spec)
}

/// glslang's `spv.specConstant.comp`: `gl_WorkGroupSize` partly specializable.
const WORKGROUP: &str = r#"#version 450
layout(local_size_x_id = 18, local_size_z_id = 19) in;
layout(local_size_x = 32, local_size_y = 32) in;
buffer bn { uint a; } bi;
void main() { bi.a = gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z; }
"#;

const I_MUL: u16 = 132;
const COMPOSITE_EXTRACT: u16 = 81;
const BITCAST: u16 = 124;

#[test]
fn workgroup_size_product_is_a_spec_constant_op() {
    for optimize in [false, true] {
        let words = compile(WORKGROUP, optimize);
        let (body, spec) = split(&words);
        for op in [I_MUL, COMPOSITE_EXTRACT, BITCAST] {
            assert!(
                !body.contains(&op),
                "opcode {op} in the body (-O {optimize}): {body:?}"
            );
        }
        // Three components extracted, two products.
        assert_eq!(
            spec.iter()
                .filter(|&&o| o == u32::from(COMPOSITE_EXTRACT))
                .count(),
            3,
            "{spec:?}"
        );
        assert_eq!(
            spec.iter().filter(|&&o| o == u32::from(I_MUL)).count(),
            2,
            "{spec:?}"
        );
    }
}

/// Every kind of operation `spec.rs` writes as `OpSpecConstantOp`; `F ? ... : ...`,
/// comparisons, conversions, mixed signedness, and what must stay code: floating point (and
/// integer operations on a float's bits) and a division by a specialization constant (it
/// could be 0).
const MANY: &str = r#"#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const int A = 7;
layout(constant_id = 2) const uint B = 5u;
layout(constant_id = 3) const bool F = true;
layout(constant_id = 4) const float G = 1.5;
layout(set = 0, binding = 0, std430) buffer Out { float g; uint r[]; };
void main() {
    r[0] = gl_WorkGroupSize.x * 3u + 1u;
    r[1] = uint(A * 5 - 2);
    r[2] = B / 3u;
    r[3] = uint(A % 3);
    r[4] = B << 2u | 1u;
    r[5] = (B >> 1u) ^ 0xffu;
    r[6] = uint(-A);
    r[7] = uint(~A);
    r[8] = F ? B : 9u;
    r[9] = uint(A < 3);
    r[10] = uint(B >= 4u);
    r[11] = uint(F && A == 7);
    r[12] = uint(A) + B;
    r[13] = uint(int(B) - A);
    r[14] = uint(!F);
    r[15] = uint(A / 2);
    r[16] = 100u / B;
    r[17] = uint(floatBitsToInt(G) & 0xff) + (floatBitsToUint(G) >> 3u);
    g = G * 2.0;
}
"#;

const U_DIV: u16 = 134;
const F_MUL: u16 = 133;
const SELECT: u16 = 169;
const S_NEGATE: u16 = 126;
const SHIFT_LEFT_LOGICAL: u16 = 196;
const S_LESS_THAN: u16 = 177;
const LOGICAL_NOT: u16 = 168;

#[test]
fn integer_and_boolean_operations_are_spec_constant_ops() {
    for optimize in [false, true] {
        let words = compile(MANY, optimize);
        let (body, spec) = split(&words);
        // Computed in the globals.
        for op in [
            I_MUL,
            SELECT,
            S_NEGATE,
            SHIFT_LEFT_LOGICAL,
            S_LESS_THAN,
            LOGICAL_NOT,
        ] {
            assert!(
                !body.contains(&op),
                "opcode {op} in the body (-O {optimize}): {body:?}"
            );
        }
        for op in [I_MUL, SELECT] {
            assert!(
                spec.contains(&u32::from(op)),
                "no OpSpecConstantOp {op} (-O {optimize}): {spec:?}"
            );
        }
        // Code: the float product and `100u / B` (B may be specialized to 0).
        assert!(body.contains(&F_MUL), "{body:?}");
        assert!(body.contains(&U_DIV), "{body:?}");
        // `B / 3u` (a constant divisor) is one.
        if !optimize {
            assert!(spec.contains(&u32::from(U_DIV)), "{spec:?}");
        }
    }
}
