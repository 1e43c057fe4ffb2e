//! SPIR-V output checked by the real validator: representative shaders (vertex, fragment with
//! textures/discard/derivatives, compute with storage buffers/shared memory/barriers/atomics,
//! loops with break/continue, nested ifs, phis, calls with `out`/`inout` parameters) are
//! compiled and passed through `spirv-val` for their target environment. Also: determinism,
//! and the Vulkan error for default-block uniforms.
//!
//! The ignored test `deqp_sweep` compiles every dEQP shader expected to compile and reports
//! how many pass `spirv-val`, by target, grouped by first error line
//! (`cargo test -p fresnel-backend --test spirv spirv_val:: -- --ignored --nocapture`).

use std::collections::BTreeMap;
use std::path::Path;

use crate::support::{have_spirv_val, validate};

use fresnel::{Options, SourceInput, Stage, TargetEnv, Version};
use fresnel_backend::spirv::{self, SpirvOptions};

fn lower(src: &str, stage: Stage, target: TargetEnv) -> fresnel_ir::Shader {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("test", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let msgs: Vec<String> = run
        .diagnostics
        .as_slice()
        .iter()
        .map(|d| d.message.clone())
        .collect();
    run.ir
        .unwrap_or_else(|| panic!("front end failed: {msgs:?}"))
}

fn compile_file(name: &str, target: TargetEnv, env: spirv::TargetEnv) -> Vec<u32> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/shaders")
        .join(name);
    let src = std::fs::read_to_string(&path).expect("test shader");
    let ext = name.rsplit('.').next().unwrap_or("");
    let ir = lower(&src, Stage::from_extension(ext).expect("stage"), target);
    let opts = SpirvOptions {
        target: env,
        ..SpirvOptions::default()
    };
    let words = spirv::emit(&ir, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(words[0], 0x0723_0203, "magic number");
    let (maj, min) = env.spirv_version();
    assert_eq!(words[1], (u32::from(maj) << 16) | (u32::from(min) << 8));
    words
}

fn check(name: &str, target: TargetEnv, env: spirv::TargetEnv) {
    let words = compile_file(name, target, env);
    if !have_spirv_val() {
        eprintln!("spirv-val not installed: {name} only compiled");
        return;
    }
    if let Err(e) = validate(&words, env) {
        panic!("{name} ({}) fails spirv-val:\n{e}", env.val_name());
    }
}

const VK: TargetEnv = TargetEnv::Vulkan { minor: 0 };

#[test]
fn fragment_loops_calls_discard_derivatives() {
    for minor in 0..=3 {
        check(
            "loops_calls_discard.frag",
            VK,
            spirv::TargetEnv::Vulkan { minor },
        );
    }
}

#[test]
fn compute_ssbo_shared_barriers_atomics() {
    for minor in 0..=3 {
        check(
            "ssbo_shared_atomics.comp",
            VK,
            spirv::TargetEnv::Vulkan { minor },
        );
    }
}

#[test]
fn vertex_nested_loops_switch_push_constants() {
    check(
        "nested_loops_switch.vert",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
}

#[test]
fn gles_default_uniforms_for_opengl() {
    check(
        "gles_default_uniforms.frag",
        TargetEnv::OpenGlEs,
        spirv::TargetEnv::OpenGl,
    );
}

#[test]
fn spec_constants_and_workgroup_size() {
    check(
        "spec_constants.comp",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    let words = compile_file(
        "spec_constants.comp",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    // Three OpSpecConstant* with their SpecId and the WorkgroupSize composite.
    let count = |opcode: u32| {
        let mut i = 5;
        let mut n = 0;
        while i < words.len() {
            let len = (words[i] >> 16) as usize;
            if words[i] & 0xffff == opcode {
                n += 1;
            }
            i += len.max(1);
        }
        n
    };
    assert_eq!(count(48) + count(49) + count(50), 4, "spec constants");
    assert_eq!(count(51), 1, "WorkgroupSize composite");
}

#[test]
fn bools_in_blocks_and_separate_samplers() {
    check(
        "bool_struct_blocks.frag",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    check(
        "separate_sampler.frag",
        VK,
        spirv::TargetEnv::Vulkan { minor: 1 },
    );
}

#[test]
fn default_uniforms_are_rejected_for_vulkan() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shaders/gles_default_uniforms.frag");
    let src = std::fs::read_to_string(path).expect("test shader");
    let ir = lower(&src, Stage::Fragment, TargetEnv::OpenGlEs);
    let err = spirv::emit(&ir, &SpirvOptions::default()).expect_err("must be rejected");
    assert!(err.message.contains("outside a block"), "{}", err.message);
}

#[test]
fn output_is_deterministic() {
    let a = compile_file(
        "loops_calls_discard.frag",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    let b = compile_file(
        "loops_calls_discard.frag",
        VK,
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    assert_eq!(a, b);
}

#[test]
fn inline_shaders_validate() {
    let cases: &[(&str, Stage)] = &[
        (
            "#version 450\nlayout(location=0) out vec4 o;\nlayout(location=0) in vec4 v;\nvoid main() { vec4 a = v; int n = 0; do { a = a.yzwx * 0.5; n++; if (n == 2) continue; if (a.x > 3.0) break; } while (n < 10); o = (n > 5) ? a : -a; }\n",
            Stage::Fragment,
        ),
        (
            "#version 450\nlayout(location=0) out uvec4 o;\nlayout(location=0) flat in uvec2 v;\nvoid main() { uint x = v.x; x = (bitfieldReverse(x) ^ (x << 3u)) | (bitCount(x) > 2 ? 1u : 0u); uint c; uint s = uaddCarry(v.x, v.y, c); o = uvec4(x, s, c, findMSB(v.y)); }\n",
            Stage::Fragment,
        ),
        (
            "#version 450\nlayout(location=0) out vec4 o;\nlayout(location=0) in vec2 v;\nlayout(binding=0, rgba8) uniform readonly image2D img;\nlayout(binding=1) uniform usampler2DArray arr;\nvoid main() { o = imageLoad(img, ivec2(v)) + vec4(texture(arr, vec3(v, 1.0))) + vec4(imageSize(img), textureQueryLevels(arr), 0); int ex; o.x += frexp(v.x, ex) + float(ex); o.y = ldexp(o.y, 2); o.zw = unpackHalf2x16(packUnorm2x16(v)); }\n",
            Stage::Fragment,
        ),
        (
            "#version 450\nlayout(set=0, binding=0) uniform texture2D t;\nlayout(set=0, binding=1) uniform sampler s;\nlayout(location=0) out vec4 o;\nvoid main() { o = texture(sampler2D(t, s), vec2(0.5)) + texelFetch(sampler2D(t, s), ivec2(0), 0); }\n",
            Stage::Fragment,
        ),
        (
            "#version 450\nlayout(local_size_x = 8, local_size_y = 8) in;\nlayout(binding = 0, r32ui) uniform uimage2D img;\nshared uint total;\nvoid main() { if (gl_LocalInvocationIndex == 0u) total = 0u; barrier(); atomicAdd(total, imageAtomicAdd(img, ivec2(gl_GlobalInvocationID.xy), 1u)); memoryBarrierShared(); barrier(); imageStore(img, ivec2(0), uvec4(total)); }\n",
            Stage::Compute,
        ),
        (
            "#version 450\nlayout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput a;\nlayout(location = 0) out vec4 o;\nvoid main() { o = subpassLoad(a); }\n",
            Stage::Fragment,
        ),
    ];
    if !have_spirv_val() {
        return;
    }
    let mut failures = Vec::new();
    for (i, (src, stage)) in cases.iter().enumerate() {
        let ir = lower(src, *stage, VK);
        let words = match spirv::emit(&ir, &SpirvOptions::default()) {
            Ok(w) => w,
            Err(e) => {
                failures.push(format!("case {i}: {e}"));
                continue;
            }
        };
        if let Err(e) = validate(&words, spirv::TargetEnv::Vulkan { minor: 0 }) {
            failures.push(format!("case {i}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

// ---- extensions (issue 5): ray tracing, ray queries, mesh shaders, buffer references,
// atomic floats, sparse residency, transform feedback ----

/// The instructions of a module: (opcode, operands), after the header.
fn instructions(words: &[u32]) -> Vec<(u32, Vec<u32>)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let len = ((words[i] >> 16) as usize).max(1);
        let end = (i + len).min(words.len());
        out.push((words[i] & 0xffff, words[i + 1..end].to_vec()));
        i += len;
    }
    out
}

fn has_op(words: &[u32], opcode: u32) -> bool {
    instructions(words).iter().any(|(o, _)| *o == opcode)
}

/// `OpCapability c`, `OpDecorate _ d ...` and the like: an instruction with the opcode whose
/// operand `at` is `value`.
fn has_operand(words: &[u32], opcode: u32, at: usize, value: u32) -> bool {
    instructions(words)
        .iter()
        .any(|(o, ops)| *o == opcode && ops.get(at) == Some(&value))
}

const VK12: TargetEnv = TargetEnv::Vulkan { minor: 2 };
const SPV_VK12: spirv::TargetEnv = spirv::TargetEnv::Vulkan { minor: 2 };

/// Compiles a test shader for Vulkan 1.2 (SPIR-V 1.5), checks it with spirv-val, and returns
/// the words.
fn check_vk12(name: &str) -> Vec<u32> {
    check(name, VK12, SPV_VK12);
    compile_file(name, VK12, SPV_VK12)
}

#[test]
fn ray_generation_traces_and_calls() {
    let w = check_vk12("raytrace.rgen");
    assert!(has_operand(&w, 17, 0, 4479), "RayTracingKHR capability");
    assert!(has_operand(&w, 15, 0, 5313), "RayGenerationKHR entry point");
    assert!(has_op(&w, 4445), "OpTraceRayKHR");
    assert!(has_op(&w, 4446), "OpExecuteCallableKHR");
    assert!(has_op(&w, 5341), "OpTypeAccelerationStructureKHR");
    // Payload, callable data and the shader record in their storage classes.
    for class in [5338, 5328, 5343] {
        assert!(
            has_operand(&w, 32, 1, class),
            "pointer to storage class {class}"
        );
    }
}

#[test]
fn hit_miss_intersection_and_callable_stages() {
    let w = check_vk12("closest_hit.rchit");
    assert!(has_operand(&w, 15, 0, 5316), "ClosestHitKHR");
    for class in [5342, 5338, 5339] {
        assert!(has_operand(&w, 32, 1, class), "storage class {class}");
    }
    // gl_InstanceID and gl_PrimitiveID are the hit's (InstanceId, PrimitiveId); gl_HitTEXT
    // is RayTmaxKHR.
    for b in [6, 7, 5326, 5330, 5331, 5352] {
        assert!(
            has_operand(&w, 71, 1, 11) && has_operand(&w, 71, 2, b),
            "BuiltIn {b}"
        );
    }
    let w = check_vk12("intersection.rint");
    assert!(has_operand(&w, 15, 0, 5314), "IntersectionKHR");
    assert!(has_op(&w, 5334), "OpReportIntersectionKHR");
    let w = check_vk12("any_hit.rahit");
    assert!(has_operand(&w, 15, 0, 5315), "AnyHitKHR");
    assert!(has_op(&w, 4448) && has_op(&w, 4449), "ignore and terminate");
    let w = check_vk12("miss.rmiss");
    assert!(has_operand(&w, 15, 0, 5317), "MissKHR");
    let w = check_vk12("callable.rcall");
    assert!(has_operand(&w, 15, 0, 5318), "CallableKHR");
    assert!(has_operand(&w, 32, 1, 5329), "IncomingCallableDataKHR");
}

#[test]
fn nv_hit_objects() {
    let w = check_vk12("hit_object_nv.rgen");
    assert!(has_operand(&w, 17, 0, 5383), "ShaderInvocationReorderNV");
    assert!(has_op(&w, 5281), "OpTypeHitObjectNV");
    for opcode in [5260, 5263, 5279, 5277, 5278, 5266, 5253, 5274, 5267, 5264] {
        assert!(has_op(&w, opcode), "hit object opcode {opcode}");
    }
    assert!(has_operand(&w, 32, 1, 5385), "HitObjectAttributeNV storage");
}

#[test]
fn ray_queries_in_compute() {
    let w = check_vk12("ray_query.comp");
    assert!(has_operand(&w, 17, 0, 4472), "RayQueryKHR capability");
    assert!(has_op(&w, 4472), "OpTypeRayQueryKHR");
    for opcode in [
        4473, 4474, 4475, 4476, 4477, 4479, 6016, 6017, 6018, 6024, 6031,
    ] {
        assert!(has_op(&w, opcode), "ray query opcode {opcode}");
    }
}

#[test]
fn mesh_and_task_shaders() {
    let w = check_vk12("mesh_shader.mesh");
    assert!(has_operand(&w, 17, 0, 5283), "MeshShadingEXT");
    assert!(has_operand(&w, 15, 0, 5365), "MeshEXT entry point");
    assert!(has_op(&w, 5295), "OpSetMeshOutputsEXT");
    assert!(has_operand(&w, 16, 1, 5298), "OutputTrianglesEXT");
    assert!(has_operand(&w, 16, 1, 5270), "OutputPrimitivesEXT");
    assert!(has_operand(&w, 71, 1, 5271), "PerPrimitiveEXT decoration");
    assert!(has_operand(&w, 32, 1, 5402), "TaskPayloadWorkgroupEXT");
    let w = check_vk12("task_shader.task");
    assert!(has_operand(&w, 15, 0, 5364), "TaskEXT entry point");
    assert!(has_op(&w, 5294), "OpEmitMeshTasksEXT");
}

#[test]
fn nv_mesh_and_task_shaders() {
    // GL_NV_mesh_shader: its own execution models, any SPIR-V version.
    let env = spirv::TargetEnv::Vulkan { minor: 0 };
    check("mesh_nv.mesh", VK, env);
    let w = compile_file("mesh_nv.mesh", VK, env);
    assert!(has_operand(&w, 17, 0, 5266), "MeshShadingNV");
    assert!(has_operand(&w, 15, 0, 5268), "MeshNV entry point");
    for b in [5275, 5276] {
        assert!(has_operand(&w, 71, 2, b), "BuiltIn {b}");
    }
    assert!(has_operand(&w, 71, 1, 5273), "PerTaskNV");
    assert!(has_operand(&w, 71, 1, 5271), "PerPrimitiveNV");
    check("task_nv.task", VK, env);
    let w = compile_file("task_nv.task", VK, env);
    assert!(has_operand(&w, 15, 0, 5267), "TaskNV entry point");
    assert!(has_operand(&w, 71, 2, 5274), "TaskCountNV");
}

#[test]
fn buffer_references() {
    for minor in [0, 2, 3] {
        let env = spirv::TargetEnv::Vulkan { minor };
        check("buffer_reference.comp", VK, env);
        let w = compile_file("buffer_reference.comp", VK, env);
        assert!(
            has_operand(&w, 17, 0, 5347),
            "PhysicalStorageBufferAddresses"
        );
        assert!(
            has_operand(&w, 14, 0, 5348),
            "PhysicalStorageBuffer64 addressing"
        );
        // Every address comes from memory: the members hold pointers (`spirv/refs.rs`),
        // loaded and followed without OpConvertUToPtr.
        assert!(!has_op(&w, 120), "OpConvertUToPtr");
        // Every load and store through a buffer reference is Aligned.
        let psb_ptrs: Vec<u32> = instructions(&w)
            .iter()
            .filter(|(o, ops)| *o == 32 && ops.get(1) == Some(&5349))
            .map(|(_, ops)| ops[0])
            .collect();
        assert!(
            instructions(&w)
                .iter()
                .any(|(o, ops)| *o == 30 && ops[1..].iter().any(|m| psb_ptrs.contains(m))),
            "a struct member of PhysicalStorageBuffer pointer type"
        );
        let mut psb_vals = std::collections::BTreeSet::new();
        for (o, ops) in instructions(&w) {
            if matches!(o, 65 | 120) && psb_ptrs.contains(&ops[0]) {
                psb_vals.insert(ops[1]);
            }
        }
        for (o, ops) in instructions(&w) {
            if o == 61 && psb_vals.contains(&ops[2]) {
                assert_eq!(ops.get(3), Some(&2), "load without Aligned");
            }
            if o == 62 && psb_vals.contains(&ops[0]) {
                assert_eq!(ops.get(2), Some(&2), "store without Aligned");
            }
        }
    }
}

#[test]
fn atomic_float_add_min_max() {
    for minor in [0, 2] {
        let env = spirv::TargetEnv::Vulkan { minor };
        check("atomic_float.comp", VK, env);
        let w = compile_file("atomic_float.comp", VK, env);
        assert!(has_op(&w, 6035), "OpAtomicFAddEXT");
        assert!(has_op(&w, 5614) && has_op(&w, 5615), "OpAtomicFMin/FMaxEXT");
        assert!(has_operand(&w, 17, 0, 6033), "AtomicFloat32AddEXT");
        assert!(has_operand(&w, 17, 0, 5612), "AtomicFloat32MinMaxEXT");
    }
}

#[test]
fn sparse_residency() {
    check("sparse.frag", VK, spirv::TargetEnv::Vulkan { minor: 0 });
    let w = compile_file("sparse.frag", VK, spirv::TargetEnv::Vulkan { minor: 0 });
    assert!(has_operand(&w, 17, 0, 41), "SparseResidency");
    for opcode in [305, 307, 313, 316, 320] {
        assert!(has_op(&w, opcode), "sparse opcode {opcode}");
    }
}

#[test]
fn transform_feedback_decorations() {
    let env = spirv::TargetEnv::Vulkan { minor: 0 };
    check("xfb.vert", VK, env);
    let w = compile_file("xfb.vert", VK, env);
    assert!(has_operand(&w, 17, 0, 53), "TransformFeedback");
    assert!(has_operand(&w, 16, 1, 11), "Xfb execution mode");
    // Buffer 0: a at 0 and b at 16, stride 20; buffer 1 (the block): stride 32.
    let decorations: Vec<Vec<u32>> = instructions(&w)
        .into_iter()
        .filter(|(o, _)| *o == 71)
        .map(|(_, ops)| ops)
        .collect();
    let with = |d: u32, v: u32| {
        decorations
            .iter()
            .filter(|x| x[1] == d && x[2] == v)
            .count()
    };
    assert_eq!(with(36, 0), 2, "two outputs in xfb buffer 0");
    assert_eq!(with(37, 20), 2, "buffer 0 stride 20");
    assert_eq!(with(36, 1), 1, "the block in buffer 1");
    assert_eq!(with(37, 32), 1, "buffer 1 stride 32");
    assert_eq!(with(35, 16), 1, "b at offset 16");
    assert!(has_operand(&w, 72, 2, 35), "member offsets on the block");
}

#[test]
fn arb_shader_ballot_builtins() {
    // 64-bit masks read from the uvec4 built-ins; written for SPIR-V 1.3.
    let src = "#version 450\n#extension GL_ARB_shader_ballot : require\n#extension GL_ARB_gpu_shader_int64 : require\nlayout(local_size_x = 8) in;\nlayout(binding = 0) buffer B { uint64_t m[]; };\nvoid main() { m[gl_SubGroupInvocationARB] = gl_SubGroupEqMaskARB | gl_SubGroupLtMaskARB | uint64_t(gl_SubGroupSizeARB); }\n";
    let ir = lower(src, Stage::Compute, VK);
    let env = spirv::required_target(&ir, spirv::TargetEnv::Vulkan { minor: 0 });
    assert_eq!(env, spirv::TargetEnv::Vulkan { minor: 1 });
    let words = spirv::emit(
        &ir,
        &SpirvOptions {
            target: env,
            ..SpirvOptions::default()
        },
    )
    .expect("emit");
    assert!(has_operand(&words, 17, 0, 4423), "SubgroupBallotKHR");
    if have_spirv_val() {
        validate(&words, env).expect("ARB ballot built-ins validate");
    }
}

#[test]
fn required_target_picks_the_shaders_environment() {
    let sub = "#version 450\n#extension GL_KHR_shader_subgroup_basic : require\nlayout(local_size_x = 4) in;\nlayout(binding = 0) buffer B { uint x[]; };\nvoid main() { x[gl_SubgroupInvocationID] = gl_SubgroupSize; }\n";
    let ir = lower(sub, Stage::Compute, VK);
    let env = spirv::required_target(&ir, spirv::TargetEnv::Vulkan { minor: 0 });
    assert_eq!(env, spirv::TargetEnv::Vulkan { minor: 1 });
    let words = spirv::emit(
        &ir,
        &SpirvOptions {
            target: env,
            ..SpirvOptions::default()
        },
    )
    .expect("emit");
    if have_spirv_val() {
        validate(&words, env).expect("subgroups validate for Vulkan 1.1");
    }
    // Rectangle textures: OpenGL.
    let rect = "#version 450\nlayout(binding = 0) uniform sampler2DRect r;\nlayout(location = 0) out vec4 o;\nvoid main() { o = texture(r, vec2(1.0)); }\n";
    let ir = lower(rect, Stage::Fragment, VK);
    assert_eq!(
        spirv::required_target(&ir, spirv::TargetEnv::Vulkan { minor: 0 }),
        spirv::TargetEnv::OpenGl
    );
    // Ray tracing: SPIR-V 1.4 at least, so Vulkan 1.2; a higher request stays.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shaders/raytrace.rgen");
    let src = std::fs::read_to_string(path).expect("test shader");
    let ir = lower(&src, Stage::RayGen, VK12);
    assert_eq!(
        spirv::required_target(&ir, spirv::TargetEnv::Vulkan { minor: 0 }),
        SPV_VK12
    );
    assert_eq!(
        spirv::required_target(&ir, spirv::TargetEnv::Vulkan { minor: 3 }),
        spirv::TargetEnv::Vulkan { minor: 3 }
    );
    // Writing it for too old a SPIR-V is a clear error, not invalid output.
    let err = spirv::emit(&ir, &SpirvOptions::default()).expect_err("SPIR-V 1.0");
    assert!(err.message.contains("SPIR-V 1.4"), "{}", err.message);
}

// ---- the dEQP sweep ----

const CORPUS: &str = "/work/shared/corpus/vk-gl-cts";

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "test") {
            out.push(p);
        }
    }
}

#[derive(Default)]
struct Tally {
    shaders: usize,
    lowered: usize,
    emitted: usize,
    valid: usize,
    emit_errors: BTreeMap<String, (usize, String)>,
    val_errors: BTreeMap<String, (usize, String)>,
}

fn first_line(s: &str) -> String {
    let l = s
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    // Drop ids so equal causes group together.
    let mut out = String::new();
    let mut last_digit = false;
    for c in l.chars().take(160) {
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('N');
            }
            last_digit = true;
        } else {
            out.push(c);
            last_digit = false;
        }
    }
    out
}

#[test]
#[ignore = "sweep over the dEQP corpus (slow): run with --ignored --nocapture"]
fn deqp_sweep() {
    use fresnel_testfmt::deqp::{self, Expect, Flavor, SpecializeOptions};
    if !Path::new(CORPUS).is_dir() || !have_spirv_val() {
        eprintln!("{CORPUS} or spirv-val not present: skipped");
        return;
    }
    // The Vulkan version the Vulkan CTS shaders are written as (SPIR-V 1.0, 1.3, 1.5, 1.6):
    // `SWEEP_VULKAN_MINOR=3` checks the SPIR-V 1.4+ rules (every global in the interface,
    // StorageBuffer).
    let vk_minor: u8 = std::env::var("SWEEP_VULKAN_MINOR")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
        .min(3);
    let vk_label: &'static str =
        ["vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"][vk_minor as usize];
    let mut files = Vec::new();
    collect(Path::new(CORPUS), &mut files);
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    for path in &files {
        let path_str = path.to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let flavor = Flavor::for_path(&path_str);
        let mut import = |p: &str| std::fs::read_to_string(p).map_err(|e| e.to_string());
        let Ok(cases) = deqp::parse(&text, &path_str, flavor, &mut import) else {
            continue;
        };
        let sopts = SpecializeOptions::permissive(flavor);
        for case in cases.iter().filter(|c| c.expect == Expect::Pass) {
            for inst in deqp::specialize(case, &sopts) {
                let Ok(programs) = inst.programs else {
                    continue;
                };
                for (stage, src) in programs.into_iter().flat_map(|p| p.shaders) {
                    let mut opts = Options {
                        stage: Some(
                            Stage::from_extension(stage.extension()).unwrap_or(Stage::Vertex),
                        ),
                        ..Options::default()
                    };
                    let (env, label) = match flavor {
                        Flavor::Vulkan => {
                            opts.target = TargetEnv::Vulkan { minor: vk_minor };
                            (spirv::TargetEnv::Vulkan { minor: vk_minor }, vk_label)
                        }
                        _ if case.version.is_es() => {
                            opts.target = TargetEnv::OpenGlEs;
                            opts.default_version = Some(Version::es(100));
                            (spirv::TargetEnv::OpenGl, "opengl4.5 (GLES shaders)")
                        }
                        _ => {
                            opts.target = TargetEnv::OpenGl;
                            (spirv::TargetEnv::OpenGl, "opengl4.5 (desktop GL shaders)")
                        }
                    };
                    let t = tallies.entry(label).or_default();
                    t.shaders += 1;
                    let where_ = format!("{path_str}:{} {}", case.line, inst.name);
                    let run = fresnel::lower_to_ir(
                        SourceInput::new("shader", &src),
                        &opts,
                        &mut fresnel::NoIncludes,
                    );
                    let Some(ir) = run.ir else {
                        continue;
                    };
                    t.lowered += 1;
                    let sopts = SpirvOptions {
                        target: env,
                        ..SpirvOptions::default()
                    };
                    let words = match std::panic::catch_unwind(|| spirv::emit(&ir, &sopts)) {
                        Ok(Ok(w)) => w,
                        Ok(Err(e)) => {
                            let e = t
                                .emit_errors
                                .entry(first_line(&e.message))
                                .or_insert((0, where_.clone()));
                            e.0 += 1;
                            continue;
                        }
                        Err(_) => {
                            let e = t
                                .emit_errors
                                .entry("PANIC".into())
                                .or_insert((0, where_.clone()));
                            e.0 += 1;
                            continue;
                        }
                    };
                    t.emitted += 1;
                    match validate(&words, env) {
                        Ok(()) => t.valid += 1,
                        Err(msg) => {
                            let e = t.val_errors.entry(first_line(&msg)).or_insert((0, where_));
                            e.0 += 1;
                        }
                    }
                }
            }
        }
    }
    let mut panics = 0;
    for (label, t) in &tallies {
        println!(
            "== {label}: {} shaders, {} lowered, {} emitted, {} pass spirv-val ({:.1}% of lowered)",
            t.shaders,
            t.lowered,
            t.emitted,
            t.valid,
            100.0 * t.valid as f64 / t.lowered.max(1) as f64
        );
        let mut e: Vec<_> = t.emit_errors.iter().collect();
        e.sort_by_key(|b| std::cmp::Reverse(b.1 .0));
        for (msg, (n, ex)) in e.iter().take(25) {
            println!("  emit {n:6}  {msg}    e.g. {ex}");
        }
        let mut v: Vec<_> = t.val_errors.iter().collect();
        v.sort_by_key(|b| std::cmp::Reverse(b.1 .0));
        for (msg, (n, ex)) in v.iter().take(40) {
            println!("  val  {n:6}  {msg}    e.g. {ex}");
        }
        panics += t.emit_errors.get("PANIC").map_or(0, |x| x.0);
    }
    assert_eq!(panics, 0, "the SPIR-V writer panicked");
}
