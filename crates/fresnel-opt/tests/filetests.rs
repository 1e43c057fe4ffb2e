//! IR filetests for each pass (after Cranelift's): `tests/filetests/*.ir` hold a first
//! line `// pass: NAME, NAME...`, the input IR, a line `// ---- expect`, and the IR
//! expected after running the passes in order (each once). The output must validate and
//! equal the expected text. `FRESNEL_BLESS=1` rewrites the expected part.

use std::path::Path;

use libtest_mimic::{Arguments, Failed, Trial};

const SPLIT: &str = "// ---- expect";

fn run_file(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{e}"))?;
    let first = text.lines().next().unwrap_or("");
    let names = first
        .strip_prefix("// pass:")
        .ok_or("the first line must be `// pass: NAME, ...`")?;
    let (input, expected) = text.split_once(SPLIT).ok_or("no `// ---- expect` line")?;
    let input: String = input.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let mut shader =
        fresnel_ir::parse(&input).map_err(|e| format!("the input does not parse: {e:?}"))?;
    fresnel_ir::validate(&shader).map_err(|e| format!("the input is invalid: {e:?}"))?;
    for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let pass = fresnel_opt::pass_by_name(name).ok_or(format!("no pass `{name}`"))?;
        pass.run(&mut shader);
        fresnel_ir::validate(&shader)
            .map_err(|e| format!("invalid IR after {name}: {e:?}\n{shader}"))?;
    }
    let got = shader.to_string();
    let norm = |s: &str| {
        s.lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    if norm(&got) == norm(expected) {
        return Ok(());
    }
    if std::env::var_os("FRESNEL_BLESS").is_some() {
        let head = &text[..text.find(SPLIT).unwrap_or(0)];
        std::fs::write(path, format!("{head}{SPLIT}\n{got}")).map_err(|e| format!("{e}"))?;
        return Ok(());
    }
    Err(format!(
        "output differs.\n--- expected\n{}\n--- got\n{}",
        norm(expected),
        norm(&got)
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/filetests")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(name, move || run_file(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
