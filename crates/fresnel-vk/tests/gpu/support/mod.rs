//! Shared by the Vulkan execution tests: the device (or a skip when `FRESNEL_SKIP_VULKAN=1`),
//! compute shaders compiled to SPIR-V at a level and Vulkan version, and opcode counts.
#![allow(dead_code)] // Each test file uses part of it.

use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as SpvTarget};
use fresnel_vk::Gpu;

/// The Vulkan device, or `None` (with a message) when Vulkan is unavailable and
/// `FRESNEL_SKIP_VULKAN=1` says to skip; otherwise unavailability fails the test.
pub fn gpu() -> Option<Gpu> {
    match Gpu::new() {
        Ok(g) => Some(g),
        Err(e) if std::env::var("FRESNEL_SKIP_VULKAN").is_ok_and(|v| v == "1") => {
            eprintln!("skipped (FRESNEL_SKIP_VULKAN=1): {e}");
            None
        }
        Err(e) => panic!("{e} (set FRESNEL_SKIP_VULKAN=1 to skip the Vulkan tests)"),
    }
}

/// The IR of a shader of `stage` for Vulkan 1.`minor`, optimized at `level` when given.
pub fn ir(
    stage: fresnel::Stage,
    src: &str,
    level: Option<fresnel_opt::OptLevel>,
    minor: u8,
) -> fresnel::ir::Shader {
    let opts = fresnel::Options {
        stage: Some(stage),
        target: fresnel::TargetEnv::Vulkan { minor },
        ..fresnel::Options::default()
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new("t.glsl", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let mut ir = run.ir.unwrap_or_else(|| panic!("{:?}", run.diagnostics));
    if let Some(level) = level {
        fresnel_opt::optimize(&mut ir, level, fresnel_opt::TargetFacts::default())
            .expect("optimize");
    }
    ir
}

/// A shader of `stage` compiled for Vulkan 1.`minor`, optimized at `level` when given.
pub fn stage_spirv(
    stage: fresnel::Stage,
    src: &str,
    level: Option<fresnel_opt::OptLevel>,
    minor: u8,
) -> Vec<u32> {
    emit(
        &ir(stage, src, level, minor),
        &SpirvOptions {
            target: SpvTarget::Vulkan { minor },
            debug_names: true,
        },
    )
    .expect("SPIR-V")
}

/// A compute shader compiled for Vulkan 1.`minor`, optimized at `level` when given.
pub fn compute_spirv(src: &str, level: Option<fresnel_opt::OptLevel>, minor: u8) -> Vec<u32> {
    stage_spirv(fresnel::Stage::Compute, src, level, minor)
}

/// The compute shader run by the CPU interpreter (one workgroup) with the uniform block `U`
/// and a zeroed storage block `Out` of `out_bytes`; returns `Out`.
pub fn interpret_compute(
    src: &str,
    level: Option<fresnel_opt::OptLevel>,
    ubo: Vec<u8>,
    out_bytes: usize,
) -> Vec<u8> {
    let ir = ir(fresnel::Stage::Compute, src, level, 0);
    let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
    it.set_buffer("U", ubo).expect("U");
    it.set_buffer("Out", vec![0; out_bytes]).expect("Out");
    it.run_compute([1, 1, 1]).expect("run");
    it.buffer("Out").expect("Out").to_vec()
}

/// How many instructions of `opcode` a module has.
pub fn opcode_count(words: &[u32], opcode: u16) -> usize {
    let mut i = 5;
    let mut n = 0;
    while i < words.len() {
        let len = (words[i] >> 16) as usize;
        if (words[i] & 0xffff) as u16 == opcode {
            n += 1;
        }
        i += len.max(1);
    }
    n
}

/// Runs one workgroup of `spirv` with a zeroed storage buffer of `out_bytes` at set 0,
/// binding 0 and the uniform block `ubo` at binding 1; returns the storage buffer.
pub fn run_out_ubo(gpu: &Gpu, spirv: Vec<u32>, out_bytes: usize, ubo: &[u8]) -> Vec<u8> {
    use fresnel_vk::{BufferBinding, BufferKind, ComputeJob};
    let binding = |binding, kind, data| BufferBinding {
        set: 0,
        binding,
        element: 0,
        kind,
        data,
    };
    let mut out = gpu
        .dispatch(&ComputeJob {
            spirv,
            groups: [1, 1, 1],
            bindings: vec![
                binding(0, BufferKind::Storage, vec![0; out_bytes]),
                binding(1, BufferKind::Uniform, ubo.to_vec()),
            ],
            addresses: Vec::new(),
        })
        .expect("dispatch");
    out.swap_remove(0)
}

/// A buffer's bytes read as little-endian 32-bit floats.
pub fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The std140 bytes of `uniform U { vec4 p; int k; }`.
pub fn ubo_vec4_int(p: [f32; 4], k: i32) -> Vec<u8> {
    let mut ubo: Vec<u8> = p.iter().flat_map(|x| x.to_le_bytes()).collect();
    ubo.extend(k.to_le_bytes());
    ubo.extend([0u8; 12]);
    ubo
}

fn minor(a: &[Vec<f64>], r: usize, c: usize) -> Vec<Vec<f64>> {
    a.iter()
        .enumerate()
        .filter(|(i, _)| *i != r)
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|(j, _)| *j != c)
                .map(|(_, x)| *x)
                .collect()
        })
        .collect()
}

/// The determinant of `a` (by rows), in f64 by cofactors: the reference the matrix tests
/// compare the GPU's and the interpreter's results with.
#[allow(dead_code)]
pub fn det(a: &[Vec<f64>]) -> f64 {
    if a.len() == 1 {
        return a[0][0];
    }
    (0..a.len())
        .map(|c| {
            let s = if c % 2 == 0 { 1.0 } else { -1.0 };
            s * a[0][c] * det(&minor(a, 0, c))
        })
        .sum()
}

/// The inverse of `a` (by rows), by rows, in f64 by cofactors.
#[allow(dead_code)]
pub fn inverse(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = a.len();
    let d = det(a);
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let s = if (r + c) % 2 == 0 { 1.0 } else { -1.0 };
                    s * det(&minor(a, c, r)) / d
                })
                .collect()
        })
        .collect()
}

/// Runs one workgroup of `words`, specialized by `spec` (`(constant_id, 32-bit value)`),
/// with a storage buffer of `bytes` bytes of `0xff` at set 0, binding 0; returns that
/// buffer as 32-bit words.
#[allow(dead_code)] // Not every test file specializes.
pub fn run_specialized(gpu: &Gpu, words: &[u32], spec: &[(u32, u32)], bytes: usize) -> Vec<u32> {
    use fresnel_vk::{BufferBinding, BufferKind, ComputeJob};
    let out = gpu
        .dispatch_specialized(
            &ComputeJob {
                spirv: words.to_vec(),
                groups: [1, 1, 1],
                bindings: vec![BufferBinding {
                    set: 0,
                    binding: 0,
                    element: 0,
                    kind: BufferKind::Storage,
                    data: vec![0xff; bytes],
                }],
                addresses: Vec::new(),
            },
            spec,
        )
        .expect("dispatch");
    out[0]
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
