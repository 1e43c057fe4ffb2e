//! Shared by the lowering tests: lower a shader with and without SSA, and require each form
//! to validate and to round-trip through the IR text form.

use fresnel::ir::Shader;
use fresnel::{NoIncludes, Options, SourceInput};

/// Checks `src` with `opts`, lowers it without SSA and with it (`vulkan` as given), and
/// returns `[no_ssa, ssa]`; panics with the diagnostics, the lowering error, the validation
/// errors or the text that does not round-trip.
pub fn lower_both(name: &str, src: &str, opts: &Options, vulkan: bool) -> Vec<Shader> {
    let run = fresnel::check(SourceInput::new(name, src), opts, &mut NoIncludes);
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let mut out = Vec::new();
    for no_ssa in [true, false] {
        let lopts = fresnel::lower::LowerOptions { vulkan, no_ssa };
        let ir = fresnel::lower::lower(module, &run.interner, &lopts)
            .unwrap_or_else(|e| panic!("lowering failed: {e}"));
        let mut text = String::new();
        fresnel::ir::Printer::new(&ir).shader(&mut text);
        if let Err(errs) = fresnel::ir::validate(&ir) {
            panic!(
                "invalid IR:\n{}\n{text}",
                errs.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
        let parsed = fresnel::ir::parse(&text).unwrap_or_else(|e| panic!("parse: {e}\n{text}"));
        fresnel::ir::validate(&parsed).expect("parsed IR validates");
        let mut again = String::new();
        fresnel::ir::Printer::new(&parsed).shader(&mut again);
        assert_eq!(text, again, "round trip");
        out.push(ir);
    }
    out
}
