//! Linking GL-style programs: locations, bindings and the default uniform block, checked by
//! validating the IR, running it in the interpreter before and after, and passing the
//! Vulkan SPIR-V of the result through spirv-val.

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_interp::{Interp, Scalar};
use fresnel_ir::{Shader, VarMode};
use fresnel_link::{link_program, DefaultBlockOptions, LinkOptions, DEFAULT_BLOCK_NAME};

fn lower(name: &str, src: &str) -> Shader {
    let opts = Options {
        stage: fresnel::Stage::from_extension(name.rsplit('.').next().unwrap()),
        target: if src.lines().next().is_some_and(|l| l.ends_with(" es")) {
            TargetEnv::OpenGlEs
        } else {
            TargetEnv::OpenGl
        },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), &opts, &mut fresnel::NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.ir.expect("IR")
}

const VS: &str = r#"#version 300 es
in vec4 a_position;
in vec3 a_color;
struct S { float f; vec3 v; mat2 m; };
uniform float u_scale;
uniform vec3 u_arr[2];
uniform mat3 u_mat;
uniform S u_s;
uniform bool u_flag;
out vec3 v_color;
flat out int v_index;
out float v_only_vs;
void main() {
    vec3 c = a_color * u_scale + u_arr[1] + u_mat[2] + u_s.v * u_s.m[1][0];
    S copy = u_s;
    if (u_flag) c += vec3(copy.f);
    v_color = c;
    v_index = 7;
    v_only_vs = 1.0;
    gl_Position = a_position;
}
"#;

const FS: &str = r#"#version 300 es
precision highp float;
flat in int v_index;
in vec3 v_color;
uniform float u_scale;
uniform vec4 u_fs_only;
uniform sampler2D u_tex;
out vec4 o_color;
void main() {
    o_color = vec4(v_color * u_scale, float(v_index)) + u_fs_only + texture(u_tex, vec2(0.5));
}
"#;

fn floats(v: &[f64]) -> Vec<Scalar> {
    v.iter().map(|x| Scalar::Float(*x)).collect()
}

const UNIFORMS: &[(&str, &[f64])] = &[
    ("u_scale", &[2.0]),
    ("u_arr", &[1.0, 2.0, 3.0, 10.0, 20.0, 30.0]),
    ("u_mat", &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]),
    ("u_s", &[0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]),
];

fn run_vs(sh: &Shader, linked: bool) -> Vec<u64> {
    let mut it = Interp::new(sh).expect("interp");
    for (name, vals) in UNIFORMS {
        let vals = floats(vals);
        if linked {
            it.set_block_member(&format!("{DEFAULT_BLOCK_NAME}.{name}"), &vals)
                .expect("block member");
        } else {
            it.set_uniform_scalars(name, &vals).expect("uniform");
        }
    }
    let flag = [Scalar::Bool(true)];
    if linked {
        it.set_block_member(&format!("{DEFAULT_BLOCK_NAME}.u_flag"), &flag)
            .unwrap();
    } else {
        it.set_uniform_scalars("u_flag", &flag).unwrap();
    }
    let color = [Scalar::Float(0.25), Scalar::Float(0.5), Scalar::Float(0.75)];
    let leaves = it.leaves(it.find_var("a_color").unwrap());
    let enc: Vec<u64> = color
        .iter()
        .zip(&leaves)
        .map(|(s, l)| s.encode(*l))
        .collect();
    it.set_input("a_color", vec![enc]).unwrap();
    it.run_vertex(1).expect("run");
    it.output("v_color").unwrap()[0].clone()
}

