//! Issue 5: the `-O` pipeline keeps the marks the SPIR-V writer turns into `NonUniform` and
//! `RelaxedPrecision` (CSE merges flags, copy propagation keeps marked moves, inlining copies
//! them), so the optimized module still decorates the non-uniform access chains and loaded
//! descriptors, and spirv-val accepts it.

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};
use fresnel_opt::{OptLevel, PassManager, Pipeline, RunOptions, TargetFacts};

fn optimized(src: &str, level: OptLevel) -> fresnel_ir::Shader {
    let opts = Options {
        stage: Some(Stage::Fragment),
        target: TargetEnv::Vulkan { minor: 2 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("t", src), &opts, &mut fresnel::NoIncludes);
    let mut ir = run.ir.expect("lowers");
    let pm = PassManager::new(
        Pipeline::for_level(
            level,
            TargetFacts {
                default_uniforms: false,
            },
        ),
        RunOptions {
            validate: true,
            ..RunOptions::default()
        },
    );
    pm.run(&mut ir).expect("optimizes");
    ir
}

const SRC: &str = r#"#version 450
#extension GL_EXT_nonuniform_qualifier : enable
layout(location = 0) in flat int i;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform sampler2D tex[];
layout(binding = 1) buffer B { float x; } bufs[];
int pick(int k) { return nonuniformEXT(k) + 1; }
void main() {
    int j = pick(i);
    int k = nonuniformEXT(i + 1);
    color = texture(tex[j], vec2(0.5)) + texture(tex[i + 1], vec2(0.25));
    color.x += bufs[k].x;
}
"#;

#[test]
fn optimized_modules_keep_nonuniform() {
    for level in [OptLevel::O, OptLevel::Os] {
        let ir = optimized(SRC, level);
        let f = &ir.functions[ir.entry.expect("entry")];
        let marked = f
            .value_flags
            .iter()
            .filter(|(v, fl)| fl.non_uniform && !f.instrs[f.values[**v].def].removed)
            .count();
        assert!(marked >= 1, "{ir}");
        let env = spirv::TargetEnv::Vulkan { minor: 2 };
        let words = spirv::emit(
            &ir,
            &SpirvOptions {
                target: env,
                debug_names: true,
            },
        )
        .expect("emits");
        let text = spirv::disassemble(&words).expect("disassembles");
        let decorated: Vec<&str> = text
            .lines()
            .filter_map(|l| {
                let rest = l.trim().strip_prefix("OpDecorate ")?;
                rest.ends_with(" NonUniform")
                    .then(|| rest.split_whitespace().next().unwrap_or(""))
            })
            .collect();
        let def = |id: &str| {
            text.lines()
                .find_map(|l| {
                    let (lhs, rhs) = l.split_once('=')?;
                    (lhs.trim() == id).then(|| rhs.trim().to_string())
                })
                .unwrap_or_default()
        };
        let chains = decorated
            .iter()
            .filter(|id| def(id).starts_with("OpAccessChain"))
            .count();
        let loads = decorated
            .iter()
            .filter(|id| def(id).starts_with("OpLoad"))
            .count();
        // tex[j] (through the inlined call), bufs[k] and its member: chains and loads.
        assert!(chains >= 2, "{decorated:?}\n{text}");
        assert!(loads >= 2, "{decorated:?}\n{text}");
        assert!(
            text.contains("OpCapability SampledImageArrayNonUniformIndexing"),
            "{text}"
        );
        assert!(
            text.contains("OpCapability StorageBufferArrayNonUniformIndexing"),
            "{text}"
        );
        // spirv-val, when installed.
        let dir = std::env::temp_dir().join(format!("fresnel-nu-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("m.spv");
        std::fs::write(&path, spirv::to_bytes(&words)).expect("write");
        if let Ok(out) = std::process::Command::new("spirv-val")
            .args(["--target-env", env.val_name()])
            .arg(&path)
            .output()
        {
            assert!(
                out.status.success(),
                "{}\n{text}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
