//! Issue 5: `NonUniform` and `RelaxedPrecision` on instructions, checked in the disassembly
//! and by `spirv-val`: what is decorated (the marked copies, the indices computed from
//! them, the access chains, the loaded descriptors and sampled images), the capabilities
//! (`ShaderNonUniform`, `*ArrayNonUniformIndexing`, SPV_EXT_descriptor_indexing before
//! SPIR-V 1.5), and RelaxedPrecision on mediump/lowp results only.

use crate::support;

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

/// Compiles and disassembles; spirv-val must accept the module (when installed).
fn compile(src: &str, stage: Stage, target: TargetEnv, env: spirv::TargetEnv) -> String {
    let opts = Options {
        stage: Some(stage),
        target,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
    let ir = run.ir.unwrap_or_else(|| {
        let msgs: Vec<String> = run
            .diagnostics
            .as_slice()
            .iter()
            .map(|d| d.message.clone())
            .collect();
        panic!("front end failed: {msgs:?}")
    });
    let words = spirv::emit(
        &ir,
        &SpirvOptions {
            target: env,
            debug_names: true,
        },
    )
    .unwrap_or_else(|e| panic!("emit: {e}"));
    let text = spirv::disassemble(&words).expect("disassembles");
    if support::have_spirv_val() {
        support::validate(&words, env).unwrap_or_else(|e| panic!("spirv-val: {e}\n{text}"));
    }
    text
}

/// The ids decorated with `what`.
fn decorated(text: &str, what: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("OpDecorate ")?;
            let mut it = rest.split_whitespace();
            let id = it.next()?;
            (it.next()? == what && it.next().is_none()).then(|| id.to_string())
        })
        .collect()
}

/// The instruction defining `id` (its text after `=`).
fn def<'t>(text: &'t str, id: &str) -> &'t str {
    text.lines()
        .find_map(|l| {
            let (lhs, rhs) = l.split_once('=')?;
            (lhs.trim() == id).then_some(rhs.trim())
        })
        .unwrap_or_else(|| panic!("{id} not defined\n{text}"))
}

const NONUNIFORM: &str = r#"#version 450
#extension GL_EXT_nonuniform_qualifier : enable
layout(location = 0) in flat int i;
layout(location = 1) nonuniformEXT in flat int nu;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform sampler2D tex[];
layout(binding = 1) buffer B { float x; } bufs[];
layout(binding = 2) uniform U { vec4 y; } ubos[4];
layout(binding = 3, r32f) uniform image2D imgs[4];
void main() {
    vec4 c = texture(tex[nonuniformEXT(i + 1)], vec2(0.5));
    c += texture(tex[i], vec2(0.25));
    c.x += bufs[nu].x;
    c += ubos[nu & 3].y;
    c += imageLoad(imgs[nonuniformEXT(i) & 3], ivec2(0));
    color = c;
}
"#;

#[test]
fn nonuniform_decorations_and_capabilities() {
    for (env, ext) in [
        (spirv::TargetEnv::Vulkan { minor: 2 }, false),
        (spirv::TargetEnv::Vulkan { minor: 1 }, true),
        (spirv::TargetEnv::Vulkan { minor: 0 }, true),
    ] {
        let t = compile(
            NONUNIFORM,
            Stage::Fragment,
            TargetEnv::Vulkan { minor: 2 },
            env,
        );
        for cap in [
            "ShaderNonUniform",
            "SampledImageArrayNonUniformIndexing",
            "StorageBufferArrayNonUniformIndexing",
            "UniformBufferArrayNonUniformIndexing",
            "StorageImageArrayNonUniformIndexing",
        ] {
            assert!(t.contains(&format!("OpCapability {cap}\n")), "{cap}\n{t}");
        }
        assert_eq!(
            t.contains("OpExtension \"SPV_EXT_descriptor_indexing\""),
            ext,
            "{t}"
        );
        let nu = decorated(&t, "NonUniform");
        let defs: Vec<&str> = nu.iter().map(|id| def(&t, id)).collect();
        let count = |op: &str| defs.iter().filter(|d| d.starts_with(op)).count();
        // The marked copies: nonuniformEXT(i + 1), nonuniformEXT(i), the read of `nu`
        // (twice: once per expression).
        assert!(count("OpCopyObject") >= 3, "{defs:?}\n{t}");
        // Index arithmetic on them: (nu & 3), (nonuniformEXT(i) & 3).
        assert!(count("OpBitwiseAnd") >= 2, "{defs:?}\n{t}");
        // Access chains into tex, bufs (array and member), ubos, imgs.
        assert!(count("OpAccessChain") >= 4, "{defs:?}\n{t}");
        // The loaded sampler and image, the loads of bufs[nu].x and ubos[..].y.
        assert!(count("OpLoad") >= 4, "{defs:?}\n{t}");
        // The uniform lookup tex[i] is not decorated: only one sample's image is.
        let sampled: Vec<&str> = t
            .lines()
            .filter(|l| l.contains("OpImageSampleImplicitLod"))
            .collect();
        assert_eq!(sampled.len(), 2, "{t}");
        let images_nu = sampled
            .iter()
            .filter(|l| {
                let img = l.split_whitespace().nth(4).expect("image operand");
                nu.iter().any(|x| x == img)
            })
            .count();
        assert_eq!(images_nu, 1, "{t}");
    }
}