#[test]
fn default_block_preserves_meaning_and_locations_match() {
    let vs = lower("p.vert", VS);
    let fs = lower("p.frag", FS);
    let before = run_vs(&vs, false);
    let mut prog = vec![fs, vs];
    let report = link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    for sh in &prog {
        fresnel_ir::validate(sh).unwrap_or_else(|e| panic!("invalid IR after linking: {e:?}"));
        assert_eq!(
            sh.vars_of(VarMode::Uniform)
                .filter(|(_, v)| !sh.types.is_opaque(v.ty))
                .count(),
            0,
            "loose uniforms left in the {} shader",
            sh.stage.name()
        );
    }
    let (fs, vs) = (&prog[0], &prog[1]);
    // The block: members in pipeline order (vertex first), std140 offsets.
    let db = report.default_block.clone().expect("a default block");
    let names: Vec<&str> = db.members.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        ["u_scale", "u_arr", "u_mat", "u_s", "u_flag", "u_fs_only"]
    );
    let offsets: Vec<u32> = db.members.iter().map(|m| m.offset).collect();
    // float 0; vec3[2] at 16 (stride 16); mat3 at 48 (3 x 16); struct at 96 (f 0, v 16,
    // mat2 at 32 with stride 16: 64 bytes); bool at 160; vec4 at 176.
    assert_eq!(offsets, [0, 16, 48, 96, 160, 176]);
    assert_eq!(db.size, 192);
    assert_eq!(db.initial_data.len(), 192);
    // The sampler gets a binding other than the block's.
    let tex = report
        .bindings
        .iter()
        .find(|b| b.name == "u_tex")
        .expect("u_tex bound");
    assert_ne!(tex.binding, db.binding);
    // Varyings by name share locations; the one only the vertex shader writes gets its
    // own.
    let loc = |sh: &Shader, mode, name: &str| {
        sh.vars_of(mode)
            .find(|(_, v)| v.name == name)
            .and_then(|(_, v)| v.location)
    };
    for name in ["v_color", "v_index"] {
        assert_eq!(
            loc(vs, VarMode::ShaderOut, name),
            loc(fs, VarMode::ShaderIn, name),
            "{name}"
        );
        assert!(loc(vs, VarMode::ShaderOut, name).is_some());
    }
    let only = loc(vs, VarMode::ShaderOut, "v_only_vs").expect("located");
    for name in ["v_color", "v_index"] {
        assert_ne!(Some(only), loc(vs, VarMode::ShaderOut, name));
    }
    assert_eq!(
        report.attributes,
        [("a_position".into(), 0), ("a_color".into(), 1)]
    );
    assert_eq!(report.frag_outputs, [("o_color".into(), 0)]);
    // Same results from the block as from the loose uniforms.
    assert_eq!(run_vs(vs, true), before);
}

