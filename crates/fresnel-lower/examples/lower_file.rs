//! Lowers one shader file and prints the IR (or the errors), then validates it:
//! `lower_file PATH [--no-ssa]` (`STACK_MB`: the stack size, default 16; `CHECK_ONLY`: stop
//! after semantic analysis).

fn main() {
    // The front end and the lowering recurse over the tree: run on a large stack, as the CLI does.
    let stack = std::env::var("STACK_MB")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(16);
    let h = std::thread::Builder::new()
        .stack_size(stack << 20)
        .spawn(run)
        .expect("thread");
    let code = h.join().unwrap_or(101);
    std::process::exit(code);
}

fn run() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: lower_file PATH");
        return 2;
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return 2;
        }
    };
    if std::env::var("CHECK_ONLY").is_ok() {
        let run = fresnel::check(
            fresnel::SourceInput::new(path, &text),
            &fresnel::Options::default(),
            &mut fresnel::NoIncludes,
        );
        return i32::from(run.has_errors());
    }
    let no_ssa = std::env::args().any(|a| a == "--no-ssa");
    let mut run = fresnel::check(
        fresnel::SourceInput::new(path, &text),
        &fresnel::Options::default(),
        &mut fresnel::NoIncludes,
    );
    if !run.has_errors() {
        if let Some(module) = run.hir.as_ref() {
            let opts = fresnel::lower::LowerOptions {
                vulkan: false,
                no_ssa,
            };
            match fresnel::lower::lower(module, &run.interner, &opts) {
                Ok(ir) => run.ir = Some(ir),
                Err(e) => {
                    eprintln!("{path}: lowering error: {e}");
                    return 1;
                }
            }
        }
    }
    if run.has_errors() {
        eprint!(
            "{}",
            run.render_diagnostics(fresnel::ErrorFormat::Human, false)
        );
        return 1;
    }
    if let Some(ir) = &run.ir {
        let mut out = String::new();
        fresnel::ir::Printer::new(ir).shader(&mut out);
        print!("{out}");
        if let Err(errs) = fresnel::ir::validate(ir) {
            for e in errs {
                eprintln!("invalid: {e}");
            }
            return 1;
        }
    }
    0
}
