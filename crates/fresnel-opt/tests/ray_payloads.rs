//! Variables with a storage class of their own (ray payloads, callable data, hit
//! attributes) are `Global` in the IR but must survive `-O` as they are: a payload written
//! before `traceRayEXT` and read after it is neither a local (`lower_global_vars_to_local`)
//! nor dead (`opt_dead_variables`), since the shaders the trace calls read and write it.

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_opt::{optimize, OptLevel, TargetFacts};

const RGEN: &str = r#"#version 460
#extension GL_EXT_ray_tracing : require
layout(binding = 0, set = 0) uniform accelerationStructureEXT tlas;
layout(location = 1) rayPayloadEXT vec4 payload;
layout(location = 2) rayPayloadEXT float unused_payload;
layout(location = 0) callableDataEXT vec4 data;
layout(binding = 1, set = 0) buffer B { vec4 result; };
void main() {
    payload = vec4(0.5);
    traceRayEXT(tlas, 0, 0xff, 0, 1, 0, vec3(0.0), 0.1, vec3(0.0, 0.0, 1.0), 10.0, 1);
    data = payload;
    executeCallableEXT(0, 0);
    result = payload + data;
}
"#;

#[test]
fn payloads_keep_their_storage_at_o() {
    let opts = Options {
        stage: fresnel::Stage::from_extension("rgen"),
        target: TargetEnv::Vulkan { minor: 2 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.rgen", RGEN),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let mut ir = run.ir.unwrap_or_else(|| panic!("{:?}", run.diagnostics));
    optimize(&mut ir, OptLevel::O, TargetFacts::default()).expect("optimize");
    for name in ["payload", "unused_payload", "data"] {
        let v = ir
            .vars
            .values()
            .find(|v| v.name == name)
            .unwrap_or_else(|| panic!("`{name}` was removed:\n{ir}"));
        assert_eq!(v.mode, fresnel_ir::VarMode::Global, "{name}");
        assert!(v.ext_storage.is_some(), "{name}");
    }
    let words = emit(
        &ir,
        &SpirvOptions {
            target: SpvTarget::Vulkan { minor: 2 },
            debug_names: false,
        },
    )
    .expect("SPIR-V");
    let path = std::env::temp_dir().join(format!("fresnel-payload-{}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).expect("write");
    match std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2"])
        .arg(&path)
        .output()
    {
        Ok(out) => assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => eprintln!("spirv-val not run: {e}"),
    }
    let _ = std::fs::remove_file(&path);
}
