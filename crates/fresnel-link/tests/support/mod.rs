//! Shared by the unit-linking tests: lowering one unit and printing IR.

use fresnel::{Options, SourceInput, TargetEnv};
use fresnel_ir::{Printer, Shader};

/// Lowers one OpenGL unit (stage from the file extension); it must compile and validate.
pub fn lower(name: &str, src: &str) -> Shader {
    let opts = Options {
        stage: fresnel::Stage::from_extension(name.rsplit('.').next().unwrap_or("")),
        target: TargetEnv::OpenGl,
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(SourceInput::new(name, src), &opts, &mut fresnel::NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let ir = run.ir.expect("IR");
    fresnel_ir::validate(&ir).unwrap_or_else(|e| panic!("invalid unit IR: {e:?}"));
    ir
}

/// The IR text of a shader.
pub fn print(s: &Shader) -> String {
    let mut out = String::new();
    Printer::new(s).shader(&mut out);
    out
}
