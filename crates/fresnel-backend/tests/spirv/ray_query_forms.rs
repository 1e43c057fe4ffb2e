//! The SPIR-V the writer makes for ray queries and by-reference intrinsic arguments
//! (issue 6), checked on the module's words and by `spirv-val`, at `-O0` and `-O`:
//!
//! * a matrix a ray query returns (`rayQueryGetIntersectionObjectToWorldEXT`) is read once
//!   per block and query state, not once per column, and read again after the query
//!   changes (`rayQueryConfirmIntersectionEXT`);
//! * its values have the getter's type: no `OpBitcast`, and one element of a column is
//!   one `OpCompositeExtract` of the matrix (chains of extracts fold);
//! * a ray query is a `Private` variable, as glslang declares it;
//! * an acceleration structure made from a `uvec2` address converts the `uvec2` itself;
//! * an output passed by reference to a SPIR-V instruction (`spirv_by_reference`) is
//!   written there directly, with no shadow variable.

use crate::support;

use crate::support::instructions;

use fresnel::Stage;

const COMPOSITE_EXTRACT: u16 = 81;
const BITCAST: u16 = 124;
const VARIABLE: u16 = 59;
const FUNCTION: u16 = 54;
const FUNCTION_END: u16 = 56;
const OBJECT_TO_WORLD: u16 = 6031;
const CONVERT_U_TO_ACCELERATION_STRUCTURE: u16 = 4447;
const TYPE_INT: u16 = 21;
const TYPE_VECTOR: u16 = 23;
const STORAGE_PRIVATE: u32 = 6;
const STORAGE_FUNCTION: u32 = 7;
const EXT_INST: u16 = 12;
const STORE: u16 = 62;

fn compile(stage: Stage, src: &str, optimize: bool, minor: u8) -> Vec<u32> {
    support::compile_vulkan(stage, src, optimize, minor)
}

/// The instructions inside functions.
fn body(words: &[u32]) -> Vec<(u16, Vec<u32>)> {
    let mut out = Vec::new();
    let mut in_fn = false;
    for (op, ops) in instructions(words) {
        match op {
            FUNCTION => in_fn = true,
            FUNCTION_END => in_fn = false,
            _ if in_fn => out.push((op, ops)),
            _ => {}
        }
    }
    out
}

fn count(ins: &[(u16, Vec<u32>)], opc: u16) -> usize {
    ins.iter().filter(|(o, _)| *o == opc).count()
}

const MATRIX: &str = r#"#version 460
#extension GL_EXT_ray_query : enable
layout(binding = 1, set = 0) uniform accelerationStructureEXT rtas;
layout(std430, set = 0, binding = 0) buffer Out { vec4 r[]; };
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, rtas, gl_RayFlagsNoneEXT, 0xFF, vec3(0), 0.0, vec3(1, 0, 0), 100.0);
    rayQueryProceedEXT(q);
    mat4x3 m = rayQueryGetIntersectionObjectToWorldEXT(q, false);
    mat3x4 t = transpose(m);
    r[0] = t[0];
    r[1] = vec4(m[1], m[3].z);
    rayQueryConfirmIntersectionEXT(q);
    mat4x3 n = rayQueryGetIntersectionObjectToWorldEXT(q, false);
    r[2] = vec4(n[2], n[0].y);
}
"#;