#[test]
fn linked_program_is_valid_vulkan_spirv() {
    let mut prog = vec![lower("p.vert", VS), lower("p.frag", FS)];
    link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    for sh in &prog {
        let opts = fresnel_backend::spirv::SpirvOptions {
            target: fresnel_backend::spirv::TargetEnv::Vulkan { minor: 0 },
            debug_names: true,
        };
        let words = fresnel_backend::spirv::emit(sh, &opts).expect("SPIR-V");
        let dir = std::env::temp_dir().join(format!("fresnel-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}.spv", sh.stage.name()));
        std::fs::write(&path, fresnel_backend::spirv::to_bytes(&words)).unwrap();
        let out = std::process::Command::new("spirv-val")
            .args(["--target-env", "vulkan1.0"])
            .arg(&path)
            .output()
            .expect("spirv-val is installed (Debian package spirv-tools)");
        assert!(
            out.status.success(),
            "spirv-val rejects the linked {} shader: {}",
            sh.stage.name(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn initializers_fill_the_initial_data() {
    let vs = lower(
        "i.vert",
        "#version 430\nuniform vec2 u_v = vec2(1.5, -2.0);\nuniform int u_i = 9;\nvoid main() { gl_Position = vec4(u_v, float(u_i), 1.0); }\n",
    );
    let mut prog = vec![vs];
    let report = link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    let db = report.default_block.expect("block");
    let f = |o: usize| f32::from_le_bytes(db.initial_data[o..o + 4].try_into().unwrap());
    assert_eq!((f(0), f(4)), (1.5, -2.0));
    assert_eq!(
        i32::from_le_bytes(db.initial_data[8..12].try_into().unwrap()),
        9
    );
}

#[test]
fn conflicting_uniform_types_are_a_link_error() {
    let vs = lower(
        "c.vert",
        "#version 300 es\nuniform float u;\nvoid main() { gl_Position = vec4(u); }\n",
    );
    let fs = lower(
        "c.frag",
        "#version 300 es\nprecision highp float;\nuniform vec2 u;\nout vec4 o;\nvoid main() { o = vec4(u, 0.0, 1.0); }\n",
    );
    let err = link_program(
        &mut [vs, fs],
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .unwrap_err();
    assert!(err.message.contains("different types"), "{err}");
}

/// A uniform only the vertex shader declares and one only the fragment shader declares:
/// both stages get the same block layout (rewriting one stage must not disturb the
/// member types taken from it for the other).
#[test]
fn stage_only_uniforms_get_one_layout() {
    let vs = lower(
        "s.vert",
        "#version 300 es\nin vec4 dEQP_Position;\nuniform int u_zero;\nout float v;\nvoid main() { v = float(u_zero); gl_Position = dEQP_Position; }\n",
    );
    let fs = lower(
        "s.frag",
        "#version 300 es\nprecision highp float;\nin float v;\nuniform float ref_f;\nout vec4 o;\nvoid main() { o = vec4(v, ref_f, 0.0, 1.0); }\n",
    );
    let mut prog = vec![vs, fs];
    let report = link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    let db = report.default_block.expect("block");
    let layout: Vec<(String, u32)> = db
        .members
        .iter()
        .map(|m| (m.name.clone(), m.offset))
        .collect();
    assert_eq!(
        layout,
        [("u_zero".to_string(), 0), ("ref_f".to_string(), 4)]
    );
    let block_types: Vec<String> = prog
        .iter()
        .map(|sh| {
            let (_, v) = sh
                .vars_of(VarMode::Ubo)
                .find(|(_, v)| v.name == DEFAULT_BLOCK_NAME)
                .expect("block in every stage");
            let fresnel_ir::Type::Struct { fields, .. } = sh.types.get(v.ty) else {
                panic!("a struct")
            };
            fields
                .iter()
                .map(|f| format!("{} {} @{:?}", sh.types.display(f.ty), f.name, f.offset))
                .collect::<Vec<_>>()
                .join("; ")
        })
        .collect();
    assert_eq!(block_types[0], block_types[1]);
    assert_eq!(block_types[0], "i32 u_zero @Some(0); f32 ref_f @Some(4)");
}

/// glslang's relaxed Vulkan mode: a default uniform whose structure holds samplers.
const OPAQUE_STRUCT_FS: &str = r#"#version 460
out vec4 o;
uniform vec4 a;
struct SamplerArray { sampler2D tn[4]; };
uniform struct e {
    vec2 x;
    float y;
    sampler2D t0;
    SamplerArray samplers;
} s;
uniform sampler2D t1;
struct OnlyOpaque { sampler2D a; SamplerArray b; };
uniform OnlyOpaque only;
vec4 baz(SamplerArray samplers) {
    return texture(samplers.tn[0], vec2(0)) + texture(samplers.tn[3], vec2(0));
}
void main() {
    o = a * s.y + vec4(s.x, 0, 0) + texture(s.t0, vec2(0)) + texture(t1, vec2(0))
        + baz(s.samplers) + texture(s.samplers.tn[int(a.x)], vec2(0))
        + texture(only.a, vec2(0)) + baz(only.b);
}
"#;

const OPAQUE_STRUCT_VS: &str = r#"#version 460
struct SamplerArray { sampler2D tn[4]; };
uniform struct e {
    vec2 x;
    float y;
    sampler2D t0;
    SamplerArray samplers;
} s;
void main() { gl_Position = vec4(s.x, s.y, 1.0) + textureLod(s.t0, vec2(0), 0.0); }
"#;

fn lower_relaxed(name: &str, src: &str) -> Shader {
    let opts = Options {
        stage: fresnel::Stage::from_extension(name.rsplit('.').next().unwrap()),
        target: TargetEnv::Vulkan { minor: 1 },
        relaxed_vulkan: true,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), &opts, &mut fresnel::NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.ir.expect("IR")
}

#[test]
fn structures_holding_samplers_are_split_into_one_uniform_per_opaque_leaf() {
    use fresnel_ir::{DerefKind, InstrKind, TexSrc, Type};
    let mut prog = vec![
        lower_relaxed("o.frag", OPAQUE_STRUCT_FS),
        lower_relaxed("o.vert", OPAQUE_STRUCT_VS),
    ];
    let report = link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    let db = report.default_block.expect("a default block");
    let names: Vec<&str> = db.members.iter().map(|m| m.name.as_str()).collect();
    // The vertex shader first; `s` once, `a` after it.
    assert_eq!(names, ["s", "a"]);
    for sh in &prog {
        fresnel_ir::validate(sh).unwrap_or_else(|e| panic!("invalid IR after linking: {e:?}"));
        // The structure keeps its non-opaque members only (dropped, not placeholders).
        let (_, block) = sh
            .vars_of(VarMode::Ubo)
            .find(|(_, v)| v.name == DEFAULT_BLOCK_NAME)
            .expect("the block");
        let Type::Struct { fields, .. } = sh.types.get(block.ty) else {
            panic!("a struct")
        };
        let Type::Struct {
            fields: s_fields, ..
        } = sh.types.get(fields[0].ty)
        else {
            panic!("`s` is a struct")
        };
        let s_names: Vec<&str> = s_fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(s_names, ["x", "y"]);
        // The opaque leaves are uniforms of their own, named by their path; the array
        // leaf stays one array.
        let opaque: Vec<(String, String)> = sh
            .vars_of(VarMode::Uniform)
            .map(|(_, v)| (v.name.clone(), sh.types.display(v.ty)))
            .collect();
        assert!(
            opaque.iter().any(|(n, _)| n == "s.t0"),
            "{opaque:?} in the {}",
            sh.stage.name()
        );
        assert!(opaque.iter().all(|(n, _)| n != "s"));
        if sh.stage == fresnel_ir::Stage::Fragment {
            let tn = sh
                .vars_of(VarMode::Uniform)
                .find(|(_, v)| v.name == "s.samplers.tn")
                .expect("s.samplers.tn");
            assert!(matches!(sh.types.get(tn.1.ty), Type::Array { len: 4, .. }));
            // A structure of opaque members only leaves nothing behind.
            for n in ["only.a", "only.b.tn"] {
                assert!(
                    sh.vars_of(VarMode::Uniform).any(|(_, v)| v.name == n),
                    "{n}"
                );
            }
            assert!(!sh.vars.iter().any(|(_, v)| v.name == "only"));
        }
        // Every texture reads a variable of its own (directly, or an element of one).
        let mut texs = 0;
        for (_, f) in sh.functions.iter() {
            for id in f.instrs_in_order() {
                let InstrKind::Tex(t) = &f.instrs[id].kind else {
                    continue;
                };
                texs += 1;
                let mut d = t.src(TexSrc::TextureDeref).expect("a texture deref");
                loop {
                    let InstrKind::Deref(x) = &f.def(d).kind else {
                        panic!("not a deref")
                    };
                    match x.kind {
                        DerefKind::Var(v) => {
                            assert!(sh.types.is_opaque(sh.vars[v].ty));
                            assert!(sh.vars[v].name != "s");
                            break;
                        }
                        DerefKind::Array { parent, .. } => d = parent,
                        k => panic!("texture through {k:?}"),
                    }
                }
            }
        }
        assert!(texs > 0);
        // Valid Vulkan SPIR-V.
        let opts = fresnel_backend::spirv::SpirvOptions {
            target: fresnel_backend::spirv::TargetEnv::Vulkan { minor: 1 },
            debug_names: true,
        };
        let words = fresnel_backend::spirv::emit(sh, &opts).expect("SPIR-V");
        let text = fresnel_backend::spirv::disassemble(&words).expect("disassembles");
        assert!(text.contains("\"s.t0\""), "{text}");
        let dir = std::env::temp_dir().join(format!("fresnel-link-split-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}.spv", sh.stage.name()));
        std::fs::write(&path, fresnel_backend::spirv::to_bytes(&words)).unwrap();
        let out = std::process::Command::new("spirv-val")
            .args(["--target-env", "vulkan1.1"])
            .arg(&path)
            .output()
            .expect("spirv-val is installed (Debian package spirv-tools)");
        assert!(
            out.status.success(),
            "spirv-val rejects the linked {} shader: {}\n{text}",
            sh.stage.name(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Samplers get bindings of their own, the same in both stages.
    let t0: Vec<_> = report
        .bindings
        .iter()
        .filter(|b| b.name == "s.t0")
        .collect();
    assert!(!t0.is_empty());
    assert!(t0
        .iter()
        .all(|b| b.binding == t0[0].binding && b.binding != db.binding));
}

/// Without the default block (the OpenGL target), such a structure stays whole.
#[test]
fn structures_holding_samplers_stay_whole_for_opengl() {
    let mut prog = vec![lower(
        "o.frag",
        OPAQUE_STRUCT_FS.replace("460", "460 core").as_str(),
    )];
    link_program(&mut prog, &LinkOptions::default()).expect("links");
    let sh = &prog[0];
    assert!(sh.vars_of(VarMode::Uniform).any(|(_, v)| v.name == "s"));
    assert!(!sh.vars_of(VarMode::Uniform).any(|(_, v)| v.name == "s.t0"));
}

/// glslang's relaxed Vulkan mode: atomic counters become `uint` members of storage buffers
/// (one per counter binding) and their operations atomic operations on them.
#[test]
fn atomic_counters_become_storage_buffer_members() {
    use fresnel_ir::{DerefKind, InstrKind, Intrinsic, Type};
    let src = r#"#version 460
out vec4 o;
layout(binding = 0) uniform atomic_uint c1;
layout(binding = 0, offset = 8) uniform atomic_uint c2[2];
layout(binding = 3) uniform atomic_uint c3;
void main() {
    uint j = atomicCounterIncrement(c1);
    j += atomicCounterDecrement(c2[1]);
    j += atomicCounter(c3) + atomicCounterAdd(c1, 2u) + atomicCounterCompSwap(c2[0], 1u, j);
    memoryBarrierAtomicCounter();
    o = vec4(float(j));
}
"#;
    let mut prog = vec![lower_relaxed("a.frag", src)];
    let report = link_program(
        &mut prog,
        &LinkOptions {
            default_block: Some(DefaultBlockOptions::default()),
        },
    )
    .expect("links");
    let sh = &prog[0];
    fresnel_ir::validate(sh).unwrap_or_else(|e| panic!("invalid IR after linking: {e:?}"));
    assert!(!sh
        .vars
        .iter()
        .any(|(_, v)| sh.types.display(v.ty).contains("atomic_uint")));
    // Blocks by counter binding, members at their offsets.
    let blocks: Vec<String> = sh
        .vars_of(VarMode::Ssbo)
        .map(|(_, v)| {
            let Type::Struct { fields, .. } = sh.types.get(v.ty) else {
                panic!("a block")
            };
            let members: Vec<String> = fields
                .iter()
                .map(|f| format!("{}@{:?}", f.name, f.offset))
                .collect();
            format!("{}: {}", v.name, members.join(", "))
        })
        .collect();
    assert_eq!(
        blocks,
        [
            "gl_AtomicCounterBlock_0: c1@Some(0), c2@Some(8)",
            "gl_AtomicCounterBlock_3: c3@Some(0)",
        ]
    );
    // Descriptor bindings of their own (not the counter bindings' numbers).
    let b0 = report
        .bindings
        .iter()
        .find(|b| b.name == "gl_AtomicCounterBlock_0")
        .expect("bound");
    let b3 = report
        .bindings
        .iter()
        .find(|b| b.name == "gl_AtomicCounterBlock_3")
        .expect("bound");
    assert_ne!(b0.binding, b3.binding);
    // Only buffer atomics, on buffer derefs.
    let mut atomics = 0;
    for (_, f) in sh.functions.iter() {
        for id in f.instrs_in_order() {
            match &f.instrs[id].kind {
                InstrKind::Intrinsic(x) => {
                    assert!(!matches!(
                        x.op,
                        Intrinsic::AtomicCounterRead
                            | Intrinsic::AtomicCounterOp
                            | Intrinsic::AtomicCounterOpSwap
                    ));
                    if matches!(x.op, Intrinsic::DerefAtomic | Intrinsic::DerefAtomicSwap) {
                        atomics += 1;
                        let InstrKind::Deref(d) = &f.def(x.srcs[0]).kind else {
                            panic!("a deref")
                        };
                        assert_eq!(d.mode, VarMode::Ssbo);
                    }
                }
                InstrKind::Deref(d) => {
                    if let DerefKind::Var(v) = d.kind {
                        assert!(sh.types.display(sh.vars[v].ty) != "atomic_uint");
                    }
                }
                _ => {}
            }
        }
    }
    assert_eq!(atomics, 5);
    let opts = fresnel_backend::spirv::SpirvOptions {
        target: fresnel_backend::spirv::TargetEnv::Vulkan { minor: 1 },
        debug_names: true,
    };
    let words = fresnel_backend::spirv::emit(sh, &opts).expect("SPIR-V");
    let text = fresnel_backend::spirv::disassemble(&words).expect("disassembles");
    assert!(!text.contains("AtomicStorage"), "{text}");
    let dir = std::env::temp_dir().join(format!("fresnel-link-atomic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.spv");
    std::fs::write(&path, fresnel_backend::spirv::to_bytes(&words)).unwrap();
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .expect("spirv-val is installed (Debian package spirv-tools)");
    assert!(
        out.status.success(),
        "spirv-val rejects it: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn per_patch_and_per_vertex_variables_share_the_location_space() {
    let tcs = r#"#version 320 es
layout(vertices = 3) out;
in highp float tc_in[];
out highp float te_in[];
patch out highp float pv;
layout(location = 1) patch out highp vec2 fixed_patch;
void main() {
    te_in[gl_InvocationID] = tc_in[gl_InvocationID];
    pv = 2.0;
    fixed_patch = vec2(1.0);
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
}
"#;
    let tes = r#"#version 320 es
layout(triangles) in;
in highp float te_in[];
patch in highp float pv;
layout(location = 1) patch in highp vec2 fixed_patch;
void main() {
    gl_Position = vec4(te_in[0] * pv + fixed_patch.x);
}
"#;
    let mut prog = vec![lower("p.tesc", tcs), lower("p.tese", tes)];
    link_program(&mut prog, &LinkOptions::default()).expect("links");
    let loc = |sh: &Shader, name: &str| {
        sh.vars
            .iter()
            .find(|(_, v)| v.name == name)
            .and_then(|(_, v)| v.location)
            .unwrap_or_else(|| panic!("`{name}` has a location"))
    };
    for sh in &prog {
        // Per-vertex `te_in` and per-patch `pv` at different locations, neither on the
        // explicit per-patch location 1.
        let (v, p) = (loc(sh, "te_in"), loc(sh, "pv"));
        assert_ne!(v, p, "{}", sh.stage.name());
        assert!(![v, p].contains(&1), "{}: {v} {p}", sh.stage.name());
    }
    assert_eq!(loc(&prog[0], "pv"), loc(&prog[1], "pv"));
    assert_eq!(loc(&prog[0], "te_in"), loc(&prog[1], "te_in"));
}
