//! A job that does not finish within the `Gpu`'s timeout (here 0: any real work) fails with
//! `DeviceLost`, its objects are leaked rather than destroyed while in use, later jobs are
//! refused, and dropping the `Gpu` does not wait for the device. (Its own test binary.
//! Lavapipe ends every loop after 65535 iterations, so a shader cannot hang it for good;
//! the test lets the abandoned job end with `Gpu::settle` before the process exits, since a
//! driver thread still running during the exit's teardown crashed it once.)

use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_vk::{BufferBinding, BufferKind, ComputeJob, Gpu, VkError};

#[test]
fn a_job_over_the_timeout_is_reported_and_poisons_the_device() {
    let mut gpu = match Gpu::new() {
        Ok(g) => g,
        Err(e) if std::env::var("FRESNEL_SKIP_VULKAN").is_ok_and(|v| v == "1") => {
            eprintln!("skipped (FRESNEL_SKIP_VULKAN=1): {e}");
            return;
        }
        Err(e) => panic!("{e} (set FRESNEL_SKIP_VULKAN=1 to skip the Vulkan tests)"),
    };
    gpu.timeout = std::time::Duration::ZERO;
    let cs = r#"#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer B { float v; uint n; };
void main() {
    float x = v;
    while (x >= 0.0) { x += 1.0; n += 1u; }
    v = x;
}
"#;
    let opts = fresnel::Options {
        stage: Some(fresnel::Stage::Compute),
        target: fresnel::TargetEnv::Vulkan { minor: 0 },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("hang.comp", cs),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let spirv = emit(
        &run.ir.expect("IR"),
        &SpirvOptions {
            target: SpvTarget::Vulkan { minor: 0 },
            debug_names: true,
        },
    )
    .expect("SPIR-V");
    let job = ComputeJob {
        spirv,
        groups: [256, 1, 1],
        bindings: vec![BufferBinding {
            set: 0,
            binding: 0,
            element: 0,
            kind: BufferKind::Storage,
            data: vec![0; 16],
        }],
        addresses: Vec::new(),
    };
    let start = std::time::Instant::now();
    let r = gpu.dispatch(&job);
    assert!(matches!(r, Err(VkError::DeviceLost(_))), "{r:?}");
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
    assert!(matches!(gpu.dispatch(&job), Err(VkError::DeviceLost(_))));
    // Let the abandoned job end (lavapipe stops every loop after 65535 iterations) before
    // the process exits: a driver thread still running at exit can crash the teardown.
    let _ = gpu.settle(std::time::Duration::from_secs(120));
    drop(gpu);
}