#[test]
fn ray_query_matrices_are_read_once_per_query_state() {
    for optimize in [false, true] {
        let words = compile(Stage::Compute, MATRIX, optimize, 2);
        let b = body(&words);
        // Once before the confirmation, once after it.
        assert_eq!(count(&b, OBJECT_TO_WORLD), 2, "-O {optimize}");
        assert_eq!(count(&b, BITCAST), 0, "-O {optimize}");
        if optimize {
            // A column's element is one extract of the matrix: no extract reads another.
            let extract_results: Vec<u32> = b
                .iter()
                .filter(|(o, _)| *o == COMPOSITE_EXTRACT)
                .map(|(_, ops)| ops[1])
                .collect();
            for (o, ops) in &b {
                if *o == COMPOSITE_EXTRACT {
                    assert!(
                        !extract_results.contains(&ops[2]),
                        "an extract of an extract: {ops:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn ray_queries_are_private_variables() {
    // Vulkan 1.0 and 1.2 (1.4 modules list every global in the entry point's interface).
    for minor in [0, 2] {
        for optimize in [false, true] {
            let words = compile(Stage::Compute, MATRIX, optimize, minor);
            let ins = instructions(&words);
            let classes: Vec<u32> = ins
                .iter()
                .filter(|(o, _)| *o == VARIABLE)
                .map(|(_, ops)| ops[2])
                .collect();
            assert!(classes.contains(&STORAGE_PRIVATE), "{classes:?}");
            assert!(!classes.contains(&STORAGE_FUNCTION), "{classes:?}");
        }
    }
}

const ADDRESS: &str = r#"#version 460
#extension GL_EXT_ray_query : enable
layout(push_constant, std140) uniform params { uvec2 tlas; };
void main() {
    rayQueryEXT rayQuery;
    rayQueryInitializeEXT(rayQuery, accelerationStructureEXT(tlas), 0, 0, vec3(0.0), 0.0, vec3(1.0), 1.0);
    rayQueryTerminateEXT(rayQuery);
}
"#;

#[test]
fn acceleration_structures_convert_uvec2_addresses_directly() {
    for optimize in [false, true] {
        let words = compile(Stage::Compute, ADDRESS, optimize, 2);
        let ins = instructions(&words);
        let b = body(&words);
        assert_eq!(count(&b, BITCAST), 0, "-O {optimize}");
        // The operand's type is a 2-component vector of 32-bit integers.
        let (_, conv) = b
            .iter()
            .find(|(o, _)| *o == CONVERT_U_TO_ACCELERATION_STRUCTURE)
            .expect("OpConvertUToAccelerationStructureKHR");
        let operand_type = b
            .iter()
            .find(|(_, ops)| ops.get(1) == Some(&conv[2]))
            .map(|(_, ops)| ops[0])
            .expect("operand defined in the body");
        let (_, vec) = ins
            .iter()
            .find(|(o, ops)| *o == TYPE_VECTOR && ops[0] == operand_type)
            .expect("a vector type");
        assert_eq!(vec[2], 2);
        assert!(ins
            .iter()
            .any(|(o, ops)| *o == TYPE_INT && ops[0] == vec[1] && ops[1] == 32));
    }
}

const BY_REFERENCE: &str = r#"#version 450 core
#extension GL_EXT_spirv_intrinsics: enable
spirv_instruction (set = "GLSL.std.450", id = 35) // modf
float modf(float x, spirv_by_reference float i);
layout(location = 0) in float floatIn;
layout(location = 0) out vec2 vec2Out;
void main() {
    vec2Out.x = modf(floatIn, vec2Out.y);
}
"#;

#[test]
fn outputs_passed_by_reference_are_written_in_place() {
    for optimize in [false, true] {
        let words = compile(Stage::Vertex, BY_REFERENCE, optimize, 0);
        let b = body(&words);
        assert_eq!(count(&b, EXT_INST), 1, "-O {optimize}");
        if optimize {
            // No shadow variable: one store (the integral part goes through the pointer).
            assert_eq!(count(&b, VARIABLE), 0, "{b:?}");
            assert_eq!(count(&b, STORE), 1, "{b:?}");
        }
    }
}

const HIT_OBJECT: &str = r#"#version 460
#extension GL_EXT_ray_tracing : enable
#extension GL_NV_shader_invocation_reorder : enable
layout(location = 0) rayPayloadEXT vec4 payload;
layout(binding = 0) uniform accelerationStructureEXT as;
layout(std430, binding = 1) buffer Out { vec4 r[]; };
void main() {
    hitObjectNV h;
    hitObjectTraceRayNV(h, as, 0, 0xff, 0, 0, 0, vec3(0), 0.1, vec3(1, 0, 0), 100.0, 0);
    mat4x3 m = hitObjectGetObjectToWorldNV(h);
    r[0] = vec4(m[0], m[1].x);
    r[1] = vec4(m[2], m[3].y);
    hitObjectRecordEmptyNV(h);
    mat4x3 n = hitObjectGetObjectToWorldNV(h);
    r[2] = vec4(n[3], n[1].z);
}
"#;

const HIT_OBJECT_GET_OBJECT_TO_WORLD: u16 = 5253;

#[test]
fn hit_object_matrices_are_read_once_per_hit_object_state() {
    for optimize in [false, true] {
        let words = compile(Stage::RayGen, HIT_OBJECT, optimize, 2);
        let b = body(&words);
        // Once before `hitObjectRecordEmptyNV`, once after it.
        assert_eq!(
            count(&b, HIT_OBJECT_GET_OBJECT_TO_WORLD),
            2,
            "-O {optimize}"
        );
    }
}