const NONUNIFORM_SEPARATE: &str = r#"#version 450
#extension GL_EXT_nonuniform_qualifier : enable
layout(location = 0) in flat int i;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform texture2D t[8];
layout(set = 0, binding = 1) uniform sampler s;
void main() {
    color = texture(nonuniformEXT(sampler2D(t[i], s)), vec2(0.5));
}
"#;

#[test]
fn nonuniform_combined_sampler_decorates_the_sampled_image() {
    let env = spirv::TargetEnv::Vulkan { minor: 2 };
    let t = compile(
        NONUNIFORM_SEPARATE,
        Stage::Fragment,
        TargetEnv::Vulkan { minor: 2 },
        env,
    );
    let nu = decorated(&t, "NonUniform");
    let defs: Vec<&str> = nu.iter().map(|id| def(&t, id)).collect();
    assert!(
        defs.iter().any(|d| d.starts_with("OpSampledImage")),
        "{defs:?}\n{t}"
    );
    assert!(
        defs.iter().any(|d| d.starts_with("OpLoad")),
        "{defs:?}\n{t}"
    );
    assert!(t.contains("OpCapability ShaderNonUniform\n"), "{t}");
}

#[test]
fn no_nonuniform_without_the_qualifier() {
    let src = NONUNIFORM
        .replace("nonuniformEXT(i + 1)", "(i + 1)")
        .replace("nonuniformEXT(i)", "(i)")
        .replace("nonuniformEXT in", "in");
    let t = compile(
        &src,
        Stage::Fragment,
        TargetEnv::Vulkan { minor: 2 },
        spirv::TargetEnv::Vulkan { minor: 2 },
    );
    assert!(decorated(&t, "NonUniform").is_empty(), "{t}");
    assert!(!t.contains("NonUniformIndexing"), "{t}");
    assert!(!t.contains("ShaderNonUniform"), "{t}");
}

const PRECISION: &str = r#"#version 310 es
precision highp float;
layout(location = 0) in mediump vec4 m;
layout(location = 1) in highp vec4 h;
layout(location = 0) out mediump vec4 o;
layout(binding = 0) uniform mediump sampler2D smp;
void main() {
    mediump vec4 a = m * m;
    highp vec4 b = h * h;
    mediump vec4 t = texture(smp, m.xy);
    bool lt = m.x < 0.5;
    o = lt ? a + t : b;
}
"#;

#[test]
fn relaxed_precision_on_mediump_results() {
    let t = compile(
        PRECISION,
        Stage::Fragment,
        TargetEnv::Vulkan { minor: 0 },
        spirv::TargetEnv::Vulkan { minor: 0 },
    );
    let rel = decorated(&t, "RelaxedPrecision");
    let defs: Vec<&str> = rel.iter().map(|id| def(&t, id)).collect();
    let count = |op: &str| defs.iter().filter(|d| d.starts_with(op)).count();
    assert_eq!(count("OpFMul"), 1, "{defs:?}\n{t}"); // m * m, not h * h
    assert_eq!(count("OpFAdd"), 1, "{defs:?}\n{t}");
    assert_eq!(count("OpImageSampleImplicitLod"), 1, "{defs:?}\n{t}");
    assert_eq!(count("OpFOrdLessThan"), 0, "{defs:?}\n{t}");
    // Variables keep theirs (m, o, smp).
    assert!(count("OpVariable") >= 2, "{defs:?}\n{t}");
}
