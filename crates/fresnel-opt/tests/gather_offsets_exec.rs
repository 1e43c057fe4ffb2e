//! `textureGatherOffsets` (issue 6) is one `tg4` with `OffsetsX` / `OffsetsY` sources. Run in
//! the interpreter, unoptimized and at `-O`, it must give what four `textureGatherOffset`
//! calls give (texel i = component w of the gather at offset i), for plain, shadow and
//! sparse gathers; the SPIR-V must validate and, at `-O`, use `ConstOffsets`.

use fresnel::ir::{InstrKind, SamplerDim, Shader, TexSrc};
use fresnel::{NoIncludes, Options, SourceInput, TargetEnv};
use fresnel_interp::{Interp, Level, Texture};
use fresnel_opt::{optimize, OptLevel, TargetFacts};

const CS: &str = "#version 450
#extension GL_ARB_sparse_texture2 : enable
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform sampler2D s;
layout(set = 0, binding = 1) uniform sampler2DShadow z;
layout(set = 0, binding = 2, std430) buffer Out { vec4 r[4 * 6]; };
const ivec2 offs[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(-1, 2), ivec2(-2, -1));
void main() {
    uint i = gl_LocalInvocationID.x;
    vec2 uv = vec2(0.15 + 0.2 * float(i), 0.4 + 0.1 * float(i));
    r[i * 6u + 0u] = textureGatherOffsets(s, uv, offs, 1);
    r[i * 6u + 1u] = vec4(textureGatherOffset(s, uv, offs[0], 1).w,
                          textureGatherOffset(s, uv, offs[1], 1).w,
                          textureGatherOffset(s, uv, offs[2], 1).w,
                          textureGatherOffset(s, uv, offs[3], 1).w);
    r[i * 6u + 2u] = textureGatherOffsets(z, uv, 6.5, offs);
    r[i * 6u + 3u] = vec4(textureGatherOffset(z, uv, 6.5, offs[0]).w,
                          textureGatherOffset(z, uv, 6.5, offs[1]).w,
                          textureGatherOffset(z, uv, 6.5, offs[2]).w,
                          textureGatherOffset(z, uv, 6.5, offs[3]).w);
    vec4 t;
    int code = sparseTextureGatherOffsetsARB(s, uv, offs, t, 0);
    r[i * 6u + 4u] = t;
    r[i * 6u + 5u] = vec4(textureGatherOffset(s, uv, offs[0], 0).w,
                          textureGatherOffset(s, uv, offs[1], 0).w,
                          textureGatherOffset(s, uv, offs[2], 0).w,
                          float(sparseTexelsResidentARB(code)));
}
";

fn lower(level: Option<OptLevel>) -> Shader {
    let opts = Options {
        target: TargetEnv::Vulkan { minor: 0 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new("t.comp", CS), &opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let mut ir = run.ir.expect("IR");
    if let Some(level) = level {
        optimize(&mut ir, level, TargetFacts::default()).expect("optimize");
    }
    ir
}

/// An 8x8 texture, texel (x, y) = (x + 8y, 100 + x + 8y, 0, 1).
fn texture() -> Texture {
    Texture::new(
        SamplerDim::D2,
        false,
        Level::from_fn(8, 8, 1, |x, y, _| {
            let v = f64::from(x + 8 * y);
            [v, 100.0 + v, 0.0, 1.0]
        }),
    )
}

fn run(sh: &Shader) -> Vec<f32> {
    let mut it = Interp::new(sh).expect("interpreter");
    it.set_buffer("Out", vec![0u8; 4 * 6 * 16]).expect("Out");
    it.bind_texture("s", 0, texture()).expect("s");
    it.bind_texture("z", 0, texture()).expect("z");
    it.run_compute([1, 1, 1]).expect("runs");
    it.buffer("Out")
        .expect("written")
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Gathers with both offset sources, and gathers in all.
fn gathers(sh: &Shader) -> (usize, usize) {
    let f = &sh.functions[sh.entry.expect("entry")];
    let mut with = 0;
    let mut all = 0;
    for i in f.instrs_in_order() {
        if let InstrKind::Tex(t) = &f.instrs[i].kind {
            all += 1;
            if t.src(TexSrc::OffsetsX).is_some() && t.src(TexSrc::OffsetsY).is_some() {
                with += 1;
            }
        }
    }
    (with, all)
}

#[test]
fn gather_offsets_is_four_offset_gathers() {
    for level in [None, Some(OptLevel::O)] {
        let sh = lower(level);
        fresnel_ir::validate(&sh).expect("valid IR");
        // Three gathers with four offsets (one instruction each) and 11 single ones.
        assert_eq!(gathers(&sh), (3, 14), "{level:?}");
        let r = run(&sh);
        for i in 0..4 {
            let v = |k: usize| &r[(i * 6 + k) * 4..(i * 6 + k) * 4 + 4];
            assert_eq!(v(0), v(1), "{level:?} invocation {i}: plain");
            assert_eq!(v(2), v(3), "{level:?} invocation {i}: shadow");
            assert_eq!(&v(4)[..3], &v(5)[..3], "{level:?} invocation {i}: sparse");
            assert_eq!(v(5)[3], 1.0, "{level:?}: resident");
            // The texels differ from one offset to the next (the test sees the offsets).
            assert!(v(0)[0] != v(0)[1] && v(0)[2] != v(0)[3], "{:?}", v(0));
        }
    }
}

#[test]
fn spirv_uses_const_offsets_at_o_and_validates() {
    use fresnel_backend::spirv::{emit, SpirvOptions, TargetEnv as Spv};
    for (level, want_const) in [(None, false), (Some(OptLevel::O), true)] {
        let sh = lower(level);
        let words = emit(
            &sh,
            &SpirvOptions {
                target: Spv::Vulkan { minor: 0 },
                debug_names: false,
            },
        )
        .expect("SPIR-V");
        // Image operands mask words of OpImageGather (96), OpImageDrefGather (97) and
        // OpImageSparseGather (314): ConstOffsets = 0x20.
        let mut i = 5;
        let mut const_offsets = 0;
        while i < words.len() {
            let (opc, len) = (words[i] & 0xffff, (words[i] >> 16) as usize);
            if matches!(opc, 96 | 97 | 314) && len > 6 && words[i + 6] == 0x20 {
                const_offsets += 1;
            }
            i += len.max(1);
        }
        assert_eq!(const_offsets, if want_const { 3 } else { 0 }, "{level:?}");
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let path = std::env::temp_dir().join(format!(
            "fresnel-gather-offsets-{}-{}.spv",
            std::process::id(),
            u8::from(want_const)
        ));
        std::fs::write(&path, bytes).expect("write");
        let out = std::process::Command::new("spirv-val")
            .args(["--target-env", "vulkan1.0"])
            .arg(&path)
            .output()
            .expect("spirv-val (spirv-tools)");
        let _ = std::fs::remove_file(&path);
        assert!(
            out.status.success(),
            "{level:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
