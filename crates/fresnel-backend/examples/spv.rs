//! `cargo run -p fresnel-backend --example spv -- FILE.{vert,frag,comp} [vulkan|opengl] OUT.spv`:
//! compiles one shader to SPIR-V (a development aid; the CLI's `--emit spirv` is the tool).

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: spv FILE vulkan|opengl OUT");
        std::process::exit(2);
    }
    let src = std::fs::read_to_string(&args[1]).expect("read");
    let ext = args[1].rsplit('.').next().unwrap_or("");
    let gl = args[2] == "opengl";
    let opts = Options {
        stage: Stage::from_extension(ext),
        target: if gl {
            TargetEnv::OpenGl
        } else {
            TargetEnv::Vulkan { minor: 0 }
        },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new(&args[1], &src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    let Some(ir) = run.ir else {
        eprintln!(
            "front end failed: {:?}",
            run.diagnostics.as_slice().first().map(|d| &d.message)
        );
        std::process::exit(1);
    };
    let sopts = spirv::SpirvOptions {
        target: if gl {
            spirv::TargetEnv::OpenGl
        } else {
            spirv::TargetEnv::Vulkan { minor: 0 }
        },
        ..Default::default()
    };
    match spirv::emit(&ir, &sopts) {
        Ok(words) => std::fs::write(&args[3], spirv::to_bytes(&words)).expect("write"),
        Err(e) => {
            eprintln!("spirv: {e}");
            std::process::exit(1);
        }
    }
}
