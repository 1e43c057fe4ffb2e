//! Lowers one shader file and prints the IR (or the errors): `lower_file PATH [--no-ssa]`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: lower_file PATH");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let run = fresnel::lower_to_ir(
        fresnel::SourceInput::new(path, &text),
        &fresnel::Options::default(),
        &mut fresnel::NoIncludes,
    );
    if run.has_errors() {
        eprint!("{}", run.render_diagnostics(fresnel::ErrorFormat::Human, false));
        std::process::exit(1);
    }
    if let Some(ir) = &run.ir {
        let mut out = String::new();
        fresnel::ir::Printer::new(ir).shader(&mut out);
        print!("{out}");
        if let Err(errs) = fresnel::ir::validate(ir) {
            for e in errs {
                eprintln!("invalid: {e}");
            }
            std::process::exit(1);
        }
    }
}
